"""The tap and untap symbols, summoning sickness and haste: positions, actions, verdicts and rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import tapping as tp
from engine.abilities import Activated, Cost, ManaProduction
from engine.card import Card
from engine.errors import UnknownCardError
from engine.mana import ManaCost
from engine.model import GameState
from engine.ruling import Rule, Ruling


def _card(name: str, type_line: str, text: str = "", keywords: tuple[str, ...] = ()) -> Card:
    obj: dict[str, Any] = {
        "name": name,
        "type_line": type_line,
        "oracle_text": text,
        "keywords": list(keywords),
    }
    return Card.from_scryfall(obj)


POOL = {
    c.name: c
    for c in (
        _card("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}."),
        _card("Raging Goblin", "Creature — Goblin Berserker", "Haste", ("Haste",)),
        _card("Sol Ring", "Artifact", "{T}: Add {C}{C}."),
        _card("Forest", "Basic Land — Forest", "({T}: Add {G}.)"),
        _card(
            "Dryad Arbor",
            "Land Creature — Forest Dryad",
            "(This land isn't a spell, it's affected by summoning sickness, and it has "
            '"{T}: Add {G}.")',
        ),
        _card(
            "Mutavault",
            "Land",
            "{T}: Add {C}.\n{1}: This land becomes a 2/2 creature with all creature types until "
            "end of turn. It's still a land.",
        ),
        _card(
            "Smuggler's Copter",
            "Artifact — Vehicle",
            "Flying\nCrew 1",
            ("Flying", "Crew"),
        ),
        _card(
            "Heart of Kiran",
            "Artifact — Vehicle",
            "Flying, vigilance\nCrew 3",
            ("Flying", "Vigilance", "Crew"),
        ),
        _card("Grim Monolith", "Artifact", "{T}: Add {C}{C}{C}.\n{4}: Untap this artifact."),
        _card("Puppet Master", "Creature — Human Wizard", "{Q}: Draw a card."),
    )
}


def position(text: str) -> GameState:
    """The one-line notation, with each card's abilities parsed from its oracle text."""
    return GameState.parse(text, POOL)


def _tap(name: str) -> Callable[[GameState], Ruling]:
    return lambda st: tp.can_pay_tap_cost(st, name, "T")


def _untap(name: str) -> Callable[[GameState], Ruling]:
    return lambda st: tp.can_pay_tap_cost(st, name, "Q")


def _attack(name: str) -> Callable[[GameState], Ruling]:
    return lambda st: tp.can_attack(st, name)


def _block(name: str) -> Callable[[GameState], Ruling]:
    return lambda st: tp.can_block(st, name)


def _via(
    name: str, via: tp.TapOthersVia, source: str | None = None
) -> Callable[[GameState], Ruling]:
    return lambda st: tp.can_tap_for_cost(st, name, via, source)


CASES: list[tuple[str, str, Callable[[GameState], Ruling], str, tuple[Rule, ...]]] = [
    # (position, what is tried, the check, verdict, rules that must be cited)
    (
        "you: Llanowar Elves[new]",
        "elves cast this turn tap for mana",
        _tap("Llanowar Elves"),
        "no",
        (Rule.SUMMONING_SICKNESS, Rule.TAP_SYMBOL),
    ),
    (
        "you: Llanowar Elves",
        "elves since last turn tap for mana",
        _tap("Llanowar Elves"),
        "yes",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Llanowar Elves[tapped]",
        "tapped elves pay {T}",
        _tap("Llanowar Elves"),
        "no",
        (Rule.TAP_SYMBOL,),
    ),
    (
        "you: Sol Ring[new]",
        "noncreature artifact the turn it enters",
        _tap("Sol Ring"),
        "yes",
        (Rule.SUMMONING_SICKNESS, Rule.TAP_SYMBOL),
    ),
    (
        "you: Forest[new]",
        "land the turn it's played",
        _tap("Forest"),
        "yes",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Sol Ring[tapped|new]",
        "tapped artifact pays {T}",
        _tap("Sol Ring"),
        "no",
        (Rule.TAP_SYMBOL,),
    ),
    (
        "you: Dryad Arbor[new]",
        "land creature the turn it's played",
        _tap("Dryad Arbor"),
        "no",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Mutavault[new]",
        "unanimated Mutavault played this turn",
        _tap("Mutavault"),
        "yes",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Mutavault[new|type=Land Creature]",
        "animated Mutavault played this turn",
        _tap("Mutavault"),
        "no",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Mutavault[type=Land Creature]",
        "animated Mutavault since last turn",
        _tap("Mutavault"),
        "yes",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Raging Goblin[new]",
        "haste creature the turn it enters",
        _tap("Raging Goblin"),
        "yes",
        (Rule.HASTE_TAP, Rule.SUMMONING_SICKNESS),
    ),
    (
        "you: Llanowar Elves[new|haste]",
        "creature gained with Threaten (haste)",
        _tap("Llanowar Elves"),
        "yes",
        (Rule.HASTE_TAP,),
    ),
    (
        "you: Puppet Master[tapped|new]",
        "{Q} on a creature cast this turn",
        _untap("Puppet Master"),
        "no",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Puppet Master",
        "{Q} on an untapped creature",
        _untap("Puppet Master"),
        "no",
        (Rule.UNTAP_SYMBOL,),
    ),
    (
        "you: Puppet Master[tapped]",
        "{Q} on a tapped creature since last turn",
        _untap("Puppet Master"),
        "yes",
        (Rule.UNTAP_SYMBOL,),
    ),
    (
        "you: Grim Monolith[new]",
        "an untapped artifact can't pay {Q}",
        _untap("Grim Monolith"),
        "no",
        (Rule.UNTAP_SYMBOL,),
    ),
    (
        "you: Llanowar Elves[new]",
        "creature cast this turn attacks",
        _attack("Llanowar Elves"),
        "no",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Raging Goblin[new]",
        "haste creature attacks",
        _attack("Raging Goblin"),
        "yes",
        (Rule.HASTE_ATTACK,),
    ),
    (
        "you: Llanowar Elves[tapped]",
        "tapped creature attacks",
        _attack("Llanowar Elves"),
        "no",
        (Rule.ATTACKERS,),
    ),
    ("you: Sol Ring", "artifact attacks", _attack("Sol Ring"), "no", (Rule.ATTACKERS,)),
    (
        "you: Smuggler's Copter[new|type=Artifact Creature]",
        "crewed Vehicle cast this turn attacks",
        _attack("Smuggler's Copter"),
        "no",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Llanowar Elves[new]",
        "creature cast this turn blocks",
        _block("Llanowar Elves"),
        "yes",
        (Rule.SUMMONING_SICKNESS, Rule.BLOCKERS_UNTAPPED),
    ),
    (
        "you: Llanowar Elves[tapped]",
        "tapped creature blocks",
        _block("Llanowar Elves"),
        "no",
        (Rule.BLOCKERS_UNTAPPED,),
    ),
    (
        "you: Smuggler's Copter",
        "uncrewed Vehicle blocks",
        _block("Smuggler's Copter"),
        "no",
        (Rule.BLOCKERS_UNTAPPED,),
    ),
    (
        "you: Llanowar Elves[new]",
        "creature cast this turn convokes",
        _via("Llanowar Elves", "convoke"),
        "yes",
        (Rule.CONVOKE_MEANING, Rule.SUMMONING_SICKNESS),
    ),
    (
        "you: Llanowar Elves[tapped]",
        "tapped creature convokes",
        _via("Llanowar Elves", "convoke"),
        "no",
        (Rule.CONVOKE_MEANING,),
    ),
    (
        "you: Llanowar Elves[new], Smuggler's Copter",
        "creature cast this turn crews",
        _via("Llanowar Elves", "crew", "Smuggler's Copter"),
        "yes",
        (Rule.CREW_MEANING,),
    ),
    (
        "you: Smuggler's Copter[type=Artifact Creature]",
        "a Vehicle crews itself",
        _via("Smuggler's Copter", "crew", "Smuggler's Copter"),
        "no",
        (Rule.CREW_MEANING,),
    ),
    (
        "you: Llanowar Elves[new]",
        "creature cast this turn pays 'tap an untapped creature'",
        _via("Llanowar Elves", "tap_others"),
        "yes",
        (Rule.SUMMONING_SICKNESS,),
    ),
    (
        "you: Sol Ring",
        "an artifact can't convoke",
        _via("Sol Ring", "convoke"),
        "no",
        (Rule.CONVOKE_MEANING,),
    ),
]


@pytest.mark.parametrize(
    ("notation", "what", "check", "verdict", "rules"), CASES, ids=[c[1] for c in CASES]
)
def test_tapping(
    notation: str,
    what: str,
    check: Callable[[GameState], Ruling],
    verdict: str,
    rules: tuple[Rule, ...],
) -> None:
    ruling = check(position(notation))
    assert ruling.verdict == verdict, what
    for rule in rules:
        assert rule in ruling.rules, (what, ruling.rules)
    assert all(step.note for step in ruling.steps)


def test_animated_land_cites_the_card_ruling() -> None:
    ruling = tp.can_pay_tap_cost(position("you: Mutavault[new|type=Land Creature]"), "Mutavault")
    assert "Mutavault" in ruling.cards


def test_crew_cites_the_vehicle() -> None:
    st = position("you: Llanowar Elves[new], Smuggler's Copter")
    assert tp.can_tap_for_cost(st, "Llanowar Elves", "crew", "Smuggler's Copter").cards == (
        "Smuggler's Copter",
    )


@pytest.mark.parametrize(
    ("cost", "notation", "verdict"),
    [
        (Cost(), "you: Llanowar Elves[new]", "yes"),
        (Cost(tap=True), "you: Llanowar Elves[new]", "no"),
        (Cost(untap=True), "you: Llanowar Elves[tapped]", "yes"),
        (Cost(tap=True, untap=True), "you: Llanowar Elves", "no"),
    ],
)
def test_can_activate_checks_only_tap_and_untap(cost: Cost, notation: str, verdict: str) -> None:
    ability = Activated(cost=cost, mana=ManaProduction(choice="fixed", symbols=("G",)))
    ruling = tp.can_activate(position(notation), "Llanowar Elves", ability)
    assert ruling.verdict == verdict
    assert Rule.SUMMONING_SICKNESS in ruling.rules or Rule.TAP_SYMBOL in ruling.rules


def test_summoning_sick_needs_a_creature_without_haste() -> None:
    st = position("you: Llanowar Elves[new], Raging Goblin[new], Sol Ring[new], Forest")
    sick = {p.name: tp.is_summoning_sick(p) for p in st.battlefield}
    assert sick == {
        "Llanowar Elves": True,
        "Raging Goblin": False,
        "Sol Ring": False,
        "Forest": False,
    }


def test_unknown_permanent_is_a_named_error() -> None:
    with pytest.raises(UnknownCardError):
        tp.can_pay_tap_cost(position("you: Forest"), "Island")


@pytest.mark.parametrize(
    ("notation", "name", "verdict"),
    [
        ("you: Llanowar Elves[new]", "Llanowar Elves", "yes"),
        ("you: Llanowar Elves", "Llanowar Elves", "no"),
        ("you: Forest[new]", "Forest", "no"),
        ("you: Dryad Arbor[new]", "Dryad Arbor", "yes"),
        ("you: Raging Goblin[new]", "Raging Goblin", None),
    ],
)
def test_summoning_sickness(notation: str, name: str, verdict: str | None) -> None:
    ruling = tp.summoning_sickness(position(notation), name)
    assert ruling.verdict == verdict
    assert ruling.rules[0] in {Rule.SUMMONING_SICKNESS, Rule.HASTE}
    assert (verdict is None) == bool(ruling.missing)


@pytest.mark.parametrize(
    ("text", "grant"),
    [
        ("Equipped creature has hexproof and haste.\nEquip {1}", "always"),
        ("Equipped creature has shroud and haste.", "always"),
        ("Untap that creature. It gains haste until end of turn.", "always"),
        ("Creatures you control have haste.", "always"),
        ("As long as equipped creature is a Warrior, it has haste.", "maybe"),
        ("Whenever a creature enters, it gains haste until end of turn.", "maybe"),
        ("Riot (This creature enters with your choice of a +1/+1 counter or haste.)", "maybe"),
        (
            "Creatures you control have haste.\nAt the beginning of combat, if it's your turn, "
            "target creature gains haste.",
            "maybe",
        ),
        ("Equipped creature gets +2/+2.", None),
        # The haste of a token a granted ability or a copy effect makes is the token's.
        (
            "Enchant creature\nEnchanted creature has \"{T}: Create a token that's a copy of this "
            'creature, except it has haste. Exile it at the beginning of the next end step."',
            None,
        ),
        (
            "{T}: Create a token that's a copy of target creature you control, except it has "
            "haste. Sacrifice it at the beginning of the next end step.",
            None,
        ),
        ('Equipped creature has haste and "{T}: Draw a card."', "always"),
    ],
)
def test_haste_grant(text: str, grant: str | None) -> None:
    assert tp.haste_grant(text) == grant


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        (
            "Gain control of target creature until end of turn. It gains haste until end of turn.",
            "yes",
        ),
        ("Enchant creature\nYou control enchanted creature.", "no"),
        ("Dash {2}{R} (If you do, it gains haste, and it's returned at the next end step.)", None),
        ("Mairsil has all activated abilities of all cards you own in exile.", None),
    ],
)
def test_grants_haste(text: str, verdict: str | None) -> None:
    ruling = tp.grants_haste("The Card", text)
    assert ruling.verdict == verdict
    if verdict == "yes":
        assert {Rule.HASTE, Rule.HASTE_ATTACK, Rule.HASTE_TAP} <= set(ruling.rules)


@pytest.mark.parametrize(
    ("check", "verdict", "rule"),
    [
        (lambda st: tp.can_pay_tap_cost(st, "Llanowar Elves", "T", by="you"), "no", None),
        (lambda st: tp.can_pay_tap_cost(st, "Sol Ring", "T", by="opponent"), "yes", None),
        (
            lambda st: tp.can_tap_for_cost(st, "Llanowar Elves", "convoke", by="you"),
            "no",
            Rule.CONVOKE_MEANING,
        ),
        (
            lambda st: tp.can_tap_for_cost(st, "Llanowar Elves", "crew", by="opponent"),
            "yes",
            Rule.CREW_MEANING,
        ),
    ],
)
def test_only_the_controller_activates_or_pays(
    check: Callable[[GameState], Ruling], verdict: str, rule: Rule | None
) -> None:
    """602.2: only a permanent's controller activates its abilities; crew and convoke tap only
    the payer's own creatures."""
    state = position("opponent: Llanowar Elves, Sol Ring[new]")
    ruling = check(state)
    assert ruling.verdict == verdict, [s.note for s in ruling.steps]
    if verdict == "no" and rule is None:
        assert Rule.ACTIVATE_CONTROLLER in ruling.rules
    if rule is not None:
        assert rule in ruling.rules


def test_controller_activates_is_silent_for_the_controller() -> None:
    state = position("you: Llanowar Elves")
    assert tp.controller_activates(state, "Llanowar Elves", "you") is None
    ruling = tp.controller_activates(state, "Llanowar Elves", "opponent")
    assert ruling is not None and ruling.verdict == "no"
    assert ruling.rules == (Rule.ACTIVATE_CONTROLLER,)


@pytest.mark.parametrize(
    ("text", "keywords", "found"),
    [
        (
            "{T}: Tap target permanent.\nUnearth {U} ({U}: Return this card from your graveyard "
            "to the battlefield. It gains haste. Exile it at the beginning of the next end step.)",
            ("Unearth",),
            ("Unearth",),
        ),
        (
            "Dash {2}{R} (You may cast this spell for its dash cost. If you do, it gains haste, "
            "and it's returned from the battlefield to its owner's hand at the next end step.)",
            ("Dash",),
            ("Dash",),
        ),
        # A choice isn't a grant, and haste told outside the keyword's reminder is another source.
        (
            "Riot (This creature enters with your choice of a +1/+1 counter or haste.)",
            ("Riot",),
            (),
        ),
        (
            "Haste\nDash {1}{R} (You may cast this spell for its dash cost. If you do, it gains "
            "haste.)",
            ("Haste", "Dash"),
            (),
        ),
        ("Flying", ("Flying",), ()),
    ],
)
def test_haste_keywords(text: str, keywords: tuple[str, ...], found: tuple[str, ...]) -> None:
    assert tp.haste_keywords(text, keywords) == found


@pytest.mark.parametrize(
    ("keyword", "rule"),
    [("Unearth", Rule.UNEARTH), ("dash", Rule.DASH), ("Blitz", Rule.BLITZ)],
)
def test_keyword_haste_step_cites_the_keyword(keyword: str, rule: Rule) -> None:
    step = tp.keyword_haste_step("The Card", keyword)
    assert step.rule == rule
    assert step.card == "The Card" and "haste" in step.note


def test_put_onto_the_battlefield_attacking_is_attacking_though_new() -> None:
    ruling = tp.put_attacking("Ninja of the Deep Hours", "by ninjutsu")
    assert ruling.verdict == "yes"
    assert [s.rule for s in ruling.steps] == [Rule.PUT_ATTACKING, Rule.SUMMONING_SICKNESS]


@pytest.mark.parametrize(
    ("text", "grant"),
    [
        (
            "+1: Untap target land. It becomes a 0/0 Elemental creature with vigilance and haste.",
            "always",
        ),
        ("Target land becomes a 4/4 creature with trample.", None),
        ("If this spell was bargained, target land becomes a 3/3 creature with haste.", "maybe"),
    ],
)
def test_becoming_a_creature_with_haste_is_a_grant(text: str, grant: str | None) -> None:
    assert tp.haste_grant(text) == grant


@pytest.mark.parametrize(
    ("act", "verdict"), [("attack", "yes"), ("block", "no"), ("activate", "no")]
)
def test_defender_stops_attacking_only(act: tp.DefenderAct, verdict: str) -> None:
    ruling = tp.defender_restricts(act)
    assert ruling.verdict == verdict
    assert [s.rule for s in ruling.steps] == [Rule.DEFENDER]


def test_crew_amount_is_read_from_the_parsed_keyword() -> None:
    st = position("you: Heart of Kiran, Smuggler's Copter")
    assert tp.crew_amount(st.find("Heart of Kiran")) == 3
    assert tp.crew_amount(st.find("Smuggler's Copter")) == 1
    assert tp.crew_amount(position("you: Llanowar Elves").find("Llanowar Elves")) is None


@pytest.mark.parametrize(
    ("notation", "crewers", "verdict"),
    [
        # 702.122a: total power N or greater, not one creature with power N.
        ("you: Heart of Kiran, Llanowar Elves[power=2], Puppet Master[power=1]", 2, "yes"),
        ("you: Heart of Kiran, Llanowar Elves[power=1], Puppet Master[power=1]", 2, "no"),
        ("you: Smuggler's Copter, Llanowar Elves[power=0]", 1, "no"),
        ("you: Smuggler's Copter, Llanowar Elves[new|power=1]", 1, "yes"),
        ("you: Smuggler's Copter, Llanowar Elves[tapped|power=3]", 1, "no"),
        ("you: Smuggler's Copter; opponent: Llanowar Elves[power=3]", 1, "no"),
    ],
)
def test_crew_needs_total_power(notation: str, crewers: int, verdict: str) -> None:
    st = position(notation)
    vehicle = st.battlefield[0].name
    names = ("Llanowar Elves", "Puppet Master")[:crewers]
    ruling = tp.can_crew(st, vehicle, names, tp.crew_amount(st.find(vehicle)) or 0)
    assert ruling.verdict == verdict
    assert Rule.CREW_MEANING in ruling.rules


def test_a_new_crewer_is_told_sickness_does_not_matter() -> None:
    st = position("you: Smuggler's Copter, Llanowar Elves[new|power=1]")
    ruling = tp.can_crew(st, "Smuggler's Copter", ("Llanowar Elves",), 1)
    assert Rule.SUMMONING_SICKNESS in ruling.rules
    old = position("you: Smuggler's Copter, Llanowar Elves[power=1]")
    assert (
        Rule.SUMMONING_SICKNESS
        not in tp.can_crew(old, "Smuggler's Copter", ("Llanowar Elves",), 1).rules
    )


def test_crew_with_unknown_power_names_the_missing_fact() -> None:
    st = position("you: Smuggler's Copter, Llanowar Elves")
    ruling = tp.can_crew(st, "Smuggler's Copter", ("Llanowar Elves",), 1)
    assert ruling.verdict is None
    assert ruling.missing == ("the power of Llanowar Elves",)


def test_a_vehicle_cannot_crew_itself() -> None:
    st = position("you: Smuggler's Copter[power=3]")
    assert tp.can_crew(st, "Smuggler's Copter", ("Smuggler's Copter",), 1).verdict == "no"


@pytest.mark.parametrize(
    ("cost", "colors", "verdict"),
    [
        # 702.51a: a colored mana only by a creature of that color, a generic one by any.
        ("{2}{R}{R}", ("R", "R", "G", "G"), "yes"),
        ("{2}{R}{R}", ("R", "G", "G", "G"), "no"),
        ("{2}{R}{R}", ("R", "R", "G"), "no"),
        ("{3}{W}", ("WU", "U", "", "B"), "yes"),
        ("{4}", ("", "", "", ""), "yes"),
    ],
)
def test_convoke_pays_the_whole_cost(cost: str, colors: tuple[str, ...], verdict: str) -> None:
    creatures = tuple((f"creature {i}", frozenset(c)) for i, c in enumerate(colors))
    ruling = tp.convoke_pays(ManaCost.parse(cost), creatures, "the spell")
    assert ruling.verdict == verdict
    assert Rule.CONVOKE_MEANING in ruling.rules


def test_convoke_with_a_hybrid_cost_names_the_missing_fact() -> None:
    ruling = tp.convoke_pays(ManaCost.parse("{R/G}"), (("a", frozenset("R")),), "the spell")
    assert ruling.verdict is None


@pytest.mark.parametrize(
    ("notation", "symbol", "state"),
    [
        ("you: Llanowar Elves[tapped]", "T", "tapped"),
        ("you: Llanowar Elves[new|tapped]", "T", "tapped"),
        ("you: Llanowar Elves", "Q", "untapped"),
    ],
)
def test_cost_state_closes_the_ruling(notation: str, symbol: tp.TapSymbol, state: str) -> None:
    """A permanent already tapped ({T}) or untapped ({Q}) can't pay the cost: the last step,
    which an answer's summary quotes, says so rather than what 302.6 allows."""
    ruling = tp.can_pay_tap_cost(position(notation), "Llanowar Elves", symbol)
    assert ruling.verdict == "no"
    assert f"already {state}" in ruling.steps[-1].note


def test_cost_state_adds_no_step_when_it_can_be_paid() -> None:
    ruling = tp.can_pay_tap_cost(position("you: Llanowar Elves"), "Llanowar Elves", "T")
    assert ruling.verdict == "yes"
    assert not any("already" in step.note for step in ruling.steps)
