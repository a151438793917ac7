"""Pure, synchronous Magic rules engine: game objects, card abilities and rulings that cite the CR."""

from engine.query import Query, rule

__all__ = ["Query", "rule"]
