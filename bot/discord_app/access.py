"""Who may review answers: a role id configured for the guild, or Manage Messages there."""

from __future__ import annotations

import discord

from bot.discord_app.errors import NotReviewerError
from bot.settings import Settings


def can_review(interaction: discord.Interaction, settings: Settings) -> bool:
    """True in a guild for members allowed to moderate messages or holding its review role.

    Role names are never trusted: any server admin can create a role with any name.
    """
    guild_id = interaction.guild_id
    if guild_id is None:
        return False
    if interaction.permissions.manage_messages:
        return True
    wanted = settings.review_roles.get(guild_id, frozenset())
    roles = getattr(interaction.user, "roles", None) or []
    return any(role.id in wanted for role in roles)


def require_reviewer(interaction: discord.Interaction, settings: Settings) -> None:
    if not can_review(interaction, settings):
        raise NotReviewerError
