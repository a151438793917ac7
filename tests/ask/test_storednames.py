"""Names looked up in the store find what an index built from every name finds."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ask.pipeline import AskService, rules_vocabulary
from bot.ask.storednames import StoredCardFinder, StoredNames, card_finder
from bot.ask.textcards import NameRow, TextCardFinder
from bot.store import Store
from bot.store.catalog import Catalog
from tests.hostile import HOSTILE_QUESTIONS

QUESTIONS = [
    "Can Llanowar Elves tap for mana the turn it enters?",
    "I control Reflecting Pool and a Forest. What mana can Reflecting Pool make?",
    "If my only lands are two Reflecting Pools, what can they produce?",
    "Can I pay Ana Battlemage's {2}{U} kicker twice?",
    "Does Eidolon of Blossoms trigger when my opponent casts an enchantment?",
    "Does Thalia stop my Opt? And what about [[Llanowar Elf]] or [[xyzzy]]?",
    "My opponent's only land is Ancient Tomb. What colors can my Exotic Orchard produce?",
    "Goldenhide Ox says target creature must be blocked if able.",
    "can i tap llanowar elvs the turn i cast it",
    "Does Anna Batlemage kicker trigger on a copy?",
    "[[Insectile Aberration]] and a forest",
    "Is a copy of a kicked spell also kicked?",
]


async def _in_memory(store: Store) -> TextCardFinder:
    rows = [
        NameRow(e.name, e.face_of or e.name, e.oracle_id, bool(e.is_token))
        for e in await store.all_names()
    ]
    return TextCardFinder(rows, await rules_vocabulary(Catalog(store)))


async def _same_scans(store: Store, questions: list[str]) -> None:
    memory = await _in_memory(store)
    stored = await card_finder(Catalog(store))
    assert isinstance(stored, StoredCardFinder)
    for question in questions:
        assert stored.scan(question) == memory.scan(question), question


async def test_stored_names_scan_as_the_in_memory_index(store: Store) -> None:
    await _same_scans(store, QUESTIONS + [text for _, text in HOSTILE_QUESTIONS])


async def test_stored_names_scan_as_the_in_memory_index_on_the_full_pool(
    full_db_path: Path,
) -> None:
    store = await Store.open(full_db_path, read_only=True)
    try:
        await _same_scans(store, QUESTIONS)
    finally:
        await store.close()


async def test_an_exact_name_needs_no_scan_of_every_name(full_db_path: Path) -> None:
    store = await Store.open(full_db_path, read_only=True)
    try:
        service = await AskService.create(Catalog(store))
        finder = service.finder
        assert isinstance(finder, StoredCardFinder)
        answer = await service.ask("Can Llanowar Elves tap for mana the turn it enters?")
        assert answer.verdict == "no"
        assert finder.names._keys is None
    finally:
        await store.close()


async def test_stored_names_see_a_change_made_elsewhere(store: Store) -> None:
    names = StoredNames(store.path)
    try:
        assert names.exact("zorblax the undying") == []
        await store.cache_card(
            {
                "object": "card",
                "oracle_id": "00000000-0000-4000-8000-000000000001",
                "name": "Zorblax the Undying",
                "layout": "normal",
                "type_line": "Creature — Horror",
                "oracle_text": "",
                "mana_cost": "{B}",
            }
        )
        assert names.refresh()
        assert [r.name for r in names.exact("zorblax the undying")] == ["Zorblax the Undying"]
        assert names.first("zorblax") == {"Zorblax the Undying"}
    finally:
        names.close()


async def test_a_store_without_a_file_gets_an_in_memory_finder(store: Store) -> None:
    class Fake:
        """A store double: everything but a database file."""

        path = None

        def __getattr__(self, name: str) -> object:
            return getattr(store, name)

    finder = await card_finder(Catalog(Fake()))
    assert type(finder) is TextCardFinder
    assert [f.card_name for f in finder.scan("Can Llanowar Elves tap?").found] == ["Llanowar Elves"]


@pytest.mark.parametrize("word", ["kicker", "enchantment", "t"])
async def test_rules_words_are_stored(store: Store, word: str) -> None:
    names = StoredNames(store.path)
    try:
        assert names.is_rules_word(word)
        assert not names.is_rules_word("zorblax")
    finally:
        names.close()


async def test_feedback_keeps_the_memos_and_a_card_change_empties_them(store: Store) -> None:
    names = StoredNames(store.path)
    try:
        assert names.exact("llanowar elves")
        await store.record_answer(question="q", answer_json="{}")
        assert not names.refresh()
        assert "llanowar elves" in names._exact
        before = await store.data_version()
        obj = await store.card_json("Llanowar Elves")
        assert obj is not None
        await store.cache_card(obj)
        assert names.refresh() and not names._exact
        assert await store.data_version() == before + 1
    finally:
        names.close()
