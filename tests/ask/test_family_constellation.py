"""The constellation family handler: enchantments entering, Auras and bestow, trigger order, blocking."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ask.families.constellation import (
    CONSTELLATION_REFERENCE,
    MUST_BE_BLOCKED_REFERENCE,
    ConstellationHandler,
)
from bot.ask.pipeline import best_scenario
from bot.ask.question import CardMention, Question, Scenario, mention_for
from engine.card import Card
from tests.ask.pool import fixture_pool
from tests.ask.pool import pool as _pool

_CONSTELLATION = (
    "Constellation — Whenever this creature or another enchantment you control enters, "
)
HAND: dict[str, dict[str, Any]] = {
    "Eidolon of Blossoms": {
        "name": "Eidolon of Blossoms",
        "mana_cost": "{2}{G}{G}",
        "type_line": "Enchantment Creature — Spirit",
        "keywords": ["Constellation"],
        "oracle_text": _CONSTELLATION + "draw a card.",
    },
    "Doomwake Giant": {
        "name": "Doomwake Giant",
        "mana_cost": "{4}{B}",
        "type_line": "Enchantment Creature — Giant",
        "keywords": ["Constellation"],
        "oracle_text": _CONSTELLATION
        + "creatures your opponents control get -1/-1 until end of turn.",
    },
    "Goldenhide Ox": {
        "name": "Goldenhide Ox",
        "mana_cost": "{5}{G}",
        "type_line": "Enchantment Creature — Ox",
        "keywords": ["Constellation"],
        "oracle_text": _CONSTELLATION + "target creature must be blocked this turn if able.",
    },
    "Lure": {
        "name": "Lure",
        "mana_cost": "{1}{G}{G}",
        "type_line": "Enchantment — Aura",
        "keywords": ["Enchant"],
        "oracle_text": "Enchant creature\nAll creatures able to block enchanted creature do so.",
    },
    "Boon Satyr": {
        "name": "Boon Satyr",
        "mana_cost": "{1}{G}{G}",
        "type_line": "Enchantment Creature — Satyr",
        "keywords": ["Flash", "Bestow"],
        "oracle_text": (
            "Flash\nBestow {3}{G}{G} (If you cast this card for its bestow cost, it's an Aura "
            "spell with enchant creature. It becomes a creature again if it's not attached.)\n"
            "Enchanted creature gets +4/+2."
        ),
    },
    "Pacifism": {
        "name": "Pacifism",
        "mana_cost": "{1}{W}",
        "type_line": "Enchantment — Aura",
        "keywords": ["Enchant"],
        "oracle_text": "Enchant creature\nEnchanted creature can't attack or block.",
    },
    "Grizzly Bears": {
        "name": "Grizzly Bears",
        "mana_cost": "{1}{G}",
        "type_line": "Creature — Bear",
        "oracle_text": "",
    },
}


def _mentions(
    text: str, names: tuple[str, ...], source: dict[str, dict[str, Any]]
) -> list[CardMention]:
    out: list[CardMention] = []
    folded = text.casefold()
    for name in names:
        obj = source.get(name) or source[name.casefold()]
        card = Card.from_scryfall(obj)
        start = folded.find(name.casefold())
        assert start >= 0, f"{name!r} not written in {text!r}"
        while start >= 0:
            out.append(mention_for(card, text[start : start + len(name)], start, start + len(name)))
            start = folded.find(name.casefold(), start + len(name))
    return out


def _best(text: str, names: tuple[str, ...] = (), pool: bool = False) -> Scenario | None:
    if pool:
        cards = fixture_pool()
        mentions = _mentions(text, names, cards)
    else:
        mentions = _mentions(text, names, HAND)
    q = Question.build(text, cards=mentions)
    return best_scenario(ConstellationHandler().scenarios(q))


EIDOLON = ("Eidolon of Blossoms",)
GIANT = ("Doomwake Giant",)
OX = ("Goldenhide Ox",)

CASES: list[tuple[str, tuple[str, ...], str, str | None, str]] = [
    # what enters, and under whose control
    (
        "Does constellation trigger when an enchantment creature enters under my control?",
        (),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "does constelation trigger when an enchantment creature enters under my control",
        (),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Does Eidolon of Blossoms trigger when my opponent casts an enchantment?",
        EIDOLON,
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does Eidolon of Blossoms trigger if my opponent plays an enchantment?",
        EIDOLON,
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "does eidolon of blossoms trigger when an enchantment enters under my opponent's control",
        EIDOLON,
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does constellation trigger if my opponent's enchantment enters?",
        (),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does Doomwake Giant trigger when I create an enchantment token?",
        GIANT,
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Does constellation trigger on an enchantment token I create?",
        (),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "If I return an enchantment from my graveyard to the battlefield, does Eidolon of Blossoms "
        "trigger?",
        EIDOLON,
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "If I reanimate an enchantment creature, does constelation trigger?",
        (),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "If Pacifism is put onto the battlefield under my control, does Doomwake Giant trigger?",
        ("Doomwake Giant", "Pacifism"),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Does Doomwake Giant trigger when Pacifism enters under my control?",
        ("Doomwake Giant", "Pacifism"),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Does Doomwake Giant trigger when Grizzly Bears enters?",
        ("Doomwake Giant", "Grizzly Bears"),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does Eidolon of Blossoms trigger when Doomwake Giant enters?",
        ("Eidolon of Blossoms", "Doomwake Giant"),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Does Eidolon of Blossoms trigger when it enters itself?",
        EIDOLON,
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Does constellation trigger when a Saga enters under my control?",
        (),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Does constellation trigger when an enchantment phases in?",
        (),
        "constellation_enters",
        "no",
        "702.26d",
    ),
    (
        "If a creature becomes an enchantment, does constellation trigger?",
        (),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "If I gain control of my opponent's enchantment, does constellation trigger?",
        (),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does constellation trigger when a non-enchantment creature enters?",
        (),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does constellation trigger when an artifact enters?",
        (),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does constellation trigger when I cast an enchantment?",
        (),
        "constellation_enters",
        None,
        "",
    ),
    (
        "Does constellation trigger when an enchantment is returned to my hand?",
        (),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does Eidolon of Blossoms trigger when an enchantment I control dies?",
        EIDOLON,
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "If I exile an enchantment and return it to the battlefield, does constellation trigger?",
        (),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    # several constellation permanents, several enchantments
    (
        "I control two permanents with constellation and an enchantment enters under my control. "
        "Do both trigger?",
        (),
        "constellation_each_triggers",
        "yes",
        "603.2",
    ),
    (
        "I control Eidolon of Blossoms and Doomwake Giant. An enchantment enters under my control. "
        "Do both trigger?",
        ("Eidolon of Blossoms", "Doomwake Giant"),
        "constellation_each_triggers",
        "yes",
        "603.3b",
    ),
    (
        "I have two Eidolon of Blossoms and cast Pacifism; it resolves. Do both Eidolons trigger?",
        ("Eidolon of Blossoms", "Pacifism"),
        "constellation_each_triggers",
        "yes",
        "603.2",
    ),
    (
        "Two Eidolon of Blossoms enter at the same time. How many cards do I draw?",
        EIDOLON,
        "constellation_simultaneous",
        "4",
        "603.6a",
    ),
    (
        "If Eidolon of Blossoms and another enchantment enter at the same time, does Eidolon of "
        "Blossoms trigger for both?",
        EIDOLON,
        "constellation_simultaneous",
        "yes",
        "603.6a",
    ),
    (
        "How many times does Eidolon of Blossoms trigger if three enchantments enter at once?",
        EIDOLON,
        "constellation_simultaneous",
        "3",
        "603.6a",
    ),
    (
        "How many cards do I draw with Eidolon of Blossoms if two enchantments enter at once?",
        EIDOLON,
        "constellation_simultaneous",
        "2",
        "603.2",
    ),
    # Auras and bestow
    (
        "If the target of my bestow Aura spell is removed in response, does constellation still "
        "trigger?",
        (),
        "constellation_aura_illegal_target",
        "yes",
        "702.103",
    ),
    (
        "If the target of my bestowed Boon Satyr dies in response, does Eidolon of Blossoms trigger?",
        ("Boon Satyr", "Eidolon of Blossoms"),
        "constellation_aura_illegal_target",
        "yes",
        "702.103e",
    ),
    (
        "Does an Aura with bestow trigger constellation if its target is gone?",
        (),
        "constellation_aura_illegal_target",
        "yes",
        "608.3b",
    ),
    (
        "If a normal Aura spell's target is illegal when it tries to resolve, does constellation "
        "trigger?",
        (),
        "constellation_aura_illegal_target",
        "no",
        "608.3",
    ),
    (
        "my aura's target got removed in response, does constellation trigger?",
        (),
        "constellation_aura_illegal_target",
        "no",
        "608.3b",
    ),
    (
        "If my non-bestow aura's target leaves the battlefield before it resolves does constellation "
        "trigger?",
        (),
        "constellation_aura_illegal_target",
        "no",
        "608.3b",
    ),
    (
        "If I bestow Boon Satyr and the creature is exiled in response, does Boon Satyr still "
        "resolve?",
        ("Boon Satyr",),
        "constellation_aura_illegal_target",
        "yes",
        "702.103e",
    ),
    (
        "If Boon Satyr is cast bestowed and the target creature gets hexproof, is Boon Satyr "
        "countered?",
        ("Boon Satyr",),
        "constellation_aura_illegal_target",
        "no",
        "608.3b",
    ),
    (
        "If the creature enchanted by my bestowed Boon Satyr dies, does Boon Satyr becoming a creature "
        "trigger constellation?",
        ("Boon Satyr",),
        "constellation_bestow_unattached",
        "no",
        "702.103f",
    ),
    (
        "Boon Satyr is cast bestowed and resolves. Does Eidolon of Blossoms trigger?",
        ("Boon Satyr", "Eidolon of Blossoms"),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Pacifism's target gets exiled in response. Does Pacifism enter the battlefield?",
        ("Pacifism",),
        "constellation_aura_illegal_target",
        "no",
        "608.3b",
    ),
    (
        "Pacifism's target gets exiled in response. Is Pacifism countered?",
        ("Pacifism",),
        "constellation_aura_illegal_target",
        "yes",
        "608.3b",
    ),
    (
        "Does my opponent's constellation trigger when my enchantment enters?",
        (),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "If my opponent casts an enchantment creature, does my Eidolon of Blossoms trigger?",
        EIDOLON,
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "does constellation trigger off enchantment creatures?",
        (),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Will Eidolon of Blossoms draw me a card when an enchantment creature enters under my control?",
        EIDOLON,
        "constellation_enters",
        "yes",
        "603.2",
    ),
    ("Does Eidolon of Blossoms trigger on cast?", EIDOLON, "constellation_enters", "no", "603.2"),
    (
        "When I control Eidolon of Blossoms and my opponent controls Doomwake Giant, does Doomwake Giant "
        "trigger when my enchantment enters?",
        ("Eidolon of Blossoms", "Doomwake Giant"),
        "constellation_enters",
        "no",
        "603.2",
    ),
    (
        "Does bestowing a creature onto my creature trigger constellation?",
        (),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    # trigger order
    (
        "When several constellation abilities trigger at once, do I choose the order they go on the "
        "stack?",
        (),
        "constellation_order",
        "yes",
        "603.3b",
    ),
    (
        "Do I get to choose the order of my constellation triggers?",
        (),
        "constellation_order",
        "yes",
        "603.3b",
    ),
    (
        "Does my opponent choose the order of my constellation triggers?",
        (),
        "constellation_order",
        "no",
        "603.3b",
    ),
    (
        "Do I choose the order for my constellation triggers when Doomwake Giant and Eidolon of "
        "Blossoms both trigger?",
        ("Doomwake Giant", "Eidolon of Blossoms"),
        "constellation_order",
        "yes",
        "405.5",
    ),
    (
        "When an enchantment enters, do my constellation triggers resolve in the order I put them on "
        "the stack?",
        (),
        "constellation_order",
        "no",
        "405.5",
    ),
    # must be blocked
    (
        "Goldenhide Ox targets my attacker. Can my opponent choose not to block it at all if they have "
        "an untapped creature?",
        OX,
        "must_be_blocked_decline",
        "no",
        "509.1c",
    ),
    (
        "Can two creatures block a creature that must be blocked if able?",
        (),
        "must_be_blocked_several_blockers",
        "yes",
        "509.1c",
    ),
    (
        "If two creatures must be blocked if able and the defending player has just one untapped "
        "creature, must it block one of them?",
        (),
        "must_be_blocked_specific",
        "yes",
        "509.1c",
    ),
    (
        "If a creature must be blocked if able and the defending player's only creature has flying, "
        "does it have to block?",
        (),
        "must_be_blocked_specific",
        "yes",
        "509.1c",
    ),
    (
        "My opponent has only one untapped creature. Goldenhide Ox targeted my attacker. Does it have "
        "to block?",
        OX,
        "must_be_blocked_specific",
        "yes",
        "509.1c",
    ),
    (
        "Goldenhide Ox says target creature must be blocked if able. Do all of my opponent's "
        "creatures have to block it?",
        OX,
        "must_be_blocked_all",
        "no",
        "509.1c",
    ),
    (
        "Goldenhide Ox targets my creature. do all of my opponents creatures have to block it?",
        OX,
        "must_be_blocked_all",
        "no",
        "509.1c",
    ),
    (
        "Goldenhide Ox made my creature must be blocked. How many creatures have to block it?",
        OX,
        "must_be_blocked_count_unread",
        None,
        "",
    ),
    (
        "How many creatures must block a creature that must be blocked if able?",
        (),
        "must_be_blocked_count_unread",
        None,
        "",
    ),
    (
        "If my creature is enchanted with Lure, do all creatures able to block it have to block it?",
        ("Lure",),
        "must_be_blocked_all",
        "yes",
        "509.1c",
    ),
    (
        "my lure creature attacks, do all their creatures have to block it",
        ("Lure",),
        "must_be_blocked_all",
        "yes",
        "509.1c",
    ),
    (
        "Two attacking creatures must be blocked if able and my opponent has two potential blockers. "
        "Can both block the same attacker?",
        (),
        "must_be_blocked_same_attacker",
        "no",
        "509.1c",
    ),
    (
        "Does a tapped creature have to block a creature that must be blocked if able?",
        (),
        "must_be_blocked_specific",
        "no",
        "509.1a",
    ),
    (
        "Goldenhide Ox says target creature must be blocked. Does it force a specific creature to "
        "block?",
        OX,
        "must_be_blocked_specific",
        "no",
        "509.1c",
    ),
    (
        "Can the defending player choose which creature blocks the creature Goldenhide Ox targeted?",
        OX,
        "must_be_blocked_specific",
        "yes",
        "509.1c",
    ),
]


@pytest.mark.parametrize(("text", "names", "name", "verdict", "rule"), CASES)
def test_phrasings(
    text: str, names: tuple[str, ...], name: str, verdict: str | None, rule: str
) -> None:
    scenario = _best(text, names)
    assert scenario is not None, text
    assert scenario.name == name
    ruling = scenario.run()
    assert ruling.verdict == verdict
    if verdict is None:
        assert ruling.missing
    if rule:
        assert any(str(r).startswith(rule) for r in ruling.rules), ruling.rules


@pytest.mark.parametrize(
    ("text", "names", "cited"),
    [
        (
            "Does constellation trigger when an enchantment creature enters under my control?",
            (),
            CONSTELLATION_REFERENCE,
        ),
        (
            "Does Doomwake Giant trigger when I create an enchantment token?",
            GIANT,
            "Doomwake Giant",
        ),
        (
            "Do all of their creatures have to block a creature that must be blocked if able?",
            (),
            MUST_BE_BLOCKED_REFERENCE,
        ),
        (
            "Goldenhide Ox says target creature must be blocked if able. Do all of my opponent's "
            "creatures have to block it?",
            OX,
            "Goldenhide Ox",
        ),
    ],
)
def test_rulings_card_is_named(text: str, names: tuple[str, ...], cited: str) -> None:
    scenario = _best(text, names)
    assert scenario is not None
    assert cited in scenario.cards


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Does deathtouch work with trample?", ()),
        ("What's the best deck in Standard right now?", ()),
        ("Can I pay Ana Battlemage's kicker twice?", ()),
        ("Does a creature with flying have to block if it can't block?", ()),
        ("Who puts their constellation triggers on the stack first?", ()),
        ("What does Eidolon of Blossoms do?", EIDOLON),
        ("If I control two Eidolon of Blossoms, what happens?", EIDOLON),
        ("Is an Aura a permanent?", ()),
        ("Do enchantments have summoning sickness?", ()),
        ("If a creature phases out, do its Auras phase out too?", ()),
        ("Can a creature with flying block a creature with reach?", ()),
        ("What is bestow?", ()),
        ("Does protection from white stop a white enchantment from being attached?", ()),
        ("", ()),
    ],
)
def test_not_constellation_questions(text: str, names: tuple[str, ...]) -> None:
    assert _best(text, names) is None


POOL_CASES: list[tuple[str, tuple[str, ...], str, str | None, str]] = [
    (
        "Does Setessan Champion trigger when an enchantment enters under my control?",
        ("Setessan Champion",),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Does Doomwake Giant trigger when Courser of Kruphix enters?",
        ("Doomwake Giant", "Courser of Kruphix"),
        "constellation_enters",
        "yes",
        "603.2",
    ),
    (
        "Irresistible Prey makes my creature have to be blocked. must all of their creatures block?",
        ("Irresistible Prey",),
        "must_be_blocked_all",
        "no",
        "509.1c",
    ),
    (
        "If Nyxborn Eidolon is cast bestowed and its target dies in response, does Eidolon of Blossoms "
        "trigger?",
        ("Nyxborn Eidolon", "Eidolon of Blossoms"),
        "constellation_aura_illegal_target",
        "yes",
        "702.103e",
    ),
]


@pytest.mark.parametrize(("text", "names", "name", "verdict", "rule"), POOL_CASES)
def test_cards_from_the_pool(
    text: str, names: tuple[str, ...], name: str, verdict: str | None, rule: str
) -> None:
    scenario = _best(text, names, pool=True)
    assert scenario is not None, text
    assert scenario.name == name
    ruling = scenario.run()
    assert ruling.verdict == verdict
    assert any(str(r).startswith(rule) for r in ruling.rules), ruling.rules


def _answers(text: str, obj: dict[str, Any]) -> str | None:
    card = Card.from_scryfall(obj)
    start = text.index(card.name)
    q = Question.build(text, cards=[mention_for(card, card.name, start, start + len(card.name))])
    chosen = best_scenario(ConstellationHandler().scenarios(q))
    return chosen.run().verdict if chosen else None


@pytest.mark.full_data
def test_every_constellation_and_bestow_card_in_the_pool() -> None:
    cards = _pool()
    wrong: list[tuple[str, str | None]] = []
    checked = 0
    for obj in cards.values():
        keywords = set(obj.get("keywords") or ())
        name = obj["name"]
        cases: list[tuple[str, str]] = []
        if "Constellation" in keywords:
            cases += [
                (f"Does {name} trigger when my opponent casts an enchantment?", "no"),
                (
                    f"Does {name} trigger when an enchantment creature enters under my control?",
                    "yes",
                ),
                (f"Does {name} trigger when an enchantment phases in?", "no"),
                (f"Does {name} trigger when I create an enchantment token?", "yes"),
            ]
        if "Bestow" in keywords:
            cases += [
                (
                    f"If the target of {name} cast bestowed is destroyed in response, does it still "
                    "resolve?",
                    "yes",
                ),
                (
                    f"If I cast {name} bestowed and its target dies in response, does constellation "
                    "trigger?",
                    "yes",
                ),
            ]
        for text, expected in cases:
            checked += 1
            got = _answers(text, obj)
            if got != expected:
                wrong.append((text, got))
    assert checked > 100
    assert wrong == []
