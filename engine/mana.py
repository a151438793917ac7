"""Mana symbols and mana costs: parse, print, add, reduce and measure them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import StrEnum

from engine.errors import ManaCostError
from engine.value import Value


class ManaType(StrEnum):
    """The six types of mana (CR 106.1b); colorless is a type but not a color."""

    W = "W"
    U = "U"
    B = "B"
    R = "R"
    G = "G"
    C = "C"

    @property
    def is_color(self) -> bool:
        return self is not ManaType.C


COLORS: tuple[ManaType, ...] = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G)
ALL_TYPES: tuple[ManaType, ...] = (*COLORS, ManaType.C)
WUBRGC = "WUBRGC"

_SYMBOL = re.compile(r"\{([^{}]{1,12})\}")
_VARIABLE = frozenset("XYZ")
_SINGLE = frozenset("WUBRGCS")
_HYBRID = re.compile(r"^(?:[WUBRGC2]/[WUBRGC](?:/P)?|[WUBRGC]/P|H[WUBRG])$")


def _is_number(sym: str) -> bool:
    # str.isdigit() also accepts "²" and other non-ASCII digits that int() rejects.
    return sym.isascii() and sym.isdigit()


def _check_symbol(sym: str) -> str:
    if _is_number(sym) or sym in _VARIABLE or sym in _SINGLE or sym in {"½", "∞"}:
        return sym
    if _HYBRID.match(sym):
        return sym
    raise ManaCostError(f"not a mana symbol: {{{sym}}}")


def sort_types(types: Iterable[ManaType | str]) -> str:
    """Letters of the given mana types in WUBRGC order, without repeats."""
    seen = {str(t) for t in types}
    return "".join(ch for ch in WUBRGC if ch in seen)


class ManaCost(Value):
    """A mana cost such as ``{X}{2}{U}``; generic mana is held as one number.

    ``parts`` keeps the non-generic symbols in printed order so that
    ``str(ManaCost.parse(text)) == text`` for costs written the usual way.
    """

    generic: int = 0
    parts: tuple[str, ...] = ()
    explicit_zero: bool = False

    @classmethod
    def parse(cls, text: str | None) -> ManaCost:
        """Parse ``{2}{U}``-style text; an empty string is an empty cost."""
        if text is None:
            return cls()
        stripped = text.strip()
        if not stripped:
            return cls()
        symbols = _SYMBOL.findall(stripped)
        if not symbols or "".join(f"{{{s}}}" for s in symbols) != stripped.replace(" ", ""):
            raise ManaCostError(f"not a mana cost: {text[:60]!r}")
        generic = 0
        parts: list[str] = []
        saw_number = False
        for raw in symbols:
            sym = _check_symbol(raw.upper())
            if _is_number(sym):
                generic += int(sym)
                saw_number = True
            else:
                parts.append(sym)
        return cls(generic=generic, parts=tuple(parts), explicit_zero=saw_number and generic == 0)

    def __str__(self) -> str:
        variables = [p for p in self.parts if p in _VARIABLE]
        others = [p for p in self.parts if p not in _VARIABLE]
        out = "".join(f"{{{v}}}" for v in variables)
        if self.generic or (self.explicit_zero and not self.parts):
            out += f"{{{self.generic}}}"
        return out + "".join(f"{{{p}}}" for p in others)

    @property
    def is_empty(self) -> bool:
        return self.generic == 0 and not self.parts and not self.explicit_zero

    @property
    def has_x(self) -> bool:
        return "X" in self.parts

    def mana_value(self, x: int = 0) -> int:
        """Total mana in the cost (CR 202.3); each X counts as ``x`` (202.3e)."""
        total = self.generic
        for p in self.parts:
            if p in _VARIABLE:
                total += x
            elif p.startswith("2/"):
                total += 2
            elif p in {"½", "∞"} or p.startswith("H"):
                continue
            else:
                total += 1
        return total

    @property
    def colors(self) -> frozenset[ManaType]:
        found: set[ManaType] = set()
        for p in self.parts:
            for ch in p:
                if ch in "WUBRG":
                    found.add(ManaType(ch))
        return frozenset(found)

    def __add__(self, other: ManaCost) -> ManaCost:
        return ManaCost(
            generic=self.generic + other.generic,
            parts=self.parts + other.parts,
            explicit_zero=self.explicit_zero and other.explicit_zero,
        )

    def times(self, n: int) -> ManaCost:
        """This cost paid ``n`` times, as multikicker does."""
        total = ManaCost()
        for _ in range(n):
            total = total + self
        return total

    def with_x(self, x: int) -> ManaCost:
        """The cost with each {X} replaced by ``x`` generic mana."""
        count = sum(1 for p in self.parts if p == "X")
        return ManaCost(
            generic=self.generic + count * x,
            parts=tuple(p for p in self.parts if p != "X"),
            explicit_zero=self.explicit_zero,
        )

    def increase(self, generic: int) -> ManaCost:
        return ManaCost(generic=self.generic + generic, parts=self.parts)

    def reduce_generic(self, amount: int) -> ManaCost:
        """Reduce only the generic part; a generic reduction never removes colored mana."""
        return ManaCost(generic=max(0, self.generic - amount), parts=self.parts)
