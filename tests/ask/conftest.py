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


@pytest.fixture(scope="session")
def full_db(full_db_path: Path) -> Path:
    """The session's database with all of ../shared/data (see tests/conftest.py)."""
    return full_db_path


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
