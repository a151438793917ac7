"""The parsed question handed to family handlers, and the handler protocol."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Protocol

from rapidfuzz import fuzz

from bot.ask.reading import Fact
from engine.abilities import Ability, ParsedFace
from engine.card import Card
from engine.lazyre import compile_pattern, lazy
from engine.mana import ManaCost
from engine.model import YOU, GameState, Permanent
from engine.oracle import parse_card
from engine.ruling import Ruling

_MANA_COST = re.compile(r"(?:\{[^{}\s]{1,5}\})+")
_NUMBER_WORDS = {
    "once": 1,
    "twice": 2,
    "thrice": 3,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "zero": 0,
    "both": 2,
    "single": 1,
    "a": 1,
    "an": 1,
}
_X_VALUE = re.compile(r"\bx\s*(?:=|is|equals|of|as)\s*(\d+)", re.I)


@cache
def compiled(pattern: str) -> re.Pattern[str]:
    """Handlers use more patterns than re's own 512-entry cache holds; keep them all."""
    return compile_pattern(pattern)


_PICTURES = frozenset(["So", "Sk"])
# ASCII control characters read as spaces; ASCII text needs no other cleaning but spacing.
_ASCII_CONTROLS = {c: " " for c in (*range(32), 127)}


# Discord's mentions (<@123>, <@&123>, <#123>) and a leading "@judges": addressed, not asked.
_MENTION = lazy(r"<(?:@[!&]?|#)\d+>|^\s*@[\w-]+[,:]?(?=\s)")
# Markdown markers around words: **bold**, __underline__, ~~strike~~, ||spoiler||, `code`.
_MARKERS = lazy(r"\*\*|__|~~|\|\||`+")
# *italic* or _italic_ around words with a letter in them (not a "*/*" creature's stats).
_EMPHASIS = lazy(r"(?<![\w*])([*_])(?=\S)([^*_\n]*[A-Za-z][^*_\n]*?)(?<=\S)\1(?![\w*])")
# "w/" and "w/o", "b/c": with, without, because.
# Lower case only, and never a hybrid mana symbol ("W/U", "{w/u}", "w/u").
_SLASHED = lazy(r"(?<![\w/{])(?:w/o(?![\w/])|b/c(?![\w/])|w/(?=\s|[a-z]{2}))")
_SLASH_WORDS = {"w/o": "without ", "w/": "with ", "b/c": "because "}
_BRACES = lazy(r"\{[^{}]*\}")


def _plain(text: str) -> str:
    """Markup and shorthand as plain words; a question typed in capitals in lower case."""
    if "<" in text or "@" in text:
        text = _MENTION.sub(" ", text)
    if any(m in text for m in "*_~|`"):
        text = _MARKERS.sub("", text)
        text = _EMPHASIS.sub(lambda m: m.group(2), text)
    if "/" in text:
        text = _SLASHED.sub(lambda m: _SLASH_WORDS[m.group(0).casefold()], text)
    letters = [c for c in text if c.isalpha()]
    if len(letters) >= 12 and sum(c.isupper() for c in letters) > 0.85 * len(letters):
        # "CAN MY ELVES TAP FOR MANA": capitals say nothing of names; mana symbols keep theirs.
        text = _BRACES.sub(lambda m: m.group(0).upper(), text.lower())
    return text


def clean_text(raw: str) -> str:
    """Normalise what people type: quotes, dashes, control characters, markup, emoji and
    spacing."""
    raw = _plain(raw)
    if raw.isascii():
        # NFKC leaves ASCII as it is, and it has no combining marks or typographic quotes.
        return " ".join(raw.translate(_ASCII_CONTROLS).split())
    text = unicodedata.normalize("NFKC", raw)
    # Emoji and other pictures ("So", "Sk") say nothing a ruling reads.
    text = "".join(
        ch
        if unicodedata.category(ch)[0] != "C" and unicodedata.category(ch) not in _PICTURES
        else " "
        for ch in text
        if unicodedata.category(ch) != "Mn"
    )
    text = (
        text.replace("\u2019", "'")
        .replace("\u2018", "'")
        .replace("\u201c", '"')
        .replace("\u201d", '"')
        .replace("\u2014", "-")
        .replace("\u2013", "-")
    )
    return re.sub(r"\s+", " ", text).strip()


@dataclass(frozen=True)
class CardMention:
    """A card the question names, with where it was found and its parsed abilities."""

    card: Card
    written: str
    start: int
    end: int
    faces: tuple[ParsedFace, ...]

    @property
    def name(self) -> str:
        return self.card.name

    def abilities(self) -> tuple[Ability, ...]:
        return tuple(a for f in self.faces for a in f.abilities)

    def of_kind(self, kind: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities() if a.kind == kind)


def permanent(m: CardMention, controller: str = YOU, suffix: str = "") -> Permanent:
    """The named card as a permanent ``controller`` controls (and owns), with its abilities."""
    return Permanent(
        name=m.name + suffix,
        controller=controller,
        owner=controller,
        types=m.card.types,
        subtypes=m.card.subtypes,
        abilities=m.abilities(),
        card=m.card,
    )


def mention_for(
    card: Card,
    written: str = "",
    start: int = 0,
    end: int = 0,
    faces: tuple[ParsedFace, ...] | None = None,
) -> CardMention:
    """``card`` as written at text[start:end]; ``faces`` is its parse, if the caller has it."""
    return CardMention(
        card=card,
        written=written or card.name,
        start=start,
        end=end,
        faces=parse_card(card) if faces is None else faces,
    )


@dataclass
class Question:
    """A question after cleaning and card resolution.

    ``text`` keeps the user's casing; ``lower`` is casefolded with every resolved
    card name replaced by ``CARD`` so family patterns don't trip over names.
    ``board`` is a position stated in the notation: families that build a
    position use it instead of the one they would infer from the text.
    """

    raw: str
    text: str
    lower: str
    cards: list[CardMention] = field(default_factory=list)
    # The asked sentence alone, casefolded with CARD marks: what is asked, apart from context.
    asked: str = ""
    board: GameState | None = None
    # Lowercase English words that are also a card's name, not read as the card.
    english_names: tuple[CardMention, ...] = ()
    # The facts the reader read ("not kicked" of a card), each with its words.
    facts: tuple[Fact, ...] = ()

    @classmethod
    def build(
        cls, raw: str, cards: Iterable[CardMention] = (), asked: tuple[int, int] | None = None
    ) -> Question:
        text = clean_text(raw)
        found = sorted(cards, key=lambda m: m.start)
        pieces: list[str] = []
        pos = 0
        for m in found:
            if m.end > m.start >= pos:
                pieces.append(text[pos : m.start].casefold())
                pieces.append("CARD")
                pos = m.end
        pieces.append(text[pos:].casefold())
        lower = "".join(pieces)
        start, end = asked if asked and asked[1] > asked[0] else (0, len(text))
        return cls(
            raw=raw, text=text, lower=lower, cards=found, asked=_marked(text, found, start, end)
        )

    def asks(self, *patterns: str) -> bool:
        """True when any regex matches the asked sentence (not the context before it)."""
        asked = self.asked
        for p in patterns:  # noqa: SIM110 (see has)
            if compiled(p).search(asked):
                return True
        return False

    # -- helpers for handlers -------------------------------------------------
    def said(self, value: str, subject: str | None = None) -> bool:
        """Whether the reader read the fact ``value`` ("not kicked") of ``subject`` (of
        anything, without one): a negation such as "I didn't kick it" is the reader's to read,
        in every wording the lexicon knows. A fact of no named card ("the copy didn't count as
        kicked") is not one of ``subject``."""
        return any(
            f.value == value and (subject is None or f.subject == subject) for f in self.facts
        )

    def has(self, *patterns: str) -> bool:
        """True when any regex pattern matches the casefolded text (CARD marks names)."""
        # A loop, not any() over a generator (a quarter faster): families call this
        # thousands of times a question.
        lower = self.lower
        for p in patterns:  # noqa: SIM110
            if compiled(p).search(lower):
                return True
        return False

    def fuzzy_has(self, phrase: str, threshold: float = 88.0) -> bool:
        """Misspelling-tolerant phrase search ("constelation", "manna value")."""
        if phrase in self.lower:
            return True
        return fuzz.partial_ratio(phrase, self.lower) >= threshold

    def mana_costs(self) -> list[ManaCost]:
        out: list[ManaCost] = []
        for m in _MANA_COST.finditer(self.text):
            try:
                out.append(ManaCost.parse(m.group(0)))
            except ValueError:
                continue
        return out

    def x_value(self) -> int | None:
        m = _X_VALUE.search(self.text)
        return int(m.group(1)) if m else None

    def count_word(self, before: str) -> int | None:
        """The number written right before ``before`` ("three times" → 3)."""
        m = re.search(r"\b(\d+|[a-z]+)\s+" + before, self.lower)
        if not m:
            return None
        word = m.group(1)
        return int(word) if word.isdigit() else _NUMBER_WORDS.get(word)

    def on_board(self, name: str) -> bool:
        """Whether the stated board has a permanent or spell of this name."""
        if self.board is None:
            return False
        names = [p.name for p in self.board.battlefield] + [s.name for s in self.board.stack]
        return any(n.casefold() == name.casefold() for n in names)

    def card_with(self, kind: str) -> CardMention | None:
        for m in self.cards:
            if m.of_kind(kind):
                return m
        return None


def _marked(text: str, cards: list[CardMention], start: int, end: int) -> str:
    """text[start:end] casefolded, each card inside it written CARD."""
    pieces: list[str] = []
    pos = start
    for m in cards:
        if start <= m.start and m.end <= end and m.start >= pos:
            pieces.append(text[pos : m.start].casefold())
            pieces.append("CARD")
            pos = m.end
    pieces.append(text[pos:end].casefold())
    return "".join(pieces)


@dataclass(frozen=True)
class Scenario:
    """A question mapped onto an engine scenario, ready to run.

    ``score`` ranks competing scenarios (0-1); ``kind`` is the verdict form
    (yesno, number, mana, types, card); ``run`` calls the engine.
    """

    name: str
    kind: str
    score: float
    run: Callable[[], Ruling]
    cards: tuple[str, ...] = ()


class FamilyHandler(Protocol):
    """Maps questions of one family onto scenarios; returns none it can't build."""

    family: str

    def scenarios(self, q: Question) -> list[Scenario]: ...
