"""The typed values the store hands out: rules, rulings, glossary entries, sources, feedback."""

from __future__ import annotations

from dataclasses import field
from typing import Literal

from bot.record import Record

Dataset = Literal["cards", "rulings", "rules"]
DATASETS: tuple[Dataset, ...] = ("cards", "rulings", "rules")
BUILTIN_SOURCE = "builtin"
Vote = Literal["correct", "wrong"]


_Model = Record


class SourceRecord(_Model):
    """Where a dataset came from and when it was loaded."""

    dataset: Dataset
    source: str
    loaded_at: str
    etag: str | None = None
    updated_at: str | None = None
    count: int = 0


class StoreStatus(_Model):
    cards: int
    rulings: int
    rules: int
    glossary: int
    cr_effective: str | None
    sources: list[SourceRecord]
    using_builtin: bool


class RuleRecord(_Model):
    """A CR rule: ``text`` is the line after the number, verbatim."""

    number: str
    text: str
    examples: list[str] = field(default_factory=list)
    more: list[str] = field(default_factory=list)


class RulingRecord(_Model):
    oracle_id: str
    card_name: str
    published_at: str
    comment: str
    source: str


class GlossaryRecord(_Model):
    term: str
    text: str


class FeedbackRecord(_Model):
    """A recorded answer with its votes; a judge's review overrides the votes."""

    id: int
    created_at: str
    guild_id: int | None
    channel_id: int | None
    message_id: int | None
    user_id: int | None
    question: str
    answer_json: str
    scenario: str | None
    vote: Vote | None
    correct_votes: int = 0
    wrong_votes: int = 0
    reviewed_by: int | None = None
    reviewed_verdict: Vote | None = None
    private: bool = False

    @property
    def verdict(self) -> Vote | None:
        return self.reviewed_verdict or self.vote
