"""[[card name]] lookups in ordinary messages (off unless enabled; needs message content)."""

from __future__ import annotations

import logging
import re
import time
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.embeds import MESSAGE_TOTAL_LIMIT, card_embed, data_footer
from bot.errors import RulesbotError

if TYPE_CHECKING:
    from bot.discord_app.client import RulesBot

log = logging.getLogger(__name__)

BRACKETS = re.compile(r"\[\[([^\[\]\n]{1,200})\]\]")
EMBEDS_PER_MESSAGE = 10
COOLDOWN_PRUNE_AT = 5000


def bracketed_names(content: str, limit: int) -> list[str]:
    """Distinct [[names]] in order, at most ``limit``; code spans and blocks are ignored."""
    text = re.sub(r"```.*?```|`[^`\n]*`", " ", content, flags=re.DOTALL)
    names: dict[str, None] = {}
    for match in BRACKETS.finditer(text):
        name = " ".join(match.group(1).split())
        if name:
            names.setdefault(name, None)
        if len(names) >= limit:
            break
    return list(names)


class InlineCog(commands.Cog, name="Inline"):
    """Inline card lookups."""

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot
        self._cooldowns: dict[int, app_commands.Cooldown] = {}

    def allowed_in(self, channel_id: int) -> bool:
        """Per-channel rate limit: a busy channel can't make the bot flood it with cards."""
        settings = self.bot.settings
        if settings.inline_cooldown_seconds <= 0:
            return True
        now = time.time()
        if len(self._cooldowns) > COOLDOWN_PRUNE_AT:
            self._cooldowns = {
                cid: cd for cid, cd in self._cooldowns.items() if cd.get_tokens(now) < cd.rate
            }
        cooldown = self._cooldowns.get(channel_id)
        if cooldown is None:
            cooldown = app_commands.Cooldown(
                settings.inline_cooldown_rate, settings.inline_cooldown_seconds
            )
            self._cooldowns[channel_id] = cooldown
        return not cooldown.update_rate_limit(now)

    async def embeds_for(self, content: str) -> list[discord.Embed]:
        settings = self.bot.settings
        limit = min(settings.inline_lookup_limit, EMBEDS_PER_MESSAGE)
        embeds: list[discord.Embed] = []
        footer = data_footer(await self.bot.store.sources())
        total = 0
        for name in bracketed_names(content, limit):
            try:
                resolution = self.bot.names.resolve(name)
            except RulesbotError:
                continue  # a chat message isn't a command: unknown names stay silent
            card = await self.bot.store.card_json(resolution.oracle_id)
            if card is None:
                continue
            rulings = await self.bot.store.rulings(resolution.oracle_id)
            embed = card_embed(card, rulings_count=len(rulings), footer=footer)
            if total + len(embed) > MESSAGE_TOTAL_LIMIT:
                break
            total += len(embed)
            embeds.append(embed)
        return embeds

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if (
            not self.bot.settings.inline_lookups
            or message.author.bot
            or "[[" not in message.content
        ):
            return
        embeds = await self.embeds_for(message.content)
        if not embeds:
            return
        if not self.allowed_in(message.channel.id):
            # Chat isn't a command: past the limit, lookups stay silent rather than nag.
            log.debug("inline lookups rate-limited in channel %s", message.channel.id)
            return
        try:
            await message.reply(
                embeds=embeds,
                mention_author=False,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException:
            log.warning("could not reply to inline lookup in channel %s", message.channel.id)
