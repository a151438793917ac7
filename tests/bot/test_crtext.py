"""The Comprehensive Rules parser: verbatim rule text, examples, glossary and date."""

from __future__ import annotations

import io
import re
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.store.crtext import (
    ParsedEffective,
    ParsedGlossary,
    ParsedRule,
    looks_like_cr,
    parent_of,
    parse_cr,
    rule_sort_key,
)
from tests.conftest import SHARED_DATA, require_shared_data

# A miniature CR with the real file's shape: title, date, contents (which repeat the
# section titles and end with "Credits"), rules, examples, an indented continuation,
# a stray dot after a subrule number, the glossary and the credits.
MINI_CR = "\ufeff" + "\r\n".join(
    [
        "Magic: The Gathering Comprehensive Rules",
        "",
        "These rules are effective as of February 27, 2026.",
        "",
        "Contents",
        "",
        "1. Game Concepts",
        "100. General",
        "7. Additional Rules",
        "702. Keyword Abilities",
        "Glossary",
        "",
        "Credits",
        "",
        "1. Game Concepts",
        "",
        "100. General",
        "",
        "100.1. These Magic rules apply to any Magic game.",
        "",
        "100.1a A two-player game is a game that begins with only two players.",
        "",
        "100.2. To play, each player needs their own deck.",
        "Example: A player has sixty cards.",
        "Example: Another player has forty.",
        "",
        "100.2a In constructed play, each deck has at least 60 cards.",
        "     Cards printed long ago didn’t say “basic.”",
        "",
        "100.2b. In limited play, each deck has at least 40 cards.",
        "",
        "7. Additional Rules",
        "",
        "702. Keyword Abilities",
        "",
        "702.33. Kicker",
        "",
        "702.33a Kicker is a static ability that functions while the spell with kicker is on the stack.",
        "",
        "Glossary",
        "",
        "Kicker, Kicked",
        "Kicker is a keyword ability that represents an optional additional cost.",
        "",
        "Ability",
        "1. Text on an object.",
        "2. An activated or triggered ability on the stack.",
        "",
        "Credits",
        "",
        "Game Design: Somebody",
        "",
        "These rules are effective as of February 27, 2026.",
        "",
    ]
)


def parse(text: str) -> tuple[dict[str, ParsedRule], dict[str, str], list[date]]:
    rules: dict[str, ParsedRule] = {}
    glossary: dict[str, str] = {}
    dates: list[date] = []
    # newline="" keeps the CRLFs so the parser sees them, as it would from a raw stream.
    for item in parse_cr(io.StringIO(text, newline="")):
        if isinstance(item, ParsedRule):
            assert item.number not in rules
            rules[item.number] = item
        elif isinstance(item, ParsedGlossary):
            glossary[item.term] = item.text
        elif isinstance(item, ParsedEffective):
            dates.append(item.effective)
    return rules, glossary, dates


def test_mini_cr_rules_in_order_and_verbatim() -> None:
    rules, _, _ = parse(MINI_CR)
    assert list(rules) == [
        "100",
        "100.1",
        "100.1a",
        "100.2",
        "100.2a",
        "100.2b",
        "702",
        "702.33",
        "702.33a",
    ]
    assert rules["100"].text == "General"
    assert rules["702.33"].text == "Kicker"
    assert rules["100.1"].text == "These Magic rules apply to any Magic game."
    assert rules["100.2b"].text == "In limited play, each deck has at least 40 cards."
    assert rules["702.33a"].text.startswith("Kicker is a static ability")
    assert all("\r" not in r.text and "\ufeff" not in r.text for r in rules.values())


def test_mini_cr_examples_and_continuations() -> None:
    rules, _, _ = parse(MINI_CR)
    assert rules["100.2"].examples == [
        "Example: A player has sixty cards.",
        "Example: Another player has forty.",
    ]
    assert rules["100.2"].text == "To play, each player needs their own deck."
    assert rules["100.2a"].more == ["Cards printed long ago didn’t say “basic.”"]
    assert rules["100.2a"].examples == []
    assert rules["100.1a"].examples == [] and rules["100.1a"].more == []


def test_mini_cr_glossary_and_date() -> None:
    _, glossary, dates = parse(MINI_CR)
    assert glossary == {
        "Kicker, Kicked": "Kicker is a keyword ability that represents an optional additional cost.",
        "Ability": "1. Text on an object.\n2. An activated or triggered ability on the stack.",
    }
    assert dates == [date(2026, 2, 27)]


def test_lf_and_crlf_parse_alike() -> None:
    assert parse(MINI_CR.replace("\r\n", "\n")) == parse(MINI_CR)


def test_no_contents_section() -> None:
    text = "100.1. A rule.\n\n100.1a A subrule.\n\nGlossary\n\nTerm\nIts meaning.\n"
    rules, glossary, dates = parse(text)
    assert list(rules) == ["100.1", "100.1a"]
    assert glossary == {"Term": "Its meaning."}
    assert dates == []


@pytest.mark.parametrize(
    ("number", "parent"),
    [
        ("702.33a", "702.33"),
        ("702.33", "702"),
        ("702", None),
        ("119.1d", "119.1"),
        ("100.10", "100"),
    ],
)
def test_parent_of(number: str, parent: str | None) -> None:
    assert parent_of(number) == parent


def test_rule_sort_key_orders_like_the_cr() -> None:
    numbers = ["702.10", "702.9", "702", "702.9a", "100.1", "702.9b", "702.100"]
    assert sorted(numbers, key=rule_sort_key) == [
        "100.1",
        "702",
        "702.9",
        "702.9a",
        "702.9b",
        "702.10",
        "702.100",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (MINI_CR, True),
        ("100.1. A rule.\n100.1a Sub.\n100.2. Another.\n", True),
        ("Just some notes about Magic.\nNothing numbered.\n", False),
        ('[{"object": "card"}]', False),
    ],
)
def test_looks_like_cr(text: str, expected: bool) -> None:
    assert looks_like_cr(text) is expected


def test_full_cr_counts_and_verbatim_text() -> None:
    require_shared_data()
    path = SHARED_DATA / "comprules.txt"
    with path.open(encoding="utf-8-sig") as handle:
        rules, glossary, dates = parse(handle.read())
    # Trailing blanks (a few CR lines have one) are not part of a rule's text.
    raw_lines = {line.rstrip() for line in path.read_text(encoding="utf-8-sig").splitlines()}
    numbered = re.compile(r"^\d{3}\.(\d+[a-z]?\.?)? ")
    expected = sum(1 for line in raw_lines if numbered.match(line))
    assert len(rules) == expected == 3266
    assert len(glossary) == 726
    assert dates == [date(2026, 2, 27)]
    for rule in rules.values():
        # The stored text is exactly what follows the number on its CR line.
        assert any(f"{rule.number}{sep}{rule.text}" in raw_lines for sep in (". ", " ")), (
            rule.number
        )
        for example in rule.examples:
            assert example in raw_lines
    assert rules["702.33"].text == "Kicker"
    assert rules["702.33a"].text.startswith("Kicker is a static ability that functions")
    assert rules["119.1d"].text.startswith("In a two-player Brawl game")
    assert glossary["Kicker, Kicked"].startswith("Kicker is a keyword ability")
    assert rules["101.2"].examples and rules["101.2"].examples[0].startswith("Example:")


@settings(max_examples=200, deadline=None)
@given(
    lines=st.lists(
        st.one_of(
            st.text(max_size=80),
            st.sampled_from(
                ["Contents", "Credits", "Glossary", "", "100.1. A rule.", "Example: x"]
            ),
            st.from_regex(r"\A\d{3}\.\d{1,3}[a-z]?\.? [A-Za-z ]{1,20}\Z"),
        ),
        max_size=40,
    )
)
def test_any_text_parses_without_errors(lines: list[str]) -> None:
    for item in parse_cr(io.StringIO("\n".join(lines))):
        if isinstance(item, ParsedRule):
            assert item.text == item.text.strip() and item.text
            assert re.fullmatch(r"\d{3}(\.\d+[a-z]*)?", item.number)
        elif isinstance(item, ParsedGlossary):
            assert item.term and "\n" not in item.term
