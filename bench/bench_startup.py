"""Benchmark start-up and isolation: a cold `rulesbot ask`, and one heavy /ask beside another.

Cold runs are fresh processes against an existing database, with bytecode cached
(as after `pip install`): wall time measured by the parent, peak RSS by the child.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import REPO, ensure_full_db

QUESTION = "Can Llanowar Elves tap for mana the turn it enters?"
# Peak RSS as VmHWM: Linux carries ru_maxrss over exec from the forking parent.
_CHILD = """
import re, sys
from bot.cli import main
code = main(sys.argv[1:])
status = open("/proc/self/status").read()
print(re.search(r"VmHWM:\\s+(\\d+)", status).group(1), file=sys.stderr)
sys.exit(code)
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    # Bytecode as an installed package has it; without it every run compiles the sources.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def cold_ask(db: Path, runs: int = 7, question: str = QUESTION) -> dict[str, float]:
    """Median wall seconds and peak MiB of `rulesbot --db DB ask QUESTION` in new processes."""
    argv = [sys.executable, "-c", _CHILD, "--db", str(db), "ask", question]
    subprocess.run(argv, cwd=REPO, env=_env(), capture_output=True, check=True)  # bytecode
    walls: list[float] = []
    peaks: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        before = os.times()
        started = time.perf_counter()
        done = subprocess.run(
            argv, cwd=REPO, env=_env(), capture_output=True, text=True, check=True
        )
        walls.append(time.perf_counter() - started)
        after = os.times()
        cpus.append(
            after.children_user
            + after.children_system
            - before.children_user
            - before.children_system
        )
        peaks.append(int(done.stderr.strip().splitlines()[-1]) / 1024)
    return {
        "wall_s": statistics.median(walls),
        "cpu_s": statistics.median(cpus),
        "peak_mib": max(peaks),
    }


def _builtin_db() -> Path:
    db = Path(tempfile.mkdtemp()) / "builtin.sqlite3"
    subprocess.run(
        [sys.executable, "-m", "bot.cli", "--db", str(db), "status"],
        cwd=REPO,
        env=_env(),
        capture_output=True,
        check=True,
    )
    return db


async def _heavy_beside_light(db: Path, trials: int) -> dict[str, float]:
    """How much one 1,000-character /ask of [[brackets]] delays a plain /ask started with it."""
    from bot.ask.offloop import OffLoopAsker
    from bot.store import Store

    heavy = ("[[xyzq vwkj]] " * 80)[:1000]
    store = await Store.open(db, read_only=True)
    asker = await OffLoopAsker.start(store)
    try:
        await asker.ask(heavy)  # name lists loaded, as in a bot that has served a while
        await asker.ask(QUESTION)
        alone: list[float] = []
        beside: list[float] = []
        heavy_s: list[float] = []
        for _ in range(trials):
            t0 = time.perf_counter()
            await asker.ask(QUESTION)
            alone.append(time.perf_counter() - t0)

            async def timed(question: str) -> float:
                t = time.perf_counter()
                await asker.ask(question)
                return time.perf_counter() - t

            big = asyncio.create_task(timed(heavy))
            await asyncio.sleep(0)
            beside.append(await timed(QUESTION))
            heavy_s.append(await big)
        return {
            "alone_ms": statistics.median(alone) * 1000,
            "beside_ms": statistics.median(beside) * 1000,
            "delay_ms": (statistics.median(beside) - statistics.median(alone)) * 1000,
            "worst_delay_ms": (max(beside) - statistics.median(alone)) * 1000,
            "heavy_ms": statistics.median(heavy_s) * 1000,
        }
    finally:
        await asker.close()
        await store.close()


def run(runs: int = 7, trials: int = 20) -> dict[str, dict[str, float]]:
    full = ensure_full_db()
    return {
        "cold_full": cold_ask(full, runs),
        "cold_builtin": cold_ask(_builtin_db(), runs),
        "brackets": asyncio.run(_heavy_beside_light(full, trials)),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7, help="cold processes per case")
    parser.add_argument("--trials", type=int, default=20, help="heavy-beside-light trials")
    args = parser.parse_args(argv)
    figures = run(args.runs, args.trials)
    load = os.getloadavg()[0]
    for name, label in (("cold_full", "full pool"), ("cold_builtin", "built-in data")):
        f = figures[name]
        print(
            f"cold `rulesbot ask` ({label}): median {f['wall_s']:.2f} s wall, "
            f"{f['cpu_s']:.2f} s CPU, peak {f['peak_mib']:.0f} MiB (load average {load:.1f})"
        )
    b = figures["brackets"]
    print(
        f"/ask beside a 1,000-character /ask of brackets: {b['beside_ms']:.1f} ms vs "
        f"{b['alone_ms']:.1f} ms alone (delay {b['delay_ms']:.1f} ms median, "
        f"{b['worst_delay_ms']:.1f} ms worst; the heavy one took {b['heavy_ms']:.0f} ms)"
    )
    if os.environ.get("BENCH_JSON"):
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
