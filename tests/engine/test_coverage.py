"""Coverage report: family detection independent of the parser, counts, JSON shape, real data."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from engine.abilities import ParsedFace
from engine.card import Card
from engine.coverage import FAMILIES, CoverageCounter, CoverageReport, coverage, expected

CARDS = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cards.json"


def card(name: str, text: str, type_line: str = "Creature — Test", **extra: Any) -> dict[str, Any]:
    return {"name": name, "type_line": type_line, "oracle_text": text, **extra}


KICKER = card(
    "Ana Battlemage",
    "Kicker {2}{U} and/or {1}{B}\n"
    "When this creature enters, if it was kicked with its {2}{U} kicker, target player "
    "discards three cards.\n"
    "When this creature enters, if it was kicked with its {1}{B} kicker, tap target untapped "
    "creature and it deals damage equal to its power to its controller.",
    keywords=["Kicker"],
)
EIDOLON = card(
    "Eidolon of Blossoms",
    "Constellation — Whenever this creature or another enchantment you control enters, draw "
    "a card.",
    keywords=["Constellation"],
)
POOL = card(
    "Reflecting Pool",
    "{T}: Add one mana of any type that a land you control could produce.",
    type_line="Land",
    produced_mana=["W", "U", "B", "R", "G", "C"],
)
TUNDRA = card(
    "Tundra", "({T}: Add {W} or {U}.)", type_line="Land — Plains Island", produced_mana=["W", "U"]
)
LANTERN = card(
    "Chromatic Lantern",
    'Lands you control have "{T}: Add one mana of any color."\n{T}: Add one mana of any color.',
    type_line="Artifact",
    produced_mana=["W", "U", "B", "R", "G"],
)
GUILDMARK = card("Guildmark", "{T}: Add one mana of your guild's colors.", type_line="Artifact")
VANILLA = card("Grizzly Bears", "")


def families_of(obj: dict[str, Any]) -> set[str]:
    return {f for f, found in expected(Card.from_scryfall(obj)).items() if found}


@pytest.mark.parametrize(
    ("obj", "families"),
    [
        (KICKER, {"kicker"}),
        (EIDOLON, {"constellation"}),
        (POOL, {"tap_untap", "mana"}),
        (TUNDRA, {"mana"}),
        (LANTERN, {"tap_untap", "mana"}),
        (GUILDMARK, {"tap_untap", "mana"}),
        (VANILLA, set()),
        (card("Aura", "When this enchantment enters, draw a card.", "Enchantment"), set()),
        (card("Pump", "{1}: This creature gets +1/+1 until end of turn."), set()),
        (card("Relic", "{Q}: Draw a card."), {"tap_untap"}),
        (card("Walker", "+1: Add {R}{R}.", "Legendary Planeswalker — Test"), set()),
        (
            card("Goggles", "{T}: Add {R}. When you next cast a spell, copy it."),
            {"tap_untap", "mana"},
        ),
        (
            card("Ajani's Chosen", "Whenever an enchantment you control enters, draw a card."),
            {"constellation"},
        ),
    ],
)
def test_families_come_from_the_text(obj: dict[str, Any], families: set[str]) -> None:
    assert families_of(obj) == families


def test_counts_and_failures() -> None:
    report = coverage([KICKER, EIDOLON, POOL, TUNDRA, LANTERN, GUILDMARK, VANILLA])
    fams = report.families
    assert (fams["kicker"].cards, fams["kicker"].parsed) == (1, 1)
    assert (fams["constellation"].cards, fams["constellation"].parsed) == (1, 1)
    assert (fams["mana"].cards, fams["mana"].parsed) == (4, 3)
    assert fams["mana"].failures == ["Guildmark"]
    assert (fams["tap_untap"].cards, fams["tap_untap"].parsed) == (3, 3)


def test_a_parser_that_finds_nothing_fails_every_card() -> None:
    def nothing(c: Card) -> tuple[ParsedFace, ...]:
        return tuple(ParsedFace(name=f.name) for f in c.faces)

    report = coverage([KICKER, EIDOLON, POOL, TUNDRA, LANTERN], parse=nothing)
    for name in FAMILIES:
        fam = report.families[name]
        assert fam.parsed == 0
        assert len(fam.failures) == fam.cards


def test_only_kicker_line_without_condition_is_still_counted() -> None:
    # The kicked condition has a clause no pattern knows: the card must fail.
    odd = card(
        "Odd Kicker",
        "Kicker {1}\nDraw a card. Then if it was kicked and you control a Wizard, draw two cards.",
        keywords=["Kicker"],
    )
    plain = card("Plain Kicker", "Kicker {1}\nDraw a card.", keywords=["Kicker"])
    report = coverage([odd, plain])
    assert report.families["kicker"].cards == 2
    assert report.families["kicker"].failures == ["Odd Kicker"]


def test_json_shape() -> None:
    counter = CoverageCounter()
    for obj in (KICKER, GUILDMARK):
        counter.add(obj)
    data = json.loads(json.dumps(counter.report().as_json()))
    assert list(data) == ["families"]
    assert list(data["families"]) == list(FAMILIES)
    for fam in data["families"].values():
        assert set(fam) == {"cards", "parsed", "percent", "failures"}
    assert data["families"]["mana"] == {
        "cards": 1,
        "parsed": 0,
        "percent": 0.0,
        "failures": ["Guildmark"],
    }
    assert data["families"]["constellation"]["percent"] == 100.0


# ---------------------------------------------------------------- the real card pool


@pytest.fixture(scope="module")
def real() -> tuple[list[dict[str, Any]], CoverageReport]:
    if not CARDS.exists():
        pytest.skip("../shared/data/cards.json is not available")
    cards = json.loads(CARDS.read_text(encoding="utf-8"))
    return cards, coverage(cards)


def test_real_pool_reaches_95_percent(real: tuple[list[dict[str, Any]], CoverageReport]) -> None:
    _, report = real
    for name, fam in report.families.items():
        assert fam.cards > 0, name
        assert fam.percent >= 95.0, (name, fam.parsed, fam.cards, fam.failures[:20])


def test_real_pool_family_sizes(real: tuple[list[dict[str, Any]], CoverageReport]) -> None:
    cards, report = real
    kicker = sum(1 for c in cards if {"Kicker", "Multikicker"} & set(c.get("keywords", [])))
    constellation = sum(1 for c in cards if "Constellation" in c.get("keywords", []))
    assert report.families["kicker"].cards == kicker
    assert report.families["constellation"].cards > constellation
    add = re.compile(r"^[^\"\n(]*: Add\b", re.M)
    with_add = sum(
        1
        for c in cards
        if add.search(
            "\n".join(
                [c.get("oracle_text", "")]
                + [f.get("oracle_text", "") for f in c.get("card_faces", [])]
            )
        )
    )
    # Mana: the activated "...: Add" abilities plus basic land types' intrinsic ones.
    assert report.families["mana"].cards >= with_add


@pytest.mark.parametrize(
    "name",
    [
        "Reflecting Pool",
        "Exotic Orchard",
        "Fellwar Stone",
        "Naga Vitalist",
        "Harvester Druid",
        "Sylvok Explorer",
        "Squandered Resources",
        "Ana Battlemage",
        "Goldenhide Ox",
        "Eidolon of Blossoms",
        "Doomwake Giant",
        "Tundra",
        "Dryad Arbor",
    ],
)
def test_priority_cards_parse(real: tuple[list[dict[str, Any]], CoverageReport], name: str) -> None:
    cards, report = real
    assert any(c["name"] == name for c in cards)
    for fam in report.families.values():
        assert name not in fam.failures
