"""The answer model shared by the CLI and the Discord bot (the `ask --json` contract)."""

from __future__ import annotations

from dataclasses import field
from typing import Any, Literal

from bot.record import MutableRecord, Record


class Citation(Record):
    """A verbatim quote: a CR rule by number, or an official card ruling."""

    source: Literal["rule", "ruling"]
    ref: str
    text: str


class ResolvedCard(Record):
    name: str
    oracle_id: str | None = None
    matched: str = ""


class Choice(Record):
    """A fact the ruling needs and the question didn't state, as an option the asker picks."""

    fact: str
    label: str
    says: str


class Answer(MutableRecord, frozen=False):
    """One answer; ``verdict`` is None when the engine did not decide."""

    question: str
    verdict: str | None = None
    kind: str | None = None
    summary: str = ""
    explanation: list[str] = field(default_factory=list)
    citations: list[Citation] = field(default_factory=list)
    cards: list[ResolvedCard] = field(default_factory=list)
    candidates: dict[str, list[str]] = field(default_factory=dict)
    scenario: str | None = None
    cr_effective: str | None = None
    data_source: str = ""
    notes: list[str] = field(default_factory=list)
    error: str | None = None
    # What the question was read as (bot.ask.reading.Reading.contract()); the judge's check.
    reading: dict[str, Any] = field(default_factory=dict)
    # Options for the fact a ruling is missing; picking one re-asks with its sentence.
    choices: list[Choice] = field(default_factory=list)
    # Sentences the asker added by picking options (they re-ask with these).
    stated: list[str] = field(default_factory=list)
