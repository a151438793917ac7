"""The fixture pool: small, and enough to read every question as the full pool does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bench.scoring import load_rules
from engine.ruling import Rule
from tests.ask.conftest import SyncService
from tests.ask.pool import fixture_pool
from tests.ask.tables import PLAYERS, PLAYERS_HELDOUT, load_all, player_rows, table_files
from tests.conftest import FIXTURE, FIXTURE_FILES

REBUILD = "rerun python tests/ask/fixtures/build.py"


def _scan(service: SyncService, text: str) -> tuple[Any, ...]:
    scan = service.service.finder.scan(text)
    return [(f.card_name, f.start, f.end) for f in scan.found], sorted(scan.ambiguous.items())


def test_fixture_stays_small() -> None:
    assert sum(p.stat().st_size for p in FIXTURE_FILES) < 1024 * 1024


def test_fixture_holds_every_card_the_corpus_lists() -> None:
    names = set(fixture_pool())
    for obj in fixture_pool().values():
        names.update(f["name"].casefold() for f in obj.get("card_faces") or ())
    rows = player_rows(PLAYERS) + player_rows(PLAYERS_HELDOUT)
    missing = sorted(
        {c for r in rows for c in r.extra.get("cards", []) if c.casefold() not in names}
    )
    assert missing == [], REBUILD


@pytest.mark.full_data
def test_fixture_reads_every_question_as_the_full_pool(
    fixture_db_path: Path, full_db_path: Path
) -> None:
    small, full = SyncService(fixture_db_path), SyncService(full_db_path)
    try:
        rows = load_all([*table_files(), *(p for p in (PLAYERS, PLAYERS_HELDOUT) if p.is_file())])
        differ = [r.id for r in rows if _scan(small, r.question) != _scan(full, r.question)]
    finally:
        small.close()
        full.close()
    assert len(rows) >= 1500
    assert differ == [], REBUILD


def test_fixture_rules_hold_every_rule_the_engine_cites() -> None:
    rules = load_rules(FIXTURE / "comprules.txt")
    missing = [r.value for r in Rule if r.value not in rules and "." in r.value]
    assert missing == [], REBUILD
