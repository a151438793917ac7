"""Find the cards a free-text question names: [[brackets]], exact spans, typos and short names."""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from rapidfuzz import fuzz, process

from bot import limits
from bot.ask import lexicon
from bot.store.names import NAME_WORD_MIN, epithet_forms, normalize
from engine.lazyre import lazy

_BRACKETS = re.compile(r"\[\[([^\[\]]{1,200})\]\]")
_WORD = re.compile(r"[^\W_]+(?:['\-][^\W_]+)*", re.UNICODE)
_POSSESSIVE = re.compile(r"(?:'s|s')$", re.I)
MAX_SPAN_WORDS = 9
# fuzz.ratio a [[bracketed]] name needs to match a card name it doesn't spell exactly.
BRACKET_CUTOFF = 85.0
_COMMON_WORDS = (
    "if when can does do is it its i a an the and or my yes no what why how who which "
    "where whose will would should could must may might am are was were has have had "
    "turn mana land lands creature spell copy token enchantment aura target opponent "
    "stack kicker tap untap haste block attack trigger ability counter x standard modern "
    "legacy vintage commander pauper rules judge "
    # Pronouns and possessives stressed with capitals ("now it's THEIR turn").
    "their there they're they them his her our your you we he she this that these those"
)
# Capitalised single words people use in questions that are also card names.
_COMMON_SINGLE = frozenset(normalize(w) for w in _COMMON_WORDS.split())


@cache
def _programs() -> frozenset[str]:
    """One-word names of game programs ("Mage", "Forge") and players' shorthand ("LGS"): a
    report's "in Mage" or "my LGS judge" is no card."""
    lex = lexicon.load()
    programs = frozenset(p[0] for p in lex.framing["program"] if len(p) == 1)
    return programs | lex.words.get("community", frozenset())


# The words before a program's name when a game was played in it ("on Arena").
_PLATFORM_PREPOSITIONS = frozenset({"on", "in", "using", "via", "playing", "with"})
# "the pool", "that giant": words that point back at a card already named.
_REFERRING = frozenset({"the", "that", "this"})
# Type words are the rules' nouns ("the creature"), never a short form of one card's name.
_TYPE_WORDS = frozenset(
    {
        "artifact",
        "artifacts",
        "enchantment",
        "enchantments",
        "creature",
        "creatures",
        "land",
        "lands",
        "planeswalker",
        "instant",
        "sorcery",
        "battle",
        "kindred",
        "tribal",
        "legendary",
        "basic",
        "snow",
        "world",
        "spell",
        "spells",
        "permanent",
        "card",
        "token",
        "copy",
        "aura",
    }
)
_BASIC_LANDS = frozenset({"plains", "island", "swamp", "mountain", "forest", "wastes"})
_NAME_JOINERS = frozenset({"of", "the", "and", "to", "from", "in", "with"})
# Words after which a lowercase word is what was cast: a card, though English ("cast fog").
_CAST_WORDS = frozenset(["cast", "casts", "casting", "casted", "recast", "recasting"])
# Words after which a lowercase word is a verb ("i reanimate it", "to flicker it"), not a name.
_VERB_MARKERS = frozenset(
    [
        "i",
        "you",
        "we",
        "they",
        "he",
        "she",
        "it",
        "to",
        "can",
        "cant",
        "could",
        "couldnt",
        "will",
        "wont",
        "would",
        "wouldnt",
        "should",
        "shouldnt",
        "must",
        "may",
        "might",
        "not",
        "just",
        "also",
        "then",
        "still",
        "never",
        "already",
        "dont",
        "doesnt",
        "didnt",
        "lets",
        "please",
        "gonna",
        "wanna",
    ]
)


@dataclass(frozen=True)
class NameRow:
    """One searchable name: a card name or a face name, pointing at its card."""

    name: str
    card_name: str
    oracle_id: str
    is_token: bool


@dataclass
class Found:
    """A card named in the text: the canonical card name and where it was written."""

    card_name: str
    oracle_id: str
    written: str
    start: int
    end: int
    how: str


@dataclass
class Scan:
    found: list[Found] = field(default_factory=list)
    ambiguous: dict[str, list[str]] = field(default_factory=dict)
    unknown: list[str] = field(default_factory=list)
    # Ambiguous words that are plain English too ("Ana", "Guard"): they name a card only when
    # the question's context picks one; otherwise they are read as words.
    soft: set[str] = field(default_factory=set)
    # [[Brackets]] past the limit, left unread.
    skipped: int = 0
    # Lowercase words read as English that are also a card's whole name ("with contamination
    # out"): a family that such a card would change declines rather than ignore it.
    plain: list[Found] = field(default_factory=list)


class TextCardFinder:
    """Indexes every card and face name once; scans questions in well under a millisecond."""

    # Each bracket may cost a fuzzy search; past this many they are skipped.
    max_brackets = limits.MAX_BRACKETS

    def __init__(self, rows: Iterable[NameRow], vocabulary: Iterable[str] = ()) -> None:
        self._exact: dict[str, list[NameRow]] = defaultdict(list)
        self._first: dict[str, set[str]] = defaultdict(set)
        aliases: dict[str, list[NameRow]] = defaultdict(list)
        for row in rows:
            key = normalize(row.name)
            if not key:
                continue
            self._exact[key].append(row)
            first = key.split()[0]
            if len(key.split()) > 1:
                self._first[first].add(row.card_name)
            if not row.is_token:
                for form in epithet_forms(row.name):
                    aliases[form].append(row)
        # "ivy spellthief" names Ivy, Gleeful Spellthief when no other card answers to it.
        for form, found in aliases.items():
            if form not in self._exact and len({r.card_name for r in found}) == 1:
                self._exact[form].append(found[0])
        # Tokens are found only when written exactly; fuzzy guesses go to real cards.
        self._keys = [k for k, rows in self._exact.items() if any(not r.is_token for r in rows)]
        self._prefixes = {
            " ".join(parts[:n])
            for k in self._exact
            for parts in [k.split()]
            for n in range(1, len(parts))
        }
        self._max_words = min(MAX_SPAN_WORDS, max((len(k.split()) for k in self._keys), default=1))
        # Typos keep the word count and almost always the first letter, so fuzzy
        # matching searches only names of the same shape: a few hundred, not 33,000.
        self._buckets: dict[tuple[int, str], list[str]] = defaultdict(list)
        for key in self._keys:
            self._buckets[(len(key.split()), key[0])].append(key)
        self._vocab = {normalize(w) for w in vocabulary} | set(_COMMON_SINGLE)
        self._common = lexicon.load().common

    def _best(self, key: str) -> NameRow | None:
        rows = self._exact.get(key)
        if not rows:
            return None
        real = [r for r in rows if not r.is_token]
        return (real or rows)[0]

    def rule_words(self) -> frozenset[str]:
        """Every word of the rules text: what a typo in a question may be meant as."""
        return frozenset(self._vocab)

    def _worded(self, word: str) -> set[str]:
        """The real cards with ``word`` (normalized) as a word of a name."""
        index: dict[str, set[str]] | None = getattr(self, "_by_word", None)
        if index is None:
            index = defaultdict(set)
            for key, rows in self._exact.items():
                for row in rows:
                    if not row.is_token:
                        for w in key.split():
                            if len(w) >= NAME_WORD_MIN:
                                index[w].add(row.card_name)
            self._by_word = index
        return index.get(word, set())

    def _plural(self, key: str) -> NameRow | None:
        """ "two Reflecting Pools", "only Forests": the singular name, if there is one."""
        for suffix, singular in (("ves", "f"), ("ves", "fe"), ("es", ""), ("s", "")):
            # "two Taunting Elves": Taunting Elf.
            if key.endswith(suffix) and len(key) > len(suffix) + 2:
                row = self._best(key[: -len(suffix)] + singular)
                if row is not None:
                    return row
        return None

    def scan(self, text: str) -> Scan:
        result = Scan()
        taken: list[tuple[int, int]] = []
        for m in _BRACKETS.finditer(text):
            if len(taken) >= self.max_brackets:
                result.skipped += 1
            else:
                self._resolve_written(m.group(1), m.start(), m.end(), result, explicit=True)
            taken.append((m.start(), m.end()))
        words = [w for w in _WORD.finditer(text) if not any(a <= w.start() < b for a, b in taken)]
        full = [normalize(w.group(0)) for w in words]
        bare = [normalize(_POSSESSIVE.sub("", w.group(0))) for w in words]
        i = 0
        while i < len(words):
            hit = self._longest_exact(text, words, full, bare, i)
            if hit is not None:
                j, row = hit
                start, end = words[i].start(), words[j].end()
                written = text[start:end]
                result.found.append(
                    Found(
                        row.card_name,
                        row.oracle_id,
                        written,
                        start,
                        end,
                        "exact" if row.name == row.card_name else "face",
                    )
                )
                i = j + 1
                continue
            i += 1
        # A word that refers back to a card named in full ("urborg" after "Urborg, Tomb of
        # Yawgmoth") is read before fuzzy matching can take it for another card.
        self._references(text, words, result)
        self._fuzzy_pass(text, words, result)
        self._nicknames(words, result)
        self._name_starts(text, words, result)
        self._references(text, words, result)
        self._unknown_names(text, words, result)
        self._plain_names(words, bare, result)
        return result

    def _plain_names(self, words: list[re.Match[str]], bare: list[str], result: Scan) -> None:
        covered = [(f.start, f.end) for f in result.found]
        for w, key in zip(words, bare, strict=True):
            if len(key) < 4 or not w.group(0).islower():
                continue
            if any(a <= w.start() < b for a, b in covered):
                continue
            row = self._best(key)
            if row is not None and not row.is_token:
                result.plain.append(
                    Found(row.card_name, row.oracle_id, w.group(0), w.start(), w.end(), "plain")
                )

    def _name_starts(self, text: str, words: list[re.Match[str]], result: Scan) -> None:
        """ "zendikar res", "fires of yav": a card's first words and the start of the next one,
        when exactly one card's name goes on so."""
        covered = [(f.start, f.end) for f in result.found]
        free = [not any(a <= w.start() < b for a, b in covered) for w in words]
        i = 0
        while i < len(words) - 1:
            first = normalize(words[i].group(0))
            names = self._first.get(first) if free[i] and len(first) >= 3 else None
            hit = self._name_start(text, words, free, i, first, names) if names else None
            if hit is None:
                i += 1
                continue
            j, name = hit
            row = self._best(normalize(name))
            if row is not None:
                start, end = words[i].start(), words[j].end()
                result.found.append(
                    Found(row.card_name, row.oracle_id, text[start:end], start, end, "prefix")
                )
                result.ambiguous.pop(words[i].group(0), None)
            i = j + 1
        result.found.sort(key=lambda f: f.start)

    def _name_start(
        self,
        text: str,
        words: list[re.Match[str]],
        free: list[bool],
        i: int,
        first: str,
        names: set[str],
    ) -> tuple[int, str] | None:
        """The last word and the one name that words[i:] start, if exactly one does."""
        if not free[i + 1] or not _contiguous(text, words, i, i + 1):
            return None
        second = normalize(words[i + 1].group(0))
        # The names split into words, per first word, kept while the store's set for it is
        # (the stored finder doesn't run this class's __init__, hence no attribute there).
        memo: dict[str, tuple[set[str], dict[str, list[str]]]] = self.__dict__.setdefault(
            "_split_names", {}
        )
        known = memo.get(first)
        if known is None or known[0] is not names:
            if len(memo) > 4096:
                memo.clear()
            known = memo[first] = (names, {n: normalize(n).split() for n in names})
        split = {
            n: parts
            for n, parts in known[1].items()
            if len(parts) > 1 and parts[1].startswith(second)
        }
        for j in range(i + 1, min(len(words), i + 6)):
            if not free[j] or not _contiguous(text, words, j - 1, j):
                return None
            typed = [normalize(w.group(0)) for w in words[i : j + 1]]
            last = typed[-1]
            going = {n: parts for n, parts in split.items() if len(parts) >= len(typed)}
            going = {
                n: parts
                for n, parts in going.items()
                if parts[: len(typed) - 1] == typed[:-1] and parts[len(typed) - 1].startswith(last)
            }
            if not going:
                return None
            strict = [n for n, parts in going.items() if parts[len(typed) - 1] != last]
            if (
                len(going) == 1
                and strict
                and len(last) >= 3
                # An English start ("fires of") needs a last word no English speaker would
                # stop at; a start only names use ("zendikar res") needs none.
                and (typed[0] not in self._common or (len(typed) >= 3 and last not in self._common))
            ):
                return j, strict[0]
            split = going
        return None

    def _nicknames(self, words: list[re.Match[str]], result: Scan) -> None:
        """ "can I tap cradle", "kick bolt": a player's short name for one loaded card."""
        nicknames = lexicon.load().nicknames
        for w in words:
            card = nicknames.get(w.group(0).casefold())
            if card is None:
                continue
            inside = [f for f in result.found if f.start <= w.start() < f.end]
            lone = (
                len(inside) == 1
                and (inside[0].start, inside[0].end) == (w.start(), w.end())
                and normalize(card).startswith(normalize(w.group(0)) + " ")
            )
            if lone:
                # "urborg": the nickname, its card's first word, outranks the old card Urborg.
                result.found.remove(inside[0])
            elif inside:
                continue
            row = self._best(normalize(card))
            if row is not None:
                result.found.append(
                    Found(row.card_name, row.oracle_id, w.group(0), w.start(), w.end(), "nickname")
                )
                result.ambiguous.pop(w.group(0), None)
        result.found.sort(key=lambda f: f.start)

    def _references(self, text: str, words: list[re.Match[str]], result: Scan) -> None:
        """ "I have Reflecting Pool and a Forest. What can the pool make?": "the pool" is the
        one card named in full whose name has that word. Without "the", the word refers back
        only where a subject stands ("what can pool make") or when it is no English word
        ("kinnan"); a lone card spelt the same ("Urborg" beside "Urborg, Tomb of
        Yawgmoth") gives way to the card named in full."""
        lex = lexicon.load()
        for k in range(len(words)):
            w = words[k]
            inside = [f for f in result.found if f.start <= w.start() < f.end]
            key = normalize(_POSSESSIVE.sub("", w.group(0)))
            if len(key) < 4 or key in _COMMON_SINGLE or key in _TYPE_WORDS:
                continue
            before = words[k - 1].group(0).casefold() if k else ""
            joined = k > 0 and _contiguous(text, words, k - 1, k)
            keys = {key, key[:-1]} if key.endswith("s") else {key}
            named = {
                f.card_name: f
                for f in result.found
                if f.how != "reference"
                and len(normalize(f.card_name).split()) > 1
                and not (f.start <= w.start() < f.end)
                and keys & set(normalize(f.card_name).split())
            }
            if len(named) != 1:
                continue
            if inside:
                lone = inside[0]
                lone_name = normalize(lone.card_name)
                if (
                    len(inside) > 1
                    or lone.how != "exact"
                    or key in _BASIC_LANDS
                    # "the Explorer" after Sylvok Explorer is that card, not The Explorer.
                    or not (
                        lone_name == f"the {key}"
                        or (lone_name == key and normalize(next(iter(named))).startswith(key))
                    )
                ):
                    continue
                result.found.remove(lone)
            elif not (
                (joined and before in _REFERRING)
                or (joined and lex.lemma(before) in lex.words["subject_aux"])
                # "how many drakes": the plural of a creature type counts creatures or
                # tokens of it, not the one card whose name has the word.
                or (key not in self._common and not self._plural_of_known(key))
            ):
                continue
            f = next(iter(named.values()))
            result.found.append(
                Found(f.card_name, f.oracle_id, w.group(0), w.start(), w.end(), "reference")
            )
        result.found.sort(key=lambda f: f.start)

    def _unknown_names(self, text: str, words: list[re.Match[str]], result: Scan) -> None:
        """Capitalised runs that look like a card's name but name none ("Everflowing Chalice"
        when only the built-in cards are loaded): no answer may stand in for that card."""
        covered = [(f.start, f.end) for f in result.found]
        known = {w.casefold() for w in result.unknown} | {w.casefold() for w in result.ambiguous}
        run: list[re.Match[str]] = []

        def close() -> None:
            while run and not run[-1].group(0)[:1].isupper():
                run.pop()
            caps = [w for w in run if w.group(0)[:1].isupper()]
            if len(caps) >= 2 and any(
                normalize(w.group(0)) not in self._common
                and normalize(w.group(0)) not in self._vocab
                and normalize(w.group(0)) not in _programs()
                for w in caps
            ):
                written = text[run[0].start() : run[-1].end()]
                if written.casefold() not in known:
                    result.unknown.append(written)
            run.clear()

        for w in words:
            inside = any(a <= w.start() < b for a, b in covered)
            word = w.group(0)
            joins = bool(run) and _contiguous(text, [run[-1], w], 0, 1)
            if (not inside and word[:1].isupper() and (joins or not run)) or (
                not inside and run and joins and word.casefold() in _NAME_JOINERS
            ):
                run.append(w)
            else:
                close()
                if not inside and word[:1].isupper():
                    run.append(w)
        close()

    def _longest_exact(
        self, text: str, words: list[re.Match[str]], full: list[str], bare: list[str], i: int
    ) -> tuple[int, NameRow] | None:
        """The longest name starting at word i; spans grow only while they prefix a name."""
        best: tuple[int, NameRow] | None = None
        prefix = ""
        for j in range(i, min(len(words), i + self._max_words)):
            head = f"{prefix} " if prefix else ""
            for key in (head + bare[j], head + full[j]):
                row = self._best(key) or self._plural(key)
                if row is not None and i != j and self._plain_phrase(text, words[i], words[j]):
                    row = None
                if row is not None and (i != j or self._accept_single(text, words[i], row)):
                    best = (j, row)
                    break
            prefix = head + full[j]
            if prefix not in self._prefixes:
                break
        return best

    def _plain_phrase(self, text: str, first: re.Match[str], last: re.Match[str]) -> bool:
        """ "at the end of turn", "become the monarch": a lowercase "the" and common words
        only are English, though a card ("The End", "The Monarch") is spelt the same."""
        span = text[first.start() : last.end()]
        words = span.split()
        return (
            span.islower()
            and words[0] == "the"
            and all(normalize(_POSSESSIVE.sub("", w)) in self._common for w in words[1:])
        )

    def _accept_single(self, text: str, word: re.Match[str], row: NameRow) -> bool:
        bare = _POSSESSIVE.sub("", word.group(0))
        key = normalize(bare)
        # "Whats" is no plural of the face What (of Who // What // When // Where // Why).
        if row.is_token or key in _COMMON_SINGLE or normalize(row.name) in _COMMON_SINGLE:
            return False
        if key in _programs():
            # "Arena wouldn't let me ...": a lone program's name is the program, not the card.
            return False
        sentence_start = _sentence_start(text, word, '.?!:;"(')
        before = text[: word.start()].split()[-1:]
        if key in _programs() and before and before[0].casefold() in _PLATFORM_PREPOSITIONS:
            # "a game on Arena", "in Forge": the program it was played in, not the card.
            return False
        # A lone word is a name only when capitalised ("a Forest"): lowercase single
        # words are too often plain English ("reanimate", "gone"). At a sentence start
        # the capital proves nothing, so the word must also be one the rules never use.
        if not bare[:1].isupper():
            # Basic lands are written in lowercase ("a forest"), and so are names no English
            # word looks like ("pili-pala").
            if normalize(row.name) in _BASIC_LANDS:
                return True
            # A lowercase possessive ("necravolver's kicker") names something, too.
            owned = bare != word.group(0)
            if key in self._vocab or self._plural_of_known(key):
                return False
            if before and normalize(before[0]) in _CAST_WORDS:
                # "cast pacifism", "casting fireball": what is cast is a card, English or not.
                return True
            if _placed(text, word, before):
                # "contamination is on the battlefield", "with opposition out", "my shock":
                # what is in play or someone's is a card, English or not.
                return True
            return "-" in bare or owned or self._rare_noun(key, before)
        if key in self._common and key not in _BASIC_LANDS and _beside_capital(text, word):
            # "Snow Plains": a common word inside a capitalised phrase is part of the phrase.
            return False
        return not sentence_start or key not in self._vocab

    def _plural_of_known(self, key: str) -> bool:
        """ "my clerics", "my wolves", "allies": the plural of a word the rules use."""
        if not key.endswith("s"):
            return False
        stems = {key[:-1], key[:-2], key[:-3] + "y", key[:-3] + "f", key[:-3] + "fe"}
        return any(stem in self._vocab for stem in stems if stem)

    def _rare_noun(self, key: str, before: list[str]) -> bool:
        """ "with earthcraft out", "my lands are forest and mutavault": a lowercase word no
        English speaker or rule uses names its card, unless it stands where a verb would
        ("can i reanimate it", "to flicker it")."""
        if len(key) < 5 or key in self._common or key in lexicon.load().lemmas:
            return False
        if key.endswith("s") and key[:-1] in self._common:
            return False  # a plural of an English word
        if before and normalize(before[0]) == "its":
            # "its firebreathing", "its flanking": what a permanent has is an ability of it.
            return False
        return not before or normalize(before[0]) not in _VERB_MARKERS

    def _plain_word(self, text: str, word: re.Match[str]) -> bool:
        """A capitalised word that is English, not a name: at a sentence start, or a word
        the rules or plain questions use ("Can't", "Guard", "Forge")."""
        key = normalize(_POSSESSIVE.sub("", word.group(0)))
        sentence_start = _sentence_start(text, word, '.?!:;"(-')
        return sentence_start or key in self._vocab or key in self._common or key in _programs()

    def _english(self, word: str) -> bool:
        """A word English or the rules use, so a capital at a sentence's start proves nothing.
        A short word there may be a typo of one ("Ith should have"), so it counts as English."""
        key = normalize(word)
        if len(key) < 5 or key in _programs():
            return True
        # "Cascading", "Kicked": an inflected form of a word English or the rules use.
        stems = {key, re.sub(r"(ing|ed|es|s)$", "", key)}
        stems |= {stem + "e" for stem in stems}
        return any(stem in self._vocab or stem in self._common for stem in stems)

    def _typo_before_basic(self, text: str, words: list[re.Match[str]], result: Scan) -> None:
        """ "voclanic island": a misspelt word before a basic land's name is a typo of a
        longer name ending in it (Volcanic Island), not a word beside an Island."""
        for f in list(result.found):
            if f.how != "exact" or normalize(f.card_name) not in _BASIC_LANDS:
                continue
            k = next((i for i, w in enumerate(words) if w.start() == f.start), None)
            if k is None or k == 0 or not _contiguous(text, words, k - 1, k):
                continue
            prev = words[k - 1]
            key = normalize(prev.group(0))
            if (
                len(key) < 4
                or key in self._vocab
                or key in self._common
                or any(g.start <= prev.start() < g.end for g in result.found)
            ):
                continue
            span = f"{key} {normalize(f.card_name)}"
            bucket = self._buckets.get((2, key[0]), [])
            match = process.extractOne(span, bucket, scorer=fuzz.ratio, score_cutoff=86)
            if not match or not _word_by_word(span, match[0]):
                continue
            row = self._best(match[0])
            if row is None:
                continue
            result.found.remove(f)
            result.found.append(
                Found(
                    row.card_name,
                    row.oracle_id,
                    text[prev.start() : f.end],
                    prev.start(),
                    f.end,
                    "fuzzy",
                )
            )
        result.found.sort(key=lambda f: f.start)

    def _fuzzy_pass(self, text: str, words: list[re.Match[str]], result: Scan) -> None:
        self._typo_before_basic(text, words, result)
        covered = [(f.start, f.end) for f in result.found]
        free = [w for w in words if not any(a <= w.start() < b for a, b in covered)]
        unknown = [
            idx
            for idx, w in enumerate(free)
            if normalize(_POSSESSIVE.sub("", w.group(0))) not in self._vocab
            and len(w.group(0)) >= 3
            and not w.group(0).isdigit()
        ]
        used: set[int] = set()
        for idx in unknown:
            if idx in used:
                continue
            best: tuple[float, int, int, str] | None = None
            for lo in range(max(0, idx - 3), idx + 1):
                for hi in range(idx, min(len(free), lo + 5)):
                    if any(k in used for k in range(lo, hi + 1)):
                        continue
                    if not _contiguous(text, free, lo, hi):
                        continue
                    span = text[free[lo].start() : free[hi].end()]
                    key = normalize(_POSSESSIVE.sub("", span))
                    if len(key) < 5 or (hi > lo and self._plain_phrase(text, free[lo], free[hi])):
                        continue
                    if span.islower() and all(w in self._common for w in key.split()):
                        # "brings back" is no typo of Bring Back: correctly spelt English.
                        continue
                    if hi == lo and (
                        key in self._exact
                        or not free[lo].group(0)[:1].isupper()
                        or key in self._common
                        or self._first.get(key)
                    ):
                        # A correctly spelt English word, or the first word of a name
                        # ("Gatekeeper" of Malakir), is no typo of another name.
                        continue
                    bucket = self._buckets.get((hi - lo + 1, key[0]), [])
                    match = process.extractOne(key, bucket, scorer=fuzz.ratio, score_cutoff=86)
                    if match and not _word_by_word(key, match[0]):
                        match = None
                    if match and (best is None or match[1] > best[0]):
                        best = (match[1], lo, hi, match[0])
            if best is not None:
                _, lo, hi, key = best
                row = self._best(key)
                if row is not None:
                    start, end = free[lo].start(), free[hi].end()
                    result.found.append(
                        Found(row.card_name, row.oracle_id, text[start:end], start, end, "fuzzy")
                    )
                    used.update(range(lo, hi + 1))
                    continue
            word = free[idx].group(0)
            bare = _POSSESSIVE.sub("", word)
            if bare[:1].isupper():
                names = sorted(self._first.get(normalize(bare), ()))
                if self._plain_word(text, free[idx]) and len(names) > 1:
                    result.soft.add(bare)
                named = [
                    f for f in result.found if normalize(bare) in normalize(f.card_name).split()
                ]
                if named:
                    # "Eidolon" after "Eidolon of Blossoms": the card already named in full.
                    names = [named[0].card_name]
                elif len(names) == 1 and self._plain_word(text, free[idx]) and self._english(bare):
                    # "I'm", "Observed" at a sentence's start: English, not the one card whose
                    # name begins with it. "Verazol copied it" there is no English word.
                    continue
                if len(names) == 1:
                    row = self._best(normalize(names[0]))
                    if row is not None:
                        result.found.append(
                            Found(
                                row.card_name,
                                row.oracle_id,
                                word,
                                free[idx].start(),
                                free[idx].end(),
                                "short",
                            )
                        )
                        used.add(idx)
                        continue
                if len(names) > 1:
                    result.ambiguous[bare] = names[:25]
                    used.add(idx)
            elif (named_by := self._name_word(bare, result)) is not None:
                # "nyxbloom out, tap sol ring", "kinnan out": a word no English speaker or
                # rule uses, from one card's name, names that card; from several, one of them.
                # One letter off such a word ("nybxloom") is a typo of it.
                word_key, how = named_by
                names = sorted(self._worded(word_key))
                if len(names) == 1:
                    row = self._best(normalize(names[0]))
                    if row is not None:
                        start, end = free[idx].start(), free[idx].end()
                        result.found.append(
                            Found(row.card_name, row.oracle_id, word, start, end, how)
                        )
                        used.add(idx)
                elif names:
                    result.ambiguous[bare] = names[:25]
                    used.add(idx)
        result.found.sort(key=lambda f: f.start)

    def _name_word(self, bare: str, result: Scan) -> tuple[str, str] | None:
        """The word of cards' names a lowercase word is, and how it was found ("short" for
        the word itself, "fuzzy" for one letter off it): only for a word English and the
        rules don't use, and none of a card already named (which ``_references`` reads)."""
        key = normalize(bare)
        if len(key) < 5 or not key.isalpha() or not self._name_only(key):
            return None  # "a flier": English, though Momo, Friendly Flier has the word
        if self._exact.get(key):
            # A whole name, which the exact pass took or turned down ("can i earthcraft it").
            return None
        found: tuple[str, str] | None = (key, "short") if self._worded(key) else None
        if found is None:
            near = self._near_name_word(key)
            # A typo of an English word ("creatue") is no name's word.
            found = (near, "fuzzy") if near is not None and self._name_only(near) else None
        if found is None or any(found[0] in normalize(f.card_name).split() for f in result.found):
            return None
        return found

    def _name_only(self, word: str) -> bool:
        """A word of names that English and the rules don't use ("nyxbloom", not "creature"),
        or a character's name that opens a legendary card's ("thalia", "nissa")."""
        if (
            word in self._common
            or word in self._vocab
            or word in lexicon.load().lemmas
            or self._plural_of_known(word)
        ):
            return False
        if _listed_english(word):
            # The longer English list has first names too; the one that opens a name with an
            # epithet ("Thalia, Guardian of Thraben") is the character players mean.
            return any("," in name for name in self._first.get(word, ()))
        return True

    def _near_name_word(self, key: str) -> str | None:
        """The one word of cards' names one edit (a letter, or two swapped) from ``key``."""
        from rapidfuzz.distance import OSA

        near = {
            w
            for w in self._name_words_from(key[0])
            if abs(len(w) - len(key)) <= 1 and OSA.distance(w, key) == 1
        }
        return near.pop() if len(near) == 1 else None

    def _name_words_from(self, initial: str) -> tuple[str, ...]:
        """Every word of cards' names that starts with ``initial``."""
        self._worded("")  # builds the index
        index: dict[str, set[str]] = self._by_word
        return tuple(w for w in index if w[:1] == initial)

    def _filter(self) -> _RatioFilter:
        """The real cards' names, sorted for prefix and fuzzy lookups; built on first use."""
        keys = self._keys
        found: _RatioFilter | None = getattr(self, "_ratio", None)
        if found is None or found.keys is not keys:
            found = self._ratio = _RatioFilter(keys)
        return found

    def _near(self, key: str) -> str | None:
        """The name closest to ``key`` with fuzz.ratio of at least BRACKET_CUTOFF, or None.

        Only names that can reach the cutoff are scored (see ``_RatioFilter``): a few
        hundred, where scoring all 33,000 took ~20 ms a bracket.
        """
        if not key:
            return None
        match = process.extractOne(
            key,
            self._filter().candidates(key, BRACKET_CUTOFF),
            scorer=fuzz.ratio,
            processor=None,
            score_cutoff=BRACKET_CUTOFF,
        )
        return match[0] if match else None

    def _resolve_written(
        self, written: str, start: int, end: int, result: Scan, *, explicit: bool
    ) -> None:
        key = normalize(written)
        row = self._best(key)
        how = "exact"
        if row is None and key:
            # A name's beginning ("[[Cemetery Pr]]"): the card, or the cards, it starts.
            started = sorted(
                {r.card_name for k in self._filter().prefixed(key) if (r := self._best(k))}
            )
            if len(started) == 1:
                row = self._best(normalize(started[0]))
                how = "prefix"
            elif started:
                result.ambiguous[written] = started[:25]
                return
        if row is None:
            match = self._near(key)
            if match is not None:
                row = self._best(match)
                how = "fuzzy"
        if row is None:
            names = sorted(self._first.get(key.split()[0], ())) if key else []
            if len(names) == 1:
                row = self._best(normalize(names[0]))
                how = "short"
            elif names:
                result.ambiguous[written] = names[:25]
                return
        if row is None:
            result.unknown.append(written)
            return
        result.found.append(Found(row.card_name, row.oracle_id, written, start, end, how))


def _sentence_start(text: str, word: re.Match[str], marks: str) -> bool:
    """Whether ``word`` opens the text or follows one of ``marks`` (spaces aside)."""
    before = text[: word.start()].rstrip()
    return not before or before[-1] in marks


_NEXT_WORD = re.compile(r"\s+([^\W_]+)")
_PREV_WORD = re.compile(r"([^\W_]+)\s+$")


def _beside_capital(text: str, word: re.Match[str]) -> bool:
    after = _NEXT_WORD.match(text, word.end())
    before = _PREV_WORD.search(text[: word.start()])
    return bool(
        (after and after.group(1)[:1].isupper())
        or (before and before.group(1)[:1].isupper() and before.start() > 0)
    )


def _word_by_word(written: str, name: str) -> bool:
    """A typo changes letters within words, not whole words: "ran into" is not "Ran and
    Shaw", "working correctly" is not "Working Stiff"."""
    pairs = list(zip(written.split(), name.split(), strict=False))
    for a, b in pairs:
        if a == b:
            continue
        if min(len(a), len(b)) <= 3 or fuzz.ratio(a, b) < 60:
            return False
    return True


class _RatioFilter:
    """Names by length and character set, to skip those fuzz.ratio can't score high enough.

    ratio = 1 - d / (n + m) with d the Indel distance, so reaching cutoff c needs
    d <= (1 - c) * (n + m); d is at least |n - m|, and at least the number of
    characters one name uses and the other doesn't. Both bounds are exact filters.
    """

    def __init__(self, keys: list[str]) -> None:
        self.keys = keys
        ordered = sorted(keys, key=len)
        self._ordered = ordered
        self._lengths = [len(k) for k in ordered]
        self._masks = [_char_mask(k) for k in ordered]
        self._sorted = sorted(keys)

    def prefixed(self, key: str, limit: int = 200) -> list[str]:
        """Names that start with ``key`` and go on (at most ``limit``)."""
        start = bisect_left(self._sorted, key)
        found: list[str] = []
        for candidate in self._sorted[start : start + limit]:
            if not candidate.startswith(key):
                break
            if candidate != key:
                found.append(candidate)
        return found

    def candidates(self, key: str, cutoff: float) -> list[str]:
        n = len(key)
        c = cutoff / 100
        low = bisect_left(self._lengths, math.ceil(n * c / (2 - c) - 1e-9))
        high = bisect_right(self._lengths, math.floor(n * (2 - c) / c + 1e-9))
        mask = _char_mask(key)
        slack = 1 - c
        return [
            self._ordered[i]
            for i in range(low, high)
            if (self._masks[i] ^ mask).bit_count() <= slack * (n + self._lengths[i]) + 1e-9
        ]


def _char_mask(key: str) -> int:
    mask = 0
    for ch in set(key):
        mask |= 1 << (ord(ch) % 63)
    return mask


# What says a lowercase word is a card in play: "X is on the battlefield", "X is out".
_IN_PLAY = lazy(
    r"\s+(?:is\s+|was\s+|are\s+)?(?:on\s+the\s+battlefield|in\s+play|on\s+(?:the\s+)?board|"
    r"under\s+(?:my|your|his|her|their|the\s+opponent'?s|my\s+opponent'?s|opp'?s)\s+control)\b"
    r"|\s+(?:is|was)\s+out\b"
)
# Words before "X out" that say X is in play ("with opposition out", "i have shock out").
_HAS_OUT = frozenset(["with", "have", "has", "had", "got", "control", "controls"])
_OWNERS = frozenset(["my", "his", "her", "their", "your", "opps", "opponents", "opp", "our"])
# Words within names ("Heartbeat of Spring", "Rite of Replication").
_INSIDE_NAMES = frozenset(["of", "the", "and", "from", "in", "to"])


def _listed_english(key: str) -> bool:
    """A less common English word or its plural ("flier", "fliers"), from the word list."""
    words = lexicon.english()
    return key in words or (key.endswith("s") and key[:-1] in words)


def _placed(text: str, word: re.Match[str], before: list[str]) -> bool:
    """A lowercase word said to be in play, or someone's: "contamination is on the
    battlefield", "with opposition out", "their stasis"."""
    prev = normalize(before[0]) if before else ""
    if prev in _INSIDE_NAMES:
        return False  # "heratbeat of spring is out": the end of a longer name
    after = text[word.end() :]
    if _IN_PLAY.match(after):
        return True
    if prev in _HAS_OUT and re.match(r"\s+out\b", after):
        return True
    return prev in _OWNERS


def _contiguous(text: str, words: list[re.Match[str]], lo: int, hi: int) -> bool:
    """Words lo..hi are separated only by spaces or commas (no sentence break)."""
    for k in range(lo, hi):
        gap = text[words[k].end() : words[k + 1].start()]
        if gap.strip(" ,") or len(gap) > 3:
            return False
    return True
