"""The SQLite connection: opening targets, migrations, transactions and plain reads."""

from __future__ import annotations

import contextlib
import re
import sqlite3
import threading
from collections.abc import AsyncIterator, Iterator, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from bot.errors import StoreError
from bot.store.records import BUILTIN_SOURCE, SourceRecord, StoreStatus
from data import FOLDER

if TYPE_CHECKING:
    import asyncio

    import aiosqlite

_REBUILD = "Delete the file and run `rulesbot sync` or `rulesbot import FILE...` to rebuild it."


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


# Run in each transaction that changes cards, rulings or rules.
BUMP_GENERATION = (
    "INSERT INTO meta (key, value) VALUES ('data_generation', '1') ON CONFLICT (key) "
    "DO UPDATE SET value = CAST(value AS INTEGER) + 1"
)
# The migration that adds the full-text indexes, which Python fills for existing data.
_FULLTEXT_MIGRATION = 3
_NAME_WORDS_MIGRATION = 4
_MIGRATION = re.compile(r"^(\d+)_\w+\.sql$")


def store_error(exc: sqlite3.Error, path: Path) -> StoreError:
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


def is_read_only(exc: StoreError) -> bool:
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


def prepare_path(path: Path, read_only: bool) -> tuple[Path, str]:
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


class Connection:
    """The store's aiosqlite connection, its optional inline reader, and the schema.

    A store opened by ``Store.open_ready`` has only the inline reader: it reads without an
    event loop, and asyncio is never imported for it.
    """

    def __init__(
        self, db: aiosqlite.Connection | None, path: Path, *, read_only: bool = False
    ) -> None:
        self._db: aiosqlite.Connection | None = db
        self._loop_free = db is None
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
        # Made on first use (see _locks): reading alone never needs them.
        self._lock_pair: tuple[asyncio.Lock, asyncio.Lock] | None = None
        self._forget()

    @property
    def _write_lock(self) -> asyncio.Lock:
        return self._locks()[0]

    @property
    def _import_lock(self) -> asyncio.Lock:
        """The staging tables have fixed names: one import at a time per connection."""
        return self._locks()[1]

    def _locks(self) -> tuple[asyncio.Lock, asyncio.Lock]:
        if self._lock_pair is None:
            import asyncio

            self._lock_pair = (asyncio.Lock(), asyncio.Lock())
        return self._lock_pair

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
        if self._inline is None:
            return None
        if self._lock_pair is not None and any(lock.locked() for lock in self._lock_pair):
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

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            if self._loop_free and self._inline is not None:
                raise StoreError(f"The database {self.path} was opened for reading only.")
            raise StoreError("The store is closed.")
        return self._db

    @contextlib.contextmanager
    def _guard(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise store_error(exc, self.path) from exc

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
        folder = FOLDER / "migrations"
        found = []
        for entry in folder.iterdir():
            match = _MIGRATION.match(entry.name)
            if match:
                found.append((int(match.group(1)), entry.name, entry.read_text("utf-8")))
        return sorted(found)

    @staticmethod
    def latest_schema() -> int:
        """The number of the newest migration this rulesbot has (no file is read)."""
        folder = FOLDER / "migrations"
        numbers = [int(m.group(1)) for e in folder.iterdir() if (m := _MIGRATION.match(e.name))]
        return max(numbers, default=0)

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
                        # Imported here: the search module builds on this one.
                        from bot.store.search import index_rules, index_rulings

                        await index_rules(db)
                        await index_rulings(db)
                    if number == _NAME_WORDS_MIGRATION:
                        from bot.store.search import index_name_words

                        await index_name_words(db)
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
            self._forget()

    def _forget(self) -> None:
        """Empty the in-memory caches; each part of the store that keeps one extends this."""
