"""Cards and card faces built from Scryfall card objects."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import ManaCostError
from engine.mana import ManaCost
from engine.value import Value

SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing", "Elite", "Host"})
BASIC_LAND_TYPES: Mapping[str, str] = {
    "Plains": "W",
    "Island": "U",
    "Swamp": "B",
    "Mountain": "R",
    "Forest": "G",
}


class TypeLine(Value):
    """A parsed type line: supertypes, card types and subtypes."""

    supertypes: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()

    @classmethod
    def parse(cls, text: str) -> TypeLine:
        left, _, right = text.partition("—")
        words = left.split()
        return cls(
            supertypes=frozenset(w for w in words if w in SUPERTYPES),
            types=frozenset(w for w in words if w not in SUPERTYPES),
            subtypes=frozenset(right.split()),
        )


class Face(Value):
    """One face of a card (a normal card has exactly one)."""

    name: str
    mana_cost: ManaCost = ManaCost()
    type_line: str = ""
    oracle_text: str = ""
    power: str | None = None
    toughness: str | None = None

    @property
    def typeline(self) -> TypeLine:
        return TypeLine.parse(self.type_line)

    @property
    def types(self) -> frozenset[str]:
        return self.typeline.types

    @property
    def subtypes(self) -> frozenset[str]:
        return self.typeline.subtypes

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(line.strip() for line in self.oracle_text.split("\n") if line.strip())


def _cost(value: Any) -> ManaCost:
    try:
        return ManaCost.parse(value if isinstance(value, str) else "")
    except ManaCostError:
        return ManaCost()


class Card(Value):
    """A card as the engine sees it: its faces plus Scryfall's keywords and produced mana."""

    name: str
    oracle_id: str | None = None
    layout: str = "normal"
    faces: tuple[Face, ...]
    keywords: tuple[str, ...] = ()
    produced_mana: tuple[str, ...] = ()
    mana_value: float = 0.0

    @classmethod
    def from_scryfall(cls, obj: Mapping[str, Any]) -> Card:
        raw_faces = obj.get("card_faces") or []
        faces: list[Face] = []
        if raw_faces and obj.get("layout") not in {"flip_never"}:
            for f in raw_faces:
                faces.append(
                    Face(
                        name=str(f.get("name", "")),
                        mana_cost=_cost(f.get("mana_cost")),
                        type_line=str(f.get("type_line") or ""),
                        oracle_text=str(f.get("oracle_text") or ""),
                        power=f.get("power"),
                        toughness=f.get("toughness"),
                    )
                )
        else:
            faces.append(
                Face(
                    name=str(obj.get("name", "")),
                    mana_cost=_cost(obj.get("mana_cost")),
                    type_line=str(obj.get("type_line") or ""),
                    oracle_text=str(obj.get("oracle_text") or ""),
                    power=obj.get("power"),
                    toughness=obj.get("toughness"),
                )
            )
        return cls(
            name=str(obj.get("name", "")),
            oracle_id=obj.get("oracle_id"),
            layout=str(obj.get("layout") or "normal"),
            faces=tuple(faces),
            keywords=tuple(obj.get("keywords") or ()),
            produced_mana=tuple(obj.get("produced_mana") or ()),
            mana_value=float(obj.get("cmc") or 0.0),
        )

    @property
    def front(self) -> Face:
        return self.faces[0]

    @property
    def is_token(self) -> bool:
        return self.layout in {"token", "double_faced_token", "emblem"}

    @property
    def types(self) -> frozenset[str]:
        return self.front.types

    @property
    def subtypes(self) -> frozenset[str]:
        return self.front.subtypes

    @property
    def oracle_text(self) -> str:
        return "\n".join(f.oracle_text for f in self.faces if f.oracle_text)
