"""Catalog: the typed facade the ask pipeline reads the store through."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest_asyncio

from bot.store import Store
from bot.store.catalog import Catalog
from bot.store.records import RuleRecord, RulingRecord
from engine.card import Card

DELVER = "Delver of Secrets // Insectile Aberration"


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await Store.open(tmp_path / "builtin.sqlite3")
    try:
        yield opened
    finally:
        await opened.close()


async def test_a_card_comes_back_as_the_engine_card_of_its_stored_object(store: Store) -> None:
    catalog = Catalog(store)
    card = await catalog.card("ana battlemage")
    obj = await store.card_json("Ana Battlemage")
    assert isinstance(card, Card) and obj is not None
    assert card == Card.from_scryfall(obj)
    assert card.name == "Ana Battlemage" and card.keywords == ("Kicker",)
    assert card.oracle_id is not None
    assert await catalog.card(card.oracle_id) == card


async def test_a_face_name_finds_the_whole_card(store: Store) -> None:
    card = await Catalog(store).card("Insectile Aberration")
    assert card is not None and card.name == DELVER
    assert [f.name for f in card.faces] == ["Delver of Secrets", "Insectile Aberration"]


async def test_names_not_stored_are_left_out(store: Store) -> None:
    catalog = Catalog(store)
    assert await catalog.card("Zorblax the Unprinted") is None
    found = await catalog.cards(["Sol Ring", "Zorblax the Unprinted", "Sol Ring", "fork"])
    assert list(found) == ["Sol Ring", "fork"]
    assert [c.name for c in found.values()] == ["Sol Ring", "Fork"]


async def test_rules_and_rulings_are_typed_records(store: Store) -> None:
    catalog = Catalog(store)
    numbers = await catalog.rule_numbers()
    rules = await catalog.rules(numbers[:3])
    assert list(rules) == numbers[:3]
    assert all(isinstance(r, RuleRecord) for r in rules.values())
    card = await catalog.card("Fork")
    assert card is not None and card.oracle_id is not None
    rulings = await catalog.search_rulings("copy additional costs", [card.oracle_id], limit=2)
    assert rulings and all(isinstance(r, RulingRecord) for r in rulings)
    assert {r.oracle_id for r in rulings} == {card.oracle_id}
    found = await catalog.search_rules("kicker", limit=3)
    assert found and all(isinstance(r, RuleRecord) for r in found)


async def test_status_names_and_path_are_the_stores(store: Store) -> None:
    catalog = Catalog(store)
    assert catalog.path == store.path
    assert await catalog.status() == await store.status()
    assert await catalog.data_version() == await store.data_version()
    names = {e.name for e in await catalog.names()}
    assert {"Sol Ring", DELVER, "Insectile Aberration"} <= names
