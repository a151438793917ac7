"""Score the players' corpus (or any dev-set style file) in process: `python -m bench.corpus`.

Prints score.py's summary line for each split, and one per family, answering with the
real pipeline (AskService on a Store). Without --db it uses the full shared data (imported
once into a cached file), or the tests' fixture pool when ../shared/data is absent.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench.common import DATA, FULL_FILES, REPO, ensure_full_db
from bench.scoring import OK, Tally, judge, load_rules

QUESTIONS = REPO / "tests" / "ask" / "questions"
SPLITS = {
    "working": [QUESTIONS / "players.jsonl"],
    "heldout": [QUESTIONS / "heldout" / "players.jsonl"],
}
SPLITS["all"] = SPLITS["working"] + SPLITS["heldout"]
FIXTURE = REPO / "tests" / "ask" / "fixtures"
FIXTURE_FILES = [FIXTURE / "cards.json", FIXTURE / "rulings.json", FIXTURE / "comprules.txt"]


def load_items(path: Path) -> list[dict[str, Any]]:
    """The rows of a JSON-lines file: id, question, kind, verdict, refs (family, alt optional)."""
    items = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        item = json.loads(line)
        missing = [k for k in ("id", "question", "kind") if k not in item]
        if missing:
            raise SystemExit(f"{path}:{number}: no {', '.join(missing)}")
        items.append(item)
    return items


def default_db() -> tuple[Path, str]:
    if all(p.is_file() for p in FULL_FILES):
        return ensure_full_db(), "the full shared data"
    path = Path(tempfile.gettempdir()) / "rulesbot-corpus-fixture.sqlite3"

    async def build() -> None:
        from bot.store import Store
        from bot.store.importer import import_paths

        store = await Store.open(path)
        try:
            await import_paths(store, FIXTURE_FILES)
        finally:
            await store.close()

    asyncio.run(build())
    return path, "the tests' fixture pool (../shared/data is absent)"


def _line(status: str, item: dict[str, Any], got: Any, cits: list[dict[str, Any]]) -> str:
    return (
        f"{status:9} {item['id']:8} expected={item.get('verdict')!r} got={got!r} "
        f"cites={[c.get('ref') for c in cits][:5]} :: {item['question']}"
    )


async def score_files(
    db: Path, files: Sequence[Path], rules: dict[str, str], show: str
) -> list[str]:
    """Answer every file's questions; print the rows asked for; return the summary lines."""
    from bot.ask.pipeline import AskService
    from bot.store import Store
    from bot.store.catalog import Catalog

    store = await Store.open(db)
    summaries: list[str] = []
    try:
        service = await AskService.create(Catalog(store))
        for path in files:
            items = load_items(path)
            total = Tally()
            families: dict[str, Tally] = {}
            started = time.perf_counter()
            for item in items:
                answer = await service.ask(str(item["question"]).replace("\n", " "))
                cits = [c.model_dump() for c in answer.citations]
                judged = judge(item, answer.verdict, cits, rules)
                total.add(judged)
                families.setdefault(str(item.get("family", "-")), Tally()).add(judged)
                if show == "all" or (show == "fail" and judged.status != OK):
                    print(_line(judged.status, item, answer.verdict, cits))
                elif show == "fail" and not judged.cited:
                    print(
                        f"{'nocite':9} {item['id']:8} expected refs {item.get('refs')} got "
                        f"{[c.get('ref') for c in cits][:5]} :: {item['question']}"
                    )
            elapsed = time.perf_counter() - started
            try:
                name = str(path.relative_to(REPO))
            except ValueError:
                name = str(path)
            summaries.append(f"{name}: {total.summary(elapsed)}")
            if len(families) > 1:
                summaries += [f"  {f}: {t.summary()}" for f, t in sorted(families.items())]
    finally:
        await store.close()
    return summaries


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    ap.add_argument("files", nargs="*", type=Path, help="JSON-lines files (default: --split)")
    ap.add_argument("--db", type=Path, help="a rulesbot database (default: see above)")
    ap.add_argument("--split", choices=sorted(SPLITS), default="all")
    ap.add_argument("--show", choices=["all", "fail", "none"], default="fail")
    ap.add_argument(
        "--rules", type=Path, help="CR text for the verbatim check (default: the shared CR)"
    )
    args = ap.parse_args(argv)
    files = list(args.files) or [p for p in SPLITS[args.split] if p.is_file()]
    if not files:
        print(f"no question files for the {args.split} split", file=sys.stderr)
        return 2
    if args.db:
        db, where = args.db, str(args.db)
    else:
        db, where = default_db()
    cr = args.rules or (DATA / "comprules.txt")
    rules = load_rules(cr if cr.is_file() else FIXTURE / "comprules.txt")
    print(f"answering with {where}", file=sys.stderr)
    for line in asyncio.run(score_files(db, files, rules, args.show)):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
