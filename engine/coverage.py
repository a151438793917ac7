"""How much of each mechanic family's oracle text the parser turns into typed abilities."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import field
from typing import Any

from engine.abilities import Activated, EnchantmentEnters, IfKicked, Kicker, ParsedFace
from engine.card import BASIC_LAND_TYPES, Card, Face
from engine.lazyre import lazy
from engine.oracle import parse_card
from engine.value import Value

__all__ = [
    "FAMILIES",
    "CoverageCounter",
    "CoverageReport",
    "FamilyCoverage",
    "coverage",
    "expected",
]

FAMILIES = ("kicker", "constellation", "tap_untap", "mana")

# These detectors read the oracle text on their own, never the parser's output,
# so a card the parser misses still counts against it.
_REMINDER = lazy(r"\s*\([^()]*\)")
_KICKER_LINE = lazy(r"^(?:Kicker|Multikicker)\b|(?:^|, )(?:kicker|multikicker) \{", re.I)
_MULTIKICKER_LINE = lazy(r"^Multikicker\b|(?:^|, )multikicker \{", re.I)
_KICKED_REF = lazy(
    r"\b(?:[Ii]t|[Tt]his spell|[Tt]his [a-z]+|@)\s+(?:was|wasn't) kicked\b"
    r"|times? (?:it|this spell|this [a-z]+|@) was kicked\b"
)
_ENCH_TRIGGER = lazy(
    r"\bWhenever\b[^.,]*?\b(?:an?|another|one or more) (?:nontoken )?(?:[a-z]+,? )*?"
    r"(?:or )?enchantments?\b[^.,]*?\benters?\b"
)
_ADD_EFFECT = lazy(r"^Add\b")
_LOYALTY = lazy(r"^[+−-]?(?:\d+|X)$")
_TARGETED = lazy(r"\btargets?\b", re.I)


def _lines(face: Face) -> list[str]:
    out = []
    for raw in face.lines:
        line = _REMINDER.sub("", raw).strip()
        line = re.sub(r"^•\s*", "", line)
        if line:
            out.append(line.replace(face.name, "@"))
    return out


def _cost_and_effect(line: str) -> tuple[str, str] | None:
    """Split 'cost: effect' at the first colon outside quotes; ability words dropped."""
    quoted = False
    for i, ch in enumerate(line):
        if ch in '"“”':
            quoted = not quoted
        elif ch == ":" and not quoted and line[i + 1 : i + 2] == " ":
            cost = line[:i].split(" — ")[-1]
            return cost, line[i + 2 :]
    return None


def _sentences(line: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+", line) if s]


def expected(card: Card) -> dict[str, list[tuple[int, str, int]]]:
    """Per family, the occurrences the text holds: (face index, what, count)."""
    out: dict[str, list[tuple[int, str, int]]] = {f: [] for f in FAMILIES}
    kicker_card = bool({"Kicker", "Multikicker"} & set(card.keywords))
    for i, face in enumerate(card.faces):
        lines = _lines(face)
        if kicker_card:
            n_kicker = sum(1 for line in lines if _KICKER_LINE.search(line))
            if n_kicker:
                out["kicker"].append((i, "kicker", n_kicker))
            n_multi = sum(1 for line in lines if _MULTIKICKER_LINE.search(line))
            if n_multi:
                out["kicker"].append((i, "multikicker", n_multi))
            refs = sum(
                1
                for line in lines
                for s in _sentences(line)
                if _KICKED_REF.search(s) and "that spell" not in s
            )
            if refs:
                out["kicker"].append((i, "if_kicked", refs))
        n_ench = sum(1 for line in lines if _ENCH_TRIGGER.search(line))
        if n_ench:
            out["constellation"].append((i, "enchantment_enters", n_ench))
        if "Constellation" in card.keywords and any(
            line.startswith("Constellation") for line in lines
        ):
            out["constellation"].append((i, "constellation", 1))
        n_tap = n_mana = 0
        for line in lines:
            split = _cost_and_effect(line)
            if split is None:
                continue
            cost, effect = split
            if "{T}" in cost or "{Q}" in cost:
                n_tap += 1
            # Loyalty and targeted abilities are not mana abilities (CR 605.1a).
            own = effect.split(" When")[0]
            if _ADD_EFFECT.match(effect) and not _LOYALTY.match(cost) and not _TARGETED.search(own):
                n_mana += 1
        if n_tap:
            out["tap_untap"].append((i, "tap_untap", n_tap))
        if n_mana:
            out["mana"].append((i, "mana", n_mana))
        if card.produced_mana and "Land" in face.types:
            n_basic = sum(1 for t in BASIC_LAND_TYPES if t in face.subtypes)
            if n_basic:
                out["mana"].append((i, "intrinsic", n_basic))
    return out


def _found(face: ParsedFace, what: str) -> int:
    abilities = face.abilities
    if what == "kicker":
        return sum(1 for a in abilities if isinstance(a, Kicker))
    if what == "multikicker":
        return sum(1 for a in abilities if isinstance(a, Kicker) and a.multi)
    if what == "if_kicked":
        return sum(1 for a in abilities if isinstance(a, IfKicked))
    if what == "enchantment_enters":
        return sum(1 for a in abilities if isinstance(a, EnchantmentEnters))
    if what == "constellation":
        return sum(1 for a in abilities if isinstance(a, EnchantmentEnters) and a.constellation)
    if what == "tap_untap":
        return sum(
            1
            for a in abilities
            if isinstance(a, Activated) and not a.intrinsic and (a.cost.tap or a.cost.untap)
        )
    if what == "mana":
        return sum(1 for a in abilities if isinstance(a, Activated) and not a.intrinsic and a.mana)
    if what == "intrinsic":
        return sum(1 for a in abilities if isinstance(a, Activated) and a.intrinsic and a.mana)
    raise ValueError(what)


class FamilyCoverage(Value):
    """One family: cards with such text, how many parsed fully, and the rest by name."""

    cards: int = 0
    parsed: int = 0
    failures: list[str] = field(default_factory=list)

    @property
    def percent(self) -> float:
        return 100.0 * self.parsed / self.cards if self.cards else 100.0


class CoverageReport(Value):
    """Coverage per family, in the order of ``FAMILIES``."""

    families: dict[str, FamilyCoverage]

    def as_json(self) -> dict[str, Any]:
        return {
            "families": {
                name: {
                    "cards": fam.cards,
                    "parsed": fam.parsed,
                    "percent": round(fam.percent, 1),
                    "failures": fam.failures,
                }
                for name, fam in self.families.items()
            }
        }


class CoverageCounter:
    """Adds cards one at a time, so a caller streaming from a database holds none of them."""

    def __init__(self, parse: Callable[[Card], tuple[ParsedFace, ...]] = parse_card) -> None:
        self._parse = parse
        self._cards = dict.fromkeys(FAMILIES, 0)
        self._parsed = dict.fromkeys(FAMILIES, 0)
        self._failures: dict[str, set[str]] = {f: set() for f in FAMILIES}

    def add(self, obj: Mapping[str, Any]) -> None:
        """Count one Scryfall card object."""
        card = Card.from_scryfall(obj)
        wanted = expected(card)
        if not any(wanted.values()):
            return
        faces = self._parse(card)
        for family, occurrences in wanted.items():
            if not occurrences:
                continue
            self._cards[family] += 1
            if all(_found(faces[i], what) >= n for i, what, n in occurrences):
                self._parsed[family] += 1
            else:
                self._failures[family].add(card.name)

    def report(self) -> CoverageReport:
        return CoverageReport(
            families={
                f: FamilyCoverage(
                    cards=self._cards[f],
                    parsed=self._parsed[f],
                    failures=sorted(self._failures[f]),
                )
                for f in FAMILIES
            }
        )


def coverage(
    cards: Iterable[Mapping[str, Any]],
    parse: Callable[[Card], tuple[ParsedFace, ...]] = parse_card,
) -> CoverageReport:
    """Measure the parser over Scryfall card objects."""
    counter = CoverageCounter(parse)
    for obj in cards:
        counter.add(obj)
    return counter.report()
