"""/card, /rulings, /cr, /feedback, /about, inline lookups and autocomplete, on a real store."""

from __future__ import annotations

import re
from typing import Any
from unittest.mock import create_autospec

import discord
import pytest

from bot.discord_app.client import RulesBot
from bot.discord_app.cogs.about import AboutCog
from bot.discord_app.cogs.cards import CardsCog
from bot.discord_app.cogs.feedback import FeedbackCog
from bot.discord_app.cogs.inline import InlineCog, bracketed_names
from bot.discord_app.cogs.rules import RulesCog
from bot.discord_app.embeds import CHOICE_LIMIT, CHOICE_NAME_LIMIT, embed_problems
from bot.discord_app.errors import NotFoundError, NotReviewerError
from bot.discord_app.views import CardChoiceView, PagerView
from bot.errors import UnknownCardError
from bot.store import Store
from tests.discord_app.conftest import (
    button,
    make_bot,
    make_interaction,
    make_member,
    make_settings,
)


def cog(bot: RulesBot, name: str) -> Any:
    found = bot.get_cog(name)
    assert found is not None
    return found


# --- /card and /rulings -------------------------------------------------------------------


async def test_card_shows_oracle_text_and_a_rulings_button(
    bot: RulesBot, store: Store, reply_validator: Any
) -> None:
    interaction, rec = make_interaction(bot)
    await CardsCog.card.callback(cog(bot, "Cards"), interaction, "ana battlemage")
    reply = rec.last
    assert reply.via == "send_message" and not reply.ephemeral
    (embed,) = reply.embeds
    card = await store.card_json("Ana Battlemage")
    assert card is not None
    assert embed.title == "Ana Battlemage"
    assert card["type_line"] in (embed.description or "")
    assert card["mana_cost"] in (embed.description or "")
    rulings = await store.rulings(card["oracle_id"])
    assert {f.name: f.value for f in embed.fields}["Rulings"] == str(len(rulings))
    rulings_button = button(reply.view, "rb:rulings:")
    assert rulings_button.item.label == f"Rulings ({len(rulings)})"
    assert list(reply_validator.iter_errors(reply.payload)) == []

    # the button shows the rulings privately
    clicker, crec = make_interaction(bot)
    await rulings_button.callback(clicker)
    assert crec.last.ephemeral
    assert all(r.comment[:40] in _all_pages_text(crec.last) for r in rulings)


def _all_pages_text(sent: Any) -> str:
    view = sent.view
    pages = view.pages if isinstance(view, PagerView) else sent.embeds
    return "\n".join((p.description or "") for p in pages).replace("\\", "")


async def test_card_typo_resolves(bot: RulesBot) -> None:
    interaction, rec = make_interaction(bot)
    await CardsCog.card.callback(cog(bot, "Cards"), interaction, "Llanowar Elfs")
    assert rec.last.embeds[0].title == "Llanowar Elves"


async def test_card_missing_locally_is_fetched_from_scryfall(
    tmp_path: Any, store: Store, reply_validator: Any
) -> None:
    from tests.bot.fakeserver import FakeScryfall, make_card, make_ruling

    card = make_card("Zygon Test Lookout", oracle_text="Vigilance")
    async with FakeScryfall(cards=[card], rulings=[make_ruling(card, "It sees all.")]) as server:
        bot = await make_bot(make_settings(tmp_path, scryfall_api_url=server.api_url), store)
        interaction, rec = make_interaction(bot)
        await CardsCog.card.callback(cog(bot, "Cards"), interaction, "zygon test lookout")
        assert rec.deferred == [
            {"ephemeral": False, "thinking": True}
        ]  # the fetch may outlast Discord's 3 s
        reply = rec.last
        assert reply.via == "followup" and reply.embeds[0].title == "Zygon Test Lookout"
        assert {f.name: f.value for f in reply.embeds[0].fields}["Rulings"] == "1"
        assert list(reply_validator.iter_errors(reply.payload)) == []
        # kept: the next lookup is local, and autocomplete knows the name
        assert (await store.card_json("Zygon Test Lookout")) is not None
        assert bot.names.resolve("Zygon Test Lookout").name == "Zygon Test Lookout"
        requests = server.count("/cards/named")
        again, arec = make_interaction(bot)
        await CardsCog.card.callback(cog(bot, "Cards"), again, "Zygon Test Lookout")
        assert arec.deferred == [] and server.count("/cards/named") == requests

        unknown, urec = make_interaction(bot)
        with pytest.raises(UnknownCardError):
            await CardsCog.card.callback(cog(bot, "Cards"), unknown, "Qwzx Nothing Like It")
        assert urec.sent == []  # the error path sends the one reply


async def test_card_fetch_with_scryfall_down_is_a_clear_error(bot: RulesBot) -> None:
    from bot.discord_app.client import CardFetchError

    interaction, rec = make_interaction(bot)
    with pytest.raises(CardFetchError, match="couldn't be reached"):
        await CardsCog.card.callback(cog(bot, "Cards"), interaction, "Qwzx Nothing Like It")
    assert rec.deferred and rec.sent == []


async def test_ambiguous_card_offers_a_menu(bot: RulesBot, store: Store) -> None:
    from tests.discord_app.test_ask import _card

    for name in ("Thalia, Guardian of Thraben", "Thalia, Heretic Cathar"):
        await store.cache_card(_card(name))
    await bot.reload_data()
    interaction, rec = make_interaction(bot)
    await CardsCog.card.callback(cog(bot, "Cards"), interaction, "Thalia")
    menu = rec.last.view
    assert isinstance(menu, CardChoiceView) and rec.last.ephemeral
    picker, prec = make_interaction(bot, user=interaction.user)
    menu.select._values = [str(menu.candidates.index("Thalia, Heretic Cathar"))]
    await menu.select.callback(picker)
    assert prec.last.embeds[0].title == "Thalia, Heretic Cathar"


async def test_rulings_are_paged(bot: RulesBot, store: Store, reply_validator: Any) -> None:
    card = await store.card_json("Ana Battlemage")
    assert card is not None
    interaction, rec = make_interaction(bot)
    await CardsCog.rulings.callback(cog(bot, "Cards"), interaction, "Ana Battlemage")
    view = rec.last.view
    assert view is None or isinstance(view, PagerView)
    text = _all_pages_text(rec.last)
    for ruling in await store.rulings(card["oracle_id"]):
        assert ruling.published_at in text
    assert list(reply_validator.iter_errors(rec.last.payload)) == []


async def test_pager_buttons_turn_pages(bot: RulesBot, reply_validator: Any) -> None:
    from bot.discord_app.embeds import paginate

    pages = paginate("Long", "word " * 5000)
    view = PagerView(pages)
    interaction, rec = make_interaction(bot)
    await view.start(interaction)
    assert rec.last.embeds[0] is pages[0]
    nxt, nrec = make_interaction(bot)
    await button(view, ":next").callback(nxt)
    assert nrec.last.via == "edit_message" and nrec.last.embeds[0] is pages[1]
    prev, prec = make_interaction(bot)
    await button(view, ":prev").callback(prev)
    assert prec.last.embeds[0] is pages[0] and view.prev_button is not None
    assert view.prev_button.disabled
    for sent in (rec.last, nrec.last, prec.last):
        assert list(reply_validator.iter_errors(sent.payload)) == []
        assert sent.payload["allowed_mentions"] == {"parse": []}


# --- /cr ----------------------------------------------------------------------------------


async def test_cr_rule_with_subrules(bot: RulesBot, store: Store) -> None:
    interaction, rec = make_interaction(bot)
    await RulesCog.cr.callback(cog(bot, "Rules"), interaction, "702.33")
    text = _all_pages_text(rec.last)
    for record in await store.rule_tree("702.33"):
        assert record.number in text
        assert record.text[:50] in text
    assert "#R70233d" in text
    assert all(embed_problems(p) == [] for p in rec.last.view.pages) if rec.last.view else True


async def test_cr_glossary_term(bot: RulesBot, store: Store) -> None:
    interaction, rec = make_interaction(bot)
    await RulesCog.cr.callback(cog(bot, "Rules"), interaction, "multikicker")
    entry = await store.glossary("multikicker")
    assert entry is not None
    assert rec.last.embeds[0].title == f"Glossary: {entry.term}"
    assert entry.text[:40] in (rec.last.embeds[0].description or "")


@pytest.mark.parametrize("query", ["999.99z", "123"])
async def test_cr_missing_rule(bot: RulesBot, query: str) -> None:
    interaction, rec = make_interaction(bot)
    with pytest.raises(NotFoundError, match="no rule"):
        await RulesCog.cr.callback(cog(bot, "Rules"), interaction, query)
    assert rec.sent == []


async def test_cr_free_text_defers_then_lists_matching_rules(bot: RulesBot, store: Store) -> None:
    interaction, rec = make_interaction(bot)
    await RulesCog.cr.callback(cog(bot, "Rules"), interaction, "additional cost kicked")
    assert rec.deferred == [{"ephemeral": False, "thinking": True}]
    assert rec.last.via == "followup"
    found = await store.search_rules("additional cost kicked", 5)
    assert found and all(r.number in rec.last.text for r in found)


async def test_cr_unknown_term_echo_is_escaped_on_the_error_path(bot: RulesBot) -> None:
    interaction, rec = make_interaction(bot)
    with pytest.raises(NotFoundError) as info:
        await RulesCog.cr.callback(cog(bot, "Rules"), interaction, "@everyone **zzqx**")
    await bot.tree.on_error(interaction, info.value)  # type: ignore[arg-type]
    shown = rec.last.content
    assert "No rule or glossary term matches" in shown
    assert "@everyone" not in shown and "**" not in shown
    assert rec.last.payload["allowed_mentions"] == {"parse": []}


# --- autocomplete -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "current", ["", "a", "Ana", "llan", "is", "zzzzzz", "x" * 300, "[[", "@everyone"]
)
async def test_card_autocomplete_limits(bot: RulesBot, current: str) -> None:
    interaction, rec = make_interaction(bot)
    choices = await CardsCog.name_autocomplete(cog(bot, "Cards"), interaction, current)
    assert len(choices) <= CHOICE_LIMIT
    assert all(0 < len(c.name) <= CHOICE_NAME_LIMIT and len(str(c.value)) <= 100 for c in choices)
    assert rec.sent == []  # autocomplete answers through its return value only


async def test_card_autocomplete_finds_prefixes(bot: RulesBot) -> None:
    interaction, _ = make_interaction(bot)
    choices = await CardsCog.name_autocomplete(cog(bot, "Cards"), interaction, "ana bat")
    assert choices and choices[0].name == "Ana Battlemage"


async def test_card_autocomplete_over_many_cards(bot: RulesBot, store: Store) -> None:
    from tests.discord_app.test_ask import _card

    for i in range(60):
        await store.cache_card(_card(f"Goblin {'Very ' * 10}Long Name Number {i}"))
    await store.cache_card(_card("Goblin " + "Z" * 150))
    await bot.reload_data()
    interaction, _ = make_interaction(bot)
    choices = await CardsCog.name_autocomplete(cog(bot, "Cards"), interaction, "goblin")
    assert len(choices) == CHOICE_LIMIT
    assert all(len(c.name) <= CHOICE_NAME_LIMIT for c in choices)
    assert all(c.name.startswith("Goblin Very") for c in choices)  # the 157-char name can't be sent


@pytest.mark.parametrize(
    ("current", "expect"), [("702.3", "702.33"), ("multi", "Multikicker"), ("702.33", "702.33d")]
)
async def test_rule_autocomplete(bot: RulesBot, current: str, expect: str) -> None:
    interaction, _ = make_interaction(bot)
    choices = await RulesCog.rule_or_term_autocomplete(cog(bot, "Rules"), interaction, current)
    assert 0 < len(choices) <= CHOICE_LIMIT
    assert all(0 < len(c.name) <= CHOICE_NAME_LIMIT and len(str(c.value)) <= 100 for c in choices)
    assert expect in [c.value for c in choices]


async def test_rule_autocomplete_shows_rule_text(bot: RulesBot, store: Store) -> None:
    interaction, _ = make_interaction(bot)
    choices = await RulesCog.rule_or_term_autocomplete(cog(bot, "Rules"), interaction, "702.33a")
    rule = await store.rule("702.33a")
    assert rule is not None
    (choice,) = [c for c in choices if c.value == "702.33a"]
    assert choice.name.startswith("702.33a " + rule.text[:20])


# --- /feedback ----------------------------------------------------------------------------


GUILD_A, GUILD_B = 1001, 2002
REVIEW_ROLE_A, REVIEW_ROLE_B = 3003, 4004


async def test_feedback_is_for_reviewers_only(bot: RulesBot) -> None:
    # A role merely named "Judge" grants nothing: names are anyone's to pick.
    interaction, rec = make_interaction(bot, user=make_member(roles=("Judge",)))
    with pytest.raises(NotReviewerError):
        await FeedbackCog.feedback.callback(cog(bot, "Feedback"), interaction, 10)
    assert rec.sent == []


async def test_feedback_lists_answers_marked_wrong(
    bot: RulesBot, store: Store, reply_validator: Any
) -> None:
    wrong = await store.record_answer(
        question="Is @everyone kicked?", answer_json={"verdict": "yes"}, guild_id=GUILD_A
    )
    fine = await store.record_answer(
        question="Fine question", answer_json={"verdict": "no"}, guild_id=GUILD_A
    )
    await store.vote(wrong, 1, "wrong")
    await store.vote(fine, 1, "correct")
    interaction, rec = make_interaction(
        bot, guild_id=GUILD_A, permissions=discord.Permissions(manage_messages=True)
    )
    await FeedbackCog.feedback.callback(cog(bot, "Feedback"), interaction, 10)
    reply = rec.last
    assert reply.ephemeral
    assert f"#{wrong}" in reply.text and f"#{fine} " not in reply.text
    assert "@everyone" not in reply.text
    assert list(reply_validator.iter_errors(reply.payload)) == []


async def test_review_role_is_a_configured_id_per_guild(tmp_path: Any, store: Store) -> None:
    settings = make_settings(
        tmp_path, review_roles=f"{GUILD_A}:{REVIEW_ROLE_A},{GUILD_B}:{REVIEW_ROLE_B}"
    )
    bot = await make_bot(settings, store)
    try:
        judge_a = make_member(roles=("Staff",), role_ids=(REVIEW_ROLE_A,))
        interaction, rec = make_interaction(bot, user=judge_a, guild_id=GUILD_A)
        await FeedbackCog.feedback.callback(cog(bot, "Feedback"), interaction, 5)
        assert "No answer has been marked wrong." in rec.last.text
        # Guild A's review role is nobody's review role in guild B.
        elsewhere, _ = make_interaction(bot, user=judge_a, guild_id=GUILD_B)
        with pytest.raises(NotReviewerError):
            await FeedbackCog.feedback.callback(cog(bot, "Feedback"), elsewhere, 5)
    finally:
        await bot.close()


async def test_two_guilds_never_see_each_others_feedback(bot: RulesBot, store: Store) -> None:
    """Guild B's review never shows guild A's questions; private answers never show."""
    a_public = await store.record_answer(
        question="Guild A secret plan?", answer_json={"verdict": "yes"}, guild_id=GUILD_A
    )
    a_private = await store.record_answer(
        question="Private musing in A?",
        answer_json={"verdict": "no"},
        guild_id=GUILD_A,
        private=True,
    )
    b_public = await store.record_answer(
        question="Guild B question?", answer_json={"verdict": "no"}, guild_id=GUILD_B
    )
    for answer_id in (a_public, a_private, b_public):
        await store.vote(answer_id, 7, "wrong")
    moderator = discord.Permissions(manage_messages=True)
    texts = {}
    for guild in (GUILD_A, GUILD_B):
        interaction, rec = make_interaction(bot, guild_id=guild, permissions=moderator)
        await FeedbackCog.feedback.callback(cog(bot, "Feedback"), interaction, 50)
        texts[guild] = rec.last.text
    assert f"#{a_public} " in texts[GUILD_A] and "Guild A secret plan" in texts[GUILD_A]
    assert "Guild A" not in texts[GUILD_B] and f"#{a_public} " not in texts[GUILD_B]
    assert "Guild B question" in texts[GUILD_B]
    for text in texts.values():
        assert "Private musing" not in text and f"#{a_private} " not in text
    # The private answer's text was never stored at all, only its votes.
    record = await store.feedback(a_private)
    assert record is not None and record.private and record.wrong_votes == 1
    assert "Private musing" not in record.question + record.answer_json
    # A reviewer in guild B can't review guild A's answer by its id either.
    assert await store.review(a_public, 9, "correct", guild_id=GUILD_B) is None
    assert (await store.feedback(a_public)).reviewed_verdict is None  # type: ignore[union-attr]


# --- /about -------------------------------------------------------------------------------


async def test_about(bot: RulesBot, store: Store, reply_validator: Any) -> None:
    interaction, rec = make_interaction(bot)
    await AboutCog.about.callback(cog(bot, "About"), interaction)
    status = await store.status()
    values = {f.name: f.value for f in rec.last.embeds[0].fields}
    assert values["Version"] == bot.version
    assert values["Cards"] == f"{status.cards:,}" and values["Rules"] == f"{status.rules:,}"
    assert status.cr_effective and status.cr_effective in (values["Comprehensive Rules"] or "")
    assert "Built-in seed data" in (values["Data sources"] or "")
    assert re.fullmatch(r"\d+m \d+s|\d+h \d+m|\d+d \d+h \d+m", values["Uptime"] or "")
    assert list(reply_validator.iter_errors(rec.last.payload)) == []


# --- inline [[card]] lookups ---------------------------------------------------------------


def _message(content: str, *, author_bot: bool = False) -> Any:
    message = create_autospec(discord.Message, spec_set=True, instance=True)
    message.content = content
    message.author = make_member()
    message.author.bot = author_bot
    message.channel = create_autospec(discord.TextChannel, spec_set=True, instance=True)
    message.channel.id = 5
    return message


@pytest.mark.parametrize(
    ("content", "limit", "names"),
    [
        ("[[Sol Ring]] and [[ sol  ring ]] and [[Forest]]", 3, ["Sol Ring", "sol ring", "Forest"]),
        ("[[a]] [[b]] [[c]] [[d]]", 2, ["a", "b"]),
        ("`[[Sol Ring]]` ```\n[[Forest]]\n``` [[Island]]", 3, ["Island"]),
        ("[[]] [[\n]] [[ ]]", 3, []),
        ("[[[[Island]]]]", 3, ["Island"]),
    ],
)
def test_bracketed_names(content: str, limit: int, names: list[str]) -> None:
    assert bracketed_names(content, limit) == names


async def test_inline_lookups_are_off_by_default(bot: RulesBot) -> None:
    message = _message("[[Sol Ring]]")
    await cog(bot, "Inline").on_message(message)
    message.reply.assert_not_called()


async def test_inline_lookups_reply_capped_and_silent(tmp_path: Any, store: Store) -> None:
    bot = await make_bot(make_settings(tmp_path, inline_lookups=True, inline_lookup_limit=2), store)
    assert bot.intents.message_content
    message = _message("[[Sol Ring]] [[Nonexistent Qqq]] [[Forest]] [[Island]] @everyone")
    await InlineCog.on_message(cog(bot, "Inline"), message)
    (call,) = message.reply.await_args_list
    titles = [e.title for e in call.kwargs["embeds"]]
    assert titles == ["Sol Ring"]  # two names looked at; the unknown one stays silent
    assert call.kwargs["allowed_mentions"].to_dict() == {"parse": []}
    assert call.kwargs["mention_author"] is False
    bots_message = _message("[[Sol Ring]]", author_bot=True)
    await InlineCog.on_message(cog(bot, "Inline"), bots_message)
    bots_message.reply.assert_not_called()


async def test_inline_lookups_fit_one_message(tmp_path: Any, store: Store) -> None:
    bot = await make_bot(
        make_settings(tmp_path, inline_lookups=True, inline_lookup_limit=10), store
    )
    names = [
        "Sol Ring",
        "Forest",
        "Island",
        "Swamp",
        "Mountain",
        "Plains",
        "Ana Battlemage",
        "Fork",
        "Tundra",
        "Mind Stone",
    ]
    message = _message(" ".join(f"[[{n}]]" for n in names))
    await InlineCog.on_message(cog(bot, "Inline"), message)
    embeds = message.reply.await_args.kwargs["embeds"]
    assert 0 < len(embeds) <= 10
    assert sum(len(e) for e in embeds) <= 6000
