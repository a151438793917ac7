"""Echoed user text can't ping anyone or inject markdown, whatever it contains."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings

from bot.answer import Answer
from bot.discord_app.escape import escape_user_text, plain, strip_invisible
from bot.discord_app.payload import answer_payload
from tests.hostile import HOSTILE_QUESTIONS, hostile_text

# Anything Discord would turn into a ping, a mention, a channel or command link.
LIVE_MENTION = re.compile(r"@(everyone|here)\b|<[@#/]|<a?:\w+:\d+>|<t:")
# Markdown that would render: a marker after an even run of backslashes is live.
_UNESCAPED = r"(?<!\\)(?:\\\\)*"
LIVE_MARKDOWN = re.compile(
    _UNESCAPED + r"(\*|_|~~|\|\||`|\[)|^(>{1,3}\s|#{1,3}\s|-#\s)", re.MULTILINE
)
INVISIBLE = re.compile("[\u200c-\u200f\u202a-\u202e\u2060-\u2069\ufeff]")


def _live(text: str) -> list[str]:
    return LIVE_MENTION.findall(text) + LIVE_MARKDOWN.findall(text)


@pytest.mark.parametrize(
    "text", [t for _, t in HOSTILE_QUESTIONS], ids=[i for i, _ in HOSTILE_QUESTIONS]
)
def test_hostile_questions_are_inert(text: str) -> None:
    out = escape_user_text(text)
    assert _live(out) == []
    assert INVISIBLE.search(out) is None or "\u200b" in out


@given(text=hostile_text())
@settings(max_examples=300, deadline=None)
def test_any_text_is_inert(text: str) -> None:
    out = escape_user_text(text, single_line=True)
    assert _live(out) == []
    assert "\n" not in out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("@everyone", "@\u200beveryone"),
        ("@here", "@\u200bhere"),
        ("<@&123456789012345678>", "<\u200b@\u200b&123456789012345678>"),
        ("</ask:1234567890>", "<\u200b/ask:1234567890>"),
        ("**bold**", "\\*\\*bold\\*\\*"),
        ("Lla\u200bno\u200cwar", "Llanowar"),
    ],
)
def test_escape_examples(text: str, expected: str) -> None:
    assert escape_user_text(text) == expected


def test_plain_folds_whitespace_and_drops_controls() -> None:
    assert plain("a\n\tb\x1b[31m c\u202e") == "a b[31m c"
    assert strip_invisible("x\u200by\nz") == "xy\nz"


@pytest.mark.parametrize(
    "text", [t for _, t in HOSTILE_QUESTIONS], ids=[i for i, _ in HOSTILE_QUESTIONS]
)
def test_hostile_questions_render_valid_payloads(text: str, reply_validator: Any) -> None:
    payload = answer_payload(Answer(question=text, summary="s"), answer_id=1)
    assert payload["allowed_mentions"] == {"parse": []}
    assert list(reply_validator.iter_errors(payload)) == []
    description = payload["embeds"][0].get("description", "")
    echoed = description.split("\n\n")[0]
    if echoed.startswith("> **Q:** "):
        assert _live(echoed.removeprefix("> **Q:** ")) == []
    else:  # nothing printable was left to echo
        assert strip_invisible(text).strip() == "" or echoed == "**s**"
