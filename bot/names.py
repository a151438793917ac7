"""Card-name resolution: exact, normalized, face, prefix and fuzzy matching with rapidfuzz."""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict
from rapidfuzz import fuzz, process, utils

from bot.errors import AmbiguousCardError, InputTooLongError, UnknownCardError

MAX_QUERY_CHARS = 200
_APOSTROPHES = re.compile(r"['’`ʼ]")
_NON_WORD = re.compile(r"[^0-9a-z]+")


def normalize(text: str) -> str:
    """Fold case, accents and punctuation: "Mirari's Wake" → "miraris wake"."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = _APOSTROPHES.sub("", plain.casefold())
    plain = plain.replace("æ", "ae").replace("œ", "oe")
    return _NON_WORD.sub(" ", plain).strip()


class NameEntry(BaseModel):
    """A name a card answers to; ``face_of`` is the card's full name when this is a face."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    oracle_id: str
    is_token: bool = False
    face_of: str | None = None

    @property
    def card_name(self) -> str:
        return self.face_of or self.name


MatchedVia = Literal["exact", "normalized", "face", "prefix", "fuzzy"]


class Resolution(BaseModel):
    """The card a query resolved to (``name`` is the card's full name)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    oracle_id: str
    matched_via: MatchedVia
    face: str | None = None
    score: float = 100.0


def _rank(entry: NameEntry) -> tuple[int, int]:
    # Real cards before tokens; a card's own name before a face name.
    return (int(entry.is_token), int(entry.face_of is not None))


class NameIndex:
    """In-memory index over every card and face name; pure and synchronous."""

    # WRatio copes with extra/missing words and typos; below this a match is a guess.
    FUZZY_CUTOFF = 86.0
    # When the best two fuzzy matches are this close, the query is ambiguous.
    FUZZY_MARGIN = 2.0

    def __init__(self, entries: Iterable[NameEntry]) -> None:
        by_exact: dict[str, list[NameEntry]] = {}
        by_norm: dict[str, list[NameEntry]] = {}
        for entry in entries:
            by_exact.setdefault(entry.name, []).append(entry)
            key = normalize(entry.name)
            if key:
                by_norm.setdefault(key, []).append(entry)
        for bucket in (*by_exact.values(), *by_norm.values()):
            bucket.sort(key=_rank)
        self._exact = by_exact
        self._norm = by_norm
        self._keys = sorted(by_norm)
        # Short forms: "thalia" for "Thalia, Guardian of Thraben", "borborygmos" for
        # "Borborygmos Enraged". Several cards sharing one short form make it ambiguous.
        short: dict[str, set[str]] = {}
        for key, bucket in by_norm.items():
            card = bucket[0]
            if card.is_token:
                continue
            display = card.card_name
            head = normalize(card.name.split(",", 1)[0]) if "," in card.name else None
            first = key.split(" ", 1)[0]
            for form in {head, first}:
                if form and form != key and len(form) >= 3:
                    short.setdefault(form, set()).add(display)
        self._short = short

    def __len__(self) -> int:
        return len(self._norm)

    @staticmethod
    def _clean(query: str) -> str:
        if not isinstance(query, str):
            raise UnknownCardError(repr(query))
        text = "".join(ch for ch in query if unicodedata.category(ch)[0] != "C").strip()
        if len(text) > MAX_QUERY_CHARS:
            raise InputTooLongError(
                f"A card name is at most {MAX_QUERY_CHARS} characters; this one has {len(text)}."
            )
        if not text:
            raise UnknownCardError(query[:80])
        return text

    @staticmethod
    def _resolution(entry: NameEntry, via: MatchedVia, score: float = 100.0) -> Resolution:
        if entry.face_of is not None:
            return Resolution(
                name=entry.face_of,
                oracle_id=entry.oracle_id,
                matched_via="face" if via in ("exact", "normalized") else via,
                face=entry.name,
                score=score,
            )
        return Resolution(name=entry.name, oracle_id=entry.oracle_id, matched_via=via, score=score)

    def lookup_exact(self, normalized: str) -> NameEntry | None:
        """The best entry whose normalized name is exactly ``normalized`` (O(1))."""
        bucket = self._norm.get(normalized)
        return bucket[0] if bucket else None

    def _prefixed(self, key: str) -> list[str]:
        start = bisect_left(self._keys, key)
        found: list[str] = []
        for candidate in self._keys[start:]:
            if not candidate.startswith(key):
                break
            found.append(candidate)
        return found

    def _distinct_cards(self, keys: Iterable[str]) -> list[NameEntry]:
        seen: dict[str, NameEntry] = {}
        for key in keys:
            entry = self._norm[key][0]
            seen.setdefault(entry.card_name, entry)
        real = [e for e in seen.values() if not e.is_token]
        return real or list(seen.values())

    def resolve(self, query: str) -> Resolution:
        """Resolve a user's card name, or raise UnknownCardError / AmbiguousCardError."""
        text = self._clean(query)
        bucket = self._exact.get(text)
        if bucket:
            return self._resolution(bucket[0], "exact")
        key = normalize(text)
        if not key:
            raise UnknownCardError(text)
        bucket = self._norm.get(key)
        if bucket:
            return self._resolution(bucket[0], "normalized")

        short = self._short.get(key)
        prefixed = self._prefixed(key)
        if short and len(short) > 1:
            raise AmbiguousCardError(text, sorted(short))
        if prefixed:
            cards = self._distinct_cards(prefixed)
            if len(cards) == 1:
                return self._resolution(cards[0], "prefix")
            names = sorted(e.card_name for e in cards)
            raise AmbiguousCardError(text, names)
        if short:
            (only,) = short
            return self._resolution(self._norm[normalize(only)][0], "prefix")
        return self._fuzzy(text, key)

    def _fuzzy(self, text: str, key: str) -> Resolution:
        matches = process.extract(
            key,
            self._keys,
            scorer=fuzz.WRatio,
            processor=None,
            score_cutoff=self.FUZZY_CUTOFF,
            limit=5,
        )
        if not matches:
            raise UnknownCardError(text)
        best_key, best_score, _ = matches[0]
        close = [m for m in matches if best_score - m[1] <= self.FUZZY_MARGIN]
        cards = self._distinct_cards(m[0] for m in close)
        if len(cards) > 1:
            # A plain edit-distance tie-break: the closest spelling wins if it is clearly closest.
            ranked = sorted(
                close, key=lambda m: fuzz.ratio(key, m[0], processor=utils.default_process)
            )
            top = fuzz.ratio(key, ranked[-1][0])
            runner = fuzz.ratio(key, ranked[-2][0])
            if top - runner < 5:
                raise AmbiguousCardError(text, sorted(e.card_name for e in cards))
            best_key, best_score = ranked[-1][0], ranked[-1][1]
        return self._resolution(self._norm[best_key][0], "fuzzy", float(best_score))

    def complete(self, prefix: str, limit: int = 25) -> list[str]:
        """Card names for autocomplete: prefix matches first, then fuzzy ones."""
        try:
            text = self._clean(prefix)
        except UnknownCardError:
            return []
        except InputTooLongError:
            return []
        key = normalize(text)
        names: dict[str, None] = {}
        for candidate in self._prefixed(key) if key else []:
            entry = self._norm[candidate][0]
            if not entry.is_token and len(entry.card_name) <= 100:
                names.setdefault(entry.card_name, None)
            if len(names) >= limit:
                return list(names)
        if key and len(names) < limit:
            for candidate, _score, _ in process.extract(
                key, self._keys, scorer=fuzz.WRatio, processor=None, limit=limit * 2
            ):
                entry = self._norm[candidate][0]
                if not entry.is_token and len(entry.card_name) <= 100:
                    names.setdefault(entry.card_name, None)
                if len(names) >= limit:
                    break
        return list(names)
