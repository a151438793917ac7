"""/ask and the message command through their real callbacks, a real store and the real pipeline."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.answer import Answer, Citation
from bot.discord_app.client import RulesBot
from bot.discord_app.cogs.ask import AskCog
from bot.discord_app.embeds import MESSAGE_TOTAL_LIMIT, answer_pages, embed_problems
from bot.discord_app.views import AnswerView, CardChoiceView, FeedbackButton
from bot.errors import InputTooLongError
from bot.store import Store
from tests.discord_app.conftest import button, make_bot, make_interaction, make_settings

QUESTION = "Can I pay Ana Battlemage's {2}{U} kicker twice?"


def cog(bot: RulesBot) -> AskCog:
    found = bot.get_cog("Ask")
    assert isinstance(found, AskCog)
    return found


async def call_ask(bot: RulesBot, question: str, *, private: bool = False, **kw: Any) -> Any:
    interaction, rec = make_interaction(bot, **kw)
    await AskCog.ask.callback(cog(bot), interaction, question, private)
    return interaction, rec


async def test_ask_defers_then_follows_up_with_a_valid_answer(
    bot: RulesBot, store: Store, reply_validator: Any
) -> None:
    _, rec = await call_ask(bot, QUESTION)
    assert rec.deferred == [{"ephemeral": False, "thinking": True}]
    reply = rec.last
    assert reply.via == "followup" and not reply.ephemeral
    assert reply.payload["allowed_mentions"] == {"parse": []}
    assert list(reply_validator.iter_errors(reply.payload)) == []
    (embed,) = reply.embeds
    assert embed_problems(embed) == []
    assert "Ana Battlemage" in reply.text  # the echoed question
    assert [i.label for i in reply.view.children if getattr(i, "url", None)] == ["Ana Battlemage"]
    assert "CR effective 2026-02-27" in embed.footer.text
    # every citation of the real answer is shown, with rule links
    answer = await bot.asker.ask(QUESTION)
    for citation in answer.citations:
        assert citation.ref in reply.text
    assert "https://yawgatog.com/resources/magic-rules/#R70233" in reply.text


async def test_answer_is_recorded_with_question_answer_and_scenario(
    bot: RulesBot, store: Store
) -> None:
    interaction, rec = await call_ask(bot, QUESTION)
    view = rec.last.view
    assert isinstance(view, AnswerView) and view.answer_id is not None
    record = await store.feedback(view.answer_id)
    assert record is not None
    assert record.question == QUESTION
    assert record.user_id == interaction.user.id
    assert record.channel_id == interaction.channel_id
    assert '"citations"' in record.answer_json
    assert record.message_id is not None  # the follow-up's id, for jump links


async def test_private_answers_are_ephemeral_and_their_text_is_not_kept(
    bot: RulesBot, store: Store
) -> None:
    _, rec = await call_ask(bot, QUESTION, private=True)
    assert rec.deferred == [{"ephemeral": True, "thinking": True}]
    assert rec.last.ephemeral and rec.last.payload["flags"] & 64
    view = rec.last.view
    assert isinstance(view, AnswerView) and view.answer_id is not None
    record = await store.feedback(view.answer_id)
    assert record is not None and record.private
    assert "Ana Battlemage" not in record.question + record.answer_json + str(record.scenario)


@pytest.mark.parametrize(
    ("length", "ok"), [(1000, True), (1001, False), (3999, False)], ids=["at-cap", "cap+1", "far"]
)
async def test_question_length_cap(bot: RulesBot, length: int, ok: bool) -> None:
    question = ("Is kicker a cost? " * 300)[:length]
    interaction, rec = make_interaction(bot)
    if ok:
        await AskCog.ask.callback(cog(bot), interaction, question, False)
        assert rec.sent
    else:
        with pytest.raises(InputTooLongError, match="1,000 characters"):
            await AskCog.ask.callback(cog(bot), interaction, question, False)
        assert rec.sent == [] and rec.deferred == []


async def test_blank_question_gets_a_clear_message(bot: RulesBot) -> None:
    interaction, rec = make_interaction(bot)
    with pytest.raises(Exception, match="Ask a rules question") as info:
        await AskCog.ask.callback(cog(bot), interaction, " \n\t ", False)
    assert rec.sent == [] and rec.deferred == []  # the error path sends the one reply
    from bot.errors import RulesbotError

    assert isinstance(info.value, RulesbotError)


async def test_cooldown_per_user_with_retry_time(bot: RulesBot) -> None:
    user_a, user_b = make_interaction(bot)[0].user, make_interaction(bot)[0].user
    for _ in range(bot.settings.ask_cooldown_rate):
        await call_ask(bot, QUESTION, user=user_a)
    with pytest.raises(app_commands.CommandOnCooldown) as info:
        await call_ask(bot, QUESTION, user=user_a)
    assert 0 < info.value.retry_after <= bot.settings.ask_cooldown_seconds
    # someone else isn't limited by user_a's use
    _, rec = await call_ask(bot, QUESTION, user=user_b)
    assert rec.sent


async def test_cooldown_zero_disables_it(tmp_path: Any, store: Store) -> None:
    bot = await make_bot(make_settings(tmp_path, ask_cooldown_seconds=0), store)
    user = make_interaction(bot)[0].user
    for _ in range(10):
        _, rec = await call_ask(bot, QUESTION, user=user)
        assert rec.sent


async def test_message_command_asks_the_message_text(bot: RulesBot) -> None:
    interaction, rec = make_interaction(bot)
    message = _message_double(QUESTION)
    await cog(bot).context_menu.callback(interaction, message)  # type: ignore[call-arg]
    assert "Ana Battlemage" in rec.last.text


async def test_message_command_on_empty_message(bot: RulesBot) -> None:
    interaction, rec = make_interaction(bot)
    with pytest.raises(Exception, match="Ask a rules question"):
        await cog(bot).context_menu.callback(interaction, _message_double(""))  # type: ignore[call-arg]
    assert rec.sent == []


def _message_double(content: str) -> Any:
    from unittest.mock import create_autospec

    message = create_autospec(discord.Message, spec_set=True, instance=True)
    message.content = content
    return message


async def test_feedback_votes_and_review(bot: RulesBot, store: Store) -> None:
    guild = 555
    _, rec = await call_ask(bot, QUESTION, guild_id=guild)
    view = rec.last.view
    assert isinstance(view, AnswerView) and view.answer_id is not None
    answer_id = view.answer_id

    voter, vrec = make_interaction(bot)
    await button(view, ":wrong").callback(voter)
    assert "recorded" in vrec.last.content and vrec.last.ephemeral
    record = await store.feedback(answer_id)
    assert record is not None and record.wrong_votes == 1 and record.verdict == "wrong"

    # someone without Manage Messages or a configured review role can't review
    outsider, orec = make_interaction(bot, guild_id=guild)
    await button(view, ":review").callback(outsider)
    assert "Only reviewers" in orec.last.content and orec.last.ephemeral
    assert (await store.feedback(answer_id)).reviewed_verdict is None  # type: ignore[union-attr]

    from tests.discord_app.conftest import make_member

    # a moderator of another server can't review this server's answer
    moderator = discord.Permissions(manage_messages=True)
    foreign, frec = make_interaction(bot, guild_id=guild + 1, permissions=moderator)
    await button(view, ":review").callback(foreign)
    assert "no longer on record" in frec.last.content

    judge = make_member()
    jint, jrec = make_interaction(bot, user=judge, guild_id=guild, permissions=moderator)
    await button(view, ":review").callback(jint)
    review_view = jrec.last.view
    jint2, jrec2 = make_interaction(bot, user=judge, guild_id=guild, permissions=moderator)
    await button(review_view, ":reviewed-correct").callback(jint2)
    record = await store.feedback(answer_id)
    assert record is not None
    assert record.reviewed_verdict == "correct" and record.reviewed_by == judge.id
    assert record.verdict == "correct"  # the review overrides the wrong vote
    assert "reviewed as" in jrec2.last.content


async def test_feedback_buttons_survive_a_restart(bot: RulesBot) -> None:
    _, rec = await call_ask(bot, QUESTION)
    item = button(rec.last.view, ":correct")
    import re

    match = re.fullmatch(FeedbackButton.__discord_ui_compiled_template__, item.custom_id)
    assert match is not None
    rebuilt = await FeedbackButton.from_custom_id(make_interaction(bot)[0], item.item, match)
    assert (rebuilt.answer_id, rebuilt.action) == (item.answer_id, "correct")


async def test_ambiguous_card_shows_a_menu_then_answers(bot: RulesBot, store: Store) -> None:
    for name in ("Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"):
        await store.cache_card(_card(name))
    await bot.reload_data()
    question = "Does Thalia tap for mana the turn it enters?"
    answer = await bot.asker.ask(question)
    if not answer.candidates:
        pytest.skip("the pipeline resolves this name without asking")
    interaction, rec = await call_ask(bot, question)
    menu = rec.last.view
    assert isinstance(menu, CardChoiceView)
    assert "Which one did you mean" in rec.last.content
    assert {o.label for o in menu.select.options} >= {"Thalia, Guardian of Thraben"}

    # someone else can't pick for the asker
    other, orec = make_interaction(bot)
    assert await menu.interaction_check(other) is False
    assert orec.last.ephemeral

    picker, prec = make_interaction(bot, user=interaction.user)
    index = menu.candidates.index("Thalia, Guardian of Thraben")
    menu.select._values = [str(index)]  # what discord.py sets from the interaction payload
    await menu.select.callback(picker)
    assert prec.deferred == [{}]
    reply = prec.last
    assert reply.via == "edit_original"
    assert isinstance(reply.view, AnswerView)
    links = [i.label for i in reply.view.children if getattr(i, "url", None)]
    assert links == ["Thalia, Guardian of Thraben"]


def _card(name: str) -> dict[str, Any]:
    import uuid

    return {
        "object": "card",
        "name": name,
        "oracle_id": str(uuid.uuid5(uuid.NAMESPACE_URL, name)),
        "id": str(uuid.uuid5(uuid.NAMESPACE_DNS, name)),
        "layout": "normal",
        "mana_cost": "{1}{W}",
        "cmc": 2.0,
        "type_line": "Legendary Creature — Human Soldier",
        "oracle_text": "First strike",
        "power": "2",
        "toughness": "1",
        "colors": ["W"],
        "keywords": ["First strike"],
        "scryfall_uri": "https://scryfall.com/card/tst/1/x",
    }


async def test_mentions_in_questions_never_ping(bot: RulesBot, reply_validator: Any) -> None:
    hostile = "@everyone <@&123456789012345678> <@123456789012345678> ```x``` is kicker a cost?"
    _, rec = await call_ask(bot, hostile)
    reply = rec.last
    assert reply.payload["allowed_mentions"] == {"parse": []}
    assert "@everyone" not in reply.text
    assert "<@&" not in reply.text and "<@1" not in reply.text
    assert "```" not in reply.text
    assert list(reply_validator.iter_errors(reply.payload)) == []
    assert len(reply.embeds[0]) <= MESSAGE_TOTAL_LIMIT


async def test_message_command_shares_the_ask_cooldown(bot: RulesBot) -> None:
    user = make_interaction(bot)[0].user
    for _ in range(bot.settings.ask_cooldown_rate):
        await call_ask(bot, QUESTION, user=user)
    interaction, rec = make_interaction(bot, user=user)
    with pytest.raises(app_commands.CommandOnCooldown):
        await cog(bot).context_menu.callback(interaction, _message_double(QUESTION))  # type: ignore[call-arg]
    assert rec.deferred == []


async def test_timeout_disables_the_pager_but_not_feedback_or_links(bot: RulesBot) -> None:
    long_answer = Answer(
        question="q",
        verdict="yes",
        kind="yesno",
        citations=[Citation(source="rule", ref=f"702.{i}", text="word " * 200) for i in range(30)],
    )
    pages = answer_pages(long_answer)
    view = AnswerView(pages, answer_id=5, cards=["Sol Ring"])
    interaction, rec = make_interaction(bot)
    await view.start(interaction)
    await view.on_timeout()
    edited = rec.last
    assert edited.via == "edit_original" and edited.view is view
    items = [getattr(i, "item", i) for i in view.walk_children()]  # unwrap dynamic items
    states = {i.custom_id or i.url: i.disabled for i in items}
    assert states[view.custom_id("prev")] and states[view.custom_id("next")]
    assert not states["rb:fb:5:correct"] and not states["rb:fb:5:wrong"]
    assert not any(v for k, v in states.items() if k and k.startswith("https://"))


async def test_ask_with_a_board_answers_on_that_position(bot: RulesBot) -> None:
    interaction, rec = make_interaction(bot)
    await AskCog.ask.callback(
        cog(bot),
        interaction,
        "What can Reflecting Pool tap for?",
        False,
        "you: Reflecting Pool, Swamp, Mountain",
    )
    text = rec.last.text
    assert "(black)" in text and "(red)" in text and "(green)" not in text


async def test_ask_with_a_bad_board_names_the_bad_part(bot: RulesBot) -> None:
    from bot.errors import RulesbotError

    interaction, rec = make_interaction(bot)
    with pytest.raises(RulesbotError, match=r"'tapd'") as info:
        await AskCog.ask.callback(
            cog(bot),
            interaction,
            "What can Reflecting Pool tap for?",
            False,
            "you: Reflecting Pool[tapd]",
        )
    assert "character 22" in info.value.user_message
    assert rec.sent == [] and rec.deferred == []
