"""Reply to an interaction the same way whether or not it was already answered or deferred."""

from __future__ import annotations

from typing import Any

import discord

NONE = discord.AllowedMentions.none()
CONTENT_LIMIT = 2000
# While a deferred "thinking…" message waits for its content, extras holds its visibility.
_PENDING = "rulesbot.deferred_private"
SENT_PRIVATELY = "-# I replied to the person who asked, visible only to them."


async def defer(interaction: discord.Interaction, *, ephemeral: bool) -> None:
    """Defer with "thinking…"; Discord fixes the reply's visibility now, not when it is sent."""
    await interaction.response.defer(ephemeral=ephemeral, thinking=True)
    interaction.extras[_PENDING] = ephemeral


def deferred_visibility(interaction: discord.Interaction) -> bool | None:
    """True/False (private/public) while a deferred message awaits content, else None."""
    value = interaction.extras.get(_PENDING)
    return value if isinstance(value, bool) else None


def original_filled(interaction: discord.Interaction) -> None:
    """The deferred message has its content: later follow-ups are new messages."""
    interaction.extras.pop(_PENDING, None)


async def respond(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
    ephemeral: bool = False,
    public_note: str = SENT_PRIVATELY,
) -> discord.WebhookMessage | None:
    """Send the first reply or a follow-up; mentions never ping.

    The first follow-up after a defer takes the defer's visibility, whatever it asks
    for. So a private reply after a public defer first turns the public "thinking…"
    message into ``public_note``, then goes out as a new, private message.

    Returns the follow-up message (None for a first reply, whose message id comes later).
    """
    if content is not None and len(content) > CONTENT_LIMIT:
        content = content[: CONTENT_LIMIT - 1].rsplit(" ", 1)[0] + "…"
    kwargs: dict[str, Any] = {"ephemeral": ephemeral, "allowed_mentions": NONE}
    if embed is not None:
        kwargs["embed"] = embed
    if view is not None:
        kwargs["view"] = view
    if interaction.response.is_done():
        if ephemeral and deferred_visibility(interaction) is False:
            await interaction.edit_original_response(
                content=public_note, embeds=[], view=None, allowed_mentions=NONE
            )
        original_filled(interaction)
        message = await interaction.followup.send(
            content or discord.utils.MISSING, wait=True, **kwargs
        )
        if view is not None and isinstance(view, MessageBound):
            view.bind(interaction, message)
        return message
    else:
        await interaction.response.send_message(content, **kwargs)
        if view is not None and isinstance(view, MessageBound):
            view.bind(interaction, None)
        return None


class MessageBound:
    """A view that edits its message on timeout needs the interaction (and maybe the message)."""

    interaction: discord.Interaction | None = None
    message: discord.WebhookMessage | None = None

    def bind(
        self, interaction: discord.Interaction, message: discord.WebhookMessage | None
    ) -> None:
        self.interaction = interaction
        self.message = message
