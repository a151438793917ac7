"""/feedback: judges review the answers people marked wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.embeds import feedback_pages
from bot.discord_app.views import PagerView, require_judge

if TYPE_CHECKING:
    from bot.discord_app.client import RulesBot


class FeedbackCog(commands.Cog, name="Feedback"):
    """Answer feedback for judges."""

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot

    @app_commands.command(name="feedback", description="Judges only: recent answers marked wrong")
    @app_commands.describe(limit="How many answers to list (1-50)")
    @app_commands.guild_only()
    async def feedback(
        self, interaction: discord.Interaction, limit: app_commands.Range[int, 1, 50] = 20
    ) -> None:
        require_judge(interaction, self.bot.settings)
        records = await self.bot.store.recent_wrong(limit)
        await PagerView(feedback_pages(records)).start(interaction, ephemeral=True)
