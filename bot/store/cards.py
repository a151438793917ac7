"""Card objects, names and rulings as stored."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator, Sequence
from typing import Any

from bot.store.db import Connection
from bot.store.names import NameEntry, normalize
from bot.store.records import RulingRecord

_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")


class Cards(Connection):
    """Reads of the cards, card_faces and rulings tables."""

    async def card_json(self, name_or_oracle_id: str) -> dict[str, Any] | None:
        """The Scryfall object for an oracle id, an exact name or a face name (any case)."""
        text = name_or_oracle_id.strip()
        if not text:
            return None
        queries: list[tuple[str, tuple[Any, ...]]] = []
        if _UUID.match(text.lower()):
            queries.append(("SELECT json FROM cards WHERE oracle_id = ?", (text.lower(),)))
        norm = normalize(text)
        queries += [
            ("SELECT json FROM cards WHERE name = ? ORDER BY is_token LIMIT 1", (text,)),
            (
                "SELECT c.json FROM card_faces f JOIN cards c USING (oracle_id) "
                "WHERE f.name = ? ORDER BY c.is_token LIMIT 1",
                (text,),
            ),
            (
                "SELECT json FROM cards WHERE norm_name = ? "
                "ORDER BY is_token, name = ? COLLATE NOCASE DESC LIMIT 1",
                (norm, text),
            ),
            (
                "SELECT c.json FROM card_faces f JOIN cards c USING (oracle_id) "
                "WHERE f.norm_name = ? ORDER BY c.is_token LIMIT 1",
                (norm,),
            ),
        ]
        for sql, params in queries:
            if not params[0]:
                continue
            found = await self._scalar(sql, params)
            if found:
                loaded: dict[str, Any] = json.loads(found)
                return loaded
        return None

    async def iter_cards_json(self) -> AsyncIterator[dict[str, Any]]:
        """Every stored card object, by name."""
        with self._guard():
            async with self._conn().execute("SELECT json FROM cards ORDER BY name") as cur:
                async for row in cur:
                    yield json.loads(row[0])

    async def all_names(self) -> list[NameEntry]:
        """Every card name and face name, for ``bot.store.names.NameIndex``."""
        entries = [
            NameEntry(name=r[0], oracle_id=r[1], is_token=bool(r[2]), face_of=None)
            for r in await self._all("SELECT name, oracle_id, is_token FROM cards")
        ]
        seen = {(e.name, e.oracle_id) for e in entries}
        for face, oracle_id, is_token, card in await self._all(
            "SELECT f.name, f.oracle_id, c.is_token, c.name FROM card_faces f "
            "JOIN cards c USING (oracle_id) ORDER BY f.oracle_id, f.face_index"
        ):
            if (face, oracle_id) not in seen:
                seen.add((face, oracle_id))
                entries.append(
                    NameEntry(name=face, oracle_id=oracle_id, is_token=bool(is_token), face_of=card)
                )
        return entries

    _RULING_SELECT = (
        "SELECT r.oracle_id, COALESCE(c.name, r.card_name, ''), r.published_at, r.comment, "
        "r.source FROM rulings r LEFT JOIN cards c USING (oracle_id) "
    )

    @staticmethod
    def _ruling(row: Sequence[Any]) -> RulingRecord:
        return RulingRecord(
            oracle_id=row[0], card_name=row[1], published_at=row[2], comment=row[3], source=row[4]
        )

    async def rulings(self, oracle_id: str) -> list[RulingRecord]:
        rows = await self._all(
            self._RULING_SELECT + "WHERE r.oracle_id = ? ORDER BY r.published_at, r.id",
            (oracle_id,),
        )
        return [self._ruling(r) for r in rows]
