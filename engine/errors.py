"""Narrow, named errors the engine raises."""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class ManaCostError(EngineError, ValueError):
    """A mana cost's text could not be parsed."""


class NotationError(EngineError, ValueError):
    """A one-line position notation could not be parsed.

    ``position`` is the 0-based offset of the bad part in the notation and
    ``fragment`` that part's text, so a message can point at it.
    """

    def __init__(self, message: str, *, position: int | None = None, fragment: str = "") -> None:
        self.reason = message
        self.position = position
        self.fragment = fragment
        where = ""
        if position is not None:
            where = f" at character {position + 1}"
        if fragment:
            where += f" ({fragment!r})"
        Exception.__init__(self, f"bad notation{where}: {message}")


class IllegalActionError(EngineError):
    """An action the rules do not allow was attempted."""


class UnknownCardError(EngineError, LookupError):
    """A card name is not in the pool the engine was given."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown card: {name!r}")
        self.name = name


class NotationCardError(NotationError, UnknownCardError):
    """A notation names a card the pool doesn't hold and gives it no type."""

    def __init__(self, name: str, *, position: int | None = None, fragment: str = "") -> None:
        self.name = name
        NotationError.__init__(
            self,
            f"unknown card {name!r} (give its types with [type=...])",
            position=position,
            fragment=fragment or name,
        )
