"""/cr: a Comprehensive Rules rule with its subrules, or a glossary term."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord_app.embeds import (
    CHOICE_LIMIT,
    CHOICE_NAME_LIMIT,
    clip,
    glossary_pages,
    is_rule_number,
    paginate,
    rule_pages,
    rule_url,
)
from bot.discord_app.errors import NotFoundError
from bot.discord_app.escape import escape_user_text
from bot.discord_app.respond import defer
from bot.discord_app.views import PagerView
from bot.errors import InputTooLongError

if TYPE_CHECKING:
    from bot.discord_app.client import RulesBot

QUERY_MAX = 100
SEARCH_RESULTS = 5


class RulesCog(commands.Cog, name="Rules"):
    """The Comprehensive Rules."""

    def __init__(self, bot: RulesBot) -> None:
        self.bot = bot
        self._numbers: list[str] | None = None
        self._terms: list[str] | None = None

    def forget_cached_data(self) -> None:
        self._numbers = self._terms = None

    async def _vocabulary(self) -> tuple[list[str], list[str]]:
        if self._numbers is None or self._terms is None:
            self._numbers = await self.bot.store.rule_numbers()
            self._terms = [t for t in await self.bot.store.glossary_terms() if len(t) <= QUERY_MAX]
        return self._numbers, self._terms

    async def _footer(self) -> str:
        status = await self.bot.store.status()
        return f"Comprehensive Rules effective {status.cr_effective or 'unknown'}"

    @app_commands.command(
        name="cr", description="Look up a Comprehensive Rules rule or glossary term"
    )
    @app_commands.describe(
        rule_or_term="A rule number like 702.33 or 702.33d, or a term like 'kicker'"
    )
    async def cr(
        self, interaction: discord.Interaction, rule_or_term: app_commands.Range[str, 1, QUERY_MAX]
    ) -> None:
        query = rule_or_term.strip()
        if len(query) > QUERY_MAX:
            raise InputTooLongError(
                f"Give a rule number or a term of at most {QUERY_MAX} characters."
            )
        if not query:
            raise NotFoundError("Give a rule number like 702.33 or a term like 'kicker'.")
        shown = " ".join(query.split())  # the error path escapes it when echoed
        footer = await self._footer()
        store = self.bot.store
        if is_rule_number(query):
            records = await store.rule_tree(query)
            if not records:
                raise NotFoundError(f"There is no rule {shown} in the Comprehensive Rules.")
            pages = rule_pages(records, footer=footer)
        else:
            entry = await store.glossary(query)
            if entry is not None:
                pages = glossary_pages(entry.term, entry.text, footer=footer)
            else:
                # The first text search builds its index, which can outlast Discord's 3 s.
                await defer(interaction, ephemeral=False)
                found = await store.search_rules(query, SEARCH_RESULTS)
                if not found:
                    raise NotFoundError(f"No rule or glossary term matches “{shown}”.")
                lines = [f"**[{r.number}]({rule_url(r.number)})** {r.text}" for r in found]
                pages = paginate(
                    f"Rules about “{escape_user_text(shown, single_line=True)}”",
                    "No glossary entry has that name; these rules mention it:\n\n"
                    + "\n\n".join(lines),
                    footer=footer,
                )
        await PagerView(pages).start(interaction)

    @cr.autocomplete("rule_or_term")
    async def rule_or_term_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Rule numbers (with their text) or glossary terms, from the local store only."""
        text = current.strip().rstrip(".").casefold()
        if not text:
            return []
        numbers, terms = await self._vocabulary()
        if text[0].isdigit():
            hits = [n for n in numbers if n.startswith(text)][:CHOICE_LIMIT]
            records = await self.bot.store.rules(hits)
            return [
                app_commands.Choice(
                    name=clip(f"{n} {records[n].text}" if n in records else n, CHOICE_NAME_LIMIT),
                    value=n,
                )
                for n in hits
            ]
        starts = [t for t in terms if t.casefold().startswith(text)]
        inside = [t for t in terms if text in t.casefold() and t not in starts]
        return [app_commands.Choice(name=t, value=t) for t in (starts + inside)[:CHOICE_LIMIT]]
