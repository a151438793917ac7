"""Data subcommands: `import`, `card`, `cr` and `status`."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from bot.cli import builtin_cards_note, db_path
from bot.errors import AmbiguousCardError, RulesbotError, UnknownCardError
from bot.store import Store
from bot.store.importer import import_paths
from bot.store.names import NameIndex
from bot.store.records import RuleRecord

_RULE_NUMBER = re.compile(r"^\s*\d{3}(?:\.\d+[a-z]*)?\.?\s*$", re.IGNORECASE)


class UnknownRuleError(RulesbotError, LookupError):
    """No rule or glossary term matches what was asked."""


class NotLoadedError(RulesbotError, LookupError):
    """A card lookup failed on the built-in data, which holds only a few cards."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "import",
        help="import Scryfall cards/rulings (JSON, JSON lines, gzip) or the CR text",
        description="Import data files; the kind of each is detected from its content. "
        "Each dataset found replaces the stored one, all at once at the end.",
    )
    p.add_argument("files", nargs="+", type=Path, metavar="FILE")
    p.set_defaults(func=cmd_import)

    p = sub.add_parser("card", help="show a card", description="Show a card and its rulings count.")
    p.add_argument("name", nargs="+", metavar="NAME")
    p.add_argument("--json", action="store_true", help="print the Scryfall object with rulings")
    p.set_defaults(func=cmd_card)

    p = sub.add_parser(
        "cr",
        help="show a Comprehensive Rules rule or glossary term",
        description="702.33d shows that rule; 702.33 shows it with its subrules; "
        "a word shows its glossary entry.",
    )
    p.add_argument("query", nargs="+", metavar="RULE_OR_TERM")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_cr)

    p = sub.add_parser("status", help="what data is loaded and where it came from")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_status)


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False, indent=2))


async def cmd_import(args: argparse.Namespace) -> int:
    store = await Store.open(db_path(args))
    try:
        summary = await import_paths(store, list(args.files), progress=True)
    finally:
        await store.close()
    print(summary)
    return 0


async def cmd_card(args: argparse.Namespace) -> int:
    query = " ".join(args.name)
    store = await Store.open(db_path(args))
    try:
        note = await builtin_cards_note(store)
        try:
            card = await store.card_json(query)
            if card is None:
                index = NameIndex(await store.all_names())
                # Raises UnknownCardError / AmbiguousCardError with the candidates.
                resolved = index.resolve(query)
                card = await store.card_json(resolved.oracle_id)
            if card is None:
                raise UnknownCardError(query)
        except (UnknownCardError, AmbiguousCardError) as exc:
            if note is None:
                raise
            raise NotLoadedError(f"{exc.user_message} {note}") from None
        rulings = await store.rulings(card["oracle_id"]) if card.get("oracle_id") else []
    finally:
        await store.close()
    if note is not None:
        print(f"rulesbot: {note}", file=sys.stderr)
    if args.json:
        _print_json({**card, "rulings": [r.model_dump() for r in rulings]})
        return 0
    for line in _card_lines(card):
        print(line)
    count = len(rulings)
    print(f"{count} ruling{'s' if count != 1 else ''}")
    return 0


def _card_lines(card: dict[str, Any]) -> list[str]:
    faces = card.get("card_faces") or [card]
    lines: list[str] = []
    for index, face in enumerate(faces):
        if index:
            lines.append("//")
        head = face.get("name") or card.get("name", "")
        cost = face.get("mana_cost") or (card.get("mana_cost") if len(faces) == 1 else "")
        lines.append(f"{head}  {cost}".rstrip())
        type_line = face.get("type_line") or card.get("type_line")
        if type_line:
            lines.append(type_line)
        text = face.get("oracle_text", "")
        if text:
            lines.extend(text.splitlines())
        if face.get("power") is not None and face.get("toughness") is not None:
            lines.append(f"{face['power']}/{face['toughness']}")
        elif face.get("loyalty") is not None:
            lines.append(f"Loyalty: {face['loyalty']}")
    return lines


def _rule_lines(rule: RuleRecord) -> list[str]:
    return [f"{rule.number} {rule.text}", *rule.more, *rule.examples]


async def cmd_cr(args: argparse.Namespace) -> int:
    query = " ".join(args.query).strip()
    if not query:
        raise UnknownRuleError("Give a rule number (702.33d) or a glossary term (kicker).")
    if len(query) > 200:
        raise UnknownRuleError("That is too long for a rule number or glossary term.")
    store = await Store.open(db_path(args))
    try:
        if _RULE_NUMBER.match(query):
            number = query.strip().rstrip(".").lower()
            rules = await store.rule_tree(number) if not number[-1].isalpha() else []
            if not rules:
                single = await store.rule(number)
                rules = [single] if single else []
            if not rules:
                raise UnknownRuleError(f"There is no rule {number} in the stored rules.")
            if args.json:
                _print_json([r.model_dump() for r in rules])
            else:
                print("\n\n".join("\n".join(_rule_lines(r)) for r in rules))
            return 0
        entry = await store.glossary(query)
        if entry is None:
            raise UnknownRuleError(f"No rule or glossary term matches {query!r}.")
    finally:
        await store.close()
    if args.json:
        _print_json(entry.model_dump())
    else:
        print(entry.term)
        print(entry.text)
    return 0


async def cmd_status(args: argparse.Namespace) -> int:
    store = await Store.open(db_path(args))
    try:
        status = await store.status()
    finally:
        await store.close()
    if args.json:
        _print_json({"db": str(store.path), **status.model_dump()})
        return 0
    print(f"Database: {store.path}")
    print(
        f"Cards: {status.cards:,}  Rulings: {status.rulings:,}  Rules: {status.rules:,}  "
        f"Glossary terms: {status.glossary:,}"
    )
    print(f"Comprehensive Rules effective: {status.cr_effective or 'unknown'}")
    for source in status.sources:
        print(
            f"  {source.dataset}: {source.count:,} from {source.source} (loaded {source.loaded_at})"
        )
    if status.using_builtin:
        print(
            "Using the small built-in data set for some data; run `rulesbot sync` or "
            "`rulesbot import FILE...` for the full card pool and rules.",
            file=sys.stdout,
        )
    return 0
