"""An answer as the message that shows it: one builder for /ask and for `ask --embed`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.answer import Answer
from bot.discord_app.embeds import answer_pages, unresolved
from bot.discord_app.views import (
    AnswerView,
    BaseView,
    CardChoiceView,
    ChoiceCallback,
    FactCallback,
)

if TYPE_CHECKING:
    from bot.settings import Settings

NO_MENTIONS: dict[str, list[str]] = {"parse": []}


@dataclass
class AnswerMessage:
    """What goes in the message: either the answer's first page or a card-choice prompt."""

    content: str | None
    embed: discord.Embed | None
    view: BaseView


def answer_message(
    answer: Answer,
    settings: Settings | None = None,
    *,
    choices: Mapping[str, str] | None = None,
    answer_id: int | None = None,
    owner_id: int = 0,
    on_choice: ChoiceCallback | None = None,
    on_fact: FactCallback | None = None,
) -> AnswerMessage:
    """The answer with its pager, feedback and link buttons (and a button per option for
    a fact the ruling lacks), or, while a name the question used matches several cards,
    a menu for the asker to pick one."""
    pending = unresolved(answer, choices)
    if pending:
        name, candidates = next(iter(pending.items()))
        choice = CardChoiceView(name, candidates, owner_id=owner_id, on_choice=on_choice)
        return AnswerMessage(choice.prompt, None, choice)
    pages = answer_pages(answer, settings)
    view = AnswerView(
        pages,
        answer_id=answer_id,
        owner_id=owner_id,
        cards=[c.name for c in answer.cards],
        facts=answer.choices,
        on_fact=on_fact,
    )
    return AnswerMessage(None, view.embed, view)


def answer_payload(
    answer: Answer,
    settings: Settings | None = None,
    *,
    answer_id: int | None = None,
    page: int = 0,
) -> dict[str, Any]:
    """The interaction-reply payload for one answer, as it would be sent (for `ask --embed`).

    With ``answer_id`` the feedback buttons are included; pages after the first
    are reached with the pager buttons.
    """
    message = answer_message(answer, settings, answer_id=answer_id)
    payload: dict[str, Any] = {}
    if message.content is not None:
        payload["content"] = message.content
    if isinstance(message.view, AnswerView):
        message.view.show(page)
        payload["embeds"] = [message.view.embed.to_dict()]
    payload["components"] = message.view.to_components()
    payload["allowed_mentions"] = NO_MENTIONS
    return payload
