"""Records: keyword-only dataclasses whose dumps are what the answer contract and CLI print."""

from __future__ import annotations

import dataclasses
import json

import pytest

from bot.answer import Answer, Choice, Citation
from bot.ask.reading import Fact, Reading
from engine.ruling import Rule


def test_an_answer_dumps_as_compact_json_with_its_text_as_written() -> None:
    answer = Answer(
        question="Is “Ana” kicked?",
        verdict="no",
        citations=[Citation(source="rule", ref="702.33d", text="Kicker — paid once.")],
        choices=[Choice(fact="timing", label="This turn", says="It entered this turn.")],
        reading={"lines": ["a", "b"], "position": None},
    )
    text = answer.model_dump_json()
    assert "“Ana”" in text and "—" in text and ", " not in text.replace("Is “Ana”", "")
    data = json.loads(text)
    assert data["citations"] == [
        {"source": "rule", "ref": "702.33d", "text": "Kicker — paid once."}
    ]
    assert data["choices"][0]["says"] == "It entered this turn."
    assert data["explanation"] == [] and data["candidates"] == {} and data["error"] is None
    assert list(data) == [f.name for f in dataclasses.fields(Answer)]
    assert answer.model_dump(mode="json") == data


def test_an_answer_can_be_changed_and_its_parts_cannot() -> None:
    answer = Answer(question="q")
    answer.summary = "changed"
    assert answer.summary == "changed"
    cite = Citation(source="ruling", ref="2020-01-01", text="t")
    with pytest.raises(dataclasses.FrozenInstanceError):
        cite.text = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        Citation(source="rule", ref="1")  # type: ignore[call-arg]
    # Each answer has lists of its own.
    assert Answer(question="a").notes is not Answer(question="b").notes


def test_json_mode_turns_tuples_and_enums_into_json_and_exclude_drops_fields() -> None:
    fact = Fact(kind="timing", value="this_turn", words="this turn")
    reading = Reading(text="t", asked="a", canonical="c", form="yesno", facts=(fact,))
    dumped = reading.model_dump(mode="json", exclude={"canonical"})
    assert "canonical" not in dumped and dumped["facts"] == [fact.model_dump()]
    assert isinstance(reading.model_dump()["facts"], tuple)
    assert Citation(source="rule", ref=Rule.KICKER_MEANING, text="x").model_dump(mode="json")[
        "ref"
    ] == str(Rule.KICKER_MEANING.value)
    assert reading.model_copy(update={"asked": "b"}).asked == "b"
