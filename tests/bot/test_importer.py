"""Importer: format detection, idempotence, atomicity and clear errors on bad files."""

from __future__ import annotations

import asyncio
import gzip
import io
import json
import os
import signal
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.errors import ImportFailedError, StoreError
from bot.store import Store
from bot.store.importer import detect, import_paths, import_stream
from bot.store.records import StoreStatus
from tests.bot.test_crtext import MINI_CR
from tests.conftest import FULL_FILES, REPO

BUILTIN = REPO / "data" / "builtin"


def builtin_records(name: str) -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = json.loads((BUILTIN / name).read_text("utf-8"))
    return records


def cards(n: int | None = None) -> list[dict[str, Any]]:
    return builtin_records("cards.json")[:n]


def rulings() -> list[dict[str, Any]]:
    return builtin_records("rulings.json")


def as_array(records: list[dict[str, Any]]) -> bytes:
    # One record per line, like Scryfall's bulk files.
    lines = ",\n".join(json.dumps(r, ensure_ascii=False) for r in records)
    return f"[\n{lines}\n]\n".encode()


def as_jsonl(records: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()


def as_list_object(records: list[dict[str, Any]]) -> bytes:
    return json.dumps({"object": "list", "has_more": False, "data": records}, indent=2).encode()


def write(tmp_path: Path, name: str, data: bytes, gz: bool = False) -> Path:
    path = tmp_path / name
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


async def counts(store: Store) -> tuple[int, int, int, int]:
    status = await store.status()
    return status.cards, status.rulings, status.rules, status.glossary


@pytest.fixture
async def empty(tmp_path: Path) -> Any:
    store = await Store.open(tmp_path / "db.sqlite3", seed_builtin=False)
    try:
        yield store
    finally:
        await store.close()


ENCODERS: dict[str, Callable[[list[dict[str, Any]]], bytes]] = {
    "array": as_array,
    "jsonl": as_jsonl,
    "list": as_list_object,
}


@pytest.mark.parametrize("fmt", ["array", "jsonl", "list"])
@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
# The name never decides the format: a gzip file called .json and vice versa.
async def test_imports_cards_and_rulings_in_every_format(
    empty: Store, tmp_path: Path, fmt: str, gz: bool
) -> None:
    card_file = write(tmp_path, "cards.txt", ENCODERS[fmt](cards()), gz)
    ruling_file = write(tmp_path, "r.json.gz" if not gz else "r.json", ENCODERS[fmt](rulings()), gz)
    assert detect(card_file) == ("cards", fmt, gz)
    assert detect(ruling_file) == ("rulings", fmt, gz)
    summary = await import_paths(empty, [card_file, ruling_file])
    assert summary.counts == {"cards": len(cards()), "rulings": len(rulings())}
    assert [f.kind for f in summary.files] == ["cards", "rulings"]
    assert all(f.gzipped is gz and f.format == fmt for f in summary.files)
    assert await counts(empty) == (len(cards()), len(rulings()), 0, 0)
    ana = await empty.card_json("Ana Battlemage")
    assert ana is not None and ana == next(c for c in cards() if c["name"] == "Ana Battlemage")
    assert isinstance(ana["cmc"], float)
    assert await empty.rulings(ana["oracle_id"])


@pytest.mark.parametrize("newline", ["\r\n", "\n"], ids=["crlf", "lf"])
@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
async def test_imports_cr_text(empty: Store, tmp_path: Path, newline: str, gz: bool) -> None:
    text = MINI_CR.replace("\r\n", newline)
    path = write(tmp_path, "rules.json", text.encode("utf-8"), gz)
    assert detect(path) == ("rules", "text", gz)
    summary = await import_paths(empty, [path], source="https://example.org/cr.txt")
    assert summary.counts == {"rules": 9}
    assert summary.glossary == 2 and summary.cr_effective == "2026-02-27"
    assert "9 rules" in str(summary) and "2026-02-27" in str(summary)
    status = await empty.status()
    assert (status.rules, status.glossary, status.cr_effective) == (9, 2, "2026-02-27")
    source = await empty.source("rules")
    assert source is not None and source.source == "https://example.org/cr.txt"
    rule = await empty.rule("100.2")
    assert rule is not None and rule.examples == [
        "Example: A player has sixty cards.",
        "Example: Another player has forty.",
    ]
    assert (await empty.rule("702.33")) is not None


async def test_jsonl_with_a_first_record_longer_than_the_sniffed_head(
    empty: Store, tmp_path: Path
) -> None:
    big = {**cards(1)[0], "oracle_text": "word " * 40_000}
    path = write(tmp_path, "c.jsonl", as_jsonl([big, *cards()[1:3]]))
    assert detect(path) == ("cards", "jsonl", False)
    summary = await import_paths(empty, [path])
    assert summary.counts == {"cards": 3}
    card = await empty.card_json(big["name"])
    assert card is not None and card["oracle_text"] == big["oracle_text"]


@pytest.mark.parametrize(
    "data",
    [
        json.dumps({"object": "list", "data": cards(3)}).encode(),
        json.dumps({"has_more": False, "data": cards(3), "object": "list"}).encode(),
        json.dumps({"data": cards(3), "object": "list"}, indent=1).encode(),
    ],
    ids=["compact", "object-last", "pretty"],
)
async def test_scryfall_list_objects(empty: Store, tmp_path: Path, data: bytes) -> None:
    path = write(tmp_path, "page.json", data)
    summary = await import_paths(empty, [path])
    assert summary.counts == {"cards": 3} and summary.files[0].format == "list"


async def test_reimport_replaces_without_duplicates(empty: Store, tmp_path: Path) -> None:
    files = [
        write(tmp_path, "c.json", as_array(cards())),
        write(tmp_path, "r.json", as_array(rulings())),
        write(tmp_path, "cr.txt", MINI_CR.encode()),
    ]
    await import_paths(empty, files)
    first = await counts(empty)
    await import_paths(empty, files)
    assert await counts(empty) == first
    # A smaller file replaces the dataset rather than adding to it.
    await import_paths(empty, [write(tmp_path, "few.json", as_jsonl(cards(5)))])
    assert (await empty.status()).cards == 5
    assert len(await empty.all_names()) >= 5


async def test_same_oracle_id_twice_keeps_one_card(empty: Store, tmp_path: Path) -> None:
    base = cards(1)[0]
    renamed = {**base, "oracle_text": "Second copy."}
    await import_paths(empty, [write(tmp_path, "c.json", as_jsonl([base, renamed]))])
    assert (await empty.status()).cards == 1
    card = await empty.card_json(base["name"])
    assert card is not None and card["oracle_text"] == "Second copy."


async def test_reversible_card_does_not_replace_the_plain_card(
    empty: Store, tmp_path: Path
) -> None:
    forest = next(c for c in cards() if c["name"] == "Forest")
    face = {"object": "card_face", "name": "Forest", "oracle_id": forest["oracle_id"]}
    reversible = {
        "object": "card",
        "name": "Forest // Forest",
        "layout": "reversible_card",
        "card_faces": [face, face],
    }
    for order in ([forest, reversible], [reversible, forest]):
        summary = await import_paths(empty, [write(tmp_path, "c.json", as_array(order))])
        card = await empty.card_json("Forest")
        assert card is not None and card["name"] == "Forest"
        assert (await empty.status()).cards == 1
        # The reversible printing is reported, not dropped silently.
        assert summary.skipped == [
            "Forest // Forest: a reversible_card printing of Forest, which was kept"
        ]
        assert "1 card objects were merged into another: Forest // Forest" in str(summary)


async def test_english_printing_wins_over_other_languages(empty: Store, tmp_path: Path) -> None:
    delver = next(c for c in cards() if c["name"].startswith("Delver of Secrets"))
    faces = [{**f, "name": f"{f['name']} (ja)"} for f in delver["card_faces"]]
    japanese = {**delver, "lang": "ja", "oracle_text": "日本語", "card_faces": faces}
    for order in ([delver, japanese], [japanese, delver]):
        await import_paths(empty, [write(tmp_path, "c.json", as_jsonl(order))])
        card = await empty.card_json(delver["oracle_id"])
        assert card is not None and card.get("lang", "en") == "en"
        names = {e.name for e in await empty.all_names()}
        assert "Insectile Aberration" in names
        assert not any(n.endswith("(ja)") for n in names)
    await import_paths(empty, [write(tmp_path, "c.json", as_jsonl([japanese]))])
    card = await empty.card_json(delver["oracle_id"])
    assert card is not None and card["lang"] == "ja"


async def test_real_import_replaces_builtin_per_dataset(store: Store, tmp_path: Path) -> None:
    assert (await store.status()).using_builtin
    await import_paths(store, [write(tmp_path, "c.json", as_jsonl(cards(3)))])
    status = await store.status()
    sources = {s.dataset: s.source for s in status.sources}
    assert status.cards == 3
    assert sources["cards"].endswith("c.json")
    assert sources["rulings"] == sources["rules"] == "builtin"
    assert status.using_builtin
    await import_paths(
        store,
        [
            write(tmp_path, "r.json", as_jsonl(rulings())),
            write(tmp_path, "cr.txt", MINI_CR.encode()),
        ],
    )
    status = await store.status()
    assert not status.using_builtin
    assert status.rules == 9
    # Built-in data never comes back once a dataset was imported.
    await store.close()
    reopened = await Store.open(store.path)
    assert (await reopened.status()).rules == 9
    await reopened.close()


async def test_cached_cards_survive_an_import_without_them(empty: Store, tmp_path: Path) -> None:
    extra = {"object": "card", "oracle_id": "99999999-0000-0000-0000-000000000000", "name": "Zed"}
    await empty.cache_card(extra)
    await import_paths(empty, [write(tmp_path, "c.json", as_jsonl(cards(4)))])
    assert (await empty.status()).cards == 5
    assert await empty.card_json("Zed") is not None


GARBAGE: dict[str, bytes] = {
    "empty file": b"",
    "empty array": b"[]",
    "binary": bytes(range(256)) * 10,
    "prose": b"Dear diary, today I played Magic.\n" * 20,
    "truncated array": as_array(cards())[:-200],
    "truncated jsonl": as_jsonl(cards())[:-50],
    "bad json line": as_jsonl(cards(3)) + b"{not json}\n",
    "not cards": as_array([{"object": "deck", "name": "x"}]),
    "mixed records": as_array([*cards(2), rulings()[0]]),
    "card without oracle_id": as_array([{"object": "card", "name": "No Id"}]),
    "ruling without comment": as_jsonl(
        [{"object": "ruling", "oracle_id": "x", "published_at": "d"}]
    ),
    "numbers": b"[1, 2, 3]",
    "cr without glossary": MINI_CR.split("Glossary\r\n\r\nKicker")[0].encode(),
    "latin-1 cr": MINI_CR.replace("didn’t", "didn\u00e9t").encode("latin-1", errors="replace"),
}


@pytest.mark.parametrize("name", list(GARBAGE))
@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
async def test_bad_input_fails_clearly_and_keeps_old_data(
    store: Store, tmp_path: Path, name: str, gz: bool
) -> None:
    before = await store.status()
    bad = write(tmp_path, "bad.json", GARBAGE[name], gz)
    good = write(tmp_path, "good.json", as_jsonl(cards(2)))
    with pytest.raises(ImportFailedError) as info:
        # The good file comes first: it must not be applied either.
        await import_paths(store, [good, bad])
    message = info.value.user_message
    assert "bad.json" in message and "Nothing was changed" in message
    assert await store.status() == before


async def test_truncated_gzip_fails_clearly(store: Store, tmp_path: Path) -> None:
    before = await store.status()
    data = gzip.compress(as_array(cards()))
    path = write(tmp_path, "cut.gz", data[: len(data) // 2])
    with pytest.raises(ImportFailedError, match="truncated"):
        await import_paths(store, [path])
    assert await store.status() == before


@pytest.mark.parametrize("what", ["missing", "folder"])
async def test_unreadable_paths(store: Store, tmp_path: Path, what: str) -> None:
    path = tmp_path / "nothing.json" if what == "missing" else tmp_path
    with pytest.raises(ImportFailedError, match=r"No such file|folder"):
        await import_paths(store, [path])
    with pytest.raises(ImportFailedError, match="No files"):
        await import_paths(store, [])


async def test_two_rules_files_in_one_import_are_refused(store: Store, tmp_path: Path) -> None:
    a = write(tmp_path, "a.txt", MINI_CR.encode())
    b = write(tmp_path, "b.txt", MINI_CR.encode())
    with pytest.raises(ImportFailedError, match="one Comprehensive Rules file"):
        await import_paths(store, [a, b])


async def test_import_stream_checks_the_expected_kind(store: Store, tmp_path: Path) -> None:
    path = write(tmp_path, "download", gzip.compress(as_array(rulings())))
    with pytest.raises(ImportFailedError, match="expected cards"):
        await import_stream(store, "cards", path, "https://example.org/bulk")
    summary = await import_stream(store, "rulings", path, "https://example.org/bulk")
    assert summary.counts == {"rulings": len(rulings())}
    source = await store.source("rulings")
    assert source is not None and source.source == "https://example.org/bulk"


async def test_no_progress_bar_without_a_tty(
    store: Store, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    await import_paths(store, [write(tmp_path, "c.json", as_array(cards()))], progress=True)
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""


async def test_import_into_a_locked_database_keeps_data(tmp_path: Path) -> None:
    import sqlite3

    store = await Store.open(tmp_path / "db.sqlite3", busy_timeout_ms=50)
    before = await store.status()
    other = sqlite3.connect(store.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(StoreError, match="busy"):
            await import_paths(store, [write(tmp_path, "c.json", as_jsonl(cards(3)))])
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert await store.status() == before
    await store.close()


async def test_import_into_a_full_database_keeps_data(store: Store, tmp_path: Path) -> None:
    before = await store.status()
    big = [
        {**c, "oracle_id": f"{i:08d}-0000-0000-0000-000000000000", "name": f"C{i}"}
        for i, c in enumerate(cards() * 40)
    ]
    db = store._conn()
    async with db.execute("PRAGMA page_count") as cur:
        row = await cur.fetchone()
    assert row is not None
    await db.execute(f"PRAGMA max_page_count = {row[0] + 5}")
    with pytest.raises(StoreError, match="full"):
        await import_paths(store, [write(tmp_path, "c.json", as_jsonl(big))])
    assert await store.status() == before


KILL_SCRIPT = """
import asyncio, sys
from pathlib import Path
from bot.store import Store
from bot.store.staging import Staging
from bot.store.importer import import_paths

original = Staging.add_cards
async def slow_add_cards(self, rows):
    await original(self, rows)
    print("staged", flush=True)
    await asyncio.sleep(60)
Staging.add_cards = slow_add_cards

async def main():
    store = await Store.open(sys.argv[1])
    await import_paths(store, [Path(sys.argv[2])])
asyncio.run(main())
"""


async def test_import_killed_midway_leaves_old_data(store: Store, tmp_path: Path) -> None:
    before = await store.status()
    path = write(tmp_path, "c.json", as_jsonl(cards(5)))
    child = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        KILL_SCRIPT,
        str(store.path),
        str(path),
        stdout=asyncio.subprocess.PIPE,
        cwd=REPO,
    )
    try:
        assert child.stdout is not None
        line = await asyncio.wait_for(child.stdout.readline(), 60)
        assert line.strip() == b"staged"
    finally:
        child.send_signal(signal.SIGKILL)
        await child.wait()
    assert child.returncode == -signal.SIGKILL
    assert await store.status() == before
    reopened = await Store.open(store.path)
    try:
        assert await reopened.status() == before
        assert await reopened.card_json("Ana Battlemage") is not None
    finally:
        await reopened.close()


def test_read_only_file_still_reads_and_refuses_imports(tmp_path: Path) -> None:
    """A database file the user can't write (checked as an unprivileged user when root)."""
    folder = Path(tempfile.mkdtemp(prefix="rulesbot-ro-"))
    try:
        path = folder / "db.sqlite3"

        async def build() -> StoreStatus:
            opened = await Store.open(path)
            status = await opened.status()
            await opened.close()
            return status

        before = asyncio.run(build())
        cards_file = write(folder, "c.json", as_jsonl(cards(2)))
        os.chmod(path, 0o444)
        os.chmod(folder, 0o555)
        read, written = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - runs in the child
            code = 1
            try:
                os.close(read)
                if os.geteuid() == 0:
                    os.setgid(65534)
                    os.setuid(65534)

                async def attempt() -> str:
                    try:
                        opened = await Store.open(path)
                    except StoreError as exc:
                        return "open: " + exc.user_message
                    try:
                        seen = await opened.status()
                        ana = await opened.card_json("Ana Battlemage")
                        reads = f"cards={seen.cards} ana={ana is not None}"
                        await import_paths(opened, [cards_file])
                    except StoreError as exc:
                        return f"{reads} import: {exc.user_message}"
                    finally:
                        await opened.close()
                    return "imported"

                os.write(written, asyncio.run(attempt()).encode())
                code = 0
            finally:
                os._exit(code)
        os.close(written)
        with os.fdopen(read, "rb") as pipe:
            outcome = pipe.read().decode()
        _, status = os.waitpid(pid, 0)
        assert os.WEXITSTATUS(status) == 0
        # Reading works; the import fails clearly.
        assert outcome.startswith(f"cards={before.cards} ana=True import: "), outcome
        assert "read-only" in outcome
        os.chmod(folder, 0o755)
        os.chmod(path, 0o644)
        after = asyncio.run(build())
        assert after == before
    finally:
        os.chmod(folder, 0o755)
        for child in folder.iterdir():
            child.unlink()
        folder.rmdir()


async def test_full_shared_data_import(full_db_path: Path) -> None:
    store = await Store.open(full_db_path, read_only=True)
    try:
        status = await store.status()
    finally:
        await store.close()
    assert (status.rulings, status.rules, status.glossary) == (43412, 3266, 726)
    # Six reversible basics ("Forest // Forest") share an oracle id with the plain card.
    assert status.cards == 33247 - 6
    assert status.cr_effective == "2026-02-27" and not status.using_builtin
    assert {s.source for s in status.sources} == {str(p.resolve()) for p in FULL_FILES}
    assert {s.count for s in status.sources} == {status.cards, status.rulings, status.rules}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.one_of(
        st.binary(max_size=2000),
        st.binary(max_size=500).map(lambda b: b"[" + b),
        st.binary(max_size=500).map(lambda b: b'{"object":"card",' + b),
        st.binary(max_size=500).map(gzip.compress),
        st.text(max_size=500).map(str.encode),
    )
)
def test_arbitrary_bytes_never_crash_the_importer(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), "input", data)

        async def attempt() -> tuple[StoreStatus, StoreStatus]:
            store = await Store.open(Path(folder) / "db.sqlite3")
            try:
                before = await store.status()
                try:
                    await import_paths(store, [path])
                except ImportFailedError as exc:
                    assert (
                        "Nothing was changed" in exc.user_message or "No such" in exc.user_message
                    )
                return before, await store.status()
            finally:
                await store.close()

        before, after = asyncio.run(attempt())
        # Random bytes are never a valid data file, so nothing may have changed.
        assert after == before


@pytest.mark.parametrize("gz", [False, True], ids=["plain", "gzip"])
async def test_import_stream_from_an_open_file(store: Store, tmp_path: Path, gz: bool) -> None:
    path = write(tmp_path, "download.bin", as_array(rulings()), gz)
    with path.open("rb") as handle:
        summary = await import_stream(store, "rulings", handle, "https://example.org/r")
        assert not handle.closed
    assert summary.counts == {"rulings": len(rulings())}
    buffer = io.BytesIO(MINI_CR.encode())
    summary = await import_stream(store, None, buffer, "memory")
    assert summary.counts == {"rules": 9} and not buffer.closed
    source = await store.source("rules")
    assert source is not None and source.source == "memory"
