"""Every row of the question tables (tests/ask/questions/*.jsonl) through the real pipeline."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from tests.ask.conftest import SyncService
from tests.ask.tables import Row, load, load_all, problem, table_files

ROWS = load_all(table_files())


# pool_service runs each row on the fixture pool, then on the full data where present.
@pytest.mark.parametrize("row", ROWS, ids=[r.id for r in ROWS])
def test_question(row: Row, pool_service: SyncService) -> None:
    failure = problem(row, pool_service.ask(row.question))
    assert failure is None, failure


def test_tables_hold_every_family_and_no_question_twice() -> None:
    assert len(ROWS) >= 1500
    families = Counter(r.family for r in ROWS)
    assert set(families) >= {"kicker", "constellation", "tapping", "mana", "out_of_scope"}
    questions = Counter(r.question for r in ROWS)
    assert [q for q, n in questions.items() if n > 1] == []


def test_rows_may_carry_fields_the_tests_do_not_read_yet(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    row = {
        "id": "x-1",
        "question": "Can I kick Ana Battlemage twice?",
        "verdict": "no",
        "refs": ["702.33"],
        "reading": {"cards": ["Ana Battlemage"]},
    }
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    (loaded,) = load(path)
    assert (loaded.kind, loaded.family, loaded.refs) == ("yesno", "t", ("702.33",))
    assert loaded.extra == {"reading": {"cards": ["Ana Battlemage"]}}


@pytest.mark.parametrize(
    "line",
    [
        '{"id": "b"}',
        '{"id": "b", "question": "q", "verdict": 3}',
        '{"id": "b", "question": "q", "verdict": null, "kind": "yesno"}',
        '{"id": "b", "question": "q", "verdict": "yes", "kind": "maybe"}',
        '{"id": "b", "question": "q", "verdict": "yes", "refs": "702.33"}',
    ],
)
def test_a_bad_row_names_its_line(tmp_path: Path, line: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"id": "a", "question": "q", "verdict": "yes"}\n' + line + "\n")
    with pytest.raises(ValueError, match=r"bad.jsonl:2"):
        load(path)


def test_an_id_used_twice_is_an_error(tmp_path: Path) -> None:
    for name in ("a.jsonl", "b.jsonl"):
        (tmp_path / name).write_text('{"id": "x", "question": "q", "verdict": "yes"}\n')
    with pytest.raises(ValueError, match=r"used by a\.jsonl:1 and b\.jsonl:1"):
        load_all(sorted(tmp_path.glob("*.jsonl")))
