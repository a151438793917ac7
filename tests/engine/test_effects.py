"""Effects parsed into data: verbs, amounts, targets, kicked conditions, mana value checks, copy exceptions."""

from __future__ import annotations

import pytest

from engine.card import Card
from engine.effects import (
    Amount,
    AsThoughHaste,
    CopyExceptions,
    ManaValueCheck,
    applicable,
    as_though_haste,
    conditionals,
    copy_exceptions,
    mana_value_check,
    parse_effect,
)
from engine.oracle import parse_face


@pytest.mark.parametrize(
    ("text", "verb", "amount"),
    [
        ("it deals 4 damage instead", "damage", Amount(fixed=4)),
        ("draw two cards", "draw", Amount(fixed=2)),
        ("target player sacrifices a creature", "sacrifice", Amount(fixed=1)),
        ("each opponent sacrifices two creatures", "sacrifice", Amount(fixed=2)),
        (
            "target opponent discards a card for each time it was kicked",
            "discard",
            Amount(per="kick"),
        ),
        (
            "it enters with a +1/+1 counter on it for each time it was kicked",
            "counters",
            Amount(per="kick"),
        ),
        (
            "it deals damage equal to the number of +1/+1 counters on it to each opponent",
            "damage",
            Amount(per="counter", counter="+1/+1"),
        ),
        ("it deals damage equal to its power to any target", "damage", Amount(per="power")),
        (
            "it deals damage equal to that permanent's mana value to target creature",
            "damage",
            Amount(per="mana_value", of="that"),
        ),
        ("Comet Storm deals X damage to each of them", "damage", Amount(per="x")),
        ("create five of those tokens instead", "tokens", Amount(fixed=5)),
        ("you gain 3 life", "gain_life", Amount(fixed=3)),
        ("create twelve of those tokens", "tokens", Amount(fixed=12)),
        ("mill four cards", "mill", Amount(fixed=4)),
        ("copy that spell twice", "copy", Amount(fixed=2)),
        ("gain control of target artifact with mana value X or less", "gain_control", None),
        ("it gets +1/+1 and gains haste until end of turn", "pump", None),
        ("tap up to two target creatures", "tap", None),
    ],
)
def test_effect_amounts(text: str, verb: str, amount: Amount | None) -> None:
    effect = parse_effect(text)
    assert effect.verb == verb
    assert effect.amount == amount


def test_amount_value_from_the_position() -> None:
    assert Amount(per="kick", times=2).value(kicked=3) == 6
    assert Amount(per="kick", base=1).value(kicked=2) == 3
    assert Amount(per="counter", counter="charge").value(counters={"charge": 4}) == 4
    assert Amount(per="power").value() is None


def test_targets_and_instead() -> None:
    effect = parse_effect("it deals 2 damage to another target creature")
    assert [t.what for t in effect.targets] == ["creature"]
    divided = parse_effect(
        "it deals 10 damage divided as you choose among any number of targets instead"
    )
    assert divided.instead and divided.targets[-1].any_number


@pytest.mark.parametrize(
    ("text", "check"),
    [
        ("creature spells you cast with mana value 6 or greater", ManaValueCheck(op="ge", n=6)),
        ("if its mana value is 2 or less", ManaValueCheck(op="le", n=2)),
        ("with mana value less than 4", ManaValueCheck(op="lt", n=4)),
        ("with mana value 3", ManaValueCheck(op="eq", n=3)),
        ("draw a card", None),
    ],
)
def test_mana_value_checks(text: str, check: ManaValueCheck | None) -> None:
    assert mana_value_check(text) == check


def test_mana_value_check_holds() -> None:
    assert ManaValueCheck(op="le", n=3).holds(3)
    assert not ManaValueCheck(op="ge", n=5).holds(4)


BURST = [
    "Kicker {4}",
    "Burst Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 damage "
    "instead.",
]
JILT = [
    "Kicker {1}{R}",
    "Return target creature to its owner's hand. If this spell was kicked, it deals 2 damage to "
    "another target creature.",
]


def test_instead_replaces_only_when_kicked() -> None:
    effects = conditionals(BURST, ["Burst Lightning"])
    kicked = applicable(effects, kicked=True, verb="damage")
    plain = applicable(effects, kicked=False, verb="damage")
    assert [e.amount for e in kicked] == [Amount(fixed=4)]
    assert [e.amount for e in plain] == [Amount(fixed=2)]
    # The replacing effect keeps the target of the effect it replaces.
    assert [t.what for t in kicked[0].targets] == ["any"]


def test_kicked_only_part() -> None:
    effects = conditionals(JILT, ["Jilt"])
    assert [c.kicked is not None for c in effects] == [False, True]
    assert [e.verb for e in applicable(effects, kicked=False)] == ["return"]
    assert [e.verb for e in applicable(effects, kicked=True)] == ["return", "damage"]


ARCHANGEL = [
    "Kicker {B} and/or {R}",
    "Flying, lifelink",
    "When this creature enters, if it was kicked, it deals 2 damage to any target.",
    "When this creature enters, if it was kicked twice, it deals 2 damage to any target.",
]


@pytest.mark.parametrize(("kicks", "damage"), [(0, []), (1, [2]), (2, [2, 2])])
def test_trigger_conditions_after_the_trigger_clause(kicks: int, damage: list[int]) -> None:
    # "When this creature enters, if it was kicked [twice], ...": the condition follows the
    # trigger (603.4); an unkicked Archangel of Wrath deals no damage.
    effects = conditionals(ARCHANGEL, ["Archangel of Wrath"])
    assert [c.kicked.times if c.kicked else None for c in effects] == [1, 2]
    applied = applicable(effects, kicked=kicks, verb="damage")
    assert [e.amount.fixed for e in applied if e.amount] == damage


@pytest.mark.parametrize(
    ("line", "unsure"),
    [
        ("Draw two cards. If you control a Wizard, draw three cards instead.", [False, True]),
        (
            "When this creature enters, if it was kicked, it deals X damage to any target, "
            "where X is the number of attacking creatures.",
            [True],
        ),
        ("Burst Lightning deals 2 damage to any target.", [False]),
        # A mode happens only if chosen; a delayed trigger's amount depends on what happens.
        ("• Target player draws two cards, then discards a card.", [True]),
        (
            "If this spell was kicked, whenever a creature you control dies this turn, draw a card.",
            [True],
        ),
    ],
)
def test_other_conditions_are_marked_unsure(line: str, unsure: list[bool]) -> None:
    assert [c.unsure for c in conditionals([line], ["Burst Lightning"])] == unsure


def test_activated_abilities_are_not_the_objects_effects() -> None:
    assert conditionals(["{T}: Add {C} for each charge counter on this artifact."]) == ()


def test_copy_exceptions() -> None:
    spark = copy_exceptions(
        "You may have this creature enter as a copy of a creature or planeswalker you control, "
        "except it enters with an additional +1/+1 counter on it if it's a creature, it enters "
        "with an additional loyalty counter on it if it's a planeswalker, and it isn't legendary."
    )
    assert spark == CopyExceptions(not_legendary=True, counters=(("+1/+1", 1),))
    image = copy_exceptions(
        "You may have this creature enter as a copy of any creature on the battlefield, except "
        "it's an Illusion in addition to its other types."
    )
    assert image is not None and image.add_types == ("Illusion",)
    assert copy_exceptions("You may have this creature enter as a copy of any creature.") is None


def _face(text: str, name: str = "Test Card") -> tuple[object, ...]:
    card = Card.from_scryfall(
        {"name": name, "type_line": "Instant", "oracle_text": text, "mana_cost": "{R}"}
    )
    return parse_face(card.front, card).abilities


def test_oracle_parses_kicked_effects_into_data() -> None:
    abilities = _face("\n".join(BURST), "Burst Lightning")
    kicked = [a for a in abilities if getattr(a, "kind", "") == "if_kicked"]
    assert len(kicked) == 1
    parsed = getattr(kicked[0], "parsed", None)
    assert parsed is not None and parsed.verb == "damage" and parsed.amount == Amount(fixed=4)


def test_oracle_parses_cost_change_mana_value() -> None:
    abilities = _face(
        "Creature spells you cast with mana value 6 or greater cost {2} less to cast."
    )
    change = next(a for a in abilities if getattr(a, "kind", "") == "cost_change")
    assert getattr(change, "mana_value", None) == ManaValueCheck(op="ge", n=6)


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "You may activate abilities of creatures you control as though those creatures had "
            "haste.",
            AsThoughHaste(what="abilities", subject="creatures you control"),
        ),
        (
            "Enchanted creature can attack as though it had haste.",
            AsThoughHaste(what="attack", subject="enchanted"),
        ),
        (
            "Chaos Lord can attack as though it had haste unless it entered this turn.",
            AsThoughHaste(what="attack", subject="self", unless="it entered this turn"),
        ),
    ],
)
def test_as_though_haste(line: str, expected: AsThoughHaste) -> None:
    assert as_though_haste([line], ["Chaos Lord"]) == (expected,)


def test_as_though_haste_covers() -> None:
    others = AsThoughHaste(what="abilities", subject="other creatures you control")
    assert others.covers("Dynaheir", None, "Llanowar Elves", same_controller=True)
    assert not others.covers("Dynaheir", None, "Dynaheir", same_controller=True)
    aura = AsThoughHaste(what="attack", subject="enchanted")
    assert aura.covers("Instill Energy", "Grizzly Bears", "Grizzly Bears", same_controller=False)
    assert not aura.covers("Instill Energy", "Grizzly Bears", "Ox", same_controller=True)
