"""Benchmark `ask`: latency p50/p99 over the dev questions with a warm store, and questions/s."""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import statistics
import time
from pathlib import Path

from bench.common import SHARED, ensure_full_db, percentile

DEV = SHARED / "eval" / "dev.jsonl"


def questions() -> list[str]:
    return [json.loads(line)["question"] for line in DEV.read_text().splitlines() if line.strip()]


async def _latencies(
    db: Path, qs: list[str], rounds: int, cpu: list[float] | None = None
) -> list[float]:
    from bot.ask.pipeline import AskService
    from bot.store import Store
    from bot.store.catalog import Catalog

    # Read as the bot's ask workers read: on a connection of their own, in their thread.
    store = await Store.open(db, inline_reads=True)
    try:
        service = await AskService.create(Catalog(store))
        for q in qs:  # warm caches: card objects, BM25 indexes
            await service.ask(q)
        out: list[float] = []
        for _ in range(rounds):
            for q in qs:
                c0 = time.process_time()
                t0 = time.perf_counter()
                await service.ask(q)
                out.append(time.perf_counter() - t0)
                if cpu is not None:
                    # CPU time of every thread (the store's included): what a busy machine
                    # can't inflate the way it inflates wall time.
                    cpu.append(time.process_time() - c0)
        return out
    finally:
        await store.close()


def _worker(args: tuple[str, list[str], int]) -> tuple[int, float]:
    db, qs, rounds = args
    lat = asyncio.run(_latencies(Path(db), qs, rounds))
    return len(lat), sum(lat)


def run(rounds: int = 20) -> dict[str, float]:
    db = ensure_full_db()
    qs = questions()
    cpu: list[float] = []
    lat = asyncio.run(_latencies(db, qs, rounds, cpu))
    ms = sorted(x * 1000 for x in lat)
    cpu_ms = sorted(x * 1000 for x in cpu)
    workers = 2
    t0 = time.perf_counter()
    with mp.get_context("spawn").Pool(workers) as pool:
        results = pool.map(_worker, [(str(db), qs, rounds)] * workers)
    wall = time.perf_counter() - t0
    answered = sum(n for n, _ in results)
    busy = max(total for _, total in results)
    return {
        "questions": len(ms),
        "p50_ms": statistics.median(ms),
        "p99_ms": percentile(ms, 99),
        "max_ms": ms[-1],
        "cpu_p50_ms": statistics.median(cpu_ms),
        "cpu_p99_ms": percentile(cpu_ms, 99),
        "qps_2_workers": answered / busy,
        "qps_2_workers_incl_startup": answered / wall,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=20)
    figures = run(parser.parse_args(argv).rounds)
    print(
        f"ask: {figures['questions']} answers, p50 {figures['p50_ms']:.2f} ms, "
        f"p99 {figures['p99_ms']:.2f} ms, max {figures['max_ms']:.2f} ms "
        f"(CPU p50 {figures['cpu_p50_ms']:.2f} ms, p99 {figures['cpu_p99_ms']:.2f} ms); "
        f"{figures['qps_2_workers']:.0f} questions/s with 2 workers "
        f"({figures['qps_2_workers_incl_startup']:.0f}/s including start-up)"
    )


if __name__ == "__main__":
    main()
