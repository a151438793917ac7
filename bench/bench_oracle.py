"""Benchmark the oracle parser: time to parse every card, and coverage per mechanic family."""

from __future__ import annotations

import argparse
import json
import time

from bench.common import DATA
from engine.card import Card
from engine.coverage import coverage
from engine.oracle import parse_card


def run(rounds: int = 3) -> dict[str, float]:
    path = DATA / "cards.json"
    if not path.exists():
        raise SystemExit("bench needs ../shared/data/cards.json")
    objects = json.loads(path.read_text(encoding="utf-8"))
    cards = [Card.from_scryfall(o) for o in objects]
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for card in cards:
            parse_card(card)
        best = min(best, time.perf_counter() - started)
    started = time.perf_counter()
    report = coverage(objects)
    figures = {
        "cards": float(len(cards)),
        "parse_all_s": best,
        "coverage_s": time.perf_counter() - started,
    }
    for name, fam in report.families.items():
        figures[f"{name}_cards"] = float(fam.cards)
        figures[f"{name}_parsed"] = float(fam.parsed)
        figures[f"{name}_percent"] = round(fam.percent, 1)
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3, help="parse passes; the best is shown")
    args = parser.parse_args(argv)
    figures = run(args.rounds)
    print(f"parse all {int(figures['cards']):,} cards: {figures['parse_all_s']:.2f} s (best)")
    print(f"coverage over the pool: {figures['coverage_s']:.2f} s")
    for name in ("kicker", "constellation", "tap_untap", "mana"):
        print(
            f"  {name:<14} {int(figures[name + '_cards']):>5} cards, "
            f"{int(figures[name + '_parsed']):>5} parsed, {figures[name + '_percent']:.1f}%"
        )


if __name__ == "__main__":
    main()
