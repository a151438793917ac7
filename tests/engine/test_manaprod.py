"""Mana production: could-produce fixpoints, replacements, triggers and card-independent rules."""

from __future__ import annotations

from typing import Any

import pytest

from engine import manaprod as mp
from engine.abilities import CouldProduce, ManaProduction, TappedForManaTrigger, Whose
from engine.card import Card
from engine.mana import ManaType
from engine.model import GameState
from engine.ruling import Rule


def _card(name: str, type_line: str, text: str = "") -> Card:
    obj: dict[str, Any] = {"name": name, "type_line": type_line, "oracle_text": text}
    return Card.from_scryfall(obj)


_CARDS = [
    ("Forest", "Basic Land — Forest", "({T}: Add {G}.)"),
    ("Island", "Basic Land — Island", "({T}: Add {U}.)"),
    ("Wastes", "Basic Land", "{T}: Add {C}."),
    ("Tundra", "Land — Plains Island", "({T}: Add {W} or {U}.)"),
    (
        "Reflecting Pool",
        "Land",
        "{T}: Add one mana of any type that a land you control could produce.",
    ),
    (
        "Exotic Orchard",
        "Land",
        "{T}: Add one mana of any color that a land an opponent controls could produce.",
    ),
    (
        "Fellwar Stone",
        "Artifact",
        "{T}: Add one mana of any color that a land an opponent controls could produce.",
    ),
    ("Ancient Tomb", "Land", "{T}: Add {C}{C}. This land deals 2 damage to you."),
    ("Sol Ring", "Artifact", "{T}: Add {C}{C}."),
    ("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}."),
    (
        "Forsaken Monument",
        "Artifact",
        "Whenever you tap a permanent for {C}, add an additional {C}.",
    ),
    ("Birds of Paradise", "Creature — Bird", "Flying\n{T}: Add one mana of any color."),
    (
        "Mana Reflection",
        "Enchantment",
        "If you tap a permanent for mana, it produces twice as much of that mana instead.",
    ),
    (
        "Contamination",
        "Enchantment",
        "If a land is tapped for mana, it produces {B} instead of any other type and amount.",
    ),
    (
        "Heartbeat of Spring",
        "Enchantment",
        "Whenever a player taps a land for mana, that player adds one mana of any type that land "
        "produced.",
    ),
    (
        "Zendikar Resurgent",
        "Enchantment",
        "Whenever you tap a land for mana, add one mana of any type that land produced.",
    ),
    (
        "Vernal Bloom",
        "Enchantment",
        "Whenever a Forest is tapped for mana, its controller adds an additional {G}.",
    ),
    (
        "Chromatic Lantern",
        "Artifact",
        'Lands you control have "{T}: Add one mana of any color."\n{T}: Add one mana of any color.',
    ),
    ("Blood Moon", "Enchantment", "Nonbasic lands are Mountains."),
    ("Celestial Dawn", "Enchantment", "Lands you control are Plains."),
    (
        "Mox Amber",
        "Legendary Artifact",
        "{T}: Add one mana of any color among legendary creatures and planeswalkers you control.",
    ),
    ("Isamaru, Hound of Konda", "Legendary Creature — Dog", ""),
    ("Hope of Ghirapur", "Legendary Artifact Creature — Thopter", "Flying"),
    ("Urborg", "Legendary Land", "Each land is a Swamp in addition to its other land types."),
    ("Gaea's Cradle", "Legendary Land", "{T}: Add {G} for each creature you control."),
    ("Command Tower", "Land", "{T}: Add one mana of any color in your commander's color identity."),
    (
        "Utopia Sprawl",
        "Enchantment — Aura",
        "Enchant Forest\nWhenever enchanted Forest is tapped for mana, its controller adds an "
        "additional one mana of the chosen color.",
    ),
    ("Mutavault", "Land", "{T}: Add {C}."),
    (
        "Squandered Resources",
        "Enchantment",
        "Sacrifice a land: Add one mana of any type the sacrificed land could produce.",
    ),
    (
        "Fertile Ground",
        "Enchantment — Aura",
        'Enchant land\nEnchanted land has "{T}: Add one mana of any color."',
    ),
    ("Spreading Seas", "Enchantment — Aura", "Enchant land\nEnchanted land is an Island."),
    (
        "Prismatic Omen",
        "Enchantment",
        "Lands you control are every basic land type in addition to their other types.",
    ),
    (
        "Ritual of Subdual",
        "Enchantment",
        "If a land is tapped for mana, it produces colorless mana instead of any other type.",
    ),
    ("Celestial Dawn", "Enchantment", "Lands you control are Plains."),
    (
        "Gauntlet of Power",
        "Artifact",
        "As this artifact enters, choose a color.\nWhenever a basic land is tapped for mana of "
        "the chosen color, its controller adds an additional one mana of that color.",
    ),
]
POOL = {name: _card(name, type_line, text) for name, type_line, text in _CARDS}
_COSTS = {"Isamaru, Hound of Konda": "{W}", "Hope of Ghirapur": "{1}"}
POOL |= {
    name: Card.from_scryfall(
        {"name": name, "type_line": POOL[name].front.type_line, "mana_cost": cost}
    )
    for name, cost in _COSTS.items()
}


def position(text: str) -> GameState:
    """The one-line notation, with each card's abilities parsed from its oracle text."""
    return GameState.parse(text, POOL)


COULD: list[tuple[str, str, str, tuple[Rule, ...]]] = [
    # (position, permanent, types it could produce, rules that must be cited)
    ("you: Reflecting Pool, Forest", "Reflecting Pool", "G", (Rule.COULD_PRODUCE,)),
    (
        "you: Reflecting Pool, Reflecting Pool",
        "Reflecting Pool",
        "none",
        (Rule.COULD_PRODUCE, Rule.MANA_UNDEFINED),
    ),
    ("you: Reflecting Pool", "Reflecting Pool", "none", (Rule.COULD_PRODUCE,)),
    ("you: Reflecting Pool, Forest, Island", "Reflecting Pool", "UG", (Rule.COULD_PRODUCE,)),
    ("you: Reflecting Pool, Ancient Tomb", "Reflecting Pool", "C", (Rule.COULD_PRODUCE,)),
    ("you: Reflecting Pool; opponent: Forest", "Reflecting Pool", "none", (Rule.COULD_PRODUCE,)),
    (
        "you: Exotic Orchard; opponent: Ancient Tomb",
        "Exotic Orchard",
        "none",
        (Rule.COULD_PRODUCE, Rule.MANA_COLORS),
    ),
    ("you: Exotic Orchard; opponent: Wastes, Island", "Exotic Orchard", "U", (Rule.MANA_COLORS,)),
    (
        "you: Exotic Orchard; opponent: Exotic Orchard",
        "Exotic Orchard",
        "none",
        (Rule.COULD_PRODUCE,),
    ),
    (
        "you: Exotic Orchard; opponent: Exotic Orchard, Forest",
        "Exotic Orchard",
        "G",
        (Rule.COULD_PRODUCE,),
    ),
    # The opponent's Orchard mirrors your Forest, so yours mirrors it back.
    (
        "you: Exotic Orchard, Forest; opponent: Exotic Orchard",
        "Exotic Orchard",
        "G",
        (Rule.COULD_PRODUCE,),
    ),
    (
        "you: Exotic Orchard; opponent: Exotic Orchard, Reflecting Pool",
        "Exotic Orchard",
        "none",
        (Rule.COULD_PRODUCE,),
    ),
    (
        "you: Exotic Orchard, Island; opponent: Exotic Orchard, Forest",
        "Exotic Orchard",
        "UG",
        (Rule.COULD_PRODUCE,),
    ),
    ("you: Forest; opponent: Exotic Orchard, Forest", "Exotic Orchard", "G", (Rule.COULD_PRODUCE,)),
    ("you: Fellwar Stone; opponent: Tundra", "Fellwar Stone", "WU", (Rule.COULD_PRODUCE,)),
    ("you: Fellwar Stone, Forest", "Fellwar Stone", "none", (Rule.COULD_PRODUCE,)),
    (
        "you: Reflecting Pool, Forest, Contamination",
        "Reflecting Pool",
        "B",
        (Rule.TAPPED_FOR_MANA_REPLACEMENT,),
    ),
    ("you: Forest, Contamination", "Forest", "B", (Rule.TAPPED_FOR_MANA_REPLACEMENT,)),
    ("you: Sol Ring, Contamination", "Sol Ring", "C", (Rule.COULD_PRODUCE,)),
    (
        "you: Reflecting Pool, Reflecting Pool, Contamination",
        "Reflecting Pool",
        "none",
        (Rule.COULD_PRODUCE,),
    ),
    ("you: Tundra, Blood Moon", "Tundra", "R", (Rule.SET_LAND_TYPE, Rule.INTRINSIC_MANA)),
    ("you: Forest, Blood Moon", "Forest", "G", (Rule.INTRINSIC_MANA,)),
    ("you: Ancient Tomb, Blood Moon", "Ancient Tomb", "R", (Rule.SET_LAND_TYPE,)),
    (
        "you: Reflecting Pool, Ancient Tomb, Blood Moon",
        "Reflecting Pool",
        "R",
        (Rule.SET_LAND_TYPE,),
    ),
    ("you: Tundra, Blood Moon, Chromatic Lantern", "Tundra", "WUBRG", (Rule.MANA_ABILITY,)),
    ("you: Ancient Tomb, Chromatic Lantern", "Ancient Tomb", "WUBRGC", (Rule.MANA_ABILITY,)),
    ("you: Forest, Urborg", "Forest", "BG", (Rule.SET_LAND_TYPE,)),
    # Mox Amber: the colors of the legendary creatures and planeswalkers its controller has.
    ("you: Mox Amber, Isamaru, Hound of Konda", "Mox Amber", "W", (Rule.COULD_PRODUCE,)),
    ("you: Mox Amber, Hope of Ghirapur", "Mox Amber", "none", (Rule.COULD_PRODUCE,)),
    ("you: Mox Amber; opponent: Isamaru, Hound of Konda", "Mox Amber", "none", ()),
    # "Plains" ends in s but is no plural.
    ("you: Tundra, Celestial Dawn", "Tundra", "W", (Rule.SET_LAND_TYPE, Rule.INTRINSIC_MANA)),
    ("you: Forest; opponent: Celestial Dawn", "Forest", "G", (Rule.INTRINSIC_MANA,)),
    ("you: Tundra, Ritual of Subdual", "Tundra", "C", (Rule.TAPPED_FOR_MANA_REPLACEMENT,)),
    ("you: Forest, Urborg, Blood Moon", "Forest", "G", (Rule.INTRINSIC_MANA,)),
    ("you: Birds of Paradise", "Birds of Paradise", "WUBRG", (Rule.MANA_COLORS,)),
    ("you: Mana Reflection", "Mana Reflection", "none", (Rule.MANA_ABILITY,)),
    ("you: Gaea's Cradle, Llanowar Elves", "Gaea's Cradle", "G", (Rule.COULD_PRODUCE,)),
    ("you: Gaea's Cradle", "Gaea's Cradle", "none", (Rule.COULD_PRODUCE,)),
    ("you: Ancient Tomb, Prismatic Omen", "Ancient Tomb", "WUBRGC", (Rule.INTRINSIC_MANA,)),
    ("you: Mutavault, Prismatic Omen", "Mutavault", "WUBRGC", (Rule.INTRINSIC_MANA,)),
    ("opponent: Tundra, Prismatic Omen", "Tundra", "WUBRG", (Rule.INTRINSIC_MANA,)),
    ("you: Forest; opponent: Prismatic Omen", "Forest", "G", (Rule.INTRINSIC_MANA,)),
]


@pytest.mark.parametrize(
    ("notation", "name", "verdict", "rules"), COULD, ids=[f"{c[0]} :: {c[1]}" for c in COULD]
)
def test_could_produce(notation: str, name: str, verdict: str, rules: tuple[Rule, ...]) -> None:
    types, ruling = mp.could_produce(position(notation), name)
    assert ruling.verdict == verdict
    assert mp.types_verdict(types) == verdict
    for rule in rules:
        assert rule in ruling.rules, ruling.rules


@pytest.mark.parametrize(
    ("notation", "name", "why"),
    [
        ("you: Command Tower", "Command Tower", "the commander's colors aren't known"),
        ("you: Forest, Tundra, Blood Moon, Celestial Dawn", "Tundra", "timestamp order"),
        ("you: Tundra, Blood Moon, Prismatic Omen", "Tundra", "timestamp order"),
        ("you: Forest, Utopia Sprawl", "Forest", "what the Aura enchants"),
        ("you: Forest, Fertile Ground", "Forest", "what the Aura enchants"),
        ("you: Ancient Tomb, Spreading Seas", "Ancient Tomb", "what the Aura enchants"),
    ],
)
def test_could_produce_abstains_when_it_turns_on_unknown_facts(
    notation: str, name: str, why: str
) -> None:
    if "Utopia Sprawl" in notation:
        _, ruling = mp.could_produce(position(notation), name)
        assert ruling.verdict == "G"  # the Aura's trigger doesn't change what Forest could make
        _, produced = mp.produce(position(notation), name)
        assert produced.verdict is None and produced.missing, why
        return
    _, ruling = mp.could_produce(position(notation), name)
    assert ruling.verdict is None, why
    assert ruling.missing


def test_could_produce_cites_card_rulings() -> None:
    _, ruling = mp.could_produce(
        position("you: Exotic Orchard; opponent: Ancient Tomb"), "Exotic Orchard"
    )
    assert "Exotic Orchard" in ruling.cards
    _, ruling = mp.could_produce(position("you: Tundra, Blood Moon"), "Tundra")
    assert "Blood Moon" in ruling.cards


PRODUCE: list[tuple[str, str, ManaType | None, dict[ManaType, int], tuple[Rule, ...]]] = [
    # (position, permanent tapped, type chosen, mana added, rules that must be cited)
    ("you: Forest", "Forest", None, {ManaType.G: 1}, (Rule.TAPPED_FOR_MANA,)),
    (
        "you: Sol Ring, Mana Reflection",
        "Sol Ring",
        None,
        {ManaType.C: 4},
        (Rule.TAPPED_FOR_MANA_REPLACEMENT,),
    ),
    (
        "you: Sol Ring, Mana Reflection, Mana Reflection",
        "Sol Ring",
        None,
        {ManaType.C: 8},
        (Rule.REPLACEMENT_ORDER,),
    ),
    ("you: Sol Ring; opponent: Mana Reflection", "Sol Ring", None, {ManaType.C: 2}, ()),
    (
        "you: Ancient Tomb, Contamination",
        "Ancient Tomb",
        None,
        {ManaType.B: 1},
        (Rule.TAPPED_FOR_MANA_REPLACEMENT,),
    ),
    (
        # Only the type is replaced: the amount stays.
        "you: Ancient Tomb, Ritual of Subdual",
        "Ancient Tomb",
        None,
        {ManaType.C: 2},
        (Rule.TAPPED_FOR_MANA_REPLACEMENT,),
    ),
    (
        "you: Tundra, Ritual of Subdual, Mana Reflection",
        "Tundra",
        None,
        {ManaType.C: 2},
        (Rule.REPLACEMENT_ORDER,),
    ),
    (
        "you: Forest, Contamination, Mana Reflection",
        "Forest",
        None,
        {ManaType.B: 2},
        (Rule.REPLACEMENT_ORDER,),
    ),
    (
        "you: Forest, Heartbeat of Spring",
        "Forest",
        None,
        {ManaType.G: 2},
        (Rule.TAPPED_FOR_MANA_TRIGGER, Rule.TRIGGERED_MANA_NO_STACK),
    ),
    (
        "you: Forest; opponent: Heartbeat of Spring",
        "Forest",
        None,
        {ManaType.G: 2},
        (Rule.TAPPED_FOR_MANA_TRIGGER,),
    ),
    ("you: Forest; opponent: Zendikar Resurgent", "Forest", None, {ManaType.G: 1}, ()),
    (
        "you: Forest, Heartbeat of Spring, Mana Reflection",
        "Forest",
        None,
        {ManaType.G: 3},
        (Rule.TAPPED_FOR_MANA_TRIGGER,),
    ),
    (
        "you: Forest, Heartbeat of Spring, Contamination",
        "Forest",
        None,
        {ManaType.B: 2},
        (Rule.TAPPED_FOR_MANA_REPLACEMENT,),
    ),
    ("you: Llanowar Elves, Heartbeat of Spring", "Llanowar Elves", None, {ManaType.G: 1}, ()),
    ("you: Forest, Vernal Bloom", "Forest", None, {ManaType.G: 2}, (Rule.TAPPED_FOR_MANA_TRIGGER,)),
    ("you: Wastes, Vernal Bloom", "Wastes", None, {ManaType.C: 1}, ()),
    ("you: Tundra, Heartbeat of Spring", "Tundra", ManaType.U, {ManaType.U: 2}, ()),
    (
        "you: Reflecting Pool, Reflecting Pool, Heartbeat of Spring",
        "Reflecting Pool",
        None,
        {},
        (Rule.MANA_UNDEFINED,),
    ),
    (
        "you: Gaea's Cradle, Llanowar Elves, Birds of Paradise",
        "Gaea's Cradle",
        None,
        {ManaType.G: 2},
        (),
    ),
]


@pytest.mark.parametrize(
    ("notation", "name", "choose", "mana", "rules"),
    PRODUCE,
    ids=[f"{c[0]} :: {c[1]}" for c in PRODUCE],
)
def test_produce(
    notation: str,
    name: str,
    choose: ManaType | None,
    mana: dict[ManaType, int],
    rules: tuple[Rule, ...],
) -> None:
    counts, ruling = mp.produce(position(notation), name, choose=choose)
    assert counts == mana
    assert ruling.verdict == str(sum(mana.values()))
    for rule in rules:
        assert rule in ruling.rules, ruling.rules


@pytest.mark.parametrize(
    ("notation", "chooser"),
    [
        ("you: Sol Ring, Mana Reflection, Mana Reflection", "you choose the order"),
        ("opponent: Sol Ring, Mana Reflection, Mana Reflection", "your opponent chooses the order"),
    ],
)
def test_replacement_order_names_who_chooses(notation: str, chooser: str) -> None:
    _, ruling = mp.produce(position(notation), "Sol Ring")
    step = next(s for s in ruling.steps if s.rule is Rule.REPLACEMENT_ORDER)
    assert chooser in step.note, step.note


@pytest.mark.parametrize(
    ("notation", "name", "verdict"),
    [
        ("you: Forest, Heartbeat of Spring", "Forest", "yes"),
        ("you: Reflecting Pool, Reflecting Pool, Heartbeat of Spring", "Reflecting Pool", "no"),
        ("you: Reflecting Pool, Forest, Heartbeat of Spring", "Reflecting Pool", "yes"),
        ("you: Llanowar Elves, Heartbeat of Spring", "Llanowar Elves", "no"),
        ("you: Wastes, Vernal Bloom", "Wastes", "no"),
        ("you: Forest, Vernal Bloom", "Forest", "yes"),
        ("you: Forest", "Forest", "no"),
        ("you: Mana Reflection, Heartbeat of Spring", "Mana Reflection", "no"),
    ],
)
def test_tapped_for_mana_triggers(notation: str, name: str, verdict: str) -> None:
    ruling = mp.tapped_for_mana_triggers(position(notation), name)
    assert ruling.verdict == verdict
    assert {Rule.TAPPED_FOR_MANA, Rule.TAPPED_FOR_MANA_TRIGGER} & set(ruling.rules)


@pytest.mark.parametrize(
    ("action", "verdict", "rule"),
    [
        ("mana_ability", "yes", Rule.TAPPED_FOR_MANA),
        ("mana_ability_no_tap", "no", Rule.TAPPED_FOR_MANA),
        ("convoke", "no", Rule.CONVOKE_MEANING),
        ("crew", "no", Rule.CREW_MEANING),
        ("tap_others", "no", Rule.TAPPED_FOR_MANA),
        ("non_mana_ability", "no", Rule.MANA_ABILITY),
        ("effect", "no", Rule.TAPPED_FOR_MANA),
        ("attack", "no", Rule.TAPPED_FOR_MANA),
    ],
)
def test_is_tapped_for_mana(action: mp.TapAction, verdict: str, rule: Rule) -> None:
    ruling = mp.is_tapped_for_mana(action)
    assert ruling.verdict == verdict
    assert rule in ruling.rules
    assert Rule.TAPPED_FOR_MANA in ruling.rules
    trigger = mp.tapped_for_mana_trigger_rule(action)
    assert trigger.verdict == verdict
    assert Rule.TAPPED_FOR_MANA_TRIGGER in trigger.rules
    replacement = mp.tapped_for_mana_replacement_rule(action)
    assert replacement.verdict == verdict
    assert Rule.TAPPED_FOR_MANA_REPLACEMENT in replacement.rules


def test_trigger_needs_mana_produced() -> None:
    ruling = mp.tapped_for_mana_trigger_rule("mana_ability", produced=False)
    assert ruling.verdict == "no"
    assert Rule.TAPPED_FOR_MANA_TRIGGER in ruling.rules


@pytest.mark.parametrize(
    ("kind", "rule"),
    [("activated", Rule.MANA_ABILITY_NO_STACK), ("triggered", Rule.TRIGGERED_MANA_NO_STACK)],
)
def test_mana_abilities_skip_the_stack(kind: str, rule: Rule) -> None:
    ruling = mp.mana_ability_uses_stack(kind)  # type: ignore[arg-type]
    assert ruling.verdict == "no"
    assert rule in ruling.rules


def test_undefined_mana_is_no_mana() -> None:
    ruling = mp.undefined_mana()
    assert ruling.verdict == "none"
    assert ruling.rules == (Rule.MANA_UNDEFINED,)


@pytest.mark.parametrize(("mana", "verdict"), [(ManaType.C, "no"), (ManaType.G, "yes")])
def test_colorless_is_a_type_not_a_color(mana: ManaType, verdict: str) -> None:
    ruling = mp.is_color(mana)
    assert ruling.verdict == verdict
    assert Rule.MANA_COLORS in ruling.rules and Rule.MANA_TYPES in ruling.rules


@pytest.mark.parametrize(
    ("types", "text"),
    [((), "none"), ((ManaType.C, ManaType.W), "WC"), ((ManaType.G, ManaType.U, ManaType.G), "UG")],
)
def test_types_verdict_is_wubrgc_order(types: tuple[ManaType, ...], text: str) -> None:
    assert mp.types_verdict(types) == text


@pytest.mark.parametrize(
    ("whose", "lands", "verdict"),
    [
        ("you", "controller", "yes"),
        ("you", "others", "no"),
        ("opponent", "controller", "no"),
        ("opponent", "others", "yes"),
        ("any", "controller", "yes"),
        ("any", "others", "yes"),
    ],
)
def test_looks_at_follows_the_abilitys_words(whose: Whose, lands: str, verdict: str) -> None:
    could = CouldProduce(whose=whose, what="land")
    r = mp.looks_at("Some Land", could, "controller" if lands == "controller" else "others")
    assert r.verdict == verdict
    assert r.steps[0].rule == Rule.COULD_PRODUCE and r.steps[0].card == "Some Land"


@pytest.mark.parametrize(
    ("notation", "name", "verdict", "chooser"),
    [
        ("you: Sol Ring, Mana Reflection, Mana Reflection", "Sol Ring", "no", "You choose"),
        ("opponent: Forest, Mana Reflection, Contamination", "Forest", "yes", "Your opponent"),
        ("you: Forest, Mana Reflection", "Forest", "no", "Only 1"),
    ],
)
def test_replacement_order_on_one_tap(notation: str, name: str, verdict: str, chooser: str) -> None:
    ruling = mp.replacement_order(position(notation), name)
    assert ruling.verdict == verdict
    step = next(s for s in ruling.steps if s.rule is Rule.REPLACEMENT_ORDER)
    assert step.note.startswith(chooser), step.note


@pytest.mark.parametrize(
    ("notation", "name", "source", "verdict"),
    [
        ("you: Tundra, Blood Moon", "Tundra", "Blood Moon", "yes"),
        ("you: Forest; opponent: Blood Moon", "Forest", "Blood Moon", "no"),
        ("you: Ancient Tomb, Prismatic Omen", "Ancient Tomb", "Prismatic Omen", "yes"),
        ("you: Forest; opponent: Prismatic Omen", "Forest", "Prismatic Omen", "no"),
    ],
)
def test_land_type_change_applies(notation: str, name: str, source: str, verdict: str) -> None:
    ruling = mp.land_type_change_applies(position(notation), name, source)
    assert ruling.verdict == verdict
    assert Rule.SET_LAND_TYPE in ruling.rules


def test_type_setting_effects_remove_what_rules_text_would_count() -> None:
    assert mp.rules_text_lost(position("you: Gaea's Cradle, Blood Moon")) == {"Gaea's Cradle"}
    assert mp.rules_text_lost(position("you: Gaea's Cradle, Urborg")) == frozenset()


def test_a_spell_that_adds_mana_uses_the_stack() -> None:
    ruling = mp.spell_uses_stack("Dark Ritual")
    assert ruling.verdict == "yes"
    assert Rule.SPELL_NOT_MANA_ABILITY in ruling.rules


def test_colorless_is_not_generic() -> None:
    ruling = mp.colorless_is_generic()
    assert ruling.verdict == "no"
    assert {Rule.COLORLESS_SYMBOL, Rule.GENERIC_MANA} <= set(ruling.rules)


TAPPED: list[tuple[str, str, ManaType | None, dict[ManaType, int] | None]] = [
    # (position, permanent tapped, type it is tapped for, the one result or None)
    ("you: Tundra, Heartbeat of Spring", "Tundra", ManaType.W, {ManaType.W: 2}),
    ("you: Tundra, Heartbeat of Spring", "Tundra", None, None),
    ("you: Ancient Tomb, Mana Reflection", "Ancient Tomb", None, {ManaType.C: 4}),
    ("you: Forest, Vernal Bloom", "Forest", None, {ManaType.G: 2}),
]


@pytest.mark.parametrize(
    ("notation", "name", "choose", "mana"),
    TAPPED,
    ids=[f"{c[0]} :: {c[2]}" for c in TAPPED],
)
def test_tapped_mana_is_one_result_or_none(
    notation: str, name: str, choose: ManaType | None, mana: dict[ManaType, int] | None
) -> None:
    counts, ruling = mp.tapped_mana(position(notation), name, choose=choose)
    assert counts == mana
    if mana is None:
        assert ruling.verdict is None and ruling.missing
    else:
        assert ruling.verdict == str(sum(mana.values()))


@pytest.mark.parametrize(
    ("notation", "land", "verdict"),
    [
        ("you: Squandered Resources, Tundra", "Tundra", "WU"),
        ("you: Squandered Resources, Ancient Tomb", "Ancient Tomb", "C"),
        ("you: Squandered Resources, Tundra, Blood Moon", "Tundra", "R"),
    ],
)
def test_sacrificed_land_gives_what_it_could_produce(
    notation: str, land: str, verdict: str
) -> None:
    types, ruling = mp.sacrificed_land_produces(position(notation), "Squandered Resources", land)
    assert ruling.verdict == verdict
    assert mp.types_verdict(types) == verdict
    assert Rule.COULD_PRODUCE in ruling.rules


def test_an_aura_trigger_on_an_enchanted_land_never_sees_a_creature() -> None:
    # Which land Utopia Sprawl enchants isn't known, but it's a Forest, not an Elf.
    ruling = mp.tapped_for_mana_triggers(
        position("you: Forest, Llanowar Elves, Utopia Sprawl"), "Llanowar Elves"
    )
    assert ruling.verdict == "no"
    unknown = mp.tapped_for_mana_triggers(position("you: Forest, Utopia Sprawl"), "Forest")
    assert unknown.verdict is None


@pytest.mark.parametrize(
    ("notation", "name", "mana"),
    [
        ("you: Ancient Tomb, Forsaken Monument", "Ancient Tomb", {ManaType.C: 3}),
        ("you: Forest, Forsaken Monument", "Forest", {ManaType.G: 1}),
    ],
)
def test_a_trigger_on_tapping_for_colorless_needs_colorless(
    notation: str, name: str, mana: dict[ManaType, int]
) -> None:
    counts, ruling = mp.produce(position(notation), name)
    assert counts == mana
    assert ruling.verdict == str(sum(mana.values()))


def test_a_trigger_on_the_chosen_color_is_unsure_until_the_color_is_told() -> None:
    state = position("you: Forest, Gauntlet of Power")
    _, ruling = mp.produce(state, "Forest")
    assert ruling.verdict is None
    gauntlet = next(p for p in state.battlefield if p.name == "Gauntlet of Power")
    green = tuple(
        a.model_copy(
            update={"of_type": "{G}", "adds": ManaProduction(choice="fixed", symbols=("G",))}
        )
        if isinstance(a, TappedForManaTrigger)
        else a
        for a in gauntlet.abilities
    )
    told = state.model_copy(
        update={
            "battlefield": tuple(
                p.model_copy(update={"abilities": green}) if p is gauntlet else p
                for p in state.battlefield
            )
        }
    )
    assert mp.produce(told, "Forest")[0] == {ManaType.G: 2}
