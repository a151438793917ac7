"""Store: opening, migrations, built-in data, the read API, feedback and failure modes."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

import pytest

from bot.errors import ImportFailedError, StoreError
from bot.store import Store
from bot.store.records import BUILTIN_SOURCE
from engine.ruling import Rule

ANA = "Ana Battlemage"


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path)


async def test_open_creates_folders_wal_and_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / "db.sqlite3"
    store = await Store.open(path)
    version = await store.schema_version()
    await store.close()
    assert path.is_file()
    with raw(path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA user_version").fetchone()[0] == version
    migrations = sorted((Path(__file__).parents[2] / "data" / "migrations").glob("*.sql"))
    assert version == int(migrations[-1].name.split("_", 1)[0])
    # Reopening applies nothing twice.
    again = await Store.open(path)
    assert await again.schema_version() == version
    await again.close()


async def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    with raw(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    with pytest.raises(StoreError, match="newer rulesbot"):
        await Store.open(path)


async def test_not_sqlite_file_says_how_to_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    content = b"these are my notes, not a database\n" * 100
    path.write_bytes(content)
    with pytest.raises(StoreError) as info:
        await Store.open(path)
    message = info.value.user_message
    assert "not SQLite" in message and "rulesbot sync" in message and "rulesbot import" in message
    assert path.read_bytes() == content


async def test_folder_instead_of_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="folder"):
        await Store.open(tmp_path)


async def test_closed_store_raises_store_error(store: Store) -> None:
    await store.close()
    with pytest.raises(StoreError, match="closed"):
        await store.status()


async def test_fresh_database_uses_builtin_data(store: Store) -> None:
    status = await store.status()
    assert status.using_builtin
    assert {s.dataset for s in status.sources} == {"cards", "rulings", "rules"}
    assert all(s.source == BUILTIN_SOURCE for s in status.sources)
    assert status.cards >= 30 and status.rulings > 0 and status.rules > 0
    assert status.cr_effective == "2026-02-27"
    found = await store.rules([r.value for r in Rule])
    assert set(found) == {r.value for r in Rule}
    # The CR glossary has no entry for constellation (an ability word).
    for term in ("kicker", "bestow", "mana ability", "tap", "untap", "haste", "summoning sickness"):
        assert await store.glossary(term) is not None, term


async def test_seeding_can_be_turned_off(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3", seed_builtin=False)
    status = await store.status()
    await store.close()
    assert (status.cards, status.rulings, status.rules, status.sources) == (0, 0, 0, [])
    assert not status.using_builtin


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("Ana Battlemage", ANA),
        ("ana battlemage", ANA),
        ("ANA BATTLEMAGE", ANA),
        ("  Ana Battlemage ", ANA),
        ("mirari's wake", "Mirari's Wake"),
        ("Miraris Wake", "Mirari's Wake"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration"),
        ("insectile aberration", "Delver of Secrets // Insectile Aberration"),
    ],
)
async def test_card_json_by_name_and_face(store: Store, query: str, name: str) -> None:
    card = await store.card_json(query)
    assert card is not None and card["name"] == name


@pytest.mark.parametrize("query", ["", "   ", "Ana Batlemage", "Not A Card", "x" * 10_000])
async def test_card_json_unknown_is_none(store: Store, query: str) -> None:
    assert await store.card_json(query) is None


async def test_card_json_by_oracle_id(store: Store) -> None:
    ana = await store.card_json(ANA)
    assert ana is not None
    by_id = await store.card_json(ana["oracle_id"])
    assert by_id == ana
    assert by_id["oracle_text"].startswith("Kicker {2}{U}")


async def test_all_names_include_faces(store: Store) -> None:
    entries = await store.all_names()
    by_name = {e.name: e for e in entries}
    assert by_name[ANA].face_of is None and not by_name[ANA].is_token
    face = by_name["Insectile Aberration"]
    assert face.face_of == "Delver of Secrets // Insectile Aberration"
    assert face.oracle_id == by_name[face.face_of].oracle_id
    assert len(entries) == len({(e.name, e.oracle_id) for e in entries})


async def test_rulings_joined_on_oracle_id(store: Store) -> None:
    card = await store.card_json("Reflecting Pool")
    assert card is not None
    rulings = await store.rulings(card["oracle_id"])
    assert len(rulings) >= 2
    assert all(r.card_name == "Reflecting Pool" for r in rulings)
    assert [r.published_at for r in rulings] == sorted(r.published_at for r in rulings)
    assert any("types of mana a land can produce" in r.comment for r in rulings)
    assert await store.rulings("00000000-0000-0000-0000-000000000000") == []


async def test_rule_lookup_and_tree(store: Store) -> None:
    rule = await store.rule("702.33a")
    assert rule is not None and rule.text.startswith("Kicker is a static ability")
    top = await store.rule("702.33.")
    assert top is not None and top.number == "702.33" and top.text == "Kicker"
    tree = await store.rule_tree("702.33")
    numbers = [r.number for r in tree]
    assert numbers[0] == "702.33" and "702.33a" in numbers and "702.33d" in numbers
    assert numbers == sorted(numbers)
    assert all(n == "702.33" or (n.startswith("702.33") and n[6:].isalpha()) for n in numbers)
    assert [r.number for r in await store.rule_tree("702.33d")] == ["702.33d"]
    assert await store.rule("999.9") is None
    assert await store.rule_tree("nonsense") == []
    found = await store.rules(["702.33d", "106.7", "999.1"])
    assert set(found) == {"702.33d", "106.7"}


async def test_rule_numbers_in_cr_order(store: Store) -> None:
    numbers = await store.rule_numbers()
    assert numbers.index("106.7") < numbers.index("702.33") < numbers.index("702.33a")
    assert len(numbers) == (await store.status()).rules


@pytest.mark.parametrize(
    ("query", "term"),
    [
        ("Kicker, Kicked", "Kicker, Kicked"),
        ("kicker", "Kicker, Kicked"),
        ("KICKED", "Kicker, Kicked"),
        ("mana ability", "Mana Ability"),
        ("manna abilty", "Mana Ability"),
        ("haste", "Haste"),
    ],
)
async def test_glossary_exact_forms_and_fuzzy(store: Store, query: str, term: str) -> None:
    entry = await store.glossary(query)
    assert entry is not None and entry.term == term and entry.text


@pytest.mark.parametrize("query", ["", "zzzzqqq", "!!"])
async def test_glossary_unknown(store: Store, query: str) -> None:
    assert await store.glossary(query) is None


async def test_glossary_terms(store: Store) -> None:
    terms = await store.glossary_terms()
    assert "Kicker, Kicked" in terms and len(terms) == (await store.status()).glossary


async def test_search_rules_and_rulings(store: Store) -> None:
    rules = await store.search_rules("kicker additional cost pay", limit=5)
    assert rules and any(r.number.startswith("702.33") for r in rules)
    assert len(await store.search_rules("kicker", limit=2)) <= 2
    assert await store.search_rules("") == []
    ana = await store.card_json(ANA)
    assert ana is not None
    only_ana = await store.search_rulings("untapped creature target", [ana["oracle_id"]])
    assert only_ana and all(r.oracle_id == ana["oracle_id"] for r in only_ana)
    anywhere = await store.search_rulings("types of mana a land can produce", limit=3)
    assert anywhere and any("types of mana a land" in r.comment for r in anywhere)
    assert await store.search_rulings("anything", oracle_ids=[]) == []


async def test_iter_cards_json_yields_every_card(store: Store) -> None:
    names = [card["name"] async for card in store.iter_cards_json()]
    assert len(names) == (await store.status()).cards
    assert names == sorted(names)


async def test_cache_card_keeps_oracle_id_unique(store: Store) -> None:
    ana = await store.card_json(ANA)
    assert ana is not None
    before = (await store.status()).cards
    changed = {**ana, "oracle_text": "Changed text."}
    await store.cache_card(changed, "2026-01-01T00:00:00+00:00")
    assert (await store.status()).cards == before
    fetched = await store.card_json(ANA)
    assert fetched is not None and fetched["oracle_text"] == "Changed text."
    new = {
        "object": "card",
        "oracle_id": "11111111-2222-3333-4444-555555555555",
        "name": "New Card",
    }
    await store.cache_card(new)
    assert (await store.status()).cards == before + 1
    assert any(e.name == "New Card" for e in await store.all_names())
    with pytest.raises(ImportFailedError, match="oracle_id"):
        await store.cache_card({"name": "No Id"})


async def test_set_source(store: Store) -> None:
    await store.set_source("cards", "https://example.org/cards.json", etag='"abc"', updated_at="u1")
    source = await store.source("cards")
    assert source is not None
    assert (source.source, source.etag, source.updated_at) == (
        "https://example.org/cards.json",
        '"abc"',
        "u1",
    )
    assert source.count == (await store.status()).cards
    assert await store.source("nothing") is None
    with pytest.raises(ValueError, match="dataset"):
        await store.set_source("decks", "x")  # type: ignore[arg-type]


async def test_feedback_votes_review_and_recent_wrong(store: Store) -> None:
    first = await store.record_answer(
        question="Can I kick twice?",
        answer_json={"verdict": "no"},
        scenario="kicker",
        guild_id=1,
        channel_id=2,
        user_id=3,
    )
    second = await store.record_answer(question="Q2", answer_json='{"verdict": "yes"}', guild_id=1)
    assert second > first
    await store.set_answer_message(first, 99)
    record = await store.feedback(first)
    assert record is not None and record.message_id == 99
    assert json.loads(record.answer_json) == {"verdict": "no"}

    record = await store.vote(first, 10, "wrong")
    assert record is not None and (record.vote, record.wrong_votes) == ("wrong", 1)
    # One vote per user: voting again changes it rather than adding one.
    record = await store.vote(first, 10, "wrong")
    assert record is not None and record.wrong_votes == 1
    record = await store.vote(first, 11, "correct")
    assert record is not None and record.vote is None  # a tie decides nothing
    record = await store.vote(first, 12, "wrong")
    assert record is not None and (record.vote, record.correct_votes, record.wrong_votes) == (
        "wrong",
        1,
        2,
    )
    await store.vote(second, 10, "wrong")
    assert [r.id for r in await store.recent_wrong(10, guild_id=1)] == [second, first]

    # A judge's review overrides the votes.
    assert await store.recent_wrong(10, guild_id=2) == []
    record = await store.review(first, 500, "correct", guild_id=1)
    assert record is not None and record.verdict == "correct" and record.reviewed_by == 500
    assert [r.id for r in await store.recent_wrong(10, guild_id=1)] == [second]
    await store.review(second, 500, None, guild_id=1)
    record = await store.vote(second, 10, None)
    assert record is not None and record.vote is None and record.wrong_votes == 0
    assert await store.recent_wrong(10, guild_id=1) == []

    assert await store.vote(12345, 1, "wrong") is None
    assert await store.review(12345, 1, "wrong", guild_id=1) is None
    assert await store.review(first, 1, "wrong", guild_id=2) is None
    with pytest.raises(ValueError, match="vote"):
        await store.vote(first, 1, "maybe")  # type: ignore[arg-type]


@pytest.mark.parametrize("inline", [False, True], ids=["aiosqlite", "inline-reads"])
async def test_caches_notice_another_process_import(tmp_path: Path, inline: bool) -> None:
    path = tmp_path / "db.sqlite3"
    reader = await Store.open(path, inline_reads=inline)
    writer = await Store.open(path)
    try:
        ana = await reader.card_json(ANA)
        assert ana is not None
        assert await reader.glossary("kicker") is not None
        assert set(await reader.rules(["702.33d", "100.1"])) == {"702.33d"}
        before = await reader.search_rulings("untapped creature", oracle_ids=[ana["oracle_id"]])
        assert before and "untapped creature" in before[0].comment
        async with writer.staging() as staging:
            await staging.add_rules([])
            from bot.store.crtext import ParsedRule

            await staging.add_rules([ParsedRule("100.1", "Only rule.")])
            await staging.add_glossary([("Widget", "A made-up term.")])
            await staging.add_rulings(
                [(ana["oracle_id"], ANA, "2026-01-01", "A new creature ruling.", "wotc")]
            )
            await staging.commit({"rules": "test", "rulings": "test"})
        assert await reader.glossary("kicker") is None
        widget = await reader.glossary("widget")
        assert widget is not None and widget.text == "A made-up term."
        assert [r.number for r in await reader.search_rules("only rule")] == ["100.1"]
        rules = await reader.rules(["702.33d", "100.1"])
        assert list(rules) == ["100.1"] and rules["100.1"].text == "Only rule."
        after = await reader.search_rulings("untapped creature", oracle_ids=[ana["oracle_id"]])
        assert [r.comment for r in after] == ["A new creature ruling."]
    finally:
        await reader.close()
        await writer.close()


async def test_inline_reads_see_the_store_s_own_open_transaction(tmp_path: Path) -> None:
    store = await Store.open(tmp_path / "db.sqlite3", inline_reads=True)
    try:
        assert store._inline is not None
        async with store.staging() as staging:
            await staging.add_rules([])
            from bot.store.crtext import ParsedRule

            await staging.add_rules([ParsedRule("100.1", "Only rule.")])
            await staging.commit({"rules": "test"})
        assert [r.number for r in await store.search_rules("only rule")] == ["100.1"]
        db = store._conn()
        async with store._writing():
            await db.execute("BEGIN")
            await db.execute("UPDATE rules SET text = 'Changed.' WHERE number = '100.1'")
            # Inside its own transaction the store reads what it wrote, not the file's copy.
            assert (await store.rule("100.1")) is not None
            assert (await store._all("SELECT text FROM rules WHERE number = '100.1'"))[0][0] == (
                "Changed."
            )
            await db.execute("ROLLBACK")
        assert (await store.rule("100.1")).text == "Only rule."  # type: ignore[union-attr]
    finally:
        await store.close()
    assert store._inline is None


async def test_locked_database_gives_clear_error_and_keeps_data(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    store = await Store.open(path, busy_timeout_ms=50)
    before = await store.status()
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN IMMEDIATE")
        other.execute("INSERT INTO meta (key, value) VALUES ('other', 'writer')")
        with pytest.raises(StoreError, match="busy"):
            await store.record_answer(question="q", answer_json="{}")
        with pytest.raises(StoreError, match="busy"):
            await store.cache_card({"oracle_id": "x", "name": "X"})
        # Reads still work while another process writes.
        assert (await store.status()).cards == before.cards
        other.execute("ROLLBACK")
    finally:
        other.close()
    assert await store.record_answer(question="q", answer_json="{}") > 0
    assert (await store.status()) == before
    await store.close()


async def test_read_only_store_reads_and_refuses_writes(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    writable = await Store.open(path)
    before = await writable.status()
    await writable.close()
    store = await Store.open(path, read_only=True)
    try:
        assert await store.status() == before
        assert await store.card_json(ANA) is not None
        with pytest.raises(StoreError, match="read-only"):
            await store.record_answer(question="q", answer_json="{}")
        with pytest.raises(StoreError, match="read-only"):
            async with store.staging():
                pass
    finally:
        await store.close()
    with pytest.raises(StoreError, match="No database"):
        await Store.open(tmp_path / "missing.sqlite3", read_only=True)


async def test_full_disk_gives_clear_error_and_keeps_data(store: Store) -> None:
    before = await store.status()
    db = store._conn()
    async with db.execute("PRAGMA page_count") as cur:
        row = await cur.fetchone()
    assert row is not None
    # SQLite's page cap makes the database "full" exactly as a full disk would.
    await db.execute(f"PRAGMA max_page_count = {row[0]}")
    with pytest.raises(StoreError, match="full"):
        await store.record_answer(question="q" * 200_000, answer_json="{}")
    assert await store.status() == before
    assert await store.recent_wrong(guild_id=1) == []


async def test_concurrent_writers_on_one_store(store: Store) -> None:
    """Tasks sharing the bot's one Store: transactions never interleave."""
    ids = await asyncio.gather(
        *(store.record_answer(question=f"q{i}", answer_json="{}", guild_id=5) for i in range(30))
    )
    assert len(set(ids)) == 30
    votes = [store.vote(ids[0], user, "wrong" if user % 3 else "correct") for user in range(30)]
    cards = [
        store.cache_card({"oracle_id": f"00000000-0000-0000-0000-{i:012d}", "name": f"Card {i}"})
        for i in range(10)
    ]
    await asyncio.gather(*votes, *cards, store.review(ids[1], 7, "wrong", guild_id=5))
    record = await store.feedback(ids[0])
    assert record is not None and (record.correct_votes, record.wrong_votes) == (10, 20)
    assert record.vote == "wrong"
    assert {r.id for r in await store.recent_wrong(50, guild_id=5)} == {ids[0], ids[1]}
    assert sum(1 for e in await store.all_names() if e.name.startswith("Card ")) == 10


async def test_two_imports_on_one_store_run_one_after_the_other(store: Store) -> None:
    from bot.store.crtext import ParsedRule

    async def load(text: str) -> None:
        async with store.staging() as staging:
            await staging.add_rules([ParsedRule("100.1", text)])
            await asyncio.sleep(0)
            await staging.add_glossary([(text, text)])
            await staging.commit({"rules": text})

    await asyncio.gather(
        load("First."), load("Second."), store.record_answer(question="q", answer_json="{}")
    )
    rule = await store.rule("100.1")
    assert rule is not None and rule.text == "Second."
    assert await store.glossary_terms() == ["Second."]


async def test_processes_opening_a_new_database_at_once(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    stores = await asyncio.gather(*(Store.open(path) for _ in range(4)))
    try:
        statuses = [await s.status() for s in stores]
        assert all(s == statuses[0] for s in statuses)
        assert statuses[0].using_builtin and statuses[0].cards > 0
    finally:
        for s in stores:
            await s.close()


async def test_database_with_foreign_tables_says_how_to_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with raw(path) as conn:
        conn.execute("CREATE TABLE cards (x)")
    with pytest.raises(StoreError, match="rulesbot sync"):
        await Store.open(path)
    with raw(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"cards"}


async def test_damaged_database_says_how_to_rebuild(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    await (await Store.open(path)).close()
    data = bytearray(path.read_bytes())
    # Keep the header page; scribble over the start of every other page.
    for offset in range(4096, len(data), 4096):
        data[offset : offset + 200] = bytes(range(200))
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError) as info:
        store = await Store.open(path)
        try:
            await store.status()
            await store.card_json(ANA)
        finally:
            await store.close()
    assert "damaged" in info.value.user_message and "rulesbot sync" in info.value.user_message


async def test_feedback_kept_before_per_guild_review_counts_as_private(tmp_path: Path) -> None:
    """Older rows don't say whether their answer was private: none may reach a review."""
    path = tmp_path / "old.sqlite3"
    first = sorted((Path(__file__).parents[2] / "data" / "migrations").glob("*.sql"))[0]
    with raw(path) as conn:
        conn.executescript(first.read_text(encoding="utf-8"))
        conn.execute(f"PRAGMA user_version = {int(first.name.split('_', 1)[0])}")
        conn.execute(
            "INSERT INTO feedback (id, created_at, guild_id, question, answer_json, vote) "
            "VALUES (1, '2026-01-01T00:00:00+00:00', 5, 'Maybe private?', '{}', 'wrong')"
        )
        conn.commit()
    store = await Store.open(path)
    try:
        record = await store.feedback(1)
        assert record is not None and record.private
        assert await store.recent_wrong(10, guild_id=5) == []
        new = await store.record_answer(question="Public", answer_json="{}", guild_id=5)
        await store.vote(new, 1, "wrong")
        assert [r.id for r in await store.recent_wrong(10, guild_id=5)] == [new]
    finally:
        await store.close()


async def test_open_ready_reads_a_ready_database_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite3"
    assert Store.open_ready(path) is None  # no file: open() makes it
    await (await Store.open(path, seed_builtin=False)).close()
    assert Store.open_ready(path) is None  # no data yet: open() seeds it
    opened = await Store.open(path)
    expected = await opened.status()
    await opened.close()
    ready = Store.open_ready(path)
    assert ready is not None and ready.read_only
    assert await ready.status() == expected
    assert (await ready.card_json(ANA) or {}).get("name") == ANA
    with pytest.raises(StoreError, match="reading only"):
        await ready.set_source("cards", "elsewhere")
    await ready.close()
    with raw(path) as conn:
        assert conn.execute("SELECT source FROM sources WHERE dataset = 'cards'").fetchone()[0] == (
            BUILTIN_SOURCE
        )
        conn.execute(f"PRAGMA user_version = {Store.latest_schema() - 1}")
    assert Store.open_ready(path) is None  # an older schema: open() migrates it


def test_open_ready_declines_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("not a database", encoding="utf-8")
    assert Store.open_ready(path) is None
    assert Store.open_ready(tmp_path) is None


def _worded(path: Path, word: str) -> set[str]:
    with raw(path) as conn:
        return {
            r[0]
            for r in conn.execute(
                "SELECT c.name FROM name_words w JOIN cards c USING (oracle_id) WHERE w.word = ?",
                (word,),
            )
        }


async def test_words_of_names_follow_the_cards(tmp_path: Path) -> None:
    path = tmp_path / "words.sqlite3"
    store = await Store.open(path)
    try:
        assert _worded(path, "battlemage") >= {ANA}
        card = {"object": "card", "oracle_id": "11111111-2222-3333-4444-555555555555"}
        await store.cache_card({**card, "name": "Quorble, Zyxwv Sage"})
        assert _worded(path, "quorble") == _worded(path, "zyxwv") == {"Quorble, Zyxwv Sage"}
        await store.cache_card({**card, "name": "Plimbo Sage"})
        assert _worded(path, "quorble") == set()
        assert _worded(path, "plimbo") == {"Plimbo Sage"}
    finally:
        await store.close()


async def test_upgrading_a_database_indexes_the_words_of_its_names(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    await (await Store.open(path)).close()
    with raw(path) as conn:
        conn.execute("DROP TABLE name_words")
        conn.execute("PRAGMA user_version = 3")
        conn.commit()
    await (await Store.open(path)).close()
    assert ANA in _worded(path, "battlemage")
