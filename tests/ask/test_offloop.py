"""The off-loop asker: engine values are built before its worker threads share them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import engine
from bot.ask.offloop import OffLoopAsker
from bot.store import Store
from engine.value import Value


def _value_classes() -> list[type[Value]]:
    found, pending = [], list(Value.__subclasses__())
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return found


async def test_workers_start_with_every_engine_value_built(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3")
    asker = await OffLoopAsker.start(store, workers=2)
    try:
        assert isinstance(asker, OffLoopAsker)
        classes = [c for c in _value_classes() if c.__module__.startswith(engine.__name__)]
        assert len(classes) > 50
        assert [c.__name__ for c in classes if not dataclasses.is_dataclass(c)] == []
    finally:
        await asker.close()
        await store.close()
