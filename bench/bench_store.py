"""Benchmark the data layer: full import time and peak memory, name resolution p50/p99."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import difflib
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.common import FULL_FILES, REPO, ensure_full_db, percentile

_IMPORT_CHILD = """
import asyncio, resource, sys, time
from pathlib import Path
from bot.store.importer import import_paths
from bot.store import Store

async def main():
    store = await Store.open(sys.argv[1], seed_builtin=False)
    started = time.perf_counter()
    summary = await import_paths(store, [Path(p) for p in sys.argv[2:]])
    elapsed = time.perf_counter() - started
    await store.close()
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{elapsed:.2f} {peak_mib:.0f} {summary}")

asyncio.run(main())
"""


_CUT_CHILD = """
import json, sys
from pathlib import Path
folder, cards, rulings, *shares = sys.argv[1:]
data = {"cards": json.loads(Path(cards).read_text("utf-8")),
        "rulings": json.loads(Path(rulings).read_text("utf-8"))}
for share in shares:
    for name, records in data.items():
        part = records[: int(len(records) * float(share))]
        Path(folder, f"{name}-{share}.json").write_text(json.dumps(part), "utf-8")
"""


def _import_child(db: Path, files: list[Path]) -> tuple[float, float, str]:
    """Seconds, peak MiB and summary of an import in a fresh process (for a clean peak RSS)."""
    result = subprocess.run(
        [sys.executable, "-c", _IMPORT_CHILD, str(db), *map(str, files)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    seconds, peak, summary = result.stdout.strip().split(" ", 2)
    return float(seconds), float(peak), summary


def bench_import() -> None:
    """Import ../shared/data into a new database in a fresh process."""
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.sqlite3"
        seconds, peak, summary = _import_child(db, FULL_FILES)
        size = db.stat().st_size / 2**20
    print(f"import ../shared/data: {seconds:.2f} s, peak RSS {peak:.0f} MiB, db {size:.0f} MiB")
    print(f"  {summary}")


def bench_import_scaling(shares: tuple[float, ...] = (0.25, 0.5, 1.0)) -> None:
    """Import time and peak memory for the first 25%, 50% and 100% of the cards and rulings."""
    with tempfile.TemporaryDirectory() as folder:
        # Cut in a child: Linux keeps a process's peak RSS across exec, so the import
        # children must not be forked from a process that held the whole pool.
        subprocess.run(
            [
                sys.executable,
                "-c",
                _CUT_CHILD,
                folder,
                *map(str, FULL_FILES[:2]),
                *map(str, shares),
            ],
            check=True,
        )
        for share in shares:
            part_cards = Path(folder) / f"cards-{share}.json"
            part_rulings = Path(folder) / f"rulings-{share}.json"
            db = Path(folder) / f"bench-{share}.sqlite3"
            seconds, peak, _ = _import_child(db, [part_cards, part_rulings, FULL_FILES[2]])
            print(f"  import {share:4.0%} of the pool: {seconds:.2f} s, peak RSS {peak:.0f} MiB")


def _typo(name: str, rng: random.Random) -> str:
    """One edit away from ``name``, never in the first letter."""
    if len(name) < 6:
        return name
    i = rng.randrange(2, len(name) - 1)
    kind = rng.choice(("drop", "swap", "double", "replace"))
    if kind == "drop":
        return name[:i] + name[i + 1 :]
    if kind == "swap":
        return name[:i] + name[i + 1] + name[i] + name[i + 2 :]
    if kind == "double":
        return name[:i] + name[i] + name[i:]
    return name[:i] + rng.choice("aeioustrn") + name[i + 1 :]


def bench_names(samples: int, baseline: int) -> None:
    from bot.errors import AmbiguousCardError, UnknownCardError
    from bot.store import Store
    from bot.store.names import NameIndex, normalize

    db = ensure_full_db()

    async def load() -> list:  # type: ignore[type-arg]
        store = await Store.open(db, read_only=True)
        try:
            return await store.all_names()
        finally:
            await store.close()

    entries = asyncio.run(load())
    started = time.perf_counter()
    index = NameIndex(entries)
    built = time.perf_counter() - started
    print(f"NameIndex over {len(index):,} names built in {built * 1000:.0f} ms")

    rng = random.Random(7)
    cards = [e.name for e in entries if not e.is_token and not e.face_of]
    picked = rng.sample(cards, min(samples, len(cards)))
    queries = {
        "exact": picked,
        "lowercase": [n.lower() for n in picked],
        "typo": [_typo(n, rng) for n in picked],
        "prefix": [n[: max(4, int(len(n) * 0.7))] for n in picked],
        "unknown": ["".join(rng.choice("qxzjvkw ") for _ in range(12)) for _ in picked],
    }
    every: list[float] = []
    for kind, names in queries.items():
        times: list[float] = []
        outcome = {"right": 0, "wrong": 0, "ambiguous": 0, "unknown": 0}
        for query, truth in zip(names, picked, strict=True):
            t0 = time.perf_counter()
            try:
                found = index.resolve(query).name
                outcome["right" if found == truth else "wrong"] += 1
            except AmbiguousCardError as exc:  # candidates shown; "listed" if truth among them
                outcome["ambiguous"] += 1
                outcome["listed"] = outcome.get("listed", 0) + (truth in exc.candidates)
            except UnknownCardError:
                outcome["unknown"] += 1
            times.append(time.perf_counter() - t0)
        times.sort()
        every += times
        shares = "  ".join(f"{k} {v / len(names):6.1%}" for k, v in outcome.items())
        print(
            f"  {kind:9} p50 {percentile(times, 50) * 1e3:6.3f} ms  "
            f"p99 {percentile(times, 99) * 1e3:6.3f} ms  {shares}"
        )
    every.sort()
    print(
        f"  {'all':9} p50 {percentile(every, 50) * 1e3:6.3f} ms  "
        f"p99 {percentile(every, 99) * 1e3:6.3f} ms  over {len(every):,} queries"
    )

    # difflib, the standard library's fuzzy matcher, on the same typos.
    keys = sorted({normalize(e.name) for e in entries})
    typos = queries["typo"][:baseline]
    t0 = time.perf_counter()
    for query in typos:
        difflib.get_close_matches(normalize(query), keys, n=1, cutoff=0.85)
    slow = (time.perf_counter() - t0) / len(typos)
    t0 = time.perf_counter()
    for query in typos:
        with contextlib.suppress(UnknownCardError, AmbiguousCardError):
            index.resolve(query)
    fast = (time.perf_counter() - t0) / len(typos)
    print(
        f"  typo baseline: difflib {slow * 1e3:.1f} ms/query vs NameIndex "
        f"{fast * 1e3:.3f} ms/query ({slow / fast:,.0f}x faster) over {len(typos)} queries"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--samples", type=int, default=2000, help="card names per query kind")
    parser.add_argument("--baseline", type=int, default=50, help="typo queries for difflib")
    parser.add_argument("--skip-import", action="store_true")
    parser.add_argument(
        "--scaling", action="store_true", help="also import 25%%, 50%% and 100%% of the pool"
    )
    args = parser.parse_args(argv)
    if not all(p.exists() for p in FULL_FILES):
        print("bench needs ../shared/data", file=sys.stderr)
        return 2
    if not args.skip_import:
        bench_import()
        if args.scaling:
            bench_import_scaling()
    bench_names(args.samples, args.baseline)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"bench process peak RSS {peak:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
