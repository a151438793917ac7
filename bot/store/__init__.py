"""The card, rulings and rules store: one class over one SQLite file, in parts by concern.

``db`` owns the connection and migrations; ``cards``, ``rules``, ``search`` (FTS5) and
``feedback`` read and write their tables; ``staging`` writes data in, which ``importer``
streams from files; ``names`` resolves card names in memory; ``catalog`` is the typed
facade the ask pipeline reads through.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from bot.errors import StoreError
from bot.store.db import is_read_only, prepare_path, store_error
from bot.store.feedback import Feedback
from bot.store.search import Search
from bot.store.staging import Writes

if TYPE_CHECKING:
    import aiosqlite

__all__ = ["Store"]


class Store(Search, Feedback, Writes):
    """Cards, rulings, the Comprehensive Rules and answer feedback in one SQLite file."""

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
    def open_ready(cls, path: str | Path, *, busy_timeout_ms: int = 5000) -> Store | None:
        """The store at ``path`` for reading, without an event loop, if ``open`` would write nothing.

        None when the file is missing or not a rulesbot database in WAL mode at this
        rulesbot's schema, or holds no data yet: ``open`` then migrates or seeds it, or
        says what is wrong. Its reads run inline and its writes fail; closing it needs no
        loop either.
        """
        file = Path(path).expanduser()
        if not file.is_file():
            return None
        try:
            conn = sqlite3.connect(
                f"{file.resolve().as_uri()}?mode=ro",
                uri=True,
                isolation_level=None,
                check_same_thread=False,
            )
        except sqlite3.Error:
            return None
        try:
            conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            ready = (
                conn.execute("PRAGMA user_version").fetchone()[0] == cls.latest_schema()
                and str(conn.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
                and conn.execute("SELECT EXISTS (SELECT 1 FROM sources)").fetchone()[0]
            )
        except sqlite3.Error:
            ready = False
        if not ready:
            conn.close()
            return None
        store = cls(None, file, read_only=True)
        store._target, store._busy_timeout_ms = str(file), int(busy_timeout_ms)
        store._inline = conn
        return store

    @classmethod
    async def _open(
        cls, path: Path, read_only: bool, seed_builtin: bool, busy_timeout_ms: int
    ) -> Store:
        import asyncio

        file, target = await asyncio.to_thread(prepare_path, path, read_only)
        try:
            return await cls._connect(file, target, read_only, seed_builtin, busy_timeout_ms)
        except StoreError as exc:
            if not is_read_only(exc):
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
        import aiosqlite

        try:
            db = await aiosqlite.connect(target, uri=read_only, isolation_level=None)
        except sqlite3.Error as exc:
            raise store_error(exc, file) from exc
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
                    await _to_wal(db, busy_timeout_ms)
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


async def _to_wal(db: aiosqlite.Connection, busy_timeout_ms: int) -> None:
    """Put the database in WAL mode, waiting out other connections for up to the busy timeout.

    The switch needs an exclusive lock, and SQLite answers it with "locked" at once,
    without its busy handler, while another process is opening the same new file.
    """
    import asyncio
    import time

    deadline = time.monotonic() + busy_timeout_ms / 1000
    while True:
        try:
            async with db.execute("PRAGMA journal_mode = WAL") as cur:
                await cur.fetchone()
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            await asyncio.sleep(0.01)
