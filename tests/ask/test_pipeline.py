"""The ask pipeline end to end: real store, real engine, verbatim citations."""

from __future__ import annotations

import importlib.util
import json
import re
from types import ModuleType

import pytest

from bot.ask.pipeline import NOT_LOADED, AskService
from tests.ask.conftest import DATA, FIXTURE, SHARED
from tests.hostile import HOSTILE_QUESTIONS

EVAL = SHARED / "eval"


def load_score() -> ModuleType:
    spec = importlib.util.spec_from_file_location("score", EVAL / "score.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def dev_items() -> list[dict[str, object]]:
    path = EVAL / "dev.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


async def test_builtin_data_answers_a_seed_question(builtin_service: AskService) -> None:
    answer = await builtin_service.ask("Can I pay Ana Battlemage's {2}{U} kicker twice?")
    assert answer.verdict == "no"
    assert NOT_LOADED in answer.notes
    assert [c.name for c in answer.cards] == ["Ana Battlemage"]
    assert any(c.source == "rule" and c.ref.startswith("702.33") for c in answer.citations)


async def test_builtin_citations_are_the_builtin_rule_text(builtin_service: AskService) -> None:
    answer = await builtin_service.ask("Is a copy of a kicked spell also kicked?")
    assert answer.verdict == "yes"
    store = builtin_service.catalog.store
    for c in answer.citations:
        if c.source == "rule":
            record = await store.rule(c.ref)
            assert record is not None and record.text == c.text


async def test_out_of_scope_question_abstains_with_rules(builtin_service: AskService) -> None:
    answer = await builtin_service.ask("What's the best deck in Standard right now?")
    assert answer.verdict is None
    assert answer.summary.startswith("I can't rule on that")


@pytest.mark.parametrize(("name", "text"), HOSTILE_QUESTIONS, ids=[n for n, _ in HOSTILE_QUESTIONS])
async def test_hostile_questions_get_a_clear_answer(
    builtin_service: AskService, name: str, text: str
) -> None:
    answer = await builtin_service.ask(text)
    payload = json.loads(answer.model_dump_json())
    assert payload["question"] == answer.question
    assert len(answer.question) <= 4000
    assert answer.summary
    if not text.strip():
        assert answer.error


async def test_empty_question_is_an_error_not_a_verdict(builtin_service: AskService) -> None:
    answer = await builtin_service.ask("   ")
    assert answer.verdict is None
    assert answer.error and "empty" in answer.error


async def test_overlong_question_is_refused(builtin_service: AskService) -> None:
    answer = await builtin_service.ask("kicker " * 5000)
    assert answer.verdict is None
    assert answer.error and "too long" in answer.error


# -- the full card pool and rules ---------------------------------------------------------


@pytest.mark.skipif(not dev_items(), reason="the dev questions are not available")
async def test_dev_set_is_right_cited_and_verbatim(imported_service: AskService) -> None:
    score = load_score()
    # The fixture's rules are the CR's own words, so either text checks them.
    cr = DATA / "comprules.txt"
    rules = score.load_rules(cr if cr.is_file() else FIXTURE / "comprules.txt")
    assert rules
    correct = wrong = 0
    failures: list[str] = []
    for item in dev_items():
        answer = await imported_service.ask(str(item["question"]))
        cits = [c.model_dump() for c in answer.citations]
        checked, ok = score.verbatim(cits, rules)
        assert checked == ok, f"non-verbatim citation in {item['id']}"
        if item["kind"] == "abstain":
            good = score.is_abstain(answer.verdict) or str(answer.verdict).lower() in [
                a.lower()
                for a in item.get("alt", [])  # type: ignore[attr-defined]
            ]
            correct += good
            wrong += not good
            continue
        good = score.verdict_matches(item["kind"], item["verdict"], answer.verdict)
        if good and not score.citation_hit(item["refs"], cits):
            failures.append(f"{item['id']} uncited")
        if good:
            correct += 1
        elif answer.verdict is not None:
            wrong += 1
            failures.append(f"{item['id']} WRONG {answer.verdict!r}")
        else:
            failures.append(f"{item['id']} abstained: {answer.summary}")
    total = len(dev_items())
    assert wrong == 0, failures
    assert correct / total >= 0.95, failures


async def test_full_store_answers_without_the_builtin_note(imported_service: AskService) -> None:
    answer = await imported_service.ask("Can I tap Llanowar Elves for mana the turn I cast it?")
    assert answer.verdict == "no"
    assert NOT_LOADED not in answer.notes
    assert answer.cr_effective == "2026-02-27"
    assert any(c.ref.startswith("302.6") for c in answer.citations)


async def test_ambiguous_short_name_returns_candidates(imported_service: AskService) -> None:
    answer = await imported_service.ask("Does Thalia make flashback spells cost more?")
    assert answer.verdict is None
    assert "Thalia" in answer.candidates
    assert all(re.match(r"Thalia\b", n) for n in answer.candidates["Thalia"])


async def test_short_name_unique_in_context_resolves(imported_service: AskService) -> None:
    answer = await imported_service.ask("Can Ana pay her kicker twice?")
    assert answer.candidates == {}
    assert [c.name for c in answer.cards] == ["Ana Battlemage"]
    assert answer.verdict == "no"


async def test_choosing_a_candidate_resolves_the_name(imported_service: AskService) -> None:
    answer = await imported_service.ask(
        "Does Thalia make flashback spells cost more?",
        choices={"Thalia": "Thalia, Guardian of Thraben"},
    )
    assert answer.candidates == {}
    assert [c.name for c in answer.cards] == ["Thalia, Guardian of Thraben"]


@pytest.mark.skipif(not dev_items(), reason="the dev questions are not available")
async def test_dev_set_on_builtin_data_alone(builtin_service: AskService) -> None:
    """With nothing imported, the built-in cards and rules still give the same verdicts."""
    score = load_score()
    for item in dev_items():
        answer = await builtin_service.ask(str(item["question"]))
        assert NOT_LOADED in answer.notes
        if item["kind"] == "abstain":
            assert answer.verdict is None, item["id"]
        else:
            assert score.verdict_matches(item["kind"], item["verdict"], answer.verdict), (
                item["id"],
                answer.verdict,
                answer.summary,
            )


async def test_limits_from_settings_apply(builtin_service: AskService) -> None:
    builtin_service.limit(max_question_chars=50, max_brackets=2)
    long = await builtin_service.ask("Can Llanowar Elves tap for mana the turn it enters? " * 2)
    assert long.error and "limit is 50" in long.error
    many = await builtin_service.ask("[[Opt]] [[Opt]] [[Opt]] [[Opt]]")
    assert any("first 2 [[card names]]" in note and "2 more" in note for note in many.notes)
