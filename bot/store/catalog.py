"""The store as answering reads it: engine Cards and typed records, never raw card objects."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from engine.card import Card

if TYPE_CHECKING:
    from bot.store import Store
    from bot.store.names import NameEntry
    from bot.store.records import RuleRecord, RulingRecord, StoreStatus


class Catalog:
    """The one facade the ask pipeline reads through: cards come back as engine ``Card``s.

    The Scryfall objects stay behind it; whoever renders a card (the Discord embeds) reads
    the store itself.
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    @property
    def path(self) -> Path | None:
        """The database file, which a name finder may query on a connection of its own."""
        path = getattr(self.store, "path", None)
        return path if isinstance(path, Path) else None

    async def close(self) -> None:
        await self.store.close()

    async def card(self, name_or_oracle_id: str) -> Card | None:
        """The card with an oracle id, an exact name or a face name (any case)."""
        obj = await self.store.card_json(name_or_oracle_id)
        return None if obj is None else Card.from_scryfall(obj)

    async def cards(self, names: Iterable[str]) -> dict[str, Card]:
        """``card`` for several names; names not found are left out."""
        found: dict[str, Card] = {}
        for name in dict.fromkeys(names):
            card = await self.card(name)
            if card is not None:
                found[name] = card
        return found

    async def names(self) -> list[NameEntry]:
        """Every card name and face name."""
        return await self.store.all_names()

    async def status(self) -> StoreStatus:
        return await self.store.status()

    async def data_version(self) -> int:
        """A number that changes whenever cards, rulings or rules change, in any process."""
        return await self.store.data_version()

    async def rules(self, numbers: Iterable[str]) -> dict[str, RuleRecord]:
        return await self.store.rules(numbers)

    async def rule_numbers(self) -> list[str]:
        return await self.store.rule_numbers()

    async def glossary_terms(self) -> list[str]:
        return await self.store.glossary_terms()

    async def search_rules(self, query: str, limit: int = 5) -> list[RuleRecord]:
        """The rules that best match ``query``, best first (FTS5, bm25)."""
        return await self.store.search_rules(query, limit)

    async def search_rulings(
        self, query: str, oracle_ids: list[str] | None = None, limit: int = 5
    ) -> list[RulingRecord]:
        """The rulings that best match ``query``, optionally only those of some cards."""
        return await self.store.search_rulings(query, oracle_ids, limit)
