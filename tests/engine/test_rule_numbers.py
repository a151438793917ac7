"""Meta-test: every CR number the engine can cite exists in the rules text."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.ruling import Rule

REPO = Path(__file__).resolve().parents[2]
CR = REPO.parent / "shared" / "data" / "comprules.txt"
BUILTIN = REPO / "data" / "builtin" / "rules.json"
NUMBER = re.compile(r"^(\d{3}\.\d+[a-z]?)\.?\s")


def cr_numbers() -> set[str]:
    text = CR.read_text(encoding="utf-8-sig")
    return {m.group(1) for line in text.splitlines() if (m := NUMBER.match(line))}


def builtin_numbers() -> set[str]:
    data = json.loads(BUILTIN.read_text(encoding="utf-8"))
    rules = data["rules"] if isinstance(data, dict) else data
    return {str(r["number"]) for r in rules}


@pytest.mark.skipif(not CR.exists(), reason="the full CR is not available here")
@pytest.mark.parametrize("rule", list(Rule), ids=lambda r: f"{r.name}={r.value}")
def test_every_cited_rule_exists_in_the_cr(rule: Rule) -> None:
    assert rule.value in cr_numbers()


@pytest.mark.parametrize("rule", list(Rule), ids=lambda r: f"{r.name}={r.value}")
def test_every_cited_rule_is_in_the_builtin_data(rule: Rule) -> None:
    assert rule.value in builtin_numbers()


def test_no_rule_number_is_listed_twice() -> None:
    # An Enum turns a repeated value into a silent alias; aliases show up only here.
    assert len(Rule.__members__) == len(list(Rule))
