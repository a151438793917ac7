"""The game model: players, permanents, spells on the stack, the turn, and a one-line notation."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from engine.abilities import Ability, Keyword, MustBeBlocked, MustBlock
from engine.card import Card, TypeLine
from engine.errors import NotationCardError, NotationError, UnknownCardError
from engine.lazyre import lazy
from engine.value import Value

YOU = "you"
OPPONENT = "opponent"
PLAYERS = (YOU, OPPONENT)


class Permanent(Value):
    """A permanent on the battlefield.

    ``since_turn_start`` is whether it has been under its controller's control
    continuously since that player's most recent turn began (CR 302.6).
    ``attached_to`` names the permanent an Aura or Equipment is attached to;
    ``bestowed`` marks an Aura that was cast bestowed (CR 702.103).
    ``counters`` pairs each kind of counter with how many it has.
    ``power`` is its power when stated, overriding the card's printed power.
    ``attacking`` marks a creature declared as an attacker this combat.
    """

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
    counters: tuple[tuple[str, int], ...] = ()
    attached_to: str | None = None
    bestowed: bool = False
    power: int | None = None
    attacking: bool = False
    card: Card | None = None

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types

    @property
    def was_kicked(self) -> bool:
        return bool(self.kicked)

    def counter(self, kind: str) -> int:
        """How many counters of ``kind`` it has."""
        return sum(n for k, n in self.counters if k.casefold() == kind.casefold())

    @property
    def current_power(self) -> int | None:
        """Its power now: a stated power, or the printed one with +1/+1 and -1/-1 counters."""
        if self.power is not None:
            return self.power
        printed = self.card.front.power if self.card else None
        if printed is None or not printed.lstrip("-").isdigit():
            return None
        return int(printed) + self.counter("+1/+1") - self.counter("-1/-1")


class Spell(Value):
    """A spell on the stack, with the choices made as it was cast (CR 601.2).

    ``kicked`` holds the index of each kicker cost paid, once per payment, so a
    multikicker spell kicked three times holds ``(0, 0, 0)``.
    """

    name: str
    controller: str = YOU
    owner: str = YOU
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
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


class GameState(Value):
    """A position: the turn, who is active, the battlefield and the stack (last is on top)."""

    players: tuple[str, ...] = PLAYERS
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

    def find_spell(self, name: str) -> Spell:
        for s in reversed(self.stack):
            if s.name.casefold() == name.casefold():
                return s
        raise UnknownCardError(name)

    def attached(self, host: str) -> tuple[Permanent, ...]:
        """The Auras and Equipment attached to ``host``."""
        return tuple(
            p
            for p in self.battlefield
            if p.attached_to is not None and p.attached_to.casefold() == host.casefold()
        )

    @classmethod
    def parse(cls, text: str, cards: Mapping[str, Card] | None = None) -> GameState:
        """Parse the one-line notation (docs/notation.md has the full grammar).

        ``"turn: 3; active: opponent; you: Reflecting Pool, Forest[tapped];
        opponent: Exotic Orchard; stack: Fireball[by=opponent|x=3|targets=you]"``.
        Sections are separated by ``;``, objects by ``,``, and flags in brackets
        by ``|``. A card the pool holds gets its types and abilities from its
        oracle text; any other needs ``type=``. Errors name the bad part.
        """
        return _Parser(text, cards or {}).state()

    def __str__(self) -> str:
        chunks: list[str] = []
        if self.turn != 1:
            chunks.append(f"turn: {self.turn}")
        if self.active != YOU:
            chunks.append(f"active: {self.active}")
        for player in self.players:
            mine = [_format_permanent(p) for p in self.battlefield if p.controller == player]
            if mine:
                chunks.append(f"{player}: " + ", ".join(mine))
        if self.stack:
            chunks.append("stack: " + ", ".join(_format_spell(s) for s in self.stack))
        return "; ".join(chunks)


# -- reading the notation ---------------------------------------------------------------------

_COPY_SUFFIX = lazy(r"\s+#\d+$")
_TIMES = lazy(r"^(?P<name>.+?)\s+x(?P<n>\d+)$", re.I)
_TIMES_AFTER = lazy(r"^(?P<item>.+\])\s+x(?P<n>\d+)$", re.I)
_NUMBER = lazy(r"^-?\d+$")

# Flags that give a permanent an ability, and the ability each gives.
KEYWORD_FLAGS = {
    "haste": "haste",
    "flying": "flying",
    "reach": "reach",
    "menace": "menace",
    "vigilance": "vigilance",
    "defender": "defender",
    "hexproof": "hexproof",
    "shroud": "shroud",
    "cant-block": "can't block",
    "blocks-each-combat": "blocks each combat if able",
}
_FLAG_FOR_KEYWORD = {v: k for k, v in KEYWORD_FLAGS.items()}


ABILITY_FLAGS = (*KEYWORD_FLAGS, "must-be-blocked", "lure")


def flag_ability(flag: str) -> Ability | None:
    """The ability a notation flag gives a permanent ("haste", "lure"), or None."""
    if flag in KEYWORD_FLAGS:
        name = KEYWORD_FLAGS[flag]
        return Keyword(name=name, text=name[:1].upper() + name[1:])
    if flag == "must-be-blocked":
        return MustBeBlocked(subject="self", text="must be blocked if able")
    if flag == "lure":
        return MustBeBlocked(
            subject="self", by_all=True, text="All creatures able to block it do so."
        )
    return None


# Flags with a value: "must-block=Bear" (provoke: it blocks Bear if able) and
# "must-be-blocked-by=Eldrazi" (it must be blocked by an Eldrazi if able).
VALUED_ABILITY_FLAGS = ("must-block", "must-be-blocked-by")


def valued_flag_ability(flag: str, value: str) -> Ability | None:
    """The ability a flag with a value gives a permanent, or None."""
    if not value:
        return None
    if flag == "must-block":
        return MustBlock(
            subject="self", attacker=value, text=f"It blocks {value} this turn if able."
        )
    if flag == "must-be-blocked-by":
        article = "an" if value[:1].casefold() in "aeiou" else "a"
        return MustBeBlocked(
            subject="self", by_type=value, text=f"It must be blocked by {article} {value} if able."
        )
    return None


def _ability_flag(a: Ability) -> str | None:
    if isinstance(a, Keyword) and a.amount is None and a.cost is None and not a.detail:
        flag = _FLAG_FOR_KEYWORD.get(a.name.casefold())
        if flag is not None and flag_ability(flag) == a:
            return flag
    if isinstance(a, MustBeBlocked):
        for flag in ("must-be-blocked", "lure"):
            if flag_ability(flag) == a:
                return flag
        if a.by_type and valued_flag_ability("must-be-blocked-by", a.by_type) == a:
            return f"must-be-blocked-by={a.by_type}"
    if (
        isinstance(a, MustBlock)
        and a.attacker
        and valued_flag_ability("must-block", a.attacker) == a
    ):
        return f"must-block={a.attacker}"
    return None


@lru_cache(maxsize=1024)
def card_abilities(card: Card) -> tuple[Ability, ...]:
    """A card's abilities as its oracle text parses, every face's."""
    from engine.oracle import parse_card

    return tuple(a for f in parse_card(card) for a in f.abilities)


def _typeline(text: str) -> TypeLine:
    return TypeLine.parse(re.sub(r"\s+-\s+", " — ", text))


def _card_typeline(card: Card) -> TypeLine:
    line = TypeLine.parse(card.front.type_line)
    return line.model_copy(update={"types": line.types - {"Token"}})


def _split(text: str, sep: str, base: int) -> Iterator[tuple[str, int]]:
    """Pieces of ``text`` between ``sep`` outside brackets, stripped, with their offsets."""
    depth = 0
    start = 0
    for i, ch in enumerate(text + sep):
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth = max(0, depth - 1)
        elif (ch == sep and depth == 0) or i == len(text):
            piece = text[start:i]
            stripped = piece.strip()
            if stripped:
                yield stripped, base + start + (len(piece) - len(piece.lstrip()))
            start = i + 1


class _Parser:
    def __init__(self, text: str, cards: Mapping[str, Card]) -> None:
        self.text = text
        self.pool = {k.casefold(): v for k, v in cards.items()}
        self.used: dict[str, set[str]] = {"battlefield": set(), "stack": set()}

    def fail(self, message: str, at: int, fragment: str) -> NotationError:
        return NotationError(message, position=at, fragment=fragment)

    def state(self) -> GameState:
        if not self.text.strip():
            return GameState()
        perms: list[Permanent] = []
        stack: list[Spell] = []
        fields: dict[str, Any] = {}
        for chunk, at in _split(self.text, ";", 0):
            who, sep, rest = chunk.partition(":")
            key = who.strip().lower()
            rest_at = at + len(who) + 1
            value_at = rest_at + len(rest) - len(rest.lstrip())
            if not sep:
                raise self.fail("expected 'player: permanents' or 'turn: N'", at, chunk)
            if key == "active":
                value = rest.strip().lower()
                if value not in PLAYERS:
                    raise self.fail(f"unknown player {value!r}", value_at, rest.strip())
                fields["active"] = value
            elif key == "turn":
                value = rest.strip()
                if not value.isdigit() or int(value) < 1:
                    raise self.fail("the turn must be a number from 1 up", value_at, value)
                fields["turn"] = int(value)
            elif key == "stack":
                for item, item_at in self._items(rest, rest_at):
                    stack.append(self._spell(item, item_at))
            elif key in PLAYERS:
                for item, item_at in self._items(rest, rest_at):
                    perms.extend(self._permanents(item, item_at, key))
            else:
                raise self.fail(
                    f"unknown section {key!r} (expected you, opponent, active, turn or stack)",
                    at,
                    who.strip(),
                )
        return GameState(battlefield=tuple(perms), stack=tuple(stack), **fields)

    def _items(self, text: str, base: int) -> Iterator[tuple[str, int]]:
        # A comma inside a card's name ("Jace, the Mind Sculptor") joins the pieces back.
        pieces = list(_split(text, ",", base))
        i = 0
        while i < len(pieces):
            item, at = pieces[i]
            j = i + 1
            for k in range(min(len(pieces), i + 4), i + 1, -1):
                if any("[" in pieces[m][0] for m in range(i, k - 1)):
                    continue
                joined = text[at - base : pieces[k - 1][1] - base + len(pieces[k - 1][0])]
                if self._lookup(_base_name(joined.split("[", 1)[0].strip())) is not None:
                    item, j = joined, k
                    break
            yield item, at
            i = j

    def _lookup(self, name: str) -> Card | None:
        return self.pool.get(name.casefold())

    def _split_item(self, item: str, at: int) -> tuple[str, list[tuple[str, int]]]:
        if "[" in item:
            name, _, flags = item.partition("[")
            if not flags.endswith("]") or "[" in flags or "]" in flags[:-1]:
                raise self.fail("unbalanced brackets", at, item)
            flags_at = at + len(name) + 1
            return name.strip(), list(_split(flags[:-1], "|", flags_at))
        if "]" in item:
            raise self.fail("unbalanced brackets", at, item)
        return item.strip(), []

    def _unique(self, name: str, zone: str = "battlefield") -> str:
        used = self.used[zone]
        if name.casefold() not in used:
            used.add(name.casefold())
            return name
        n = 2
        while f"{name} #{n}".casefold() in used:
            n += 1
        used.add(f"{name} #{n}".casefold())
        return f"{name} #{n}"

    def _card(self, name: str, at: int) -> tuple[str, Card | None]:
        if not name:
            raise self.fail("a name is missing", at, self.text[at : at + 10])
        if any(ch in name for ch in "=|:"):
            raise self.fail("unexpected character in a name", at, name)
        card = self._lookup(_base_name(name))
        if card is None:
            return name, None
        suffix = name[len(_base_name(name)) :]
        return card.name + suffix, card

    def _permanents(self, item: str, at: int, who: str) -> list[Permanent]:
        count = 1
        after = _TIMES_AFTER.match(item)
        if after:
            item, count = after.group("item"), int(after.group("n"))
        name, flags = self._split_item(item, at)
        times = _TIMES.match(name)
        if times and self._lookup(name) is None:
            name, count = times.group("name"), int(times.group("n"))
        name, card = self._card(name, at)
        out: list[Permanent] = []
        for _ in range(count):
            out.append(self._permanent(self._unique(name), card, flags, at, who, item))
        return out

    def _permanent(
        self,
        name: str,
        card: Card | None,
        flags: list[tuple[str, int]],
        at: int,
        who: str,
        item: str,
    ) -> Permanent:
        bestowed = any(f.strip().lower() == "bestowed" for f, _ in flags)
        line = _natural_line(card, bestowed) if card else TypeLine()
        abilities: list[Ability] = list(card_abilities(card)) if card else []
        fields: dict[str, Any] = {"controller": who, "owner": who}
        if card is not None and card.is_token:
            fields["token"] = True
        counters: dict[str, int] = {}
        typed = False
        for flag, flag_at in flags:
            key, eq, value = flag.partition("=")
            key, value = key.strip().lower(), value.strip()
            if key == "type":
                line, typed = _typeline(value), True
            elif key == "+type":
                extra = _typeline(value)
                line = TypeLine(
                    supertypes=line.supertypes | extra.supertypes,
                    types=line.types | extra.types,
                    subtypes=line.subtypes | extra.subtypes,
                )
                typed = True
            elif key == "tapped" and not eq:
                fields["tapped"] = True
            elif key == "new" and not eq:
                fields["since_turn_start"] = False
            elif key == "token" and not eq:
                fields["token"] = True
            elif key == "copy":
                fields["copy_of"] = value or "?"
            elif key == "kicked":
                fields["kicked"] = self._kicked(value, flag_at, flag)
            elif key == "phased" and not eq:
                fields["phased_out"] = True
            elif key == "bestowed" and not eq:
                fields["bestowed"] = True
            elif key == "attacking" and not eq:
                fields["attacking"] = True
            elif key == "owner":
                if value not in PLAYERS:
                    raise self.fail(f"unknown player {value!r}", flag_at, flag)
                fields["owner"] = value
            elif key in ("attached", "on"):
                if not value:
                    raise self.fail("attached= needs the name of a permanent", flag_at, flag)
                fields["attached_to"] = value
            elif key == "x":
                fields["x"] = self._number(value, flag_at, flag)
            elif key == "power":
                fields["power"] = self._number(value, flag_at, flag, negative=True)
            elif key in ("counter", "counters"):
                kind, colon, n = value.rpartition(":")
                if not colon:
                    kind, n = value, "1"
                if not kind.strip():
                    raise self.fail("a counter needs a kind, e.g. counter=+1/+1:2", flag_at, flag)
                amount = self._number(n.strip(), flag_at, flag)
                counters[kind.strip()] = counters.get(kind.strip(), 0) + amount
            elif not eq and (ability := flag_ability(key)) is not None:
                if ability not in abilities:
                    abilities.append(ability)
            elif key in VALUED_ABILITY_FLAGS:
                valued = valued_flag_ability(key, value)
                if valued is None:
                    raise self.fail(f"{key}= needs a value, e.g. {key}=Bear", flag_at, flag)
                if valued not in abilities:
                    abilities.append(valued)
            else:
                raise self.fail(f"unknown flag {flag!r} on {name!r}", flag_at, flag)
        if card is None and not typed:
            raise NotationCardError(_base_name(name), position=at, fragment=item)
        if not line.types:
            raise self.fail(f"{name!r} needs at least one card type", at, item)
        return Permanent(
            name=name,
            supertypes=line.supertypes,
            types=line.types,
            subtypes=line.subtypes,
            card=card,
            abilities=tuple(abilities),
            counters=tuple(sorted((k, n) for k, n in counters.items() if n)),
            **fields,
        )

    def _spell(self, item: str, at: int) -> Spell:
        name, flags = self._split_item(item, at)
        name, card = self._card(name, at)
        name = self._unique(name, "stack")
        bestowed = any(f.strip().lower() == "bestowed" for f, _ in flags)
        line = _natural_line(card, bestowed) if card else TypeLine()
        fields: dict[str, Any] = {}
        typed = False
        for flag, flag_at in flags:
            key, eq, value = flag.partition("=")
            key, value = key.strip().lower(), value.strip()
            if key == "type":
                line, typed = _typeline(value), True
            elif key in ("by", "owner"):
                if value not in PLAYERS:
                    raise self.fail(f"unknown player {value!r}", flag_at, flag)
                fields["controller" if key == "by" else "owner"] = value
            elif key == "kicked":
                fields["kicked"] = self._kicked(value, flag_at, flag)
            elif key == "x":
                fields["x"] = self._number(value, flag_at, flag)
            elif key == "copy" and not eq:
                fields["is_copy"] = True
                fields.setdefault("cast", False)
            elif key == "cast" and not eq:
                # A copy that is cast (Isochron Scepter and kin).
                fields["cast"] = True
            elif key == "notcast" and not eq:
                fields["cast"] = False
            elif key == "free" and not eq:
                fields["alternative_cost"] = "without paying its mana cost"
            elif key == "alt":
                if not value:
                    raise self.fail("alt= needs the alternative cost's name", flag_at, flag)
                fields["alternative_cost"] = value
            elif key == "bestowed" and not eq:
                fields["bestowed"] = True
            elif key in ("target", "targets"):
                targets = tuple(t.strip() for t in value.split("+") if t.strip())
                if not targets:
                    raise self.fail("targets= needs at least one name", flag_at, flag)
                fields["targets"] = targets
            else:
                raise self.fail(f"unknown flag {flag!r} on the spell {name!r}", flag_at, flag)
        if card is None and not typed:
            raise NotationCardError(_base_name(name), position=at, fragment=item)
        if not line.types:
            raise self.fail(f"{name!r} needs at least one card type", at, item)
        owner = fields.get("owner", fields.get("controller", YOU))
        return Spell(
            name=name,
            owner=str(owner),
            supertypes=line.supertypes,
            types=line.types,
            subtypes=line.subtypes,
            card=card,
            abilities=card_abilities(card) if card else (),
            **{k: v for k, v in fields.items() if k != "owner"},
        )

    def _number(self, value: str, at: int, flag: str, negative: bool = False) -> int:
        if not _NUMBER.match(value) or (value.startswith("-") and not negative):
            raise self.fail("expected a whole number", at, flag)
        return int(value)

    def _kicked(self, value: str, at: int, flag: str) -> tuple[int, ...]:
        if not value:
            return (0,)
        parts = value.split("+")
        if not all(p.strip().isdigit() for p in parts):
            raise self.fail("kicked= takes kicker cost numbers joined by '+', e.g. 0+1", at, flag)
        return tuple(int(p) for p in parts)


# Enchantment subtypes; a bestowed Aura keeps these and loses its creature types (CR 702.103b).
_ENCHANTMENT_SUBTYPES = frozenset(
    {"Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga"}
    | {"Shard", "Shrine"}
)


def _natural_line(card: Card, bestowed: bool) -> TypeLine:
    """The types a card has as this object: bestowed, an Aura with no creature type."""
    line = _card_typeline(card)
    if not bestowed:
        return line
    return TypeLine(
        supertypes=line.supertypes,
        types=line.types - {"Creature"},
        subtypes=(line.subtypes & _ENCHANTMENT_SUBTYPES) | {"Aura"},
    )


def _base_name(name: str) -> str:
    return _COPY_SUFFIX.sub("", name)


def notation_names(text: str) -> list[str]:
    """The names a notation may give, so a caller can look their cards up before parsing;
    a name with commas appears joined as well as split."""
    out: list[str] = []
    for chunk, _ in _split(text, ";", 0):
        key, sep, rest = chunk.partition(":")
        if not sep or key.strip().lower() in ("active", "turn"):
            continue
        pieces = [p for p, _ in _split(rest, ",", 0)]
        names = [_TIMES_AFTER.sub(r"\g<item>", p).split("[", 1)[0].strip() for p in pieces]
        names = [_base_name(_TIMES.sub(r"\g<name>", n)) for n in names] + names
        for i in range(len(pieces)):
            for k in range(i + 2, min(len(pieces), i + 4) + 1):
                if all("[" not in pieces[m] for m in range(i, k - 1)):
                    names.append(", ".join(pieces[i:k]).split("[", 1)[0].strip())
        out.extend(n for n in names if n and n not in out)
    return out


# -- printing the notation --------------------------------------------------------------------


def _format_types(
    supertypes: frozenset[str], types: frozenset[str], subtypes: frozenset[str]
) -> str:
    return (
        "type="
        + " ".join(sorted(supertypes) + sorted(types))
        + (" — " + " ".join(sorted(subtypes)) if subtypes else "")
    )


def _types_differ(
    card: Card | None,
    bestowed: bool,
    supertypes: frozenset[str],
    types: frozenset[str],
    subtypes: frozenset[str],
) -> bool:
    if card is None:
        return True
    line = _natural_line(card, bestowed)
    return (line.supertypes, line.types, line.subtypes) != (supertypes, types, subtypes)


def _format_kicked(kicked: tuple[int, ...]) -> str:
    return "kicked" if kicked == (0,) else "kicked=" + "+".join(str(k) for k in kicked)


def _format_permanent(p: Permanent) -> str:
    flags: list[str] = []
    if _types_differ(p.card, p.bestowed, p.supertypes, p.types, p.subtypes):
        flags.append(_format_types(p.supertypes, p.types, p.subtypes))
    if p.owner != p.controller:
        flags.append(f"owner={p.owner}")
    if p.tapped:
        flags.append("tapped")
    if not p.since_turn_start:
        flags.append("new")
    if p.token:
        flags.append("token")
    if p.copy_of:
        flags.append(f"copy={p.copy_of}")
    if p.kicked:
        flags.append(_format_kicked(p.kicked))
    if p.x:
        flags.append(f"x={p.x}")
    if p.phased_out:
        flags.append("phased")
    if p.bestowed:
        flags.append("bestowed")
    if p.attached_to:
        flags.append(f"attached={p.attached_to}")
    if p.power is not None:
        flags.append(f"power={p.power}")
    if p.attacking:
        flags.append("attacking")
    flags.extend(f"counter={kind}:{n}" for kind, n in p.counters)
    own = card_abilities(p.card) if p.card else ()
    for a in p.abilities:
        if a not in own and (flag := _ability_flag(a)) is not None:
            flags.append(flag)
    return p.name + (f"[{'|'.join(flags)}]" if flags else "")


def _format_spell(s: Spell) -> str:
    flags: list[str] = []
    if _types_differ(s.card, s.bestowed, s.supertypes, s.types, s.subtypes):
        flags.append(_format_types(s.supertypes, s.types, s.subtypes))
    if s.controller != YOU:
        flags.append(f"by={s.controller}")
    if s.owner != s.controller:
        flags.append(f"owner={s.owner}")
    if s.kicked:
        flags.append(_format_kicked(s.kicked))
    if s.x is not None:
        flags.append(f"x={s.x}")
    if s.is_copy:
        flags.append("copy")
        if s.cast:
            flags.append("cast")
    elif not s.cast:
        flags.append("notcast")
    if s.alternative_cost == "without paying its mana cost":
        flags.append("free")
    elif s.alternative_cost:
        flags.append(f"alt={s.alternative_cost}")
    if s.bestowed:
        flags.append("bestowed")
    if s.targets:
        flags.append("targets=" + "+".join(s.targets))
    return s.name + (f"[{'|'.join(flags)}]" if flags else "")
