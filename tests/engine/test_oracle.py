"""Oracle text → typed abilities: one table per mechanic family."""

from __future__ import annotations

from typing import Any

import pytest

from engine.abilities import (
    Ability,
    Activated,
    Bestow,
    BlockRestriction,
    Cost,
    CostChange,
    CouldProduce,
    Enchant,
    EnchantmentEnters,
    GrantedManaAbility,
    IfKicked,
    Keyword,
    Kicker,
    KickerCost,
    LandTypeChange,
    ManaDoubling,
    ManaProduction,
    ManaReplacement,
    MustBeBlocked,
    MustBlock,
    ParsedFace,
    TapOthers,
    TappedForManaTrigger,
    Target,
)
from engine.card import Card
from engine.mana import ManaCost
from engine.oracle import parse_card, parse_face, parse_mana, split_cost, targets


def make_card(
    text: str,
    name: str = "Test Card",
    type_line: str = "Creature — Test",
    keywords: tuple[str, ...] = (),
    **extra: Any,
) -> Card:
    obj: dict[str, Any] = {
        "name": name,
        "type_line": type_line,
        "oracle_text": text,
        "keywords": list(keywords),
        **extra,
    }
    return Card.from_scryfall(obj)


def parse(text: str, **kwargs: Any) -> ParsedFace:
    card = make_card(text, **kwargs)
    return parse_face(card.front, card)


def plain(abilities: tuple[Ability, ...]) -> list[Ability]:
    """The abilities without their source text (nor an effect's data), for comparison."""
    return [
        a.model_copy(
            update={"text": "", "parsed": None} if isinstance(a, IfKicked) else {"text": ""}
        )
        for a in abilities
    ]


def mc(text: str) -> ManaCost:
    return ManaCost.parse(text)


# ---------------------------------------------------------------- kicker

KICKER_CASES: list[tuple[str, str, list[Ability]]] = [
    (
        "single cost, enters-with replacement",
        "Kicker {2}{R} (You may pay an additional {2}{R} as you cast this spell.)\n"
        "First strike\n"
        "If this creature was kicked, it enters with two +1/+1 counters on it and with haste.",
        [
            Kicker(costs=(KickerCost(mana=mc("{2}{R}")),)),
            Keyword(name="First strike"),
            IfKicked(
                trigger="static",
                effect="it enters with two +1/+1 counters on it and with haste",
            ),
        ],
    ),
    (
        "two costs with which-kicker triggers (Ana Battlemage)",
        "Kicker {2}{U} and/or {1}{B} (You may pay an additional {2}{U} and/or {1}{B} as you "
        "cast this spell.)\n"
        "When this creature enters, if it was kicked with its {2}{U} kicker, target player "
        "discards three cards.\n"
        "When this creature enters, if it was kicked with its {1}{B} kicker, tap target "
        "untapped creature and it deals damage equal to its power to its controller.",
        [
            Kicker(costs=(KickerCost(mana=mc("{2}{U}")), KickerCost(mana=mc("{1}{B}")))),
            IfKicked(
                which=0,
                trigger="etb",
                targets=(Target(what="player"),),
                effect="target player discards three cards",
            ),
            IfKicked(
                which=1,
                trigger="etb",
                targets=(Target(what="untapped creature"),),
                effect="tap target untapped creature and it deals damage equal to its power "
                "to its controller",
            ),
        ],
    ),
    (
        "non-mana kicker cost",
        "Kicker—Sacrifice a creature.\nIf this spell was kicked, draw two cards.",
        [
            Kicker(costs=(KickerCost(other="Sacrifice a creature"),)),
            IfKicked(effect="draw two cards"),
        ],
    ),
    (
        "mana plus another cost",
        "Kicker—{2}{B}, Discard a creature card.",
        [Kicker(costs=(KickerCost(mana=mc("{2}{B}"), other="Discard a creature card"),))],
    ),
    (
        "multikicker counts each time",
        "Multikicker {1}{G} (You may pay an additional {1}{G} any number of times as you "
        "cast this spell.)\n"
        "This creature enters with a +1/+1 counter on it for each time it was kicked.",
        [
            Kicker(costs=(KickerCost(mana=mc("{1}{G}")),), multi=True),
            IfKicked(
                trigger="static",
                per_time=True,
                effect="This creature enters with a +1/+1 counter on it for each time it was "
                "kicked",
            ),
        ],
    ),
    (
        "per time on an enters trigger",
        "Multikicker {B}\n"
        "When this creature enters, target opponent discards a card for each time it was "
        "kicked.",
        [
            Kicker(costs=(KickerCost(mana=mc("{B}")),), multi=True),
            IfKicked(
                trigger="etb",
                per_time=True,
                targets=(Target(what="opponent"),),
                effect="target opponent discards a card for each time it was kicked",
            ),
        ],
    ),
    (
        "if kicked ... instead",
        "Kicker {2}\n"
        "This spell deals 2 damage to any target. If this spell was kicked, it deals 4 "
        "damage instead.",
        [
            Kicker(costs=(KickerCost(mana=mc("{2}")),)),
            IfKicked(instead=True, effect="it deals 4 damage"),
        ],
    ),
    (
        "instead first",
        "Kicker {2}{W}\n"
        "Choose target creature with mana value 3 or less. If this spell was kicked, instead "
        "choose target creature.",
        [
            Kicker(costs=(KickerCost(mana=mc("{2}{W}")),)),
            IfKicked(
                instead=True, targets=(Target(what="creature"),), effect="choose target creature"
            ),
        ],
    ),
    (
        "wasn't kicked",
        "Kicker {4}\nAt the beginning of the end step, if this creature wasn't kicked, "
        "sacrifice it.",
        [
            Kicker(costs=(KickerCost(mana=mc("{4}")),)),
            IfKicked(trigger="other", negated=True, effect="sacrifice it"),
        ],
    ),
    (
        "cast trigger",
        "Kicker {1}{U}\nWhen you cast this spell, if it was kicked, exile target land.",
        [
            Kicker(costs=(KickerCost(mana=mc("{1}{U}")),)),
            IfKicked(trigger="cast", targets=(Target(what="land"),), effect="exile target land"),
        ],
    ),
    (
        "kicker X",
        "Kicker {X}. X can't be 0. (You may pay an additional {X} as you cast this spell.)",
        [Kicker(costs=(KickerCost(mana=mc("{X}")),))],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"), [c[1:] for c in KICKER_CASES], ids=[c[0] for c in KICKER_CASES]
)
def test_kicker(text: str, expected: list[Ability]) -> None:
    face = parse(text, keywords=("Kicker", "Multikicker", "First strike"))
    assert plain(face.abilities) == expected


def test_spell_kicked_keeps_the_base_effect_unparsed() -> None:
    face = parse(
        "Kicker {2}\nThis spell deals 2 damage to any target. If this spell was kicked, it "
        "deals 4 damage instead.",
        keywords=("Kicker",),
    )
    assert face.unparsed == ("This spell deals 2 damage to any target.",)
    assert face.abilities[1].text == (
        "This spell deals 2 damage to any target. If this spell was kicked, it deals 4 damage "
        "instead."
    )


@pytest.mark.parametrize(
    ("name", "type_line", "text"),
    [
        (
            "Gnarlid Colony",
            "Creature — Beast",
            "If Gnarlid Colony was kicked, it enters with two +1/+1 counters on it.",
        ),
        (
            "Verdeloth the Ancient",
            "Legendary Creature — Treefolk",
            "When Verdeloth enters, if it was kicked, create X 1/1 green Saproling creature "
            "tokens.",
        ),
    ],
)
def test_card_name_is_generalised(name: str, type_line: str, text: str) -> None:
    face = parse(text, name=name, type_line=type_line)
    assert len(face.abilities) == 1
    assert isinstance(face.abilities[0], IfKicked)
    assert face.unparsed == ()


# ---------------------------------------------------------------- enchantments entering

ENCHANTMENT_CASES: list[tuple[str, str, tuple[str, ...], list[Ability]]] = [
    (
        "constellation including itself",
        "Constellation — Whenever this creature or another enchantment you control enters, "
        "draw a card.",
        ("Constellation",),
        [
            EnchantmentEnters(
                constellation=True,
                whose="you",
                another=True,
                includes_self=True,
                effect="draw a card",
            )
        ],
    ),
    (
        "any enchantment you control",
        "Whenever an enchantment you control enters, create a 2/2 white Cat creature token.",
        (),
        [EnchantmentEnters(whose="you", effect="create a 2/2 white Cat creature token")],
    ),
    (
        "another enchantment",
        "Whenever another enchantment you control enters, draw a card.",
        (),
        [EnchantmentEnters(whose="you", another=True, effect="draw a card")],
    ),
    (
        "opponent's enchantments",
        "Whenever an enchantment enters under an opponent's control, you gain 1 life.",
        (),
        [EnchantmentEnters(whose="opponent", effect="you gain 1 life")],
    ),
    (
        "anyone's enchantments",
        "Whenever an enchantment enters, you may draw a card.",
        (),
        [EnchantmentEnters(whose="any", effect="you may draw a card")],
    ),
    (
        "one or more, nontoken",
        "Whenever one or more nontoken enchantments you control enter, scry 1.",
        (),
        [EnchantmentEnters(whose="you", one_or_more=True, nontoken=True, effect="scry 1")],
    ),
    (
        "several card types",
        "Whenever an artifact, creature, or enchantment enters, its controller gains 1 life.",
        (),
        [
            EnchantmentEnters(
                whose="any", also=("artifact", "creature"), effect="its controller gains 1 life"
            )
        ],
    ),
    (
        "must be blocked inside the effect (Goldenhide Ox)",
        "Constellation — Whenever this creature or another enchantment you control enters, "
        "target creature must be blocked this turn if able.",
        ("Constellation",),
        [
            EnchantmentEnters(
                constellation=True,
                whose="you",
                another=True,
                includes_self=True,
                effect="target creature must be blocked this turn if able",
            ),
            MustBeBlocked(subject="target", duration="this turn"),
        ],
    ),
]


@pytest.mark.parametrize(
    ("text", "keywords", "expected"),
    [c[1:] for c in ENCHANTMENT_CASES],
    ids=[c[0] for c in ENCHANTMENT_CASES],
)
def test_enchantment_enters(text: str, keywords: tuple[str, ...], expected: list[Ability]) -> None:
    face = parse(text, keywords=keywords)
    assert plain(face.abilities) == expected
    assert face.unparsed == ()


def test_self_enters_is_not_an_enchantment_trigger() -> None:
    face = parse("When this enchantment enters, draw a card.", type_line="Enchantment")
    assert not any(isinstance(a, EnchantmentEnters) for a in face.abilities)
    assert face.unparsed == ("When this enchantment enters, draw a card.",)


def test_bestow_and_enchant() -> None:
    face = parse(
        "Bestow {3}{W} (If you cast this card for its bestow cost, it's an Aura spell.)\n"
        "Flying\nEnchanted creature gets +1/+1 and has flying.",
        type_line="Enchantment Creature — Pegasus",
        keywords=("Bestow", "Flying"),
    )
    assert plain(face.abilities) == [Bestow(cost=mc("{3}{W}")), Keyword(name="Flying")]
    assert face.unparsed == ("Enchanted creature gets +1/+1 and has flying.",)
    aura = parse("Enchant creature you control\nEnchanted creature gets +2/+2.")
    assert plain(aura.abilities) == [Enchant(what="creature you control")]


# ---------------------------------------------------------------- must be blocked

BLOCK_CASES: list[tuple[str, MustBeBlocked]] = [
    ("Test Card must be blocked if able.", MustBeBlocked(subject="self")),
    ("This creature must be blocked if able.", MustBeBlocked(subject="self")),
    (
        "Target creature must be blocked this turn if able.",
        MustBeBlocked(subject="target", duration="this turn"),
    ),
    (
        "Target creature gets +3/+3 until end of turn and must be blocked this turn if able.",
        MustBeBlocked(subject="target", duration="this turn"),
    ),
    (
        "Enchanted creature must be blocked if able.",
        MustBeBlocked(subject="enchanted"),
    ),
    (
        "All creatures able to block Test Card do so.",
        MustBeBlocked(subject="self", by_all=True),
    ),
    (
        "All creatures able to block enchanted creature do so.",
        MustBeBlocked(subject="enchanted", by_all=True),
    ),
    (
        "All creatures able to block target creature this turn do so.",
        MustBeBlocked(subject="target", by_all=True, duration="this turn"),
    ),
    (
        "Enchanted creature gets +4/+4 and has first strike, and all creatures able to block "
        "it do so.",
        MustBeBlocked(subject="enchanted", by_all=True),
    ),
    (
        "As long as equipped creature is attacking, it has first strike and must be blocked "
        "if able.",
        MustBeBlocked(subject="equipped"),
    ),
    (
        "Equipped creature gets +3/+1 and must be blocked by an Eldrazi if able.",
        MustBeBlocked(subject="equipped", by_type="Eldrazi"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), BLOCK_CASES)
def test_must_be_blocked(text: str, expected: MustBeBlocked) -> None:
    face = parse(text)
    assert plain(face.abilities) == [expected]


def test_must_be_blocked_by_several_is_its_own_requirement() -> None:
    face = parse("Test Card must be blocked by two or more creatures if able.")
    assert plain(face.abilities) == [MustBeBlocked(at_least=2)]
    assert face.unparsed == ()


def test_two_requirements_in_one_sentence_are_both_read() -> None:
    face = parse(
        "Test Card must be blocked if able, and Test Card must be blocked by two or more "
        "creatures if able."
    )
    assert plain(face.abilities) == [MustBeBlocked(), MustBeBlocked(at_least=2)]
    assert face.unparsed == ()


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("All creatures with flying able to block this creature do so.", "flying"),
        ("All Walls able to block this creature do so.", "Wall"),
    ],
)
def test_lure_on_some_creatures_names_them(text: str, wanted: str) -> None:
    face = parse(text)
    assert plain(face.abilities) == [MustBeBlocked(by_all=True, by_all_with=wanted)]


@pytest.mark.parametrize(
    "text",
    [
        "Target creature blocks this turn if able.",
        "When this creature enters, target creature blocks this turn if able.",
    ],
)
def test_target_creature_blocks_is_a_requirement_on_the_target(text: str) -> None:
    face = parse(text)
    assert plain(face.abilities) == [MustBlock(subject="target", duration="this turn")]


RESTRICTION_CASES: list[tuple[str, BlockRestriction]] = [
    ("This creature can't block.", BlockRestriction(cant_block=True)),
    ("Test Card can't block this turn.", BlockRestriction(cant_block=True, duration="this turn")),
    (
        "This creature can't be blocked except by creatures with flying or reach.",
        BlockRestriction(only_by=("flying", "reach")),
    ),
    (
        "This creature can't be blocked except by three or more creatures.",
        BlockRestriction(min_blockers=3),
    ),
    (
        "Enchanted creature can't be blocked by more than one creature.",
        BlockRestriction(subject="enchanted", max_blockers=1),
    ),
    (
        "Enchanted creature can't attack or block.",
        BlockRestriction(subject="enchanted", cant_block=True, cant_attack=True),
    ),
    (
        "This creature can't attack or block.",
        BlockRestriction(cant_block=True, cant_attack=True),
    ),
]


@pytest.mark.parametrize(("text", "expected"), RESTRICTION_CASES)
def test_block_restriction(text: str, expected: BlockRestriction) -> None:
    assert plain(parse(text).abilities) == [expected]


def test_conditional_block_restriction_is_left_unparsed() -> None:
    for text in (
        "This creature can't block as long as it has a +1/+1 counter on it.",
        "This creature can't block creatures with power 2 or greater.",
    ):
        face = parse(text)
        assert face.abilities == () and face.unparsed == (text,)


# ---------------------------------------------------------------- activated abilities and costs

COST_CASES: list[tuple[str, Cost | None]] = [
    ("{T}", Cost(tap=True)),
    ("{Q}", Cost(untap=True)),
    ("{2}, {T}, Sacrifice a land", Cost(mana=mc("{2}"), tap=True, other=("Sacrifice a land",))),
    ("{1}{U}, {Q}", Cost(mana=mc("{1}{U}"), untap=True)),
    ("Tap an untapped creature you control", Cost(tap_others=TapOthers())),
    ("Tap two untapped creatures you control", Cost(tap_others=TapOthers(count=2))),
    (
        "Tap three untapped Elves you control",
        Cost(tap_others=TapOthers(count=3, what="Elf")),
    ),
    (
        "{T}, Tap an untapped Vampire you control",
        Cost(tap=True, tap_others=TapOthers(what="Vampire")),
    ),
    (
        "{2}{W}, {T}, Sacrifice a green creature, a white creature, and a blue creature",
        Cost(
            mana=mc("{2}{W}"),
            tap=True,
            other=("Sacrifice a green creature, a white creature, and a blue creature",),
        ),
    ),
    ("+1", Cost(loyalty="+1")),
    ("−3", Cost(loyalty="-3")),
    ("Choose one", Cost(other=("Choose one",))),
    ("Flying", None),
    ("As long as it's your turn", None),
]


@pytest.mark.parametrize(("text", "expected"), COST_CASES)
def test_split_cost(text: str, expected: Cost | None) -> None:
    assert split_cost(text) == expected


def test_activated_splits_at_first_colon_outside_quotes() -> None:
    face = parse(
        '{1}, {T}: Target creature gains "{T}: This creature deals 1 damage to any target." '
        "until end of turn."
    )
    (ability,) = face.abilities
    assert isinstance(ability, Activated)
    assert ability.cost == Cost(mana=mc("{1}"), tap=True)
    assert ability.effect.startswith('Target creature gains "{T}:')


def test_colon_only_inside_quotes_is_not_activated() -> None:
    face = parse('Equipped creature has "{T}: This creature deals 1 damage to any target."')
    assert face.abilities == ()


def test_ability_word_and_crew_convoke_haste() -> None:
    face = parse(
        "Exhaust — {T}: Draw a card.\nCrew 3\nConvoke\nHaste",
        keywords=("Exhaust", "Crew", "Convoke", "Haste"),
    )
    assert plain(face.abilities) == [
        Activated(cost=Cost(tap=True), effect="Draw a card."),
        Keyword(name="Crew", amount=3),
        Keyword(name="Convoke"),
        Keyword(name="Haste"),
    ]


# ---------------------------------------------------------------- mana abilities

MANA_CASES: list[tuple[str, ManaProduction]] = [
    ("{G}", ManaProduction(choice="fixed", symbols=("G",))),
    ("{C}{C}", ManaProduction(choice="fixed", symbols=("C", "C"), amount=2)),
    ("{R}{R}{R}", ManaProduction(choice="fixed", symbols=("R", "R", "R"), amount=3)),
    ("{R} or {G}", ManaProduction(choice="one_of", symbols=("R", "G"))),
    ("{W}, {U}, or {B}", ManaProduction(choice="one_of", symbols=("W", "U", "B"))),
    ("{W}{W}, {W}{U}, or {U}{U}", ManaProduction(choice="one_of", symbols=("WW", "WU", "UU"))),
    ("one mana of any color", ManaProduction(choice="any_color")),
    ("one mana of any type", ManaProduction(choice="any_type")),
    ("two mana of any one color", ManaProduction(choice="any_color", amount=2)),
    ("X mana of any one color", ManaProduction(choice="any_color", amount="X")),
    (
        "{G} for each creature you control",
        ManaProduction(
            choice="fixed", symbols=("G",), amount="X", per="for each creature you control"
        ),
    ),
    (
        "two mana in any combination of {R} and/or {G}",
        ManaProduction(choice="combination", symbols=("R", "G"), amount=2),
    ),
    (
        "three mana in any combination of colors",
        ManaProduction(choice="combination", symbols=("W", "U", "B", "R", "G"), amount=3),
    ),
    ("one mana of the chosen color", ManaProduction(choice="chosen_color")),
    (
        "{B} or one mana of the chosen color",
        ManaProduction(choice="one_of", symbols=("B",), or_chosen_color=True),
    ),
    (
        "one mana of any type that a land you control could produce",
        ManaProduction(choice="could_produce", could=CouldProduce(whose="you", kind="type")),
    ),
    (
        "one mana of any color that a land an opponent controls could produce",
        ManaProduction(choice="could_produce", could=CouldProduce(whose="opponent", kind="color")),
    ),
    (
        "one mana of any color that a land you control could produce",
        ManaProduction(choice="could_produce", could=CouldProduce(whose="you", kind="color")),
    ),
    (
        "one mana of any type the sacrificed land could produce",
        ManaProduction(
            choice="could_produce", could=CouldProduce(whose="you", what="sacrificed land")
        ),
    ),
    (
        "one mana of any color in your commander's color identity",
        ManaProduction(choice="any_color", among="your commander's color identity"),
    ),
]


@pytest.mark.parametrize(("text", "expected"), MANA_CASES)
def test_parse_mana(text: str, expected: ManaProduction) -> None:
    assert parse_mana(text) == expected


@pytest.mark.parametrize("text", ["that much {C}", "{T}{T}", "one mana of your guild's colors"])
def test_parse_mana_refuses_what_it_does_not_know(text: str) -> None:
    assert parse_mana(text) is None


def test_mana_ability_with_rider() -> None:
    face = parse("{T}: Add {R} or {G}. This land deals 1 damage to you.", type_line="Land")
    (ability,) = face.abilities
    assert isinstance(ability, Activated)
    assert ability.mana == ManaProduction(choice="one_of", symbols=("R", "G"))
    assert ability.effect == "Add {R} or {G}. This land deals 1 damage to you."


@pytest.mark.parametrize(
    ("text", "is_mana"),
    [
        ("+1: Add {R}{R}. This planeswalker deals 2 damage to target player.", False),
        ("−2: Add {G}{G}.", False),
        ("{T}: Add {C}. Target player mills a card.", False),
        (
            "{T}: Add {R}. When that mana is spent to cast a red instant or sorcery spell, copy "
            "that spell. You may choose new targets for the copy.",
            True,
        ),
    ],
)
def test_loyalty_and_targeted_abilities_are_not_mana_abilities(text: str, is_mana: bool) -> None:
    face = parse(text, type_line="Legendary Planeswalker — Test")
    (ability,) = face.abilities
    assert isinstance(ability, Activated)
    assert (ability.mana is not None) == is_mana
    assert face.unparsed == ()


def test_unknown_mana_production_is_shown_unparsed() -> None:
    face = parse("{T}: Add one mana of your guild's colors.", type_line="Artifact")
    (ability,) = face.abilities
    assert isinstance(ability, Activated) and ability.mana is None
    assert face.unparsed == ("Add one mana of your guild's colors.",)


@pytest.mark.parametrize(
    ("type_line", "text", "symbols"),
    [
        ("Land — Plains Island", "({T}: Add {W} or {U}.)", ["W", "U"]),
        (
            "Land Creature — Forest Dryad",
            "(This creature isn't a spell, it's affected by summoning sickness, and it has "
            '"{T}: Add {G}.")',
            ["G"],
        ),
        ("Basic Land — Mountain", "({T}: Add {R}.)", ["R"]),
        ("Land — Urza's Mine", "{T}: Add {C}.", []),
        ("Creature — Forest Dryad", "", []),
    ],
)
def test_intrinsic_mana_abilities(type_line: str, text: str, symbols: list[str]) -> None:
    face = parse(text, type_line=type_line)
    intrinsic = [a for a in face.abilities if isinstance(a, Activated) and a.intrinsic]
    assert [a.mana.symbols[0] for a in intrinsic if a.mana] == symbols
    assert all(a.cost == Cost(tap=True) for a in intrinsic)
    assert face.unparsed == ()


# ---------------------------------------------------------------- effects on mana and lands

STATIC_MANA_CASES: list[tuple[str, str, Ability]] = [
    (
        "Contamination",
        "If a land is tapped for mana, it produces {B} instead of any other type and amount.",
        ManaReplacement(
            applies_to="land",
            whose="any",
            produces=ManaProduction(choice="fixed", symbols=("B",)),
        ),
    ),
    (
        "Mana Reflection",
        "If you tap a permanent for mana, it produces twice as much of that mana instead.",
        ManaDoubling(applies_to="permanent", whose="you", factor=2),
    ),
    (
        "Heartbeat of Spring",
        "Whenever a player taps a land for mana, that player adds one mana of any type that "
        "land produced.",
        TappedForManaTrigger(
            applies_to="land", whose="any", adds=ManaProduction(choice="same_as_produced")
        ),
    ),
    (
        "Zendikar Resurgent",
        "Whenever you tap a land for mana, add one mana of any type that land produced.",
        TappedForManaTrigger(
            applies_to="land", whose="you", adds=ManaProduction(choice="same_as_produced")
        ),
    ),
    (
        "Leyline of Abundance",
        "Whenever you tap a creature for mana, add an additional {G}.",
        TappedForManaTrigger(
            applies_to="creature",
            whose="you",
            adds=ManaProduction(choice="fixed", symbols=("G",)),
        ),
    ),
    (
        "Crypt Ghast",
        "Whenever you tap a Swamp for mana, add an additional {B}.",
        TappedForManaTrigger(
            applies_to="land",
            whose="you",
            of_type="Swamp",
            adds=ManaProduction(choice="fixed", symbols=("B",)),
        ),
    ),
    (
        "Overgrowth",
        "Whenever enchanted land is tapped for mana, its controller adds an additional {G}{G}.",
        TappedForManaTrigger(
            applies_to="enchanted land",
            whose="any",
            adds=ManaProduction(choice="fixed", symbols=("G", "G"), amount=2),
        ),
    ),
    (
        "Chromatic Lantern",
        'Lands you control have "{T}: Add one mana of any color."',
        GrantedManaAbility(
            subject="lands",
            whose="you",
            ability=Activated(
                text="{T}: Add one mana of any color.",
                cost=Cost(tap=True),
                effect="Add one mana of any color.",
                mana=ManaProduction(choice="any_color"),
            ),
        ),
    ),
    (
        "Blood Moon",
        "Nonbasic lands are Mountains.",
        LandTypeChange(subject="nonbasic lands", new_type="Mountain"),
    ),
    (
        "Urborg",
        "Each land is a Swamp in addition to its other land types.",
        LandTypeChange(subject="each land", new_type="Swamp", replaces=False),
    ),
    (
        "cost more",
        "Noncreature spells your opponents cast cost {1} more to cast.",
        CostChange(delta=1, applies_to="noncreature spells your opponents cast", whose="opponent"),
    ),
    (
        "cost less",
        "Creature spells you cast cost {1} less to cast.",
        CostChange(delta=-1, applies_to="creature spells you cast", whose="you"),
    ),
    (
        "cost less, conditional",
        "This spell costs {2} less to cast if you control a Wizard.",
        CostChange(delta=-2, applies_to="this spell", condition="if you control a Wizard"),
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [c[1:] for c in STATIC_MANA_CASES],
    ids=[c[0] for c in STATIC_MANA_CASES],
)
def test_static_and_triggered(text: str, expected: Ability) -> None:
    face = parse(text, type_line="Enchantment")
    assert plain(face.abilities) == [expected]
    assert face.unparsed == ()


def test_token_abilities_are_not_granted_statics() -> None:
    face = parse(
        "Create a 1/1 colorless Eldrazi Scion creature token. It has "
        '"Sacrifice this creature: Add {C}."',
        type_line="Sorcery",
    )
    assert face.abilities == ()


# ---------------------------------------------------------------- keywords and honesty


def test_keyword_lines() -> None:
    face = parse(
        "Flying, haste\nProtection from red\nWard {2}\nEquip {1}",
        keywords=("Flying", "Haste", "Protection", "Ward", "Equip"),
    )
    assert plain(face.abilities) == [
        Keyword(name="Flying"),
        Keyword(name="Haste"),
        Keyword(name="Protection", detail="from red"),
        Keyword(name="Ward", cost=mc("{2}")),
        Keyword(name="Equip", cost=mc("{1}")),
    ]


def test_unknown_text_is_kept_verbatim() -> None:
    face = parse("Draw a card.\nYou have no maximum hand size.", type_line="Enchantment")
    assert face.abilities == ()
    assert face.unparsed == ("Draw a card.", "You have no maximum hand size.")


def test_parse_card_returns_every_face() -> None:
    card = Card.from_scryfall(
        {
            "name": "Front // Back",
            "layout": "transform",
            "keywords": ["Haste"],
            "card_faces": [
                {"name": "Front", "type_line": "Creature — Human", "oracle_text": "Haste"},
                {
                    "name": "Back",
                    "type_line": "Land — Forest",
                    "oracle_text": "({T}: Add {G}.)\n{T}: Add {C}.",
                },
            ],
        }
    )
    front, back = parse_card(card)
    assert (front.name, back.name) == ("Front", "Back")
    assert plain(front.abilities) == [Keyword(name="Haste")]
    assert [a.mana.symbols for a in back.abilities if isinstance(a, Activated) and a.mana] == [
        ("C",),
        ("G",),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tap target untapped creature and it deals damage", [Target(what="untapped creature")]),
        ("it deals 2 damage to any target", [Target(what="any")]),
        ("tap up to two target creatures", [Target(what="creatures", count=2)]),
        ("destroy target artifact or enchantment", [Target(what="artifact or enchantment")]),
        ("target opponent discards a card", [Target(what="opponent")]),
        (
            "destroy target attacking or blocking creature",
            [Target(what="attacking or blocking creature")],
        ),
        (
            "return target creature card from your graveyard to the battlefield",
            [Target(what="creature card")],
        ),
        (
            "choose target creature you control and target creature you don't control",
            [Target(what="creature you control"), Target(what="creature you don't control")],
        ),
        ("draw two cards", []),
    ],
)
def test_targets(text: str, expected: list[Target]) -> None:
    assert list(targets(text)) == expected
