"""Kicker mechanics: payments, total cost, mana value, X, copies, zone changes and kicked triggers."""

from __future__ import annotations

import pytest

from engine import kicker as k
from engine.abilities import CostChange, IfKicked, Kicker, KickerCost, Target, Whose
from engine.mana import ManaCost
from engine.model import GameState, Permanent, Spell
from engine.ruling import Rule


def _cost(text: str) -> KickerCost:
    return KickerCost(mana=ManaCost.parse(text))


ANA_KICKER = Kicker(costs=(_cost("{2}{U}"), _cost("{1}{B}")))
ONE_KICKER = Kicker(costs=(_cost("{B}"),))
MULTI = Kicker(costs=(_cost("{1}{W}"),), multi=True)
ANA_DISCARD = IfKicked(which=0, trigger="etb", targets=(Target(what="player"),))
ANA_TAP = IfKicked(which=1, trigger="etb", targets=(Target(what="untapped creature"),))
ANA_CARDS = {"Ana Battlemage": "Creature — Human Wizard"}


@pytest.mark.parametrize(
    ("kicker", "payments", "verdict", "rule"),
    [
        (ANA_KICKER, {0: 2}, "no", Rule.KICKED),
        (ANA_KICKER, {1: 2}, "no", Rule.KICKED),
        (ANA_KICKER, {0: 1, 1: 1}, "yes", Rule.KICKER_AND_OR),
        (ANA_KICKER, {1: 1}, "yes", Rule.KICKER_AND_OR),
        (ANA_KICKER, {2: 1}, "no", Rule.KICKER_AND_OR),
        (ONE_KICKER, {0: 1}, "yes", Rule.KICKER_MEANING),
        (ONE_KICKER, {0: 2}, "no", Rule.KICKED),
        (ONE_KICKER, {0: 1, 1: 1}, "no", Rule.KICKER_AND_OR),
        (MULTI, {0: 3}, "yes", Rule.MULTIKICKER),
        (MULTI, {0: 0}, "yes", Rule.MULTIKICKER),
        (MULTI, {0: 10}, "yes", Rule.MULTIKICKER),
    ],
)
def test_kicker_payments(
    kicker: Kicker, payments: dict[int, int], verdict: str, rule: Rule
) -> None:
    ruling = k.kicker_payments(kicker, payments)
    assert ruling.verdict == verdict
    assert rule in ruling.rules


def test_kick_count_counts_each_payment() -> None:
    assert k.kick_count(ANA_KICKER, {0: 1, 1: 1}) == 2
    assert k.kick_count(MULTI, {0: 4}) == 4


@pytest.mark.parametrize(
    ("mana_cost", "kwargs", "verdict", "rule"),
    [
        ("{2}{G}", {"kicker": ANA_KICKER, "kicked": (0, 1)}, "{5}{G}{U}{B}", Rule.TOTAL_COST),
        ("{2}{G}", {"kicker": ANA_KICKER, "kicked": (1,)}, "{3}{G}{B}", Rule.KICKER_MEANING),
        ("{2}{G}", {"kicker": ANA_KICKER, "kicked": ()}, "{2}{G}", Rule.TOTAL_COST),
        (
            "{2}{W}{W}",
            {"kicker": MULTI, "kicked": (0, 0, 0)},
            "{5}{W}{W}{W}{W}{W}",
            Rule.TOTAL_COST,
        ),
        (
            "{0}",
            {"kicker": Kicker(costs=(_cost("{2}"),), multi=True), "kicked": (0, 0)},
            "{4}",
            Rule.TOTAL_COST,
        ),
        # A generic reduction can't take off colored mana.
        (
            "{B}{B}",
            {"kicker": ONE_KICKER, "kicked": (0,), "reduction": 2},
            "{B}{B}{B}",
            Rule.TOTAL_COST,
        ),
        (
            "{2}{G}",
            {"kicker": ANA_KICKER, "kicked": (0,), "reduction": 3},
            "{1}{G}{U}",
            Rule.TOTAL_COST,
        ),
        (
            "{2}{G}",
            {"kicker": ANA_KICKER, "kicked": (0,), "increase": 1},
            "{5}{G}{U}",
            Rule.TOTAL_COST,
        ),
        # Cascade: no mana cost, kicker may still be paid.
        (
            "{2}{G}",
            {"kicker": ANA_KICKER, "kicked": (1,), "without_paying": True},
            "{1}{B}",
            Rule.ALT_COST_PLUS_ADDITIONAL,
        ),
        (
            "{2}{G}",
            {"kicker": ANA_KICKER, "without_paying": True},
            "{0}",
            Rule.ALT_COST_PLUS_ADDITIONAL,
        ),
        (
            "{1}{R}",
            {
                "kicker": ONE_KICKER,
                "kicked": (0,),
                "alternative": ManaCost.parse("{3}{R}"),
                "alternative_name": "flashback",
            },
            "{3}{R}{B}",
            Rule.ALTERNATIVE_COST,
        ),
        ("{X}{R}", {"x": 3}, "{3}{R}", Rule.X_CHOSEN),
        # "Kicker {X}" (Verdeloth the Ancient): the kicker's X is paid as generic mana too.
        (
            "{4}{G}{G}",
            {"kicker": Kicker(costs=(_cost("{X}"),)), "kicked": (0,), "x": 2},
            "{6}{G}{G}",
            Rule.X_CHOSEN,
        ),
        (
            "{4}{G}{G}",
            {
                "kicker": Kicker(costs=(_cost("{X}"),)),
                "kicked": (0,),
                "x": 3,
                "without_paying": True,
            },
            "{3}",
            Rule.X_CHOSEN,
        ),
    ],
)
def test_total_cost(mana_cost: str, kwargs: dict[str, object], verdict: str, rule: Rule) -> None:
    ruling = k.total_cost(ManaCost.parse(mana_cost), **kwargs)  # type: ignore[arg-type]
    assert ruling.verdict is not None
    assert ManaCost.parse(ruling.verdict).mana_value() == ManaCost.parse(verdict).mana_value()
    assert sorted(ManaCost.parse(ruling.verdict).parts) == sorted(ManaCost.parse(verdict).parts)
    assert rule in ruling.rules


@pytest.mark.parametrize(
    ("mana_cost", "kwargs", "missing"),
    [
        ("{X}{R}", {}, "the value of X"),
        ("{2}{G}", {"kicker": ANA_KICKER, "kicked": (0, 0)}, None),
        ("{2}{G}", {"kicked": (0,)}, "the kicker cost"),
        ("{4}{G}{G}", {"kicker": Kicker(costs=(_cost("{X}"),)), "kicked": (0,)}, "the value of X"),
    ],
)
def test_total_cost_undecided(
    mana_cost: str, kwargs: dict[str, object], missing: str | None
) -> None:
    ruling = k.total_cost(ManaCost.parse(mana_cost), **kwargs)  # type: ignore[arg-type]
    assert ruling.verdict is None
    if missing:
        assert missing in ruling.missing


@pytest.mark.parametrize(
    ("mana_cost", "on_stack", "x", "kicked", "verdict", "rule"),
    [
        ("{2}{G}", True, None, True, "3", Rule.MANA_VALUE),
        ("{2}{G}", False, None, True, "3", Rule.TOTAL_COST),
        ("{X}{R}{R}", True, 5, False, "7", Rule.MANA_VALUE_X),
        ("{X}{R}{R}", False, 5, False, "2", Rule.MANA_VALUE_X),
        ("{X}{X}{G}", True, 2, False, "5", Rule.MANA_VALUE_X),
        ("{2/W}{G}", False, None, False, "3", Rule.MANA_VALUE),
    ],
)
def test_mana_value(
    mana_cost: str, on_stack: bool, x: int | None, kicked: bool, verdict: str, rule: Rule
) -> None:
    ruling = k.mana_value(ManaCost.parse(mana_cost), on_stack=on_stack, x=x, kicked=kicked)
    assert ruling.verdict == verdict
    assert rule in ruling.rules


def test_mana_value_x_on_stack_needs_x() -> None:
    ruling = k.mana_value(ManaCost.parse("{X}{U}"), on_stack=True)
    assert ruling.verdict is None and ruling.missing


@pytest.mark.parametrize(
    ("way", "verdict", "rule"),
    [
        ("cast", "yes", Rule.ANNOUNCE_COSTS),
        ("alternative", "yes", Rule.ALT_COST_PLUS_ADDITIONAL),
        ("without_paying", "yes", Rule.ALT_COST_PLUS_ADDITIONAL),
        ("put", "no", Rule.KICKER_MEANING),
        ("copy", "no", Rule.COPY_SPELL),
    ],
)
def test_can_kick(way: k.EntryWay, verdict: str, rule: Rule) -> None:
    ruling = k.can_kick(way, "Skyclave Shade")
    assert ruling.verdict == verdict
    assert rule in ruling.rules
    assert "Skyclave Shade" in ruling.cards


@pytest.mark.parametrize(
    ("spell", "verdict", "rules"),
    [
        (
            Spell(name="Fireball", kicked=(0,), types=frozenset({"Sorcery"})),
            "yes",
            {Rule.COPY_SPELL},
        ),
        (Spell(name="Fireball", kicked=(), types=frozenset({"Sorcery"})), "no", {Rule.COPY_SPELL}),
        (
            Spell(name="Gatekeeper of Malakir", kicked=(0,), types=frozenset({"Creature"})),
            "yes",
            {Rule.COPY_SPELL, Rule.COPY_PERMANENT_SPELL},
        ),
    ],
)
def test_copy_spell_keeps_kicked(spell: Spell, verdict: str, rules: set[Rule]) -> None:
    copy, ruling = k.copy_spell(spell)
    assert ruling.verdict == verdict
    assert rules <= set(ruling.rules)
    assert copy.is_copy and not copy.cast
    assert copy.kicked == spell.kicked


def test_copy_of_permanent_spell_resolves_to_kicked_token() -> None:
    spell = Spell(name="Gatekeeper of Malakir", kicked=(0,), types=frozenset({"Creature"}), x=2)
    copy, _ = k.copy_spell(spell)
    token, ruling = k.resolve(copy)
    assert token.token and token.was_kicked
    assert ruling.verdict == "yes"
    assert Rule.COPY_PERMANENT_SPELL in ruling.rules
    assert copy.x == 2


def test_copy_of_permanent_is_not_kicked() -> None:
    state = GameState.parse("you: Gatekeeper of Malakir[type=Creature|kicked]")
    original = state.find("Gatekeeper of Malakir")
    assert original.was_kicked
    copy, ruling = k.copy_permanent(original, "Clone")
    assert ruling.verdict == "no"
    assert not copy.was_kicked
    assert Rule.COPY_VALUES in ruling.rules


def test_zone_change_forgets_kicked() -> None:
    state = GameState.parse("you: Ana Battlemage[type=Creature|kicked=0+1]")
    ana = state.find("Ana Battlemage")
    assert ana.kicked == (0, 1)
    back, ruling = k.zone_change(ana)
    assert ruling.verdict == "no"
    assert back.kicked == ()
    assert {Rule.NEW_OBJECT, Rule.KICKER_MEANING} <= set(ruling.rules)


@pytest.mark.parametrize(
    ("negated", "kicked", "applies"), [(True, (0,), "no"), (False, (0,), "yes")]
)
def test_kicked_consequence_follows_the_zone_change(
    negated: bool, kicked: tuple[int, ...], applies: str
) -> None:
    # "At the beginning of the end step, if it wasn't kicked, sacrifice it" applies to the new
    # object a flicker makes, and a kicked-only ability no longer does.
    ability = IfKicked(trigger="other", negated=negated, effect="sacrifice it")
    perm = Permanent(name="Skizzik", types=frozenset({"Creature"}), kicked=kicked)
    before = k.zone_change(perm)
    still = k.kicked_consequence(perm, ability, before[1])
    assert still.verdict == applies
    back = k.kicked_consequence(before[0], ability, before[1])
    assert back.verdict == ("yes" if negated else "no")
    assert Rule.NEW_OBJECT in back.rules


def test_resolved_group_effect_misses_later_creatures() -> None:
    group = IfKicked(
        trigger="etb", effect="creatures you control get +1/+0 and gain haste until end of turn"
    )
    lasting = IfKicked(trigger="etb", effect="put a +1/+1 counter on each creature you control")
    assert k.resolved_effect_group(group)
    assert not k.resolved_effect_group(lasting)
    ruling = k.later_object_affected("Goblin Bushwhacker", group, "a later goblin")
    assert ruling.verdict == "no"
    assert Rule.AFFECTED_SET_LOCKED in ruling.rules


def test_resolve_keeps_kicked_and_resets_x() -> None:
    perm, ruling = k.resolve(Spell(name="Everflowing Chalice", kicked=(0, 0), x=None))
    assert perm.kicked == (0, 0) and perm.x == 0
    assert ruling.verdict == "yes"


@pytest.mark.parametrize(("x", "verdict"), [(5, "5"), (0, "0"), (None, None)])
def test_x_for_etb(x: int | None, verdict: str | None) -> None:
    ruling = k.x_for_etb(Spell(name="Hydra", x=x))
    assert ruling.verdict == verdict
    assert Rule.X_ETB in ruling.rules


@pytest.mark.parametrize(
    ("ability", "kicked", "met"),
    [
        (ANA_TAP, (1,), True),
        (ANA_TAP, (0,), False),
        (ANA_DISCARD, (0, 1), True),
        (IfKicked(), (), False),
        (IfKicked(), (0,), True),
        (IfKicked(negated=True), (), True),
        (IfKicked(times=2), (0,), False),
        (IfKicked(times=2), (0, 0), True),
    ],
)
def test_condition_met(ability: IfKicked, kicked: tuple[int, ...], met: bool) -> None:
    assert k.condition_met(ability, kicked) is met


def _ana(kicked: str, extra: str = "") -> tuple[GameState, Permanent]:
    text = f"you: Ana Battlemage[type=Creature|kicked={kicked}]" + extra
    state = GameState.parse(text)
    return state, state.find("Ana Battlemage")


@pytest.mark.parametrize(
    ("position", "kicked", "ability", "verdict", "rule"),
    [
        ("", "1", ANA_TAP, "Ana Battlemage", Rule.TARGETED_TRIGGER),
        (
            "; opponent: Grizzly Bears[type=Creature|tapped]",
            "1",
            ANA_TAP,
            "Ana Battlemage",
            Rule.TARGETED_TRIGGER,
        ),
        ("; opponent: Grizzly Bears[type=Creature]", "1", ANA_TAP, None, Rule.TARGETS),
        ("", "0", ANA_TAP, "no", Rule.TRIGGER_EVENT),
        ("", "0", ANA_DISCARD, None, Rule.TARGETS),
    ],
)
def test_kicked_trigger_targets(
    position: str, kicked: str, ability: IfKicked, verdict: str | None, rule: Rule
) -> None:
    state, ana = _ana(kicked, position)
    ruling = k.kicked_trigger(state, ana, ability, ANA_KICKER)
    assert ruling.verdict == verdict
    assert rule in ruling.rules


def test_kicked_trigger_without_legal_target_is_removed() -> None:
    state = GameState.parse("you: Ana Battlemage[type=Creature|kicked=1|tapped]")
    ruling = k.kicked_trigger(state, state.find("Ana Battlemage"), ANA_TAP, ANA_KICKER)
    assert ruling.verdict == "no"
    assert Rule.TRIGGER_NO_LEGAL_TARGET in ruling.rules


@pytest.mark.parametrize(
    ("position", "verdict"),
    [
        ("; opponent: Grizzly Bears[type=Creature|tapped]", "no"),
        ("; opponent: Grizzly Bears[type=Creature]", "yes"),
        ("", "no"),
    ],
)
def test_resolve_checks_targets_again(position: str, verdict: str) -> None:
    state, ana = _ana("1", position)
    ruling = k.resolve_targeted(state, ana, {ANA_TAP.targets[0]: "Grizzly Bears"})
    assert ruling.verdict == verdict
    assert Rule.TARGET_ILLEGAL in ruling.rules


@pytest.mark.parametrize(
    ("what", "position", "expected"),
    [
        ("player", "you: Forest[type=Land]", ("you", "opponent")),
        ("opponent", "you: Forest[type=Land]", ("opponent",)),
        (
            "creature",
            "you: Bear[type=Creature]; opponent: Elf[type=Creature|tapped]",
            ("Bear", "Elf"),
        ),
        (
            "untapped creature",
            "you: Bear[type=Creature]; opponent: Elf[type=Creature|tapped]",
            ("Bear",),
        ),
        (
            "tapped creature",
            "you: Bear[type=Creature]; opponent: Elf[type=Creature|tapped]",
            ("Elf",),
        ),
        (
            "creature an opponent controls",
            "you: Bear[type=Creature]; opponent: Elf[type=Creature]",
            ("Elf",),
        ),
        (
            "creature you control",
            "you: Bear[type=Creature]; opponent: Elf[type=Creature]",
            ("Bear",),
        ),
        (
            "artifact or enchantment",
            "you: Bear[type=Creature]; opponent: Ring[type=Artifact]",
            ("Ring",),
        ),
        ("permanent", "you: Bear[type=Creature|phased]; opponent: Ring[type=Artifact]", ("Ring",)),
    ],
)
def test_legal_targets(what: str, position: str, expected: tuple[str, ...]) -> None:
    assert k.legal_targets(GameState.parse(position), Target(what=what)) == expected


@pytest.mark.parametrize(("payments", "verdict"), [(0, "no"), (1, "yes"), (3, "yes")])
def test_kicked_status(payments: int, verdict: str) -> None:
    ruling = k.kicked_status(payments, "Everflowing Chalice")
    assert ruling.verdict == verdict
    assert Rule.KICKED in ruling.rules


@pytest.mark.parametrize(("kicked", "verdict"), [((0,), "yes"), ((), "no")])
def test_phasing_keeps_the_same_object(kicked: tuple[int, ...], verdict: str) -> None:
    perm = Permanent(name="Gatekeeper of Malakir", types=frozenset({"Creature"}), kicked=kicked)
    same, ruling = k.phase_out_and_in(perm)
    assert same.kicked == kicked
    assert ruling.verdict == verdict
    assert Rule.PHASING_NO_ENTER in ruling.rules


def test_x_for_etb_of_a_permanent_that_was_not_cast() -> None:
    ruling = k.x_for_etb(None)
    assert ruling.verdict == "0"
    assert {Rule.X_ETB, Rule.NEW_OBJECT} <= set(ruling.rules)


@pytest.mark.parametrize(
    ("ability", "kicked", "verdict", "rule"),
    [
        (ANA_TAP, (0,), "no", Rule.KICKER_SPECIFIC),
        (ANA_TAP, (1,), "yes", Rule.KICKER_SPECIFIC),
        (ANA_DISCARD, (0, 1), "yes", Rule.KICKER_SPECIFIC),
        (IfKicked(trigger="etb"), (), "no", Rule.KICKER_LINKED),
        (IfKicked(trigger="etb"), (0,), "yes", Rule.KICKER_LINKED),
    ],
)
def test_kicked_trigger_fires(
    ability: IfKicked, kicked: tuple[int, ...], verdict: str, rule: Rule
) -> None:
    source = Permanent(name="Ana Battlemage", types=frozenset({"Creature"}), kicked=kicked)
    ruling = k.kicked_trigger_fires(source, ability, ANA_KICKER)
    assert ruling.verdict == verdict
    assert rule in ruling.rules


INSTANT = frozenset({"Instant"})
CREATURE = frozenset({"Creature"})


@pytest.mark.parametrize(
    ("applies_to", "whose", "condition", "types", "colors", "same", "expected"),
    [
        ("noncreature spells", "any", "", INSTANT, frozenset("R"), False, True),
        ("noncreature spells", "any", "", CREATURE, frozenset("R"), True, False),
        ("instant and sorcery spells you cast", "you", "", INSTANT, frozenset("R"), True, True),
        ("instant and sorcery spells you cast", "you", "", INSTANT, frozenset("R"), False, False),
        ("spells", "any", "", CREATURE, frozenset("G"), True, True),
        ("white spells you cast", "you", "", CREATURE, frozenset("G"), True, False),
        ("black creature spells you cast", "you", "", CREATURE, frozenset("B"), True, True),
        ("colorless spells you cast", "you", "", frozenset({"Artifact"}), frozenset(), True, True),
        ("dragon spells you cast", "you", "", CREATURE, frozenset("R"), True, None),
        ("spells", "any", "if you control a Wizard", INSTANT, frozenset("U"), True, None),
        ("the second spell you cast each turn", "you", "", INSTANT, frozenset("U"), True, None),
    ],
)
def test_cost_change_applies(
    applies_to: str,
    whose: Whose,
    condition: str,
    types: frozenset[str],
    colors: frozenset[str],
    same: bool,
    expected: bool | None,
) -> None:
    change = CostChange(delta=1, applies_to=applies_to, whose=whose, condition=condition)
    got = k.cost_change_applies(
        change, types=types, subtypes=frozenset(), colors=colors, same_controller=same
    )
    assert got is expected


@pytest.mark.parametrize(
    ("changes", "verdict"),
    [
        ((("Thalia, Guardian of Thraben", 1),), "{5}{R}"),
        ((("Goblin Electromancer", -1),), "{3}{R}"),
        ((("Thalia, Guardian of Thraben", 1), ("Goblin Electromancer", -1)), "{4}{R}"),
    ],
)
def test_total_cost_with_named_cost_changes(
    changes: tuple[tuple[str, int], ...], verdict: str
) -> None:
    ruling = k.total_cost(
        ManaCost.parse("{R}"), kicker=Kicker(costs=(_cost("{4}"),)), kicked=(0,), changes=changes
    )
    assert ruling.verdict == verdict
    assert {s.card for s in ruling.steps if s.card} == {name for name, _ in changes}


@pytest.mark.parametrize(
    ("spell", "verdict", "rule"),
    [
        (Spell(name="Burst Lightning", kicked=(0,)), "yes", Rule.KICKED),
        (Spell(name="Burst Lightning"), "no", Rule.KICKED),
        (
            Spell(name="Burst Lightning", kicked=(0,), cast=False, is_copy=True),
            "no",
            Rule.COPY_SPELL,
        ),
        (
            Spell(name="Burst Lightning", kicked=(0,), controller="opponent"),
            "no",
            Rule.TRIGGER_EVENT,
        ),
    ],
)
def test_kicked_cast_trigger(spell: Spell, verdict: str, rule: Rule) -> None:
    ruling = k.kicked_cast_trigger("Roost of Drakes", spell)
    assert ruling.verdict == verdict
    assert rule in ruling.rules


@pytest.mark.parametrize(("kicked", "verdict"), [((0,), "yes"), ((), "no")])
def test_control_change_keeps_kicked_status(kicked: tuple[int, ...], verdict: str) -> None:
    perm = Permanent(name="Gatekeeper of Malakir", kicked=kicked)
    moved, ruling = k.control_change(perm, "opponent")
    assert ruling.verdict == verdict
    assert moved.controller == "opponent" and moved.kicked == kicked


def test_two_alternative_costs_never_combine() -> None:
    ruling = k.combine_alternative_costs(["flashback", "overload"], "Cyclonic Rift")
    assert ruling.verdict == "no"
    assert Rule.ONE_ALTERNATIVE_COST in ruling.rules
    assert k.combine_alternative_costs(["cascade", "cascade"]).verdict is None


def test_additional_costs_stay_with_an_alternative_cost() -> None:
    assert k.additional_costs_with_alternative(skipped=False).verdict == "yes"
    skipped = k.additional_costs_with_alternative(skipped=True, card="Bone Splinters")
    assert skipped.verdict == "no"
    assert Rule.ALT_COST_PLUS_ADDITIONAL in skipped.rules


@pytest.mark.parametrize(
    ("route", "value", "verdict"),
    [
        ("normal", 0, "yes"),
        ("normal", None, "yes"),
        ("alternative_with_x", 3, "yes"),
        ("without_paying", 0, "yes"),
        ("without_paying", 2, "no"),
        ("fixed_alternative", None, "no"),
    ],
)
def test_x_choice(route: k.XRoute, value: int | None, verdict: str) -> None:
    assert k.x_choice(route, value).verdict == verdict


def test_x_is_zero_without_paying() -> None:
    assert k.x_value_when_cast("without_paying").verdict == "0"
    assert k.x_value_when_cast("normal").verdict is None


def test_each_spell_that_is_a_color_reads_as_those_spells() -> None:
    change = CostChange(
        text="Each spell you cast that's red or green costs {1} less to cast.",
        delta=-1,
        applies_to="each spell you cast that's red or green",
        whose="you",
    )
    kw = {"types": frozenset({"Artifact"}), "subtypes": frozenset[str]()}
    assert k.cost_change_applies(change, colors=frozenset("G"), same_controller=True, **kw)
    assert not k.cost_change_applies(change, colors=frozenset("U"), same_controller=True, **kw)
    assert k.cost_change_ruling("Goblin Anarchomancer", change, True, "it").verdict == "yes"


def test_no_kicker_cannot_be_kicked() -> None:
    ruling = k.no_kicker("Mind Stone")
    assert ruling.verdict == "no"
    assert Rule.KICKER_MEANING in ruling.rules
    assert "Mind Stone" in ruling.steps[0].note


CHALICE = k.ManaValueCompare("counters", "counter that spell.")
CASCADE = k.ManaValueCompare("cascade", "Cascade")


@pytest.mark.parametrize(
    ("spec", "cost", "x", "other", "other_cost", "verdict"),
    [
        (CHALICE, "{X}{X}", 1, 2, None, "yes"),  # X counts on the stack (202.3e)
        (CHALICE, "{X}{G}{U}", 2, 2, None, "no"),
        (CHALICE, "{R}", None, 1, None, "yes"),
        (CASCADE, "{2}{R}{G}", None, None, "{X}{G}{U}", "yes"),  # X is 0 in the library
        (CASCADE, "{2}{R}{G}", None, None, "{2}{G}{G}", "no"),
        (CHALICE, "{X}{R}", None, 1, None, None),  # X not stated
    ],
)
def test_mana_value_compared_counts_x_on_the_stack_only(
    spec: k.ManaValueCompare,
    cost: str,
    x: int | None,
    other: int | None,
    other_cost: str | None,
    verdict: str | None,
) -> None:
    ruling = k.mana_value_compared(
        "Watcher",
        spec,
        spell="the spell",
        mana_cost=ManaCost.parse(cost),
        x=x,
        other=other,
        other_cost=ManaCost.parse(other_cost) if other_cost else None,
        other_name="the card",
    )
    assert ruling.verdict == verdict
    if verdict is not None and spec.kind == "cascade":
        assert Rule.CASCADE in ruling.rules


def test_mana_value_compare_reads_the_plain_forms() -> None:
    chalice = (
        "This artifact enters with X charge counters on it.\nWhenever a player casts a spell "
        "with mana value equal to the number of charge counters on this artifact, counter that "
        "spell."
    )
    assert k.mana_value_compare(chalice) == k.ManaValueCompare("counters", chalice.split("\n")[1])
    assert k.mana_value_compare("Cascade", ["Cascade"]) == CASCADE
    assert k.mana_value_compare("Counter target spell with mana value 2.") is None


@pytest.mark.parametrize(
    ("applies_to", "kw", "expected"),
    [
        ("creature spells you cast with power 4 or greater", {"power": "2"}, False),
        ("creature spells you cast with power 4 or greater", {"power": "6"}, True),
        ("creature spells you cast with power 4 or greater", {"power": "*"}, None),
        ("creature spells you cast with mana value 6 or greater", {"mana_value": 2}, False),
        ("creature spells you cast with mana value 6 or greater", {}, None),
        ("creature spells of the chosen type", {"chosen_type": "goblin"}, True),
        ("creature spells of the chosen type", {"chosen_type": "elf"}, False),
        ("creature spells of the chosen type", {}, None),
        ("creature spells of the chosen type", {"every_type": True}, True),
        ("spells you cast of the chosen type", {"chosen_type": "creature"}, True),
    ],
)
def test_cost_change_reads_power_mana_value_and_chosen_type(
    applies_to: str, kw: dict[str, object], expected: bool | None
) -> None:
    change = CostChange(text="", delta=-2, applies_to=applies_to, whose="you")
    got = k.cost_change_applies(
        change,
        types=frozenset({"Creature"}),
        subtypes=frozenset({"Goblin", "Warrior"}),
        colors=frozenset("R"),
        same_controller=True,
        **kw,  # type: ignore[arg-type]
    )
    assert got is expected


OWL_TAP = IfKicked(
    text="When this creature enters, if it was kicked, tap up to three target permanents.",
    trigger="etb",
    targets=(Target(what="permanents", count=3),),
    effect="tap up to three target permanents",
)


@pytest.mark.parametrize(
    ("kicked", "spec", "tapped", "verdict", "rule"),
    [
        ((0,), "permanents", True, "yes", Rule.TARGETS),
        ((0,), "permanents", False, "yes", Rule.TARGETS),
        ((0,), "untapped creature", True, "no", Rule.TARGETS),
        ((0,), "tapped creature", True, "yes", Rule.TARGETS),
        ((), "permanents", True, "no", Rule.KICKER_LINKED),
    ],
)
def test_tapped_target_legal(
    kicked: tuple[int, ...], spec: str, tapped: bool, verdict: str, rule: Rule
) -> None:
    owl = Permanent(name="Tempest Owl", types=frozenset({"Creature"}), kicked=kicked)
    ruling = k.tapped_target_legal(
        owl, OWL_TAP, Target(what=spec), tapped=tapped, types=frozenset({"Creature"})
    )
    assert ruling.verdict == verdict
    assert rule in ruling.rules


def test_legal_targets_reads_plural_target_words() -> None:
    state = GameState.parse("you: Owl[type=Creature]; opponent: Ring[type=Artifact|tapped]")
    assert k.legal_targets(state, Target(what="permanents")) == ("Owl", "Ring")
    assert k.legal_targets(state, Target(what="artifacts")) == ("Ring",)


NECRA = Kicker(
    costs=(KickerCost(mana=ManaCost.parse("{1}{G}")), KickerCost(mana=ManaCost.parse("{W}")))
)
NECRA_GREEN = IfKicked(
    which=0, trigger="static", effect="it enters with two +1/+1 counters on it and with trample"
)


@pytest.mark.parametrize(
    ("kicked", "verdict"), [((0,), "yes"), ((1,), "no"), ((0, 1), "yes"), ((), "no")]
)
def test_kicked_static_is_linked_to_its_cost(kicked: tuple[int, ...], verdict: str) -> None:
    perm = Permanent(name="Necravolver", types=frozenset({"Creature"}), kicked=kicked)
    ruling = k.kicked_static(perm, NECRA_GREEN, NECRA)
    assert ruling.verdict == verdict
    assert Rule.KICKER_SPECIFIC in ruling.rules


def test_kicked_consequence_can_ask_whether_the_effect_is_missing() -> None:
    ability = IfKicked(trigger="static", effect="it enters with three +1/+1 counters on it")
    titan = Permanent(name="Kavu Titan", types=frozenset({"Creature"}), kicked=(0,))
    back, before = k.zone_change(titan)
    assert k.kicked_consequence(back, ability, before).verdict == "no"
    assert k.kicked_consequence(back, ability, before, absent=True).verdict == "yes"


@pytest.mark.parametrize(
    ("kicked", "first", "applies"),
    [
        (True, True, True),
        (True, False, False),
        (False, True, False),
        (True, None, None),
        (None, True, None),
    ],
)
def test_first_kicked_spell_each_turn(
    kicked: bool | None, first: bool | None, applies: bool | None
) -> None:
    change = CostChange(
        text="The first kicked spell you cast each turn costs {1} less to cast.",
        delta=-1,
        applies_to="the first kicked spell you cast each turn",
        whose="you",
    )
    got = k.cost_change_applies(
        change,
        types=frozenset({"Instant"}),
        subtypes=frozenset(),
        colors=frozenset("R"),
        same_controller=True,
        kicked=kicked,
        first_this_turn=first,
    )
    assert got is applies


KRASIS = "When you cast this spell, you gain half X life and draw half X cards. Round down each time.\nFlying, trample\nThis creature enters with X +1/+1 counters on it."


def test_x_amounts_reads_cast_and_enter_amounts() -> None:
    got = k.x_amounts(KRASIS, ManaCost.parse("{X}{G}{U}"))
    assert [(a.what, a.when, a.half) for a in got] == [
        ("life", "cast", True),
        ("cards", "cast", True),
        ("counters", "etb", False),
    ]
    # X the text defines is no X chosen as it was cast.
    defined = "This creature enters with X +1/+1 counters on it, where X is the number of cards in your hand."
    assert k.x_amounts(defined, ManaCost.parse("{X}{G}")) == ()


@pytest.mark.parametrize(
    ("index", "x", "free", "verdict", "rule"),
    [
        (1, 5, False, "2", Rule.X_ANNOUNCED),
        (0, 7, False, "3", Rule.X_ANNOUNCED),
        (2, 4, False, "4", Rule.X_ETB),
        (1, None, True, "0", Rule.X_FREE),
        (1, None, False, None, None),
    ],
)
def test_x_amount(
    index: int, x: int | None, free: bool, verdict: str | None, rule: Rule | None
) -> None:
    amount = k.x_amounts(KRASIS, ManaCost.parse("{X}{G}{U}"))[index]
    ruling = k.x_amount(amount, ManaCost.parse("{X}{G}{U}"), x=x, free=free)
    assert ruling.verdict == verdict
    if rule is not None:
        assert rule in ruling.rules


def test_x_amount_counts_mana_spent() -> None:
    text = "Verazol enters with a +1/+1 counter on it for each mana spent to cast it."
    (spent,) = k.x_amounts(text, ManaCost.parse("{X}{G}{U}"))
    assert spent.spent
    assert k.x_amount(spent, ManaCost.parse("{X}{G}{U}"), x=3).verdict == "5"
    assert k.x_amount(spent, ManaCost.parse("{X}{G}{U}"), x=None, free=True).verdict == "0"
