"""The card, rulings and rules store: the one class that owns the SQLite connection."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import re
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from dataclasses import field
from datetime import UTC, date, datetime
from importlib import resources
from pathlib import Path
from typing import Any, Literal, NamedTuple

import aiosqlite
from rapidfuzz import fuzz, process

from bot.crtext import ParsedRule, parent_of
from bot.errors import ImportFailedError, StoreError
from bot.names import NameEntry, normalize
from bot.record import Record
from bot.words import STOPWORDS, match_any, rule_vocabulary, terms

__all__ = [
    "BUILTIN_SOURCE",
    "DATASETS",
    "FeedbackRecord",
    "GlossaryRecord",
    "NameEntry",
    "RuleRecord",
    "RulingRecord",
    "SourceRecord",
    "Staging",
    "Store",
    "StoreStatus",
]

Dataset = Literal["cards", "rulings", "rules"]
DATASETS: tuple[Dataset, ...] = ("cards", "rulings", "rules")
BUILTIN_SOURCE = "builtin"
Vote = Literal["correct", "wrong"]

_REBUILD = "Delete the file and run `rulesbot sync` or `rulesbot import FILE...` to rebuild it."
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
# Objects that are not cards in a deck: name resolution prefers real cards over these.
_TOKEN_LAYOUTS = frozenset(
    {"token", "double_faced_token", "emblem", "vanguard", "planar", "scheme", "art_series"}
)


_Model = Record


class SourceRecord(_Model):
    """Where a dataset came from and when it was loaded."""

    dataset: Dataset
    source: str
    loaded_at: str
    etag: str | None = None
    updated_at: str | None = None
    count: int = 0


class StoreStatus(_Model):
    cards: int
    rulings: int
    rules: int
    glossary: int
    cr_effective: str | None
    sources: list[SourceRecord]
    using_builtin: bool


class RuleRecord(_Model):
    """A CR rule: ``text`` is the line after the number, verbatim."""

    number: str
    text: str
    examples: list[str] = field(default_factory=list)
    more: list[str] = field(default_factory=list)


class RulingRecord(_Model):
    oracle_id: str
    card_name: str
    published_at: str
    comment: str
    source: str


class GlossaryRecord(_Model):
    term: str
    text: str


class FeedbackRecord(_Model):
    """A recorded answer with its votes; a judge's review overrides the votes."""

    id: int
    created_at: str
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    user_id: int | None
    question: str
    answer_json: str
    scenario: str | None
    vote: Vote | None
    correct_votes: int = 0
    wrong_votes: int = 0
    reviewed_by: int | None = None
    reviewed_verdict: Vote | None = None
    private: bool = False

    @property
    def verdict(self) -> Vote | None:
        return self.reviewed_verdict or self.vote


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# Run in each transaction that changes cards, rulings or rules.
BUMP_GENERATION = (
    "INSERT INTO meta (key, value) VALUES ('data_generation', '1') ON CONFLICT (key) "
    "DO UPDATE SET value = CAST(value AS INTEGER) + 1"
)
# The migration that adds the full-text indexes, which Python fills for existing data.
_FULLTEXT_MIGRATION = 3
# FTS5's bm25() constants, so one card's rulings rank as the whole index would rank them.
_BM25_K1 = 1.2
_BM25_B = 0.75
# Entries per cache of card rulings or rules; a request for more rules than _CACHED_RULES
# (the whole CR) is read, not kept.
_CACHE_LIMIT = 4096
_CACHED_RULES = 256


def _idf(count: int, docs: int) -> float:
    """FTS5's inverse document frequency: words in over half the documents weigh ~0."""
    idf = math.log((count - docs + 0.5) / (docs + 0.5))
    return idf if idf > 0 else 1e-6


def _error(exc: sqlite3.Error, path: Path) -> StoreError:
    """Turn a SQLite error into a message that says what to do about it."""
    code = getattr(exc, "sqlite_errorname", "") or ""
    text = str(exc)
    if code.startswith("SQLITE_NOTADB") or "not a database" in text:
        return StoreError(f"{path} is not a rulesbot database (not SQLite). {_REBUILD}")
    if code.startswith("SQLITE_CORRUPT") or "malformed" in text:
        return StoreError(f"The database {path} is damaged. {_REBUILD}")
    if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
        return StoreError(
            f"The database {path} is busy: another rulesbot process (an import or sync?) is "
            "writing to it. Try again when it has finished; nothing was changed."
        )
    if code.startswith("SQLITE_READONLY") or "readonly" in text:
        return StoreError(
            f"The database {path} is read-only; rulesbot needs write access to it and its "
            "folder for this. Nothing was changed."
        )
    if code.startswith("SQLITE_FULL") or "full" in text:
        return StoreError(
            f"The disk holding {path} is full. Free some space and try again; "
            "the previous data is unchanged."
        )
    if code.startswith(("SQLITE_CANTOPEN", "SQLITE_IOERR", "SQLITE_PERM")):
        return StoreError(f"Can't read or write the database {path} ({text}).")
    return StoreError(f"Database error on {path}: {text}")


def _is_read_only(exc: StoreError) -> bool:
    cause = exc.__cause__
    name = getattr(cause, "sqlite_errorname", "") or ""
    return isinstance(cause, sqlite3.Error) and (
        name.startswith("SQLITE_READONLY") or "readonly" in str(cause)
    )


def _statements(script: str) -> Iterator[str]:
    """Split a migration file into complete SQL statements."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            if pending.strip():
                yield pending.strip()
            pending = ""
    if pending.strip() and not all(
        part.strip().startswith("--") or not part.strip() for part in pending.splitlines()
    ):
        raise StoreError(f"Unfinished SQL statement in a migration: {pending.strip()[:60]!r}")


def _prepare_path(path: Path, read_only: bool) -> tuple[Path, str]:
    """The database path and the target to connect to; creates the parent folder."""
    path = path.expanduser()
    if path.is_dir():
        raise StoreError(f"{path} is a folder; give a database file path instead.")
    if read_only:
        if not path.exists():
            raise StoreError(f"No database at {path}. Run `rulesbot import` or `sync` first.")
        return path, f"{path.resolve().as_uri()}?mode=ro"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"Can't create the folder for {path}: {exc.strerror}.") from exc
    return path, str(path)


class CardRow(NamedTuple):
    """A card object as table rows; ``rank`` orders printings of one card (lower wins)."""

    row: tuple[Any, ...]
    faces: list[tuple[Any, ...]]
    rank: int


def card_row(obj: dict[str, Any]) -> CardRow:
    """The cards row and card_faces rows for one Scryfall card object (ValueError if unusable).

    Bulk files may hold several printings of one card. The English one (rank 0) beats
    another language (1), which beats a reversible card reprinting it (2: "Forest //
    Forest" shares the plain Forest's oracle id).
    """
    if not isinstance(obj, dict):
        raise ValueError("a card must be a JSON object")
    faces = obj.get("card_faces") or []
    if not isinstance(faces, list):
        raise ValueError("card_faces must be a list")
    oracle_id = obj.get("oracle_id")
    if not oracle_id and faces and isinstance(faces[0], dict):
        # Reversible cards keep the oracle id on their faces only.
        oracle_id = faces[0].get("oracle_id")
    name = obj.get("name")
    if not isinstance(oracle_id, str) or not oracle_id:
        raise ValueError(f"card {name!r} has no oracle_id")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"card {oracle_id} has no name")
    layout = obj.get("layout")
    type_line = obj.get("type_line")
    if type_line is None and faces and isinstance(faces[0], dict):
        type_line = " // ".join(str(f.get("type_line", "")) for f in faces if isinstance(f, dict))
    is_token = layout in _TOKEN_LAYOUTS or str(type_line or "").startswith("Token")
    row = (
        oracle_id,
        name,
        normalize(name),
        layout,
        int(is_token),
        type_line,
        obj.get("mana_cost"),
        json.dumps(obj, ensure_ascii=False, separators=(",", ":")),
    )
    face_rows = [
        (oracle_id, index, face["name"], normalize(face["name"]))
        for index, face in enumerate(faces)
        if isinstance(face, dict) and isinstance(face.get("name"), str) and face["name"].strip()
    ]
    rank = 2 if layout == "reversible_card" else 0 if obj.get("lang", "en") == "en" else 1
    return CardRow(row, face_rows, rank)


def ruling_row(obj: dict[str, Any]) -> tuple[Any, ...]:
    """The rulings row for one Scryfall ruling object (ValueError if unusable)."""
    if not isinstance(obj, dict):
        raise ValueError("a ruling must be a JSON object")
    oracle_id = obj.get("oracle_id")
    comment = obj.get("comment")
    published = obj.get("published_at")
    if not isinstance(oracle_id, str) or not oracle_id:
        raise ValueError("ruling has no oracle_id")
    if not isinstance(comment, str):
        raise ValueError(f"ruling for {oracle_id} has no comment")
    if not isinstance(published, str):
        raise ValueError(f"ruling for {oracle_id} has no published_at")
    card_name = obj.get("card_name")
    return (
        oracle_id,
        card_name if isinstance(card_name, str) else None,
        published,
        comment,
        str(obj.get("source") or "wotc"),
    )


async def _index_rules(db: aiosqlite.Connection) -> None:
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


async def _index_rulings(db: aiosqlite.Connection) -> None:
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


class Staging:
    """Rows loaded into temporary tables; nothing is visible until ``commit``.

    A failure, or the process dying, before ``commit`` leaves the stored data as it was:
    the temporary tables live outside the database file.
    """

    def __init__(self, store: Store) -> None:
        self._store = store
        self.counts: dict[Dataset, int] = {"cards": 0, "rulings": 0, "rules": 0}
        self.glossary = 0
        self.effective: date | None = None
        self._rule_position = 0
        self._glossary_position = 0
        # Per oracle id, the printing kept so far (its rank and name), and the ones dropped.
        self._kept: dict[str, tuple[int, str]] = {}
        self.merged: list[str] = []

    @property
    def _db(self) -> aiosqlite.Connection:
        return self._store._conn()

    async def _create(self) -> None:
        async with self._store._writing():
            await self._db.executescript(
                """
                DROP TABLE IF EXISTS temp.stage_cards;
                DROP TABLE IF EXISTS temp.stage_faces;
                DROP TABLE IF EXISTS temp.stage_rulings;
                DROP TABLE IF EXISTS temp.stage_rules;
                DROP TABLE IF EXISTS temp.stage_glossary;
                CREATE TEMP TABLE stage_cards (
                    oracle_id TEXT PRIMARY KEY, name TEXT, norm_name TEXT, layout TEXT,
                    is_token INTEGER, type_line TEXT, mana_cost TEXT, json TEXT, rank INTEGER);
                CREATE TEMP TABLE stage_faces (
                    oracle_id TEXT, face_index INTEGER, name TEXT, norm_name TEXT, rank INTEGER,
                    PRIMARY KEY (oracle_id, rank, face_index));
                CREATE TEMP TABLE stage_rulings (
                    id INTEGER PRIMARY KEY, oracle_id TEXT, card_name TEXT,
                    published_at TEXT, comment TEXT, source TEXT);
                CREATE TEMP TABLE stage_rules (
                    number TEXT PRIMARY KEY, parent TEXT, text TEXT, examples TEXT,
                    more TEXT, position INTEGER);
                CREATE TEMP TABLE stage_glossary (
                    term TEXT PRIMARY KEY, norm_term TEXT, text TEXT, position INTEGER);
                """
            )

    async def drop(self) -> None:
        async with self._store._write_lock:
            with contextlib.suppress(sqlite3.Error, ValueError):
                await self._db.executescript(
                    """
                    DROP TABLE IF EXISTS temp.stage_cards;
                    DROP TABLE IF EXISTS temp.stage_faces;
                    DROP TABLE IF EXISTS temp.stage_rulings;
                    DROP TABLE IF EXISTS temp.stage_rules;
                    DROP TABLE IF EXISTS temp.stage_glossary;
                    """
                )

    async def add_cards(self, rows: Sequence[CardRow]) -> None:
        """Stage ``card_row`` results; per oracle id the lowest rank wins, then the latest.

        Each printing that loses is named in ``merged``, with the reason.
        """
        why = {0: "repeated printing", 1: "non-English printing", 2: "reversible_card printing"}
        for card in rows:
            oracle_id, name = str(card.row[0]), str(card.row[1])
            before = self._kept.get(oracle_id)
            if before is None or card.rank <= before[0]:
                self._kept[oracle_id] = (card.rank, name)
            if before is not None:
                (lost_rank, lost), kept = (
                    (before, name) if card.rank <= before[0] else ((card.rank, name), before[1])
                )
                self.merged.append(
                    f"{lost}: a {why.get(lost_rank, 'printing')} of {kept}, which was kept"
                )
        await self._store._transaction(
            (
                "INSERT INTO temp.stage_cards VALUES (?,?,?,?,?,?,?,?,?) "
                "ON CONFLICT (oracle_id) DO UPDATE SET name = excluded.name, "
                "norm_name = excluded.norm_name, layout = excluded.layout, "
                "is_token = excluded.is_token, type_line = excluded.type_line, "
                "mana_cost = excluded.mana_cost, json = excluded.json, rank = excluded.rank "
                "WHERE excluded.rank <= stage_cards.rank",
                [(*card.row, card.rank) for card in rows],
            ),
            (
                "INSERT OR REPLACE INTO temp.stage_faces VALUES (?,?,?,?,?)",
                [(*face, card.rank) for card in rows for face in card.faces],
            ),
        )
        self.counts["cards"] += len(rows)

    async def add_rulings(self, rows: Sequence[tuple[Any, ...]]) -> None:
        """Stage ``ruling_row`` results."""
        await self._store._transaction(
            (
                "INSERT INTO temp.stage_rulings "
                "(oracle_id, card_name, published_at, comment, source) VALUES (?,?,?,?,?)",
                rows,
            )
        )
        self.counts["rulings"] += len(rows)

    async def add_rules(self, rules: Iterable[ParsedRule]) -> None:
        rows = []
        for rule in rules:
            self._rule_position += 1
            rows.append(
                (
                    rule.number,
                    parent_of(rule.number),
                    rule.text,
                    json.dumps(rule.examples, ensure_ascii=False),
                    json.dumps(rule.more, ensure_ascii=False),
                    self._rule_position,
                )
            )
        await self._store._transaction(
            ("INSERT OR REPLACE INTO temp.stage_rules VALUES (?,?,?,?,?,?)", rows)
        )
        self.counts["rules"] += len(rows)

    async def add_glossary(self, entries: Iterable[tuple[str, str]]) -> None:
        rows = []
        for term, text in entries:
            self._glossary_position += 1
            rows.append((term, normalize(term), text, self._glossary_position))
        await self._store._transaction(
            ("INSERT OR REPLACE INTO temp.stage_glossary VALUES (?,?,?,?)", rows)
        )
        self.glossary += len(rows)

    def datasets(self) -> list[Dataset]:
        staged: list[Dataset] = [d for d in DATASETS if self.counts[d]]
        return staged

    async def commit(
        self, sources: dict[Dataset, str], *, only_if_empty: bool = False
    ) -> dict[Dataset, int]:
        """Swap every staged dataset in, in one transaction; returns the counts swapped.

        Cards cached on demand (``fetched_at`` set) survive unless the import has them too.
        """
        store = self._store
        db = self._db
        counts: dict[Dataset, int] = {}
        loaded_at = _now()
        async with store._writing():
            await db.execute("BEGIN IMMEDIATE")
            try:
                if only_if_empty:
                    async with db.execute("SELECT COUNT(*) FROM sources") as cur:
                        row = await cur.fetchone()
                    if row and row[0]:
                        await db.execute("ROLLBACK")
                        return {}
                if self.counts["cards"]:
                    await db.execute(
                        "DELETE FROM card_faces WHERE oracle_id IN "
                        "(SELECT oracle_id FROM cards WHERE fetched_at IS NULL) "
                        "OR oracle_id IN (SELECT oracle_id FROM temp.stage_cards)"
                    )
                    await db.execute(
                        "DELETE FROM cards WHERE fetched_at IS NULL "
                        "OR oracle_id IN (SELECT oracle_id FROM temp.stage_cards)"
                    )
                    await db.execute(
                        "INSERT INTO cards (oracle_id, name, norm_name, layout, is_token, "
                        "type_line, mana_cost, json) SELECT oracle_id, name, norm_name, layout, "
                        "is_token, type_line, mana_cost, json FROM temp.stage_cards"
                    )
                    # The faces of the printing that won, not of every printing staged.
                    await db.execute(
                        "INSERT INTO card_faces SELECT f.oracle_id, f.face_index, f.name, "
                        "f.norm_name FROM temp.stage_faces f JOIN temp.stage_cards c "
                        "ON c.oracle_id = f.oracle_id AND c.rank = f.rank"
                    )
                    async with db.execute("SELECT COUNT(*) FROM temp.stage_cards") as cur:
                        row = await cur.fetchone()
                    counts["cards"] = int(row[0]) if row else 0
                if self.counts["rulings"]:
                    await db.execute("DELETE FROM rulings")
                    await db.execute(
                        "INSERT INTO rulings (id, oracle_id, card_name, published_at, comment, "
                        "source) SELECT id, oracle_id, card_name, published_at, comment, source "
                        "FROM temp.stage_rulings ORDER BY id"
                    )
                    await _index_rulings(db)
                    counts["rulings"] = self.counts["rulings"]
                if self.counts["rules"]:
                    await db.execute("DELETE FROM rules")
                    await db.execute("DELETE FROM glossary")
                    await db.execute("INSERT INTO rules SELECT * FROM temp.stage_rules")
                    await db.execute("INSERT INTO glossary SELECT * FROM temp.stage_glossary")
                    await _index_rules(db)
                    await db.execute("DELETE FROM meta WHERE key = 'cr_effective'")
                    if self.effective:
                        await db.execute(
                            "INSERT INTO meta (key, value) VALUES ('cr_effective', ?)",
                            (self.effective.isoformat(),),
                        )
                    counts["rules"] = self.counts["rules"]
                if counts:
                    await db.execute(BUMP_GENERATION)
                for dataset, count in counts.items():
                    await db.execute(
                        "INSERT OR REPLACE INTO sources "
                        "(dataset, source, loaded_at, etag, updated_at, count) "
                        "VALUES (?, ?, ?, NULL, NULL, ?)",
                        (dataset, sources.get(dataset, "unknown"), loaded_at, count),
                    )
                await db.execute("COMMIT")
            except BaseException:
                await store._rollback()
                raise
        store._changed()
        return counts


class Store:
    """Cards, rulings, the Comprehensive Rules and answer feedback in one SQLite file."""

    def __init__(self, db: aiosqlite.Connection, path: Path, *, read_only: bool = False) -> None:
        self._db: aiosqlite.Connection | None = db
        # Reads on a plain connection of their own, in the caller's thread (see _reader).
        self._inline: sqlite3.Connection | None = None
        self._inline_lock = threading.Lock()
        self._target = str(path)
        self._busy_timeout_ms = 5000
        self.path = path
        self.read_only = read_only
        self._generation = 0
        self._cache_key: tuple[int, int] | None = None
        self._seen: tuple[int, int] | None = None
        self._glossary_terms: list[tuple[str, str]] | None = None
        self._rulings_stats: tuple[int, int] | None = None
        self._ruling_df: dict[str, int] = {}
        # Per card (oracle ids), its rulings' ids and words; per rule number, its record.
        self._ruling_terms: dict[tuple[str, ...], list[tuple[int, list[str]]]] = {}
        self._rule_records: dict[str, RuleRecord] = {}
        self._write_lock = asyncio.Lock()
        # The staging tables have fixed names: one import at a time per connection.
        self._import_lock = asyncio.Lock()

    # -- opening and closing -------------------------------------------------------

    @classmethod
    async def open(
        cls,
        path: str | Path,
        *,
        read_only: bool = False,
        seed_builtin: bool = True,
        busy_timeout_ms: int = 5000,
        inline_reads: bool | None = None,
    ) -> Store:
        """Open (creating if needed) the database, migrate it and seed built-in data if empty.

        A database the user may read but not write opens read-only: questions still get
        answers, and writes fail with a clear message.

        ``inline_reads`` (the default for a read-only store) runs reads in the caller's
        thread on a connection of their own: a loop that serves nothing else, like an ask
        worker's or the command line's, then skips a thread hop per query.
        """
        store = await cls._open(Path(path), read_only, seed_builtin, busy_timeout_ms)
        if inline_reads if inline_reads is not None else store.read_only:
            store._open_inline()
        return store

    @classmethod
    async def _open(
        cls, path: Path, read_only: bool, seed_builtin: bool, busy_timeout_ms: int
    ) -> Store:
        file, target = await asyncio.to_thread(_prepare_path, path, read_only)
        try:
            return await cls._connect(file, target, read_only, seed_builtin, busy_timeout_ms)
        except StoreError as exc:
            if not _is_read_only(exc):
                raise
            if read_only:
                if "immutable" in target:
                    raise
                # Next to a read-only file SQLite can't make its WAL index; reading the
                # file as immutable needs none.
                return await cls._connect(
                    file, f"{target}&immutable=1", True, False, busy_timeout_ms
                )
            try:
                return await cls._open(file, True, seed_builtin, busy_timeout_ms)
            except StoreError:
                raise exc from None

    @classmethod
    async def _connect(
        cls, file: Path, target: str, read_only: bool, seed_builtin: bool, busy_timeout_ms: int
    ) -> Store:
        try:
            db = await aiosqlite.connect(target, uri=read_only, isolation_level=None)
        except sqlite3.Error as exc:
            raise _error(exc, file) from exc
        store = cls(db, file, read_only=read_only)
        store._target, store._busy_timeout_ms = target, int(busy_timeout_ms)
        try:
            with store._guard():
                await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
                await db.execute("PRAGMA foreign_keys = ON")
                # Any read of a non-SQLite file fails here, before anything is written.
                async with db.execute("PRAGMA user_version") as cur:
                    row = await cur.fetchone()
                version = int(row[0]) if row else 0
                if not read_only:
                    async with db.execute("PRAGMA journal_mode = WAL") as cur:
                        await cur.fetchone()
                    await db.execute("PRAGMA synchronous = NORMAL")
                    # A full import writes ~60 MB through the WAL; don't keep a file that big.
                    await db.execute("PRAGMA journal_size_limit = 16777216")
            await store._migrate(version)
            if seed_builtin and not read_only:
                await store.seed_builtin()
        except BaseException:
            await db.close()
            raise
        return store

    def _open_inline(self) -> None:
        """The plain read connection: the same file as the store's, never written through."""
        if not self.path.is_file():
            return
        target = self._target
        if not target.startswith("file:"):
            target = f"{self.path.resolve().as_uri()}?mode=ro"
        try:
            inline = sqlite3.connect(
                target, uri=True, isolation_level=None, check_same_thread=False
            )
            inline.execute(f"PRAGMA busy_timeout = {self._busy_timeout_ms}")
        except sqlite3.Error:
            return
        self._inline = inline

    def _reader(self) -> sqlite3.Connection | None:
        """The inline read connection, unless this store has a transaction of its own open.

        A transaction spans awaits under the write lock, and only its own connection sees
        what it wrote so far.
        """
        if self._inline is None or self._write_lock.locked() or self._import_lock.locked():
            return None
        return self._inline

    async def close(self) -> None:
        if self._inline is not None:
            inline, self._inline = self._inline, None
            with self._inline_lock:
                inline.close()
        if self._db is not None:
            db, self._db = self._db, None
            with contextlib.suppress(sqlite3.Error):
                if not self.read_only:
                    await db.execute("PRAGMA optimize")
            await db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise StoreError("The store is closed.")
        return self._db

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise _error(exc, self.path) from exc

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[None]:
        """One writer at a time on this connection.

        Transactions here span several awaits; without this, a second task's statement
        (or its BEGIN) would land inside the first task's transaction.
        """
        async with self._write_lock:
            with self._guard():
                yield

    async def _transaction(self, *batches: tuple[str, Sequence[Sequence[Any]]]) -> None:
        """Run executemany batches in one transaction (rolled back on any failure)."""
        db = self._conn()
        async with self._writing():
            await db.execute("BEGIN")
            try:
                for sql, rows in batches:
                    if rows:
                        await db.executemany(sql, rows)
                await db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise

    async def _rollback(self) -> None:
        with contextlib.suppress(sqlite3.Error, ValueError):
            await self._conn().execute("ROLLBACK")

    @staticmethod
    def _migrations() -> list[tuple[int, str, str]]:
        folder = resources.files("data") / "migrations"
        found = []
        for entry in folder.iterdir():
            match = re.match(r"^(\d+)_\w+\.sql$", entry.name)
            if match:
                found.append((int(match.group(1)), entry.name, entry.read_text("utf-8")))
        return sorted(found)

    async def _migrate(self, version: int) -> None:
        migrations = self._migrations()
        latest = migrations[-1][0] if migrations else 0
        if version > latest:
            raise StoreError(
                f"{self.path} was written by a newer rulesbot (schema {version}, this one "
                f"knows {latest}). Upgrade rulesbot, or: {_REBUILD}"
            )
        pending = [m for m in migrations if m[0] > version]
        if not pending:
            return
        if self.read_only:
            raise StoreError(f"{self.path} needs a schema upgrade; open it writable once.")
        db = self._conn()
        for number, name, sql in pending:
            # One transaction per file, the version bump inside it. Statements go one by
            # one (executescript would commit first), and the version is read again under
            # the write lock in case another process migrated meanwhile.
            async with self._writing():
                await db.execute("BEGIN IMMEDIATE")
                try:
                    async with db.execute("PRAGMA user_version") as cur:
                        row = await cur.fetchone()
                    if row and int(row[0]) >= number:
                        await db.execute("ROLLBACK")
                        continue
                    for statement in _statements(sql):
                        await db.execute(statement)
                    if number == _FULLTEXT_MIGRATION:
                        # Data stored before the full-text indexes existed gets indexed once.
                        await _index_rules(db)
                        await _index_rulings(db)
                    await db.execute(f"PRAGMA user_version = {number}")
                    await db.execute("COMMIT")
                except sqlite3.Error as exc:
                    await self._rollback()
                    if "already exists" in str(exc):
                        raise StoreError(
                            f"{self.path} has tables rulesbot didn't expect ({name}). {_REBUILD}"
                        ) from exc
                    raise
                except BaseException:
                    await self._rollback()
                    raise

    async def schema_version(self) -> int:
        return int(await self._scalar("PRAGMA user_version") or 0)

    # -- built-in data ---------------------------------------------------------------

    async def seed_builtin(self) -> bool:
        """Load the shipped built-in data into an empty store; True if it did."""
        if await self._scalar("SELECT COUNT(*) FROM sources"):
            return False
        folder = resources.files("data") / "builtin"
        cards_file, rulings_file, rules_file = (
            folder / "cards.json",
            folder / "rulings.json",
            folder / "rules.json",
        )
        if not (cards_file.is_file() and rulings_file.is_file() and rules_file.is_file()):
            return False
        cards = json.loads(cards_file.read_text("utf-8"))
        rulings = json.loads(rulings_file.read_text("utf-8"))
        rules = json.loads(rules_file.read_text("utf-8"))
        async with self.staging() as staging:
            await staging.add_cards([card_row(c) for c in cards])
            await staging.add_rulings([ruling_row(r) for r in rulings])
            await staging.add_rules(
                ParsedRule(
                    r["number"], r["text"], list(r.get("examples", [])), list(r.get("more", []))
                )
                for r in rules["rules"]
            )
            await staging.add_glossary((g["term"], g["text"]) for g in rules["glossary"])
            if rules.get("effective"):
                staging.effective = date.fromisoformat(rules["effective"])
            done = await staging.commit(dict.fromkeys(DATASETS, BUILTIN_SOURCE), only_if_empty=True)
        return bool(done)

    # -- writing -----------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def staging(self) -> AsyncIterator[Staging]:
        """Temporary tables for an import; dropped afterwards whether or not committed."""
        if self.read_only:
            raise StoreError(f"The database {self.path} was opened read-only.")
        async with self._import_lock:
            staging = Staging(self)
            await staging._create()
            try:
                yield staging
            finally:
                await staging.drop()

    async def set_source(
        self,
        dataset: Dataset,
        source: str,
        *,
        etag: str | None = None,
        updated_at: str | None = None,
        count: int | None = None,
    ) -> None:
        """Record where a dataset came from (after an import, e.g. the download URL)."""
        if dataset not in DATASETS:
            raise ValueError(f"unknown dataset {dataset!r}")
        if count is None:
            table = {"cards": "cards", "rulings": "rulings", "rules": "rules"}[dataset]
            count = int(await self._scalar(f"SELECT COUNT(*) FROM {table}") or 0)
        await self._write(
            "INSERT INTO sources (dataset, source, loaded_at, etag, updated_at, count) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (dataset) DO UPDATE SET "
            "source = excluded.source, etag = excluded.etag, "
            "updated_at = excluded.updated_at, count = excluded.count",
            (dataset, source, _now(), etag, updated_at, count),
        )

    async def cache_card(
        self, obj: dict[str, Any], fetched_at: datetime | str | None = None
    ) -> None:
        """Store one card fetched on demand, replacing any card with its oracle_id."""
        try:
            row, faces, _ = card_row(obj)
        except ValueError as exc:
            raise ImportFailedError(f"Can't cache that card: {exc}.") from exc
        when = (
            fetched_at.isoformat() if isinstance(fetched_at, datetime) else (fetched_at or _now())
        )
        db = self._conn()
        async with self._writing():
            await db.execute("BEGIN IMMEDIATE")
            try:
                await db.execute("DELETE FROM card_faces WHERE oracle_id = ?", (row[0],))
                await db.execute(
                    "INSERT OR REPLACE INTO cards VALUES (?,?,?,?,?,?,?,?,?)", (*row, when)
                )
                await db.executemany("INSERT INTO card_faces VALUES (?,?,?,?)", faces)
                await db.execute(BUMP_GENERATION)
                await db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise
        self._changed()

    async def _write(self, sql: str, params: Sequence[Any] = ()) -> int:
        db = self._conn()
        async with self._writing():
            cursor = await db.execute(sql, params)
            rowid = cursor.lastrowid or 0
            await cursor.close()
        return rowid

    def _changed(self) -> None:
        self._generation += 1

    # -- reading -----------------------------------------------------------------------

    async def _scalar(self, sql: str, params: Sequence[Any] = ()) -> Any:
        inline = self._reader()
        with self._guard():
            if inline is not None:
                with self._inline_lock:
                    row = inline.execute(sql, params).fetchone()
            else:
                async with self._conn().execute(sql, params) as cur:
                    row = await cur.fetchone()
        return row[0] if row else None

    async def _all(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        inline = self._reader()
        with self._guard():
            if inline is not None:
                with self._inline_lock:
                    return inline.execute(sql, params).fetchall()
            async with self._conn().execute(sql, params) as cur:
                return list(await cur.fetchall())

    async def status(self) -> StoreStatus:
        cards = await self._scalar("SELECT COUNT(*) FROM cards")
        rulings = await self._scalar("SELECT COUNT(*) FROM rulings")
        rules = await self._scalar("SELECT COUNT(*) FROM rules")
        glossary = await self._scalar("SELECT COUNT(*) FROM glossary")
        effective = await self._scalar("SELECT value FROM meta WHERE key = 'cr_effective'")
        sources = await self.sources()
        return StoreStatus(
            cards=int(cards or 0),
            rulings=int(rulings or 0),
            rules=int(rules or 0),
            glossary=int(glossary or 0),
            cr_effective=effective,
            sources=sources,
            using_builtin=any(s.source == BUILTIN_SOURCE for s in sources),
        )

    async def sources(self) -> list[SourceRecord]:
        rows = await self._all(
            "SELECT dataset, source, loaded_at, etag, updated_at, count FROM sources "
            "ORDER BY CASE dataset WHEN 'cards' THEN 0 WHEN 'rulings' THEN 1 ELSE 2 END"
        )
        return [
            SourceRecord(
                dataset=r[0], source=r[1], loaded_at=r[2], etag=r[3], updated_at=r[4], count=r[5]
            )
            for r in rows
        ]

    async def source(self, dataset: str) -> SourceRecord | None:
        return next((s for s in await self.sources() if s.dataset == dataset), None)

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

    async def cards_json(self, names: Iterable[str]) -> dict[str, dict[str, Any]]:
        """``card_json`` for several names; names not found are left out."""
        found: dict[str, dict[str, Any]] = {}
        for name in dict.fromkeys(names):
            card = await self.card_json(name)
            if card is not None:
                found[name] = card
        return found

    async def iter_cards_json(self) -> AsyncIterator[dict[str, Any]]:
        """Every stored card object, by name."""
        with self._guard():
            async with self._conn().execute("SELECT json FROM cards ORDER BY name") as cur:
                async for row in cur:
                    yield json.loads(row[0])

    async def all_names(self) -> list[NameEntry]:
        """Every card name and face name, for ``bot.names.NameIndex``."""
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
            if len(known) >= _CACHE_LIMIT:
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

    async def data_version(self) -> int:
        """A number that changes whenever cards, rulings or rules change, in any process."""
        value = await self._scalar("SELECT value FROM meta WHERE key = 'data_generation'")
        return int(value or 0)

    async def _fresh(self) -> None:
        """Drop in-memory indexes when this or another process changed the data.

        PRAGMA data_version notices any commit (feedback too); only a new data
        generation empties the caches.
        """
        version = int(await self._scalar("PRAGMA data_version") or 0)
        if (self._generation, version) == self._seen:
            return
        self._seen = (self._generation, version)
        key = (self._generation, await self.data_version())
        if key != self._cache_key:
            self._cache_key = key
            self._glossary_terms = None
            self._rulings_stats = None
            self._ruling_df = {}
            self._ruling_terms = {}
            self._rule_records = {}

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

    # -- text search -------------------------------------------------------------------

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
            if len(self._ruling_terms) >= _CACHE_LIMIT:
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

    _FEEDBACK_SELECT = (
        "SELECT f.id, f.created_at, f.guild_id, f.channel_id, f.message_id, f.user_id, "
        "f.question, f.answer_json, f.scenario, f.vote, "
        "(SELECT COUNT(*) FROM feedback_votes v WHERE v.answer_id = f.id AND v.vote = 'correct'), "
        "(SELECT COUNT(*) FROM feedback_votes v WHERE v.answer_id = f.id AND v.vote = 'wrong'), "
        "f.reviewed_by, f.reviewed_verdict, f.private FROM feedback f "
    )

    @staticmethod
    def _feedback(row: Sequence[Any]) -> FeedbackRecord:
        data = dict(zip(FeedbackRecord.field_names(), row, strict=True))
        data["private"] = bool(data["private"])
        return FeedbackRecord(**data)

    async def record_answer(
        self,
        *,
        question: str,
        answer_json: str | dict[str, Any],
        scenario: str | None = None,
        guild_id: int | None = None,
        channel_id: int | None = None,
        message_id: int | None = None,
        user_id: int | None = None,
        private: bool = False,
    ) -> int:
        """Keep an answer the bot gave so people can vote on it; returns its id.

        A private answer keeps only its votes: its question, answer and scenario are
        not stored, so no review can ever show them.
        """
        if private:
            question, answer_json, scenario = "", "{}", None
        if not isinstance(answer_json, str):
            answer_json = json.dumps(answer_json, ensure_ascii=False)
        return await self._write(
            "INSERT INTO feedback (created_at, guild_id, channel_id, message_id, user_id, "
            "question, answer_json, scenario, private) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                _now(),
                guild_id,
                channel_id,
                message_id,
                user_id,
                question,
                answer_json,
                scenario,
                int(private),
            ),
        )

    async def set_answer_message(self, answer_id: int, message_id: int) -> None:
        """Attach the Discord message that showed an answer (known only after sending)."""
        await self._write(
            "UPDATE feedback SET message_id = ? WHERE id = ?", (message_id, answer_id)
        )

    async def feedback(self, answer_id: int) -> FeedbackRecord | None:
        rows = await self._all(self._FEEDBACK_SELECT + "WHERE f.id = ?", (answer_id,))
        return self._feedback(rows[0]) if rows else None

    @staticmethod
    def _check_vote(vote: str | None, *, allow_none: bool) -> None:
        if vote is None and allow_none:
            return
        if vote not in ("correct", "wrong"):
            raise ValueError(f"vote must be 'correct' or 'wrong', not {vote!r}")

    async def vote(self, answer_id: int, user_id: int, vote: Vote | None) -> FeedbackRecord | None:
        """Record one user's vote (None withdraws it); the majority becomes the answer's vote.

        Returns the updated record, or None if there is no such answer.
        """
        self._check_vote(vote, allow_none=True)
        db = self._conn()
        async with self._writing():
            await db.execute("BEGIN IMMEDIATE")
            try:
                async with db.execute("SELECT 1 FROM feedback WHERE id = ?", (answer_id,)) as cur:
                    exists = await cur.fetchone()
                if not exists:
                    await db.execute("ROLLBACK")
                    return None
                if vote is None:
                    await db.execute(
                        "DELETE FROM feedback_votes WHERE answer_id = ? AND user_id = ?",
                        (answer_id, user_id),
                    )
                else:
                    await db.execute(
                        "INSERT INTO feedback_votes (answer_id, user_id, vote, voted_at) "
                        "VALUES (?, ?, ?, ?) ON CONFLICT (answer_id, user_id) DO UPDATE SET "
                        "vote = excluded.vote, voted_at = excluded.voted_at",
                        (answer_id, user_id, vote, _now()),
                    )
                await db.execute(
                    "UPDATE feedback SET vote = (SELECT CASE "
                    "WHEN SUM(vote = 'correct') > SUM(vote = 'wrong') THEN 'correct' "
                    "WHEN SUM(vote = 'wrong') > SUM(vote = 'correct') THEN 'wrong' END "
                    "FROM feedback_votes WHERE answer_id = ?) WHERE id = ?",
                    (answer_id, answer_id),
                )
                await db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise
        return await self.feedback(answer_id)

    async def review(
        self, answer_id: int, judge_id: int, verdict: Vote | None, *, guild_id: int
    ) -> FeedbackRecord | None:
        """A reviewer's verdict on an answer given in ``guild_id``, overriding votes.

        None clears it. Returns None when that guild has no such answer.
        """
        self._check_vote(verdict, allow_none=True)
        db = self._conn()
        async with self._writing():
            cursor = await db.execute(
                "UPDATE feedback SET reviewed_by = ?, reviewed_verdict = ? "
                "WHERE id = ? AND guild_id = ?",
                (judge_id if verdict else None, verdict, answer_id, guild_id),
            )
            changed = cursor.rowcount
            await cursor.close()
        return await self.feedback(answer_id) if changed else None

    async def recent_wrong(self, limit: int = 20, *, guild_id: int) -> list[FeedbackRecord]:
        """Public answers given in ``guild_id`` judged wrong (review, else votes), newest first."""
        rows = await self._all(
            self._FEEDBACK_SELECT + "WHERE f.guild_id = ? AND NOT f.private "
            "AND COALESCE(f.reviewed_verdict, f.vote) = 'wrong' "
            "ORDER BY f.created_at DESC, f.id DESC LIMIT ?",
            (guild_id, max(0, int(limit))),
        )
        return [self._feedback(r) for r in rows]

    async def cache_rulings(self, oracle_id: str, rulings: Sequence[dict[str, Any]]) -> int:
        """Replace one card's rulings with ones fetched on demand; returns how many were kept.

        Rulings for another card, or without a comment or date, are left out.
        """
        rows = []
        for obj in rulings:
            try:
                row = ruling_row({"oracle_id": oracle_id, **obj})
            except ValueError:
                continue
            if row[0] == oracle_id:
                rows.append(row)
        await self._transaction(
            # The index keeps no copy of the text, so it is told what each removed row said.
            (
                "INSERT INTO rulings_fts (rulings_fts, rowid, comment) "
                "SELECT 'delete', id, comment FROM rulings WHERE oracle_id = ?",
                [(oracle_id,)],
            ),
            ("DELETE FROM rulings WHERE oracle_id = ?", [(oracle_id,)]),
            (
                "INSERT INTO rulings (oracle_id, card_name, published_at, comment, source) "
                "VALUES (?, ?, ?, ?, ?)",
                rows,
            ),
            (
                "INSERT INTO rulings_fts (rowid, comment) "
                "SELECT id, comment FROM rulings WHERE oracle_id = ?",
                [(oracle_id,)],
            ),
            (BUMP_GENERATION, [()]),
        )
        self._changed()
        return len(rows)
