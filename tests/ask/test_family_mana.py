"""The mana family handler: could-produce boards, triggers, tapping for mana and the stack."""

from __future__ import annotations

import pytest

from bot.ask.families.mana import ManaHandler
from bot.ask.pipeline import best_scenario
from bot.ask.question import Question
from engine.ruling import Ruling
from tests.ask.pool import question


def best(q: Question) -> tuple[str, Ruling] | None:
    chosen = best_scenario(ManaHandler().scenarios(q))
    return (chosen.name, chosen.run()) if chosen else None


CARD_FREE = [
    (
        "What mana does an ability make if it would produce mana of an undefined type?",
        "mana.undefined",
        "none",
        "106.5",
    ),
    (
        "what happens if an ability produces mana of an undefined type",
        "mana.undefined",
        "none",
        "106.5",
    ),
    (
        "Does a 'whenever a land is tapped for mana' trigger go off if the land produced no mana?",
        "mana.trigger_no_mana",
        "no",
        "106.12a",
    ),
    (
        "If a land is tapped for mana but produces nothing, do tapped-for-mana triggers fire?",
        "mana.trigger_no_mana",
        "no",
        "106.12a",
    ),
    (
        "Is tapping a creature to pay for convoke tapping it for mana?",
        "mana.tapped_for_mana",
        "no",
        "106.12",
    ),
    (
        "does convoking count as tapping a creature for mana",
        "mana.tapped_for_mana",
        "no",
        "702.51a",
    ),
    ("is tapping for convok the same as tapping for mana?", "mana.tapped_for_mana", "no", "106.12"),
    ("Is crewing a Vehicle tapping creatures for mana?", "mana.tapped_for_mana", "no", "702.122a"),
    (
        "Does attacking with a creature count as tapping it for mana?",
        "mana.tapped_for_mana",
        "no",
        "106.12",
    ),
    ("Do mana abilities use the stack?", "mana.stack", "no", "605.3b"),
    ("do mana abilitys go on the stack", "mana.stack", "no", "605.3b"),
    ("Can my opponent respond to me tapping a land for mana?", "mana.stack", "no", "605.3b"),
    ("Can a mana ability be countered?", "mana.stack", "no", "605.3b"),
    (
        "Do mana abilities resolve immediately without using the stack?",
        "mana.stack",
        "yes",
        "605.3b",
    ),
    ("Does a triggered mana ability use the stack?", "mana.stack", "no", "605.4a"),
    ("Is colorless a color?", "mana.is_color", "no", "106.1a"),
    ("is green a colour?", "mana.is_color", "yes", "106.1a"),
]


@pytest.mark.parametrize(
    ("text", "scenario", "verdict", "rule"), CARD_FREE, ids=[c[0] for c in CARD_FREE]
)
def test_card_free_questions(text: str, scenario: str, verdict: str, rule: str) -> None:
    found = best(question(text))
    assert found is not None, text
    name, ruling = found
    assert name == scenario
    assert ruling.verdict == verdict
    assert rule in {str(r) for r in ruling.rules}


WITH_CARDS: list[tuple[str, tuple[str | tuple[str, str], ...], str, str, str]] = [
    (
        "I control Reflecting Pool and a Forest. What mana can Reflecting Pool make?",
        ("Reflecting Pool", "Forest"),
        "mana.could_produce",
        "G",
        "106.7",
    ),
    (
        "If my only lands are two Reflecting Pools, what can they produce?",
        ("Reflecting Pool",),
        "mana.could_produce",
        "none",
        "106.7",
    ),
    (
        "my only lands are 2 reflecting pools. what mana can i get from them?",
        (("reflecting pool", "Reflecting Pool"),),
        "mana.could_produce",
        "none",
        "106.7",
    ),
    (
        "My opponent's only land is Ancient Tomb. What colors can my Exotic Orchard produce?",
        ("Ancient Tomb", "Exotic Orchard"),
        "mana.could_produce",
        "none",
        "106.7",
    ),
    (
        "What colors can Fellwar Stone produce if my opponent only has a Wastes?",
        ("Fellwar Stone", "Wastes"),
        "mana.could_produce",
        "none",
        "106.7",
    ),
    (
        "What does Fellwar Stone make if my opponent has no lands?",
        ("Fellwar Stone",),
        "mana.could_produce",
        "none",
        "106.7",
    ),
    (
        "what can reflecting pool tap for if i control a forest and an island",
        (("reflecting pool", "Reflecting Pool"), ("forest", "Forest"), ("island", "Island")),
        "mana.could_produce",
        "UG",
        "106.7",
    ),
    (
        "My only other land is an Island. What can Reflecting Pool make?",
        ("Island", "Reflecting Pool"),
        "mana.could_produce",
        "U",
        "106.7",
    ),
    (
        "I control Reflecting Pool and Ancient Tomb. What can Reflecting Pool produce?",
        ("Reflecting Pool", "Ancient Tomb"),
        "mana.could_produce",
        "C",
        "106.7",
    ),
    (
        "My opponent controls Exotic Orchard and I control Exotic Orchard. What can my Exotic "
        "Orchard make?",
        ("Exotic Orchard",),
        "mana.could_produce",
        "none",
        "106.7",
    ),
    (
        "I control a Forest and Contamination. What can my Reflecting Pool produce?",
        ("Forest", "Contamination", "Reflecting Pool"),
        "mana.could_produce",
        "B",
        "106.12b",
    ),
    (
        "With Contamination out, what mana can my Forest make?",
        ("Contamination", "Forest"),
        "mana.could_produce",
        "B",
        "106.7",
    ),
    (
        "I control Tundra and Blood Moon is out. What mana can Tundra produce?",
        ("Tundra", "Blood Moon"),
        "mana.could_produce",
        "R",
        "305.7",
    ),
    (
        "What mana can Tundra tap for with Blood Moon out?",
        ("Tundra", "Blood Moon"),
        "mana.could_produce",
        "R",
        "305.7",
    ),
    (
        "What colors can my Tundra produce with Blood Moon and Chromatic Lantern out?",
        ("Tundra", "Blood Moon", "Chromatic Lantern"),
        "mana.could_produce",
        "WUBRG",
        "106.7",
    ),
    (
        "What mana can Birds of Paradise make?",
        ("Birds of Paradise",),
        "mana.could_produce",
        "WUBRG",
        "106.1a",
    ),
    (
        "Can Exotic Orchard produce colorless mana if my opponent controls Ancient Tomb?",
        ("Exotic Orchard", "Ancient Tomb"),
        "mana.can_produce_type",
        "no",
        "106.1a",
    ),
    (
        "If I control a Forest, can Reflecting Pool tap for green?",
        ("Forest", "Reflecting Pool"),
        "mana.can_produce_type",
        "yes",
        "106.7",
    ),
    (
        "How much mana does Sol Ring make with Mana Reflection?",
        ("Sol Ring", "Mana Reflection"),
        "mana.amount",
        "4",
        "106.12b",
    ),
    (
        "How much mana do I get from tapping a Forest with Heartbeat of Spring and Mana Reflection "
        "out?",
        ("Forest", "Heartbeat of Spring", "Mana Reflection"),
        "mana.amount",
        "3",
        "106.12a",
    ),
    (
        "how many mana does ancient tomb make under contamination?",
        (("ancient tomb", "Ancient Tomb"), ("contamination", "Contamination")),
        "mana.amount",
        "1",
        "106.12b",
    ),
    (
        "Does Heartbeat of Spring trigger when I tap Reflecting Pool if my only lands are two "
        "Reflecting Pools?",
        ("Heartbeat of Spring", "Reflecting Pool"),
        "mana.trigger",
        "no",
        "106.12a",
    ),
    (
        "Does Heartbeat of Spring trigger off a Reflecting Pool that produced no mana?",
        ("Heartbeat of Spring", "Reflecting Pool"),
        "mana.trigger_no_mana",
        "no",
        "106.12a",
    ),
    (
        "Does Vernal Bloom trigger when I tap Dryad Arbor for mana?",
        ("Vernal Bloom", "Dryad Arbor"),
        "mana.trigger",
        "yes",
        "106.12a",
    ),
    (
        "Does Heartbeat of Spring trigger if I tap a creature for convoke?",
        ("Heartbeat of Spring",),
        "mana.tapped_for_mana_trigger",
        "no",
        "106.12",
    ),
    (
        "Does Mana Reflection double mana from a creature tapped for convoke?",
        ("Mana Reflection",),
        "mana.tapped_for_mana_replacement",
        "no",
        "106.12b",
    ),
    (
        "Does Heartbeat of Spring's trigger use the stack?",
        ("Heartbeat of Spring",),
        "mana.ability_stack",
        "no",
        "605.4a",
    ),
    (
        "Does Deathrite Shaman's mana ability use the stack?",
        ("Deathrite Shaman",),
        "mana.ability_stack",
        "yes",
        "605.1a",
    ),
    (
        "Can I respond to Birds of Paradise tapping for mana?",
        ("Birds of Paradise",),
        "mana.stack",
        "no",
        "605.3b",
    ),
    (
        "Can Reflecting Pool make {C} if I control Sol Ring?",
        ("Reflecting Pool", "Sol Ring"),
        "mana.can_produce_type",
        "no",
        "106.7",
    ),
    (
        "What mana can I get from Reflecting Pool if I control Urborg, Tomb of Yawgmoth?",
        ("Reflecting Pool", "Urborg, Tomb of Yawgmoth"),
        "mana.could_produce",
        "B",
        "305.7",
    ),
    (
        "What type of mana does Heartbeat of Spring add when I tap Ancient Tomb?",
        ("Heartbeat of Spring", "Ancient Tomb"),
        "mana.trigger",
        "C",
        "106.7",
    ),
    (
        "How much mana does my Sol Ring make if my opponent controls Mana Reflection?",
        ("Sol Ring", "Mana Reflection"),
        "mana.amount",
        "2",
        "106.12",
    ),
    (
        "Can my opponent respond to me tapping Llanowar Elves for mana?",
        ("Llanowar Elves",),
        "mana.stack",
        "no",
        "605.3b",
    ),
    (
        "If my only land is Exotic Orchard and my opponent controls only Islands, what colors can "
        "it make?",
        ("Exotic Orchard", "Island"),
        "mana.could_produce",
        "U",
        "106.7",
    ),
    (
        "If my only lands are two Exotic Orchards and my opponent has a Swamp, what can they "
        "produce?",
        ("Exotic Orchard", "Swamp"),
        "mana.could_produce",
        "B",
        "106.7",
    ),
    (
        "I have Reflecting Pool and Exotic Orchard; my opponent has a Mountain. What can Reflecting "
        "Pool tap for?",
        ("Reflecting Pool", "Exotic Orchard", "Mountain"),
        "mana.could_produce",
        "R",
        "106.7",
    ),
    (
        "My opponent controls only Sol Ring. What can my Exotic Orchard tap for?",
        ("Sol Ring", "Exotic Orchard"),
        "mana.could_produce",
        "none",
        "106.7",
    ),
    (
        "Does Mana Flare trigger if the land didn't produce any mana?",
        ("Mana Flare",),
        "mana.trigger_no_mana",
        "no",
        "106.12a",
    ),
    (
        "If I convoke with Llanowar Elves, did I tap it for mana?",
        ("Llanowar Elves",),
        "mana.tapped_for_mana",
        "no",
        "106.12",
    ),
    (
        "Does tapping Icy Manipulator count as tapping it for mana?",
        ("Icy Manipulator",),
        "mana.tapped_for_mana",
        "no",
        "106.12",
    ),
    (
        "Reflecting Pool is my only land. What can it make?",
        ("Reflecting Pool",),
        "mana.could_produce",
        "none",
        "106.7",
    ),
    (
        "Can I tap Exotic Orchard for colorless mana if my opponent controls Wastes?",
        ("Exotic Orchard", "Wastes"),
        "mana.can_produce_type",
        "no",
        "106.1a",
    ),
    (
        "Is Reflecting Pool able to produce black mana if I control a Swamp?",
        ("Reflecting Pool", "Swamp"),
        "mana.can_produce_type",
        "yes",
        "106.7",
    ),
    (
        "Can Llanowar Elves be tapped for blue mana?",
        ("Llanowar Elves",),
        "mana.can_produce_type",
        "no",
        "106.7",
    ),
]


@pytest.mark.parametrize(
    ("text", "cards", "scenario", "verdict", "rule"), WITH_CARDS, ids=[c[0] for c in WITH_CARDS]
)
def test_questions_naming_cards(
    text: str, cards: tuple[str | tuple[str, str], ...], scenario: str, verdict: str, rule: str
) -> None:
    found = best(question(text, cards))
    assert found is not None, text
    name, ruling = found
    assert name == scenario
    assert ruling.verdict == verdict
    assert rule in {str(r) for r in ruling.rules}


def test_exotic_orchard_cites_its_colorless_ruling() -> None:
    found = best(
        question(
            "My opponent's only land is Ancient Tomb. What colors can my Exotic Orchard produce?",
            ("Ancient Tomb", "Exotic Orchard"),
        )
    )
    assert found is not None
    assert "Exotic Orchard" in found[1].cards


@pytest.mark.parametrize(
    ("text", "cards", "scenario"),
    [
        ("What can Reflecting Pool make?", ("Reflecting Pool",), "mana.could_produce"),
        ("What colors can Exotic Orchard produce?", ("Exotic Orchard",), "mana.could_produce"),
        ("What does Gaea's Cradle tap for?", ("Gaea's Cradle",), "mana.could_produce"),
        ("What mana can Command Tower make?", ("Command Tower",), "mana.could_produce"),
        ("If I tap Reflecting Pool, what can it make?", ("Reflecting Pool",), "mana.could_produce"),
        (
            "I control Prismatic Omen and Reflecting Pool. What can Reflecting Pool make?",
            ("Prismatic Omen", "Reflecting Pool"),
            "mana.could_produce",
        ),
        # A later sentence of the ability changes what it adds, on a fact no position holds.
        (
            "How much mana does River of Tears make if I control an Island?",
            ("River of Tears", "Island"),
            "mana.amount",
        ),
        # What it adds hangs on counters the question doesn't state.
        (
            "How much mana does Incubation Druid make if my only land is a Forest?",
            ("Incubation Druid", "Forest"),
            "mana.amount",
        ),
        ("What can Gemstone Caverns tap for?", ("Gemstone Caverns",), "mana.could_produce"),
    ],
)
def test_missing_facts_abstain(text: str, cards: tuple[str, ...], scenario: str) -> None:
    found = best(question(text, cards))
    assert found is not None
    name, ruling = found
    assert name == scenario
    assert ruling.verdict is None
    assert ruling.missing


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Does deathtouch work with trample?", ()),
        ("What's the best deck in Standard?", ()),
        ("Can I tap Llanowar Elves for mana the turn I cast it?", ("Llanowar Elves",)),
        ("Can a creature I cast this turn block?", ()),
        ("What's the mana value of a kicked Ana Battlemage on the stack?", ("Ana Battlemage",)),
        (
            "What is the total cost to cast Ana Battlemage kicked with both kickers?",
            ("Ana Battlemage",),
        ),
        ("How does the stack work?", ()),
        ("Does constellation trigger when an enchantment creature enters under my control?", ()),
        ("What mana value does Sol Ring have?", ("Sol Ring",)),
        ("How much mana does Sol Ring cost?", ("Sol Ring",)),
        ("Can I tap Llanowar Elves for mana in response to removal?", ("Llanowar Elves",)),
        ("What colors is Dryad Arbor?", ("Dryad Arbor",)),
        ("", ()),
    ],
)
def test_not_mana_questions(text: str, cards: tuple[str, ...]) -> None:
    assert ManaHandler().scenarios(question(text, cards)) == []


def test_what_a_card_allows_is_not_a_definition_question() -> None:
    q = question(
        "Does Springleaf Drum let me tap a summoning sick creature for mana?", ("Springleaf Drum",)
    )
    assert all(s.name != "mana.tapped_for_mana" for s in ManaHandler().scenarios(q))


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        (
            "Heartbeat of Spring doesn't add the extra mana when I tap my Forest for mana. "
            "Does it trigger?",
            ("Heartbeat of Spring",),
        ),
        (
            "When I tap an Island for mana, High Tide does not give an additional blue. "
            "Shouldn't it trigger?",
            ("High Tide",),
        ),
    ],
)
def test_missing_extra_mana_is_not_a_land_making_none(text: str, cards: tuple[str, ...]) -> None:
    # "Doesn't add the extra mana" speaks of the trigger's mana, not of the land making none.
    q = question(text, cards)
    assert all(s.name != "mana.trigger_no_mana" for s in ManaHandler().scenarios(q))


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        # "what color" inside a statement's clause asks nothing.
        (
            "With no creatures out, Gaea's Cradle never asks me what color of mana it makes.",
            ("Gaea's Cradle",),
        ),
        # An amount of mana is asked, which "can it make colorless" doesn't answer.
        ("Sol Ring is supposed to make three colorless mana.", ("Sol Ring",)),
        ("Can Sol Ring tap for {C}{C}{C}?", ("Sol Ring",)),
    ],
)
def test_type_questions_need_a_type_asked(text: str, cards: tuple[str, ...]) -> None:
    names = {s.name for s in ManaHandler().scenarios(question(text, cards))}
    assert not names & {"mana.could_produce", "mana.can_produce_type"}


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        # The stack named in a report's story, not asked about.
        (
            "I used Magus Lucea Kane's ability; the copy it made showed on the stack with X=3. "
            "Shouldn't the copy have entered with counters?",
            ("Magus Lucea Kane",),
        ),
        # "for mana payment" taps nothing.
        (
            "Bolas's Citadel asked me for mana payment instead of life. Expected: pay six life.",
            ("Bolas's Citadel",),
        ),
    ],
)
def test_mana_words_in_a_story_ask_nothing(text: str, cards: tuple[str, ...]) -> None:
    names = {s.name for s in ManaHandler().scenarios(question(text, cards))}
    assert not names & {"mana.ability_stack", "mana.tapped_for_mana_replacement", "mana.stack"}
