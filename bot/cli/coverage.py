"""The `coverage` subcommand: how much oracle text per mechanic family the parser understands."""

from __future__ import annotations

import argparse
import json

from bot.cli import db_path
from bot.store import Store
from engine.coverage import CoverageCounter, CoverageReport

_SHOWN_FAILURES = 8


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "coverage",
        help="how much oracle text the parser turns into typed abilities",
        description="Parse every stored card and report, per mechanic family (kicker, "
        "constellation, tap_untap, mana), how many cards have such text, how many the "
        "parser understood fully, and which it did not.",
    )
    p.add_argument("--json", action="store_true", help="print JSON with every failure")
    p.set_defaults(func=cmd_coverage)


async def cmd_coverage(args: argparse.Namespace) -> int:
    counter = CoverageCounter()
    store = await Store.open(db_path(args))
    try:
        async for card in store.iter_cards_json():
            counter.add(card)
    finally:
        await store.close()
    report = counter.report()
    if args.json:
        print(json.dumps(report.as_json(), ensure_ascii=False, indent=2))
    else:
        print(format_table(report))
    return 0


def format_table(report: CoverageReport) -> str:
    """A plain-text table, with the first few failures of each family."""
    rows = [f"{'family':<14} {'cards':>6} {'parsed':>7} {'%':>6}  failures"]
    for name, fam in report.families.items():
        shown = ", ".join(fam.failures[:_SHOWN_FAILURES])
        more = len(fam.failures) - _SHOWN_FAILURES
        if more > 0:
            shown += f" (+{more} more)"
        rows.append(
            f"{name:<14} {fam.cards:>6} {fam.parsed:>7} {fam.percent:>5.1f}%  {shown or '-'}"
        )
    return "\n".join(rows)
