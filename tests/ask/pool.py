"""Card pools for handler tests: the fixture pool by name, the full pool, Questions with mentions."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from bot.ask.question import CardMention, Question, mention_for
from engine.card import Card
from tests.conftest import SHARED_DATA

CARDS_JSON = SHARED_DATA / "cards.json"
FIXTURE_CARDS = Path(__file__).resolve().parent / "fixtures" / "cards.json"
_NOT_CARDS = frozenset({"token", "emblem", "art_series"})


def _by_name(objects: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    by_name: dict[str, dict[str, Any]] = {}
    for obj in objects:
        if obj.get("layout") not in _NOT_CARDS:
            by_name.setdefault(obj["name"].casefold(), obj)
    return by_name


@cache
def pool() -> dict[str, dict[str, Any]]:
    """Every non-token card of ../shared/data by casefolded name ({} if absent)."""
    if not CARDS_JSON.exists():
        return {}
    return _by_name(json.loads(CARDS_JSON.read_text(encoding="utf-8")))


@cache
def fixture_pool() -> dict[str, dict[str, Any]]:
    """The cards of tests/ask/fixtures by casefolded name: those the tests name."""
    return _by_name(json.loads(FIXTURE_CARDS.read_text(encoding="utf-8")))


def card_object(name: str) -> dict[str, Any]:
    cards = fixture_pool()
    if name.casefold() not in cards:
        raise KeyError(
            f"{name!r} is not in the fixture pool: run python tests/ask/fixtures/build.py"
        )
    return cards[name.casefold()]


def card(name: str) -> Card:
    return Card.from_scryfall(card_object(name))


def question(text: str, names: tuple[str | tuple[str, str], ...] = ()) -> Question:
    """A Question with each named card found where the text writes it (or an alias of it)."""
    mentions: list[CardMention] = []
    low = text.casefold()
    taken: list[tuple[int, int]] = []
    for entry in names:
        written, name = (entry, entry) if isinstance(entry, str) else entry
        for m in re.finditer(re.escape(written.casefold()), low):
            if any(s < m.end() and m.start() < e for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            mentions.append(mention_for(card(name), text[m.start() : m.end()], m.start(), m.end()))
    return Question.build(text, mentions)
