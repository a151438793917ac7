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
    reading: dict[str, Any] = Field(default_factory=dict)
