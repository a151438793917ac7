"""Card-name resolution: exact, normalized, face, prefix and fuzzy matching with rapidfuzz."""

from __future__ import annotations

import math
import re
import unicodedata
from bisect import bisect_left, bisect_right
from collections.abc import Iterable
from typing import Literal

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from bot.errors import AmbiguousCardError, UnknownCardError
from bot.record import Record

MAX_QUERY_CHARS = 200
_APOSTROPHES = re.compile(r"['’`ʼ]")
_NON_WORD = re.compile(r"[^0-9a-z]+")


_MASK_BITS = {ch: i for i, ch in enumerate("abcdefghijklmnopqrstuvwxyz0123456789 ")}


def _char_mask(key: str) -> int:
    mask = 0
    for ch in set(key):
        mask |= 1 << _MASK_BITS.get(ch, 63)
    return mask


# Words of names shorter than this are never a card's short name on their own.
NAME_WORD_MIN = 4


def normalize(text: str) -> str:
    """Fold case, accents and punctuation: "Mirari's Wake" → "miraris wake"."""
    if text.isascii():
        # NFKD leaves ASCII as it is, and it has no combining marks: most names.
        plain = text
    else:
        decomposed = unicodedata.normalize("NFKD", text)
        plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = _APOSTROPHES.sub("", plain.casefold())
    plain = plain.replace("æ", "ae").replace("œ", "oe")
    return _NON_WORD.sub(" ", plain).strip()


_FILLER = frozenset({"of", "the", "a", "an", "and", "to", "in", "from"})


def epithet_forms(name: str) -> set[str]:
    """What players call a card with an epithet: "Ivy, Gleeful Spellthief" is also "ivy
    spellthief", "ivy gleeful" and "ivy gleeful spellthief" (normalized)."""
    if "," not in name or " // " in name:
        return set()
    head, tail = (normalize(part) for part in name.split(",", 1))
    words = [w for w in tail.split() if w not in _FILLER]
    if not head or not words:
        return set()
    forms = {f"{head} {w}" for w in words} | {f"{head} {' '.join(words)}", f"{head} {tail}"}
    forms.discard(normalize(name))
    return forms


class NameEntry(Record):
    """A name a card answers to; ``face_of`` is the card's full name when this is a face.

    ``is_token`` marks objects that don't go in a deck (tokens, emblems, planes,
    schemes, Vanguard cards): resolution prefers real cards over them.
    """

    name: str
    oracle_id: str
    is_token: bool = False
    face_of: str | None = None

    @property
    def card_name(self) -> str:
        return self.face_of or self.name


MatchedVia = Literal["exact", "normalized", "face", "prefix", "fuzzy"]


class Resolution(Record):
    """The card a query resolved to (``name`` is the card's full name)."""

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

    # fuzz.ratio (normalized Indel similarity) on normalized names: "ana batlemage" scores
    # 96 against "ana battlemage"; below the cutoff a match is a guess.
    FUZZY_CUTOFF = 85.0
    # When the best two fuzzy matches are this close, the query is ambiguous.
    FUZZY_MARGIN = 2.0
    # Name lengths for which one typo is enough to match (see _one_edit).
    SHORT_TYPO_LENGTHS = (5, 12)
    # Autocomplete may suggest looser matches than resolve accepts.
    COMPLETE_CUTOFF = 75.0
    # Candidates shown for an ambiguous prefix.
    MAX_CANDIDATES = 25

    def __init__(self, entries: Iterable[NameEntry]) -> None:
        # numpy is imported here, not with the module: asking a question needs no NameIndex.
        import numpy as np

        by_exact: dict[str, list[NameEntry]] = {}
        by_fold: dict[str, list[NameEntry]] = {}
        by_norm: dict[str, list[NameEntry]] = {}
        for entry in entries:
            by_exact.setdefault(entry.name, []).append(entry)
            by_fold.setdefault(entry.name.casefold(), []).append(entry)
            key = normalize(entry.name)
            if key:
                by_norm.setdefault(key, []).append(entry)
        for bucket in (*by_exact.values(), *by_fold.values(), *by_norm.values()):
            bucket.sort(key=_rank)
        self._exact = by_exact
        self._fold = by_fold
        self._norm = by_norm
        self._keys = sorted(by_norm)
        # Keys by length, so a fuzzy search only scores names long or short enough to reach
        # the cutoff (an exact filter: Indel distance is at least the length difference).
        self._by_length = sorted(by_norm, key=len)
        self._lengths = [len(k) for k in self._by_length]
        # Which characters each key uses, as bits: a key missing k of the query's
        # characters (or using k the query lacks) is at least k edits away, so most keys
        # are ruled out by one vectorized XOR before any string is compared.
        self._masks = np.fromiter(
            (_char_mask(k) for k in self._by_length), dtype=np.uint64, count=len(self._by_length)
        )
        self._length_array = np.asarray(self._lengths, dtype=np.int32)
        # Short forms: "thalia" for "Thalia, Guardian of Thraben", "borborygmos" for
        # "Borborygmos Enraged". Several cards sharing one short form make it ambiguous.
        short: dict[str, set[str]] = {}
        for key, bucket in by_norm.items():
            card = bucket[0]
            if card.is_token:
                continue
            head = normalize(card.name.split(",", 1)[0]) if "," in card.name else None
            first = key.split(" ", 1)[0]
            for form in {head, first, *epithet_forms(card.name)}:
                if form and form != key and len(form) >= 3:
                    short.setdefault(form, set()).add(card.card_name)
        self._short = short

    def __len__(self) -> int:
        return len(self._norm)

    @staticmethod
    def _clean(query: str) -> str:
        if not isinstance(query, str):
            raise UnknownCardError(repr(query))
        # Control and format characters (NUL, ANSI escapes, zero-width joiners, bidi marks).
        text = "".join(ch for ch in query if unicodedata.category(ch)[0] != "C").strip()
        if not text or len(text) > MAX_QUERY_CHARS:
            raise UnknownCardError(text or query[:80])
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

    def _prefixed(self, key: str, limit: int = 200) -> list[str]:
        start = bisect_left(self._keys, key)
        found: list[str] = []
        for candidate in self._keys[start : start + limit]:
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

    def _ambiguous(self, text: str, names: Iterable[str]) -> AmbiguousCardError:
        return AmbiguousCardError(text, sorted(set(names))[: self.MAX_CANDIDATES])

    def resolve(self, query: str) -> Resolution:
        """Resolve a user's card name, or raise UnknownCardError / AmbiguousCardError."""
        text = self._clean(query)
        bucket = self._exact.get(text) or self._fold.get(text.casefold())
        if bucket:
            return self._resolution(bucket[0], "exact")
        key = normalize(text)
        if not key:
            raise UnknownCardError(text)
        bucket = self._norm.get(key)
        if bucket:
            return self._resolution(bucket[0], "normalized")

        short = self._short.get(key)
        if short and len(short) > 1:
            raise self._ambiguous(text, short)
        prefixed = self._prefixed(key)
        if prefixed:
            cards = self._distinct_cards(prefixed)
            if len(cards) == 1:
                return self._resolution(cards[0], "prefix")
            raise self._ambiguous(text, (e.card_name for e in cards))
        if short:
            (only,) = short
            return self._resolution(self._norm[normalize(only)][0], "prefix")
        return self._fuzzy(text, key)

    def _candidates(self, key: str, cutoff: float) -> list[str]:
        """The keys that can reach ``cutoff`` with fuzz.ratio; a lossless filter.

        ratio = 1 - d / (n + m) with d the Indel distance, so a key of length m needs
        d <= (1 - c) * (n + m). d is at least |n - m| (which bounds m to a window) and
        at least the number of characters used by one string but not the other.
        """
        import numpy as np

        n = len(key)
        c = cutoff / 100
        low = bisect_left(self._lengths, math.ceil(n * c / (2 - c) - 1e-9))
        high = bisect_right(self._lengths, math.floor(n * (2 - c) / c + 1e-9))
        if low >= high:
            return []
        differ = np.bitwise_count(self._masks[low:high] ^ np.uint64(_char_mask(key)))
        allowed = np.floor((1 - c) * (n + self._length_array[low:high]) + 1e-9)
        keep = np.flatnonzero(differ <= allowed)
        keys = self._by_length
        return [keys[low + int(i)] for i in keep]

    def _one_edit(self, key: str) -> list[str]:
        """Short names one edit away (a swap of neighbours counts as one).

        In a six-letter name one wrong letter already drops fuzz.ratio below the cutoff.
        """
        import numpy as np

        n = len(key)
        if not self.SHORT_TYPO_LENGTHS[0] <= n <= self.SHORT_TYPO_LENGTHS[1]:
            return []
        low = bisect_left(self._lengths, n - 1)
        high = bisect_right(self._lengths, n + 1)
        # One edit changes at most two characters of the set a name uses.
        differ = np.bitwise_count(self._masks[low:high] ^ np.uint64(_char_mask(key)))
        keys = self._by_length
        near = [keys[low + int(i)] for i in np.flatnonzero(differ <= 2)]
        found = process.extract(key, near, scorer=OSA.distance, score_cutoff=1, limit=5)
        return [candidate for candidate, _distance, _ in found]

    def _fuzzy(self, text: str, key: str) -> Resolution:
        matches = process.extract(
            key,
            self._candidates(key, self.FUZZY_CUTOFF),
            scorer=fuzz.ratio,
            processor=None,
            score_cutoff=self.FUZZY_CUTOFF,
            limit=5,
        )
        if not matches:
            near = self._one_edit(key)
            if not near:
                raise UnknownCardError(text)
            cards = self._distinct_cards(near)
            if len(cards) > 1:
                raise self._ambiguous(text, (e.card_name for e in cards))
            return self._resolution(cards[0], "fuzzy", float(fuzz.ratio(key, near[0])))
        best_score = matches[0][1]
        close = [m[0] for m in matches if best_score - m[1] <= self.FUZZY_MARGIN]
        cards = self._distinct_cards(close)
        if len(cards) > 1:
            raise self._ambiguous(text, (e.card_name for e in cards))
        return self._resolution(cards[0], "fuzzy", float(best_score))

    def complete(self, prefix: str, limit: int = 25) -> list[str]:
        """Card names for autocomplete (at most 100 characters): prefixes first, then fuzzy."""
        try:
            text = self._clean(prefix)
        except UnknownCardError:
            return []
        key = normalize(text)
        if not key or limit <= 0:
            return []
        names: dict[str, None] = {}

        def add(candidate: str) -> bool:
            entry = self._norm[candidate][0]
            if not entry.is_token and len(entry.card_name) <= 100:
                names.setdefault(entry.card_name, None)
            return len(names) >= limit

        for candidate in self._prefixed(key, limit * 4):
            if add(candidate):
                return list(names)
        for candidate, _score, _ in process.extract(
            key,
            self._candidates(key, self.COMPLETE_CUTOFF),
            scorer=fuzz.ratio,
            processor=None,
            limit=limit * 2,
            score_cutoff=self.COMPLETE_CUTOFF,
        ):
            if add(candidate):
                break
        return list(names)
