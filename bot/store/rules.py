"""The Comprehensive Rules and glossary as stored, cached per data generation."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from rapidfuzz import fuzz, process

from bot.store.db import Connection
from bot.store.names import normalize
from bot.store.records import GlossaryRecord, RuleRecord

# Entries per cache of card rulings or rules; a request for more rules than _CACHED_RULES
# (the whole CR) is read, not kept.
CACHE_LIMIT = 4096
_CACHED_RULES = 256


class Rules(Connection):
    """Reads of the rules and glossary tables."""

    _glossary_terms: list[tuple[str, str]] | None
    _rule_records: dict[str, RuleRecord]

    def _forget(self) -> None:
        super()._forget()
        self._glossary_terms = None
        self._rule_records = {}

    @staticmethod
    def _rule(row: Sequence[Any]) -> RuleRecord:
        return RuleRecord(
            number=row[0], text=row[1], examples=json.loads(row[2]), more=json.loads(row[3])
        )

    @staticmethod
    def _rule_number(number: str) -> str:
        return number.strip().rstrip(".").lower()

    async def rule(self, number: str) -> RuleRecord | None:
        rows = await self._all(
            "SELECT number, text, examples, more FROM rules WHERE number = ?",
            (self._rule_number(number),),
        )
        return self._rule(rows[0]) if rows else None

    async def rule_tree(self, number: str) -> list[RuleRecord]:
        """The rule and every rule under it, in CR order (empty if there is no such rule)."""
        number = self._rule_number(number)
        if not re.fullmatch(r"\d{3}(\.\d+)?[a-z]*", number):
            return []
        pattern = f"{number}.*" if "." not in number else f"{number}[a-z]*"
        rows = await self._all(
            "SELECT number, text, examples, more FROM rules "
            "WHERE number = ? OR number GLOB ? ORDER BY position",
            (number, pattern),
        )
        return [self._rule(r) for r in rows]

    async def rules(self, numbers: Iterable[str]) -> dict[str, RuleRecord]:
        wanted = {self._rule_number(n): n for n in numbers}
        if not wanted:
            return {}
        if len(wanted) > _CACHED_RULES:
            # The whole CR at once (a vocabulary): read it, don't keep it.
            return await self._read_rules(wanted)
        await self._fresh()
        known = self._rule_records
        missing = {k: k for k in wanted if k not in known}
        if missing:
            if len(known) >= CACHE_LIMIT:
                known.clear()
            known.update(await self._read_rules(missing))
        return {wanted[k]: known[k] for k in wanted if k in known}

    async def _read_rules(self, wanted: dict[str, str]) -> dict[str, RuleRecord]:
        marks = ",".join("?" * len(wanted))
        rows = await self._all(
            f"SELECT number, text, examples, more FROM rules WHERE number IN ({marks})",
            list(wanted),
        )
        return {wanted[r[0]]: self._rule(r) for r in rows}

    async def rule_numbers(self) -> list[str]:
        return [r[0] for r in await self._all("SELECT number FROM rules ORDER BY position")]

    async def glossary_terms(self) -> list[str]:
        await self._fresh()
        if self._glossary_terms is None:
            rows = await self._all("SELECT term, norm_term FROM glossary ORDER BY position")
            self._glossary_terms = [(r[0], r[1]) for r in rows]
        return [t for t, _ in self._glossary_terms]

    async def glossary(self, term: str) -> GlossaryRecord | None:
        """A glossary entry: exact term, one of a term's forms ("Kicker, Kicked"), or fuzzy."""
        key = normalize(term)
        if not key:
            return None
        await self.glossary_terms()
        entries = self._glossary_terms or []
        chosen: str | None = next((t for t, n in entries if n == key), None)
        if chosen is None:
            for t, _ in entries:
                forms = {normalize(p) for p in re.split(r",|\(", t)}
                if key in forms:
                    chosen = t
                    break
        if chosen is None and entries and len(key) >= 3:
            best = process.extractOne(
                key, [n for _, n in entries], scorer=fuzz.WRatio, processor=None, score_cutoff=88
            )
            if best is not None:
                chosen = entries[best[2]][0]
        if chosen is None:
            return None
        rows = await self._all("SELECT term, text FROM glossary WHERE term = ?", (chosen,))
        return GlossaryRecord(term=rows[0][0], text=rows[0][1]) if rows else None
