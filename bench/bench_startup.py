"""Benchmark start-up and isolation: a cold `rulesbot ask`, and one heavy /ask beside another.

Cold runs are fresh processes against an existing database, run as users run rulesbot:
this checkout installed with `pip install .` (not editable) into a fresh virtual
environment that borrows this interpreter's dependencies, bytecode compiled by pip, and
the checkout off the path. Wall time is measured by the parent (the median of the runs),
peak RSS by the child. `--checkout` runs from the source tree instead, without installing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import site
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


def installed_python() -> tuple[Path, Path]:
    """A venv with this checkout `pip install .`-ed into it, and a folder to run it from.

    Its dependencies come from this interpreter's site-packages through a .pth file (no
    download); setuptools' editable-install hook in there is not run, as in a user's
    install.
    """
    root = Path(tempfile.mkdtemp(prefix="rulesbot-install-"))
    source = root / "src"
    shutil.copytree(
        REPO,
        source,
        ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "build", "*.egg-info"),
    )
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    Path(purelib, "rulesbot-bench-deps.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8"
    )
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", str(source)],
        check=True,
        capture_output=True,
    )
    shutil.rmtree(source)
    run_in = root / "run"
    run_in.mkdir()
    where = subprocess.run(
        [str(python), "-c", "import bot; print(bot.__file__)"],
        cwd=run_in,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    if not Path(where).is_relative_to(venv):
        raise SystemExit(f"the install runs rulesbot from {where}, not from {venv}")
    return python, run_in


def cold_ask(
    db: Path,
    runs: int = 7,
    question: str = QUESTION,
    python: Path | None = None,
    cwd: Path = REPO,
    patterns: bool = True,
) -> dict[str, float]:
    """Median wall seconds and peak MiB of `rulesbot --db DB ask QUESTION` in new processes.

    The first run writes the bytecode and, with ``patterns``, the compiled-pattern cache
    (a file of its own here), as any earlier command would have; without, every run
    compiles its patterns, as the very first command on a machine does.
    """
    argv = [str(python or sys.executable), "-c", _CHILD, "--db", str(db), "ask", question]
    env = _env()
    env["RULESBOT_PATTERN_CACHE"] = (
        str(Path(tempfile.mkdtemp(prefix="rulesbot-patterns-")) / "patterns.marshal")
        if patterns
        else "off"
    )
    if python is not None:
        env.pop("PYTHONPATH", None)  # the install, not a checkout, is what runs
    subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=True)  # bytecode
    walls: list[float] = []
    peaks: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        before = os.times()
        started = time.perf_counter()
        done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=True)
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


def run(runs: int = 7, trials: int = 20, checkout: bool = False) -> dict[str, dict[str, float]]:
    full = ensure_full_db()
    python, cwd = (None, REPO) if checkout else installed_python()
    try:
        return {
            "cold_full": cold_ask(full, runs, python=python, cwd=cwd),
            "cold_full_first": cold_ask(full, runs, python=python, cwd=cwd, patterns=False),
            "cold_builtin": cold_ask(_builtin_db(), runs, python=python, cwd=cwd),
            "brackets": asyncio.run(_heavy_beside_light(full, trials)),
        }
    finally:
        if python is not None:
            shutil.rmtree(cwd.parent, ignore_errors=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=7, help="cold processes per case")
    parser.add_argument("--trials", type=int, default=20, help="heavy-beside-light trials")
    parser.add_argument(
        "--checkout", action="store_true", help="run from the source tree, not an install"
    )
    args = parser.parse_args(argv)
    figures = run(args.runs, args.trials, args.checkout)
    load = os.getloadavg()[0]
    how = "from the checkout" if args.checkout else "installed with pip install ."
    cases = (
        ("cold_full", "full pool"),
        ("cold_full_first", "full pool, no saved patterns"),
        ("cold_builtin", "built-in data"),
    )
    for name, label in cases:
        f = figures[name]
        print(
            f"cold `rulesbot ask` ({label}, {how}): median of {args.runs} runs "
            f"{f['wall_s']:.2f} s wall, {f['cpu_s']:.2f} s CPU, peak {f['peak_mib']:.0f} MiB "
            f"(load average {load:.1f})"
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
