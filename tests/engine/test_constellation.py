"""Enchantment-enters triggers, Aura and bestow resolution, and trigger order."""

from __future__ import annotations

import pytest

from engine import constellation as c
from engine.abilities import EnchantmentEnters
from engine.model import OPPONENT, YOU, GameState, Permanent, Spell
from engine.oracle import spell_rules
from engine.ruling import Rule

CONSTELLATION = EnchantmentEnters(constellation=True, whose="you", another=True, includes_self=True)
ANOTHER_ONLY = EnchantmentEnters(whose="you", another=True)
ANY_PLAYER = EnchantmentEnters(whose="any")
ONCE_PER_EVENT = EnchantmentEnters(whose="you", one_or_more=True)
NONTOKEN = EnchantmentEnters(whose="you", nontoken=True)
ARTIFACT_TOO = EnchantmentEnters(whose="you", also=("artifact",))
ENCHANTMENT_CREATURE = frozenset({"Enchantment", "Creature"})


def _watcher(
    name: str = "Eidolon of Blossoms",
    ability: EnchantmentEnters = CONSTELLATION,
    controller: str = YOU,
) -> Permanent:
    return Permanent(
        name=name, controller=controller, types=ENCHANTMENT_CREATURE, abilities=(ability,)
    )


def _enchantment(
    name: str = "Pacifism",
    controller: str = YOU,
    types: frozenset[str] = frozenset({"Enchantment"}),
    token: bool = False,
) -> Permanent:
    return Permanent(name=name, controller=controller, owner=controller, types=types, token=token)


@pytest.mark.parametrize(
    ("watchers", "entering", "how", "verdict", "count", "rule"),
    [
        ([_watcher()], [_enchantment()], "resolve", "yes", 1, Rule.TRIGGER_EVENT),
        (
            [_watcher()],
            [_enchantment(types=ENCHANTMENT_CREATURE)],
            "resolve",
            "yes",
            1,
            Rule.TRIGGER_EVENT,
        ),
        (
            [_watcher()],
            [_enchantment(types=frozenset({"Artifact", "Enchantment"}))],
            "put",
            "yes",
            1,
            Rule.TRIGGER_EVENT,
        ),
        ([_watcher()], [_enchantment(controller=OPPONENT)], "resolve", "no", 0, Rule.TRIGGER_EVENT),
        ([_watcher()], [_enchantment(controller=OPPONENT)], "cast", "no", 0, Rule.TRIGGER_EVENT),
        ([_watcher()], [_enchantment()], "cast", "no", 0, Rule.TRIGGER_EVENT),
        ([_watcher()], [_enchantment(token=True)], "token", "yes", 1, Rule.TRIGGER_EVENT),
        ([_watcher()], [_enchantment()], "reanimate", "yes", 1, Rule.TRIGGER_EVENT),
        ([_watcher()], [_enchantment()], "flicker", "yes", 1, Rule.NEW_OBJECT),
        ([_watcher()], [_enchantment()], "phase_in", "no", 0, Rule.PHASING_NO_ENTER),
        ([_watcher()], [_enchantment()], "becomes", "no", 0, Rule.TRIGGER_EVENT),
        ([_watcher()], [_enchantment()], "control_change", "no", 0, Rule.TRIGGER_EVENT),
        ([_watcher()], [_enchantment()], "leaves", "no", 0, Rule.TRIGGER_EVENT),
        (
            [_watcher()],
            [_enchantment(types=frozenset({"Creature"}))],
            "resolve",
            "no",
            0,
            Rule.TRIGGER_EVENT,
        ),
        (
            [_watcher(), _watcher("Doomwake Giant")],
            [_enchantment()],
            "resolve",
            "yes",
            2,
            Rule.TRIGGER_ORDER,
        ),
        (
            [_watcher(ability=ANY_PLAYER)],
            [_enchantment(controller=OPPONENT)],
            "resolve",
            "yes",
            1,
            Rule.TRIGGER_EVENT,
        ),
        (
            [_watcher(ability=ONCE_PER_EVENT)],
            [_enchantment("A"), _enchantment("B")],
            "resolve",
            "yes",
            1,
            Rule.SIMULTANEOUS_ENTER,
        ),
        (
            [_watcher()],
            [_enchantment("A"), _enchantment("B")],
            "resolve",
            "yes",
            2,
            Rule.SIMULTANEOUS_ENTER,
        ),
        (
            [_watcher(ability=NONTOKEN)],
            [_enchantment(token=True)],
            "token",
            "no",
            0,
            Rule.TRIGGER_EVENT,
        ),
        (
            [_watcher(ability=ARTIFACT_TOO)],
            [_enchantment(types=frozenset({"Artifact"}))],
            "resolve",
            "yes",
            1,
            Rule.TRIGGER_EVENT,
        ),
    ],
)
def test_enchantment_enters(
    watchers: list[Permanent],
    entering: list[Permanent],
    how: c.How,
    verdict: str,
    count: int,
    rule: Rule,
) -> None:
    state = GameState(battlefield=tuple(watchers))
    fired, ruling = c.enters(state, entering, how)
    assert ruling.verdict == verdict
    assert len(fired) == count
    assert rule in ruling.rules
    assert c.trigger_count(state, entering, how).verdict == str(count)


def test_phased_out_watcher_sees_nothing() -> None:
    state = GameState(battlefield=(_watcher().model_copy(update={"phased_out": True}),))
    fired, ruling = c.enters(state, [_enchantment()], "resolve")
    assert not fired and ruling.verdict == "no"


@pytest.mark.parametrize(
    ("ability", "verdict"),
    [(CONSTELLATION, "yes"), (ANOTHER_ONLY, "no"), (EnchantmentEnters(whose="you"), "yes")],
)
def test_source_entering_sees_itself(ability: EnchantmentEnters, verdict: str) -> None:
    eidolon = _watcher(ability=ability)
    _, ruling = c.enters(GameState(), [eidolon], "resolve", watcher=eidolon.name)
    assert ruling.verdict == verdict


def test_simultaneous_constellation_permanents_see_each_other() -> None:
    a, b = _watcher("Eidolon of Blossoms"), _watcher("Doomwake Giant")
    fired, ruling = c.enters(GameState(), [a, b], "put")
    assert len(fired) == 4
    assert {(f.source, f.entered) for f in fired} == {
        (x, y) for x in (a.name, b.name) for y in (a.name, b.name)
    }
    assert Rule.SIMULTANEOUS_ENTER in ruling.rules


def test_watcher_narrows_the_verdict() -> None:
    mine, theirs = _watcher("Eidolon of Blossoms"), _watcher("Doomwake Giant", controller=OPPONENT)
    state = GameState(battlefield=(mine, theirs))
    enchantment = _enchantment()
    assert c.enters(state, [enchantment], watcher="Doomwake Giant")[1].verdict == "no"
    assert c.enters(state, [enchantment], watcher="Eidolon of Blossoms")[1].verdict == "yes"
    assert (
        c.trigger_count(
            state, [_enchantment(controller=OPPONENT)], watcher="Doomwake Giant"
        ).verdict
        == "1"
    )


def test_a_lone_reason_closes_the_ruling_without_a_repeat() -> None:
    watcher = _watcher("Doomwake Giant")
    _, ruling = c.enters(
        GameState(battlefield=(watcher,)),
        [_enchantment(controller=OPPONENT)],
        watcher="Doomwake Giant",
    )
    assert ruling.verdict == "no"
    notes = [s.note for s in ruling.steps]
    assert notes[-1].startswith("Doomwake Giant's ability doesn't trigger:")
    assert notes[-1].endswith("not yours.")
    assert not any(n.startswith("So ") for n in notes)


@pytest.mark.parametrize(
    ("bestowed", "legal", "verdict", "enters", "rule"),
    [
        (True, False, "yes", True, Rule.BESTOW_ILLEGAL_TARGET),
        (False, False, "no", False, Rule.AURA_ILLEGAL_TARGET),
        (False, True, "yes", True, Rule.RESOLVE_PERMANENT),
        (True, True, "yes", True, Rule.RESOLVE_PERMANENT),
    ],
)
def test_resolve_aura(bestowed: bool, legal: bool, verdict: str, enters: bool, rule: Rule) -> None:
    types = ENCHANTMENT_CREATURE if bestowed else frozenset({"Enchantment"})
    spell = Spell(
        name="Boon Satyr", types=types, subtypes=frozenset({"Aura", "Satyr"}), bestowed=bestowed
    )
    perm, ruling = c.resolve_aura(spell, target_legal=legal)
    assert ruling.verdict == verdict
    assert (perm is not None) is enters
    assert rule in ruling.rules
    if bestowed and not legal:
        assert perm is not None and perm.is_creature and "Aura" not in perm.subtypes


@pytest.mark.parametrize(("bestowed", "verdict"), [(True, "yes"), (False, "no")])
def test_aura_spell_triggers_constellation(bestowed: bool, verdict: str) -> None:
    spell = Spell(
        name="Aura",
        types=frozenset({"Enchantment"}),
        subtypes=frozenset({"Aura"}),
        bestowed=bestowed,
    )
    ruling = c.aura_spell_triggers(GameState(battlefield=(_watcher(),)), spell, target_legal=False)
    assert ruling.verdict == verdict
    assert Rule.AURA_ILLEGAL_TARGET in ruling.rules


@pytest.mark.parametrize(
    ("controllers", "apnap"),
    [((YOU, YOU), False), ((YOU, OPPONENT), True)],
)
def test_trigger_order(controllers: tuple[str, str], apnap: bool) -> None:
    triggers = [c.Triggered(f"source {i}", who, "Pacifism") for i, who in enumerate(controllers)]
    ruling = c.trigger_order(triggers, YOU, "Eidolon of Blossoms")
    assert ruling.verdict == "yes"
    assert {Rule.TRIGGER_ORDER, Rule.STACK_RESOLVES} <= set(ruling.rules)
    assert ("APNAP" in " ".join(s.note for s in ruling.steps)) is apnap
    assert ruling.cards == ("Eidolon of Blossoms",)


def test_bestowed_aura_becoming_unattached_does_not_enter() -> None:
    ruling = c.bestow_unattached(GameState(battlefield=(_watcher(),)))
    assert ruling.verdict == "no"
    assert {Rule.BESTOW_UNATTACHED, Rule.TRIGGER_EVENT} <= set(ruling.rules)


def test_attaching_an_aura_elsewhere_is_not_entering() -> None:
    aura = Permanent(name="Lure", types=frozenset({"Enchantment"}), subtypes=frozenset({"Aura"}))
    fired, ruling = c.enters(GameState(battlefield=(_watcher(),)), [aura], "attach")
    assert fired == [] and ruling.verdict == "no"
    assert Rule.ATTACH in ruling.rules


@pytest.mark.parametrize("zone", ["my graveyard", "my hand", "exile"])
def test_a_watcher_off_the_battlefield_does_not_trigger(zone: str) -> None:
    ruling = c.watcher_elsewhere("Doomwake Giant", zone)
    assert ruling.verdict == "no"
    assert Rule.ABILITY_ZONES in ruling.rules


@pytest.mark.parametrize(("attached", "verdict"), [(True, "no"), (False, "yes")])
def test_bestowed_is_creature_only_once_unattached(attached: bool, verdict: str) -> None:
    ruling = c.bestowed_is_creature("Boon Satyr", attached)
    assert ruling.verdict == verdict
    assert Rule.BESTOW_AURA in ruling.rules
    assert (Rule.BESTOW_UNATTACHED in ruling.rules) is not attached


@pytest.mark.parametrize(
    ("target", "verdict"),
    [
        ("nonblack creature", "no"),
        ("creature", "no"),
        ("artifact or enchantment", "yes"),
        ("nonland permanent", "yes"),
        ("creature you control", None),
        ("creature or planeswalker", None),
    ],
)
def test_bestowed_targetable(target: str, verdict: str | None) -> None:
    assert c.bestowed_targetable("Boon Satyr", target, "the spell").verdict == verdict


def test_a_bestow_card_put_onto_the_battlefield_is_not_bestowed() -> None:
    ruling = c.bestow_uncast("Boon Satyr", "returned by Replenish")
    assert ruling.verdict == "no"
    assert Rule.BESTOW_CAST in ruling.rules


@pytest.mark.parametrize(
    ("line", "verdict"),
    [
        ("You can't cast noncreature spells.", "yes"),
        ("Creature spells can't be cast.", "no"),
        ("You may cast Aura and Equipment spells as though they had flash.", "yes"),
        ("Whenever you cast a creature spell, draw a card.", "no"),
        ("Whenever another Human you control enters, put a +1/+1 counter on this creature.", "no"),
        ("Whenever another permanent you control enters, you gain 1 life.", "yes"),
    ],
)
def test_a_bestowed_aura_is_no_creature_for_what_cares_about_types(line: str, verdict: str) -> None:
    (rule,) = spell_rules(line)
    ruling = c.bestowed_matches(
        "Nyxborn Shieldmate", rule, "Source", frozenset({"Human", "Soldier"})
    )
    assert ruling.verdict == verdict
    assert Rule.BESTOW_AURA in ruling.rules


def test_a_quality_the_engine_does_not_know_gives_no_verdict() -> None:
    (rule,) = spell_rules("Whenever you cast a green spell, draw a card.")
    assert c.bestowed_matches("Boon Satyr", rule, "Source").verdict is None


@pytest.mark.parametrize(
    "text",
    [
        "Whenever you cast a creature spell with mana value 5 or greater, draw a card.",
        "As long as it's your turn, you can't cast noncreature spells.",
    ],
)
def test_a_spell_rule_with_a_condition_is_not_read(text: str) -> None:
    assert spell_rules(text) == ()


@pytest.mark.parametrize(
    ("bestowed", "verdict", "rule"),
    [(False, "yes", Rule.AURA_UNATTACHED), (True, "no", Rule.BESTOW_UNATTACHED)],
)
def test_an_aura_whose_creature_leaves(bestowed: bool, verdict: str, rule: Rule) -> None:
    ruling = c.aura_unattached("Nighthowler", bestowed, "Nighthowler")
    assert ruling.verdict == verdict
    assert rule in ruling.rules
    assert Rule.AURA_UNATTACHED not in ruling.rules or not bestowed


def test_an_aura_put_with_nothing_to_enchant_stays_where_it_is() -> None:
    ruling = c.aura_put_nothing("Pacifism", "your graveyard", "Pacifism")
    assert ruling.verdict == "yes"
    assert Rule.AURA_NOTHING in ruling.rules and Rule.AURA_PUT in ruling.rules
    assert "your graveyard" in ruling.steps[-1].note


@pytest.mark.parametrize("quality", ["hexproof", "shroud"])
def test_an_aura_put_without_casting_ignores_targeting_protection(quality: str) -> None:
    ruling = c.aura_put_untargeted("Rancor", quality)
    assert ruling.verdict == "yes"
    assert ruling.rules == [Rule.AURA_PUT, Rule.AURA_PUT] or Rule.AURA_PUT in ruling.rules


@pytest.mark.parametrize(
    ("effect", "verb", "expected"),
    [
        ("draw a card", "draw", 1),
        ("put a +1/+1 counter on this creature and draw a card", "draw", 1),
        ("draw two cards, then discard a card", "draw", 2),
        ("create a 2/2 white Pegasus creature token with flying", "tokens", 1),
        ("create a 2/2 white Pegasus creature token with flying", "draw", 0),
        ("each opponent loses 1 life", "draw", 0),
        ("you may draw a card", "draw", None),
        ("draw a card for each enchantment you control", "draw", None),
        ("each opponent loses 1 life", "lose_life", 1),
        ("each opponent loses 2 life and you gain 2 life", "gain_life", 2),
        ("you gain 1 life and draw a card", "lose_life", 0),
        ("target player loses 1 life", "lose_life", None),
        ("you lose 1 life", "lose_life", None),
    ],
)
def test_effect_yield(effect: str, verb: c.Yield, expected: int | None) -> None:
    assert c.effect_yield(effect, verb) == expected


def test_effect_total_counts_only_the_players_triggers() -> None:
    drawer = EnchantmentEnters(whose="you", effect="draw a card")
    maker = EnchantmentEnters(whose="any", effect="create a 1/1 white Spirit creature token")
    state = GameState(
        battlefield=(
            _watcher("Drawer", drawer),
            _watcher("Second Drawer", drawer),
            _watcher("Maker", maker, controller=OPPONENT),
        )
    )
    entering = [_enchantment("Aura One"), _enchantment("Aura Two")]
    drawn = c.effect_total(state, entering, "resolve", "draw", YOU)
    assert drawn.verdict == "4"
    assert Rule.FOLLOW_INSTRUCTIONS in drawn.rules
    # The opponent's any-player trigger makes its tokens for its controller, not for you.
    assert c.effect_total(state, entering, "resolve", "tokens", YOU).verdict == "0"
    assert c.effect_total(state, entering, "resolve", "tokens", OPPONENT).verdict == "2"
    unsure = GameState(
        battlefield=(_watcher("Maybe", EnchantmentEnters(effect="you may draw a card")),)
    )
    assert c.effect_total(unsure, entering[:1], "resolve", "draw", YOU).verdict is None


def test_life_lost_is_the_opponents_of_each_triggers_controller() -> None:
    guardian = EnchantmentEnters(whose="you", effect="each opponent loses 1 life")
    state = GameState(
        battlefield=(
            _watcher("Guardian", guardian),
            _watcher("Their Guardian", guardian, controller=OPPONENT),
        )
    )
    entering = [_enchantment("Aura One"), _enchantment("Aura Two")]
    # Only your Guardian sees your Auras enter; its loss is your opponent's, not yours.
    assert c.effect_total(state, entering, "resolve", "lose_life", OPPONENT).verdict == "2"
    assert c.effect_total(state, entering, "resolve", "lose_life", YOU).verdict == "0"


def test_cast_trigger_sees_only_spells_cast() -> None:
    (rule,) = spell_rules("Whenever you cast an enchantment spell, draw a card.")
    aura = frozenset({"Enchantment", "Aura"})
    cast = c.cast_trigger(rule, "Enchantress's Presence", "cast", aura, YOU)
    assert cast.verdict == "yes"
    assert Rule.SPELL_BECOMES_CAST in cast.rules
    for how in ("put", "token", "reanimate", "flicker"):
        assert c.cast_trigger(rule, "Enchantress's Presence", how, aura, YOU).verdict == "no"
    assert c.cast_trigger(rule, "Enchantress's Presence", "cast", aura, OPPONENT).verdict == "no"
    creature = frozenset({"Creature"})
    assert c.cast_trigger(rule, "Enchantress's Presence", "cast", creature, YOU).verdict == "no"


def test_target_after_control_change() -> None:
    still = c.target_after_control_change("Rancor", "creature", legal=True)
    assert still.verdict == "yes"
    assert Rule.TARGET_ILLEGAL in still.rules
    gone = c.target_after_control_change("Mechanized Production", "artifact you control", False)
    assert gone.verdict == "no"


def test_bestowed_spell_is_an_aura_spell() -> None:
    creature = c.bestowed_spell_is("Boon Satyr", "creature")
    assert creature.verdict == "no"
    assert Rule.BESTOW_AURA in creature.rules
    assert c.bestowed_spell_is("Boon Satyr", "Aura").verdict == "yes"
    assert c.bestowed_spell_is("Boon Satyr", "Satyr").verdict is None


@pytest.mark.parametrize("named_by", [None, "Gift of Immortality"])
def test_an_aura_put_onto_the_battlefield_targets_nothing(named_by: str | None) -> None:
    ruling = c.aura_put_targets("Rancor", "Rancor", named_by=named_by)
    assert ruling.verdict == "no"
    assert Rule.AURA_PUT in ruling.rules and Rule.NOT_TARGETED in ruling.rules
    notes = " ".join(s.note for s in ruling.steps)
    assert ("its controller chooses" in notes) is (named_by is None)


def test_an_aura_entering_as_a_copy_is_an_aura_as_it_enters() -> None:
    ruling = c.aura_put_targets("Clever Impersonator", copy_of="Pacifism")
    assert ruling.verdict == "no"
    assert ruling.rules[0] == Rule.COPY_VALUES


@pytest.mark.parametrize(("has", "verdict"), [(True, "no"), (False, "yes")])
def test_protection_stops_auras_of_its_quality_even_uncast(has: bool, verdict: str) -> None:
    ruling = c.aura_protection("Rancor", "green", has, put=True)
    assert ruling.verdict == verdict
    assert Rule.PROTECTION_ENCHANT in ruling.rules
    assert (Rule.AURA_PUT in ruling.rules) and ruling.rules[0] == Rule.AURA_PUT


@pytest.mark.parametrize(
    ("change", "legal", "verdict", "rule"),
    [
        ("control", False, "yes", Rule.AURA_ILLEGAL_OBJECT),
        ("control", True, "no", Rule.AURA_CONTROL_SEPARATE),
        ("protection", False, "yes", Rule.PROTECTION_ENCHANT),
        ("hexproof", True, "no", Rule.HEXPROOF_TARGETING),
        ("type", False, "yes", Rule.AURA_ILLEGAL_OBJECT),
    ],
)
def test_an_aura_falls_off_only_an_illegal_object(
    change: c.HostChange, legal: bool, verdict: str, rule: Rule
) -> None:
    ruling = c.aura_host_changed("Mechanized Production", change, legal, "artifact you control")
    assert ruling.verdict == verdict
    assert rule in ruling.rules
    assert ruling.rules[-1] == Rule.AURA_UNATTACHED


def test_a_copy_with_constellation_sees_itself_enter() -> None:
    original = _watcher()
    copy = Permanent(
        name="Eidolon of Blossoms", types=ENCHANTMENT_CREATURE, abilities=(CONSTELLATION,)
    )
    fired, ruling = c.enters(GameState(battlefield=(original,)), [copy], "copy")
    assert ruling.verdict == "yes" and len(fired) == 2
    assert c.trigger_count(GameState(battlefield=(original,)), [copy], "copy").verdict == "2"


@pytest.mark.parametrize(("from_battlefield", "verdict"), [(True, "yes"), (False, "no")])
def test_an_aura_returns_itself_only_from_the_battlefield(
    from_battlefield: bool, verdict: str
) -> None:
    ruling = c.aura_back_to_hand("Rancor", from_battlefield, "Rancor")
    assert ruling.verdict == verdict
    first = Rule.AURA_UNATTACHED if from_battlefield else Rule.AURA_ILLEGAL_TARGET
    assert ruling.rules[0] == first


@pytest.mark.parametrize(
    ("quality", "opponents", "has", "verdict"),
    [
        ("hexproof", True, False, "no"),
        ("hexproof", False, False, "yes"),
        ("shroud", False, False, "no"),
        ("white", True, True, "no"),
        ("green", True, False, "yes"),
    ],
)
def test_an_aura_spell_must_be_able_to_target(
    quality: str, opponents: bool, has: bool, verdict: str
) -> None:
    ruling = c.aura_spell_target("Pacifism", quality, opponents, has)
    assert ruling.verdict == verdict
    assert ruling.rules[0] == Rule.AURA_SPELL_TARGET


@pytest.mark.parametrize("opponents", [True, False])
def test_an_enchant_ability_naming_no_controller_targets_anyones(opponents: bool) -> None:
    ruling = c.aura_spell_any_controller("Rancor", "creature", opponents)
    assert ruling.verdict == "yes"
    assert Rule.ENCHANT_TARGETS in ruling.rules


@pytest.mark.parametrize(("opponents", "verdict"), [(True, "no"), (False, "yes")])
def test_an_enchant_ability_limited_to_yours(opponents: bool, verdict: str) -> None:
    ruling = c.aura_spell_yours_only("Kaya's Ghostform", "creature or planeswalker", opponents)
    assert ruling.verdict == verdict
    assert Rule.ENCHANT_TARGETS in ruling.rules


def test_auras_with_nothing_already_there_stay_behind() -> None:
    ruling = c.auras_stranded(["Pacifism", "Rancor"])
    assert len(ruling.steps) == 2 and set(ruling.rules) == {Rule.AURA_NOTHING}
    assert "Rancor" in ruling.steps[1].note
