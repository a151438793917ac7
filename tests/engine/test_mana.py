"""ManaCost: parsing, printing, arithmetic and mana value."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import ManaCostError
from engine.mana import ManaCost, ManaType, sort_types


@pytest.mark.parametrize(
    ("text", "generic", "parts", "mana_value"),
    [
        ("{2}{U}", 2, ("U",), 3),
        ("{X}{R}", 0, ("X", "R"), 1),
        ("{X}{X}{G}", 0, ("X", "X", "G"), 1),
        ("{0}", 0, (), 0),
        ("", 0, (), 0),
        ("{W/U}{W/U}", 0, ("W/U", "W/U"), 2),
        ("{2/W}", 0, ("2/W",), 2),
        ("{G/P}", 0, ("G/P",), 1),
        ("{1}{u}", 1, ("U",), 2),
        ("{10}{B}{B}", 10, ("B", "B"), 12),
        ("{C}{C}", 0, ("C", "C"), 2),
    ],
)
def test_parse(text: str, generic: int, parts: tuple[str, ...], mana_value: int) -> None:
    cost = ManaCost.parse(text)
    assert cost.generic == generic
    assert cost.parts == parts
    assert cost.mana_value() == mana_value


@pytest.mark.parametrize("text", ["{2}{U}", "{X}{R}", "{0}", "{W/U}{B}", "{3}{G}{G}", "{C}"])
def test_str_round_trips(text: str) -> None:
    assert str(ManaCost.parse(text)) == text


@pytest.mark.parametrize("text", ["2U", "{2}{U", "{T}", "{Q}", "{2} and {U}", "{", "{}", "{K}"])
def test_bad_text_raises_mana_cost_error(text: str) -> None:
    with pytest.raises(ManaCostError):
        ManaCost.parse(text)


def test_x_counts_as_chosen_value() -> None:
    cost = ManaCost.parse("{X}{X}{R}")
    assert cost.has_x
    assert cost.mana_value(x=3) == 7
    assert cost.with_x(3) == ManaCost.parse("{6}{R}")


def test_arithmetic() -> None:
    kicker = ManaCost.parse("{1}{G}")
    assert ManaCost.parse("{2}{U}") + kicker == ManaCost(generic=3, parts=("U", "G"))
    assert kicker.times(3).mana_value() == 6
    assert kicker.times(0).is_empty
    assert ManaCost.parse("{3}{W}").reduce_generic(5) == ManaCost.parse("{W}")
    assert ManaCost.parse("{W}").increase(1) == ManaCost.parse("{1}{W}")


def test_colors_and_types() -> None:
    assert ManaCost.parse("{1}{W/U}{B}").colors == {ManaType.W, ManaType.U, ManaType.B}
    assert ManaCost.parse("{C}").colors == frozenset()
    assert not ManaType.C.is_color
    assert sort_types(["G", ManaType.W, "C", "G"]) == "WGC"


def _parse_or_none(text: str) -> ManaCost | None:
    """Parse, letting only ManaCostError through as None; anything else fails the test."""
    try:
        return ManaCost.parse(text)
    except ManaCostError:
        return None


def _reprints_same(cost: ManaCost | None) -> None:
    if cost is not None:
        again = ManaCost.parse(str(cost))
        assert again.mana_value() == cost.mana_value()
        assert sorted(again.parts) == sorted(cost.parts)


@given(st.text(max_size=40))
def test_parse_raises_only_mana_cost_error(text: str) -> None:
    _reprints_same(_parse_or_none(text))


_SYMBOL_TEXT = st.one_of(
    st.sampled_from(["W", "U", "B", "R", "G", "C", "X", "T", "½", "²", "1/2", "S", "P", "Y"]),
    st.text(min_size=1, max_size=4),
    st.integers(min_value=0, max_value=10**6).map(str),
)


@given(st.lists(_SYMBOL_TEXT, max_size=8))
def test_brace_soup_raises_only_mana_cost_error(symbols: list[str]) -> None:
    _reprints_same(_parse_or_none("".join(f"{{{s}}}" for s in symbols)))


_COLORED = st.sampled_from(["W", "U", "B", "R", "G", "C", "W/U", "B/G", "2/R", "G/P", "W/U/P", "S"])


@given(
    xs=st.integers(min_value=0, max_value=2),
    generic=st.integers(min_value=0, max_value=20),
    colored=st.lists(_COLORED, max_size=6),
)
def test_canonical_costs_round_trip(xs: int, generic: int, colored: list[str]) -> None:
    text = "{X}" * xs
    if generic or not (xs or colored):
        text += f"{{{generic}}}"
    text += "".join(f"{{{c}}}" for c in colored)
    cost = ManaCost.parse(text)
    assert str(cost) == text
    assert ManaCost.parse(str(cost)) == cost
    assert cost.mana_value(x=1) == xs + generic + sum(
        2 if c.startswith("2/") else 1 for c in colored
    )
