"""A ruling's missing fact as options the asker picks, and the re-answer with the picked fact."""

from __future__ import annotations

import pytest

from bot.ask.lexicon import load
from tests.ask.conftest import SyncService


@pytest.mark.parametrize(
    ("question", "picked", "verdict"),
    [
        ("Can I tap Llanowar Elves for mana?", "It entered this turn", "no"),
        ("Can I tap Llanowar Elves for mana?", "I've controlled it since my turn began", "yes"),
        ("What's the mana value of Fireball on the stack?", "X is 2", "3"),
        ("What's the mana value of Fireball on the stack?", "X is 3", "4"),
    ],
)
def test_each_option_answers_the_question(
    pool_service: SyncService, question: str, picked: str, verdict: str
) -> None:
    first = pool_service.ask(question)
    assert first.verdict is None
    options = {c.label: c for c in first.choices}
    assert picked in options, sorted(options)
    again = pool_service.ask(question, stated=(options[picked].says,))
    assert again.verdict == verdict
    assert again.stated == [options[picked].says]
    # The reading shows which facts came from the pick, not from the question.
    picked_facts = [f for f in again.reading["facts"] if f["source"] == "choice"]
    assert picked_facts, again.reading
    assert any("as you picked" in line for line in again.reading["lines"])


def test_a_stated_answer_offers_no_options(pool_service: SyncService) -> None:
    answer = pool_service.ask("Can I tap Llanowar Elves for mana the turn I cast it?")
    assert answer.verdict == "no"
    assert answer.choices == []


def test_every_missing_fact_entry_has_two_or_more_options() -> None:
    lexicon = load()
    assert lexicon.missing
    for when, options in lexicon.missing:
        assert len(options) >= 2, when
        assert all(label and says.endswith(".") for label, says in options), when
