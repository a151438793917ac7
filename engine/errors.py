"""Narrow, named errors the engine raises."""


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class ManaCostError(EngineError, ValueError):
    """A mana cost's text could not be parsed."""


class NotationError(EngineError, ValueError):
    """A one-line position notation could not be parsed."""


class IllegalActionError(EngineError):
    """An action the rules do not allow was attempted."""


class UnknownCardError(EngineError, LookupError):
    """A card name is not in the pool the engine was given."""

    def __init__(self, name: str) -> None:
        super().__init__(f"unknown card: {name!r}")
        self.name = name
