"""/card and /rulings: card text and official rulings from the local store."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.embeds import (
    CHOICE_LIMIT,
    CHOICE_NAME_LIMIT,
    card_embed,
    data_footer,
    scryfall_url,
)
from bot.discord_app.errors import NotFoundError
from bot.discord_app.respond import defer, respond
from bot.discord_app.service import card_view, send_rulings
from bot.discord_app.views import CardChoiceView
from bot.errors import AmbiguousCardError, UnknownCardError

if TYPE_CHECKING:
    from bot.discord_app.client import RulesBot
    from bot.store.names import Resolution


async def card_names(bot: RulesBot, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete from the in-memory name index only (never the network)."""
    names = bot.names.complete(current, limit=CHOICE_LIMIT) if current.strip() else []
    return [
        app_commands.Choice(name=n, value=n)
        for n in names[:CHOICE_LIMIT]
        if 0 < len(n) <= CHOICE_NAME_LIMIT
    ]


class CardsCog(commands.Cog, name="Cards"):
    """Card text and rulings."""

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot

    async def _resolve_or_pick(
        self, interaction: discord.Interaction, name: str, then: str
    ) -> Resolution | None:
        """The card ``name`` means; if ambiguous, offer a menu and return None.

        A name the local data doesn't know is looked up on Scryfall (deferring
        first: that can take longer than Discord's 3 seconds).
        """
        try:
            try:
                return self.bot.names.resolve(name)
            except UnknownCardError:
                await defer(interaction, ephemeral=False)
                card = await self.bot.fetch_card(name)
                return self.bot.names.resolve(str(card["name"]))
        except AmbiguousCardError as exc:

            async def chosen(inter: discord.Interaction, _written: str, picked: str) -> None:
                resolution = self.bot.names.resolve(picked)
                if then == "card":
                    await self._show_card(inter, resolution)
                else:
                    await send_rulings(inter, self.bot.store, resolution.oracle_id, ephemeral=False)

            view = CardChoiceView(
                exc.name, exc.candidates, owner_id=interaction.user.id, on_choice=chosen
            )
            await respond(interaction, view.prompt, view=view, ephemeral=True)
            return None

    async def _show_card(self, interaction: discord.Interaction, resolution: Resolution) -> None:
        card = await self.bot.store.card_json(resolution.oracle_id)
        if card is None:
            raise NotFoundError(f"{resolution.name} is in the name index but not in the card data.")
        rulings = await self.bot.store.rulings(resolution.oracle_id)
        footer = data_footer(await self.bot.store.sources())
        embed = card_embed(card, rulings_count=len(rulings), footer=footer)
        view = card_view(
            resolution.oracle_id, len(rulings), embed.url or scryfall_url(resolution.name)
        )
        await respond(interaction, embed=embed, view=view)

    @app_commands.command(name="card", description="Show a card's oracle text and rulings count")
    @app_commands.describe(name="Card name (typos and partial names are fine)")
    async def card(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 200]
    ) -> None:
        resolution = await self._resolve_or_pick(interaction, name, "card")
        if resolution is not None:
            await self._show_card(interaction, resolution)

    @app_commands.command(name="rulings", description="Show a card's official rulings, paged")
    @app_commands.describe(name="Card name (typos and partial names are fine)")
    async def rulings(
        self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 200]
    ) -> None:
        resolution = await self._resolve_or_pick(interaction, name, "rulings")
        if resolution is not None:
            await send_rulings(interaction, self.bot.store, resolution.oracle_id, ephemeral=False)

    @card.autocomplete("name")
    @rulings.autocomplete("name")
    async def name_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await card_names(self.bot, current)
