"""The question reader: casual forms, framings, facts with their words, and the verdict mapping."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from bot.ask.reader import Reader, Span
from bot.ask.reading import Claim, Reading

DATA = Path(__file__).resolve().parents[2] / "data"
CARDS = ("Llanowar Elves", "Eidolon of Blossoms", "Goblin Guide", "Swing Low", "Doomwake Giant")


@pytest.fixture(scope="module")
def reader() -> Reader:
    return Reader()


def read(reader: Reader, text: str) -> Reading:
    spans = []
    for name in CARDS:
        at = text.casefold().find(name.casefold())
        if at >= 0:
            spans.append(Span(at, at + len(name), name))
    return reader.read(text, spans).reading


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("Can I swing with Goblin Guide the turn it etbs?", "Can I attack with Goblin Guide"),
        ("did he swing in with everything?", "did he attack with everything?"),
        ("can i pay the kicker 2x", "can i pay the kicker twice"),
        ("does my opps creature trigger it", "does my opponent's creature trigger it"),
        ("did it come down this turn?", "did it enter this turn?"),
        ("what's the cmc of it", "what's the mana value of it"),
        ("is it sumsick", "is it summoning sick"),
        ("can I cast it but skip the kicker?", "can I cast it but unkicked?"),
        ("can u tap it rn", "can you tap it right now"),
        # A card's name is never rewritten, even when its words are casual forms.
        ("Does Swing Low trigger?", "Does Swing Low trigger?"),
    ],
)
def test_casual_forms_become_canonical(reader: Reader, text: str, canonical: str) -> None:
    assert read(reader, text).canonical.startswith(canonical)


def test_card_spans_follow_the_rewritten_text(reader: Reader) -> None:
    text = "opp etb'd a thing, can Llanowar Elves tap rn"
    at = text.find("Llanowar Elves")
    result = reader.read(text, [Span(at, at + 14, "Llanowar Elves")])
    ((index, start, end),) = result.spans
    assert index == 0
    assert result.reading.canonical[start:end] == "Llanowar Elves"


@pytest.mark.parametrize(
    ("text", "form"),
    [
        ("How many cards do I draw?", "how_many"),
        ("so how much mana does it make", "how_many"),
        ("What can Reflecting Pool tap for?", "what"),
        ("Which creature has to block?", "which"),
        ("Can I tap it?", "yesno"),
        ("And does it trigger?", "yesno"),
        ("it triggers twice.", "yesno"),  # read as the report "does it trigger twice?"
    ],
)
def test_the_form_of_the_question(reader: Reader, text: str, form: str) -> None:
    assert read(reader, text).form == form


@pytest.mark.parametrize(
    ("text", "asked", "polarity", "negative"),
    [
        (
            "Eidolon of Blossoms didn't trigger when my opponent's enchantment entered. shouldn't it?",
            "Does Eidolon of Blossoms trigger when my opponent's enchantment entered?",
            "as_asked",
            True,
        ),
        (
            "Forge let me tap Llanowar Elves for mana the turn I cast it. Is this correct?",
            "Can I tap Llanowar Elves for mana the turn I cast it?",
            "behaviour_right",
            False,
        ),
        (
            "Forge wouldn't let me tap Llanowar Elves the turn I cast it, is this a bug?",
            "Can I tap Llanowar Elves the turn I cast it?",
            "behaviour_wrong",
            True,
        ),
        (
            "I played Llanowar Elves and tried to tap it for mana right away but the game "
            "wouldn't let me. Shouldn't I be able to?",
            "I played Llanowar Elves. Can I tap it for mana right away?",
            "as_asked",
            True,
        ),
        (
            "Goblin Guide couldn't attack the turn it entered, shouldn't it?",
            "Can Goblin Guide attack the turn it entered?",
            "as_asked",
            True,
        ),
    ],
)
def test_bug_reports_become_the_question_they_raise(
    reader: Reader, text: str, asked: str, polarity: str, negative: bool
) -> None:
    reading = read(reader, text)
    assert reading.framing == "bug_report"
    assert reading.asked == asked
    assert reading.polarity == polarity
    assert reading.statement_negative is negative
    # The families read the question, not the report's negated statement.
    assert reading.canonical.endswith(asked)


@pytest.mark.parametrize(
    "text",
    [
        "Goblin Guide attacks alone. I couldn't block it with a creature I cast this turn",
        "Llanowar Elves doesn't tap for mana. it entered this turn",
    ],
)
def test_a_sentence_moved_before_the_asked_one_keeps_its_end(reader: Reader, text: str) -> None:
    reading = read(reader, text)
    before = reading.canonical[: reading.canonical.index(reading.asked)].rstrip()
    # Without its end the moved sentence would run into the question as one sentence.
    assert before.endswith(".")


def test_a_bug_title_without_a_question_is_read_as_one(reader: Reader) -> None:
    reading = read(reader, "Llanowar Elves can be tapped for mana the turn it enters in Forge")
    assert reading.framing == "bug_report"
    assert reading.asked.startswith("Can Llanowar Elves be tapped for mana")
    # A card and its verb: plain enough to rule on.
    assert reading.clear is True


@pytest.mark.parametrize(
    ("text", "asked", "clear"),
    [
        (
            "Goblin Guide doesn't have haste when it enters. Tested twice.",
            "Does Goblin Guide have haste when it enters?",
            True,
        ),
        (
            "When I cast an enchantment, my Eidolon of Blossoms didn't trigger.",
            "When I cast an enchantment, does my Eidolon of Blossoms trigger?",
            False,
        ),
        ("Eidolon of Blossoms triggers on opponent's enchantments.", None, True),
        ("The game with Eidolon of Blossoms draws twice after I cast an Aura.", None, False),
        (
            "The question is whether Eidolon of Blossoms triggers on a token.",
            "Does Eidolon of Blossoms trigger on a token?",
            False,
        ),
    ],
)
def test_reports_without_a_question_are_ruled_on_only_when_plain(
    reader: Reader, text: str, asked: str | None, clear: bool
) -> None:
    reading = read(reader, text)
    assert reading.framing == "bug_report"
    if asked is not None:
        assert reading.asked == asked
    assert reading.clear is clear


@pytest.mark.parametrize(
    ("engine", "polarity", "negative", "answer"),
    [
        ("no", "as_asked", True, "no"),
        ("yes", "as_asked", False, "yes"),
        # Forge let me do it (positive report); the rules say no: not correct, and a bug.
        ("no", "behaviour_right", False, "no"),
        ("no", "behaviour_wrong", False, "yes"),
        # Forge stopped me (negative report); the rules say no: correct, not a bug.
        ("no", "behaviour_right", True, "yes"),
        ("no", "behaviour_wrong", True, "no"),
        ("yes", "behaviour_wrong", True, "yes"),
        ("3", "behaviour_wrong", True, "3"),
    ],
)
def test_verdict_follows_the_framing(
    engine: str, polarity: str, negative: bool, answer: str
) -> None:
    reading = Reading(
        text="x",
        asked="x",
        canonical="x",
        form="yesno",
        framing="bug_report",
        polarity=polarity,  # type: ignore[arg-type]
        statement_negative=negative,
    )
    assert reading.final_verdict(engine) == answer


def test_a_dispute_names_both_claims_and_the_question(reader: Reader) -> None:
    reading = read(
        reader,
        "my buddy says you can swing with Goblin Guide the turn it comes down, i say no. "
        "who's right?",
    )
    assert reading.framing == "dispute"
    assert reading.form == "who_right"
    assert reading.asked == "Can you attack with Goblin Guide the turn it enters?"
    assert [c.who for c in reading.claims] == ["my buddy", "i"]
    assert [c.positive for c in reading.claims] == [True, False]
    assert reading.winner("no") == reading.claims[1]
    assert reading.winner("yes") == reading.claims[0]
    assert "who's right" not in reading.canonical


def test_am_i_right_asks_whether_my_claim_holds(reader: Reader) -> None:
    reading = read(
        reader,
        "My opponent says Llanowar Elves can tap for mana the turn it enters. I say it "
        "can't. Am I right?",
    )
    assert reading.framing == "dispute"
    assert reading.polarity == "behaviour_right"
    assert reading.claims == (Claim(who="I", says="it can't", positive=False),)
    assert reading.asked.startswith("Can Llanowar Elves tap for mana")
    # The rules say it can't: my (negative) claim holds.
    assert reading.final_verdict("no") == "yes"


def test_an_explicit_question_beats_the_claims(reader: Reader) -> None:
    reading = read(
        reader,
        "Does Eidolon of Blossoms trigger off a token? My friend says yes, I say no. Who is right?",
    )
    assert reading.asked == "Does Eidolon of Blossoms trigger off a token?"
    assert reading.winner("yes") is not None and reading.winner("yes").who == "My friend"


def test_facts_keep_their_words_and_subject(reader: Reader) -> None:
    reading = read(reader, "I cast Llanowar Elves this turn. Can it tap for mana?")
    timing = [f for f in reading.facts if f.kind == "timing"]
    assert [(f.value, f.words, f.subject) for f in timing] == [
        ("new", "this turn", "Llanowar Elves")
    ]
    assert reading.board == {"you": ("Llanowar Elves",)}


@pytest.mark.parametrize(
    "text",
    [
        "I cast Goblin Guide this turn and blocked with an elf I've had since last turn.",
        "Doomwake Giant entered this turn, and so did another creature I cast last turn.",
    ],
)
def test_a_fact_about_an_unnamed_object_is_not_the_cards(reader: Reader, text: str) -> None:
    timing = [(f.value, f.subject) for f in read(reader, text).facts if f.kind == "timing"]
    assert timing[0][0] == "new" and timing[0][1] is not None
    assert timing[1] == ("old", None)


def test_the_card_a_thing_was_done_with_is_not_the_subject(reader: Reader) -> None:
    reading = read(reader, "I took Llanowar Elves with Doomwake Giant this turn.")
    timing = [(f.value, f.subject) for f in reading.facts if f.kind == "timing"]
    assert timing == [("new", "Llanowar Elves")]


@pytest.mark.parametrize(
    ("text", "respelt"),
    [
        ("i playd it and kickd it", "i played it and kicked it"),
        ("can it blokc if its untaped", "can it block if its untapped"),
        ("does multikiker see bestoed auras", "does multikicker see bestowed auras"),
        # Words a dictionary or the game knows, and names, stay as written.
        ("mana doublers and deathtouch", "mana doublers and deathtouch"),
        ("it has Protectoin from red", "it has Protectoin from red"),
    ],
)
def test_typos_one_letter_from_a_lexicon_word_are_fixed(
    reader: Reader, text: str, respelt: str
) -> None:
    assert " ".join(t.text for t in reader.respell(reader.tokens(text))) == respelt


def test_a_later_fact_after_then_replaces_the_earlier_one(reader: Reader) -> None:
    reading = read(
        reader,
        "I cast Llanowar Elves this turn, then on my next turn can it tap for mana?",
    )
    values = [f.value for f in reading.facts if f.kind == "timing"]
    assert values == ["old"]
    assert [f.value for f in reading.superseded] == ["new"]


def test_negation_is_scoped(reader: Reader) -> None:
    reading = read(reader, "Llanowar Elves wasn't cast this turn, and it was kicked. Is it new?")
    events = {f.value for f in reading.facts if f.kind == "event"}
    assert "not cast" in events
    assert "kicked" in events


def test_board_per_player(reader: Reader) -> None:
    reading = read(reader, "I control Eidolon of Blossoms and my opponent's Doomwake Giant enters.")
    assert reading.board == {"you": ("Eidolon of Blossoms",), "opponent": ("Doomwake Giant",)}
    subjects = {s.name: s.controller for s in reading.subjects}
    assert subjects == {"Eidolon of Blossoms": "you", "Doomwake Giant": "opponent"}


def test_the_reading_contract_has_lines_and_no_internal_text(reader: Reader) -> None:
    data = read(reader, "Can I tap Llanowar Elves the turn I cast it?").contract()
    assert data["asked"] == "Can I tap Llanowar Elves the turn I cast it?"
    assert data["lines"][0] == "“Can I tap Llanowar Elves the turn I cast it?”"
    assert "canonical" not in data
    json.dumps(data)


def test_hostile_text_reads_without_error(reader: Reader) -> None:
    for text in ("", "?", "[[" * 300, "\u0000\u202e" * 50, "he says " * 200, "!!!???..."):
        reading = reader.read(text).reading
        assert isinstance(reading.canonical, str)


def test_the_lemma_table_is_current() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_lexicon", DATA / "build_lexicon.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    lexicon = tomllib.loads((DATA / "lexicon.toml").read_text(encoding="utf-8"))
    stored = json.loads((DATA / "lexicon_forms.json").read_text(encoding="utf-8"))
    assert module.build(lexicon) == stored, "run `python data/build_lexicon.py`"
    common = (DATA / "common_words.txt").read_text(encoding="utf-8").split()
    assert module.common_words() == common, "run `python data/build_lexicon.py`"
    english = (DATA / "english_words.txt").read_text(encoding="utf-8").split()
    assert module.english_words() == english, "run `python data/build_lexicon.py`"
