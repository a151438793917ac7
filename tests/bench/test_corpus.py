"""python -m bench.corpus: score.py's summary for a question file, answered in process."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import corpus

ROWS = [
    {
        "id": "c-1",
        "family": "kicker",
        "question": "can i kick gatekeeper of malakir twice??",
        "kind": "yesno",
        "verdict": "no",
        "refs": ["702.33"],
    },
    {
        "id": "c-2",
        "family": "kicker",
        "question": "Can I kick Gatekeeper of Malakir twice?",
        "kind": "yesno",
        "verdict": "yes",
        "refs": ["702.33"],
    },
    {"id": "c-3", "question": "what's the best deck in modern", "kind": "abstain", "verdict": None},
]


def test_prints_the_summary_and_failing_rows(
    tmp_path: Path, fixture_db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    assert corpus.main([str(path), "--db", str(fixture_db_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("WRONG     c-2      expected='yes' got='no'")
    assert out[1].startswith(
        f"{path}: correct 2/3 (67%), wrong 1, abstained 0, right-and-cited 1/2, "
        "verbatim rule citations "
    )
    assert [line.split(":")[0] for line in out[2:]] == ["  -", "  kicker"]


def test_a_row_without_a_kind_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text('{"id": "x", "question": "q"}\n', encoding="utf-8")
    with pytest.raises(SystemExit, match=r"rows.jsonl:1: no kind"):
        corpus.load_items(path)
