"""The answer model shared by the CLI and the Discord bot (the `ask --json` contract)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Citation(BaseModel):
    """A verbatim quote: a CR rule by number, or an official card ruling."""

    model_config = ConfigDict(frozen=True)

    source: Literal["rule", "ruling"]
    ref: str
    text: str


class ResolvedCard(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    oracle_id: str | None = None
    matched: str = ""


class Choice(BaseModel):
    """A fact the ruling needs and the question didn't state, as an option the asker picks."""

    model_config = ConfigDict(frozen=True)

    fact: str
    label: str
    says: str


class Answer(BaseModel):
    """One answer; ``verdict`` is None when the engine did not decide."""

    question: str
    verdict: str | None = None
    kind: str | None = None
    summary: str = ""
    explanation: list[str] = Field(default_factory=list)
    citations: list[Citation] = Field(default_factory=list)
    cards: list[ResolvedCard] = Field(default_factory=list)
    candidates: dict[str, list[str]] = Field(default_factory=dict)
    scenario: str | None = None
    cr_effective: str | None = None
    data_source: str = ""
    notes: list[str] = Field(default_factory=list)
    error: str | None = None
    # What the question was read as (bot.ask.reading.Reading.contract()); the judge's check.
    reading: dict[str, Any] = Field(default_factory=dict)
    # Options for the fact a ruling is missing; picking one re-asks with its sentence.
    choices: list[Choice] = Field(default_factory=list)
    # Sentences the asker added by picking options (they re-ask with these).
    stated: list[str] = Field(default_factory=list)
