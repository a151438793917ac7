"""bench.scoring judges answers as ../shared/eval/score.py does."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench import scoring
from bench.scoring import ABSTAINED, OK, WRONG, Tally, judge
from tests.conftest import SHARED

SCORE_PY = SHARED / "eval" / "score.py"


@pytest.mark.parametrize(
    ("kind", "expected", "got", "status"),
    [
        ("yesno", "yes", "Yes.", OK),
        ("yesno", "yes", "yes, if it has haste", OK),
        ("yesno", "no", "yes", WRONG),
        ("yesno", "no", None, ABSTAINED),
        ("yesno", "no", " unknown ", ABSTAINED),
        ("number", "3", "3 times", OK),
        ("number", "3", "three", WRONG),
        ("mana", "{5}{G}{U}{B}", "{B}{2}{U}{G}{3}", OK),
        ("mana", "{5}{G}", "{5}{G}{G}", WRONG),
        ("types", "WUBRG", "G, R, B, U, W", OK),
        ("types", "none", "no mana", OK),
        ("types", "C", "none", WRONG),
        ("card", "Ana Battlemage", "ana battlemage", OK),
        ("abstain", None, None, OK),
        ("abstain", None, "yes", WRONG),
    ],
)
def test_verdict_forms(kind: str, expected: str | None, got: str | None, status: str) -> None:
    item = {"kind": kind, "verdict": expected, "refs": []}
    assert judge(item, got, [], {}).status == status


def test_abstain_alternatives_count_as_right() -> None:
    item = {"kind": "abstain", "verdict": None, "alt": ["No"]}
    assert judge(item, "no", [], {}).status == OK


def test_summary_counts_cited_and_verbatim_answers() -> None:
    rules = scoring.load_rules(Path(__file__).parents[1] / "ask" / "fixtures" / "comprules.txt")
    text = "Kicker is a static ability that functions while the spell with kicker is on the stack."
    good = [{"source": "rule", "ref": "702.33a", "text": text}]
    bad = [{"source": "rule", "ref": "702.33a", "text": "Kicker is a keyword."}]
    tally = Tally()
    item = {"kind": "yesno", "verdict": "no", "refs": ["702.33"]}
    tally.add(judge(item, "no", good, rules))
    tally.add(judge(item, "no", bad, rules))
    tally.add(judge({**item, "refs": ["601.2f"]}, "yes", good, rules))
    tally.add(judge({"kind": "abstain", "verdict": None}, None, [], rules))
    assert tally.summary().startswith(
        "correct 3/4 (75%), wrong 1, abstained 0, right-and-cited 2/3, verbatim rule citations 2/3"
    )


def _score_py() -> ModuleType:
    spec = importlib.util.spec_from_file_location("score", SCORE_PY)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


VERDICTS = st.one_of(
    st.none(),
    st.sampled_from(["yes", "No.", "unknown", "", "3", "-1 more", "{2}{G}", "WUBRG", "none"]),
    st.text(alphabet="{}WUBRGC0123456789 ,.yesnoknu", max_size=12),
)


@pytest.mark.skipif(not SCORE_PY.is_file(), reason="../shared/eval/score.py is not available")
@settings(max_examples=400, deadline=None)
@given(
    kind=st.sampled_from(["yesno", "number", "mana", "types", "card"]),
    expected=st.sampled_from(["yes", "no", "3", "0", "{2}{G}{G}", "{X}{R}", "WU", "none", "C"]),
    got=VERDICTS,
    refs=st.lists(st.sampled_from(["702.33", "601.2f", "ruling"]), max_size=2),
    cited=st.lists(st.sampled_from(["rule:702.33d", "rule:601.2", "ruling:x"]), max_size=2),
)
def test_same_judgement_as_score_py(
    kind: str, expected: str, got: Any, refs: list[str], cited: list[str]
) -> None:
    score = _score_py()
    if kind == "number" and not expected.lstrip("-").isdigit():
        return
    cits = [{"source": c.split(":")[0], "ref": c.split(":")[1], "text": ""} for c in cited]
    try:
        want = score.verdict_matches(kind, expected, got)
    except (IndexError, ValueError) as exc:
        with pytest.raises(type(exc)):
            scoring.verdict_matches(kind, expected, got)
        return
    assert scoring.verdict_matches(kind, expected, got) == want
    assert scoring.is_abstain(got) == score.is_abstain(got)
    assert scoring.citation_hit(refs, cits) == score.citation_hit(refs, cits)
