"""Writing data in: staged imports swapped in at once, the built-in seed, on-demand caching."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from bot.errors import ImportFailedError, StoreError
from bot.store.crtext import ParsedRule, parent_of
from bot.store.db import BUMP_GENERATION, Connection, utc_now
from bot.store.names import normalize
from bot.store.records import BUILTIN_SOURCE, DATASETS, Dataset
from bot.store.search import index_name_words, index_rules, index_rulings
from data import FOLDER

if TYPE_CHECKING:
    import aiosqlite

# Objects that are not cards in a deck: name resolution prefers real cards over these.
_TOKEN_LAYOUTS = frozenset(
    {"token", "double_faced_token", "emblem", "vanguard", "planar", "scheme", "art_series"}
)


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


class Staging:
    """Rows loaded into temporary tables; nothing is visible until ``commit``.

    A failure, or the process dying, before ``commit`` leaves the stored data as it was:
    the temporary tables live outside the database file.
    """

    def __init__(self, store: Connection) -> None:
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
        loaded_at = utc_now()
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
                    await index_name_words(db)
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
                    await index_rulings(db)
                    counts["rulings"] = self.counts["rulings"]
                if self.counts["rules"]:
                    await db.execute("DELETE FROM rules")
                    await db.execute("DELETE FROM glossary")
                    await db.execute("INSERT INTO rules SELECT * FROM temp.stage_rules")
                    await db.execute("INSERT INTO glossary SELECT * FROM temp.stage_glossary")
                    await index_rules(db)
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


class Writes(Connection):
    """Everything that writes cards, rulings or rules: imports, the seed, cached fetches."""

    async def seed_builtin(self) -> bool:
        """Load the shipped built-in data into an empty store; True if it did."""
        if await self._scalar("SELECT COUNT(*) FROM sources"):
            return False
        folder = FOLDER / "builtin"
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
            (dataset, source, utc_now(), etag, updated_at, count),
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
            fetched_at.isoformat()
            if isinstance(fetched_at, datetime)
            else (fetched_at or utc_now())
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
                await index_name_words(db, [row[0]])
                await db.execute(BUMP_GENERATION)
                await db.execute("COMMIT")
            except BaseException:
                await self._rollback()
                raise
        self._changed()

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
