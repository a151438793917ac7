"""Split the players' corpus: a fixed fifth by seeded hash goes to heldout/, never tuned on."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WORKING = HERE / "players.jsonl"
HELDOUT = HERE / "heldout" / "players.jsonl"
# Chosen once, before any tuning on the corpus; changing it would leak held-out rows.
SEED = "rulesbot-players-2026-12-01"


def held_out(row_id: str) -> bool:
    """One row in five, by a hash of the seed and the row's id: stable as rows are added."""
    digest = hashlib.sha256(f"{SEED}:{row_id}".encode()).digest()
    return digest[0] % 5 == 0


def rows(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def write(path: Path, items: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in items)
    path.write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    """Re-split every row (plus any new rows in the files given) and rewrite both files."""
    everything = rows(WORKING) + rows(HELDOUT)
    for extra in argv:
        everything += rows(Path(extra))
    seen: set[str] = set()
    unique = []
    for row in everything:
        if row["id"] not in seen:
            seen.add(row["id"])
            unique.append(row)
    unique.sort(key=lambda r: r["id"])
    write(WORKING, [r for r in unique if not held_out(r["id"])])
    write(HELDOUT, [r for r in unique if held_out(r["id"])])
    print(f"{len(unique)} rows: {sum(held_out(r['id']) for r in unique)} held out")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
