"""Finding card names inside free-text questions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ask.question import Question, clean_text
from bot.ask.textcards import NameRow, TextCardFinder

NAMES = [
    ("Ana Battlemage", False),
    ("Reflecting Pool", False),
    ("Forest", False),
    ("Llanowar Elves", False),
    ("Exotic Orchard", False),
    ("Thalia, Guardian of Thraben", False),
    ("Thalia, Heretic Cathar", False),
    ("Eidolon of Blossoms", False),
    ("Opt", False),
    ("Reanimate", False),
    ("Pili-Pala", False),
    ("Necravolver", False),
    ("Soldier", True),
    ("Delver of Secrets", False),
    ("The End", False),
    ("The One Ring", False),
    ("Mutavault", False),
    ("Earthcraft", False),
    ("Clerics", False),
    ("Fog", False),
    ("Contamination", False),
]
ROWS = [NameRow(n, n, f"id-{i}", tok) for i, (n, tok) in enumerate(NAMES)]
ROWS.append(NameRow("Insectile Aberration", "Delver of Secrets", "id-delver", False))
ROWS.append(NameRow("Gone", "Dead // Gone", "id-dead-gone", False))
ROWS.append(NameRow("Why", "Who // What // When // Where // Why", "id-why", False))
ROWS.append(NameRow("What", "Who // What // When // Where // Why", "id-why", False))
ROWS.append(NameRow("Bring Back", "Oakhame Ranger // Bring Back", "id-bring-back", False))
VOCAB = [
    "can",
    "i",
    "tap",
    "for",
    "mana",
    "the",
    "turn",
    "cast",
    "it",
    "what",
    "does",
    "make",
    "control",
    "and",
    "a",
    "my",
    "is",
    "kicker",
    "cleric",
]


@pytest.fixture(scope="module")
def finder() -> TextCardFinder:
    return TextCardFinder(ROWS, VOCAB)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Can I tap Llanowar Elves for mana the turn I cast it?", ["Llanowar Elves"]),
        ("can i tap llanowar elves for mana", ["Llanowar Elves"]),
        ("i control reflecting pool and a forest", ["Reflecting Pool", "Forest"]),
        ("my only lands are two Reflecting Pools and two forests", ["Reflecting Pool", "Forest"]),
        ("If I reanimate it, is it gone?", []),
        ("can pili-pala tap for mana the turn it enters", ["Pili-Pala"]),
        ("can i pay necravolver's kicker twice", ["Necravolver"]),
        ("Why can't I tap it?", []),
        ("Whats the mana value of it? Whys it tapped?", []),
        (
            "I control Reflecting Pool and a Forest. What can it make?",
            ["Reflecting Pool", "Forest"],
        ),
        ("Can I pay Ana Battlemage's {2}{U} kicker twice?", ["Ana Battlemage"]),
        ("can i pay ana battelmage's kicker twice", ["Ana Battlemage"]),
        ("What does [[eidolon of blosoms]] do?", ["Eidolon of Blossoms"]),
        ("Does Insectile Aberration keep flying?", ["Delver of Secrets"]),
        ("Is a Soldier token a creature?", []),
        ("Is a copy of a kicked spell also kicked?", []),
        ("Does it trigger at the end of turn?", []),
        ("if it brings back an aura, does it enter?", []),
        ("Can I cast The End at the end of my turn?", ["The End"]),
        ("can i tap [[the one ring]] the turn i cast it", ["The One Ring"]),
        ("Can I tap The One Ring the turn I cast it?", ["The One Ring"]),
        # A lowercase word no English speaker or rule uses is its card's name...
        ("my lands are a forest and mutavault", ["Forest", "Mutavault"]),
        ("with earthcraft out can i untap a forest", ["Earthcraft", "Forest"]),
        # ... but not where a verb stands, nor as the plural of a rules noun.
        ("can i earthcraft it", []),
        ("do my clerics tap for mana", []),
        # What is cast is a card, though its name is an English word.
        ("can i cast fog in combat", ["Fog"]),
        ("does the fog hide it", []),
    ],
)
def test_finds_the_cards_people_write(
    finder: TextCardFinder, text: str, expected: list[str]
) -> None:
    scan = finder.scan(clean_text(text))
    assert [f.card_name for f in scan.found] == expected
    assert not scan.ambiguous


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "I have Reflecting Pool and a Forest. What can the pool make?",
            ["Reflecting Pool", "Forest", "Reflecting Pool"],
        ),
        # "the elves" is the Elves named before it; "the creature" is a rules noun.
        ("Llanowar Elves entered. Can the elves tap?", ["Llanowar Elves", "Llanowar Elves"]),
        ("Llanowar Elves entered. Can the creature tap?", ["Llanowar Elves"]),
        # Without the card named in full, "the pool" is only words.
        ("What can the pool make?", []),
    ],
)
def test_the_word_of_a_named_card_refers_back_to_it(
    finder: TextCardFinder, text: str, expected: list[str]
) -> None:
    assert [f.card_name for f in finder.scan(clean_text(text)).found] == expected


def test_short_name_with_several_cards_gives_candidates(finder: TextCardFinder) -> None:
    scan = finder.scan("Does Thalia tax flashback?")
    assert scan.found == []
    assert scan.ambiguous == {"Thalia": ["Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"]}


def test_bracketed_unknown_name_is_reported(finder: TextCardFinder) -> None:
    scan = finder.scan("What does [[Qwxzzy Plorbnak]] do?")
    assert scan.unknown == ["Qwxzzy Plorbnak"]


def test_question_replaces_names_with_a_marker(finder: TextCardFinder) -> None:
    text = "Can I tap Llanowar Elves for mana?"
    scan = finder.scan(text)
    f = scan.found[0]
    from bot.ask.question import mention_for
    from engine.card import Card

    card = Card.from_scryfall(
        {
            "name": "Llanowar Elves",
            "type_line": "Creature — Elf Druid",
            "oracle_text": "{T}: Add {G}.",
            "mana_cost": "{G}",
        }
    )
    q = Question.build(text, [mention_for(card, f.written, f.start, f.end)])
    assert q.lower == "can i tap CARD for mana?"


def test_clean_text_strips_controls_and_normalises_quotes() -> None:
    assert (
        clean_text("Ana\u0000 Battlemage\u2019s  \u202ekicker\u200b") == "Ana Battlemage's kicker"
    )


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=400))
def test_scanning_any_text_never_raises(text: str) -> None:
    finder = TextCardFinder(ROWS, VOCAB)
    scan = finder.scan(clean_text(text))
    q = Question.build(text, [])
    assert isinstance(q.lower, str)
    for f in scan.found:
        assert 0 <= f.start < f.end


def test_brackets_past_the_limit_are_skipped(finder: TextCardFinder) -> None:
    text = " ".join(["[[Zzqx Vwqk]]"] * 30 + ["[[Opt]]"])
    scan = finder.scan(text)
    assert scan.skipped == 31 - finder.max_brackets
    assert len(scan.unknown) == finder.max_brackets
    assert "Opt" not in [f.card_name for f in scan.found]


def test_bracketed_beginning_of_a_name(finder: TextCardFinder) -> None:
    assert [f.card_name for f in finder.scan("[[Eidolon of Bl]]").found] == ["Eidolon of Blossoms"]
    scan = finder.scan("[[Thalia,]] and [[Llanowar Elvs]]")
    assert scan.ambiguous == {"Thalia,": ["Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"]}
    assert [(f.card_name, f.how) for f in scan.found] == [("Llanowar Elves", "fuzzy")]


def test_a_players_nickname_names_its_loaded_card() -> None:
    rows = [*ROWS, NameRow("Gaea's Cradle", "Gaea's Cradle", "id-cradle", False)]
    finder = TextCardFinder(rows, VOCAB)
    found = finder.scan("can i tap cradle for mana?").found
    assert [(f.card_name, f.written, f.how) for f in found] == [
        ("Gaea's Cradle", "cradle", "nickname")
    ]
    # Without its card loaded, a nickname is only a word.
    assert TextCardFinder(ROWS, VOCAB).scan("can i tap cradle for mana?").found == []


@pytest.mark.full_data
def test_every_nickname_names_a_real_card() -> None:
    import json

    from bot.ask import lexicon
    from tests.conftest import SHARED_DATA

    cards = json.loads((SHARED_DATA / "cards.json").read_text(encoding="utf-8"))
    names = {c["name"] for c in cards}
    nicknames = lexicon.load().nicknames
    assert nicknames
    assert {k: v for k, v in nicknames.items() if v not in names} == {}


def test_a_lowercase_word_of_one_name_is_that_card() -> None:
    rows = [*ROWS, NameRow("Nyxbloom Ancient", "Nyxbloom Ancient", "id-nyx", False)]
    scan = TextCardFinder(rows, VOCAB).scan("nyxbloom out, can i tap the pool for mana?")
    assert [(f.written, f.card_name, f.how) for f in scan.found][:1] == [
        ("nyxbloom", "Nyxbloom Ancient", "short")
    ]


def test_a_lowercase_word_of_several_names_is_ambiguous_and_english_is_no_name() -> None:
    rows = [
        *ROWS,
        NameRow("Coralhelm Chronicler", "Coralhelm Chronicler", "id-c1", False),
        NameRow("Coralhelm Guide", "Coralhelm Guide", "id-c2", False),
        NameRow("Ancient Grudge", "Ancient Grudge", "id-grudge", False),
    ]
    scan = TextCardFinder(rows, VOCAB).scan("with coralhelm out, is the ancient rule a thing?")
    assert scan.ambiguous == {"coralhelm": ["Coralhelm Chronicler", "Coralhelm Guide"]}
    assert scan.found == []


def test_a_lowercase_english_word_that_names_a_card_is_kept_aside(finder: TextCardFinder) -> None:
    scan = finder.scan("does contamination change the mana a forest makes")
    assert [f.card_name for f in scan.found] == ["Forest"]
    assert [(f.card_name, f.written) for f in scan.plain] == [("Contamination", "contamination")]
    capital = finder.scan("does Contamination change the mana a forest makes")
    assert "Contamination" in [f.card_name for f in capital.found]
    assert capital.plain == []
    # Said to be in play, the word is the card itself.
    placed = finder.scan("with contamination out can i tap a forest")
    assert [f.card_name for f in placed.found] == ["Contamination", "Forest"]
    assert placed.plain == []
