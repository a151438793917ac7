"""Showing a card's rulings, paged: shared by /rulings, the card menu and the Rulings button."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.discord_app.embeds import data_footer, rulings_pages
from bot.discord_app.errors import NotFoundError, handle_error
from bot.discord_app.views import BaseView, PagerView, host

if TYPE_CHECKING:
    from bot.store import Store


async def send_rulings(
    interaction: discord.Interaction, store: Store, oracle_id: str, *, ephemeral: bool
) -> None:
    card = await store.card_json(oracle_id)
    if card is None:
        raise NotFoundError("That card is no longer in the card data.")
    rulings = await store.rulings(oracle_id)
    footer = data_footer(await store.sources())
    view = PagerView(rulings_pages(str(card.get("name", "?")), rulings, footer=footer))
    await view.start(interaction, ephemeral=ephemeral)


class RulingsButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:rulings:(?P<oracle_id>[0-9a-f-]{36})",
):
    """Shows a card's rulings privately, paged; survives restarts."""

    def __init__(self, oracle_id: str, count: int | None = None) -> None:
        label = "Rulings" if count is None else f"Rulings ({count})"
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="📜",
                style=discord.ButtonStyle.primary,
                custom_id=f"rb:rulings:{oracle_id}",
                disabled=count == 0,
            )
        )
        self.oracle_id = oracle_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RulingsButton:
        return cls(match["oracle_id"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await send_rulings(interaction, host(interaction).store, self.oracle_id, ephemeral=True)
        except Exception as exc:  # dynamic items have no view to route errors through
            await handle_error(interaction, exc)


def card_view(oracle_id: str | None, rulings_count: int, url: str) -> discord.ui.View:
    """The buttons under /card: rulings (when the card has an oracle id) and a Scryfall link."""
    view = BaseView(timeout=None)
    if oracle_id:
        view.add_item(RulingsButton(oracle_id, rulings_count))
    view.add_item(discord.ui.Button(label="Scryfall", style=discord.ButtonStyle.link, url=url))
    return view
