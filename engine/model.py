"""The game model: players, permanents, spells on the stack, the turn, and a one-line notation."""

from __future__ import annotations

import re
from collections.abc import Mapping

from pydantic import BaseModel, ConfigDict

from engine.abilities import Ability
from engine.card import Card, TypeLine
from engine.errors import NotationError, UnknownCardError

YOU = "you"
OPPONENT = "opponent"


class Permanent(BaseModel):
    """A permanent on the battlefield.

    ``since_turn_start`` is whether it has been under its controller's control
    continuously since that player's most recent turn began (CR 302.6).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    controller: str = YOU
    owner: str = YOU
    tapped: bool = False
    supertypes: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    since_turn_start: bool = True
    token: bool = False
    copy_of: str | None = None
    kicked: tuple[int, ...] = ()
    x: int = 0
    abilities: tuple[Ability, ...] = ()
    phased_out: bool = False
    card: Card | None = None

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def was_kicked(self) -> bool:
        return bool(self.kicked)


class Spell(BaseModel):
    """A spell on the stack, with the choices made as it was cast (CR 601.2).

    ``kicked`` holds the index of each kicker cost paid, once per payment, so a
    multikicker spell kicked three times holds ``(0, 0, 0)``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    controller: str = YOU
    owner: str = YOU
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    kicked: tuple[int, ...] = ()
    x: int | None = None
    is_copy: bool = False
    cast: bool = True
    alternative_cost: str | None = None
    bestowed: bool = False
    targets: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    card: Card | None = None

    @property
    def was_kicked(self) -> bool:
        return bool(self.kicked)


class GameState(BaseModel):
    """A position: who is active, the battlefield and the stack."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: tuple[str, ...] = (YOU, OPPONENT)
    active: str = YOU
    turn: int = 1
    battlefield: tuple[Permanent, ...] = ()
    stack: tuple[Spell, ...] = ()

    def controlled_by(self, player: str) -> tuple[Permanent, ...]:
        return tuple(p for p in self.battlefield if p.controller == player and not p.phased_out)

    def opponents_of(self, player: str) -> tuple[str, ...]:
        return tuple(p for p in self.players if p != player)

    def find(self, name: str) -> Permanent:
        for p in self.battlefield:
            if p.name.casefold() == name.casefold():
                return p
        raise UnknownCardError(name)

    @classmethod
    def parse(cls, text: str, cards: Mapping[str, Card] | None = None) -> GameState:
        """Parse the one-line notation.

        ``"you: Reflecting Pool, Forest[tapped]; opponent: Exotic Orchard"``.
        Players are separated by ``;``, permanents by ``,``. Flags in brackets:
        ``tapped``, ``new`` (not controlled since the turn began), ``token``,
        ``copy``, ``haste``, ``kicked``, ``phased``; ``type=Artifact Creature``
        sets types for a card the pool doesn't hold. ``active: opponent``
        names the active player.
        """
        pool = {k.casefold(): v for k, v in (cards or {}).items()}
        perms: list[Permanent] = []
        active = YOU
        for chunk in filter(None, (c.strip() for c in text.split(";"))):
            who, sep, rest = chunk.partition(":")
            if not sep:
                raise NotationError(f"expected 'player: permanents' in {chunk!r}")
            who = who.strip().lower()
            if who == "active":
                active = rest.strip().lower()
                continue
            if who not in (YOU, OPPONENT):
                raise NotationError(f"unknown player {who!r}")
            for item in filter(None, (i.strip() for i in rest.split(","))):
                perms.append(_parse_permanent(item, who, pool))
        return cls(active=active, battlefield=tuple(perms))

    def __str__(self) -> str:
        chunks: list[str] = []
        if self.active != YOU:
            chunks.append(f"active: {self.active}")
        for player in self.players:
            mine = [_format_permanent(p) for p in self.battlefield if p.controller == player]
            if mine:
                chunks.append(f"{player}: " + ", ".join(mine))
        return "; ".join(chunks)


_ITEM = re.compile(r"^(?P<name>[^\[\]]+?)\s*(?:\[(?P<flags>[^\]]*)\])?$")


def _parse_permanent(item: str, who: str, pool: Mapping[str, Card]) -> Permanent:
    m = _ITEM.match(item)
    if not m:
        raise NotationError(f"cannot read permanent {item!r}")
    name = m.group("name").strip()
    flags = [f.strip() for f in (m.group("flags") or "").split("|") if f.strip()]
    card = pool.get(name.casefold())
    typeline = TypeLine.parse(card.front.type_line) if card else TypeLine()
    fields: dict[str, object] = {}
    for flag in flags:
        key, _, value = flag.partition("=")
        key = key.strip().lower()
        if key == "type":
            typeline = TypeLine.parse(value)
        elif key == "tapped":
            fields["tapped"] = True
        elif key == "new":
            fields["since_turn_start"] = False
        elif key == "token":
            fields["token"] = True
        elif key == "copy":
            fields["copy_of"] = value.strip() or "?"
        elif key == "kicked":
            fields["kicked"] = tuple(int(v) for v in value.split("+")) if value else (0,)
        elif key == "phased":
            fields["phased_out"] = True
        elif key == "haste":
            fields["abilities"] = (_haste(),)
        else:
            raise NotationError(f"unknown flag {flag!r} on {name!r}")
    if card is None and not typeline.types:
        raise UnknownCardError(name)
    return Permanent(
        name=card.name if card else name,
        controller=who,
        owner=who,
        supertypes=typeline.supertypes,
        types=typeline.types,
        subtypes=typeline.subtypes,
        card=card,
        **fields,
    )


def _haste() -> Ability:
    from engine.abilities import Keyword

    return Keyword(name="haste", text="Haste")


def _format_permanent(p: Permanent) -> str:
    flags: list[str] = []
    if p.card is None:
        flags.append(
            "type="
            + " ".join(sorted(p.supertypes) + sorted(p.types))
            + (" — " + " ".join(sorted(p.subtypes)) if p.subtypes else "")
        )
    if p.tapped:
        flags.append("tapped")
    if not p.since_turn_start:
        flags.append("new")
    if p.token:
        flags.append("token")
    if p.copy_of:
        flags.append(f"copy={p.copy_of}")
    if p.kicked:
        flags.append("kicked=" + "+".join(str(k) for k in p.kicked))
    if p.phased_out:
        flags.append("phased")
    if any(getattr(a, "name", None) == "haste" for a in p.abilities):
        flags.append("haste")
    return p.name + (f"[{'|'.join(flags)}]" if flags else "")
