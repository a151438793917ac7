"""Refresh the working split's gap marks: rows the bot doesn't answer right yet, with why.

Run after a change that answers more rows (the players' test then says which marks to drop):
`python -m tests.ask.questions.mark_gaps --db DB`. It never marks a row answered wrong:
those it lists and exits 1, since a wrong answer is a defect to fix, not a gap to record.
It never reads the held-out split.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from bench.scoring import OK, WRONG, judge
from bot.ask.pipeline import AskService
from bot.store import Store
from bot.store.catalog import Catalog

HERE = Path(__file__).resolve().parent
WORKING = HERE / "players.jsonl"


async def mark(db: Path) -> int:
    rows = [json.loads(line) for line in WORKING.read_text(encoding="utf-8").splitlines() if line]
    store = await Store.open(db)
    wrong: list[str] = []
    try:
        service = await AskService.create(Catalog(store))
        for row in rows:
            answer = await service.ask(row["question"])
            cits = [c.model_dump() for c in answer.citations]
            status = judge(row, answer.verdict, cits, {}).status
            row.pop("gap", None)
            if status == WRONG:
                wrong.append(f"{row['id']}: {answer.verdict!r}, expected {row['verdict']!r}")
            elif status != OK:
                row["gap"] = answer.summary[:160] or "no verdict"
    finally:
        await store.close()
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    WORKING.write_text(text, encoding="utf-8")
    gaps = sum("gap" in r for r in rows)
    print(
        f"{len(rows)} rows: {len(rows) - gaps - len(wrong)} right, {gaps} gaps, {len(wrong)} wrong"
    )
    for line in wrong:
        print(f"WRONG {line}", file=sys.stderr)
    return 1 if wrong else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--db", type=Path, required=True, help="a database with the full data")
    return asyncio.run(mark(ap.parse_args().db))


if __name__ == "__main__":
    sys.exit(main())
