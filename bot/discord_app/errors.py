"""The one error path: expected errors become a clear ephemeral message, others an apology with an id."""

from __future__ import annotations

import logging
import math
import secrets

import discord
from discord import app_commands

from bot.discord_app.escape import escape_user_text
from bot.discord_app.respond import SENT_PRIVATELY, respond
from bot.errors import RulesbotError

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side. If it keeps happening, report error id `{id}`."
# What stays in a public "thinking…" message when the reply to it turned out to be an error.
PUBLIC_APOLOGY = "Sorry, I couldn't do that. I told the person who asked why, visible only to them."


class NotReviewerError(RulesbotError, PermissionError):
    """A review action by someone without Manage Messages or the guild's review role."""

    def __init__(self) -> None:
        super().__init__(
            "Only reviewers can do that: members with the Manage Messages permission, "
            "or with the review role the bot's operator set for this server."
        )


class NotFoundError(RulesbotError, LookupError):
    """A rule, glossary term or ruling set that doesn't exist."""


def _unwrap(error: BaseException) -> BaseException:
    # discord.py wraps what a callback or transformer raised; the cause is what matters.
    for _ in range(5):
        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        elif isinstance(error, app_commands.TransformerError) and isinstance(
            error.__cause__, RulesbotError
        ):
            error = error.__cause__
        else:
            break
    return error


def expected_message(error: BaseException) -> str | None:
    """The message a user sees for an expected error; None when the error is unexpected."""
    error = _unwrap(error)
    if isinstance(error, RulesbotError):
        # These messages often quote what the user typed (a card name, a rule).
        return escape_user_text(error.user_message)
    if isinstance(error, app_commands.CommandOnCooldown):
        wait = max(1, math.ceil(error.retry_after))
        unit = "second" if wait == 1 else "seconds"
        return f"You're asking quickly: please wait {wait} {unit} and try again."
    if isinstance(error, app_commands.MissingRole | app_commands.MissingAnyRole):
        return "Only judges can do that."
    if isinstance(error, app_commands.NoPrivateMessage):
        return "That only works in a server."
    if isinstance(error, app_commands.BotMissingPermissions):
        return "I'm missing permissions here: " + ", ".join(error.missing_permissions)
    if isinstance(error, app_commands.CheckFailure):
        return "You can't use that here."
    if isinstance(error, app_commands.TransformerError):
        return "I couldn't understand one of the options you gave."
    return None


async def send_ephemeral(
    interaction: discord.Interaction, content: str, *, public_note: str = SENT_PRIVATELY
) -> None:
    """Reply privately, whether or not the interaction was already answered or deferred."""
    await respond(interaction, content, ephemeral=True, public_note=public_note)


async def handle_error(interaction: discord.Interaction, error: BaseException) -> str | None:
    """Tell the user what went wrong; returns the error id when the error was unexpected."""
    message = expected_message(error)
    error_id: str | None = None
    if message is None:
        error_id = secrets.token_hex(4)
        original = _unwrap(error)
        command = interaction.command.qualified_name if interaction.command else None
        log.error(
            "error %s in %s (user %s)",
            error_id,
            command or "component",
            getattr(interaction.user, "id", "?"),
            exc_info=(type(original), original, original.__traceback__),
        )
        message = APOLOGY.format(id=error_id)
    try:
        await send_ephemeral(interaction, message, public_note=PUBLIC_APOLOGY)
    except discord.HTTPException:
        # The interaction expired or was deleted; the log line is all that's left.
        log.warning("could not deliver error message for interaction %s", interaction.id)
    return error_id
