"""/feedback: reviewers see this server's public answers that people marked wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.access import require_reviewer
from bot.discord_app.embeds import feedback_pages
from bot.discord_app.errors import NotFoundError
from bot.discord_app.views import PagerView

if TYPE_CHECKING:
    from bot.discord_app.client import RulesBot


class FeedbackCog(commands.Cog, name="Feedback"):
    """Answer feedback for reviewers."""

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="feedback", description="Reviewers only: this server's recent answers marked wrong"
    )
    @app_commands.describe(limit="How many answers to list (1-50)")
    @app_commands.guild_only()
    async def feedback(
        self, interaction: discord.Interaction, limit: app_commands.Range[int, 1, 50] = 20
    ) -> None:
        require_reviewer(interaction, self.bot.settings)
        if interaction.guild_id is None:
            raise NotFoundError("Answer feedback is kept per server; use /feedback in one.")
        records = await self.bot.store.recent_wrong(limit, guild_id=interaction.guild_id)
        await PagerView(feedback_pages(records)).start(interaction, ephemeral=True)
