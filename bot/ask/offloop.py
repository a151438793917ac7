"""Answers on worker threads, each with its own event loop and store connection.

The pipeline's work between awaits (name matching, the engine) is plain Python; run
on the bot's event loop, one heavy question would hold up every other interaction.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from bot.answer import Answer
from bot.ask.pipeline import AskService
from bot.store.catalog import Catalog
from engine.model import GameState
from engine.value import build_all

if TYPE_CHECKING:
    from bot.store import Store

T = TypeVar("T")

DEFAULT_WORKERS = 2


class _Worker:
    """One thread running an event loop, with a read-only store and an AskService of its own."""

    def __init__(self, path: Path, name: str, limits: dict[str, int]) -> None:
        self.path = path
        self.limits = limits
        self.loop = asyncio.new_event_loop()
        self.busy = 0
        self.service: AskService | None = None
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def submit(self, coro: Coroutine[Any, Any, T]) -> concurrent.futures.Future[T]:
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    async def open(self) -> None:
        from bot.store import Store

        store = await Store.open(self.path, read_only=True, seed_builtin=False)
        self.service = await AskService.create(Catalog(store))
        if self.limits:
            self.service.limit(**self.limits)

    async def ask(
        self, question: str, choices: dict[str, str] | None, options: dict[str, Any]
    ) -> Answer:
        if self.service is None:
            raise RuntimeError("the worker's ask service is not open")
        return await self.service.ask(question, choices=choices, **options)

    async def read_board(self, notation: str) -> GameState:
        if self.service is None:
            raise RuntimeError("the worker's ask service is not open")
        return await self.service.read_board(notation)

    async def refresh(self) -> None:
        if self.service is not None:
            await self.service.refresh()

    async def close(self) -> None:
        if self.service is not None:
            service, self.service = self.service, None
            await service.catalog.close()

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
        if not self.thread.is_alive():
            self.loop.close()


class OffLoopAsker:
    """The ask service for the bot: same ``ask`` and ``refresh``, run off the event loop."""

    def __init__(self, workers: list[_Worker]) -> None:
        self._workers = workers

    @classmethod
    async def start(
        cls, store: Store, *, workers: int = DEFAULT_WORKERS, **limits: int
    ) -> OffLoopAsker | AskService:
        """Workers reading ``store``'s file; a store without a file is asked on the loop.

        ``limits`` are AskService.limit's: max_question_chars and max_brackets.
        """
        catalog = Catalog(store)
        path = catalog.path
        if path is None or not path.is_file():
            service = await AskService.create(catalog)
            if limits:
                service.limit(**limits)
            return service
        # Engine values are built at their first instance, without a lock: build them all
        # before the workers share them.
        build_all()
        started = [_Worker(path, f"rulesbot-ask-{i}", limits) for i in range(max(1, workers))]
        asker = cls(started)
        try:
            await asyncio.gather(*(asyncio.wrap_future(w.submit(w.open())) for w in started))
        except BaseException:
            await asker.close()
            raise
        return asker

    async def ask(
        self, question: str, *, choices: dict[str, str] | None = None, **options: Any
    ) -> Answer:
        """Answer on a worker; ``options`` (board, stated) go to AskService.ask as they are."""
        worker = min(self._workers, key=lambda w: w.busy)
        worker.busy += 1
        try:
            job = worker.ask(question, choices, options)
            return await asyncio.wrap_future(worker.submit(job))
        finally:
            worker.busy -= 1

    async def read_board(self, notation: str) -> GameState:
        """Parse a stated position on a worker (its cards come from that worker's store)."""
        worker = min(self._workers, key=lambda w: w.busy)
        return await asyncio.wrap_future(worker.submit(worker.read_board(notation)))

    async def refresh(self) -> None:
        await asyncio.gather(*(asyncio.wrap_future(w.submit(w.refresh())) for w in self._workers))

    async def close(self) -> None:
        workers, self._workers = self._workers, []
        for worker in workers:
            if worker.loop.is_running():
                await asyncio.wrap_future(worker.submit(worker.close()))
            await asyncio.to_thread(worker.stop)
