"""The one-line position notation: it reads back what it prints, and errors point at the bad part."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.abilities import Activated, Keyword, MustBeBlocked
from engine.card import Card
from engine.errors import NotationCardError, NotationError
from engine.model import (
    ABILITY_FLAGS,
    OPPONENT,
    PLAYERS,
    YOU,
    GameState,
    Permanent,
    Spell,
    flag_ability,
    valued_flag_ability,
)


def _card(name: str, type_line: str, text: str = "", **extra: Any) -> Card:
    return Card.from_scryfall({"name": name, "type_line": type_line, "oracle_text": text, **extra})


POOL = {
    c.name: c
    for c in (
        _card("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}.", power="1", toughness="1"),
        _card("Island", "Basic Land — Island", "({T}: Add {U}.)"),
        _card("Forest", "Basic Land — Forest", "({T}: Add {G}.)"),
        _card("Jace, the Mind Sculptor", "Legendary Planeswalker — Jace"),
        _card(
            "Nyxborn Courser",
            "Enchantment Creature — Centaur Scout",
            "Bestow {3}{W}{W}\nEnchanted creature gets +2/+3.",
        ),
        _card(
            "Fireball",
            "Sorcery",
            "This spell costs {1} more to cast for each target beyond the first.\nFireball deals X damage divided evenly, rounded down, among any number of targets.",
            mana_cost="{X}{R}",
        ),
        _card(
            "Rancor",
            "Enchantment — Aura",
            "Enchant creature\nEnchanted creature gets +2/+0 and has trample.",
        ),
    )
}

_WORDS = st.sampled_from(["Bear", "Wall", "Drake", "Goblin", "Elf", "Stone", "Ring", "Moon"])
_NAMES = st.lists(_WORDS, min_size=1, max_size=3).map(" ".join)
_PERMANENT_TYPES = ["Creature", "Land", "Artifact", "Enchantment", "Planeswalker"]
_SPELL_TYPES = ["Instant", "Sorcery", "Creature", "Enchantment", "Artifact"]


def _subset(options: list[str], min_size: int = 0) -> st.SearchStrategy[frozenset[str]]:
    return st.lists(st.sampled_from(options), min_size=min_size, max_size=3, unique=True).map(
        frozenset
    )


@st.composite
def permanents(draw: st.DrawFn, name: str, controller: str) -> Permanent:
    flags = draw(st.lists(st.sampled_from(ABILITY_FLAGS), max_size=3, unique=True))
    kinds = draw(
        st.lists(st.sampled_from(["+1/+1", "-1/-1", "charge", "lore"]), unique=True, max_size=2)
    )
    return Permanent(
        name=name,
        controller=controller,
        owner=draw(st.sampled_from(PLAYERS)),
        tapped=draw(st.booleans()),
        supertypes=draw(_subset(["Legendary", "Basic", "Snow"])),
        types=draw(_subset(_PERMANENT_TYPES, 1)),
        subtypes=draw(_subset(["Elf", "Aura", "Forest", "Equipment", "Vehicle"])),
        since_turn_start=draw(st.booleans()),
        token=draw(st.booleans()),
        copy_of=draw(st.none() | _NAMES),
        kicked=tuple(draw(st.lists(st.integers(0, 2), max_size=3))),
        x=draw(st.integers(0, 5)),
        abilities=tuple(a for f in flags if (a := flag_ability(f)) is not None)
        + tuple(
            a
            for f, value in (
                ("must-block", draw(st.none() | _NAMES)),
                ("must-be-blocked-by", draw(st.none() | st.sampled_from(["Eldrazi", "Elf"]))),
            )
            if value is not None and (a := valued_flag_ability(f, value)) is not None
        ),
        phased_out=draw(st.booleans()),
        counters=tuple(sorted((k, draw(st.integers(1, 4))) for k in kinds)),
        attached_to=draw(st.none() | _NAMES),
        bestowed=draw(st.booleans()),
        power=draw(st.none() | st.integers(-2, 9)),
        attacking=draw(st.booleans()),
    )


@st.composite
def spells(draw: st.DrawFn, name: str) -> Spell:
    controller = draw(st.sampled_from(PLAYERS))
    return Spell(
        name=name,
        controller=controller,
        owner=draw(st.sampled_from(PLAYERS)),
        types=draw(_subset(_SPELL_TYPES, 1)),
        subtypes=draw(_subset(["Aura", "Elf", "Arcane"])),
        supertypes=draw(_subset(["Legendary"])),
        kicked=tuple(draw(st.lists(st.integers(0, 2), max_size=3))),
        x=draw(st.none() | st.integers(0, 9)),
        is_copy=draw(st.booleans()),
        cast=draw(st.booleans()),
        alternative_cost=draw(st.sampled_from([None, "without paying its mana cost", "flashback"])),
        bestowed=draw(st.booleans()),
        targets=tuple(
            draw(st.lists(st.sampled_from([YOU, OPPONENT, "Bear", "Wall Drake"]), max_size=2))
        ),
    )


@st.composite
def states(draw: st.DrawFn) -> GameState:
    names = draw(st.lists(_NAMES, max_size=6, unique_by=str.casefold))
    split = draw(st.integers(0, len(names)))
    battlefield = [draw(permanents(n, YOU)) for n in names[:split]]
    battlefield += [draw(permanents(n, OPPONENT)) for n in names[split:]]
    stack_names = draw(st.lists(_NAMES, max_size=3, unique_by=str.casefold))
    return GameState(
        active=draw(st.sampled_from(PLAYERS)),
        turn=draw(st.integers(1, 20)),
        battlefield=tuple(battlefield),
        stack=tuple(draw(spells(n)) for n in stack_names),
    )


@settings(max_examples=300, deadline=None)
@given(states())
def test_notation_reads_back_what_it_prints(state: GameState) -> None:
    assert GameState.parse(str(state)) == state


@pytest.mark.parametrize(
    "text",
    [
        "you: Llanowar Elves[new|haste]; opponent: Island",
        "turn: 4; active: opponent; you: Llanowar Elves[counter=+1/+1:2|owner=opponent]",
        "you: Forest x3, Jace, the Mind Sculptor",
        "you: Llanowar Elves, Rancor[attached=Llanowar Elves]",
        "you: Island[type=Land — Mountain]",
        "you: Island[+type=Artifact]",
        "stack: Fireball[x=3|targets=opponent|by=opponent], Fireball[copy|x=3]",
        "you: Llanowar Elves, Nyxborn Courser[bestowed|attached=Llanowar Elves]",
        "stack: Nyxborn Courser[bestowed|targets=Llanowar Elves]",
    ],
)
def test_positions_with_cards_read_back(text: str) -> None:
    state = GameState.parse(text, POOL)
    assert GameState.parse(str(state), POOL) == state


def test_todays_form_keeps_its_meaning() -> None:
    state = GameState.parse("you: Llanowar Elves[new|haste]; opponent: Island", POOL)
    elves = state.find("Llanowar Elves")
    assert not elves.since_turn_start and elves.controller == YOU
    assert Keyword(name="haste", text="Haste") in elves.abilities
    assert any(isinstance(a, Activated) and a.mana for a in elves.abilities)
    assert state.find("Island").controller == OPPONENT


def test_the_fuller_notation_sets_each_fact() -> None:
    state = GameState.parse(
        "turn: 5; active: opponent; you: Llanowar Elves[counter=+1/+1:2|owner=opponent], "
        "Forest x2, Rancor[attached=Llanowar Elves], Nyxborn Courser[bestowed|attached=Llanowar Elves]; "
        "stack: Fireball[x=4|kicked=0+0|targets=you+Llanowar Elves|by=opponent], Fireball[copy]",
        POOL,
    )
    assert (state.turn, state.active) == (5, OPPONENT)
    elves = state.find("Llanowar Elves")
    assert elves.owner == OPPONENT and elves.controller == YOU
    assert elves.counter("+1/+1") == 2 and elves.current_power == 3
    assert [p.name for p in state.battlefield if p.card and p.card.name == "Forest"] == [
        "Forest",
        "Forest #2",
    ]
    assert {p.name for p in state.attached("Llanowar Elves")} == {"Rancor", "Nyxborn Courser"}
    courser = state.find("Nyxborn Courser")
    assert courser.bestowed and "Creature" not in courser.types and "Aura" in courser.subtypes
    assert "Centaur" not in courser.subtypes
    fireball = state.stack[0]
    assert (fireball.x, fireball.kicked, fireball.controller) == (4, (0, 0), OPPONENT)
    assert fireball.targets == (YOU, "Llanowar Elves")
    top = state.stack[-1]
    assert top.is_copy and not top.cast and top.name == "Fireball #2"


def test_ability_flags_for_blocking() -> None:
    state = GameState.parse("you: Bear[type=Creature|lure|menace|cant-block]")
    bear = state.find("Bear")
    assert (
        MustBeBlocked(subject="self", by_all=True, text="All creatures able to block it do so.")
        in bear.abilities
    )
    assert {a.name for a in bear.abilities if isinstance(a, Keyword)} == {"menace", "can't block"}


@pytest.mark.parametrize(
    ("text", "fragment", "position"),
    [
        ("you: Forest[tapd]", "tapd", 12),
        ("you: Forest, Llanowar Elfs", "Llanowar Elfs", 13),
        ("foo: Forest", "foo", 0),
        ("you: Forest; turn: zero", "zero", 19),
        ("you: Forest[tapped", "Forest[tapped", 5),
        ("you: Llanowar Elves[counter=+1/+1:lots]", "counter=+1/+1:lots", 20),
        ("active: nobody", "nobody", 8),
        ("stack: Fireball[x=-1]", "x=-1", 16),
        ("you Forest", "you Forest", 0),
        ("you: Forest[owner=them]", "owner=them", 12),
    ],
)
def test_bad_notation_points_at_the_bad_part(text: str, fragment: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        GameState.parse(text, POOL)
    assert info.value.fragment == fragment
    assert info.value.position == position
    assert text[position:].startswith(fragment)
    assert fragment in str(info.value)


def test_an_unknown_card_is_both_a_notation_and_a_card_error() -> None:
    with pytest.raises(NotationCardError) as info:
        GameState.parse("you: Llanowar Elfs", POOL)
    assert info.value.name == "Llanowar Elfs"


_POOL_FLAGS = [
    "tapped",
    "new",
    "haste",
    "token",
    "counter=+1/+1:2",
    "owner=opponent",
    "kicked",
    "x=2",
]


@st.composite
def pool_notations(draw: st.DrawFn) -> str:
    chunks = []
    for player in PLAYERS:
        items = []
        for name in draw(st.lists(st.sampled_from(sorted(POOL)), max_size=4)):
            flags = draw(st.lists(st.sampled_from(_POOL_FLAGS), max_size=3, unique=True))
            items.append(name + (f"[{'|'.join(flags)}]" if flags else ""))
        if items:
            chunks.append(f"{player}: " + ", ".join(items))
    return "; ".join(chunks)


@settings(max_examples=150, deadline=None)
@given(pool_notations())
def test_positions_of_real_cards_read_back(text: str) -> None:
    state = GameState.parse(text, POOL)
    assert GameState.parse(str(state), POOL) == state
    assert str(GameState.parse(str(state), POOL)) == str(state)
