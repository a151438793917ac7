"""Shared fixtures for the network tests: a fake clock and the local fake Scryfall."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from tests.bot.fakeserver import FakeScryfall


class FakeClock:
    """A monotonic clock that only moves when something sleeps on it."""

    def __init__(self) -> None:
        self.now = 1000.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        await asyncio.sleep(0)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def server(clock: FakeClock) -> AsyncIterator[FakeScryfall]:
    async with FakeScryfall(clock=clock) as srv:
        yield srv
