"""Errors the bot layer raises on purpose; each carries a message safe to show a user."""

from __future__ import annotations


class RulesbotError(Exception):
    """Base class: ``user_message`` is what a user may see."""

    @property
    def user_message(self) -> str:
        return str(self)


class UnknownCardError(RulesbotError, LookupError):
    def __init__(self, name: str) -> None:
        shown = name if len(name) <= 80 else name[:77] + "..."
        super().__init__(f"No card matches {shown!r}.")
        self.name = name


class AmbiguousCardError(RulesbotError, LookupError):
    def __init__(self, name: str, candidates: list[str]) -> None:
        shown = name if len(name) <= 80 else name[:77] + "..."
        super().__init__(f"{shown!r} could be: " + ", ".join(candidates[:10]))
        self.name = name
        self.candidates = candidates


class ConfigError(RulesbotError):
    """The settings (RULESBOT_* variables, .env) can't be used."""


class StoreError(RulesbotError):
    """The database can't be used: locked, read-only, full or not SQLite."""


class ImportFailedError(RulesbotError):
    """An import or sync failed; the previous data is untouched."""


class InputTooLongError(RulesbotError, ValueError):
    pass
