"""Shared test fixtures: paths to the real data, a fresh store, the full imported data set."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store import Store

REPO = Path(__file__).resolve().parents[1]
# RULESBOT_SHARED points the tests elsewhere, e.g. at an empty folder to run them as a
# checkout without the shared data would.
SHARED = Path(os.environ.get("RULESBOT_SHARED") or REPO.parent / "shared")
SHARED_DATA = SHARED / "data"
# The small pool the question tests run on (tests/ask/fixtures/build.py makes it).
FIXTURE = REPO / "tests" / "ask" / "fixtures"
FIXTURE_FILES = [FIXTURE / "cards.json", FIXTURE / "rulings.json", FIXTURE / "comprules.txt"]
FULL_FILES = [
    SHARED_DATA / "cards.json",
    SHARED_DATA / "rulings.json",
    SHARED_DATA / "comprules.txt",
]


def have_shared_data() -> bool:
    return all(p.is_file() for p in FULL_FILES)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "full_data: needs ../shared/data; deselected (not skipped) without it"
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Without the shared data, full_data tests are deselected: the fixture pool covers them."""
    if have_shared_data():
        return
    dropped = [i for i in items if i.get_closest_marker("full_data")]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = [i for i in items if not i.get_closest_marker("full_data")]


def require_shared_data() -> Path:
    """../shared/data, or skip the test when it isn't there."""
    if not have_shared_data():
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
    from bot.store.importer import import_paths

    path = tmp_path_factory.mktemp("full") / "full.sqlite3"

    async def build() -> None:
        opened = await Store.open(path)
        try:
            await import_paths(opened, FULL_FILES)
        finally:
            await opened.close()

    asyncio.run(build())
    return path


@pytest.fixture(scope="session")
def fixture_db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database with the fixture pool imported through the project's importer."""
    from bot.store.importer import import_paths

    path = tmp_path_factory.mktemp("fixture") / "fixture.sqlite3"

    async def build() -> None:
        opened = await Store.open(path)
        try:
            await import_paths(opened, FIXTURE_FILES)
        finally:
            await opened.close()

    asyncio.run(build())
    return path
