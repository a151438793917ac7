"""Retrieval cases: questions and the rules or rulings the full-text search must surface."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store import Store

# Question -> rule numbers (or rule families: "702.19" covers "702.19c") a judge would quote.
RULE_CASES: dict[str, tuple[str, ...]] = {
    "Does deathtouch work with trample?": ("702.2", "702.19"),
    "How does ward work?": ("702.21",),
    "What happens when a creature with lifelink deals damage?": ("702.15",),
    "Can I respond to a mana ability?": ("605",),
    "When can a creature with summoning sickness attack?": ("302.6",),
    "What does hexproof do?": ("702.11",),
    "How does the legend rule work?": ("704.5j",),
    "What happens to an Aura when the enchanted creature leaves the battlefield?": (
        "303.4",
        "704.5m",
    ),
    "How does first strike combat damage work?": ("702.7", "510.4"),
    "What is the maximum hand size?": ("402.2",),
    "What happens when a player has 0 or less life?": ("704.5a",),
    "How does a mulligan work?": ("103.5",),
    "Can a creature with reach block a creature with flying?": ("702.9b", "702.17b"),
    "Does a token cease to exist when it leaves the battlefield?": ("111.7", "111.8", "704.5d"),
    "What happens if I have to draw a card from an empty library?": ("704.5b", "121.4"),
    "Can I pay a kicker cost more than once?": ("702.33",),
    "What is the mana value of a split card?": ("709.4", "202.3"),
    "How does protection from a color work?": ("702.16",),
    "What does menace mean for blocking?": ("702.111",),
    "Does vigilance mean the creature doesn't tap when it attacks?": ("702.20",),
    "When does a delayed triggered ability trigger?": ("603.7",),
    "What happens to +1/+1 and -1/-1 counters on the same creature?": ("704.5q",),
}
# Measured with the previous BM25 (rank-bm25, in memory) on these cases: an expected rule
# among the first three numbered rules for 21 of them, first for 16.
TOP3_BEFORE = 21
TOP1_BEFORE = 16

# Card, question -> the start of the ruling that must come first for that card.
RULING_CASES: list[tuple[str, str, str]] = [
    (
        "Ana Battlemage",
        "enters kicked and it's the only untapped creature. What does that trigger target?",
        "The second triggered ability targets an untapped creature.",
    ),
    (
        "Eidolon of Blossoms",
        "i control two permanents with constellation and an enchantment enters under my "
        "control. do both trigger?",
        "When an enchantment enters the battlefield under your control, each",
    ),
    (
        "Goldenhide Ox",
        "target creature must be blocked if able",
        "If multiple attacking creatures must be blocked if able",
    ),
    (
        "Reflecting Pool",
        "what mana can it make with a forest",
        "Multiple Reflecting Pools won’t help each other produce mana",
    ),
]


def _covers(number: str, wanted: str) -> bool:
    rest = number[len(wanted) :]
    return number.startswith(wanted) and not rest[:1].isdigit()


@pytest_asyncio.fixture
async def full(full_db_path: Path) -> AsyncIterator[Store]:
    store = await Store.open(full_db_path, read_only=True)
    try:
        yield store
    finally:
        await store.close()


async def _numbered(store: Store, question: str) -> list[str]:
    # As an abstention quotes them: section headings left out.
    return [r.number for r in await store.search_rules(question, limit=6) if "." in r.number]


@pytest.mark.parametrize("question", list(RULE_CASES))
async def test_rule_cases_surface_an_expected_rule(full: Store, question: str) -> None:
    found = await _numbered(full, question)
    assert any(_covers(n, w) for n in found for w in RULE_CASES[question]), found


async def test_rule_cases_rank_no_worse_than_before(full: Store) -> None:
    top1 = top3 = 0
    for question, wanted in RULE_CASES.items():
        found = await _numbered(full, question)
        top1 += any(_covers(n, w) for n in found[:1] for w in wanted)
        top3 += any(_covers(n, w) for n in found[:3] for w in wanted)
    assert top3 >= TOP3_BEFORE and top1 >= TOP1_BEFORE


@pytest.mark.parametrize(("card", "question", "first"), RULING_CASES)
async def test_ruling_cases_pick_the_card_ruling(
    full: Store, card: str, question: str, first: str
) -> None:
    obj = await full.card_json(card)
    assert obj is not None
    found = await full.search_rulings(question, oracle_ids=[obj["oracle_id"]], limit=1)
    assert [r.comment[: len(first)] for r in found] == [first]


async def test_search_over_every_ruling_and_the_glossary(full: Store) -> None:
    anywhere = await full.search_rulings("types of mana a land can produce", limit=3)
    assert anywhere and all("land" in r.comment.casefold() for r in anywhere)
    entries = await full.search_glossary("deathtouch", limit=3)
    assert entries and entries[0].term.startswith("Deathtouch")


async def test_index_lives_in_the_database(store: Store) -> None:
    """The index is read from the file: a fresh connection finds rows without building it."""
    raw = sqlite3.connect(store.path)
    try:
        hits = raw.execute(
            "SELECT number FROM rules_fts WHERE rules_fts MATCH 'kicker' LIMIT 3"
        ).fetchall()
        rulings = raw.execute(
            "SELECT COUNT(*) FROM rulings_fts WHERE rulings_fts MATCH 'kicked'"
        ).fetchone()
    finally:
        raw.close()
    assert hits and rulings and rulings[0] > 0


async def test_cached_rulings_replace_the_indexed_ones(store: Store) -> None:
    ana = await store.card_json("Ana Battlemage")
    assert ana is not None
    oracle_id = ana["oracle_id"]
    query = "second triggered ability targets untapped creature"
    before = await store.search_rulings(query, [oracle_id])
    assert before and before[0].comment.startswith("The second triggered ability")
    await store.cache_rulings(
        oracle_id, [{"published_at": "2030-01-01", "comment": "A zorblax never untaps."}]
    )
    assert await store.search_rulings(query, [oracle_id]) == []
    assert all(r.oracle_id != oracle_id for r in await store.search_rulings(query, limit=50))
    found = await store.search_rulings("zorblax", limit=5)
    assert [r.comment for r in found] == ["A zorblax never untaps."]
    raw = sqlite3.connect(store.path)
    try:
        # 'integrity-check' fails if the index and the rulings table disagree.
        raw.execute("INSERT INTO rulings_fts (rulings_fts) VALUES ('integrity-check')")
    finally:
        raw.close()


async def test_existing_database_gets_indexed_on_upgrade(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store = await Store.open(path)
    await store.close()
    raw = sqlite3.connect(path, isolation_level=None)
    try:
        # Back to the schema before full-text search, data kept.
        tables = ("rulings_vocab", "rulings_fts", "glossary_fts", "rules_fts", "rule_words")
        for table in (*tables, "name_words"):
            raw.execute(f"DROP TABLE {table}")
        raw.execute("DELETE FROM meta WHERE key IN ('rulings_words', 'data_generation')")
        raw.execute("PRAGMA user_version = 2")
    finally:
        raw.close()
    store = await Store.open(path)
    try:
        assert await store.schema_version() >= 3
        assert any(r.number.startswith("702.33") for r in await store.search_rules("kicker"))
        ana = await store.card_json("Ana Battlemage")
        assert ana is not None
        assert await store.search_rulings("untapped creature target", [ana["oracle_id"]])
    finally:
        await store.close()
