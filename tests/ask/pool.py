"""The shared card pool for handler tests: cards by name and Questions with their mentions."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from bot.ask.question import CardMention, Question, mention_for
from engine.card import Card

CARDS_JSON = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "cards.json"


@cache
def pool() -> dict[str, dict[str, Any]]:
    """Every non-token card of ../shared/data by casefolded name ({} if absent)."""
    if not CARDS_JSON.exists():
        return {}
    by_name: dict[str, dict[str, Any]] = {}
    for obj in json.loads(CARDS_JSON.read_text(encoding="utf-8")):
        if obj.get("layout") not in {"token", "emblem", "art_series"}:
            by_name.setdefault(obj["name"].casefold(), obj)
    return by_name


def card(name: str) -> Card:
    cards = pool()
    if not cards:
        pytest.skip("../shared/data is not available")
    return Card.from_scryfall(cards[name.casefold()])


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
