"""/about: version, data sources and dates, counts and uptime."""

from __future__ import annotations

import math
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.embeds import about_embed
from bot.discord_app.respond import respond

if TYPE_CHECKING:
    from bot.discord_app.client import RulesBot


class AboutCog(commands.Cog, name="About"):
    """About the bot."""

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot

    @app_commands.command(name="about", description="About rulesbot: version, data and uptime")
    async def about(self, interaction: discord.Interaction) -> None:
        status = await self.bot.store.status()
        latency = self.bot.latency
        embed = about_embed(
            version=self.bot.version,
            status=status,
            uptime=datetime.now(UTC) - self.bot.started_at,
            guilds=len(self.bot.guilds),
            latency_ms=latency * 1000 if math.isfinite(latency) else None,
        )
        await respond(interaction, embed=embed, ephemeral=True)
