"""Scoring answers to rules questions exactly as ../shared/eval/score.py does, in process."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MANA_SYMBOL = re.compile(r"\{([^}]+)\}")
RULE_LINE = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s+(.*)$")
OK, WRONG, ABSTAINED = "ok", "WRONG", "abstained"


def norm_text(s: str) -> str:
    s = s.replace("\u2019", "'").replace("\u2018", "'")
    s = s.replace("\u201c", '"').replace("\u201d", '"')
    s = s.replace("\u2014", "-").replace("\u2013", "-")
    return re.sub(r"\s+", " ", s).strip().casefold()


def load_rules(path: Path) -> dict[str, str]:
    """Rule number to normalised text, from a CR text file ({} if it is absent)."""
    rules: dict[str, str] = {}
    if not path.exists():
        return rules
    text = path.read_text(encoding="utf-8-sig", errors="replace")
    for line in text.splitlines():
        m = RULE_LINE.match(line.strip())
        if m:
            rules.setdefault(m.group(1), norm_text(m.group(2)))
    return rules


def mana_multiset(s: str) -> Counter[str]:
    c: Counter[str] = Counter()
    for sym in MANA_SYMBOL.findall(s or ""):
        sym = sym.upper()
        if sym.isdigit():
            c["generic"] += int(sym)
        else:
            c[sym] += 1
    return c


def types_set(s: Any) -> frozenset[str]:
    if s is None:
        return frozenset()
    if isinstance(s, list):
        s = " ".join(str(x) for x in s)
    s = str(s).upper()
    if s.strip() in {"", "NONE", "NOTHING", "NO MANA"}:
        return frozenset()
    return frozenset(ch for ch in re.sub(r"[{}\s,]", "", s) if ch in "WUBRGC")


def is_abstain(v: Any) -> bool:
    return v is None or (isinstance(v, str) and v.strip().lower() in {"", "unknown"})


def verdict_matches(kind: str, expected: Any, got: Any) -> bool:
    if is_abstain(got):
        return False
    g = str(got).strip()
    if kind == "yesno":
        # score.py takes the first word; an all-blank verdict is an abstention above.
        return g.lower().split()[0].strip(".,!") == str(expected).lower()
    if kind == "number":
        m = re.match(r"-?\d+", g)
        return bool(m) and int(m.group(0)) == int(expected)
    if kind == "mana":
        return mana_multiset(g) == mana_multiset(str(expected))
    if kind == "types":
        return types_set(got) == types_set(expected)
    if kind == "card":
        return g.casefold() == str(expected).casefold()
    return False


def citation_hit(refs: Sequence[str], citations: Iterable[Mapping[str, Any]]) -> bool:
    if not refs:
        return True
    for c in citations or []:
        ref = str(c.get("ref", ""))
        src = str(c.get("source", ""))
        for r in refs:
            if r == "ruling" and src == "ruling":
                return True
            if r != "ruling" and src == "rule" and ref.startswith(r):
                return True
    return False


def verbatim(citations: Iterable[Mapping[str, Any]], rules: Mapping[str, str]) -> tuple[int, int]:
    """(rule citations checked, rule citations whose text is the CR's own)."""
    checked = ok = 0
    for c in citations or []:
        if c.get("source") != "rule" or not rules:
            continue
        ref = str(c.get("ref", "")).rstrip(".")
        checked += 1
        want = rules.get(ref)
        got = norm_text(str(c.get("text", "")))
        if want and got and (got in want or want in got):
            ok += 1
    return checked, ok


@dataclass(frozen=True)
class Judged:
    """One answer scored: ok / WRONG / abstained, whether it cites an expected rule, verbatim."""

    status: str
    cited: bool
    in_scope: bool
    checked: int
    verbatim: int


def judge(
    item: Mapping[str, Any],
    verdict: Any,
    citations: Sequence[Mapping[str, Any]],
    rules: Mapping[str, str],
) -> Judged:
    """Score one answer to a dev-set style item ({kind, verdict, refs, alt?})."""
    kind = str(item["kind"])
    checked, ok_text = verbatim(citations, rules)
    if kind == "abstain":
        alt = [str(a).lower() for a in item.get("alt", [])]
        ok = is_abstain(verdict) or str(verdict).strip().lower() in alt
        return Judged(OK if ok else WRONG, True, False, checked, ok_text)
    ok = verdict_matches(kind, item["verdict"], verdict)
    bad = not ok and not is_abstain(verdict)
    status = OK if ok else (WRONG if bad else ABSTAINED)
    hit = citation_hit(list(item.get("refs", [])), citations)
    return Judged(status, hit, True, checked, ok_text)


@dataclass
class Tally:
    """The counts behind score.py's summary line."""

    n: int = 0
    correct: int = 0
    wrong: int = 0
    abstained: int = 0
    cite_ok: int = 0
    cite_n: int = 0
    v_checked: int = 0
    v_ok: int = 0

    def add(self, j: Judged) -> None:
        self.n += 1
        self.correct += j.status == OK
        self.wrong += j.status == WRONG
        self.abstained += j.status == ABSTAINED
        if j.in_scope:
            self.cite_n += 1
            self.cite_ok += j.cited and j.status == OK
        self.v_checked += j.checked
        self.v_ok += j.verbatim

    def summary(self, seconds: float | None = None) -> str:
        n = max(self.n, 1)
        line = (
            f"correct {self.correct}/{self.n} ({100 * self.correct / n:.0f}%), "
            f"wrong {self.wrong}, abstained {self.abstained}, "
            f"right-and-cited {self.cite_ok}/{self.cite_n}, "
            f"verbatim rule citations {self.v_ok}/{self.v_checked}"
        )
        if seconds is not None:
            line += f", {1000 * seconds / n:.1f} ms/question"
        return line
