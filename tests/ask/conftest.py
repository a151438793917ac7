"""Stores for the ask tests: one with only the built-in data, one with the full shared data."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.ask.pipeline import AskService
from bot.store import Store

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
DATA = SHARED / "data"
FULL_FILES = [DATA / "cards.json", DATA / "rulings.json", DATA / "comprules.txt"]


@pytest.fixture(scope="session")
def full_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with the full shared data imported once per test session."""
    if not all(p.exists() for p in FULL_FILES):
        pytest.skip("../shared/data is not available")
    import asyncio

    from bot.importer import import_paths

    path = tmp_path_factory.mktemp("full") / "full.sqlite3"

    async def build() -> None:
        store = await Store.open(path)
        try:
            await import_paths(store, FULL_FILES)
        finally:
            await store.close()

    asyncio.run(build())
    return path


@pytest_asyncio.fixture
async def builtin_service(tmp_path: Path) -> AsyncIterator[AskService]:
    store = await Store.open(tmp_path / "builtin.sqlite3")
    try:
        yield await AskService.create(store)
    finally:
        await store.close()


@pytest_asyncio.fixture
async def full_service(full_db: Path) -> AsyncIterator[AskService]:
    store = await Store.open(full_db)
    try:
        yield await AskService.create(store)
    finally:
        await store.close()
