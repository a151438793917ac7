"""The ask pipeline shared by the CLI and the Discord bot: question in, cited Answer out."""

from __future__ import annotations

import importlib
import inspect
import logging
import pkgutil
import re
from collections.abc import Iterable, Sequence
from typing import Any

from bot.answer import Answer, Citation, ResolvedCard
from bot.ask import families
from bot.ask.question import CardMention, FamilyHandler, Question, Scenario, clean_text, mention_for
from bot.ask.textcards import Found, NameRow, TextCardFinder
from engine.card import Card
from engine.errors import EngineError
from engine.model import GameState, notation_names
from engine.ruling import Ruling

log = logging.getLogger(__name__)

MAX_QUESTION_CHARS = 4000
MIN_SCENARIO_SCORE = 0.5
_TOKEN = re.compile(r"[a-z0-9{}]+")
_STOP = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "to",
        "in",
        "on",
        "is",
        "it",
        "its",
        "be",
        "and",
        "or",
        "if",
        "i",
        "my",
        "me",
        "you",
        "your",
        "can",
        "do",
        "does",
        "that",
        "this",
        "what",
        "when",
        "with",
        "for",
        "as",
        "at",
        "by",
        "from",
        "was",
        "were",
        "are",
        "has",
        "have",
        "had",
        "will",
        "would",
    ]
)
TYPE_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
NOT_LOADED = (
    "The full Comprehensive Rules and card pool are not loaded; this answer uses rulesbot's "
    "built-in data. Run `rulesbot sync` (or `rulesbot import`) to load them."
)


def tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text.casefold()) if t not in _STOP]


def load_handlers() -> list[FamilyHandler]:
    """Every handler class found in bot.ask.families, instantiated once."""
    found: list[FamilyHandler] = []
    for info in sorted(pkgutil.iter_modules(families.__path__), key=lambda i: i.name):
        module = importlib.import_module(f"{families.__name__}.{info.name}")
        for _, obj in inspect.getmembers(module, inspect.isclass):
            if (
                obj.__module__ == module.__name__
                and isinstance(getattr(obj, "family", None), str)
                and callable(getattr(obj, "scenarios", None))
            ):
                found.append(obj())
    return found


class AskService:
    """Holds what every question needs (name index, handlers) so each ask costs milliseconds."""

    def __init__(
        self, store: Any, finder: TextCardFinder, handlers: Sequence[FamilyHandler], status: Any
    ) -> None:
        self.store = store
        self.finder = finder
        self.handlers = list(handlers)
        self.status = status
        self._cards: dict[str, Card] = {}

    @classmethod
    async def create(cls, store: Any) -> AskService:
        rows = [
            NameRow(
                name=e.name,
                card_name=getattr(e, "face_of", None) or e.name,
                oracle_id=e.oracle_id,
                is_token=bool(e.is_token),
            )
            for e in await store.all_names()
        ]
        vocabulary = await rules_vocabulary(store)
        status = await store.status()
        return cls(store, TextCardFinder(rows, vocabulary), load_handlers(), status)

    async def refresh(self) -> None:
        """Rebuild after the store's data changed (a sync or import)."""
        fresh = await AskService.create(self.store)
        self.finder, self.status, self._cards = fresh.finder, fresh.status, {}

    # -- the pipeline ---------------------------------------------------------
    async def read_board(self, notation: str) -> GameState:
        """Parse a stated position, its cards looked up by name; raises NotationError."""
        pool: dict[str, Card] = {}
        for name in notation_names(notation):
            card = await self._card(name)
            if card is not None:
                pool[name] = card
        return GameState.parse(notation, pool)

    async def ask(
        self,
        question: str,
        *,
        choices: dict[str, str] | None = None,
        board: GameState | None = None,
    ) -> Answer:
        answer = self._blank(question)
        if board is not None:
            answer.reading["position"] = str(board)
            answer.reading["board_source"] = "board"
        text = clean_text(question)
        if not text:
            answer.error = 'The question is empty. Ask a rules question, e.g. "Is a copy of a kicked spell kicked?"'
            answer.summary = answer.error
            return answer
        if len(text) > MAX_QUESTION_CHARS:
            answer.error = f"The question is too long ({len(text):,} characters; the limit is {MAX_QUESTION_CHARS:,})."
            answer.summary = answer.error
            return answer
        scan = self.finder.scan(text)
        found = list(scan.found)
        for written, chosen in (choices or {}).items():
            if written in scan.ambiguous and chosen in scan.ambiguous[written]:
                del scan.ambiguous[written]
                start = text.find(written)
                entry = await self.store.card_json(chosen)
                if entry is not None:
                    found.append(
                        Found(
                            entry["name"],
                            entry.get("oracle_id", ""),
                            written,
                            max(start, 0),
                            max(start, 0) + len(written),
                            "chosen",
                        )
                    )
        await self._narrow_by_context(text, scan.ambiguous, found)
        if scan.ambiguous:
            answer.candidates = scan.ambiguous
            names = ", ".join(f"“{w}”" for w in scan.ambiguous)
            answer.summary = f"Which card do you mean by {names}? Pick one of the candidates."
            answer.notes.append("A card name was ambiguous, so no ruling was made.")
            return answer
        mentions = await self._mentions(found)
        answer.cards = [
            ResolvedCard(name=m.name, oracle_id=m.card.oracle_id, matched=m.written)
            for m in mentions
        ]
        if scan.unknown:
            answer.notes.append("Unknown card name(s): " + ", ".join(scan.unknown[:5]))
        q = Question.build(text, mentions)
        q.board = board
        scenario = self._choose(q)
        if scenario is None:
            return await self._abstain(
                answer,
                q,
                "I can't rule on that: the question is outside the mechanics rulesbot models.",
            )
        answer.scenario = scenario.name
        answer.kind = scenario.kind
        try:
            ruling = scenario.run()
        except EngineError as exc:
            log.info("engine declined %s: %s", scenario.name, exc)
            return await self._abstain(answer, q, f"I can't rule on that: {exc}")
        if ruling.verdict is None:
            missing = "; ".join(ruling.missing) or "a fact the ruling depends on"
            answer.explanation = [s.note for s in ruling.steps]
            return await self._abstain(
                answer, q, f"I can't rule on that without knowing: {missing}.", ruling=ruling
            )
        return await self._compose(answer, q, scenario, ruling)

    def _blank(self, question: str) -> Answer:
        status = self.status
        notes = [NOT_LOADED] if getattr(status, "using_builtin", False) else []
        return Answer(
            question=clean_text(question[: MAX_QUESTION_CHARS * 2])[:MAX_QUESTION_CHARS],
            cr_effective=getattr(status, "cr_effective", None),
            data_source=describe_sources(getattr(status, "sources", [])),
            notes=notes,
        )

    async def _narrow_by_context(
        self, text: str, ambiguous: dict[str, list[str]], found: list[Found]
    ) -> None:
        """A short name is unique in context when only one candidate has a keyword the question uses."""
        words = set(tokens(text))
        for written, names in list(ambiguous.items()):
            cards = await self.store.cards_json(names)
            fitting = [
                obj
                for obj in cards.values()
                if {k.casefold() for k in obj.get("keywords", [])} & words
            ]
            if len(fitting) == 1:
                obj = fitting[0]
                start = text.find(written)
                found.append(
                    Found(
                        obj["name"],
                        obj.get("oracle_id", ""),
                        written,
                        max(start, 0),
                        max(start, 0) + len(written),
                        "context",
                    )
                )
                del ambiguous[written]
        found.sort(key=lambda f: f.start)

    async def _mentions(self, found: Iterable[Found]) -> list[CardMention]:
        out: list[CardMention] = []
        seen: set[tuple[int, int]] = set()
        for f in found:
            if (f.start, f.end) in seen:
                continue
            seen.add((f.start, f.end))
            card = await self._card(f.card_name)
            if card is not None:
                out.append(mention_for(card, f.written, f.start, f.end))
        return out

    async def _card(self, name: str) -> Card | None:
        if name not in self._cards:
            obj = await self.store.card_json(name)
            if obj is None:
                return None
            self._cards[name] = Card.from_scryfall(obj)
        return self._cards[name]

    def _choose(self, q: Question) -> Scenario | None:
        options: list[Scenario] = []
        for handler in self.handlers:
            try:
                options.extend(handler.scenarios(q))
            except EngineError as exc:
                log.info("%s handler declined: %s", handler.family, exc)
        return best_scenario(options)

    # -- composing ------------------------------------------------------------
    async def _compose(
        self, answer: Answer, q: Question, scenario: Scenario, ruling: Ruling
    ) -> Answer:
        verdict = str(ruling.verdict)
        answer.verdict = verdict
        answer.summary = summarise(scenario.kind, verdict, ruling)
        # A mechanic may close on its conclusion, which repeats the step before it.
        lines = [step.note + (f" (CR {step.rule})" if step.rule else "") for step in ruling.steps]
        answer.explanation = [line for i, line in enumerate(lines) if line not in lines[:i]]
        answer.citations = await self._rule_citations([str(r) for r in ruling.rules])
        if not answer.citations and ruling.rules:
            answer.notes.append("The cited rules are not in the loaded rules text.")
        answer.citations += await self._ruling_citations(q, ruling, scenario)
        return answer

    async def _rule_citations(self, numbers: Sequence[str]) -> list[Citation]:
        if not numbers:
            return []
        records = await self.store.rules(list(numbers))
        return [
            Citation(source="rule", ref=n, text=records[n].text) for n in numbers if n in records
        ]

    async def _ruling_citations(
        self, q: Question, ruling: Ruling | None, scenario: Scenario | None
    ) -> list[Citation]:
        wanted: dict[str, str] = {}
        for step in ruling.steps if ruling else ():
            if step.card:
                wanted.setdefault(step.card, step.note)
        for m in q.cards:
            wanted.setdefault(m.name, "")
        for name in scenario.cards if scenario else ():
            wanted.setdefault(name, "")
        out: list[Citation] = []
        for name, note in wanted.items():
            obj = await self.store.card_json(name)
            if obj is None or not obj.get("oracle_id"):
                continue
            # BM25 over every ruling gives real word weights; the filter keeps this card's.
            # The question with names masked: a card's name in its own rulings says nothing.
            found = await self.store.search_rulings(
                f"{q.lower.replace('CARD', ' ')} {note}", oracle_ids=[obj["oracle_id"]], limit=1
            )
            out += [
                Citation(source="ruling", ref=f"{obj['name']} {r.published_at}", text=r.comment)
                for r in found
            ]
        return out

    async def _abstain(
        self, answer: Answer, q: Question, why: str, ruling: Ruling | None = None
    ) -> Answer:
        answer.verdict = None
        answer.summary = why
        answer.notes.append("Here are the most relevant rules and rulings I found.")
        # Section headings ("105 Colors") are titles, not rules: quote numbered rules only.
        rules = [r for r in await self.store.search_rules(q.text, limit=6) if "." in r.number]
        answer.citations = [Citation(source="rule", ref=r.number, text=r.text) for r in rules[:3]]
        if ruling is not None:
            cited = {c.ref for c in answer.citations}
            answer.citations += [
                c
                for c in await self._rule_citations([str(r) for r in ruling.rules])
                if c.ref not in cited
            ]
        answer.citations += await self._ruling_citations(q, None, None)
        return answer


def best_scenario(options: Iterable[Scenario]) -> Scenario | None:
    """The highest-scoring scenario good enough to run (the first of equals), or None."""
    fit = [s for s in options if s.score >= MIN_SCENARIO_SCORE]
    return max(fit, key=lambda s: s.score) if fit else None


async def rules_vocabulary(store: Any) -> set[str]:
    """Every word the rules and glossary use: such words alone are not card names."""
    records = await store.rules(await store.rule_numbers())
    words: set[str] = set()
    for record in records.values():
        words.update(_TOKEN.findall(record.text.casefold()))
    for term in await store.glossary_terms():
        words.update(_TOKEN.findall(term.casefold()))
    return words


def summarise(kind: str, verdict: str, ruling: Ruling) -> str:
    last = ruling.steps[-1].note if ruling.steps else ""
    if kind == "yesno":
        head = verdict.capitalize() + "."
    elif kind == "types":
        if verdict == "none":
            head = "No mana."
        else:
            head = ", ".join(f"{{{t}}} ({TYPE_NAMES.get(t, t)})" for t in verdict) + "."
    else:
        head = verdict + "."
    return f"{head} {last}".strip()


def describe_sources(sources: Iterable[Any]) -> str:
    parts = []
    for s in sources:
        name = getattr(s, "dataset", "?")
        where = getattr(s, "source", "?")
        when = getattr(s, "loaded_at", None)
        parts.append(f"{name}: {where}" + (f" ({str(when)[:10]})" if when else ""))
    return "; ".join(parts)
