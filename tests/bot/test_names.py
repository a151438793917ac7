"""Card-name resolution against a small hand-made pool and the full card pool."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from hypothesis import given, settings

from bot.errors import AmbiguousCardError, UnknownCardError
from bot.store import Store
from bot.store.names import NameEntry, NameIndex, normalize
from tests.hostile import HOSTILE_QUESTIONS, hostile_text


def entry(name: str, oid: str, *, token: bool = False, face_of: str | None = None) -> NameEntry:
    return NameEntry(name=name, oracle_id=oid, is_token=token, face_of=face_of)


SMALL = [
    entry("Ana Battlemage", "ana"),
    entry("Mirari's Wake", "wake"),
    entry("Llanowar Elves", "elves"),
    entry("Llanowar Wastes", "wastes"),
    entry("Thalia, Guardian of Thraben", "thalia1"),
    entry("Thalia, Heretic Cathar", "thalia2"),
    entry("Borborygmos Enraged", "borbo"),
    entry("Delver of Secrets // Insectile Aberration", "delver"),
    entry("Delver of Secrets", "delver", face_of="Delver of Secrets // Insectile Aberration"),
    entry("Insectile Aberration", "delver", face_of="Delver of Secrets // Insectile Aberration"),
    entry("Fire // Ice", "fireice"),
    entry("Fire", "fireice", face_of="Fire // Ice"),
    entry("Ice", "fireice", face_of="Fire // Ice"),
    entry("Shivan Dragon", "shivan"),
    entry("Dragon", "dragon-token", token=True),
    entry("Goblin", "goblin-token", token=True),
    entry("Lim-Dûl's Vault", "vault"),
    entry("Æther Vial", "vial"),
    entry("Donate", "donate"),
    entry("Tinker", "tinker"),
    entry("Deface", "deface"),
    entry("Defile", "defile"),
    # A token that shares a real card's name: the real card wins.
    entry("Shivan Dragon", "shivan-token", token=True),
]


@pytest.fixture(scope="module")
def small() -> NameIndex:
    return NameIndex(SMALL)


@pytest.mark.parametrize(
    ("query", "name", "via"),
    [
        ("Ana Battlemage", "Ana Battlemage", "exact"),
        ("ana battlemage", "Ana Battlemage", "exact"),
        ("  ANA   BATTLEMAGE!! ", "Ana Battlemage", "normalized"),
        ("ana batlemage", "Ana Battlemage", "fuzzy"),
        ("ana battlemag", "Ana Battlemage", "prefix"),
        ("miraris wake", "Mirari's Wake", "normalized"),
        ("Mirari’s Wake", "Mirari's Wake", "normalized"),
        ("mirari wake", "Mirari's Wake", "fuzzy"),
        ("insectile aberration", "Delver of Secrets // Insectile Aberration", "face"),
        ("Insectile Aberation", "Delver of Secrets // Insectile Aberration", "fuzzy"),
        ("delver", "Delver of Secrets // Insectile Aberration", "prefix"),
        ("fire ice", "Fire // Ice", "normalized"),
        ("ice", "Fire // Ice", "face"),
        ("borborygmos", "Borborygmos Enraged", "prefix"),
        ("llanowar elves", "Llanowar Elves", "exact"),
        ("Shivan Dragon", "Shivan Dragon", "exact"),
        ("goblin", "Goblin", "exact"),
        ("lim dul's vault", "Lim-Dûl's Vault", "normalized"),
        ("limduls vault", "Lim-Dûl's Vault", "fuzzy"),
        ("aether vial", "Æther Vial", "normalized"),
        ("Ana Battlemage\x00", "Ana Battlemage", "exact"),
        # Short names: one typo (a swap of neighbours counts as one) is enough.
        ("doante", "Donate", "fuzzy"),
        ("tirker", "Tinker", "fuzzy"),
        ("tinkre", "Tinker", "fuzzy"),
        ("\u200bAna\u200b Battlemage", "Ana Battlemage", "exact"),
    ],
)
def test_small_pool_resolves(small: NameIndex, query: str, name: str, via: str) -> None:
    found = small.resolve(query)
    assert (found.name, found.matched_via) == (name, via)
    assert found.oracle_id == next(e.oracle_id for e in SMALL if e.card_name == name)


def test_real_card_beats_token_of_same_name(small: NameIndex) -> None:
    assert small.resolve("Shivan Dragon").oracle_id == "shivan"
    assert small.lookup_exact("shivan dragon") == next(e for e in SMALL if e.oracle_id == "shivan")


@pytest.mark.parametrize(
    ("query", "candidates"),
    [
        ("thalia", ["Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"]),
        ("llanowar", ["Llanowar Elves", "Llanowar Wastes"]),
        # One letter away from two cards: a guess either way.
        ("defice", ["Deface", "Defile"]),
    ],
)
def test_short_names_are_ambiguous(small: NameIndex, query: str, candidates: list[str]) -> None:
    with pytest.raises(AmbiguousCardError) as info:
        small.resolve(query)
    assert info.value.candidates == candidates
    # Each candidate resolves exactly, so a menu of them works.
    for name in candidates:
        assert small.resolve(name).matched_via == "exact"


@pytest.mark.parametrize(
    "query", ["", "   ", "\x00\x01\x1b", "!!!", "zzzzzzzz", "x" * 10_000, "Ana Battlemage" * 50]
)
def test_unknown_and_garbage(small: NameIndex, query: str) -> None:
    with pytest.raises(UnknownCardError) as info:
        small.resolve(query)
    assert len(info.value.user_message) < 120


@pytest.mark.parametrize(("case", "text"), HOSTILE_QUESTIONS)
def test_hostile_inputs_raise_only_named_errors(small: NameIndex, case: str, text: str) -> None:
    try:
        found = small.resolve(text)
    except (UnknownCardError, AmbiguousCardError) as exc:
        assert exc.user_message and len(exc.user_message) < 400
    else:
        assert found.name in {e.card_name for e in SMALL}
    assert all(len(name) <= 100 for name in small.complete(text))


@settings(max_examples=300, deadline=None)
@given(text=hostile_text())
def test_any_text_resolves_or_raises_a_named_error(text: str) -> None:
    index = NameIndex(SMALL)
    try:
        found = index.resolve(text)
    except (UnknownCardError, AmbiguousCardError) as exc:
        assert exc.user_message
    else:
        assert found.oracle_id in {e.oracle_id for e in SMALL}
    completions = index.complete(text)
    assert len(completions) <= 25 and all(len(n) <= 100 for n in completions)


def test_complete(small: NameIndex) -> None:
    assert small.complete("llan") == ["Llanowar Elves", "Llanowar Wastes"]
    assert small.complete("ana batle")[0] == "Ana Battlemage"
    assert "Dragon" not in small.complete("drag")
    assert small.complete("", 5) == [] and small.complete("llan", 1) == ["Llanowar Elves"]
    assert small.complete("insectile") == ["Delver of Secrets // Insectile Aberration"]


def test_complete_skips_names_over_100_characters() -> None:
    long_name = "A" + " very" * 30 + " long name"
    index = NameIndex([entry(long_name, "long"), entry("A Short Name", "short")])
    assert index.complete("a") == ["A Short Name"]


@pytest.mark.parametrize(
    ("text", "normalized"),
    [
        ("Mirari's Wake", "miraris wake"),
        ("Lim-Dûl's Vault", "lim duls vault"),
        ("Fire // Ice", "fire ice"),
        ("Æther Vial", "aether vial"),
        ("  THALIA,   Guardian ", "thalia guardian"),
        ("", ""),
    ],
)
def test_normalize(text: str, normalized: str) -> None:
    assert normalize(text) == normalized


@pytest.fixture(scope="module")
def full(full_db_path: Path) -> NameIndex:
    async def load() -> NameIndex:
        store = await Store.open(full_db_path, read_only=True)
        try:
            return NameIndex(await store.all_names())
        finally:
            await store.close()

    return asyncio.run(load())


@pytest.mark.parametrize(
    ("query", "name", "via"),
    [
        ("Ana Battlemage", "Ana Battlemage", "exact"),
        ("ana batlemage", "Ana Battlemage", "fuzzy"),
        ("lightening bolt", "Lightning Bolt", "fuzzy"),
        ("conterspell", "Counterspell", "fuzzy"),
        ("bloodmoon", "Blood Moon", "fuzzy"),
        ("mirari's wake", "Mirari's Wake", "exact"),
        ("insectile aberration", "Delver of Secrets // Insectile Aberration", "face"),
        ("fire // ice", "Fire // Ice", "exact"),
        ("ancestral recal", "Ancestral Recall", "prefix"),
        ("eidolon of blossom", "Eidolon of Blossoms", "prefix"),
        ("snapcaster", "Snapcaster Mage", "prefix"),
        ("forest", "Forest", "exact"),
        ("reflecting pool", "Reflecting Pool", "exact"),
        ("emrakul the aeons torn", "Emrakul, the Aeons Torn", "normalized"),
        # "Birds of Paradise Avatar" is a Vanguard card, not one for a deck.
        ("birds", "Birds of Paradise", "prefix"),
    ],
)
def test_full_pool_resolves(full: NameIndex, query: str, name: str, via: str) -> None:
    found = full.resolve(query)
    assert (found.name, found.matched_via) == (name, via)


@pytest.mark.parametrize(
    ("query", "some"),
    [
        ("thalia", {"Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"}),
        ("jace", {"Jace Beleren", "Jace, the Mind Sculptor"}),
        ("emrakul", {"Emrakul, the Aeons Torn", "Emrakul, the Promised End"}),
        ("delver", {"Delver of Secrets // Insectile Aberration", "Delver's Torch"}),
    ],
)
def test_full_pool_short_names_give_candidates(full: NameIndex, query: str, some: set[str]) -> None:
    with pytest.raises(AmbiguousCardError) as info:
        full.resolve(query)
    assert some <= set(info.value.candidates) or len(info.value.candidates) >= 10
    assert len(info.value.candidates) <= NameIndex.MAX_CANDIDATES


@pytest.mark.parametrize("query", ["xyzzy", "goyf", "qqqq wwww eeee", "x" * 10_000])
def test_full_pool_unknown(full: NameIndex, query: str) -> None:
    with pytest.raises(UnknownCardError):
        full.resolve(query)


def test_full_pool_every_name_resolves_to_itself(full: NameIndex, full_db_path: Path) -> None:
    async def names() -> list[NameEntry]:
        store = await Store.open(full_db_path, read_only=True)
        try:
            return await store.all_names()
        finally:
            await store.close()

    for e in asyncio.run(names()):
        if e.is_token or e.face_of:
            continue
        found = full.resolve(e.name)
        assert found.matched_via == "exact"
        assert found.name == e.name


def test_full_pool_complete(full: NameIndex) -> None:
    names = full.complete("llanowar")
    assert "Llanowar Elves" in names and len(names) <= 25
    assert full.complete("ana batt")[0] == "Ana Battlemage"
    assert all(len(n) <= 100 for n in full.complete("a", 25))
