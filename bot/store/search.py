"""Full-text retrieval in SQLite FTS5: the indexes filled at import, and bm25() queries."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.store.cards import Cards
from bot.store.names import NAME_WORD_MIN
from bot.store.records import GlossaryRecord, RuleRecord, RulingRecord
from bot.store.rules import CACHE_LIMIT, Rules
from bot.words import STOPWORDS, match_any, rule_vocabulary, terms

if TYPE_CHECKING:
    import aiosqlite

# FTS5's bm25() constants, so one card's rulings rank as the whole index would rank them.
_BM25_K1 = 1.2
_BM25_B = 0.75


def _idf(count: int, docs: int) -> float:
    """FTS5's inverse document frequency: words in over half the documents weigh ~0."""
    idf = math.log((count - docs + 0.5) / (docs + 0.5))
    return idf if idf > 0 else 1e-6


async def index_rules(db: aiosqlite.Connection) -> None:
    """Refill the rules' and glossary's full-text indexes (inside the caller's transaction).

    Stop words are left out of the indexed text, so they don't count in a rule's length.
    """
    await db.execute("DELETE FROM rules_fts")
    async with db.execute("SELECT position, number, text, examples FROM rules") as cur:
        rules = [
            (r[0], r[1], " ".join(terms(f"{r[2]} {' '.join(json.loads(r[3]))}")))
            for r in await cur.fetchall()
        ]
    await db.executemany("INSERT INTO rules_fts (rowid, number, body) VALUES (?, ?, ?)", rules)
    await db.execute("DELETE FROM glossary_fts")
    async with db.execute("SELECT position, term, text FROM glossary") as cur:
        entries = [(r[0], r[1], " ".join(terms(f"{r[1]} {r[2]}"))) for r in await cur.fetchall()]
    await db.executemany("INSERT INTO glossary_fts (rowid, term, body) VALUES (?, ?, ?)", entries)
    await db.execute("DELETE FROM rule_words")
    async with db.execute("SELECT text FROM rules UNION ALL SELECT term FROM glossary") as cur:
        texts = [r[0] for r in await cur.fetchall()]
    await db.executemany(
        "INSERT INTO rule_words (word) VALUES (?)", [(w,) for w in sorted(rule_vocabulary(texts))]
    )


async def index_rulings(db: aiosqlite.Connection) -> None:
    """Rebuild the rulings' full-text index and its totals (inside the caller's transaction)."""
    await db.execute("INSERT INTO rulings_fts (rulings_fts) VALUES ('rebuild')")
    stop = sorted(STOPWORDS)
    async with db.execute(
        "SELECT (SELECT COUNT(*) FROM rulings), "
        "(SELECT COALESCE(SUM(cnt), 0) FROM rulings_vocab), "
        f"(SELECT COALESCE(SUM(cnt), 0) FROM rulings_vocab WHERE term IN ({','.join('?' * len(stop))}))",
        stop,
    ) as cur:
        row = await cur.fetchone()
    count, every, common = (int(v) for v in row) if row else (0, 0, 0)
    await db.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES ('rulings_words', ?)",
        (f"{count} {every - common}",),
    )


class Search(Rules, Cards):
    """Rules, glossary entries and rulings ranked against a question's words."""

    _rulings_stats: tuple[int, int] | None
    _ruling_df: dict[str, int]
    # Per card (oracle ids), its rulings' ids and words.
    _ruling_terms: dict[tuple[str, ...], list[tuple[int, list[str]]]]

    def _forget(self) -> None:
        super()._forget()
        self._rulings_stats = None
        self._ruling_df = {}
        self._ruling_terms = {}

    async def search_rules(self, query: str, limit: int = 5) -> list[RuleRecord]:
        """The rules whose text (and examples) best match the query, best first (bm25)."""
        match = match_any(query)
        if match is None or limit <= 0:
            return []
        rows = await self._all(
            "SELECT number FROM rules_fts WHERE rules_fts MATCH ? "
            "ORDER BY bm25(rules_fts), rowid LIMIT ?",
            (match, limit),
        )
        numbers = [r[0] for r in rows]
        found = await self.rules(numbers)
        return [found[n] for n in numbers if n in found]

    async def search_glossary(self, query: str, limit: int = 5) -> list[GlossaryRecord]:
        """The glossary entries whose term or text best match the query, best first (bm25)."""
        match = match_any(query)
        if match is None or limit <= 0:
            return []
        rows = await self._all(
            "SELECT g.term, g.text FROM glossary_fts f JOIN glossary g ON g.position = f.rowid "
            "WHERE glossary_fts MATCH ? ORDER BY bm25(glossary_fts), f.rowid LIMIT ?",
            (match, limit),
        )
        return [GlossaryRecord(term=r[0], text=r[1]) for r in rows]

    async def search_rulings(
        self, query: str, oracle_ids: list[str] | None = None, limit: int = 5
    ) -> list[RulingRecord]:
        """The rulings that best match the query, optionally only those of some cards."""
        match = match_any(query)
        if match is None or limit <= 0:
            return []
        if oracle_ids is None:
            rows = await self._all(
                "SELECT rowid FROM rulings_fts WHERE rulings_fts MATCH ? "
                "ORDER BY bm25(rulings_fts), rowid LIMIT ?",
                (match, limit),
            )
            ids = [int(r[0]) for r in rows]
        else:
            ids = await self._rank_rulings(terms(query), list(dict.fromkeys(oracle_ids)), limit)
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        rows = await self._all(
            self._RULING_SELECT.replace("SELECT ", "SELECT r.id, ", 1) + f"WHERE r.id IN ({marks})",
            ids,
        )
        by_id = {r[0]: self._ruling(r[1:]) for r in rows}
        return [by_id[i] for i in ids if i in by_id]

    async def _rank_rulings(self, query: list[str], oracle_ids: list[str], limit: int) -> list[int]:
        """Some cards' rulings ranked by BM25 with the whole pool's word weights.

        A MATCH restricted to a few rows still walks every matching row of the whole
        index, milliseconds per card; the handful of rulings one card has are scored
        here instead, with FTS5's formula and constants and the index's word counts.
        Lengths leave stop words out, as the rules' index does.
        """
        if not oracle_ids:
            return []
        await self._fresh()
        key = tuple(oracle_ids)
        split = self._ruling_terms.get(key)
        if split is None:
            marks = ",".join("?" * len(oracle_ids))
            docs = await self._all(
                f"SELECT id, comment FROM rulings WHERE oracle_id IN ({marks}) ORDER BY id",
                oracle_ids,
            )
            split = [(int(row[0]), terms(row[1])) for row in docs]
            if len(self._ruling_terms) >= CACHE_LIMIT:
                self._ruling_terms.clear()
            self._ruling_terms[key] = split
        if not split:
            return []
        count, total = await self._rulings_totals()
        wanted = set(query)
        present = {w for _, ws in split for w in ws if w in wanted}
        df = await self._ruling_frequencies(present)
        average = total / count if count else 1.0
        scored: list[tuple[float, int]] = []
        for ruling_id, ws in split:
            counts: dict[str, int] = {}
            for w in ws:
                if w in present:
                    counts[w] = counts.get(w, 0) + 1
            if not counts:
                continue
            norm = _BM25_K1 * (1 - _BM25_B + _BM25_B * len(ws) / average)
            score = 0.0
            # A repeated query word counts again, as it does in an FTS5 OR query.
            for term in query:
                tf = counts.get(term)
                if tf:
                    score += _idf(count, df.get(term, 1)) * tf * (_BM25_K1 + 1) / (tf + norm)
            scored.append((-score, ruling_id))
        scored.sort()
        return [ruling_id for _, ruling_id in scored[:limit]]

    async def _rulings_totals(self) -> tuple[int, int]:
        """How many rulings there are and how many words (stop words aside) they hold."""
        if self._rulings_stats is None:
            value = await self._scalar("SELECT value FROM meta WHERE key = 'rulings_words'")
            parts = str(value or "").split()
            self._rulings_stats = (int(parts[0]), int(parts[1])) if len(parts) == 2 else (0, 0)
        return self._rulings_stats

    async def _ruling_frequencies(self, found: set[str]) -> dict[str, int]:
        """How many rulings use each word (cached until the data changes)."""
        cache = self._ruling_df
        missing = [w for w in found if w not in cache]
        if missing:
            marks = ",".join("?" * len(missing))
            rows = await self._all(
                f"SELECT term, doc FROM rulings_vocab WHERE term IN ({marks})", missing
            )
            cache.update({w: 0 for w in missing})
            cache.update({str(r[0]): int(r[1]) for r in rows})
        return {w: cache[w] for w in found}

    # -- feedback --------------------------------------------------------------------------


def name_word_rows(oracle_id: str, names: Sequence[str]) -> set[tuple[str, str]]:
    """(word, oracle_id) for each word of a card's normalized names (card and faces)."""
    return {
        (word, oracle_id) for name in names for word in name.split() if len(word) >= NAME_WORD_MIN
    }


async def index_name_words(
    db: aiosqlite.Connection, oracle_ids: Sequence[str] | None = None
) -> None:
    """Refill the words of cards' names, of every card or of ``oracle_ids`` (inside the
    caller's transaction)."""
    params: tuple[str, ...] = ()
    if oracle_ids is None:
        await db.execute("DELETE FROM name_words")
        where = ""
    else:
        marks = ",".join("?" * len(oracle_ids))
        await db.execute(f"DELETE FROM name_words WHERE oracle_id IN ({marks})", oracle_ids)
        where, params = f"WHERE oracle_id IN ({marks})", tuple(oracle_ids)
    names: dict[str, list[str]] = {}
    async with db.execute(
        f"SELECT oracle_id, norm_name FROM cards {where} "
        f"UNION ALL SELECT oracle_id, norm_name FROM card_faces {where}",
        params + params,
    ) as cur:
        for oracle_id, norm_name in await cur.fetchall():
            names.setdefault(oracle_id, []).append(norm_name)
    rows = sorted(r for oid, found in names.items() for r in name_word_rows(oid, found))
    await db.executemany("INSERT INTO name_words (word, oracle_id) VALUES (?, ?)", rows)
