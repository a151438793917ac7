"""The one query interface: each Query reaches its mechanic, and reasons come as data."""

from __future__ import annotations

from typing import get_args

import pytest
from pydantic import TypeAdapter

import engine
from engine import query as q
from engine.model import GameState
from engine.render import possessive, render
from engine.ruling import Rule
from engine.value import build_all


def test_queries_are_a_discriminated_union() -> None:
    build_all()  # validators see dataclasses once the classes are built
    adapter: TypeAdapter[q.Query] = TypeAdapter(q.Query)
    parsed = adapter.validate_python({"kind": "can_attack", "permanent": "Bear"})
    assert parsed == q.CanAttack(permanent="Bear")
    with pytest.raises(ValueError):
        adapter.validate_python({"kind": "no_such_query"})


def test_every_query_type_has_a_handler() -> None:
    kinds = set(get_args(q.Query))
    assert kinds == set(q._HANDLERS)


def test_facts_steps_are_structured_and_rendered_by_the_renderer() -> None:
    state = GameState.parse("you: Bear[type=Creature — Bear|new|tapped]")
    ruling = engine.rule(state, q.CanAttack(permanent="Bear"))
    assert ruling.verdict == "no"
    fact = ruling.steps[0]
    assert fact.reason == "fact.permanent"
    facts = dict(fact.facts)
    assert facts["tapped"] == "True" and facts["since_turn_start"] == "False"
    assert fact.note == render("fact.permanent", facts)
    assert "hasn't been under that control" in fact.note


@pytest.mark.parametrize(
    ("name", "out"),
    [("Eidolon of Blossoms", "Eidolon of Blossoms'"), ("Ana Battlemage", "Ana Battlemage's")],
)
def test_possessive_is_clean_english(name: str, out: str) -> None:
    assert possessive(name) == out


def test_blocking_works_on_a_game_state() -> None:
    state = GameState.parse(
        "you: Bear[type=Creature|attacking|lure]; opponent: Wall[type=Creature], "
        "Ox[type=Creature|tapped]"
    )
    ruling = engine.rule(state, q.BlockRequirements(ask="all_must_block", attacker="Bear"))
    assert ruling.verdict == "yes"
    assert Rule.BLOCK_REQUIREMENTS in ruling.rules
