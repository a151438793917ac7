"""The bot as Discord drives it: raw gateway payloads in, schema-checked HTTP requests out."""

from __future__ import annotations

import copy
import re
from typing import Any

import discord
import pytest

from bot.discord_app.client import RulesBot
from bot.discord_app.errors import PUBLIC_APOLOGY
from bot.settings import Settings
from bot.store import Store
from tests.discord_app.dispatch import FakeDiscordAPI, Harness, Member, snowflake

QUESTION = "Can I pay Ana Battlemage's {2}{U} kicker twice?"
MODERATOR = discord.Permissions(manage_messages=True)


def answer_id_of(message: dict[str, Any]) -> int:
    for row in message["components"]:
        for component in row["components"]:
            match = re.fullmatch(r"rb:fb:(\d+):wrong", component.get("custom_id", ""))
            if match:
                return int(match.group(1))
    raise AssertionError("no feedback buttons")


def custom_id(message: dict[str, Any], suffix: str) -> str:
    ids = [
        c["custom_id"]
        for row in message["components"]
        for c in row["components"]
        if c.get("custom_id", "").endswith(suffix)
    ]
    assert len(ids) == 1, (suffix, ids)
    return ids[0]


# --- /ask -----------------------------------------------------------------------------------


async def test_ask_public(discord_harness: Harness, store: Store) -> None:
    h = discord_harness
    guild = h.add_guild()
    asker = Member(snowflake())
    defer, answer = await h.slash(guild, asker, "ask", question=QUESTION)
    assert defer.kind == "callback" and defer.callback_type == 5 and not defer.ephemeral
    # The one follow-up fills the public "thinking…" message.
    assert answer.kind == "followup"
    shown = h.message(answer)
    assert shown["id"] == defer.reply["interaction"]["response_message_id"]
    assert not shown["flags"] & 64
    assert "Ana Battlemage" in answer.text and "702.33" in answer.text
    assert answer.message["allowed_mentions"] == {"parse": []}
    record = await store.feedback(answer_id_of(shown))
    assert record is not None and record.guild_id == guild.id and not record.private
    assert record.question == QUESTION and record.message_id == int(shown["id"])


async def test_ask_private(discord_harness: Harness, store: Store) -> None:
    h = discord_harness
    guild = h.add_guild()
    defer, answer = await h.slash(
        guild, Member(snowflake()), "ask", question=QUESTION, private=True
    )
    assert defer.callback_type == 5 and defer.ephemeral
    shown = h.message(answer)
    assert shown["flags"] & 64 and "Ana Battlemage" in answer.text
    record = await store.feedback(answer_id_of(shown))
    assert record is not None and record.private and "Ana" not in record.question


async def test_ask_invalid_input_is_one_private_reply(discord_harness: Harness) -> None:
    h = discord_harness
    (reply,) = await h.slash(h.add_guild(), Member(snowflake()), "ask", question="x" * 1500)
    assert reply.callback_type == 4 and reply.ephemeral
    assert "at most 1,000 characters" in reply.text


@pytest.mark.parametrize("private", [False, True], ids=["public", "private"])
async def test_ask_failure_after_the_defer(
    discord_harness: Harness, monkeypatch: pytest.MonkeyPatch, private: bool
) -> None:
    h = discord_harness

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("db password is hunter2")

    monkeypatch.setattr(h.bot.asker, "ask", broken)
    sent = await h.slash(
        h.add_guild(), Member(snowflake()), "ask", question=QUESTION, private=private
    )
    assert [e for e in h.errors.take() if "error" in e]  # logged with its id
    defer, *rest = sent
    assert defer.callback_type == 5 and defer.ephemeral is private
    visible = {int(m["id"]): m for m in h.api.messages.values()}
    if private:
        (apology,) = rest
        assert apology.kind == "followup" and h.message(apology)["flags"] & 64
    else:
        edit, apology = rest
        # The public "thinking…" message says only that the reply went privately…
        assert edit.kind == "edit_original" and edit.message["content"] == PUBLIC_APOLOGY
        public = h.message(edit)
        assert not public["flags"] & 64 and public["embeds"] == []
        # …and the apology with its id is a new, private message.
        assert apology.kind == "followup" and h.message(apology)["id"] != public["id"]
        assert h.message(apology)["flags"] & 64
    assert re.search(r"error id `[0-9a-f]{8}`", apology.text)
    assert all("hunter2" not in str(m) for m in visible.values())


async def test_message_context_menu(discord_harness: Harness) -> None:
    h = discord_harness
    guild = h.add_guild()
    target = h.channel_message(guild, Member(snowflake()), QUESTION)
    defer, answer = await h.message_command(guild, Member(snowflake()), "Ask the rules bot", target)
    assert defer.callback_type == 5 and not defer.ephemeral
    assert "Ana Battlemage" in answer.text and not h.message(answer)["flags"] & 64


# --- a ruling's missing fact ------------------------------------------------------------------

ELVES = "Can I tap Llanowar Elves for mana?"


def fact_buttons(message: dict[str, Any]) -> dict[str, str]:
    """Label -> custom_id of the message's fact buttons."""
    return {
        c["label"]: c["custom_id"]
        for row in message["components"]
        for c in row["components"]
        if re.fullmatch(r"rb:[0-9a-f]+:fact:\d", c.get("custom_id", ""))
    }


@pytest.mark.parametrize("private", [False, True], ids=["public", "private"])
async def test_missing_fact_buttons_re_answer_for_the_asker_only(
    discord_harness: Harness, store: Store, private: bool
) -> None:
    h = discord_harness
    guild = h.add_guild()
    asker = Member(snowflake())
    _, answer = await h.slash(guild, asker, "ask", question=ELVES, private=private)
    message = copy.deepcopy(h.message(answer))  # as it was before any press edits it
    buttons = fact_buttons(message)
    assert set(buttons) == {"It entered this turn", "I've controlled it since my turn began"}
    # Each message's buttons carry that message's own key, like its pager's.
    assert len({cid.split(":")[1] for cid in buttons.values()}) == 1
    assert answer.message["embeds"][0]["title"].startswith("No definite answer")
    assert "as you picked" not in answer.text

    (refused,) = await h.press(guild, Member(snowflake()), message, buttons["It entered this turn"])
    assert refused.callback_type == 4 and refused.ephemeral
    assert "Only the person who asked can pick" in refused.text
    assert h.api.messages[int(message["id"])]["embeds"] == message["embeds"]

    ack, edit = await h.press(guild, asker, message, buttons["It entered this turn"])
    assert ack.callback_type == 6
    assert edit.kind == "edit_original"
    shown = h.message(edit)
    assert shown["id"] == message["id"] and bool(shown["flags"] & 64) is private
    embed = shown["embeds"][0]
    assert embed["title"] == "No."
    (read_as,) = [f["value"] for f in embed["fields"] if f["name"] == "Read as"]
    assert "as you picked" in read_as
    assert fact_buttons(shown) == {}  # the fact is stated now
    record = await store.feedback(answer_id_of(shown))
    assert record is not None and record.message_id == int(shown["id"])
    assert record.id != answer_id_of(message)


async def test_ambiguous_card_keeps_its_menu(discord_harness: Harness, store: Store) -> None:
    from tests.discord_app.test_ask import _card

    h = discord_harness
    for name in ("Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"):
        await store.cache_card(_card(name))
    await h.bot.reload_data()
    guild = h.add_guild()
    asker = Member(snowflake())
    question = "Does Thalia tap for mana the turn it enters?"
    _, prompt = await h.slash(guild, asker, "ask", question=question)
    assert "Which one did you mean" in prompt.text
    message = copy.deepcopy(h.message(prompt))
    (menu,) = [c for row in message["components"] for c in row["components"]]
    assert menu["type"] == 3 and fact_buttons(message) == {}
    index = [o["label"] for o in menu["options"]].index("Thalia, Guardian of Thraben")
    data = {"custom_id": menu["custom_id"], "component_type": 3, "values": [str(index)]}
    ack, edit = await h.feed(h._interaction(guild, asker, 3, data, message=message))
    assert ack.callback_type == 6 and edit.kind == "edit_original"
    shown = h.message(edit)
    assert shown["embeds"] and "Thalia, Guardian of Thraben" in str(shown["components"])


# --- feedback -------------------------------------------------------------------------------


async def test_feedback_votes_and_review(discord_harness: Harness, store: Store) -> None:
    h = discord_harness
    guild = h.add_guild()
    _, answer = await h.slash(guild, Member(snowflake()), "ask", question=QUESTION)
    message = h.message(answer)
    answer_id = answer_id_of(message)

    (vote,) = await h.press(guild, Member(snowflake()), message, f"rb:fb:{answer_id}:wrong")
    assert vote.callback_type == 4 and vote.ephemeral and "recorded" in vote.text
    record = await store.feedback(answer_id)
    assert record is not None and record.wrong_votes == 1

    (refused,) = await h.press(guild, Member(snowflake()), message, f"rb:fb:{answer_id}:review")
    assert refused.ephemeral and "Only reviewers" in refused.text

    moderator = Member(snowflake(), permissions=MODERATOR)
    (offer,) = await h.press(guild, moderator, message, f"rb:fb:{answer_id}:review")
    assert offer.ephemeral
    review_message = h.message(offer)
    (verdict,) = await h.press(
        guild, moderator, review_message, custom_id(review_message, ":reviewed-correct")
    )
    assert verdict.callback_type == 7 and "reviewed as **correct**" in verdict.text
    record = await store.feedback(answer_id)
    assert record is not None and record.reviewed_by == moderator.id

    (listing,) = await h.slash(guild, moderator, "feedback")
    assert listing.ephemeral and "No answer has been marked wrong." in listing.text


async def test_two_guilds_review_only_their_own_answers(
    discord_harness: Harness, store: Store
) -> None:
    h = discord_harness
    guild_a, guild_b = h.add_guild(), h.add_guild()
    voter = Member(snowflake())
    for guild, question, private in (
        (guild_a, "Guild A: " + QUESTION, False),
        (guild_a, "Private in A: " + QUESTION, True),
        (guild_b, "Guild B: " + QUESTION, False),
    ):
        _, answer = await h.slash(
            guild, Member(snowflake()), "ask", question=question, private=private
        )
        message = h.message(answer)
        await h.press(guild, voter, message, f"rb:fb:{answer_id_of(message)}:wrong")
    moderator = Member(snowflake(), permissions=MODERATOR)
    (a_review,) = await h.slash(guild_a, moderator, "feedback")
    (b_review,) = await h.slash(guild_b, moderator, "feedback")
    assert "Guild A: " in a_review.text and "Guild B" not in a_review.text
    assert "Guild B: " in b_review.text and "Guild A" not in b_review.text
    assert "Private in A" not in a_review.text + b_review.text


async def test_review_role_by_id_in_its_own_guild_only(
    discord_harness: Harness, settings: Settings
) -> None:
    h = discord_harness
    guild_a, guild_b = h.add_guild("Judge"), h.add_guild("Judge")
    settings.review_roles = {guild_a.id: frozenset({guild_a.roles["Judge"]})}
    judge_a = Member(snowflake(), roles=(guild_a.roles["Judge"],))
    (allowed,) = await h.slash(guild_a, judge_a, "feedback")
    assert "marked wrong" in allowed.text
    # A role called "Judge" in guild B is just a name.
    judge_b = Member(snowflake(), roles=(guild_b.roles["Judge"],))
    (refused,) = await h.slash(guild_b, judge_b, "feedback")
    assert refused.ephemeral and "Only reviewers" in refused.text


async def test_feedback_buttons_work_after_a_restart(
    discord_harness: Harness, settings: Settings, store: Store, route_validator: Any
) -> None:
    h = discord_harness
    guild = h.add_guild()
    _, answer = await h.slash(guild, Member(snowflake()), "ask", question=QUESTION)
    message = h.message(answer)
    answer_id = answer_id_of(message)

    restarted = RulesBot(settings, db_path=store.path)
    restarted.serve = False
    again = await Harness(restarted, FakeDiscordAPI(route_validator)).start()
    try:
        await restarted.load_cogs()
        await restarted.attach(await Store.open(store.path))
        again.add_guild()
        again.guilds[guild.id] = guild
        (vote,) = await again.press(
            guild, Member(snowflake()), message, f"rb:fb:{answer_id}:correct"
        )
        assert vote.ephemeral and "recorded" in vote.text
    finally:
        await again.stop()
    record = await store.feedback(answer_id)
    assert record is not None and record.correct_votes == 1


# --- /card, /cr, autocomplete, inline -------------------------------------------------------


async def test_card_and_its_rulings_button(discord_harness: Harness) -> None:
    h = discord_harness
    guild = h.add_guild()
    (card,) = await h.slash(guild, Member(snowflake()), "card", name="ana battlemage")
    assert card.callback_type == 4 and not card.ephemeral
    assert card.message["embeds"][0]["title"] == "Ana Battlemage"
    message = h.message(card)
    rulings_id = custom_id(message, message["components"][0]["components"][0]["custom_id"][-36:])
    (rulings,) = await h.press(guild, Member(snowflake()), message, rulings_id)
    assert rulings.callback_type == 4 and rulings.ephemeral
    assert rulings.message["embeds"][0]["title"] == "Rulings: Ana Battlemage"


async def test_card_unknown_with_scryfall_down_is_private(discord_harness: Harness) -> None:
    h = discord_harness
    sent = await h.slash(h.add_guild(), Member(snowflake()), "card", name="Qwzx Nothing Like It")
    defer, edit, details = sent
    assert defer.callback_type == 5 and not defer.ephemeral
    assert edit.kind == "edit_original" and edit.message["content"] == PUBLIC_APOLOGY
    assert "Qwzx" not in edit.text
    assert details.kind == "followup" and h.message(details)["flags"] & 64
    assert "couldn't be reached" in details.text


async def test_card_autocomplete(discord_harness: Harness) -> None:
    h = discord_harness
    (reply,) = await h.autocomplete(h.add_guild(), Member(snowflake()), "card", "name", "sol r")
    assert reply.callback_type == 8
    assert "Sol Ring" in [c["value"] for c in reply.body["data"]["choices"]]  # type: ignore[index]


async def test_cr_paging_by_two_users_at_once(discord_harness: Harness) -> None:
    h = discord_harness
    guild = h.add_guild()
    alice, bob = Member(snowflake()), Member(snowflake())
    (first,) = await h.slash(guild, alice, "cr", rule_or_term="702")
    (second,) = await h.slash(guild, bob, "cr", rule_or_term="707")
    a_msg, b_msg = h.message(first), h.message(second)
    # Page counts follow the built-in rules the engine cites; only the page turned matters.
    a_pages = re.search(r"1/(\d+)", str(a_msg["components"]))
    assert a_msg["embeds"][0]["title"].startswith("702") and a_pages is not None
    assert int(a_pages[1]) >= 2
    a_next, b_next = custom_id(a_msg, ":next"), custom_id(b_msg, ":next")
    assert a_next != b_next
    b_pages = re.search(r"1/(\d+)", str(b_msg["components"]))
    assert b_pages is not None
    # Both presses arrive before either is handled.
    presses = [
        h._interaction(guild, who, 3, {"custom_id": cid, "component_type": 2}, message=msg)
        for who, cid, msg in ((alice, a_next, dict(a_msg)), (bob, b_next, dict(b_msg)))
    ]
    start = len(h.api.requests)
    with h._recording():
        for payload in presses:
            h.state.parse_interaction_create(payload)  # type: ignore[arg-type]
        await h.settle()
    updates = h.api.requests[start:]
    assert sorted(u.callback_type or 0 for u in updates) == [7, 7]
    a_now, b_now = h.api.messages[int(a_msg["id"])], h.api.messages[int(b_msg["id"])]
    assert a_now["embeds"][0]["title"].startswith("702")
    assert f"page 2/{a_pages[1]}" in str(a_now["embeds"])
    assert b_now["embeds"][0]["title"].startswith("707")
    assert f"page 2/{b_pages[1]}" in str(b_now["embeds"])


async def test_inline_lookup_through_the_gateway(discord_harness: Harness) -> None:
    h = discord_harness
    h.bot.settings.inline_lookups = True
    guild = h.add_guild()
    (reply,) = await h.post(guild, Member(snowflake()), "is [[Sol Ring]] better than [[fork]]?")
    assert reply.kind == "channel_message"
    assert [e["title"] for e in reply.message["embeds"]] == ["Sol Ring", "Fork"]
    assert reply.message["allowed_mentions"]["parse"] == []
    assert await h.post(guild, Member(snowflake()), "no brackets here") == []


async def test_inline_lookups_are_rate_limited_per_channel(
    discord_harness: Harness, settings: Settings
) -> None:
    h = discord_harness
    settings.inline_lookups = True
    settings.inline_cooldown_rate, settings.inline_cooldown_seconds = 2, 60
    busy, quiet = h.add_guild(), h.add_guild()
    author = Member(snowflake())
    replies = [len(await h.post(busy, author, "[[Sol Ring]]")) for _ in range(4)]
    assert replies == [1, 1, 0, 0]
    assert len(await h.post(quiet, author, "[[Sol Ring]]")) == 1  # another channel's own limit
