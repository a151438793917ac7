"""The kicker family handler: many phrasings of kicker, cost, mana value, copy and X questions."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ask.families.kicker import REFERENCE_CARD, KickerHandler
from bot.ask.pipeline import best_scenario
from bot.ask.question import CardMention, Question, Scenario, mention_for
from engine.card import Card
from tests.ask.pool import fixture_pool
from tests.ask.pool import pool as _pool

# Scryfall-like objects for the few cards most tests need, so they run without the shared data.
HAND: dict[str, dict[str, Any]] = {
    "Ana Battlemage": {
        "name": "Ana Battlemage",
        "mana_cost": "{2}{G}",
        "cmc": 3.0,
        "type_line": "Creature — Human Wizard",
        "keywords": ["Kicker"],
        "oracle_text": (
            "Kicker {2}{U} and/or {1}{B} (You may pay an additional {2}{U} and/or {1}{B} as you "
            "cast this spell.)\nWhen this creature enters, if it was kicked with its {2}{U} kicker, "
            "target player discards three cards.\nWhen this creature enters, if it was kicked with "
            "its {1}{B} kicker, tap target untapped creature and that creature deals damage equal "
            "to its power to its controller."
        ),
    },
    "Gatekeeper of Malakir": {
        "name": "Gatekeeper of Malakir",
        "mana_cost": "{B}{B}",
        "cmc": 2.0,
        "type_line": "Creature — Vampire Warrior",
        "keywords": ["Kicker"],
        "oracle_text": (
            "Kicker {B} (You may pay an additional {B} as you cast this spell.)\nWhen this "
            "creature enters, if it was kicked, target player sacrifices a creature of their choice."
        ),
    },
    "Everflowing Chalice": {
        "name": "Everflowing Chalice",
        "mana_cost": "{0}",
        "cmc": 0.0,
        "type_line": "Artifact",
        "keywords": ["Multikicker"],
        "oracle_text": (
            "Multikicker {2} (You may pay an additional {2} any number of times as you cast this "
            "spell.)\nThis artifact enters with a charge counter on it for each time it was kicked.\n"
            "{T}: Add {C} for each charge counter on this artifact."
        ),
    },
    "Clone": {
        "name": "Clone",
        "mana_cost": "{3}{U}",
        "type_line": "Creature — Shapeshifter",
        "oracle_text": "You may have this creature enter as a copy of any creature on the battlefield.",
    },
    "Twincast": {
        "name": "Twincast",
        "mana_cost": "{U}{U}",
        "type_line": "Instant",
        "oracle_text": "Copy target instant or sorcery spell. You may choose new targets for the copy.",
    },
}


def _mention(text: str, name: str, source: dict[str, dict[str, Any]]) -> CardMention:
    obj = source.get(name) or source[name.casefold()]
    start = text.casefold().find(name.casefold())
    assert start >= 0, f"{name!r} not written in {text!r}"
    return mention_for(
        Card.from_scryfall(obj), text[start : start + len(name)], start, start + len(name)
    )


def _best(text: str, names: tuple[str, ...] = (), pool: bool = False) -> Scenario | None:
    if pool:
        cards = fixture_pool()
        mentions = [_mention(text, n, cards) for n in names]
    else:
        mentions = [_mention(text, n, HAND) for n in names]
    q = Question.build(text, cards=mentions)
    return best_scenario(KickerHandler().scenarios(q))


ANA = ("Ana Battlemage",)
GATE = ("Gatekeeper of Malakir",)
CHALICE = ("Everflowing Chalice",)

CASES: list[tuple[str, tuple[str, ...], str | None, str | None, str]] = [
    # paying kicker costs
    ("Can I pay Ana Battlemage's {2}{U} kicker twice?", ANA, "kicker_pay_times", "no", "702.33"),
    (
        "can i kick ana battlemage twice with the blue kicker?",
        ANA,
        "kicker_pay_times",
        "no",
        "702.33",
    ),
    (
        "Can I pay the {1}{B} kicker on Ana Battlemage two times",
        ANA,
        "kicker_pay_times",
        "no",
        "702.33",
    ),
    (
        "could i pay ana battlemage's black kicker more than once",
        ANA,
        "kicker_pay_times",
        "no",
        "702.33",
    ),
    ("Can I pay both kicker costs of Ana Battlemage?", ANA, "kicker_pay_times", "yes", "702.33b"),
    ("can you pay both kickers on Ana Battlemage?", ANA, "kicker_pay_times", "yes", "702.33b"),
    (
        "is it possible to pay both kikcer costs for ana battlemage",
        ANA,
        "kicker_pay_times",
        "yes",
        "702.33",
    ),
    ("Can I pay a kicker cost more than once?", (), "kicker_pay_times", "no", "702.33"),
    ("can u kick a spell twice", (), "kicker_pay_times", "no", "702.33"),
    ("Can I pay a multikicker cost three times?", (), "kicker_pay_times", "yes", "702.33c"),
    ("can i kick everflowing chalice 4 times", CHALICE, "kicker_pay_times", "yes", "702.33c"),
    ("Can I kick Gatekeeper of Malakir twice?", GATE, "kicker_pay_times", "no", "702.33"),
    ("Can I pay both kickers on Gatekeeper of Malakir?", GATE, "kicker_pay_times", "no", "702.33b"),
    ("How many times can I kick Gatekeeper of Malakir?", GATE, "kicker_max_times", "1", "702.33"),
    ("how many times can you kick Ana Battlemage", ANA, "kicker_max_times", "2", "702.33b"),
    (
        "How many times can I kick Everflowing Chalice?",
        CHALICE,
        "kicker_max_times",
        None,
        "702.33c",
    ),
    ("Can I pay Ana Battlemages 2U kicker twice?", ANA, "kicker_pay_times", "no", "702.33"),
    ("can i pay ana battlemage's 1b kicker two times", ANA, "kicker_pay_times", "no", "702.33"),
    ("Can Ana Battlemage pay her kicker twice?", ANA, "kicker_pay_times", "no", "702.33"),
    ("Can I kick Ana Battlemage twice?", ANA, "kicker_pay_times", "yes", "702.33d"),
    # total cost
    (
        "What is the total cost to cast Ana Battlemage kicked with both kickers?",
        ANA,
        "kicker_total_cost",
        "{5}{G}{U}{B}",
        "601.2f",
    ),
    (
        "whats the total cost of ana battlemage with both kickers paid",
        ANA,
        "kicker_total_cost",
        "{5}{G}{U}{B}",
        "702.33",
    ),
    (
        "How much mana do I need to cast Ana Battlemage with the black kicker?",
        ANA,
        "kicker_total_cost",
        "{3}{G}{B}",
        "601.2f",
    ),
    (
        "what's the total cost of ana battlemage if i pay the {1}{B} kicker",
        ANA,
        "kicker_total_cost",
        "{3}{G}{B}",
        "601.2f",
    ),
    (
        "Ana Battlemage is cast kicked with {2}{U}. Total cost?",
        ANA,
        "kicker_total_cost",
        "{4}{G}{U}",
        "601.2f",
    ),
    (
        "What does it cost to cast Everflowing Chalice with multikicker paid three times?",
        CHALICE,
        "kicker_total_cost",
        "{6}",
        "601.2f",
    ),
    (
        "total cost of Gatekeeper of Malakir kicked if it costs {2} less?",
        GATE,
        "kicker_total_cost",
        "{B}{B}{B}",
        "601.2f",
    ),
    (
        "What's the total cost to cast Gatekeeper of Malakir kicked with cascade?",
        GATE,
        "kicker_total_cost",
        "{B}",
        "118.9d",
    ),
    ("What's the total cost to cast Ana Battlemage kicked?", ANA, "kicker_total_cost", None, ""),
    (
        "Total cost of Ana Battlemage fully kicked?",
        ANA,
        "kicker_total_cost",
        "{5}{G}{U}{B}",
        "601.2f",
    ),
    # mana value
    (
        "What's the mana value of a kicked Ana Battlemage on the stack?",
        ANA,
        "kicker_mana_value",
        "3",
        "202.3",
    ),
    (
        "what is the manna value of ana battlemage kicked on the stack",
        ANA,
        "kicker_mana_value",
        "3",
        "202.3",
    ),
    (
        "What's the CMC of kicked Gatekeeper of Malakir on the battlefield?",
        GATE,
        "kicker_mana_value",
        "2",
        "202.3",
    ),
    (
        "Does kicking a spell change its mana value?",
        (),
        "kicker_mana_value_unchanged",
        "no",
        "202.3",
    ),
    (
        "does kicker increase the converted mana cost?",
        (),
        "kicker_mana_value_unchanged",
        "no",
        "601.2f",
    ),
    (
        "What is the mana value of a spell with mana cost {X}{R}{R} with X=3 on the stack?",
        (),
        "kicker_mana_value",
        "5",
        "202.3e",
    ),
    (
        "What's the mana value of a {X}{G} card in my graveyard?",
        (),
        "kicker_mana_value",
        "1",
        "202.3e",
    ),
    # copies
    ("Is a copy of a kicked spell also kicked?", (), "kicker_copy_spell", "yes", "707.10"),
    (
        "if i copy a kicked spell with twincast is the copy kicked",
        (),
        "kicker_copy_spell",
        "yes",
        "707.10",
    ),
    ("Is the copy of an unkicked spell kicked?", (), "kicker_copy_spell", "no", "707.10"),
    (
        "If I copy a kicked Gatekeeper of Malakir spell on the stack, is the token kicked?",
        GATE,
        "kicker_copy_spell",
        "yes",
        "707.10",
    ),
    (
        "If a creature enters as a copy of a kicked creature, is it kicked?",
        (),
        "kicker_copy_permanent",
        "no",
        "707.2",
    ),
    (
        "If I clone a kicked creature, is the clone kicked?",
        (),
        "kicker_copy_permanent",
        "no",
        "707.2",
    ),
    (
        "If I copy a kicked Gatekeeper of Malakir on the battlefield with Clone, is the copy kicked?",
        GATE,
        "kicker_copy_permanent",
        "no",
        "707.2",
    ),
    (
        "Does a copy of a kicked creature spell enter kicked?",
        (),
        "kicker_copy_spell",
        "yes",
        "707.10",
    ),
    ("Can I kick a spell copied with Twincast?", (), "kicker_copy_spell", "no", "707.10"),
    (
        "If I Clone a kicked Gatekeeper of Malakir, is the Clone kicked?",
        ("Gatekeeper of Malakir", "Clone"),
        "kicker_copy_permanent",
        "no",
        "707.2",
    ),
    (
        "I Twincast my kicked Fireball. Is the copy kicked?",
        ("Twincast",),
        "kicker_copy_spell",
        "yes",
        "707.10",
    ),
    # is it kicked at all
    (
        "Is Everflowing Chalice kicked if I don't pay multikicker at all?",
        CHALICE,
        "kicker_is_kicked",
        "no",
        "702.33d",
    ),
    ("If I pay the kicker, is the spell kicked?", (), "kicker_is_kicked", "yes", "702.33d"),
    (
        "Is a kicked creature still kicked after it phases out and back in?",
        (),
        "kicker_phasing",
        "yes",
        "702.26d",
    ),
    ("Does kicker change a spell's mana cost?", (), "kicker_mana_value_unchanged", "no", "202.3"),
    ("Does a copy of a kicked instant count as kicked?", (), "kicker_copy_spell", "yes", "707.10"),
    # zone changes and putting onto the battlefield
    (
        "If I return a creature with kicker from my graveyard to the battlefield, was it kicked?",
        (),
        "kicker_zone_change",
        "no",
        "702.33",
    ),
    (
        "my kicked creature died and I reanimated it. is it still kicked?",
        (),
        "kicker_zone_change",
        "no",
        "400.7",
    ),
    (
        "If I flicker a kicked Gatekeeper of Malakir, is it kicked when it comes back?",
        GATE,
        "kicker_zone_change",
        "no",
        "400.7",
    ),
    (
        "If I put Gatekeeper of Malakir onto the battlefield with Elvish Piper, can I kick it?",
        GATE,
        "kicker_put_onto_battlefield",
        "no",
        "702.33",
    ),
    (
        "can i kick a creature i put into play without casting it",
        (),
        "kicker_put_onto_battlefield",
        "no",
        "702.33",
    ),
    # alternative costs
    ("Can I kick a spell I cast with cascade?", (), "kicker_alternative_cost", "yes", "118.9d"),
    (
        "If I cast it with flashback, can I still pay kicker?",
        (),
        "kicker_alternative_cost",
        "yes",
        "118.9d",
    ),
    (
        "can i pay kicker on a spell i cast without paying its mana cost?",
        (),
        "kicker_alternative_cost",
        "yes",
        "118.9d",
    ),
    (
        "If I return my kicked Gatekeeper of Malakir to my hand and cast it again, is it kicked?",
        GATE,
        None,
        None,
        "",
    ),
    # kicked triggers and targets
    (
        "Ana Battlemage enters kicked with {1}{B} and it's the only untapped creature. What does that "
        "trigger have to target?",
        ANA,
        "kicker_trigger_target",
        "Ana Battlemage",
        "115.1d",
    ),
    (
        "ana battlemage enters kicked with the black kicker and it's the only creature. what must the "
        "trigger target",
        ANA,
        "kicker_trigger_target",
        "Ana Battlemage",
        "115",
    ),
    (
        "Ana Battlemage's black kicker trigger: what does it have to target?",
        ANA,
        "kicker_trigger_target",
        None,
        "",
    ),
    (
        "Ana Battlemage's black kicker trigger targets a creature that gets tapped before the trigger "
        "resolves. Does it still deal damage?",
        ANA,
        "kicker_target_illegal",
        "no",
        "608.2b",
    ),
    (
        "Ana Battlemage black kicker trigger, target creature gets tapped in response. does the damage "
        "still happen?",
        ANA,
        "kicker_target_illegal",
        "no",
        "608.2b",
    ),
    (
        "Ana Battlemage's {1}{B} trigger targets a creature that dies before it resolves. Does the "
        "ability fizzle?",
        ANA,
        "kicker_target_illegal",
        "yes",
        "608.2b",
    ),
    (
        "If Ana Battlemage is kicked with only {2}{U}, does the tap trigger happen?",
        ANA,
        "kicker_trigger_condition",
        "no",
        "702.33f",
    ),
    (
        "If I kick Ana Battlemage with only the blue kicker, does the discard trigger happen?",
        ANA,
        "kicker_trigger_condition",
        "yes",
        "702.33f",
    ),
    (
        "If I paid only the black kicker for Ana Battlemage, does the discard ability trigger?",
        ANA,
        "kicker_trigger_condition",
        "no",
        "702.33f",
    ),
    (
        "If I kick Ana Battlemage with both kickers, does the tap trigger happen?",
        ANA,
        "kicker_trigger_condition",
        "yes",
        "702.33",
    ),
    (
        "If I pay Ana Battlemage's 1B kicker, does the tap trigger go off?",
        ANA,
        "kicker_trigger_condition",
        "yes",
        "702.33f",
    ),
    (
        "If I don't kick Gatekeeper of Malakir, does its trigger happen?",
        GATE,
        "kicker_trigger_condition",
        "no",
        "702.33e",
    ),
    (
        "If Gatekeeper of Malakir was kicked, does its ETB trigger?",
        GATE,
        "kicker_trigger_condition",
        "yes",
        "702.33e",
    ),
    ("Ana Battlemage was kicked. Does the tap trigger happen?", ANA, None, None, ""),
    (
        "Ana Battlemage enters kicked with {1}{B}; there are no other untapped creatures. What must the "
        "trigger target?",
        ANA,
        "kicker_trigger_target",
        "Ana Battlemage",
        "115.1d",
    ),
    (
        "Ana Battlemage enters kicked with {1}{B}; my opponent's only creature is untapped. What must the "
        "trigger target?",
        ANA,
        "kicker_trigger_target",
        None,
        "",
    ),
    (
        "Gatekeeper of Malakir's kicked trigger targets my opponent, and their creature is sacrificed in "
        "response. Does the trigger do anything?",
        GATE,
        None,
        None,
        "",
    ),
    (
        "How many charge counters does Everflowing Chalice enter with if kicked three times?",
        CHALICE,
        "kicker_per_kick_counters",
        "3",
        "702.33c",
    ),
    (
        "How many counters does Everflowing Chalice get if I don't kick it?",
        CHALICE,
        "kicker_per_kick_counters",
        "0",
        "702.33",
    ),
    # X for enters abilities
    (
        "If I copy a spell cast with X=5, what is X for the copy?",
        (),
        "kicker_copy_x",
        "5",
        "707.10",
    ),
    (
        "If I copy a spell with X in its cost, what is X for the copy?",
        (),
        "kicker_copy_x",
        None,
        "",
    ),
    (
        "If I flicker a creature whose ETB refers to X, what is X for the ETB trigger?",
        (),
        "kicker_x_etb",
        "0",
        "107.3m",
    ),
    (
        "If a creature with X in its cost enters, what's X for its ETB trigger if I cast it with X=5?",
        (),
        "kicker_x_etb",
        "5",
        "107.3m",
    ),
]


@pytest.mark.parametrize(("text", "names", "name", "verdict", "rule"), CASES)
def test_phrasings(
    text: str, names: tuple[str, ...], name: str | None, verdict: str | None, rule: str
) -> None:
    scenario = _best(text, names)
    if name is None:
        assert scenario is None, scenario
        return
    assert scenario is not None, text
    assert scenario.name == name
    ruling = scenario.run()
    assert ruling.verdict == verdict
    if verdict is None:
        assert ruling.missing or ruling.steps
    if rule:
        assert any(str(r).startswith(rule) for r in ruling.rules), ruling.rules


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("Can I pay Ana Battlemage's {2}{U} kicker twice?", ANA),
        ("What's the mana value of a kicked Ana Battlemage on the stack?", ANA),
        (
            "Ana Battlemage's black kicker trigger targets a creature that gets tapped before the "
            "trigger resolves. Does it still deal damage?",
            ANA,
        ),
    ],
)
def test_named_card_is_cited(text: str, names: tuple[str, ...]) -> None:
    scenario = _best(text, names)
    assert scenario is not None
    assert names[0] in scenario.cards or names[0] in scenario.run().cards


def test_card_independent_questions_cite_the_reference_card() -> None:
    scenario = _best("Is a copy of a kicked spell also kicked?")
    assert scenario is not None and scenario.cards == (REFERENCE_CARD,)


@pytest.mark.parametrize(
    "text",
    [
        "Does deathtouch work with trample?",
        "What's the best deck in Standard right now?",
        "Can I tap a creature for mana the turn it comes in?",
        "Does constellation trigger when an enchantment creature enters under my control?",
        "What mana can Reflecting Pool produce?",
        "kicker",
        "",
        "How do I win?",
        "Can I kick my opponent?",
        "Do copies of spells count as cast?",
        "What happens if I copy a permanent with a +1/+1 counter?",
        "What is the mana value of a copy of a spell?",
        "If I cast a spell with convoke, can I tap creatures for mana too?",
    ],
)
def test_not_kicker_questions(text: str) -> None:
    assert _best(text) is None


POOL_CASES: list[tuple[str, tuple[str, ...], str, str | None, str]] = [
    (
        "What's the total cost of Archangel of Wrath kicked twice?",
        ("Archangel of Wrath",),
        "kicker_total_cost",
        "{2}{W}{W}{B}{R}",
        "601.2f",
    ),
    (
        "Can I kick Archangel of Wrath twice?",
        ("Archangel of Wrath",),
        "kicker_pay_times",
        "yes",
        "702.33d",
    ),
    (
        "Can Archangel of Wrath be kicked three times?",
        ("Archangel of Wrath",),
        "kicker_pay_times",
        "no",
        "702.33",
    ),
    (
        "Can I pay Archangel of Wrath's {B} kicker twice?",
        ("Archangel of Wrath",),
        "kicker_pay_times",
        "no",
        "702.33",
    ),
    (
        "What's the mana value of Fireball on the stack with X=5?",
        ("Fireball",),
        "kicker_mana_value",
        "6",
        "202.3e",
    ),
    (
        "What's the mana value of Fireball in my graveyard?",
        ("Fireball",),
        "kicker_mana_value",
        "1",
        "202.3e",
    ),
    ("What's the mana value of Fireball?", ("Fireball",), "kicker_mana_value", None, ""),
    (
        "What is the mana value of Lightning Bolt?",
        ("Lightning Bolt",),
        "kicker_mana_value",
        "1",
        "202.3",
    ),
    (
        "Can I kick Marshal's Anthem three times?",
        ("Marshal's Anthem",),
        "kicker_pay_times",
        "yes",
        "702.33c",
    ),
    (
        "what's the total cost of marshal's anthem kicked twice",
        ("Marshal's Anthem",),
        "kicker_total_cost",
        "{4}{W}{W}{W}{W}",
        "601.2f",
    ),
    (
        "can i pay skyclave shade's kicker twice",
        ("Skyclave Shade",),
        "kicker_pay_times",
        "no",
        "702.33",
    ),
    (
        "What's the mana value of a kicked Grunn, the Lonely King on the stack?",
        ("Grunn, the Lonely King",),
        "kicker_mana_value",
        "6",
        "202.3",
    ),
    (
        "Is a copy of a kicked Into the Roil also kicked?",
        ("Into the Roil",),
        "kicker_copy_spell",
        "yes",
        "707.10",
    ),
    (
        "If Gatekeeper of Malakir is reanimated, is it kicked?",
        ("Gatekeeper of Malakir",),
        "kicker_zone_change",
        "no",
        "400.7",
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
    if verdict is None:
        assert ruling.missing
    else:
        assert any(str(r).startswith(rule) for r in ruling.rules), ruling.rules


def test_split_cards_get_no_mana_value_guess() -> None:
    assert _best("What's the mana value of Fire // Ice?", ("Fire // Ice",), pool=True) is None


def _answers(text: str, obj: dict[str, Any]) -> str | None:
    card = Card.from_scryfall(obj)
    start = text.index(card.name)
    q = Question.build(text, cards=[mention_for(card, card.name, start, start + len(card.name))])
    chosen = best_scenario(KickerHandler().scenarios(q))
    return chosen.run().verdict if chosen else None


@pytest.mark.full_data
def test_every_kicker_card_in_the_pool() -> None:
    cards = _pool()
    kicker_cards = [
        o for o in cards.values() if {"Kicker", "Multikicker"} & set(o.get("keywords") or ())
    ]
    assert len(kicker_cards) > 100
    wrong: list[tuple[str, str | None]] = []
    for obj in kicker_cards:
        name = obj["name"]
        multi = "Multikicker" in obj["keywords"]
        for text, expected in (
            (f"Can I pay {name}'s kicker twice?", "yes" if multi else "no"),
            (f"If I put {name} onto the battlefield without casting it, can I kick it?", "no"),
            (f"Is a copy of a kicked {name} spell kicked?", "yes"),
            (f"If {name} dies and I return it to the battlefield, is it still kicked?", "no"),
        ):
            got = _answers(text, obj)
            if got != expected:
                wrong.append((text, got))
    assert wrong == []
