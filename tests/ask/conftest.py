"""Stores for the ask tests: built-in data only, the small fixture pool, the full shared data."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.answer import Answer
from bot.ask.pipeline import AskService
from bot.store import Store
from bot.store.catalog import Catalog
from tests.conftest import FIXTURE, SHARED, SHARED_DATA

DATA = SHARED_DATA
# Each question test runs on the fixture pool, and on the full data where it is present.
POOLS = ["fixture", pytest.param("full", marks=pytest.mark.full_data)]

__all__ = ["DATA", "FIXTURE", "POOLS", "SHARED", "SyncService"]


@pytest.fixture(scope="session")
def full_db(full_db_path: Path) -> Path:
    """The session's database with all of ../shared/data (see tests/conftest.py)."""
    return full_db_path


# Function-scoped parameters over session-scoped databases: any test order builds each once.
@pytest.fixture(params=POOLS)
def imported_db(request: pytest.FixtureRequest) -> Path:
    """The fixture pool's database, then (with ../shared/data) the full one."""
    name = "full_db_path" if request.param == "full" else "fixture_db_path"
    path: Path = request.getfixturevalue(name)
    return path


@pytest_asyncio.fixture
async def builtin_service(tmp_path: Path) -> AsyncIterator[AskService]:
    store = await Store.open(tmp_path / "builtin.sqlite3")
    try:
        yield await AskService.create(Catalog(store))
    finally:
        await store.close()


@pytest_asyncio.fixture
async def imported_service(imported_db: Path) -> AsyncIterator[AskService]:
    store = await Store.open(imported_db)
    try:
        yield await AskService.create(Catalog(store))
    finally:
        await store.close()


class SyncService:
    """An AskService on its own event loop, so one store serves a whole session of sync tests."""

    def __init__(self, db: Path) -> None:
        self._loop = asyncio.new_event_loop()
        self._store = self._loop.run_until_complete(Store.open(db))
        self.service = self._loop.run_until_complete(AskService.create(Catalog(self._store)))

    def ask(self, question: str, stated: tuple[str, ...] = ()) -> Answer:
        return self._loop.run_until_complete(self.service.ask(question, stated=stated))

    def close(self) -> None:
        self._loop.run_until_complete(self._store.close())
        self._loop.close()


class PoolServices:
    """The session's warm services, one per pool, made when first asked for."""

    def __init__(self) -> None:
        self._made: dict[str, SyncService] = {}

    def get(self, pool: str, request: pytest.FixtureRequest) -> SyncService:
        if pool not in self._made:
            name = "full_db_path" if pool == "full" else "fixture_db_path"
            self._made[pool] = SyncService(request.getfixturevalue(name))
        return self._made[pool]

    def close(self) -> None:
        for service in self._made.values():
            service.close()


@pytest.fixture(scope="session")
def pool_services() -> Iterator[PoolServices]:
    services = PoolServices()
    try:
        yield services
    finally:
        services.close()


@pytest.fixture(params=POOLS)
def pool_service(request: pytest.FixtureRequest, pool_services: PoolServices) -> SyncService:
    """A warm service on the fixture pool, then on the full data (the name index takes a second)."""
    return pool_services.get(request.param, request)
