"""The one error path: CommandTree.on_error, view errors and dynamic-item errors."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from discord import app_commands

from bot.discord_app.client import RulesBot
from bot.discord_app.errors import (
    APOLOGY,
    PUBLIC_APOLOGY,
    NotReviewerError,
    expected_message,
    handle_error,
)
from bot.discord_app.respond import defer, respond
from bot.discord_app.views import FeedbackButton, PagerView
from bot.errors import AmbiguousCardError, InputTooLongError, StoreError, UnknownCardError
from tests.discord_app.conftest import make_interaction

SECRET = "db password is hunter2 at /srv/secret/path"


def _invoke_error(exc: Exception, bot: RulesBot) -> app_commands.CommandInvokeError:
    command = bot.tree.get_command("ask")
    assert isinstance(command, app_commands.Command)
    return app_commands.CommandInvokeError(command, exc)


def _cooldown(retry: float) -> app_commands.CommandOnCooldown:
    return app_commands.CommandOnCooldown(app_commands.Cooldown(1, 10), retry)


EXPECTED: list[tuple[str, Any, str]] = [
    ("unknown card", UnknownCardError("Llanowar Elfs"), "No card matches 'Llanowar Elfs'"),
    ("ambiguous", AmbiguousCardError("Thalia", ["Thalia, A", "Thalia, B"]), "Thalia, A"),
    ("too long", InputTooLongError("Questions can be at most 1,000"), "at most 1,000"),
    ("store", StoreError("The database is locked."), "locked"),
    ("not reviewer", NotReviewerError(), "Manage Messages permission"),
    ("cooldown", _cooldown(4.2), "wait 5 seconds"),
    ("cooldown 1s", _cooldown(0.3), "wait 1 second "),
    ("missing role", app_commands.MissingRole("Judge"), "Only judges"),
    ("dm", app_commands.NoPrivateMessage(), "only works in a server"),
]


@pytest.mark.parametrize(
    ("error", "shown"), [(e, s) for _, e, s in EXPECTED], ids=[i for i, _, _ in EXPECTED]
)
@pytest.mark.parametrize("done", [False, True], ids=["fresh", "already-responded"])
async def test_expected_errors_get_a_clear_ephemeral_message(
    bot: RulesBot, error: Exception, shown: str, done: bool
) -> None:
    interaction, rec = make_interaction(bot, done=done)
    await bot.tree.on_error(interaction, _invoke_error(error, bot))
    reply = rec.last
    assert reply.via == ("followup" if done else "send_message")
    assert reply.ephemeral
    assert shown in reply.content
    assert reply.payload["allowed_mentions"] == {"parse": []}


async def _deferred(bot: RulesBot, *, private: bool) -> tuple[Any, Any]:
    interaction, rec = make_interaction(bot)
    await defer(interaction, ephemeral=private)
    return interaction, rec


async def test_error_after_a_public_defer_never_stays_public(bot: RulesBot) -> None:
    """The first follow-up after a defer takes the defer's visibility, so an error sent
    as a plain ephemeral follow-up would replace the public "thinking…" message."""
    interaction, rec = await _deferred(bot, private=False)
    await bot.tree.on_error(interaction, _invoke_error(UnknownCardError("Secret Tech"), bot))
    edit, details = rec.sent
    assert edit.via == "edit_original" and edit.content == PUBLIC_APOLOGY
    assert "Secret Tech" not in edit.text and edit.payload.get("embeds") == []
    assert details.via == "followup" and details.ephemeral and "Secret Tech" in details.content


async def test_error_after_a_private_defer_is_one_private_message(bot: RulesBot) -> None:
    interaction, rec = await _deferred(bot, private=True)
    await bot.tree.on_error(interaction, _invoke_error(UnknownCardError("Secret Tech"), bot))
    (reply,) = rec.sent
    assert reply.via == "followup" and reply.ephemeral and "Secret Tech" in reply.content


async def test_error_after_the_deferred_message_was_filled_is_a_new_private_message(
    bot: RulesBot,
) -> None:
    interaction, rec = await _deferred(bot, private=False)
    await respond(interaction, "the public answer")
    await bot.tree.on_error(interaction, _invoke_error(UnknownCardError("Secret Tech"), bot))
    answer, error = rec.sent
    assert answer.content == "the public answer" and not answer.ephemeral
    assert error.via == "followup" and error.ephemeral  # nothing edited the public answer


@pytest.mark.parametrize("done", [False, True], ids=["fresh", "already-responded"])
async def test_unexpected_errors_apologise_with_an_id_and_log_the_traceback(
    bot: RulesBot, caplog: pytest.LogCaptureFixture, done: bool
) -> None:
    interaction, rec = make_interaction(bot, done=done, command=bot.tree.get_command("ask"))
    try:
        raise KeyError(SECRET)
    except KeyError as exc:
        error = _invoke_error(exc, bot)
    with caplog.at_level(logging.ERROR, logger="bot.discord_app.errors"):
        await bot.tree.on_error(interaction, error)
    reply = rec.last
    assert reply.ephemeral and reply.via == ("followup" if done else "send_message")
    assert "hunter2" not in reply.content and "KeyError" not in reply.content
    match = re.search(r"error id `([0-9a-f]{8})`", reply.content)
    assert match, reply.content
    (record,) = [r for r in caplog.records if match.group(1) in r.getMessage()]
    assert record.exc_info is not None and record.exc_info[0] is KeyError
    assert "ask" in record.getMessage()


async def test_expected_message_unwraps_and_rejects_unknowns(bot: RulesBot) -> None:
    assert expected_message(_invoke_error(UnknownCardError("x"), bot)) == "No card matches 'x'."
    assert expected_message(RuntimeError(SECRET)) is None
    assert expected_message(_invoke_error(ValueError(SECRET), bot)) is None


async def test_a_failing_reply_does_not_raise(bot: RulesBot) -> None:
    import discord

    interaction, _ = make_interaction(bot)
    interaction.response.send_message.side_effect = discord.NotFound(
        _response(404), "Unknown interaction"
    )
    assert await handle_error(interaction, RuntimeError("boom")) is not None


def _response(status: int) -> Any:
    from unittest.mock import MagicMock

    response = MagicMock()
    response.status = status
    response.reason = "Not Found"
    return response


async def test_view_errors_use_the_error_path(bot: RulesBot) -> None:
    view = PagerView([])
    interaction, rec = make_interaction(bot)
    await view.on_error(
        interaction, RuntimeError(SECRET), view.children[0] if view.children else None
    )  # type: ignore[arg-type]
    assert APOLOGY.split("{")[0] in rec.last.content and "hunter2" not in rec.last.content


async def test_dynamic_item_errors_use_the_error_path(bot: RulesBot) -> None:
    await bot.store.close()  # every store call now raises StoreError
    interaction, rec = make_interaction(bot)
    await FeedbackButton(1, "correct").callback(interaction)
    assert rec.last.ephemeral and rec.last.content == "The store is closed."


async def test_vote_on_an_answer_that_is_gone(bot: RulesBot) -> None:
    interaction, rec = make_interaction(bot)
    await FeedbackButton(424242, "wrong").callback(interaction)
    assert rec.last.ephemeral and "no longer on record" in rec.last.content


async def test_long_error_messages_fit_in_one_message(bot: RulesBot, reply_validator: Any) -> None:
    names = ["Card " + "x" * 400 + f" {i}" for i in range(10)]
    interaction, rec = make_interaction(bot)
    await handle_error(interaction, AmbiguousCardError("y" * 80, names))
    assert len(rec.last.content) <= 2000 and rec.last.content.endswith("…")
    assert list(reply_validator.iter_errors(rec.last.payload)) == []
