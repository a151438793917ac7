"""One thin cog per area; COGS is the order they are loaded in."""

from __future__ import annotations

from bot.discord_app.cogs.about import AboutCog
from bot.discord_app.cogs.ask import AskCog
from bot.discord_app.cogs.cards import CardsCog
from bot.discord_app.cogs.feedback import FeedbackCog
from bot.discord_app.cogs.inline import InlineCog
from bot.discord_app.cogs.rules import RulesCog

COGS = (AskCog, CardsCog, RulesCog, FeedbackCog, AboutCog, InlineCog)

__all__ = ["COGS", "AboutCog", "AskCog", "CardsCog", "FeedbackCog", "InlineCog", "RulesCog"]
