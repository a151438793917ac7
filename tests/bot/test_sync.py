"""`rulesbot sync` and on-demand card fetches against a local Scryfall/Wizards stand-in."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import sys
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from bot.errors import AmbiguousCardError, UnknownCardError
from bot.settings import Settings
from bot.sources.scryfall import ScryfallClient, fetch_and_cache
from bot.sources.sync import SyncError, SyncReport, find_rules_txt_link, run_sync
from bot.store import Store
from tests.bot.conftest import FakeClock
from tests.bot.fakeserver import (
    FakeScryfall,
    make_card,
    make_ruling,
    sample_cards,
    sample_rules_text,
)

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data"
NEW_UPDATED_AT = "2026-02-01T09:00:00.000+00:00"


@pytest.fixture
async def client(server: FakeScryfall, clock: FakeClock) -> AsyncIterator[ScryfallClient]:
    async with ScryfallClient(
        api_url=server.api_url, clock=clock, sleep=clock.sleep, timeout=0.3, max_retries=2
    ) as c:
        yield c


@pytest.fixture
def settings(server: FakeScryfall) -> Settings:
    return Settings(scryfall_api_url=server.api_url, rules_url=server.rules_url)


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "rulesbot.sqlite3")
    try:
        yield s
    finally:
        await s.close()


async def sync(
    store: Store, settings: Settings, client: ScryfallClient, *, force: bool = False
) -> SyncReport:
    return await run_sync(store, settings, force=force, client=client)


def statuses(report: SyncReport) -> dict[str, str]:
    return {r.dataset: r.status for r in report.results}


# -- a normal sync --------------------------------------------------------------------------


async def test_sync_from_scratch_loads_everything_and_records_provenance(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    report = await sync(store, settings, client)
    assert report.ok, report.summary()
    assert statuses(report) == {"cards": "updated", "rulings": "updated", "rules": "updated"}

    status = await store.status()
    assert status.cards == len(server.cards)
    assert status.rulings == len(server.rulings)
    assert not status.using_builtin
    card = await store.card_json("Glimmer Pool")
    assert card is not None and card["id"] == server.cards[0]["id"]
    assert [r.comment for r in await store.rulings(card["oracle_id"])] == [
        r["comment"] for r in server.rulings if r["oracle_id"] == card["oracle_id"]
    ]
    assert await store.rule("702.33a") is not None

    cards_source = await store.source("cards")
    assert cards_source is not None
    assert cards_source.source == server.base_url + server.file_path("oracle_cards")
    assert cards_source.updated_at == server.bulk["oracle_cards"].updated_at
    assert cards_source.etag == server.bulk["oracle_cards"].file.etag
    rules_source = await store.source("rules")
    assert rules_source is not None
    assert rules_source.source == server.base_url + "/downloads/MagicCompRules%2020260227.txt"
    assert rules_source.etag == server.rules_file.etag
    # Only the two bulk files it needs, never the other bulk entries.
    assert server.count("/files/") == 2
    assert "updated" in report.summary() and "\n" not in report.summary()


async def test_second_sync_skips_unchanged_files(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    await sync(store, settings, client)
    files_before, rules_before = server.count("/files/"), server.count("/downloads/")

    report = await sync(store, settings, client)
    assert report.ok
    assert statuses(report) == {"cards": "unchanged", "rulings": "unchanged", "rules": "unchanged"}
    # Same updated_at: the bulk files are not even asked for.
    assert server.count("/files/") == files_before
    # The rules file is asked for with its ETag and answered 304.
    assert server.count("/downloads/") == rules_before + 1
    assert server.seen("/downloads/")[-1].headers["If-None-Match"] == server.rules_file.etag
    assert sum(r.downloaded for r in report.results) == 0


async def test_new_updated_at_with_same_content_is_answered_304(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    await sync(store, settings, client)
    old_etag = server.bulk["oracle_cards"].file.etag
    server.touch("oracle_cards", NEW_UPDATED_AT)

    report = await sync(store, settings, client)
    assert report.result("cards").status == "unchanged"
    assert report.result("cards").detail == "not modified"
    last = server.seen("/files/")[-1]
    assert last.path == server.file_path("oracle_cards")
    assert last.headers["If-None-Match"] == old_etag
    source = await store.source("cards")
    assert source is not None and source.updated_at == NEW_UPDATED_AT
    # Recorded, so the next sync does not ask again.
    asked = server.count("/files/")
    await sync(store, settings, client)
    assert server.count("/files/") == asked


async def test_changed_file_is_imported(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    await sync(store, settings, client)
    server.set_bulk(
        "oracle_cards", [*server.cards, make_card("Fresh Wurm")], updated_at=NEW_UPDATED_AT
    )

    report = await sync(store, settings, client)
    assert report.result("cards").status == "updated"
    assert report.result("cards").count == len(server.cards) + 1
    assert await store.card_json("Fresh Wurm") is not None
    assert report.result("rulings").status == "unchanged"


async def test_force_downloads_everything_without_conditions(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    await sync(store, settings, client)
    start = len(server.requests)
    report = await sync(store, settings, client, force=True)
    assert statuses(report) == {"cards": "updated", "rulings": "updated", "rules": "updated"}
    downloads = [
        r for r in server.requests[start:] if r.path.startswith(("/files/", "/downloads/"))
    ]
    assert len(downloads) == 3
    assert all("If-None-Match" not in r.headers for r in downloads)


@pytest.mark.parametrize(
    ("fmt", "encoding"), [("jsonl", "none"), ("json", "file"), ("jsonl", "file")]
)
async def test_jsonl_and_gzip_files(
    store: Store,
    settings: Settings,
    client: ScryfallClient,
    server: FakeScryfall,
    fmt: Any,
    encoding: Any,
) -> None:
    server.set_bulk("oracle_cards", server.cards, fmt=fmt, encoding=encoding)
    server.set_bulk("rulings", server.rulings, fmt=fmt, encoding=encoding)
    report = await sync(store, settings, client)
    assert report.ok, report.summary()
    assert (await store.status()).cards == len(server.cards)
    assert (await store.status()).rulings == len(server.rulings)


async def test_rules_url_may_point_straight_at_the_text(
    store: Store, client: ScryfallClient, server: FakeScryfall
) -> None:
    direct = Settings(
        scryfall_api_url=server.api_url, rules_url=server.base_url + server.rules_txt_path
    )
    assert (await sync(store, direct, client)).result("rules").status == "updated"
    assert server.count("/rules") == 0
    again = await sync(store, direct, client)
    assert again.result("rules").status == "unchanged"


async def test_429_with_retry_after_is_honoured_then_sync_succeeds(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    server.fail("/bulk-data", "429", times=1, retry_after="7")
    report = await sync(store, settings, client)
    assert report.ok, report.summary()
    seen = server.seen("/bulk-data")
    assert len(seen) == 2
    assert seen[1].at - seen[0].at >= 7


async def test_a_flaky_download_is_retried(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    server.fail("/files/oracle-cards", "503", times=1)
    report = await sync(store, settings, client)
    assert report.ok, report.summary()
    assert server.count("/files/oracle-cards") == 2


# -- failures keep the previous data ------------------------------------------------------

FAILURES = [
    # (id, path prefix, fault, datasets that must fail)
    ("bulk-list-500", "/bulk-data", "500", {"cards", "rulings"}),
    ("bulk-list-503", "/bulk-data", "503", {"cards", "rulings"}),
    ("bulk-list-garbage", "/bulk-data", "garbage", {"cards", "rulings"}),
    ("bulk-list-timeout", "/bulk-data", "timeout", {"cards", "rulings"}),
    ("cards-500", "/files/oracle-cards", "500", {"cards"}),
    ("cards-timeout", "/files/oracle-cards", "timeout", {"cards"}),
    ("cards-truncated", "/files/oracle-cards", "truncate", {"cards"}),
    ("cards-garbage", "/files/oracle-cards", "garbage", {"cards"}),
    ("cards-corrupt-gzip", "/files/oracle-cards", "corrupt_gzip", {"cards"}),
    ("rulings-dropped", "/files/rulings", "drop", {"rulings"}),
    ("rulings-truncated", "/files/rulings", "truncate", {"rulings"}),
    ("rules-page-503", "/rules", "503", {"rules"}),
    ("rules-text-truncated", "/downloads/", "truncate", {"rules"}),
    ("rules-text-garbage", "/downloads/", "garbage", {"rules"}),
]


@pytest.mark.parametrize(
    ("path", "kind", "failing"), [f[1:] for f in FAILURES], ids=[f[0] for f in FAILURES]
)
async def test_failure_keeps_previous_data_in_use(
    store: Store,
    settings: Settings,
    client: ScryfallClient,
    server: FakeScryfall,
    caplog: pytest.LogCaptureFixture,
    path: str,
    kind: Any,
    failing: set[str],
) -> None:
    assert (await sync(store, settings, client)).ok
    before = await store.status()
    glimmer = await store.card_json("Glimmer Pool")
    assert glimmer is not None
    old_rulings = await store.rulings(glimmer["oracle_id"])

    # New data everywhere, so every dataset would change if its step succeeded.
    wurm = make_card("Fresh Wurm")
    server.set_bulk("oracle_cards", [*server.cards, wurm], updated_at=NEW_UPDATED_AT)
    server.set_bulk(
        "rulings",
        [*server.rulings, make_ruling(wurm, "Wurms are fresh.")],
        updated_at=NEW_UPDATED_AT,
    )
    server.set_rules(sample_rules_text("March 1, 2026"), filename="MagicCompRules 20260301.txt")
    server.fail(path, kind, times=None, delay=5)

    with caplog.at_level(logging.ERROR, logger="bot.sources.sync"):
        report = await sync(store, settings, client)

    assert not report.ok
    assert {r.dataset for r in report.failed} == failing
    for r in report.failed:
        assert r.detail and "\n" not in r.detail and "Traceback" not in r.detail
    assert "FAILED" in report.summary() and "previous data kept" in report.summary()
    logged = [
        rec
        for rec in caplog.records
        if rec.name == "bot.sources.sync" and rec.levelno >= logging.ERROR
    ]
    assert {d for d in failing if any(d in rec.getMessage() for rec in logged)} == failing
    assert all(rec.exc_info is None for rec in logged)

    after = await store.status()
    if "cards" in failing:
        assert after.cards == before.cards
        assert await store.card_json("Fresh Wurm") is None
        source = await store.source("cards")
        assert source is not None and source.updated_at != NEW_UPDATED_AT
    else:
        assert await store.card_json("Fresh Wurm") is not None
    if "rulings" in failing:
        assert after.rulings == before.rulings
    if "rules" in failing:
        assert after.cr_effective == before.cr_effective == "2026-02-27"
        assert await store.rule("702.33a") is not None
    else:
        assert after.cr_effective == "2026-03-01"
    # Old data still answers queries.
    assert await store.card_json("Glimmer Pool") == glimmer
    if "rulings" in failing:
        assert await store.rulings(glimmer["oracle_id"]) == old_rulings

    # Once the server behaves again, the next sync catches up.
    server.clear_faults()
    recovered = await sync(store, settings, client)
    assert recovered.ok, recovered.summary()
    assert await store.card_json("Fresh Wurm") is not None
    assert (await store.status()).cr_effective == "2026-03-01"


@pytest.mark.parametrize("kind", ["corrupt_gzip", "truncate", "garbage"])
async def test_damaged_gz_file_keeps_previous_cards(
    store: Store,
    settings: Settings,
    client: ScryfallClient,
    server: FakeScryfall,
    kind: Any,
) -> None:
    server.set_bulk("oracle_cards", server.cards, encoding="file")
    assert (await sync(store, settings, client)).ok
    assert server.file_path("oracle_cards").endswith(".json.gz")
    before = await store.status()
    server.set_bulk(
        "oracle_cards",
        [*server.cards, make_card("Fresh Wurm")],
        updated_at=NEW_UPDATED_AT,
        encoding="file",
    )
    server.fail("/files/oracle-cards", kind, times=None)
    report = await sync(store, settings, client)
    assert [r.dataset for r in report.failed] == ["cards"]
    assert "/tmp/" not in report.result("cards").detail
    assert (await store.status()).cards == before.cards
    assert await store.card_json("Fresh Wurm") is None
    assert await store.card_json("Glimmer Pool") is not None


async def test_corrupt_download_on_a_fresh_database_keeps_builtin_data(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    before = await store.status()
    server.fail("/files/", "truncate", times=None)
    report = await sync(store, settings, client)
    assert {r.dataset for r in report.failed} == {"cards", "rulings"}
    after = await store.status()
    assert after.cards == before.cards
    assert after.rulings == before.rulings
    assert after.using_builtin


async def test_rules_page_without_a_txt_link_fails_clearly(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    server.rules_page_links_txt = False
    server.set_rules(b"unused")
    report = await sync(store, settings, client)
    rules = report.result("rules")
    assert rules.status == "failed"
    assert "Comprehensive Rules" in rules.detail
    assert report.result("cards").status == "updated"


async def test_missing_bulk_entry_fails_that_dataset_only(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    del server.bulk["rulings"]
    report = await sync(store, settings, client)
    assert report.result("rulings").status == "failed"
    assert "rulings" in report.result("rulings").detail
    assert report.result("cards").status == "updated"


async def test_empty_bulk_file_does_not_wipe_cards(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    assert (await sync(store, settings, client)).ok
    server.set_bulk("oracle_cards", [], updated_at=NEW_UPDATED_AT)
    report = await sync(store, settings, client)
    assert report.result("cards").status == "failed"
    assert (await store.status()).cards == len(server.cards)


async def test_sync_error_message_is_one_line(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    server.fail("/bulk-data", "500", times=None)
    report = await sync(store, settings, client)
    error = SyncError.from_report(report)
    assert "\n" not in error.user_message
    assert "cards" in error.user_message and "previous data" in error.user_message


# -- the rules page -----------------------------------------------------------------------

BASE = "https://magic.wizards.com/en/rules"
LINKS = [
    (
        '<a href="https://media.wizards.com/2026/downloads/MagicCompRules 20260227.pdf">PDF</a>'
        '<a href="https://media.wizards.com/2026/downloads/MagicCompRules 20260227.txt">TXT</a>',
        "https://media.wizards.com/2026/downloads/MagicCompRules%2020260227.txt",
    ),
    (
        '<a href="/notes/changes.txt">What changed</a>'
        '<a class="btn" href="../dl/MagicCompRules%2020250404.txt">TXT</a>',
        "https://magic.wizards.com/dl/MagicCompRules%2020250404.txt",
    ),
    ('<a href="/notes/changes.txt">What changed</a>', None),
    (
        '<a href="/files/rules.TXT">Comprehensive Rules (text)</a>',
        "https://magic.wizards.com/files/rules.TXT",
    ),
    ('<a href="/x.pdf">PDF</a><p>no text file</p>', None),
    ("", None),
]


@pytest.mark.parametrize(("html", "expected"), LINKS)
def test_find_rules_txt_link(html: str, expected: str | None) -> None:
    assert find_rules_txt_link(f"<html><body>{html}</body></html>", BASE) == expected


# -- on-demand fetch ----------------------------------------------------------------------


async def test_fetch_and_cache_stores_card_with_fetched_time_and_rulings(
    tmp_path: Path, client: ScryfallClient, server: FakeScryfall
) -> None:
    db = tmp_path / "ondemand.sqlite3"
    store = await Store.open(db)
    try:
        assert await store.card_json("Glimmer Pool") is None
        before = datetime.now(UTC)
        card = await fetch_and_cache(store, client, "glimmer pol")
        after = datetime.now(UTC)
        assert card["name"] == "Glimmer Pool"
        assert await store.card_json("Glimmer Pool") == card
        rulings = await store.rulings(card["oracle_id"])
        assert len(rulings) == 2
        assert {r.card_name for r in rulings} == {"Glimmer Pool"}
    finally:
        await store.close()
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        (fetched_at,) = conn.execute(
            "SELECT fetched_at FROM cards WHERE oracle_id = ?", (card["oracle_id"],)
        ).fetchone()
    assert before <= datetime.fromisoformat(fetched_at) <= after


async def test_fetched_card_survives_a_bulk_import_without_it(
    store: Store, settings: Settings, client: ScryfallClient, server: FakeScryfall
) -> None:
    extra = make_card("Late Printing")
    server.cards.append(extra)
    await fetch_and_cache(store, client, "Late Printing")
    server.set_bulk("oracle_cards", sample_cards(), updated_at=NEW_UPDATED_AT)
    assert (await sync(store, settings, client)).ok
    assert await store.card_json("Late Printing") is not None


async def test_fetch_and_cache_without_rulings_service_still_caches(
    store: Store, client: ScryfallClient, server: FakeScryfall
) -> None:
    server.fail(f"/cards/{server.cards[2]['id']}/rulings", "500", times=None)
    card = await fetch_and_cache(store, client, "Thornwood Elf")
    assert await store.card_json("Thornwood Elf") == card
    assert server.count(f"/cards/{card['id']}/rulings") == client.max_retries + 1


@pytest.mark.parametrize(
    ("name", "error"), [("Nonexistent Dragon", UnknownCardError), ("o", AmbiguousCardError)]
)
async def test_fetch_and_cache_unknown_or_ambiguous_caches_nothing(
    store: Store, client: ScryfallClient, name: str, error: type[Exception]
) -> None:
    before = (await store.status()).cards
    with pytest.raises(error):
        await fetch_and_cache(store, client, name)
    assert (await store.status()).cards == before


# -- the command line ---------------------------------------------------------------------


async def _cli(server: FakeScryfall, db: Path, *args: str) -> tuple[int, str, str]:
    env = {
        **os.environ,
        "RULESBOT_SCRYFALL_API_URL": server.api_url,
        "RULESBOT_RULES_URL": server.rules_url,
    }
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.cli",
        "--db",
        str(db),
        "sync",
        *args,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        cwd=db.parent,
    )
    out, err = await proc.communicate()
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_cli_sync_prints_a_summary(tmp_path: Path, server: FakeScryfall) -> None:
    db = tmp_path / "cli.sqlite3"
    code, out, err = await _cli(server, db)
    assert code == 0, err
    assert out.count("\n") == 1 and out.startswith("Sync: cards updated")
    code, out, _ = await _cli(server, db)
    assert code == 0 and "cards unchanged" in out
    code, out, _ = await _cli(server, db, "--force")
    assert code == 0 and "cards updated" in out


async def test_cli_sync_failure_is_one_clear_line_and_nonzero(
    tmp_path: Path, server: FakeScryfall
) -> None:
    db = tmp_path / "cli.sqlite3"
    server.fail("/files/rulings", "garbage", times=None)
    code, out, err = await _cli(server, db)
    assert code != 0
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("rulesbot: Sync of rulings failed")
    assert "previous data" in err
    assert "rulings FAILED" in out and "cards updated" in out


# -- the real data, if present ------------------------------------------------------------


async def test_sync_of_the_real_data_files(tmp_path: Path, clock: FakeClock) -> None:
    files = {n: DATA / n for n in ("cards.json", "rulings.json", "comprules.txt")}
    if not all(p.is_file() for p in files.values()):
        pytest.skip("../shared/data is not present")
    async with FakeScryfall(cards=[], rulings=[], rules_text=files["comprules.txt"]) as server:
        # Served gzip-encoded on the fly, as Scryfall's bulk files are.
        server.set_bulk("oracle_cards", files["cards.json"])
        server.set_bulk("rulings", files["rulings.json"])
        settings = Settings(scryfall_api_url=server.api_url, rules_url=server.rules_url)
        store = await Store.open(tmp_path / "real.sqlite3")
        try:
            async with ScryfallClient(api_url=server.api_url, clock=clock, sleep=clock.sleep) as c:
                report = await run_sync(store, settings, client=c)
            assert report.ok, report.summary()
            status = await store.status()
            oracle_ids = {
                c.get("oracle_id") or c["card_faces"][0]["oracle_id"]
                for c in json.loads(files["cards.json"].read_bytes())
            }
            assert status.cards == len(oracle_ids) > 33_000
            assert status.rulings == 43_412
            assert status.cr_effective == "2026-02-27"
            pool = await store.card_json("Reflecting Pool")
            assert pool is not None
            assert len(await store.rulings(pool["oracle_id"])) == 6
        finally:
            await store.close()
