"""The shared hostile inputs cover what they promise, so tests importing them stay meaningful."""

from __future__ import annotations

import re

import pytest
from hypothesis import find

from tests.hostile import HOSTILE_QUESTIONS, hostile_text

TEXTS = dict(HOSTILE_QUESTIONS)


def test_ids_are_unique_identifiers() -> None:
    ids = [name for name, _ in HOSTILE_QUESTIONS]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9_]+", name) for name in ids)


def test_sizes_and_counts() -> None:
    assert TEXTS["empty"] == ""
    assert len(TEXTS["text_100kb"]) == 100_000
    assert TEXTS["many_card_brackets"].count("[[") == 500
    assert TEXTS["many_card_brackets"].count("]]") == 500
    long_name = TEXTS["long_bracketed_name"].removeprefix("[[").removesuffix("]]")
    assert len(long_name) == 10_000
    # Longer than Python's default limit on int() of a decimal string.
    assert max(len(run) for run in re.findall(r"\d+", TEXTS["huge_number"])) > 4300


def test_dangerous_characters_are_present() -> None:
    everything = "".join(TEXTS.values())
    for char in ("\x00", "\x1b", "\u202e", "\u200b", "\ufeff", "\ud800", "\u0301"):
        assert char in everything, repr(char)
    for fragment in ("@everyone", "<@&123>", "<@456>", "```", "'; DROP TABLE cards; --"):
        assert fragment in everything


def test_lone_surrogate_cannot_be_encoded() -> None:
    # Kept deliberately: Discord's JSON can carry it, UTF-8 cannot.
    with pytest.raises(UnicodeEncodeError):
        TEXTS["lone_surrogate"].encode("utf-8")


def test_strategy_draws_the_fixed_inputs_and_free_text() -> None:
    assert find(hostile_text(), lambda text: text == TEXTS["sql_injection"])
    assert find(hostile_text(), lambda text: text not in TEXTS.values()) is not None
