"""The tapping family handler: paraphrased questions map onto the right scenario, verdict and rule."""

from __future__ import annotations

import pytest

from bot.ask.families.tapping import TappingHandler
from bot.ask.pipeline import best_scenario
from bot.ask.question import Question, mention_for
from engine.card import Card
from engine.ruling import Ruling
from tests.ask.pool import card_object, question


def best(q: Question) -> tuple[str, Ruling] | None:
    chosen = best_scenario(TappingHandler().scenarios(q))
    return (chosen.name, chosen.run()) if chosen else None


# (question, cards, scenario, verdict, a rule that must be cited)
CARD_FREE = [
    (
        "Can my summoning-sick creature use an ability that doesn't have the tap symbol?",
        "tapping.no_tap_symbol",
        "yes",
        "302.6",
    ),
    (
        "can a creature i just cast activate an ability without {T} in its cost",
        "tapping.no_tap_symbol",
        "yes",
        "302.6",
    ),
    (
        "Can I use the {T} ability of a noncreature artifact the turn it enters?",
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    ("can i use a {T} ability of an artifact i just cast?", "tapping.tap_cost", "yes", "302.6"),
    ("Can I tap a land for mana the turn I play it?", "tapping.tap_cost", "yes", "302.6"),
    (
        "Can a creature with haste use its {T} ability the turn it enters?",
        "tapping.tap_cost",
        "yes",
        "702.10c",
    ),
    (
        "can a hasty creature tap for mana the same turn it came in",
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    (
        "Can I activate an ability with {Q} in its cost if the permanent is already untapped?",
        "tapping.untap_cost",
        "no",
        "107.6",
    ),
    ("Can an untapped creature pay a {Q} cost?", "tapping.untap_cost", "no", "107.6"),
    ("Can a tapped creature pay a {T} cost?", "tapping.tap_cost", "no", "107.5"),
    (
        "if my creature is already tapped can i activate its {T} ability",
        "tapping.tap_cost",
        "no",
        "107.5",
    ),
    ("Can a creature I cast this turn use a {T} ability?", "tapping.tap_cost", "no", "302.6"),
    ("Can my summoning sick creature use its tap ability?", "tapping.tap_cost", "no", "302.6"),
    ("can my summoning sick elf tap for mana", "tapping.tap_cost", "no", "302.6"),
    (
        "Can I tap a creature for mana if I've controlled it since my last turn?",
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    ("Can a creature I cast this turn block?", "tapping.block", "yes", "302.6"),
    ("Can a summoning sick creature block?", "tapping.block", "yes", "509.1a"),
    ("can a creature that entered this turn still block", "tapping.block", "yes", "302.6"),
    ("Can a tapped creature block?", "tapping.block", "no", "509.1a"),
    ("Does summoning sickness stop a creature from blocking?", "tapping.block", "no", "302.6"),
    ("Can I attack with a creature I cast this turn?", "tapping.attack", "no", "302.6"),
    ("Does summoning sickness stop a creature from attacking?", "tapping.attack", "yes", "302.6"),
    ("Can a creature with haste attack the turn it comes in?", "tapping.attack", "yes", "702.10b"),
    ("can a creature i gained control of this turn attack", "tapping.attack", "no", "302.6"),
    ("Can I attack with a creature I've had since last turn?", "tapping.attack", "yes", "302.6"),
    ("Can I convoke with a creature that I cast this turn?", "tapping.convoke", "yes", "302.6"),
    (
        "Can a summoning sick creature help pay for a convoke spell?",
        "tapping.convoke",
        "yes",
        "702.51a",
    ),
    ("Can I tap a summoning sick creature to crew a vehicle?", "tapping.crew", "yes", "702.122a"),
    ("Can a creature I just cast crew a Vehicle?", "tapping.crew", "yes", "302.6"),
    ("Can a tapped creature crew a vehicle?", "tapping.crew", "no", "702.122a"),
    ("Can a crewed vehicle attack the turn I cast it?", "tapping.attack", "no", "302.6"),
    ("Can I attack with a Vehicle I cast this turn if I crew it?", "tapping.attack", "no", "302.6"),
    ("Can a creature token I created this turn tap for mana?", "tapping.tap_cost", "no", "302.6"),
    ("Can I tap a creature I just gained control of for mana?", "tapping.tap_cost", "no", "302.6"),
    (
        "Can I block with a creature I cast during my opponent's turn?",
        "tapping.block",
        "yes",
        "302.6",
    ),
    ("Does summoning sickness affect lands?", "tapping.summoning_sick", "no", "302.6"),
    ("Does summoning sickness apply to creatures?", "tapping.summoning_sick", "yes", "302.6"),
    (
        "Can I use {Q} abilities on a creature with summoning sickness?",
        "tapping.untap_cost",
        "no",
        "302.6",
    ),
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
        "Can I tap Llanowar Elves for mana the turn I cast it?",
        ("Llanowar Elves",),
        "tapping.tap_cost",
        "no",
        "302.6",
    ),
    (
        "can i tap my llanowar elfs for mana the turn i play them?",
        (("llanowar elfs", "Llanowar Elves"),),
        "tapping.tap_cost",
        "no",
        "302.6",
    ),
    (
        "I've had Llanowar Elves since last turn, can I tap it for mana?",
        ("Llanowar Elves",),
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    (
        "Can I tap Birds of Paradise for mana if I cast it last turn?",
        ("Birds of Paradise",),
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    (
        "Can Birds of Paradise attack the turn it was cast?",
        ("Birds of Paradise",),
        "tapping.attack",
        "no",
        "302.6",
    ),
    ("Can I tap Sol Ring the turn I play it?", ("Sol Ring",), "tapping.tap_cost", "yes", "302.6"),
    (
        "Sol Ring just resolved. Can I tap it for mana right away?",
        ("Sol Ring",),
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    (
        "Can Dryad Arbor tap for mana the turn I play it?",
        ("Dryad Arbor",),
        "tapping.tap_cost",
        "no",
        "302.6",
    ),
    (
        "Can I tap Forest for mana the turn I play it?",
        ("Forest",),
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    (
        "Can I tap Mutavault for mana the turn I played it?",
        ("Mutavault",),
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    (
        "Can I tap Mutavault for mana the turn I played it if I animated it?",
        ("Mutavault",),
        "tapping.tap_cost",
        "no",
        "302.6",
    ),
    (
        "My Mutavault came in this turn; if I animate it, can it attack?",
        ("Mutavault",),
        "tapping.attack",
        "no",
        "302.6",
    ),
    (
        "Can I attack with Raging Goblin the turn I cast it?",
        ("Raging Goblin",),
        "tapping.attack",
        "yes",
        "702.10b",
    ),
    (
        "I gained control of a creature with Threaten. Can I tap it for mana?",
        ("Threaten",),
        "tapping.tap_cost",
        "yes",
        "702.10c",
    ),
    (
        "I stole Llanowar Elves with Act of Treason this turn, can I tap it for mana?",
        ("Llanowar Elves", "Act of Treason"),
        "tapping.tap_cost",
        "yes",
        "702.10c",
    ),
    (
        "Can a creature I cast this turn crew Smuggler's Copter?",
        ("Smuggler's Copter",),
        "tapping.crew",
        "yes",
        "702.122a",
    ),
    (
        "Can I use Springleaf Drum by tapping a creature I cast this turn?",
        ("Springleaf Drum",),
        "tapping.tap_others",
        "yes",
        "302.6",
    ),
    (
        "Can I tap Llanowar Elves I cast this turn to convoke Chord of Calling?",
        ("Llanowar Elves", "Chord of Calling"),
        "tapping.convoke",
        "yes",
        "702.51a",
    ),
    (
        "Can Llanowar Elves block the turn I cast it?",
        ("Llanowar Elves",),
        "tapping.block",
        "yes",
        "302.6",
    ),
    (
        "Can I activate Icy Manipulator the turn it enters?",
        ("Icy Manipulator",),
        "tapping.tap_cost",
        "yes",
        "302.6",
    ),
    (
        "If I cast Llanowar Elves, can I tap it right away?",
        ("Llanowar Elves",),
        "tapping.tap_cost",
        "no",
        "302.6",
    ),
    (
        "Can I attack with Smuggler's Copter the turn I cast it if I crew it?",
        ("Smuggler's Copter",),
        "tapping.attack",
        "no",
        "302.6",
    ),
    (
        "Can I crew Smuggler's Copter the turn I cast it?",
        ("Smuggler's Copter",),
        "tapping.crew",
        "yes",
        "702.122a",
    ),
    (
        "Does Llanowar Elves have summoning sickness the turn I cast it?",
        ("Llanowar Elves",),
        "tapping.summoning_sick",
        "yes",
        "302.6",
    ),
    (
        "Can Wall of Omens block the turn I cast it?",
        ("Wall of Omens",),
        "tapping.block",
        "yes",
        "302.6",
    ),
    (
        "Does Springleaf Drum let me tap a summoning sick creature for mana?",
        ("Springleaf Drum",),
        "tapping.tap_others",
        "yes",
        "302.6",
    ),
    (
        "Can I tap Birds of Paradise for mana the turn I cast it if I control Concordant "
        "Crossroads?",
        ("Birds of Paradise", "Concordant Crossroads"),
        "tapping.tap_cost",
        "yes",
        "702.10c",
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


def test_animated_land_cites_its_ruling() -> None:
    found = best(
        question(
            "Can I tap Mutavault for mana the turn I played it if I animated it?", ("Mutavault",)
        )
    )
    assert found is not None
    assert "Mutavault" in found[1].cards


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("can i tap llanowar elves for mana?", ("Llanowar Elves",)),
        ("Can I tap Birds of Paradise for mana?", ("Birds of Paradise",)),
        ("Can a creature use its {T} ability?", ()),
        # Cast on my turn, asked about "my turn": that turn or a later one isn't said.
        ("I cast a creature on my turn. Can I tap it for mana on my turn?", ()),
    ],
)
def test_missing_facts_abstain(text: str, cards: tuple[str, ...]) -> None:
    found = best(question(text, cards))
    assert found is not None
    _, ruling = found
    assert ruling.verdict is None
    assert ruling.missing


@pytest.mark.parametrize(
    "text",
    [
        "Does deathtouch work with trample?",
        "What's the best deck in Standard?",
        "Is tapping a creature to pay for convoke tapping it for mana?",
        "Do mana abilities use the stack?",
        "Goldenhide Ox says target creature must be blocked if able. Do all of my opponent's "
        "creatures have to block it?",
        "Does a 'whenever a land is tapped for mana' trigger go off if the land produced no mana?",
        "If I control two Reflecting Pools, what can they produce?",
        "Can I pay Ana Battlemage's {2}{U} kicker twice?",
        "How does the stack work?",
        "",
    ],
)
def test_not_tapping_questions(text: str) -> None:
    assert TappingHandler().scenarios(question(text)) == []


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Can a creature I cast this turn block a creature with flying?", ()),
        ("Can a creature with defender attack the turn it comes in if it has haste?", ()),
        (
            "I've had Llanowar Elves since last turn but it's enchanted with Arrest. Can I tap it "
            "for mana?",
            ("Llanowar Elves", "Arrest"),
        ),
        ("Can Wall of Omens attack the turn after I cast it?", ("Wall of Omens",)),
    ],
)
def test_restrictions_from_other_rules_are_left_alone(text: str, cards: tuple[str, ...]) -> None:
    assert TappingHandler().scenarios(question(text, cards)) == []


@pytest.mark.parametrize("word", ["elves", "goblin", "thopters", "dwarves", "spirit"])
def test_creature_types_come_from_the_lexicon(word: str) -> None:
    # The words live in data/lexicon.toml's [nouns]; plurals come from the lemma table, or
    # the regular one where it has none.
    assert TappingHandler._generic_types(question(f"can my {word} i made this turn attack")) == {
        "Creature"
    }


def _sorcerer_with(line: str) -> dict[str, object]:
    """Prodigal Sorcerer with one more line of rules text, for a card shape the pool lacks."""
    obj = dict(card_object("Prodigal Sorcerer"))
    obj["oracle_text"] = f"{line}\n{obj['oracle_text']}"
    return obj


@pytest.mark.parametrize(
    ("line", "text", "verdict"),
    [
        # An enters trigger that taps or untaps a target gives no ability or haste: the rule
        # still decides (Pestermite).
        (
            "When this creature enters, you may tap or untap target permanent.",
            "I cast Prodigal Sorcerer this turn. Can I tap it to deal 1 damage?",
            "no",
        ),
        (
            "When Prodigal Sorcerer enters, untap target land.",
            "I cast Prodigal Sorcerer last turn. Can I tap it to deal 1 damage?",
            "yes",
        ),
        # One that gives haste isn't read: no verdict.
        (
            "When this creature enters, target creature gains haste until end of turn.",
            "I cast Prodigal Sorcerer this turn. Can I tap it to deal 1 damage?",
            None,
        ),
    ],
)
def test_enters_trigger_that_taps_a_target(line: str, text: str, verdict: str | None) -> None:
    start = text.index("Prodigal Sorcerer")
    sorcerer = Card.from_scryfall(_sorcerer_with(line))
    mention = mention_for(sorcerer, "Prodigal Sorcerer", start, start + len("Prodigal Sorcerer"))
    found = best(Question.build(text, [mention]))
    assert (found[1].verdict if found else None) == verdict, found
