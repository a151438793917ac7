"""The ask pipeline shared by the CLI and the Discord bot: question in, cited Answer out."""

from __future__ import annotations

import importlib
import inspect
import logging
import pkgutil
import re
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from bot.answer import Answer, Choice, Citation, ResolvedCard
from bot.ask import families
from bot.ask.question import CardMention, FamilyHandler, Question, Scenario, clean_text, mention_for
from bot.ask.reader import Read, Reader, Span
from bot.ask.reading import Query, Reading
from bot.ask.storednames import card_finder
from bot.ask.textcards import Found, TextCardFinder
from bot.limits import MAX_QUESTION_CHARS
from bot.words import STOPWORDS, rule_vocabulary
from engine.abilities import ParsedFace
from engine.card import Card
from engine.errors import EngineError
from engine.model import GameState, notation_names
from engine.oracle import parse_card
from engine.ruling import Ruling

if TYPE_CHECKING:
    from bot.store.catalog import Catalog
    from bot.store.records import SourceRecord, StoreStatus

log = logging.getLogger(__name__)

MIN_SCENARIO_SCORE = 0.5
_TOKEN = re.compile(r"[a-z0-9{}]+")
TYPE_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
NOT_LOADED = (
    "The full Comprehensive Rules and card pool are not loaded; this answer uses rulesbot's "
    "built-in data. Run `rulesbot sync` (or `rulesbot import`) to load them."
)


def tokens(text: str) -> list[str]:
    return [t for t in _TOKEN.findall(text.casefold()) if t not in STOPWORDS]


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

    # Settings.max_question_chars where the caller has Settings (the bot), else its default.
    max_question_chars = MAX_QUESTION_CHARS

    def __init__(
        self,
        catalog: Catalog,
        finder: TextCardFinder,
        handlers: Sequence[FamilyHandler],
        status: StoreStatus,
    ) -> None:
        self.catalog = catalog
        self.finder = finder
        self.handlers = list(handlers)
        self.status = status
        # A typo of a rules word ("coolrs", "grvaeyard") is corrected to it, as the lexicon's.
        self.reader = Reader(rule_words=finder.rule_words)
        self._cards: dict[str, Card] = {}
        # Each card's parsed abilities, by name: the parse is pure and costs more than a lookup.
        self._faces: dict[str, tuple[Card, tuple[ParsedFace, ...]]] = {}
        self._version: int | None = None

    def limit(self, *, max_question_chars: int, max_brackets: int) -> None:
        """Apply Settings' limits on one question's length and its [[brackets]]."""
        self.max_question_chars = max_question_chars
        self.finder.max_brackets = max_brackets

    @classmethod
    async def create(cls, catalog: Catalog) -> AskService:
        # Names are looked up in the store as questions need them: nothing is scanned here.
        finder = await card_finder(catalog)
        status = await catalog.status()
        return cls(catalog, finder, load_handlers(), status)

    async def refresh(self) -> None:
        """Rebuild after the store's data changed (a sync or import)."""
        fresh = await AskService.create(self.catalog)
        self.finder, self.status, self._cards = fresh.finder, fresh.status, {}
        self.reader = fresh.reader
        self._faces = {}

    async def _follow_data(self) -> None:
        """After an import or sync by any process, answer from the new data, no restart."""
        names = getattr(self.finder, "names", None)
        if names is not None:
            # The finder's own connection tells without a round trip to the store.
            changed = bool(names.refresh())
        else:
            version = await self.catalog.data_version()
            changed = self._version is not None and version != self._version
            self._version = version
        if changed:
            self.status, self._cards = await self.catalog.status(), {}
            self._faces = {}

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
        stated: Sequence[str] = (),
        board: GameState | None = None,
    ) -> Answer:
        """Answer ``question``; ``choices`` picks cards for ambiguous names, ``stated`` adds
        the facts the asker picked for a ruling's missing fact; ``board`` is a stated position
        that replaces what the text would tell."""
        await self._follow_data()
        answer = self._blank(question)
        if board is not None:
            answer.reading["position"] = str(board)
            answer.reading["board_source"] = "board"
        text = clean_text(question)
        chosen_until = 0
        facts = [fact for s in stated if (fact := clean_text(s))]
        if facts and text:
            # Before the question, which players put last and the families read as such.
            prefix = " ".join(facts)
            chosen_until = len(prefix)
            text = f"{prefix} {text}"
            answer.stated = facts
        if not text:
            answer.error = 'The question is empty. Ask a rules question, e.g. "Is a copy of a kicked spell kicked?"'
            answer.summary = answer.error
            return answer
        limit = self.max_question_chars
        if len(text) > limit:
            answer.error = (
                f"The question is too long ({len(text):,} characters; the limit is {limit:,})."
            )
            answer.summary = answer.error
            return answer
        scan = self.finder.scan(text)
        found = list(scan.found)
        for written, chosen in (choices or {}).items():
            if written in scan.ambiguous and chosen in scan.ambiguous[written]:
                del scan.ambiguous[written]
                start = text.find(written)
                card = await self._card(chosen)
                if card is not None:
                    found.append(
                        Found(
                            card.name,
                            card.oracle_id or "",
                            written,
                            max(start, 0),
                            max(start, 0) + len(written),
                            "chosen",
                        )
                    )
        await self._narrow_by_context(text, scan.ambiguous, found)
        for word in scan.soft & set(scan.ambiguous):
            del scan.ambiguous[word]
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
        if scan.skipped:
            answer.notes.append(
                f"Only the first {self.finder.max_brackets} [[card names]] were looked up; "
                f"{scan.skipped} more were left out."
            )
        if scan.unknown:
            # No generic verdict may stand in for a card the store doesn't know.
            names = ", ".join(f"“{w}”" for w in scan.unknown[:5])
            if self.status.using_builtin:
                cards = self.status.cards
                answer.summary = (
                    f"I don't know the card {names}: only rulesbot's {cards} built-in cards are "
                    "loaded. Run `rulesbot sync` (or `rulesbot import`) to load the full card pool."
                )
            else:
                answer.summary = f"I don't know a card named {names}, so I can't rule on it."
            answer.notes.append("Unknown card name(s): " + ", ".join(scan.unknown[:5]))
            return answer
        english = tuple(await self._mentions(scan.plain))
        read, q = self._question(text, mentions, chosen_until, board, english=english)
        reading = read.reading
        if board is not None:
            # A stated board replaces what the text says of who controls what.
            stated_board: dict[str, tuple[str, ...]] = {}
            for permanent in board.battlefield:
                held = stated_board.get(permanent.controller, ())
                stated_board[permanent.controller] = (*held, permanent.name)
            reading = reading.model_copy(
                update={"position": str(board), "board": stated_board, "board_source": "board"}
            )
        answer.reading = reading.contract()
        if reading.negated_query is not None:
            return await self._abstain(
                answer,
                q,
                f"I can't rule on that: the question negates what it asks (“{reading.negated_query}”), "
                "so a yes or a no could be read either way. Ask it without the negation, e.g. "
                "“Is it kicked?”",
            )
        if not reading.clear and reading.framing == "question":
            return await self._abstain(
                answer,
                q,
                f"I can't rule on that: I couldn't tell whose claim “{reading.asked}” is about. "
                "Ask what the claim says, e.g. “Can it tap for mana the turn it enters?”",
            )
        if not reading.clear:
            return await self._abstain(
                answer,
                q,
                "I can't rule on that: I read it as a report of what happened, not a question. "
                f"Ask it as one, e.g. “{reading.asked}”",
            )
        scenario = self._choose(q)
        if scenario is None:
            return await self._abstain(
                answer,
                q,
                "I can't rule on that: the question is outside the mechanics rulesbot models.",
            )
        family = scenario.name.split(".")[0].split("_")[0]
        reading = reading.model_copy(
            update={"query": Query(family=family, scenario=scenario.name, kind=scenario.kind)}
        )
        answer.reading = reading.contract()
        answer.scenario = scenario.name
        answer.kind = scenario.kind
        attempt = next((f for f in reading.facts if f.kind == "attempt"), None)
        if attempt is not None:
            return await self._abstain(
                answer,
                q,
                f"I can't rule on that: the count in “{attempt.words}” is from an attempt the "
                "text says changed. Say what was finally done, e.g. how many times it was kicked.",
            )
        changed = reading.timing_changed() if family == "tapping" else None
        if changed is not None:
            before, after = changed
            why = (
                "A permanent that leaves the battlefield and comes back is a new object (CR 400.7)"
                if after.kind == "event"
                else "Which one holds decides the ruling"
            )
            return await self._abstain(
                answer,
                q,
                f"I can't rule on that: the question says “{before.words}”, then “{after.words}”. "
                f"{why}: say how long the one you ask about has been under your control.",
            )
        try:
            ruling = scenario.run()
        except EngineError as exc:
            log.info("engine declined %s: %s", scenario.name, exc)
            return await self._abstain(answer, q, f"I can't rule on that: {exc}")
        if ruling.verdict is None:
            missing = "; ".join(ruling.missing) or "a fact the ruling depends on"
            answer.reading = reading.model_copy(
                update={"missing": tuple(ruling.missing)}
            ).contract()
            answer.explanation = [s.note for s in ruling.steps]
            answer.choices = [
                Choice(fact=fact, label=label, says=says)
                for fact in ruling.missing[:1]
                for label, says in self.reader.lex.options_for(fact)
            ]
            return await self._abstain(
                answer, q, f"I can't rule on that without knowing: {missing}.", ruling=ruling
            )
        if reading.stated_count is not None and str(ruling.verdict) in ("yes", "no"):
            count = self._counted(text, mentions, chosen_until, board, english)
            counted, how_many = count if count is not None else (None, "")
            if counted is not None and (counted == str(reading.stated_count)) != (
                ruling.verdict == "yes"
            ):
                # The yes or no may be about whether it happens at all, not the count asked.
                return await self._abstain(
                    answer,
                    q,
                    f"I can't rule on that: the question states a count of "
                    f"{reading.stated_count}, the rule I found counts {counted}, and its yes or "
                    f"no may not be about the count. Ask how many, e.g. “{how_many}”",
                )
        conceded = (
            self.reader.concession(reading.asked)
            if reading.framing == "bug_report" and ruling.verdict in ("yes", "no")
            else None
        )
        if conceded is not None and (ruling.verdict == "yes") != reading.statement_negative:
            # The rules agree with what the program did; telling the reporter so must answer
            # the fact they set against it, which the rule found may not have read.
            return await self._abstain(
                answer,
                q,
                f"I can't rule on that: the report says it happened “{conceded} …”, and the "
                "rule I found may not take that into account. Ask about that part directly.",
            )
        if not form_fits(reading.form, scenario.kind):
            return await self._abstain(
                answer,
                q,
                f"I can't rule on that: the question asks {FORM_WORDS[reading.form]}, and the "
                f"rule I found answers {KIND_WORDS.get(scenario.kind, scenario.kind)}.",
            )
        if reading.polarity != "as_asked" and str(ruling.verdict) not in ("yes", "no"):
            return await self._abstain(
                answer,
                q,
                "I can't rule on that: I couldn't tell which behaviour the report asks about.",
            )
        return await self._compose(answer, q, scenario, ruling, reading)

    def _question(
        self,
        text: str,
        mentions: Sequence[CardMention],
        chosen_until: int,
        board: GameState | None,
        as_count: bool = False,
        english: tuple[CardMention, ...] = (),
    ) -> tuple[Read, Question]:
        """The text read once, and the question the families see: its canonical text, with
        each card mention moved to where the reading put it."""
        read = self.reader.read(
            text,
            [Span(m.start, m.end, m.name) for m in mentions],
            chosen_until=chosen_until,
            as_count=as_count,
        )
        moved = [replace(mentions[i], start=start, end=end) for i, start, end in read.spans]
        q = Question.build(read.reading.canonical, moved, read.asked)
        q.board = board
        q.english_names = english
        q.facts = read.reading.facts
        return read, q

    def _counted(
        self,
        text: str,
        mentions: Sequence[CardMention],
        chosen_until: int,
        board: GameState | None,
        english: tuple[CardMention, ...] = (),
    ) -> tuple[str, str] | None:
        """What a yes/no question's stated count comes to, asked as how many ("Do I draw 1
        card?" as "How many cards do I draw?"), and that question, if a rule answers it."""
        read, q = self._question(
            text, mentions, chosen_until, board, as_count=True, english=english
        )
        scenario = self._choose(q)
        if scenario is None or scenario.kind != "number":
            return None
        try:
            ruling = scenario.run()
        except EngineError:
            return None
        verdict = str(ruling.verdict)
        return (verdict, read.reading.asked) if verdict.isdigit() else None

    def _blank(self, question: str) -> Answer:
        status = self.status
        notes = [NOT_LOADED] if status.using_builtin else []
        return Answer(
            question=clean_text(question[: self.max_question_chars * 2])[: self.max_question_chars],
            cr_effective=status.cr_effective,
            data_source=describe_sources(status.sources),
            notes=notes,
        )

    async def _narrow_by_context(
        self, text: str, ambiguous: dict[str, list[str]], found: list[Found]
    ) -> None:
        """A short name is unique in context when only one candidate has a keyword the question uses."""
        words = set(tokens(text))
        for written, names in list(ambiguous.items()):
            cards = await self.catalog.cards(names)
            fitting = [
                card for card in cards.values() if {k.casefold() for k in card.keywords} & words
            ]
            if len(fitting) == 1:
                card = fitting[0]
                start = text.find(written)
                found.append(
                    Found(
                        card.name,
                        card.oracle_id or "",
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
                out.append(mention_for(card, f.written, f.start, f.end, self._parsed(card)))
        return out

    def _parsed(self, card: Card) -> tuple[ParsedFace, ...]:
        known = self._faces.get(card.name)
        if known is None or known[0] is not card:
            known = self._faces[card.name] = (card, parse_card(card))
        return known[1]

    async def _card(self, name: str) -> Card | None:
        if name not in self._cards:
            card = await self.catalog.card(name)
            if card is None:
                return None
            self._cards[name] = card
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
        self, answer: Answer, q: Question, scenario: Scenario, ruling: Ruling, reading: Reading
    ) -> Answer:
        verdict = reading.final_verdict(str(ruling.verdict))
        answer.verdict = verdict
        answer.summary = summarise(scenario.kind, verdict, ruling, reading)
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
        records = await self.catalog.rules(list(numbers))
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
            card = await self._card(name)
            if card is None or not card.oracle_id:
                continue
            # BM25 over every ruling gives real word weights; the filter keeps this card's.
            # The question with names masked: a card's name in its own rulings says nothing.
            found = await self.catalog.search_rulings(
                f"{q.lower.replace('CARD', ' ')} {note}", oracle_ids=[card.oracle_id], limit=1
            )
            out += [
                Citation(source="ruling", ref=f"{card.name} {r.published_at}", text=r.comment)
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
        rules = [r for r in await self.catalog.search_rules(q.text, limit=6) if "." in r.number]
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


async def rules_vocabulary(catalog: Catalog) -> set[str]:
    """Every word the rules and glossary use: such words alone are not card names."""
    records = await catalog.rules(await catalog.rule_numbers())
    texts = [record.text for record in records.values()]
    return rule_vocabulary(texts + list(await catalog.glossary_terms()))


def summarise(kind: str, verdict: str, ruling: Ruling, reading: Reading | None = None) -> str:
    last = ruling.steps[-1].note if ruling.steps else ""
    # A closing "So ..." follows the step before it; after the verdict it stands alone.
    if last.startswith(("So ", "So, ")):
        last = last.split(" ", 1)[1]
    last = last[:1].upper() + last[1:]
    framed = framing_head(verdict, ruling, reading) if reading is not None else None
    if framed:
        head = framed
    elif kind == "yesno":
        head = verdict.capitalize() + "."
    elif kind == "types":
        if verdict == "none":
            head = "No mana."
        else:
            head = ", ".join(f"{{{t}}} ({TYPE_NAMES.get(t, t)})" for t in verdict) + "."
    else:
        head = verdict + "."
    return f"{head} {last}".strip()


FORM_WORDS = {
    "yesno": "yes or no",
    "how_many": "how many",
    "what": "what",
    "which": "which",
    "who_right": "who is right",
    "statement": "nothing I could find",
}
KIND_WORDS = {
    "yesno": "yes or no",
    "number": "a number",
    "mana": "a mana cost",
    "types": "which mana",
    "card": "a card",
}
# The verdict forms that can answer each form of question.
_FITS = {
    "yesno": {"yesno"},
    "who_right": {"yesno", "number"},
    "how_many": {"number", "mana"},
    "what": {"number", "mana", "types", "card"},
    "which": {"types", "card", "number"},
}


def form_fits(form: str, kind: str) -> bool:
    """Whether a verdict of ``kind`` answers a question of ``form`` ("is it kicked?" is not
    answered by a number). A text with no question in it gets no verdict: the reading is
    unsure of what is asked."""
    return kind in _FITS.get(form, set())


def framing_head(verdict: str, ruling: Ruling, reading: Reading) -> str | None:
    """How a bug report's or a dispute's answer opens: which behaviour or claim holds."""
    if reading.framing == "dispute":
        claim = reading.winner(str(ruling.verdict))
        if reading.polarity == "behaviour_right":
            return (
                f"{verdict.capitalize()}: that claim is {'right' if verdict == 'yes' else 'wrong'}."
            )
        if reading.polarity == "behaviour_wrong":
            return (
                f"{verdict.capitalize()}: that claim is {'wrong' if verdict == 'yes' else 'right'}."
            )
        if claim is not None:
            return f"{verdict.capitalize()}. {_whose(claim.who)} right (“{claim.says}”)."
        lone = reading.claims[0] if len(reading.claims) == 1 else None
        if lone is not None and lone.positive is not None and verdict in ("yes", "no"):
            return f"{verdict.capitalize()}. {_whose(lone.who)} wrong (“{lone.says}”)."
        return None
    if reading.framing == "bug_report":
        if reading.polarity == "behaviour_wrong":
            return "Yes, that's a bug." if verdict == "yes" else "No, that's not a bug."
        if reading.polarity == "behaviour_right":
            return "Yes, that's correct." if verdict == "yes" else "No, that's not correct."
    return None


def _whose(who: str) -> str:
    low = who.casefold()
    if low in ("i", "me", "we"):
        return "You're"
    if low.startswith("my "):
        return f"Your {who[3:]} is"
    if low in ("he", "she", "they"):
        return f"{who.capitalize()}'re" if low == "they" else f"{who.capitalize()}'s"
    return f"{who[:1].upper()}{who[1:]} is"


def describe_sources(sources: Iterable[SourceRecord]) -> str:
    parts = []
    for s in sources:
        when = s.loaded_at
        parts.append(f"{s.dataset}: {s.source}" + (f" ({str(when)[:10]})" if when else ""))
    return "; ".join(parts)
