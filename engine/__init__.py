"""Pure, synchronous Magic rules engine: game objects, card abilities and rulings that cite the CR."""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.query import Query, rule

__all__ = ["Query", "rule"]


def __getattr__(name: str) -> Any:
    # The package's own names load every mechanic; a process that needs one module of the
    # engine (the front end's lazyre, the store's Card) loads only that one.
    if name in __all__:
        from engine import query

        return getattr(query, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
