"""The question tables in tests/ask/questions: loading the rows and checking answers to them."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.answer import Answer

QUESTIONS = Path(__file__).resolve().parent / "questions"
HELDOUT = QUESTIONS / "heldout"
PLAYERS = QUESTIONS / "players.jsonl"
PLAYERS_HELDOUT = HELDOUT / "players.jsonl"
KINDS = frozenset({"yesno", "number", "mana", "types", "card", "abstain"})
_REQUIRED = ("id", "question", "verdict")
_SYMBOL = re.compile(r"\{[^}]+\}")


@dataclass(frozen=True)
class Row:
    """One question with its expected verdict (None: the bot must abstain) and rules."""

    id: str
    question: str
    verdict: str | None
    kind: str
    refs: tuple[str, ...]
    family: str
    source: str
    # Fields the tests don't read yet ("reading", "why", "source", ...) are kept here.
    extra: dict[str, Any] = field(default_factory=dict)


def kind_of(verdict: str | None) -> str:
    """The verdict form a row without a "kind" field has."""
    if verdict is None:
        return "abstain"
    if verdict.startswith("{"):
        return "mana"
    if re.fullmatch(r"-?\d+", verdict):
        return "number"
    if verdict in ("yes", "no"):
        return "yesno"
    if verdict == "none" or re.fullmatch(r"[WUBRGC]+", verdict):
        return "types"
    return "card"


def load(path: Path) -> list[Row]:
    """The rows of one JSON-lines file; a malformed row is an error naming its line."""
    rows: list[Row] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path.name}:{number}"
        obj = json.loads(line)
        if not isinstance(obj, dict) or any(k not in obj for k in _REQUIRED):
            raise ValueError(f"{where}: a row needs {', '.join(_REQUIRED)}")
        verdict = obj["verdict"]
        if verdict is not None and not isinstance(verdict, str):
            raise ValueError(f"{where}: the verdict is a string or null")
        kind = obj.get("kind") or kind_of(verdict)
        if kind not in KINDS:
            raise ValueError(f"{where}: unknown kind {kind!r}")
        if (kind == "abstain") != (verdict is None):
            raise ValueError(f"{where}: only an abstain row has a null verdict")
        refs = obj.get("refs") or []
        if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
            raise ValueError(f"{where}: refs is a list of rule numbers")
        known = {"id", "question", "verdict", "kind", "refs", "family"}
        rows.append(
            Row(
                id=str(obj["id"]),
                question=str(obj["question"]),
                verdict=verdict,
                kind=kind,
                refs=tuple(refs),
                family=str(obj.get("family") or path.stem),
                source=where,
                extra={k: v for k, v in obj.items() if k not in known},
            )
        )
    return rows


def table_files() -> list[Path]:
    """The tables we wrote: every questions/*.jsonl but the players' corpus."""
    return sorted(p for p in QUESTIONS.glob("*.jsonl") if not p.name.startswith("players"))


def load_all(paths: list[Path]) -> list[Row]:
    rows = [row for path in paths for row in load(path)]
    seen: dict[str, str] = {}
    for row in rows:
        if row.id in seen:
            raise ValueError(f"id {row.id!r} is used by {seen[row.id]} and {row.source}")
        seen[row.id] = row.source
    return rows


def same_verdict(kind: str, expected: str | None, got: str | None) -> bool:
    """The tables' own check, stricter than the scorer's: the verdict the bot's forms give."""
    if expected is None or got is None:
        return expected is got
    if kind == "mana":
        # A mana cost is the same whatever order its symbols are written in.
        return sorted(_SYMBOL.findall(got)) == sorted(_SYMBOL.findall(expected))
    if kind == "types":
        return sorted(got) == sorted(expected)
    if kind == "card":
        return got.casefold() == expected.casefold()
    return got == expected


def problem(row: Row, answer: Answer) -> str | None:
    """Why the answer fails the row (None when it passes): verdict, then a cited rule."""
    if not same_verdict(row.kind, row.verdict, answer.verdict):
        return (
            f"{row.id}: verdict {answer.verdict!r}, expected {row.verdict!r} "
            f"({answer.scenario or 'no scenario'}: {answer.summary}) :: {row.question}"
        )
    if answer.verdict is not None and not answer.reading.get("asked"):
        return f"{row.id}: a verdict without the reading it rests on :: {row.question}"
    if row.verdict is None or not row.refs:
        return None
    cited = [c.ref for c in answer.citations if c.source == "rule"]
    if not any(ref.startswith(r) for ref in cited for r in row.refs):
        return f"{row.id}: cites {cited}, expected a rule under {list(row.refs)} :: {row.question}"
    return None


# -- the players' corpus ---------------------------------------------------------------

PLAYER_FIELDS = ("id", "family", "question", "kind", "verdict", "refs", "why", "source", "cards")


def player_rows(path: Path) -> list[Row]:
    """A players' corpus file's rows; a missing file has none (the size test says so)."""
    return load(path) if path.is_file() else []


def format_problems(row: Row) -> list[str]:
    """What a players' corpus row lacks: the fields of the corpus format, a source URL."""
    have = {"id", "family", "question", "kind", "verdict", "refs"} | set(row.extra)
    out = [f"{row.id}: no {f!r}" for f in PLAYER_FIELDS if f not in have]
    source = row.extra.get("source")
    if not isinstance(source, dict) or not str(source.get("url", "")).startswith("http"):
        out.append(f"{row.id}: source needs a url")
    elif not source.get("title"):
        out.append(f"{row.id}: source needs a title")
    cards = row.extra.get("cards", [])
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        out.append(f"{row.id}: cards is a list of card names")
    if row.kind != "abstain" and not row.refs:
        out.append(f"{row.id}: refs names the rules that decide it")
    if "gap" in row.extra and (row.kind == "abstain" or not row.extra["gap"]):
        # An out-of-scope row has one acceptable answer, abstaining: no gap to allow.
        out.append(f"{row.id}: gap is a reason, on a row that expects a verdict")
    return out


def as_item(row: Row) -> dict[str, Any]:
    """The row in the dev-set form bench.scoring (and score.py) reads."""
    item: dict[str, Any] = {"kind": row.kind, "verdict": row.verdict, "refs": list(row.refs)}
    if "alt" in row.extra:
        item["alt"] = row.extra["alt"]
    return item


# Wrong answers allowed per hundred held-out rows. The goal is 2; this is what the bot
# achieves today (the README states the figures), so that no change makes it worse.
HELDOUT_WRONG_PERCENT = 3


def heldout_ceiling(n: int) -> int:
    """Wrong answers the held-out split may have: HELDOUT_WRONG_PERCENT of its rows, and
    one from 25 rows on."""
    allowed = n * HELDOUT_WRONG_PERCENT // 100
    return max(allowed, 1) if n >= 25 else allowed
