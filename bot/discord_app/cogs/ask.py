"""/ask and the "Ask the rules bot" message command: question in, answer embed out."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import limits
from bot.answer import Answer, Choice
from bot.discord_app.embeds import unresolved
from bot.discord_app.payload import answer_message
from bot.discord_app.respond import defer, original_filled, respond
from bot.errors import InputTooLongError, RulesbotError

if TYPE_CHECKING:
    from bot.discord_app.client import RulesBot
    from engine.model import GameState

# Discord's own cap on a string option; the configured cap is checked in code.
OPTION_MAX = limits.DISCORD_TEXT_MAX
COOLDOWN_PRUNE_AT = 5000


class EmptyQuestionError(RulesbotError, ValueError):
    def __init__(self) -> None:
        super().__init__('Ask a rules question, e.g. "Is a copy of a kicked spell also kicked?"')


class BadBoardError(RulesbotError, ValueError):
    """A /ask board that the position notation can't read; the message names the bad part."""


class AskCog(commands.Cog, name="Ask"):
    """Rules questions."""

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot
        self._cooldowns: dict[int, app_commands.Cooldown] = {}
        self.context_menu = app_commands.ContextMenu(
            name="Ask the rules bot", callback=self.ask_message
        )

    async def cog_load(self) -> None:
        self.bot.tree.add_command(self.context_menu)

    async def cog_unload(self) -> None:
        self.bot.tree.remove_command(self.context_menu.name, type=self.context_menu.type)

    # -- checks ----------------------------------------------------------------------------

    def check_question(self, question: str) -> str:
        text = question.strip()
        if not text:
            raise EmptyQuestionError
        cap = self.bot.settings.max_question_chars
        if len(text) > cap:
            raise InputTooLongError(
                f"Questions can be at most {cap:,} characters; yours has {len(text):,}. "
                "Please shorten it and ask again."
            )
        return text

    def check_cooldown(self, user_id: int) -> None:
        """Per-user rate limit shared by /ask and the message command."""
        settings = self.bot.settings
        if settings.ask_cooldown_seconds <= 0:
            return
        now = time.time()
        if len(self._cooldowns) > COOLDOWN_PRUNE_AT:
            self._cooldowns = {
                uid: cd for uid, cd in self._cooldowns.items() if cd.get_tokens(now) < cd.rate
            }
        cooldown = self._cooldowns.get(user_id)
        if cooldown is None:
            cooldown = app_commands.Cooldown(
                settings.ask_cooldown_rate, settings.ask_cooldown_seconds
            )
            self._cooldowns[user_id] = cooldown
        retry_after = cooldown.update_rate_limit(now)
        if retry_after:
            raise app_commands.CommandOnCooldown(cooldown, retry_after)

    # -- commands --------------------------------------------------------------------------

    @app_commands.command(name="ask", description="Ask a Magic rules question")
    @app_commands.describe(
        question="Your rules question, e.g. 'Can I pay Ana Battlemage's kicker twice?'",
        private="Show the answer only to you",
        board="The position, e.g. 'you: Llanowar Elves[new]; opponent: Island' (see docs/notation.md)",
    )
    async def ask(
        self,
        interaction: discord.Interaction,
        question: app_commands.Range[str, 1, OPTION_MAX],
        private: bool = False,
        board: app_commands.Range[str, 1, OPTION_MAX] | None = None,
    ) -> None:
        await self.answer(interaction, question, private=private, board=board)

    async def ask_message(self, interaction: discord.Interaction, message: discord.Message) -> None:
        """Context-menu entry: the message's text is the question."""
        await self.answer(interaction, message.content or "", private=False)

    # -- the flow --------------------------------------------------------------------------

    async def answer(
        self,
        interaction: discord.Interaction,
        question: str,
        *,
        private: bool,
        board: str | None = None,
    ) -> None:
        text = self.check_question(question)
        position = None
        if board is not None:
            from engine.errors import NotationError

            try:
                position = await self.bot.asker.read_board(board)
            except NotationError as exc:
                raise BadBoardError(str(exc)) from exc
        self.check_cooldown(interaction.user.id)
        # The pipeline usually takes milliseconds, but it may have to read cold data.
        await defer(interaction, ephemeral=private)
        await self.deliver(
            interaction, text, private=private, choices={}, edit=False, board=position
        )

    async def deliver(
        self,
        interaction: discord.Interaction,
        question: str,
        *,
        private: bool,
        choices: Mapping[str, str],
        edit: bool,
        board: GameState | None = None,
        stated: Sequence[str] = (),
    ) -> None:
        """Answer ``question``, or ask which card an ambiguous name meant.

        ``stated`` are the facts the asker picked with the answer's fact buttons.
        """
        options: dict[str, Any] = {}
        if board is not None:
            options["board"] = board
        if stated:
            options["stated"] = list(stated)
        answer = await self.bot.asker.ask(question, choices=dict(choices) or None, **options)
        if unresolved(answer, choices):
            prompt = answer_message(
                answer,
                choices=choices,
                owner_id=interaction.user.id,
                on_choice=partial(self._chosen, question, private, dict(choices), board),
            )
            await self._show(
                interaction, prompt.content, None, prompt.view, private=private, edit=edit
            )
            return
        answer_id = await self._record(interaction, answer, private=private)
        shown = answer_message(
            answer,
            self.bot.settings,
            choices=choices,
            answer_id=answer_id,
            owner_id=interaction.user.id,
            on_fact=partial(self._picked, question, private, dict(choices), board, answer.stated),
        )
        message = await self._show(
            interaction, None, shown.embed, shown.view, private=private, edit=edit
        )
        if answer_id is not None and message is not None:
            await self.bot.store.set_answer_message(answer_id, message.id)

    async def _chosen(
        self,
        question: str,
        private: bool,
        choices: dict[str, str],
        board: GameState | None,
        interaction: discord.Interaction,
        name: str,
        chosen: str,
    ) -> None:
        await interaction.response.defer()
        await self.deliver(
            interaction,
            question,
            private=private,
            choices={**choices, name: chosen},
            edit=True,
            board=board,
        )

    async def _picked(
        self,
        question: str,
        private: bool,
        choices: dict[str, str],
        board: GameState | None,
        stated: list[str],
        interaction: discord.Interaction,
        fact: Choice,
    ) -> None:
        await interaction.response.defer()
        await self.deliver(
            interaction,
            question,
            private=private,
            choices=choices,
            edit=True,
            board=board,
            stated=[*stated, fact.says],
        )

    async def _show(
        self,
        interaction: discord.Interaction,
        content: str | None,
        embed: discord.Embed | None,
        view: discord.ui.View,
        *,
        private: bool,
        edit: bool,
    ) -> discord.InteractionMessage | discord.WebhookMessage | None:
        if not edit:
            return await respond(interaction, content, embed=embed, view=view, ephemeral=private)
        original_filled(interaction)
        message = await interaction.edit_original_response(
            content=content,
            embed=embed,
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        bind = getattr(view, "bind", None)
        if bind is not None:
            bind(interaction, None)
        return message

    async def _record(
        self, interaction: discord.Interaction, answer: Answer, *, private: bool
    ) -> int | None:
        """Keep the answer so people can vote on it; answers to bad input aren't kept.

        Of a private answer only the votes are kept, never its text.
        """
        if answer.error:
            return None
        return await self.bot.store.record_answer(
            question=answer.question,
            answer_json=answer.model_dump(mode="json"),
            scenario=answer.scenario,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            private=private,
        )
