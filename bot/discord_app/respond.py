"""Reply to an interaction the same way whether or not it was already answered or deferred."""

from __future__ import annotations

from typing import Any

import discord

NONE = discord.AllowedMentions.none()
CONTENT_LIMIT = 2000


async def respond(
    interaction: discord.Interaction,
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    view: discord.ui.View | None = None,
    ephemeral: bool = False,
) -> discord.WebhookMessage | None:
    """Send the first reply or a follow-up; mentions never ping.

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
