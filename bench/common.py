"""Shared pieces of the benchmarks: the shared data paths, a full database, percentiles."""

from __future__ import annotations

import asyncio
import math
import os
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
DATA = SHARED / "data"
FULL_FILES = [DATA / "cards.json", DATA / "rulings.json", DATA / "comprules.txt"]
# RULESBOT_BENCH_DB picks another file, e.g. for a checkout with a different schema.
CACHE = Path(
    os.environ.get("RULESBOT_BENCH_DB") or Path(tempfile.gettempdir()) / "rulesbot-bench.sqlite3"
)


def percentile(sorted_values: list[float], pct: float) -> float:
    """Nearest-rank percentile of already sorted values."""
    if not sorted_values:
        return math.nan
    rank = max(1, math.ceil(pct / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def ensure_full_db(path: Path = CACHE) -> Path:
    """A database with ../shared/data imported, built once and reused."""
    if not all(p.exists() for p in FULL_FILES):
        raise SystemExit("bench needs ../shared/data (cards.json, rulings.json, comprules.txt)")

    async def build() -> bool:
        from bot.store import Store
        from bot.store.importer import import_paths

        store = await Store.open(path)
        try:
            status = await store.status()
            if status.cards >= 30_000 and status.cr_effective:
                return False
            await import_paths(store, FULL_FILES)
            return True
        finally:
            await store.close()

    asyncio.run(build())
    return path
