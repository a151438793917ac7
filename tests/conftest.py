"""Shared test fixtures: paths to the real data, a fresh store, the full imported data set."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store import Store

REPO = Path(__file__).resolve().parents[1]
SHARED_DATA = REPO.parent / "shared" / "data"
FULL_FILES = [
    SHARED_DATA / "cards.json",
    SHARED_DATA / "rulings.json",
    SHARED_DATA / "comprules.txt",
]


def require_shared_data() -> Path:
    """../shared/data, or skip the test when it isn't there."""
    if not all(p.is_file() for p in FULL_FILES):
        pytest.skip("../shared/data is not available")
    return SHARED_DATA


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """A new database holding only the built-in data."""
    opened = await Store.open(tmp_path / "rulesbot.sqlite3")
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture(scope="session")
def full_db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with all of ../shared/data imported, built once per session (read it only)."""
    require_shared_data()
    from bot.importer import import_paths

    path = tmp_path_factory.mktemp("full") / "full.sqlite3"

    async def build() -> None:
        opened = await Store.open(path)
        try:
            await import_paths(opened, FULL_FILES)
        finally:
            await opened.close()

    asyncio.run(build())
    return path
