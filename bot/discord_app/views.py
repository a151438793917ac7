"""Interactive components: pagers, card and fact choices, feedback and review buttons (a leaf)."""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

import discord

from bot.discord_app.access import require_reviewer
from bot.discord_app.embeds import MAX_LINK_BUTTONS, clip, scryfall_url
from bot.discord_app.errors import NotFoundError, handle_error, send_ephemeral
from bot.discord_app.escape import escape_user_text, plain
from bot.discord_app.respond import NONE, MessageBound, respond

if TYPE_CHECKING:
    from bot.answer import Choice
    from bot.settings import Settings
    from bot.store import Store
    from bot.store.records import Vote

log = logging.getLogger(__name__)

VIEW_TIMEOUT = 600.0  # well inside the 15 minutes an interaction token can edit its message
SELECT_OPTIONS = 25
LABEL_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
FACT_BUTTONS = 5  # one row of buttons
NOT_YOURS = "Only the person who asked can pick."

ChoiceCallback = Callable[[discord.Interaction, str, str], Awaitable[None]]
FactCallback = Callable[[discord.Interaction, "Choice"], Awaitable[None]]


class Host(Protocol):
    """What the components need of the bot that received the press."""

    @property
    def store(self) -> Store: ...

    settings: Settings


def host(interaction: discord.Interaction) -> Host:
    return cast("Host", interaction.client)


class BaseView(MessageBound, discord.ui.View):
    """Routes errors to the one error path; optionally only its owner may use it."""

    def __init__(self, *, owner_id: int = 0, timeout: float | None = VIEW_TIMEOUT) -> None:
        super().__init__(timeout=timeout)
        self.owner_id = owner_id
        # Each message's components get custom_ids of their own: two people's pagers
        # can then never be mistaken for each other, whatever discord.py keys views by.
        self.key = secrets.token_hex(6)

    def custom_id(self, name: str) -> str:
        return f"rb:{self.key}:{name}"

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if self.owner_id and interaction.user.id != self.owner_id:
            await send_ephemeral(interaction, "Only the person who asked can use this menu.")
            return False
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any], /
    ) -> None:
        await handle_error(interaction, error)

    async def on_timeout(self) -> None:
        changed = False
        for child in self.children:
            if isinstance(child, discord.ui.Button | discord.ui.Select) and not isinstance(
                child, discord.ui.DynamicItem
            ):
                if isinstance(child, discord.ui.Button) and child.url:
                    continue
                child.disabled = True
                changed = True
        if changed and self.interaction is not None:
            try:
                if self.message is not None:
                    await self.message.edit(view=self, allowed_mentions=NONE)
                else:
                    await self.interaction.edit_original_response(view=self, allowed_mentions=NONE)
            except discord.HTTPException:
                pass  # message deleted or token expired: nothing left to disable


class PagerView(BaseView):
    """◀ n/N ▶ buttons over a list of embeds; anyone who sees the message may page."""

    def __init__(
        self,
        pages: Sequence[discord.Embed],
        *,
        owner_id: int = 0,
        timeout: float | None = VIEW_TIMEOUT,
    ) -> None:
        super().__init__(owner_id=owner_id, timeout=timeout)
        self.pages = list(pages)
        self.page = 0
        self.prev_button: discord.ui.Button[PagerView] | None = None
        self.next_button: discord.ui.Button[PagerView] | None = None
        self.counter: discord.ui.Button[PagerView] | None = None
        if len(self.pages) > 1:
            self.prev_button = discord.ui.Button(
                label="◀ Previous",
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id("prev"),
                row=0,
            )
            self.counter = discord.ui.Button(
                label="1/1",
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id("page"),
                row=0,
                disabled=True,
            )
            self.next_button = discord.ui.Button(
                label="Next ▶",
                style=discord.ButtonStyle.secondary,
                custom_id=self.custom_id("next"),
                row=0,
            )
            self.prev_button.callback = self._previous  # type: ignore[method-assign]
            self.next_button.callback = self._next  # type: ignore[method-assign]
            for button in (self.prev_button, self.counter, self.next_button):
                self.add_item(button)
        self.show(0)

    @property
    def embed(self) -> discord.Embed:
        return self.pages[self.page]

    def show(self, page: int) -> None:
        self.page = max(0, min(page, len(self.pages) - 1))
        if self.prev_button and self.next_button and self.counter:
            self.prev_button.disabled = self.page == 0
            self.next_button.disabled = self.page >= len(self.pages) - 1
            self.counter.label = f"{self.page + 1}/{len(self.pages)}"

    async def _previous(self, interaction: discord.Interaction) -> None:
        self.show(self.page - 1)
        await interaction.response.edit_message(embed=self.embed, view=self, allowed_mentions=NONE)

    async def _next(self, interaction: discord.Interaction) -> None:
        self.show(self.page + 1)
        await interaction.response.edit_message(embed=self.embed, view=self, allowed_mentions=NONE)

    async def start(self, interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
        view = self if (len(self.pages) > 1 or len(self.children) > 0) else None
        await respond(interaction, embed=self.embed, view=view, ephemeral=ephemeral)


class FeedbackButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"rb:fb:(?P<answer_id>[0-9]{1,18}):(?P<action>correct|wrong|review)",
):
    """Correct / wrong votes and the judges' review button; survives restarts."""

    STYLES: ClassVar[dict[str, tuple[str, str, discord.ButtonStyle]]] = {
        "correct": ("Correct", "👍", discord.ButtonStyle.success),
        "wrong": ("Wrong", "👎", discord.ButtonStyle.danger),
        "review": ("Judge review", "⚖️", discord.ButtonStyle.secondary),
    }

    def __init__(self, answer_id: int, action: str) -> None:
        label, emoji, style = self.STYLES[action]
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                style=style,
                custom_id=f"rb:fb:{answer_id}:{action}",
                row=1,
            )
        )
        self.answer_id = answer_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FeedbackButton:
        return cls(int(match["answer_id"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._run(interaction)
        except Exception as exc:  # dynamic items have no view to route errors through
            await handle_error(interaction, exc)

    async def _run(self, interaction: discord.Interaction) -> None:
        bot = host(interaction)
        if self.action == "review":
            require_reviewer(interaction, bot.settings)
            record = await bot.store.feedback(self.answer_id)
            if record is None or record.guild_id != interaction.guild_id:
                raise NotFoundError(f"Answer #{self.answer_id} is no longer on record.")
            await respond(
                interaction,
                f"Mark answer #{self.answer_id} as reviewed. Your review overrides the votes.",
                view=ReviewView(self.answer_id, owner_id=interaction.user.id),
                ephemeral=True,
            )
            return
        vote: Vote = "correct" if self.action == "correct" else "wrong"
        record = await bot.store.vote(self.answer_id, interaction.user.id, vote)
        if record is None:
            raise NotFoundError(f"Answer #{self.answer_id} is no longer on record.")
        await send_ephemeral(
            interaction,
            f"Thanks: your vote ({self.action}) on answer #{self.answer_id} is recorded.",
        )


class ReviewView(BaseView):
    """A reviewer's verdict on one answer (shown only to that reviewer)."""

    def __init__(self, answer_id: int, *, owner_id: int) -> None:
        super().__init__(owner_id=owner_id)
        self.answer_id = answer_id
        self.correct.custom_id = self.custom_id("reviewed-correct")
        self.wrong.custom_id = self.custom_id("reviewed-wrong")

    async def _review(self, interaction: discord.Interaction, verdict: Vote) -> None:
        bot = host(interaction)
        require_reviewer(interaction, bot.settings)
        guild_id = interaction.guild_id
        if (
            guild_id is None
            or await bot.store.review(
                self.answer_id, interaction.user.id, verdict, guild_id=guild_id
            )
            is None
        ):
            raise NotFoundError(f"Answer #{self.answer_id} is no longer on record.")
        self.stop()
        await interaction.response.edit_message(
            content=f"Answer #{self.answer_id} reviewed as **{verdict}**.",
            view=None,
            allowed_mentions=NONE,
        )

    @discord.ui.button(label="Reviewed: correct", style=discord.ButtonStyle.success)
    async def correct(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await self._review(interaction, "correct")

    @discord.ui.button(label="Reviewed: wrong", style=discord.ButtonStyle.danger)
    async def wrong(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await self._review(interaction, "wrong")


class AnswerView(PagerView):
    """Pager over an answer's pages plus feedback buttons, Scryfall links for its cards and,
    when the ruling lacks a fact, a button per option that only the asker may press."""

    def __init__(
        self,
        pages: Sequence[discord.Embed],
        *,
        answer_id: int | None,
        owner_id: int = 0,
        cards: Sequence[str] = (),
        facts: Sequence[Choice] = (),
        on_fact: FactCallback | None = None,
    ) -> None:
        # Anyone may page and vote, so the asker check is the fact buttons' own.
        super().__init__(pages, owner_id=0, timeout=VIEW_TIMEOUT)
        self.answer_id = answer_id
        self.asker_id = owner_id
        self.on_fact = on_fact
        self.facts = list(facts)[:FACT_BUTTONS]
        for i, fact in enumerate(self.facts):
            pick: discord.ui.Button[AnswerView] = discord.ui.Button(
                label=_label(plain(fact.label), BUTTON_LABEL_LIMIT),
                style=discord.ButtonStyle.primary,
                custom_id=self.custom_id(f"fact:{i}"),
                row=3,
            )
            pick.callback = partial(self._picked, fact)  # type: ignore[method-assign]
            self.add_item(pick)
        if answer_id is not None:
            for action in ("correct", "wrong", "review"):
                self.add_item(FeedbackButton(answer_id, action))
        for name in list(dict.fromkeys(cards))[:MAX_LINK_BUTTONS]:
            self.add_item(
                discord.ui.Button(
                    label=_label(plain(name), BUTTON_LABEL_LIMIT),
                    style=discord.ButtonStyle.link,
                    url=scryfall_url(name),
                    row=2,
                )
            )

    async def _picked(self, fact: Choice, interaction: discord.Interaction) -> None:
        if self.asker_id and interaction.user.id != self.asker_id:
            await send_ephemeral(interaction, NOT_YOURS)
            return
        self.stop()
        if self.on_fact is not None:
            await self.on_fact(interaction, fact)


def _label(text: str, limit: int) -> str:
    return clip(text, limit) or "?"


class CardChoiceView(BaseView):
    """A select menu of candidate cards for one ambiguous name; only the asker may pick."""

    def __init__(
        self,
        name: str,
        candidates: Sequence[str],
        *,
        owner_id: int,
        on_choice: ChoiceCallback | None,
    ) -> None:
        super().__init__(owner_id=owner_id)
        self.name = name
        self.on_choice = on_choice
        unique = list(dict.fromkeys(candidates))[:SELECT_OPTIONS]
        self.select: discord.ui.Select[CardChoiceView] = discord.ui.Select(
            placeholder=_label(f"Pick the card you meant by {plain(name)}", 150),
            custom_id=self.custom_id("pick"),
            options=[
                discord.SelectOption(label=_label(plain(c), LABEL_LIMIT), value=str(i))
                for i, c in enumerate(unique)
            ],
            min_values=1,
            max_values=1,
        )
        self.candidates = unique
        self.select.callback = self._chosen  # type: ignore[method-assign]
        self.add_item(self.select)

    @property
    def prompt(self) -> str:
        shown = escape_user_text(_label(self.name, 200), single_line=True)
        return f"More than one card matches “{shown}”. Which one did you mean?"

    async def _chosen(self, interaction: discord.Interaction) -> None:
        chosen = self.candidates[int(self.select.values[0])]
        self.stop()
        if self.on_choice is not None:
            await self.on_choice(interaction, self.name, chosen)
