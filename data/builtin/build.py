"""Build the built-in data set from the full card, rulings and rules files.

Usage: python data/builtin/build.py [DATA_DIR]   (default: ../shared/data)

Writes cards.json, rulings.json and rules.json next to this script: the few cards
the seed documents and common questions name, their rulings, and the CR rules the
engine cites (from ``engine.ruling.Rule``) with their parents and short subrule lists.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))

from bot.store.crtext import (  # noqa: E402
    ParsedEffective,
    ParsedGlossary,
    ParsedRule,
    parent_of,
    parse_cr,
    rule_sort_key,
)
from engine.ruling import Rule  # noqa: E402

CARDS = [
    "Ana Battlemage",
    "Goldenhide Ox",
    "Eidolon of Blossoms",
    "Doomwake Giant",
    "Llanowar Elves",
    "Reflecting Pool",
    "Exotic Orchard",
    "Ancient Tomb",
    "Forest",
    "Island",
    "Swamp",
    "Mountain",
    "Plains",
    "Fellwar Stone",
    "Naga Vitalist",
    "Mana Reflection",
    "Contamination",
    "Heartbeat of Spring",
    "Zendikar Resurgent",
    "Leyline of Abundance",
    "Chromatic Lantern",
    "Blood Moon",
    "Tundra",
    "Dryad Arbor",
    "Sylvok Lifestaff",
    "Harvester Druid",
    "Mirari's Wake",
    "Grizzly Bears",
    "Mind Stone",
    "Lotus Cobra",
    "Shivan Dragon",
    "Vizier of Tumbling Sands",
    "Squandered Resources",
    "Incubation Druid",
    "Fork",
    "Delver of Secrets",
    "Birds of Paradise",
    "Sol Ring",
]

# Only the fields the engine and the card display read.
CARD_FIELDS = (
    "object",
    "id",
    "oracle_id",
    "name",
    "lang",
    "layout",
    "mana_cost",
    "cmc",
    "type_line",
    "oracle_text",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "colors",
    "color_indicator",
    "color_identity",
    "keywords",
    "produced_mana",
    "card_faces",
    "released_at",
    "set",
)
FACE_FIELDS = (
    "object",
    "name",
    "mana_cost",
    "type_line",
    "oracle_text",
    "colors",
    "color_indicator",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "oracle_id",
)
GLOSSARY = [
    "Kicker, Kicked",
    "Multikicker",
    "Constellation",
    "Bestow",
    "Mana Ability",
    "Tap",
    "Tapped",
    "Tap Symbol",
    "Untap",
    "Untapped",
    "Untap Symbol",
    "Haste",
    "Summoning Sickness Rule",
    "Mana",
    "Aura",
    "Convoke",
]
# A rule with no more subrules than this keeps them all in the built-in set.
MAX_SUBRULES = 10
# Section titles ("115", "702") also come in, for the "see rule 115" kind of reference.


def _trim(obj: dict[str, object], fields: tuple[str, ...]) -> dict[str, object]:
    return {k: obj[k] for k in fields if k in obj}


def build_cards(data: Path) -> tuple[list[dict[str, object]], set[str]]:
    wanted = set(CARDS)
    found: dict[str, dict[str, object]] = {}
    with (data / "cards.json").open(encoding="utf-8") as handle:
        for card in json.load(handle):
            name = card.get("name", "")
            # Double-faced cards are named "Front // Back"; the list names the front.
            front = name.split(" // ", 1)[0]
            key = name if name in wanted else front
            exact_seen = key in found and found[key].get("name") == key
            if key in wanted and card.get("layout") != "token" and not exact_seen:
                trimmed = _trim(card, CARD_FIELDS)
                if "card_faces" in trimmed:
                    trimmed["card_faces"] = [_trim(f, FACE_FIELDS) for f in card["card_faces"]]
                found[key] = trimmed
    missing = wanted - set(found)
    if missing:
        print(f"not in cards.json, skipped: {', '.join(sorted(missing))}", file=sys.stderr)
    cards = [found[name] for name in CARDS if name in found]
    return cards, {str(c["oracle_id"]) for c in cards}


def build_rulings(data: Path, oracle_ids: set[str]) -> list[dict[str, object]]:
    with (data / "rulings.json").open(encoding="utf-8") as handle:
        return [
            {
                k: r[k]
                for k in ("object", "oracle_id", "card_name", "source", "published_at", "comment")
            }
            for r in json.load(handle)
            if r["oracle_id"] in oracle_ids
        ]


def build_rules(data: Path) -> dict[str, object]:
    rules: dict[str, ParsedRule] = {}
    glossary: dict[str, str] = {}
    effective = None
    with (data / "comprules.txt").open(encoding="utf-8-sig") as handle:
        for item in parse_cr(handle):
            if isinstance(item, ParsedRule):
                rules[item.number] = item
            elif isinstance(item, ParsedGlossary):
                glossary[item.term] = item.text
            elif isinstance(item, ParsedEffective):
                effective = item.effective.isoformat()

    keep: set[str] = set()
    for cited in Rule:
        number = cited.value
        if number not in rules:
            print(f"rule {number} is not in the CR", file=sys.stderr)
            continue
        keep.add(number)
        parent = parent_of(number)
        while parent:
            keep.add(parent)
            parent = parent_of(parent)
        if not number[-1].isalpha() and "." in number:
            subrules = [n for n in rules if parent_of(n) == number]
            if len(subrules) <= MAX_SUBRULES:
                keep.update(subrules)
    records = []
    for number in sorted(keep & set(rules), key=rule_sort_key):
        rule = rules[number]
        record: dict[str, object] = {"number": number, "text": rule.text}
        if rule.examples:
            record["examples"] = rule.examples
        if rule.more:
            record["more"] = rule.more
        records.append(record)
    entries = [{"term": t, "text": glossary[t]} for t in GLOSSARY if t in glossary]
    return {"effective": effective, "rules": records, "glossary": entries}


def write(name: str, obj: object) -> int:
    text = json.dumps(obj, ensure_ascii=False, indent=0, sort_keys=False) + "\n"
    (HERE / name).write_text(text, encoding="utf-8")
    return len(text.encode("utf-8"))


def main(argv: list[str]) -> int:
    data = Path(argv[1]) if len(argv) > 1 else ROOT.parent / "shared" / "data"
    if not (data / "cards.json").is_file():
        print(f"no cards.json in {data}", file=sys.stderr)
        return 2
    cards, oracle_ids = build_cards(data)
    rulings = build_rulings(data, oracle_ids)
    rules = build_rules(data)
    sizes = {
        "cards.json": write("cards.json", cards),
        "rulings.json": write("rulings.json", rulings),
        "rules.json": write("rules.json", rules),
    }
    total = sum(sizes.values())
    print(
        f"{len(cards)} cards, {len(rulings)} rulings, {len(rules['rules'])} rules, "  # type: ignore[arg-type]
        f"{len(rules['glossary'])} glossary terms; {total / 1024:.0f} KiB"  # type: ignore[arg-type]
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
