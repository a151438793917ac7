"""The players' corpus: the working split row by row, the held-out split under a ceiling."""

from __future__ import annotations

from collections import Counter

import pytest

from bench.scoring import OK, WRONG, Tally, judge
from bot.answer import Answer, Citation
from tests.ask.conftest import SyncService
from tests.ask.tables import (
    PLAYERS,
    PLAYERS_HELDOUT,
    Row,
    as_item,
    format_problems,
    heldout_ceiling,
    load_all,
    player_rows,
    table_files,
)

WORKING = player_rows(PLAYERS)
HELDOUT = player_rows(PLAYERS_HELDOUT)
FAMILIES = ("kicker", "constellation", "tapping", "mana")


def working_problem(row: Row, answer: Answer) -> str | None:
    """A row is answered right; a row marked "gap" is at least not answered wrong."""
    cits = [c.model_dump() for c in answer.citations]
    status = judge(as_item(row), answer.verdict, cits, {}).status
    got = f"{status}: {answer.verdict!r}, expected {row.verdict!r} :: {row.question}"
    gap = row.extra.get("gap")
    if gap is None:
        return None if status == OK else f"{row.id} {got}"
    if status == WRONG:
        return f"{row.id} (gap: {gap}) {got}"
    if status == OK:
        return f"{row.id} is now answered right: remove its gap mark ({gap})"
    return None


# Defined only when the corpus has rows: an empty parametrisation would be a skip.
if WORKING:

    @pytest.mark.parametrize("row", WORKING, ids=[r.id for r in WORKING])
    def test_working_split(row: Row, pool_service: SyncService) -> None:
        failure = working_problem(row, pool_service.ask(row.question))
        assert failure is None, failure


def test_heldout_split_stays_under_its_wrong_ceiling(pool_service: SyncService) -> None:
    tally = Tally()
    wrong: list[str] = []
    for row in HELDOUT:
        answer = pool_service.ask(row.question)
        judged = judge(as_item(row), answer.verdict, [c.model_dump() for c in answer.citations], {})
        tally.add(judged)
        if judged.status == WRONG:
            wrong.append(f"{row.id}: {answer.verdict!r}, expected {row.verdict!r}")
    print(f"held-out players' questions: {tally.summary()}")
    ceiling = heldout_ceiling(len(HELDOUT))
    assert tally.wrong <= ceiling, (
        f"{tally.wrong} wrong of {len(HELDOUT)} (at most {ceiling}): {tally.summary()}"
    )


def test_corpus_rows_are_well_formed_and_in_one_split_only() -> None:
    rows = WORKING + HELDOUT
    problems = [p for row in rows for p in format_problems(row)]
    assert problems == []
    # Unique ids across the corpus and the tables; no question in both splits.
    load_all([*table_files(), *(p for p in (PLAYERS, PLAYERS_HELDOUT) if p.is_file())])
    both = {r.question for r in WORKING} & {r.question for r in HELDOUT}
    assert both == set()
    assert all("gap" not in r.extra for r in HELDOUT), "the held-out split carries no gap marks"


def test_corpus_files_exist() -> None:
    assert PLAYERS.is_file()
    assert PLAYERS_HELDOUT.is_file()


def _answer(verdict: str | None, *refs: str) -> Answer:
    cits = [Citation(source="rule", ref=r, text="") for r in refs]
    return Answer(question="q", verdict=verdict, citations=cits)


def _row(verdict: str | None, kind: str, **extra: object) -> Row:
    return Row("p-1", "q", verdict, kind, ("702.33",), "kicker", "players.jsonl:1", dict(extra))


@pytest.mark.parametrize(
    ("row", "answer", "passes"),
    [
        (_row("no", "yesno"), _answer("No"), True),
        (_row("no", "yesno"), _answer(None), False),
        (_row("no", "yesno"), _answer("yes"), False),
        (_row("no", "yesno", gap="reads 'twice' wrong"), _answer(None), True),
        (_row("no", "yesno", gap="reads 'twice' wrong"), _answer("unknown"), True),
        (_row("no", "yesno", gap="reads 'twice' wrong"), _answer("yes"), False),
        (_row("no", "yesno", gap="reads 'twice' wrong"), _answer("no"), False),
        (_row(None, "abstain"), _answer(None), True),
        (_row(None, "abstain"), _answer("yes"), False),
        (_row(None, "abstain", alt=["yes"]), _answer("yes"), True),
        (_row("{3}{R}", "mana"), _answer("{R}{1}{2}"), True),
    ],
)
def test_working_rows_ratchet(row: Row, answer: Answer, passes: bool) -> None:
    assert (working_problem(row, answer) is None) == passes


def test_a_gap_row_answered_right_says_to_remove_the_mark() -> None:
    problem = working_problem(_row("no", "yesno", gap="x"), _answer("no"))
    assert problem is not None and "remove its gap mark" in problem


@pytest.mark.parametrize(
    ("n", "allowed"), [(0, 0), (10, 0), (24, 0), (25, 1), (60, 1), (75, 2), (100, 3)]
)
def test_heldout_ceiling(n: int, allowed: int) -> None:
    assert heldout_ceiling(n) == allowed


def test_format_problems_name_what_a_row_lacks() -> None:
    bare = _row("no", "yesno")
    assert {p.split(": ", 1)[1] for p in format_problems(bare)} == {
        "no 'why'",
        "no 'source'",
        "no 'cards'",
        "source needs a url",
    }
    full = _row(
        None,
        "abstain",
        why="out of scope",
        cards=[],
        source={"url": "https://example.org/t/1", "title": "t"},
        gap="no",
    )
    assert format_problems(full) == ["p-1: gap is a reason, on a row that expects a verdict"]


def test_the_corpus_is_large_enough() -> None:
    rows = WORKING + HELDOUT
    # The brief's second family is constellation, Auras and "must be blocked" together.
    families = Counter(
        "constellation" if r.family == "blocking" else r.family for r in rows if r.kind != "abstain"
    )
    out_of_scope = sum(r.kind == "abstain" for r in rows)
    assert len(rows) >= 300, f"{len(rows)} players' questions, at least 300 wanted"
    short = {f: families[f] for f in FAMILIES if families[f] < 50}
    assert short == {}, f"families with fewer than 50 questions: {short}"
    assert out_of_scope >= 40, f"{out_of_scope} out-of-scope questions, at least 40 wanted"
