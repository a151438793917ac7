"""Rendering keeps every Discord limit, never cuts a word without a marker, and validates."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import discord
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.answer import Answer, Citation, ResolvedCard
from bot.discord_app.embeds import (
    DESCRIPTION_LIMIT,
    FIELD_COUNT_LIMIT,
    FIELD_VALUE_LIMIT,
    MARKER,
    MESSAGE_TOTAL_LIMIT,
    TITLE_LIMIT,
    Field,
    about_embed,
    answer_pages,
    card_embed,
    clip,
    embed_problems,
    feedback_pages,
    is_rule_number,
    paginate,
    rule_url,
    rulings_pages,
    split_text,
)
from bot.discord_app.payload import answer_payload
from bot.discord_app.views import AnswerView

words = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
    min_size=0,
    max_size=30,
)
long_text = st.lists(words, max_size=800).map(" ".join)
hostile_text = st.one_of(
    long_text,
    st.text(max_size=9000),
    st.text(alphabet="x", min_size=1000, max_size=9000),  # one enormous token
    st.just("@everyone " * 900),
)


def _assert_chunks_lose_nothing(text: str, chunks: list[str], limit: int) -> None:
    assert all(len(c) <= limit for c in chunks)
    # Words survive whole unless their chunk ends with the marker (a hard cut).
    rebuilt = "".join(c[: -len(MARKER)] if c.endswith(MARKER) else c for c in chunks)
    squash = "".join(text.split())
    assert "".join(rebuilt.split()) == squash


@given(text=hostile_text, limit=st.integers(min_value=20, max_value=4096))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_split_text_keeps_every_character_within_limit(text: str, limit: int) -> None:
    _assert_chunks_lose_nothing(text, split_text(text, limit), limit)


@given(text=hostile_text, limit=st.integers(min_value=2, max_value=300))
@settings(max_examples=150, deadline=None)
def test_clip_marks_every_cut(text: str, limit: int) -> None:
    out = clip(text, limit)
    assert len(out) <= limit
    if out != text:
        assert out.endswith(MARKER)
        assert text.startswith(out[: -len(MARKER)])


def test_split_prefers_word_boundaries() -> None:
    text = "alpha beta gamma delta epsilon " * 50
    for chunk in split_text(text, 100):
        assert not chunk.endswith(MARKER)
        for word in chunk.split():
            assert word in {"alpha", "beta", "gamma", "delta", "epsilon"}


citation = st.builds(
    Citation,
    source=st.sampled_from(["rule", "ruling"]),
    ref=st.one_of(st.just("702.33d"), words.filter(bool)),
    text=hostile_text,
)
answers = st.builds(
    Answer,
    question=hostile_text,
    verdict=st.one_of(st.none(), st.sampled_from(["yes", "no", "3", "{5}{G}{U}{B}"]), words),
    kind=st.sampled_from([None, "yesno", "number", "mana", "card", "types"]),
    summary=hostile_text,
    explanation=st.lists(hostile_text, max_size=12),
    citations=st.lists(citation, max_size=60),
    cards=st.lists(st.builds(ResolvedCard, name=words.filter(bool)), max_size=8),
    cr_effective=st.one_of(st.none(), st.just("2026-02-27")),
    data_source=words,
    notes=st.lists(words, max_size=3),
)


@given(answer=answers)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_every_answer_page_fits_discord(answer: Answer) -> None:
    pages = answer_pages(answer)
    assert pages
    for page in pages:
        assert embed_problems(page) == []
        assert len(page) <= MESSAGE_TOTAL_LIMIT
        assert len(page.fields) <= FIELD_COUNT_LIMIT
    # every citation gets its own field (long ones continue in more fields): none dropped
    names = [f.name or "" for p in pages for f in p.fields]
    firsts = [n for n in names if not n.endswith(" (cont.)") and n != "Cards"]
    assert len(firsts) == len(answer.citations)


def test_huge_answer_is_paged_with_page_numbers(reply_validator: Any) -> None:
    answer = Answer(
        question="What happens? " * 100,
        verdict="yes",
        kind="yesno",
        explanation=["step " * 300] * 20,
        citations=[Citation(source="rule", ref=f"702.{i}a", text="word " * 300) for i in range(40)],
        cr_effective="2026-02-27",
    )
    pages = answer_pages(answer)
    assert len(pages) > 3
    assert all(embed_problems(p) == [] for p in pages)
    assert pages[0].title == "Yes."
    assert pages[1].title == "Yes. (cont.)"
    assert all(f"page {i + 1}/{len(pages)}" in p.footer.text for i, p in enumerate(pages))
    for page_number in range(len(pages)):
        payload = answer_payload(answer, answer_id=7, page=page_number)
        assert list(reply_validator.iter_errors(payload)) == []
    # descriptions longer than one embed continue on the next page, uncut
    description = "".join(p.description or "" for p in pages)
    assert description.count("step") == 300 * 20


@pytest.mark.parametrize(
    ("verdict", "kind", "title"),
    [
        ("yes", "yesno", "Yes."),
        ("no", "yesno", "No."),
        ("3", "number", "3"),
        ("{5}{G}{U}{B}", "mana", "{5}{G}{U}{B}"),
        ("none", "types", "No mana"),
        (None, None, "No definite answer: here is what the rules say"),
        ("unknown", "yesno", "No definite answer: here is what the rules say"),
    ],
)
def test_verdict_comes_first(verdict: str | None, kind: str | None, title: str) -> None:
    answer = Answer(question="q", verdict=verdict, kind=kind)
    assert answer_pages(answer)[0].title == title


@pytest.mark.parametrize(
    ("number", "url"),
    [
        ("702.33d", "https://yawgatog.com/resources/magic-rules/#R70233d"),
        ("702.33", "https://yawgatog.com/resources/magic-rules/#R70233"),
        ("601.2f", "https://yawgatog.com/resources/magic-rules/#R6012f"),
        ("100.", "https://yawgatog.com/resources/magic-rules/#R100"),
    ],
)
def test_rule_links(number: str, url: str) -> None:
    assert rule_url(number) == url


@pytest.mark.parametrize(
    ("text", "ok"),
    [
        ("702.33", True),
        ("702.33d", True),
        ("100", True),
        ("100.", True),
        ("kicker", False),
        ("7023", False),
    ],
)
def test_is_rule_number(text: str, ok: bool) -> None:
    assert is_rule_number(text) is ok


def test_payload_for_an_ambiguous_answer_is_a_select_menu(reply_validator: Any) -> None:
    names = [f"Thalia, Card Number {i} " + "x" * 120 for i in range(40)]
    answer = Answer(question="Does Thalia tap?", candidates={"Thalia": names})
    payload = answer_payload(answer)
    assert list(reply_validator.iter_errors(payload)) == []
    (row,) = payload["components"]
    (select,) = row["components"]
    assert select["type"] == 3 and len(select["options"]) == 25
    assert all(len(o["label"]) <= 100 for o in select["options"])
    assert payload["allowed_mentions"] == {"parse": []}


def test_payload_includes_feedback_buttons_only_with_an_answer_id(reply_validator: Any) -> None:
    answer = Answer(
        question="q", verdict="yes", kind="yesno", cards=[ResolvedCard(name="Sol Ring")]
    )
    bare = answer_payload(answer)
    with_id = answer_payload(answer, answer_id=12)
    ids = [c.get("custom_id") for row in with_id["components"] for c in row["components"]]
    assert ids[:3] == ["rb:fb:12:correct", "rb:fb:12:wrong", "rb:fb:12:review"]
    assert not any("rb:fb" in json.dumps(row) for row in bare["components"])
    for payload in (bare, with_id):
        assert list(reply_validator.iter_errors(payload)) == []


def test_answer_view_pager_buttons() -> None:
    pages = paginate("T", "word " * 3000)
    view = AnswerView(pages, answer_id=None)
    assert view.prev_button is not None and view.prev_button.disabled
    view.show(len(pages) - 1)
    assert view.next_button is not None and view.next_button.disabled
    assert view.counter is not None and view.counter.label == f"{len(pages)}/{len(pages)}"


def test_field_values_split_into_continued_fields() -> None:
    (page,) = paginate("T", "", [Field("CR 1", "word " * 500)])
    assert [f.name for f in page.fields] == ["CR 1", "CR 1 (cont.)", "CR 1 (cont.)"]
    assert all(len(f.value or "") <= FIELD_VALUE_LIMIT for f in page.fields)


def test_titles_and_descriptions_are_clipped_not_dropped() -> None:
    (page, *_) = paginate("T" * 1000, "d" * (DESCRIPTION_LIMIT + 5))
    assert len(page.title or "") <= TITLE_LIMIT and (page.title or "").endswith(MARKER)
    assert embed_problems(page) == []


CARD = {
    "name": "Delver of Secrets // Insectile Aberration",
    "cmc": 1.0,
    "oracle_id": "00000000-0000-0000-0000-000000000001",
    "scryfall_uri": "https://scryfall.com/card/isd/51/delver-of-secrets",
    "card_faces": [
        {
            "name": "Delver of Secrets",
            "mana_cost": "{U}",
            "type_line": "Creature — Human Wizard",
            "oracle_text": "At the beginning of your upkeep, look at the top card of your library.",
            "power": "1",
            "toughness": "1",
        },
        {
            "name": "Insectile Aberration",
            "mana_cost": "",
            "type_line": "Creature — Human Insect",
            "oracle_text": "Flying",
            "power": "3",
            "toughness": "2",
        },
    ],
}


def test_card_embed_shows_each_face_and_links() -> None:
    embed = card_embed(CARD, rulings_count=4, footer="card data: test")
    assert embed.title == CARD["name"]
    assert embed.url == CARD["scryfall_uri"]
    assert "Delver of Secrets" in (embed.description or "")
    assert "Insectile Aberration" in (embed.description or "") and "3/2" in (
        embed.description or ""
    )
    assert {f.name: f.value for f in embed.fields}["Rulings"] == "4"
    assert embed_problems(embed) == []


def test_card_embed_with_a_foreign_link_uses_scryfall_search() -> None:
    embed = card_embed({**CARD, "scryfall_uri": "https://evil.example/"}, rulings_count=0)
    assert (embed.url or "").startswith("https://scryfall.com/search?q=")


def test_rulings_pages_keep_each_ruling() -> None:
    class R:
        def __init__(self, i: int) -> None:
            self.published_at = f"2020-01-{i % 28 + 1:02d}"
            self.comment = f"Ruling {i}: " + "text " * 120

    pages = rulings_pages("Card", [R(i) for i in range(60)])
    assert len(pages) > 1
    joined = "\n".join(p.description or "" for p in pages)
    assert all(f"Ruling {i}:" in joined for i in range(60))
    assert all(embed_problems(p) == [] for p in pages)


def test_feedback_and_about_render() -> None:
    from datetime import timedelta

    from bot.store.records import FeedbackRecord, SourceRecord, StoreStatus

    record = FeedbackRecord(
        id=3,
        created_at="2026-11-30T15:00:00+00:00",
        guild_id=1,
        channel_id=2,
        message_id=3,
        user_id=4,
        question="@everyone is this right? " * 50,
        answer_json=json.dumps({"verdict": "yes"}),
        scenario="kicker.twice",
        vote="wrong",
        wrong_votes=2,
    )
    (page,) = feedback_pages([record])
    text = json.dumps(page.to_dict())
    assert "#3" in text and "yes" in text and "@everyone" not in text
    assert "https://discord.com/channels/1/2/3" in text
    status = StoreStatus(
        cards=33247,
        rulings=43412,
        rules=3000,
        glossary=700,
        cr_effective="2026-02-27",
        sources=[
            SourceRecord(
                dataset="cards", source="scryfall", loaded_at="2026-11-29T00:00:00", count=33247
            )
        ],
        using_builtin=False,
    )
    embed = about_embed(
        version="0.1.0",
        status=status,
        uptime=timedelta(hours=5, minutes=3),
        guilds=2,
        latency_ms=None,
    )
    values = {f.name: f.value for f in embed.fields}
    assert values["Cards"] == "33,247" and values["Uptime"] == "5h 3m"
    assert "2026-11-29" in (values["Data sources"] or "")
    assert "effective 2026-02-27" in (values["Comprehensive Rules"] or "")


def test_embed_dicts_are_what_discord_py_sends() -> None:
    # A sanity check of the helper the limit tests trust.
    embed = discord.Embed(title="x" * 300)
    assert "title" in embed_problems(embed)


DEV = Path(__file__).resolve().parents[2].parent / "shared" / "eval" / "dev.jsonl"


async def test_real_answers_to_the_dev_questions_render_valid_payloads(
    store: Any, reply_validator: Any
) -> None:
    """Every dev question, answered by the real pipeline on the built-in data, fits Discord."""
    if not DEV.exists():
        pytest.skip("../shared/eval/dev.jsonl is not available")
    from bot.ask.pipeline import AskService
    from bot.store.catalog import Catalog

    service = await AskService.create(Catalog(store))
    questions = [
        json.loads(line)["question"] for line in DEV.read_text().splitlines() if line.strip()
    ]
    assert questions
    for number, question in enumerate(questions):
        answer = await service.ask(question)
        for page_number, page in enumerate(answer_pages(answer)):
            assert embed_problems(page) == [], question
            payload = answer_payload(answer, answer_id=number, page=page_number)
            assert list(reply_validator.iter_errors(payload)) == [], question
            assert payload["allowed_mentions"] == {"parse": []}


@pytest.mark.parametrize(
    ("text", "linked"),
    [
        (
            "Kicker is a cost. (CR 702.33a)",
            "(CR [702.33a](https://yawgatog.com/resources/magic-rules/#R70233a))",
        ),
        (
            "See CR 601.2f and CR 702.",
            "CR [601.2f](https://yawgatog.com/resources/magic-rules/#R6012f)",
        ),
        ("No rule here: 702.33a alone", "No rule here: 702.33a alone"),
    ],
)
def test_explanations_link_their_rules(text: str, linked: str) -> None:
    from bot.discord_app.embeds import link_rules

    assert linked in link_rules(text)
    (page,) = answer_pages(Answer(question="q", explanation=[text]))
    assert linked in (page.description or "")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("cards: /srv/data/cards.json (2026-11-30)", "cards: cards.json (2026-11-30)"),
        ("rules: ./data/comprules.txt; x", "rules: comprules.txt; x"),
        ("rules: ../x/y/z.txt", "rules: z.txt"),
        ("C:\\data\\cards.json", "cards.json"),
        (
            "scryfall https://api.scryfall.com/bulk-data",
            "scryfall https://api.scryfall.com/bulk-data",
        ),
        ("builtin 2026-11-30", "builtin 2026-11-30"),
    ],
)
def test_footers_hide_local_paths(text: str, shown: str) -> None:
    from bot.discord_app.embeds import hide_paths

    assert hide_paths(text) == shown
    footer = answer_pages(Answer(question="q", data_source=text))[0].footer.text or ""
    assert footer.endswith(f"card data: {shown}")


def test_each_pager_has_custom_ids_of_its_own() -> None:
    first, second = (AnswerView(paginate("T", "word " * 3000), answer_id=None) for _ in range(2))
    ids = [
        {i.custom_id for i in view.walk_children() if getattr(i, "custom_id", None)}
        for view in (first, second)
    ]
    assert len(ids[0]) == 3 and not ids[0] & ids[1]
