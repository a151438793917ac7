"""The question reader: cleans, splits, lemmatizes and tags a question once, into a Reading."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.ask.lexicon import TOKEN, Lexicon, Phrase, load
from bot.ask.reading import (
    Claim,
    Fact,
    FactSource,
    Form,
    Framing,
    Polarity,
    Reading,
    Subject,
)
from bot.words import STOPWORDS

_END = frozenset({".", "?", "!"})
_SUBORDINATORS = frozenset(
    [
        "when",
        "whenever",
        "if",
        "after",
        "once",
        "as",
        "while",
        "since",
        "because",
        "though",
        "although",
        "so",
        "but",
        "and",
        "then",
        "also",
        "ok",
        "okay",
        "well",
        "hey",
        "basically",
        "now",
        "yet",
        "anyway",
    ]
)
_DETERMINERS = frozenset(
    ("a", "an", "the", "my", "your", "his", "her", "their", "our", "this", "that", "each", "every")
)
# A possessive before a report's card says whose it is (blocking family).
_OWNERS = frozenset(("opponent's", "opponents'", "opponent’s", "ai's", "friend's", "enemy's"))
_ADVERBS = frozenset(
    ["only", "not", "never", "always", "also", "still", "just", "really", "even", "already"]
)
_CONDITIONS = frozenset(
    [
        "if",
        "when",
        "whenever",
        "after",
        "once",
        "while",
        "since",
        "because",
        "though",
        "although",
        "as",
    ]
)
# "with Earthcraft out can I tap it", "on my turn can it ...": a setting first, then a
# question that a modal or "do" opens (not "has" or "is", which go on a statement).
_SETTINGS = frozenset(["with", "during", "before", "on", "in"])
_SETTING_ASKS = frozenset(
    ["can", "could", "may", "might", "will", "would", "should", "must", "do", "does", "did"]
)
# Claims that only answer yes or no to what was told ("Judge said no").
_BARE_ANSWERS = {"no": False, "nope": False, "yes": True, "yeah": True, "yep": True}
_CONTRASTS = frozenset(["but", "however", "instead", "yet"])
_WH_WORDS = frozenset(["what", "what's", "whats", "which"])
_PRONOUN_SUBJECTS = frozenset(["i", "you", "we", "they", "he", "she", "it", "this", "that", "one"])
# Verbs of what a claim says can or does happen: "so it can swing", "so it doesn't count".
_CLAIM_VERBS = frozenset(
    [
        *("can", "could", "can't", "cannot", "will", "would", "won't", "must"),
        *("do", "does", "don't", "doesn't", "did", "didn't", "is", "isn't"),
        *("get", "gets", "counts", "triggers"),
    ]
)
_PLURAL_SUBJECTS = frozenset(["i", "you", "we", "they"])
_NOT_A_COUNT = frozenset(
    ["value", "cost", "than", "least", "most", "exactly", "over", "under", "up", "to", "only"]
)
_OWNER_WORDS = frozenset(["my", "your", "his", "her", "their", "our", "the", "opponent's"])
_MODALS = {"can": False, "could": False, "can't": True, "cannot": True, "couldn't": True}
_SHOULD = {"should": False, "shouldn't": True, "ought": False}
# What a claim calls a told action: allowed (True) or not (False).
_LEGAL = {
    "legal": True,
    "fine": True,
    "allowed": True,
    "allow": True,
    "ok": True,
    "okay": True,
    "illegal": False,
    "wrong": False,
    "cheating": False,
    "cheat": False,
}
_DO_AUX = {
    "do": False,
    "does": False,
    "did": False,
    "will": False,
    "would": False,
    "don't": True,
    "doesn't": True,
    "didn't": True,
    "won't": True,
    "wouldn't": True,
}
_BE_AUX = {
    "is": False,
    "was": False,
    "are": False,
    "were": False,
    "isn't": True,
    "wasn't": True,
    "aren't": True,
    "weren't": True,
}
_VERB_TAGS = frozenset({"VBD", "VBZ", "VBP"})
# Number words that are articles or quantifiers more often than counts.
_VAGUE_NUMBERS = frozenset({"a", "an", "no", "none", "single", "pair", "double", "both", "triple"})
_TRY = frozenset({"try", "attempt", "want", "plan", "mean", "intend", "go"})
_FAILED = frozenset({"let", "allow", "work", "couldn't", "can't", "cannot", "wouldn't", "won't"})


@dataclass(frozen=True)
class Tok:
    """A token: its text, lemma and tag, the space before it, and the card it stands for."""

    text: str
    lemma: str
    tag: str | None
    space: str
    card: int | None = None
    at: int = -1  # where it starts in the text read; -1 for words the reader wrote


@dataclass(frozen=True)
class Span:
    """A card name found in the cleaned text, by offsets."""

    start: int
    end: int
    name: str


@dataclass(frozen=True)
class Read:
    """The reader's output: the Reading and where each card span sits in its canonical text."""

    reading: Reading
    spans: tuple[tuple[int, int, int], ...]  # (index into the given spans, start, end)
    asked: tuple[int, int] = (0, 0)  # where the asked sentence sits in the canonical text


_AGENT = ("er", "ers", "or", "ors")
_INSTRUMENT = frozenset(["with", "using", "via", "through"])
_NOT_OBJECTS = frozenset(["turn", "time", "moment", "while", "bit", "lot", "way", "few", "couple"])


def _other_object(toks: Sequence[Tok], j: int) -> bool:
    """ "an elf", "another creature", "the copy": an object named without a card name."""
    nxt = toks[j + 1] if j + 1 < len(toks) else None
    if (
        toks[j].lemma in ("the", "its", "that", "this", "my", "their")
        and nxt is not None
        and nxt.lemma in _COPIES
    ):
        # "the copy didn't count as kicked": the copy is not the card it copies.
        return True
    if toks[j].lemma not in ("a", "an", "another") or toks[j].card is not None:
        return False
    return (
        nxt is not None
        and nxt.card is None
        and nxt.text[:1].isalpha()
        and (nxt.tag is None or nxt.tag.startswith("NN"))
        and nxt.lemma not in _NOT_OBJECTS
    )


_COPIES = frozenset(["copy", "token", "clone"])
_NEGATIONS = frozenset(["not", "never", "n't"])
_NEGATED_AUX = frozenset(
    [
        "can't",
        "cannot",
        "doesn't",
        "don't",
        "didn't",
        "isn't",
        "aren't",
        "wasn't",
        "won't",
        "wouldn't",
        "shouldn't",
        "couldn't",
        "hasn't",
        "haven't",
    ]
)
# A clause or phrase that holds its own negation: "if it doesn't have haste", "a creature that
# hasn't attacked", "choose not to block", "trigger or not".
_CLAUSE_STOPS = frozenset(["that", "which", "who", "whose", "unless", "even", "without", "or"])


def _negated_query(words: Sequence[Tok], yesno_starts: frozenset[str]) -> str | None:
    """ "is it not kicked?", "does it never trigger?", "so it can't attack?": the words that
    negate the question's own predicate, or None. An opening "isn't"/"can't" only asks."""
    if not words:
        return None
    opener = words[0].text.casefold().replace("’", "'")
    declarative = words[0].lemma not in yesno_starts
    # "Can a creature just not block?" asks whether it may refrain: plain enough.
    # An opening "isn't" only asks, but a "not" after the subject still negates the predicate
    # ("isn't it not kicked?").
    inverted = not declarative and opener not in {"can", "could", "may", "might", "can't", "cannot"}
    for k, t in enumerate(words[1:], start=1):
        low = t.text.casefold().replace("’", "'")
        if t.card is None and (t.lemma in _SUBORDINATORS or low in _CLAUSE_STOPS):
            return None
        nxt = words[k + 1].lemma if k + 1 < len(words) else ""
        if inverted and low in _NEGATIONS and nxt != "to":
            return " ".join(w.text for w in words[k : k + 2])
        if inverted and low == "unkicked" and k == len(words) - 1:
            return t.text
        if declarative and low in _NEGATED_AUX and k <= 4:
            # "So Llanowar Elves can't tap for mana?": a statement asked back for agreement.
            return t.text
    return None


def _choice_of_values(words: Sequence[Tok], numbers: Mapping[str, int]) -> bool:
    """ "2 or 4", "{2}{U} or {3}{U}", "once or twice": two values offered to choose between."""

    def value(t: Tok) -> bool:
        return t.text.isdigit() or t.text.startswith("{") or t.lemma in numbers

    return any(
        words[i].lemma == "or" and value(words[i - 1]) and value(words[i + 1])
        for i in range(1, len(words) - 1)
    )


class Reader:
    """Reads questions with the lexicon's knowledge; holds no per-question state."""

    def __init__(
        self,
        lexicon: Lexicon | None = None,
        rule_words: Callable[[], Iterable[str]] | None = None,
    ) -> None:
        self.lex = lexicon or load()
        # The rules' words, read when a typo first needs them: more words a typo may mean.
        self._rule_words = rule_words
        self._rule_initials: dict[str, tuple[str, ...]] | None = None
        self._rule_known: frozenset[str] = frozenset()
        # Single words that open a yes/no question ("can", "does"), and every question opening.
        self._yesno_starts = frozenset(p[0] for p in self.lex.forms["yesno"] if len(p) == 1)
        self._openings = tuple(p for phrases in self.lex.forms.values() for p in phrases)
        # The words a typo is corrected to: the lexicon's forms and every word of its phrases.
        words = set(self.lex.lemmas)
        for table in (self.lex.forms, self.lex.framing, self.lex.timing, self.lex.events):
            words.update(w for phrases in table.values() for p in phrases for w in p)
        for rws in self.lex.rewrites.values():
            words.update(w for rw in rws for w in rw.to.split())
        # Negations too, so "woludn't" is a typo of "wouldn't".
        words.update(w for p in self.lex.negators for w in p)
        self._vocabulary = frozenset(
            w for w in words if w.replace("'", "").isalpha() and len(w) >= 3
        )
        initials: dict[str, list[str]] = {}
        for form in sorted(self._vocabulary):
            initials.setdefault(form[0], []).append(form)
        self._forms_by_initial = {k: tuple(v) for k, v in initials.items()}

    # -- tokens ----------------------------------------------------------------
    def tokens(self, text: str, spans: Sequence[Span] = ()) -> list[Tok]:
        out: list[Tok] = []
        pos = 0
        ordered = sorted(enumerate(spans), key=lambda p: p[1].start)
        k = 0
        for m in TOKEN.finditer(text):
            while k < len(ordered) and ordered[k][1].end <= m.start():
                k += 1
            if k < len(ordered) and ordered[k][1].start <= m.start() < ordered[k][1].end:
                idx, span = ordered[k]
                if out and out[-1].card == idx:
                    continue
                start = min(span.start, m.start())
                out.append(Tok(text[start : span.end], "CARD", None, text[pos:start], idx, start))
                pos = span.end
                continue
            word = m.group(0)
            lemma, tag = self.lex.lemma(word), self.lex.tag(word)
            out.append(Tok(word, lemma, tag, text[pos : m.start()], None, m.start()))
            pos = m.end()
        return out

    def respell(self, toks: list[Tok]) -> list[Tok]:
        """ "playd", "attakc": a word no dictionary knows, one letter (or one swap) from exactly
        one of the lexicon's words, is that word ("played", "attack")."""
        out = list(toks)
        for i, t in enumerate(toks):
            word = t.text.casefold()
            if (
                t.card is not None
                or len(word) < 4
                # "woludn't": a negation's letters are checked as one word ("spell's" isn't).
                or not (word.isalpha() or (word.endswith("n't") and word[:-3].isalpha()))
                or (t.text[:1].isupper() and i > 0 and toks[i - 1].text not in _END)
                or word in self._vocabulary
                or word in self.lex.common
                or word in self.lex.rewrites
            ):
                continue
            fixed = self._nearest_form(word)
            if fixed is None and len(word) >= 5 and word.isalpha():
                fixed = self._nearest_rule_word(word)
            if fixed is not None:
                text = fixed[:1].upper() + fixed[1:] if t.text[:1].isupper() else fixed
                out[i] = replace(t, text=text, lemma=self.lex.lemma(fixed), tag=self.lex.tag(fixed))
        return out

    def _nearest_rule_word(self, word: str) -> str | None:
        """ "coolrs", "grvaeyard": the one word of the rules one edit away."""
        if self._rule_words is None:
            return None
        if self._rule_initials is None:
            known = frozenset(self._rule_words())
            initials: dict[str, list[str]] = {}
            for w in sorted(known):
                if len(w) >= 4 and w.isalpha():
                    initials.setdefault(w[0], []).append(w)
            self._rule_initials = {k: tuple(v) for k, v in initials.items()}
            self._rule_known = known
        if word in self._rule_known:
            return None  # a word of the rules is no typo
        from rapidfuzz.distance import OSA

        near = [
            w
            for w in self._rule_initials.get(word[0], ())
            if abs(len(w) - len(word)) <= 1 and OSA.distance(w, word) == 1
        ]
        return near[0] if len(near) == 1 else None

    def _nearest_form(self, word: str) -> str | None:
        from rapidfuzz.distance import OSA

        near = [
            form
            for form in self._forms_by_initial.get(word[0], ())
            if abs(len(form) - len(word)) <= 1
            and OSA.distance(form, word) == 1
            # "doublers" is a noun made from "double", not a typo of "doubles".
            and (form.endswith(_AGENT) or not word.endswith(_AGENT))
        ]
        lemmas = {self.lex.lemma(f) for f in near}
        if len(lemmas) != 1:
            return None
        if len(near) == 1:
            return near[0]
        # "playd" is one letter from "play", "plays" and "played": its ending says which.
        for ending, tags in (("d", ("VBD", "VBN")), ("s", ("VBZ", "NNS")), ("n", ("VBG",))):
            if word.endswith(ending):
                by_tag = [f for f in near if self.lex.tag(f) in tags]
                if len(by_tag) == 1:
                    return by_tag[0]
        return lemmas.pop()

    def rewrite(self, toks: list[Tok]) -> list[Tok]:
        """Casual forms in canonical words ("swung" -> "attacked", "etb" -> "enters")."""
        out: list[Tok] = []
        i = 0
        while i < len(toks):
            tok = toks[i]
            hit = None
            for rw in self.lex.rewrites.get(tok.lemma, ()) if tok.card is None else ():
                n = len(rw.source)
                if tuple(t.lemma for t in toks[i : i + n]) != rw.source:
                    continue
                if any(t.card is not None for t in toks[i : i + n]):
                    continue
                if rw.written is not None and rw.written != tuple(
                    t.text.casefold() for t in toks[i : i + n]
                ):
                    continue
                if rw.case == "lower" and any(not t.text.islower() for t in toks[i : i + n]):
                    continue
                if rw.case == "upper" and any(not t.text.isupper() for t in toks[i : i + n]):
                    continue
                if rw.prev and (not out or out[-1].lemma not in rw.prev):
                    continue
                if rw.next and (i + n >= len(toks) or toks[i + n].lemma not in rw.next):
                    continue
                if rw.card_next and (i + n >= len(toks) or toks[i + n].card is None):
                    continue
                hit = rw
                break
            if hit is None:
                out.append(tok)
                i += 1
                continue
            after = i + len(hit.source)
            # "2x Mana Reflection" counts copies of the card; "kick it 2x" counts times.
            to = hit.before_card if after < len(toks) and toks[after].card is not None else None
            words = (to or hit.to).split()
            if hit.verb:
                words[0] = self.lex.inflect(words[0], tok.tag)
            if tok.text[:1].isupper():
                words[0] = words[0][:1].upper() + words[0][1:]
            for j, w in enumerate(words):
                space = tok.space if j == 0 else " "
                out.append(Tok(w, self.lex.lemma(w), self.lex.tag(w), space, None, tok.at))
            i += len(hit.source)
        return out

    # -- sentences -------------------------------------------------------------
    @staticmethod
    def sentences(toks: list[Tok]) -> list[list[Tok]]:
        out: list[list[Tok]] = []
        current: list[Tok] = []
        for t in toks:
            current.append(t)
            if t.card is None and t.text in _END:
                out.append(current)
                current = []
        if current:
            out.append(current)
        # "?!" and "..." make empty sentences of punctuation alone.
        merged: list[list[Tok]] = []
        for s in out:
            if merged and all(t.card is None and not t.text[:1].isalnum() for t in s):
                merged[-1] = merged[-1] + s
            else:
                merged.append(s)
        return merged

    def _question_after_but(self, sentence: Sequence[Tok]) -> int | None:
        """Where "but" or "so" joins a statement to the question after it ("it's summoning
        sick, so is it attacking?"); None when the sentence is one question or a condition."""
        words = self._words(sentence)
        if not words or words[0].lemma in _SUBORDINATORS or words[0].lemma in self._yesno_starts:
            return None
        for j, t in enumerate(sentence):
            if j < 3 or t.card is not None or t.lemma not in ("but", "so"):
                continue
            tail = self._words(sentence[j + 1 :])
            if len(tail) < 3:
                continue
            if tail[0].text.casefold() in _WH_WORDS and self._asks_after(tail):
                # "treasures are colorless so what color do they make": a wh-question.
                if self.form(sentence[j + 1 :]) in ("how_many", "what", "which"):
                    return j
                continue
            if tail[0].lemma not in self._yesno_starts:
                continue
            if self.form(sentence[j + 1 :]) != "statement" and self._subject_follows(tail):
                return j
        return None

    def _judged_question(self, sentences: list[list[Tok]]) -> tuple[list[list[Tok]], int] | None:
        """ "..., I say ... who's right, can I tap it for the kicker?": the question after the
        judging words is a sentence of its own, the one the dispute asks."""
        judging = [
            p for k in ("who_right", "am_i_right", "am_i_wrong") for p in self.lex.framing[k]
        ]
        for i in range(len(sentences) - 1, -1, -1):
            s = sentences[i]
            found = self._find(s, judging)
            if found is None:
                continue
            end = found[0] + len(found[1])
            if end >= len(s) or s[end].text not in (",", ":", "-", "\u2014", ";"):
                return None
            rest = s[end + 1 :]
            if len(self._words(rest)) < 3 or rest[-1].text != "?" or self.form(rest) == "statement":
                return None
            head = [*s[:end], Tok("?", "?", None, "")]
            return [
                *sentences[:i],
                head,
                [_opening(rest[0]), *rest[1:]],
                *sentences[i + 1 :],
            ], i + 1
        return None

    def _phrase_in(self, sentence: Sequence[Tok], framing: str) -> Phrase | None:
        found = self._find(sentence, self.lex.framing[framing])
        return found[1] if found else None

    def _told_before(
        self, sentences: list[list[Tok]], bodies: list[list[Tok]]
    ) -> tuple[list[Tok], dict[int, bool]] | None:
        """A dispute whose claims only judge what was told ("that's illegal", "it's fine"): the
        can-question the told action raises, and each claim's stance on it."""
        stances: dict[int, bool] = {}
        for i, body in enumerate(bodies):
            stance = self._bare_answer(body)
            if stance is None:
                return None
            stances[i] = stance
        first = bodies[0][0]
        for n, s in enumerate(sentences):
            at = next((j for j, t in enumerate(s) if t is first), None)
            if at is None:
                continue
            cut = max((j for j in range(at) if s[j].text in (",", ";")), default=None)
            if cut is None and n > 0 and at <= 4:
                # "I tried to tap it for convoke. Judge said no.": the answer is to the
                # sentence before.
                action = self._told_action(sentences[n - 1])
                return (action, stances) if action is not None else None
            if cut is None or cut < 3:
                return None
            made = self.to_question(s[:cut])
            if made is None:
                return None
            return _as_can(made[0]), stances
        return None

    def _bare_answer(self, body: Sequence[Tok]) -> bool | None:
        """A claim that only answers what was told: "that's illegal", "no", "you can't"
        (False); "it's fine", "yes", "you can" (True). None for a claim of its own."""
        lemmas = [t.lemma for t in self._words(body)]
        if not lemmas:
            return None
        if len(lemmas) == 1 and lemmas[0] in _BARE_ANSWERS:
            return _BARE_ANSWERS[lemmas[0]]
        low = [t.text.casefold().replace("’", "'") for t in self._words(body)]
        if len(low) == 2 and low[0] in _PRONOUN_SUBJECTS and low[1] in _MODALS:
            return not _MODALS[low[1]]
        if lemmas[0] not in ("that", "this", "it", "that's", "it's"):
            return None
        judged = [w for w in lemmas[1:4] if w in _LEGAL]
        if not judged:
            return None
        negated = any(w in ("not", "n't") or w.endswith("n't") for w in lemmas[1:4])
        return _LEGAL[judged[0]] != negated

    def _told_action(self, sentence: list[Tok]) -> list[Tok] | None:
        """What a sentence says was done or tried, as "can I ...?" ("I tapped it for G and
        then tried to tap it for convoke": can I tap it for convoke, after tapping it for G)."""
        toks = [t for t in sentence if not (t.card is None and t.text in _END)]
        lemmas = [t.lemma for t in toks]
        for i in range(1, len(lemmas) - 2):
            if lemmas[i] in _TRY and lemmas[i + 1] == "to" and "i" in lemmas[:i]:
                return self._can_i_after(toks[:i], toks[i + 2 :])
        made = self.to_question(sentence)
        return _as_can(made[0]) if made is not None else None

    def _present(self, question: list[Tok]) -> list[Tok]:
        """A report's other verbs in the present, as a question asks ("Does it trigger when my
        opponent played an enchantment?" -> "... plays ...")."""
        out = list(question)
        clause = False
        for i in range(2, len(out)):
            t, prev = out[i], out[i - 1]
            if t.card is None and t.lemma in _CLAUSE_OPENERS:
                clause = True  # only a later clause's verbs: the asked verb is already in form
            if not clause or t.card is not None or t.tag != "VBD":
                continue
            if prev.lemma in ("i", "we", "you", "they"):
                word = t.lemma
            elif prev.card is not None or prev.lemma in ("opponent", "he", "she", "it", "player"):
                word = self.lex.inflect(t.lemma, "VBZ")
            else:
                continue
            if word != t.lemma or prev.lemma in ("i", "we", "you", "they"):
                out[i] = replace(t, text=word, tag="VBZ")
        return out

    def _direct(self, sentence: list[Tok]) -> list[Tok]:
        """ "I was wondering if Llanowar Elves can tap the turn it enters": the question it
        puts indirectly, "Can Llanowar Elves tap the turn it enters?"."""
        words = self._words(sentence)
        opener = self._starts(words, self.lex.framing["indirect"])
        if opener is None or len(words) < len(opener) + 3:
            return sentence
        if words[len(opener)].lemma not in ("if", "whether"):
            return sentence
        start = next(i for i, t in enumerate(sentence) if t is words[len(opener)]) + 1
        made = self.to_question(sentence[start:])
        if made is None or made[1]:
            return sentence  # a negated indirect question keeps its own words
        question = made[0]
        return [_opening(question[0]), *question[1:]]

    def _tag_unmarked(self, sentences: list[list[Tok]]) -> list[list[Tok]]:
        """ "elves can't tap the turn they come in, correct": a text with no question mark
        whose last sentence ends in a tag after a comma asks it as if it had one."""
        if not sentences or any(t.text == "?" for s in sentences for t in s):
            return sentences
        last = sentences[-1]
        body = last[: _body_end(last)]
        if self._split_tag([*body, Tok("?", "?", None, "")]) is None:
            return sentences
        return [*sentences[:-1], [*body, Tok("?", "?", None, "")]]

    def _tag_last(self, sentence: list[Tok]) -> list[Tok]:
        """ "Is it a bug that Forge lets me ...?" is the report with its tag put first: read it
        as "Forge lets me ..., is that a bug?", so that the tag's polarity applies."""
        lemmas = [t.lemma for t in sentence[:6]]
        if len(sentence) < 8 or lemmas[:2] != ["be", "it"] or sentence[0].card is not None:
            return sentence
        that = next((i for i, t in enumerate(sentence[:6]) if t.lemma == "that"), None)
        if that is None or that < 3 or any(t.card is not None for t in sentence[:that]):
            return sentence
        tag = [Tok(t.text, t.lemma, t.tag, " ") for t in sentence[2:that]]
        if self._tag([Tok("is", "be", None, ""), Tok("that", "that", None, " "), *tag]) is None:
            return sentence
        body = sentence[that + 1 : _body_end(sentence)]
        if not body:
            return sentence
        head = [replace(body[0], space="", text=body[0].text[:1].upper() + body[0].text[1:])]
        return [
            *head,
            *body[1:],
            Tok(",", ",", None, ""),
            Tok("is", "be", None, " "),
            Tok("that", "that", None, " "),
            *tag,
            Tok("?", "?", None, ""),
        ]

    def _drop_trailers(self, sentences: list[list[Tok]]) -> list[list[Tok]]:
        """ "what's its mana value? thanks!", "does it stay on lol?": filler after a question,
        as a sentence of its own or before the question mark, is dropped."""
        trailers = self.lex.framing["trailer"]
        out: list[list[Tok]] = []
        for k, s in enumerate(sentences):
            words = self._words(s)
            last = k == len(sentences) - 1
            if (
                out
                and words
                and out[-1][-1].text == "?"
                and self._starts(words, trailers) == tuple(t.lemma for t in words)
            ):
                continue  # "thanks!" after a question
            end = _body_end(s)
            body = s[:end]
            for p in trailers:
                n = len(p)
                if (
                    len(body) > n + 1
                    and tuple(t.lemma for t in body[-n:]) == p
                    and all(t.card is None for t in body[-n:])
                    and (last or (end < len(s) and s[-1].text in ("?", "!")))
                ):
                    body = body[:-n]
                    while body and body[-1].card is None and body[-1].text in (",", "-"):
                        body = body[:-1]
                    s = [*body, *s[end:]]
                    break
            out.append(s)
        return out

    def _drop_preamble(self, sentence: list[Tok]) -> list[Tok]:
        """ "hey quick question can u crew with it?": the question starts at "can". Set off by
        a comma or colon, a preamble goes before a statement too ("asking for a friend, I
        cast it at the end of his turn")."""
        rest = sentence
        marked = False
        for _ in range(4):
            p = self._starts(rest, self.lex.framing["preamble"])
            if p is None or any(t.card is not None for t in rest[: len(p)]):
                break
            after = rest[len(p) :]
            set_off = False
            while after and after[0].card is None and after[0].text in (",", "-", "!", ":", "..."):
                set_off = True
                after = after[1:]
            if not after:
                break
            rest = after
            marked = set_off
        if rest is sentence:
            return sentence
        if not self._starts(rest, self._openings) and not (marked and len(self._words(rest)) >= 4):
            return sentence
        return [_respace(rest[0], sentence[0].space), *rest[1:]]

    def _starts(self, toks: Sequence[Tok], phrases: Iterable[Phrase]) -> Phrase | None:
        lemmas = tuple(t.lemma for t in toks)
        for p in phrases:
            if lemmas[: len(p)] == p:
                return p
        return None

    def _find(self, toks: Sequence[Tok], phrases: Iterable[Phrase]) -> tuple[int, Phrase] | None:
        lemmas = tuple(t.lemma for t in toks)
        present = set(lemmas)
        best: tuple[int, Phrase] | None = None
        for p in phrases:
            if p[0] not in present:
                continue
            for i in range(len(lemmas) - len(p) + 1):
                if lemmas[i : i + len(p)] == p:
                    if best is None or i < best[0] or (i == best[0] and len(p) > len(best[1])):
                        best = (i, p)
                    break
        return best

    def concession(self, text: str) -> str | None:
        """The words of a concession in ``text`` ("even though", "but only"), if any."""
        toks = self.tokens(text)
        hit = self._find(toks, self.lex.framing["concession"])
        return None if hit is None else _join(toks[hit[0] : hit[0] + len(hit[1])]).strip()

    def _words(self, toks: Sequence[Tok]) -> list[Tok]:
        return [t for t in toks if t.card is not None or t.text[:1].isalnum() or t.text[:1] in "{'"]

    def form(self, sentence: Sequence[Tok]) -> Form:
        """What the sentence asks: the first clause that opens with a question word decides
        ("If my lands are two Pools, what can they produce?" asks what)."""
        clauses = self._clauses(sentence)
        forms: tuple[Form, ...] = ("how_many", "what", "which", "yesno")
        asked_mark = bool(sentence) and sentence[-1].text == "?"
        if self._find(sentence, self.lex.forms["how_many"]):
            # "Tempest Owl kicked costs how much in total?"
            return "how_many"
        for n, words in enumerate(clauses):
            # "So can I...", "And does it...": the question word comes after the filler.
            while len(words) > 1 and (words[0].lemma,) in self.lex.framing["filler"]:
                words = words[1:]
            if n == 0 and len(clauses) > 1 and self._starts(words, self.lex.framing["topic"]):
                # "What's the deal with X, does it ...?": the topic, then the question.
                continue
            # "[[Archangel of Wrath]] total cost if...": the card, then what is asked of it.
            if (
                len(words) > 1
                and words[0].card is not None
                and self._starts(words[1:], self.lex.forms["what"])
            ):
                return "what"
            if (
                n == len(clauses) - 1
                and words[0].lemma in _SETTINGS
                and self._embedded_yesno(words, _SETTING_ASKS)
            ):
                return "yesno"
            if words[0].lemma in _CONDITIONS:
                if n == len(clauses) - 1:
                    # "If I pay both kickers what's the total cost?": the question after the
                    # condition, with no comma between them.
                    embedded = self._embedded_wh(words)
                    if embedded is not None:
                        return embedded
                if n == len(clauses) - 1 and self._embedded_yesno(words):
                    return "yesno"
                continue
            for form in forms:
                if not self._starts(words, self.lex.forms[form]):
                    continue
                # ", which I cast this turn," is a relative clause, not the question: a
                # question word later in the sentence must be followed by its verb.
                if n > 0 and form in ("what", "which") and not self._asks_after(words):
                    continue
                # Without a question mark, "Should only trigger on..." states what the writer
                # expects; a question needs its subject after the verb ("does it count").
                if not asked_mark and form == "yesno" and not self._subject_follows(words):
                    continue
                if (
                    not asked_mark
                    and form == "yesno"
                    and words[0].text.casefold() == "had"
                    and not any(t.tag == "VBN" for t in words[2:6])
                ):
                    # "Had Llanowar Elves since last turn." drops its "I": no question.
                    continue
                if not asked_mark and n > 0 and form != "yesno" and not self._asks_after(words):
                    continue
                if form == "yesno" and _choice_of_values(words, self.lex.numbers):
                    # "is its mana value 2 or 4?" asks which value, not yes or no.
                    return "what"
                return form
        if asked_mark:
            return "yesno"
        after = self._question_after_but(sentence)
        if after is not None:
            # "it's summoning sick so can it attack": the question after "so" with no mark.
            return self.form(sentence[after + 1 :])
        return "statement"

    def _subject_follows(self, words: Sequence[Tok]) -> bool:
        """ "does constellation trigger": a subject after the verb; "Should only trigger",
        "Does not tap" state an expectation or a failure instead."""
        if len(words) < 2:
            return False
        nxt = words[1]
        if nxt.card is not None:
            return True
        if (nxt.lemma,) in self.lex.negators or nxt.lemma.endswith("n't"):
            return False
        return nxt.lemma not in _ADVERBS and nxt.tag not in ("VB", "VBD", "VBN")

    def _strong(self, sentence: Sequence[Tok]) -> bool:
        """A question by its words ("does it...?"), not only by its question mark."""
        words = self._words(sentence)
        lemmas = [t.lemma for t in words]
        if lemmas[:2] in (["i", "know"], ["i", "think"], ["i", "believe"], ["i", "guess"]):
            return False  # "I know it isn't a creature, but it's a Human, is it not?"
        if lemmas[:1] == ["or"]:
            return False  # "...can I bestow it? Or does bestow only work from hand?"
        without_mark = [t for t in sentence if t.text != "?"]
        return self.form([*without_mark, Tok(".", ".", None, "")]) != "statement" or (
            self.form(sentence) in ("how_many", "what", "which")
        )

    def _asks_after(self, words: Sequence[Tok]) -> bool:
        """ "what can they produce", "which creature must block": an aux right after the
        question word, or after the noun it asks about."""
        starts = self._yesno_starts
        head = words[0].text.casefold().replace("’", "'")
        if head not in ("what", "which", "who", "whose", "whom"):
            return True  # "what's", or a query noun ("total cost?")
        if len(words) > 1 and words[1].lemma in starts:
            return True
        # "which creature must block", "what color mana do they make", but not "which he
        # shouldn't".
        for k in (2, 3):
            nouns = words[1:k]
            if (
                len(words) > k
                and all(w.lemma not in _PRONOUN_SUBJECTS and w.lemma not in starts for w in nouns)
                and words[k].lemma in starts
            ):
                return True
        # "what types of mana can it make": the noun is a phrase with "of".
        return len(words) > 4 and words[2].lemma == "of" and words[4].lemma in starts

    def _embedded_yesno(self, words: Sequence[Tok], starts: Iterable[str] = ()) -> bool:
        """ "if my kicked Owl gets blinked does it count as kicked": a question after a
        condition with no comma between them (opened by one of ``starts``, if given)."""
        starts = frozenset(starts) or self._yesno_starts
        for i in range(2, len(words) - 1):
            nxt = words[i + 1]
            if (
                words[i].lemma in starts
                and words[i].text.casefold() not in _CONDITIONS
                and (
                    nxt.card is not None
                    or nxt.lemma in _PRONOUN_SUBJECTS
                    or nxt.lemma in _DETERMINERS
                )
            ):
                return True
        return False

    def _embedded_wh(self, words: Sequence[Tok]) -> Form | None:
        """The what/which question inside a condition clause ("if I kick it what's its
        cost"), when its question word is followed by what it asks."""
        for i in range(2, len(words) - 1):
            nxt = words[i + 1]
            if words[i].lemma in self._yesno_starts and (
                nxt.card is not None or nxt.lemma in _PRONOUN_SUBJECTS
            ):
                return None  # "if I kick it does it matter what X is": a yes/no comes first
            if words[i].text.casefold().replace("’", "'") not in _WH_WORDS:
                continue
            for form in ("what", "which"):
                if self._starts(words[i:], self.lex.forms[form]) and self._asks_after(words[i:]):
                    return form
        return None

    def is_question(self, sentence: Sequence[Tok]) -> bool:
        return bool(sentence) and (sentence[-1].text == "?" or self.form(sentence) != "statement")

    # -- statements into questions --------------------------------------------
    def to_question(self, sentence: Sequence[Tok]) -> tuple[list[Tok], bool] | None:
        """A report ("X didn't trigger when Y") as the yes/no question it raises, and whether
        the report was negative. None when the sentence has no clear subject and verb."""
        kept: list[Tok] = []
        space = None
        for t in sentence:
            if t.card is None and (t.text in _END or t.text == '"'):
                space = t.space if space is None else space
                continue
            # A dropped quote mark leaves its space to the word after it.
            kept.append(_respace(t, space) if space and not t.space else t)
            space = None
        toks = self._unlabel(kept)
        if len(toks) > 3 and toks[0].card is not None and toks[1].text in ("-", ":"):
            # A report's title: "Doomwake Giant - not triggering from enchantment lands". After
            # it, a whole clause is the report ("Birthing Ritual - If I sacrifice ...").
            whole = self.to_question(toks[2:])
            body = whole[0] if whole is not None else []
            it = next((i for i, t in enumerate(body) if t.text.casefold() == "it"), None)
            if whole is not None and it is not None and all(t.card is None for t in body[:it]):
                # "it" in the clause is the card of the title, unless another card comes first.
                return [*body[:it], _respace(toks[0], body[it].space), *body[it + 1 :]], whole[1]
            toks = [toks[0], *toks[2:]]
        prefix: list[Tok] = []
        if toks and toks[0].lemma in _SUBORDINATORS and toks[0].card is None:
            commas = [i for i, t in enumerate(toks) if t.text == ","]
            if commas and commas[0] < len(toks) - 2 and toks[0].lemma not in ("but", "and", "so"):
                prefix = toks[: commas[0] + 1]
                toks = toks[commas[0] + 1 :]
            elif toks[0].lemma in ("but", "and", "so", "also", "ok", "okay", "well", "then"):
                toks = toks[1:]
        tried = self._tried(toks)
        if tried is not None:
            return tried
        whether = next((i for i, t in enumerate(toks) if t.lemma == "whether" and i > 0), None)
        if whether is not None and len(toks) - whether > 3:
            # "The question is whether X triggers": the question is X.
            inner = self.to_question(toks[whether + 1 :])
            if inner is not None:
                return inner
        if toks and (
            toks[0].lemma in _SUBORDINATORS
            or (toks[0].lemma,) in self.lex.negators
            or toks[0].lemma.endswith("n't")
        ):
            return None
        for k in range(1, min(len(toks), 12)):
            subject = toks[:k]
            if _attributive(subject):
                # "a kicked spell's copy isn't kicked": the subject goes on past "a kicked".
                continue
            if not self._subject_ok(subject):
                break
            low = toks[k].text.casefold().replace("’", "'")
            rest = toks[k + 1 :]
            neg = False
            if rest and rest[0].lemma == "not":
                neg, rest = True, rest[1:]
            made = self._rearrange(subject, low, toks[k], rest, neg)
            if made is not None:
                body, negative = made
                if prefix:
                    prefix = [_respace(prefix[0], ""), *prefix[1:]]
                    first = replace(body[0], text=body[0].text.lower(), space=" ")
                    body = [*prefix, first, *body[1:]]
                return [*body, Tok("?", "?", None, "")], negative
        return None

    def _unlabel(self, toks: list[Tok]) -> list[Tok]:
        """ "Bug: X doesn't trigger": the report without its title's label."""
        if len(toks) > 4 and toks[0].card is not None and toks[1].card is None:
            # "Dryad Arbor Bug: Dryad Arbor is ...": the card the title is about, then a label.
            rest = self._unlabel(toks[1:])
            if rest is not toks[1:] and len(rest) < len(toks) - 2:
                return rest
        for label in self.lex.framing.get("label", ()):
            n = len(label)
            if (
                len(toks) > n + 2
                and tuple(t.lemma for t in toks[:n]) == label
                and all(t.card is None for t in toks[: n + 1])
                and toks[n].text in (":", "-")
            ):
                return [_respace(toks[n + 1], ""), *toks[n + 2 :]]
        return toks

    def _tried(self, toks: list[Tok]) -> tuple[list[Tok], bool] | None:
        """ "I cast X and tried to tap it, but Forge wouldn't let me": whether I can tap it."""
        lemmas = [t.lemma for t in toks]
        for i, lem in enumerate(lemmas[:-2]):
            if lem not in _TRY or lemmas[i + 1] != "to" or "i" not in lemmas[:i]:
                continue
            end = next(
                (j for j in range(i + 2, len(toks)) if lemmas[j] == "but" or toks[j].text == ","),
                len(toks),
            )
            after = lemmas[end:]
            failed = any(w in _FAILED or w.endswith("n't") for w in after)
            action = toks[i + 2 : end]
            if not action or not failed:
                return None
            return self._can_i_after(toks[: max(0, i - 1)], action), True
        return None

    def _can_i_after(self, before: list[Tok], action: list[Tok]) -> list[Tok]:
        """ "I tapped it for G and then tried to X": what was done before, as a sentence, then
        "Can I X?"."""
        while before and before[-1].lemma in ("and", "then", ",", "i", "also"):
            before = before[:-1]
        body = [*self._can_i(action), Tok("?", "?", None, "")]
        if len(before) >= 2:
            return [*before, Tok(".", ".", None, ""), _respace(body[0], " "), *body[1:]]
        return body

    def _plain_report(self, sentence: Sequence[Tok]) -> bool:
        """ "Swiftfoot Boots doesn't give haste": a card (or "it") and then its verb, nothing
        before them but a determiner."""
        words = self._words(self._unlabel(list(sentence)))
        lemmas = [t.lemma for t in words]
        for i, lem in enumerate(lemmas[:6]):
            # "Forge let me dash it", "Cascade allowed me to cast it": what I was let do.
            if lem in ("let", "allow") and lemmas[i + 1 : i + 2] == ["me"]:
                return True
            # "The game allowed Mardu Warshrieker to block my Aven": what a card was let do.
            if lem in ("let", "allow") and self._starts(words[:i], self.lex.framing["program"]):
                return self._let_do(words[i + 1 :]) is not None
        while words and words[0].lemma in _DETERMINERS:
            words = words[1:]
        if len(words) > 2 and words[0].lemma in _OWNERS and words[1].card is not None:
            # "My opponent's Grizzly Bears blocked ...": whose card it is, then the card.
            words = words[1:]
        if (
            len(words) > 3
            and words[0].lemma in ("i", "we", "you")
            and words[1].text.casefold() in _SHOULD
        ):
            # "I should be able to activate it": what the player says the rules allow.
            return True
        if (
            len(words) > 3
            and words[0].card is not None
            and (words[1].space.startswith("'") or words[0].text.endswith(("'s", "'")))
        ):
            # "Nikya's ability should stop it": the card's ability is the subject.
            words = [words[0], *words[2:]]
        if len(words) > 3 and words[0].card is not None and words[1].lemma == "not":
            # "Doomwake Giant not triggering from ...", "Grizzly Bears not able to block ..."
            return words[2].tag == "VBG" or [t.lemma for t in words[2:4]] == ["able", "to"]
        return (
            len(words) > 2
            and (words[0].card is not None or words[0].lemma in ("it", "they"))
            and (
                words[1].text.casefold().replace("’", "'")
                in {**_MODALS, **_DO_AUX, **_BE_AUX, **_SHOULD}
                or words[1].tag in _VERB_TAGS
                # "Crypt Ghast give me mana": a card's verb written without its -s.
                or (words[0].card is not None and words[1].tag == "VB")
            )
        )

    def _expectation(self, sentences: Sequence[list[Tok]]) -> tuple[int, list[Tok]] | None:
        """What a report says should happen: the words after an "Expected behavior:" label,
        else the last sentence whose verb is "should", cut before "but it didn't"."""
        labelled: tuple[int, list[Tok]] | None = None
        should: tuple[int, list[Tok]] | None = None
        for i, s in enumerate(sentences):
            words = [t.lemma for t in s]
            for label in self.lex.framing.get("expected", ()):
                n = len(label)
                at = next(
                    (
                        j
                        for j in range(len(s) - n)
                        if tuple(words[j : j + n]) == label and s[j + n].text in (":", "-")
                    ),
                    None,
                )
                if at is not None and len(s) - (at + n + 1) >= 3:
                    labelled = (i, self._before_contrast(s[at + n + 1 :]))
                    break
            lead = self._words(s)[:10]
            at = next((j for j, t in enumerate(lead) if t.text.casefold() in _SHOULD), None)
            after = s[s.index(lead[at]) + 1 :] if at else []
            said = next((j for j, t in enumerate(after) if not t.text[:1].isalnum()), len(after))
            if at and said >= 2 and lead[0].lemma not in (*_SUBORDINATORS, "i"):
                # ("You should be, though": no expectation is said.) "I should be able to
                # ..." is what the player may do, read as it stands.
                should = (i, self._before_contrast(self._after_contrast(s, s.index(lead[at]))))
        return labelled or should

    @staticmethod
    def _after_contrast(toks: list[Tok], should_at: int) -> list[Tok]:
        """ "It only makes one but it should make two": the clause that holds the "should"."""
        cut = max(
            (j for j in range(should_at) if toks[j].card is None and toks[j].lemma in _CONTRASTS),
            default=-1,
        )
        return [_respace(toks[cut + 1], ""), *toks[cut + 2 :]] if cut >= 0 else toks

    @staticmethod
    def _before_contrast(toks: list[Tok]) -> list[Tok]:
        """ "X should block Y, but it didn't": the expectation without what happened."""
        for j, t in enumerate(toks):
            if j > 2 and t.card is None and t.lemma in _CONTRASTS:
                end = j - 1 if toks[j - 1].text == "," else j
                return [*toks[:end], Tok(".", ".", None, "")]
        return toks

    @staticmethod
    def _expectation_clear(toks: Sequence[Tok]) -> bool:
        """An expectation names a card, so what it is about isn't left to guess."""
        return any(t.card is not None for t in toks)

    def _program_let(self, sentence: Sequence[Tok]) -> bool:
        words = self._words(sentence)
        return any(
            t.lemma in ("let", "allow") and self._starts(words[:i], self.lex.framing["program"])
            for i, t in enumerate(words[:6])
        )

    def _subject_ok(self, subject: Sequence[Tok]) -> bool:
        last = subject[-1]
        if last.card is not None or last.lemma in _PRONOUN_SUBJECTS:
            return True
        if last.text in (",", ";", ":") or last.text.casefold() in _SHOULD:
            return False
        return last.text[:1].isalnum() and (last.tag not in _VERB_TAGS or len(subject) == 1)

    def _rearrange(
        self, subject: list[Tok], low: str, verb: Tok, rest: list[Tok], neg: bool
    ) -> tuple[list[Tok], bool] | None:
        subj = [_respace(subject[0], " "), *subject[1:]]
        if subj[0].card is None and subj[0].lemma != "i":
            subj[0] = replace(subj[0], text=subj[0].text[:1].lower() + subj[0].text[1:])
        plural = subject[-1].lemma in _PLURAL_SUBJECTS or subject[-1].tag == "NNS"
        # "the game wouldn't let me tap it": whether I can tap it.
        if rest and rest[0].lemma in ("let", "allow") and len(rest) > 2 and rest[1].lemma == "me":
            negative = neg or _DO_AUX.get(low, False) or _MODALS.get(low, False)
            if low in _DO_AUX or low in _MODALS or verb.lemma in ("let", "allow"):
                tail = rest[2:]
                if tail and tail[0].lemma == "to":
                    tail = tail[1:]
                return self._can_i(_with_card(tail, subj)), negative
        if self._starts(subject, self.lex.framing["program"]):
            # "The game allowed Mardu Warshrieker to block my Aven": whether it can.
            made = None
            if verb.lemma in ("let", "allow"):
                made = self._let_do(rest)
            elif (low in _DO_AUX or low in _MODALS) and rest and rest[0].lemma in ("let", "allow"):
                made = self._let_do(rest[1:])
            if made is not None:
                negative = neg or _DO_AUX.get(low, False) or _MODALS.get(low, False)
                return made, negative
        if verb.lemma in ("let", "allow") and rest and rest[0].lemma == "me":
            tail = rest[1:]
            if tail and tail[0].lemma == "to":
                tail = tail[1:]
            return self._can_i(_with_card(tail, subj)), neg
        if low in _SHOULD:
            # "X should be able to block Y": whether it can; "X should trigger": whether it does.
            negative = neg or _SHOULD[low]
            able = [t.lemma for t in rest[:3]]
            if able == ["be", "able", "to"] and len(rest) > 3:
                return [Tok("Can", "can", None, ""), *subj, *rest[3:]], negative
            if rest and rest[0].lemma in ("only", "also", "still", "not", "never"):
                # "should only trigger on X" claims it doesn't on the rest: no plain question.
                return None
            if len(rest) > 1 and rest[0].lemma == "have" and rest[1].tag in ("VBN", "VBD"):
                # "It should have triggered": whether it does; "should have been": is it.
                if rest[1].lemma == "be":
                    return self._rearrange(subject, low, verb, rest[1:], neg)
                aux = "Do" if plural else "Does"
                base = replace(rest[1], text=rest[1].lemma, space=" ")
                return [Tok(aux, "do", None, ""), *subj, base, *rest[2:]], negative
            if len(rest) > 1 and rest[0].lemma == "be" and able != ["be", "able", "to"]:
                # "It should be summoning sick": whether it is.
                aux = "Are" if plural else "Is"
                return [Tok(aux, "be", None, ""), *subj, *rest[1:]], negative
            if (
                rest
                and rest[0].card is None
                and rest[0].text[:1].isalpha()
                and rest[0].lemma != "be"
            ):
                aux = "Do" if plural else "Does"
                base = replace(rest[0], text=rest[0].lemma, space=" ")
                return [Tok(aux, "do", None, ""), *subj, base, *rest[1:]], negative
        if low == "not" and len(subject) == 1 and rest and rest[0].tag == "VBG":
            # A title, "Doomwake Giant not triggering": whether it does.
            base = replace(rest[0], text=rest[0].lemma, space=" ")
            return [Tok("Does", "do", None, ""), *subj, base, *rest[1:]], True
        if low == "not" and len(subject) == 1 and [t.lemma for t in rest[:2]] == ["able", "to"]:
            return [Tok("Can", "can", None, ""), *subj, *rest[2:]], True
        if low in _MODALS:
            return [Tok("Can", "can", None, ""), *subj, *rest], neg or _MODALS[low]
        if low in _SHOULD and rest and rest[0].text[:1].isalpha():
            # "X should prevent Y, but it doesn't": whether X should.
            return [Tok("Should", "should", None, ""), *subj, *rest], neg or _SHOULD[low]
        if low in _DO_AUX and rest and rest[0].text[:1].isalpha():
            aux = "Do" if plural else "Does"
            return [Tok(aux, "do", None, ""), *subj, *rest], neg or _DO_AUX[low]
        if low in _BE_AUX:
            able = [t.lemma for t in rest[:2]]
            if able == ["able", "to"] or able == ["unable", "to"]:
                negative = neg or _BE_AUX[low] or able[0] == "unable"
                return [Tok("Can", "can", None, ""), *subj, *rest[2:]], negative
            aux = "Are" if plural else "Is"
            return [Tok(aux, "be", None, ""), *subj, *rest], neg or _BE_AUX[low]
        # "I draw 2 cards": after I/you/we/they the present tense is the base form.
        base_form = verb.tag == "VB" and len(subject) == 1 and subject[0].lemma in _PLURAL_SUBJECTS
        if (
            (verb.tag in _VERB_TAGS or base_form)
            and verb.card is None
            and verb.lemma not in _DO_AUX
        ):
            aux = "Do" if plural else "Does"
            base = replace(verb, text=verb.lemma, space=" ")
            return [Tok(aux, "do", None, ""), *subj, base, *rest], False
        return None

    def _stated_count(self, question: list[Tok]) -> tuple[list[Tok], int] | None:
        """ "Do I draw 1 card when ...?", "Does it trigger twice?": a yes/no question whose
        main clause states a count, as the how-many question it turns on, and the count."""
        if not question or question[0].lemma not in ("do", "will", "would"):
            return None
        for i, t in enumerate(question[1:-1], start=1):
            if t.card is None and (t.lemma in _SUBORDINATORS or t.text in (",", ";")):
                return None
            if t.card is not None or t.lemma in _VAGUE_NUMBERS:
                continue
            if t.lemma in ("once", "twice", "thrice") and question[i - 1].tag is not None:
                times = Tok("times", "time", "NNS", " ")
                return _count_question(question, i, times, 1), self.lex.numbers[t.lemma]
            value = self._count_of(t)
            if value is not None:
                # The count is the verb's object ("draw 2 cards"), not its subject ("do all
                # three trigger?").
                if not any(w.tag in ("VB", "VBP", "VBZ") and w.card is None for w in question[2:i]):
                    return None
                made = self._how_many(question, value)
                return (made, value) if made is not None else None
        return None

    def _count_of(self, t: Tok) -> int | None:
        """The count a token writes ("2", "two"), if any."""
        return int(t.lemma) if t.lemma.isdigit() else self.lex.numbers.get(t.lemma)

    def _how_many(self, question: list[Tok], number: int) -> list[Tok] | None:
        """ "Do I draw 2 cards off it?" as "How many cards do I draw off it?". None unless a
        plain noun follows the number."""
        for i, t in enumerate(question[1:-2], start=1):
            value = self._count_of(t)
            noun = question[i + 1]
            if (
                value != number
                or noun.card is not None
                or not noun.text.isalpha()
                or noun.lemma in STOPWORDS
            ):
                continue
            if question[i - 1].card is not None or question[i - 1].lemma in _NOT_A_COUNT:
                # "mana value 2", "more than one": a value or a bound, not a count.
                return None
            if value == 1 and noun.lemma == noun.text.casefold() and noun.lemma != "mana":
                # "1 card" is asked as "how many cards".
                noun = replace(noun, text=noun.text + "s")
            return _count_question(question, i, noun, 2)
        return None

    @staticmethod
    def _let_do(rest: list[Tok]) -> list[Tok] | None:
        """ "X to block Y" (after "allowed") or "X block Y" (after "let"): "Can X block Y"."""
        for j, t in enumerate(rest[:8]):
            if t.card is None and (t.lemma == "to" or (t.tag == "VB" and j > 0)):
                who = rest[:j]
                tail = rest[j + 1 :] if t.lemma == "to" else rest[j:]
                if who and who[0].lemma != "me" and any(w.card is not None for w in who) and tail:
                    return [
                        Tok("Can", "can", None, ""),
                        _respace(who[0], " "),
                        *who[1:],
                        _respace(tail[0], " "),
                        *tail[1:],
                    ]
                return None
        return None

    @staticmethod
    def _can_i(tail: list[Tok]) -> list[Tok]:
        body = [Tok("Can", "can", None, ""), Tok("I", "i", None, " ")]
        return [*body, *([_respace(tail[0], " "), *tail[1:]] if tail else [])]

    # -- framings ----------------------------------------------------------------
    def _tag(self, sentence: Sequence[Tok]) -> Phrase | None:
        """The tag question a sentence is ("shouldn't it?", "is this a bug?"), if it is one."""
        words = self._words(sentence)
        if not words or len(words) > 9 or any(t.card is not None for t in words):
            return None
        lemmas = tuple(t.lemma for t in words)
        for p in self.lex.framing["tag"]:
            if lemmas == p or (lemmas[: len(p)] == p and len(lemmas) - len(p) <= 2):
                return p
        return None

    def _polarity(self, tag: Phrase) -> Polarity:
        if tag in self.lex.framing["inverted"]:
            return "behaviour_wrong"
        if tag in self.lex.framing["affirmed"] or tag[:1] in (("right",), ("correct",)):
            return "behaviour_right"
        return "as_asked"

    def _split_tag(self, sentence: list[Tok]) -> tuple[list[Tok], Phrase] | None:
        """ "X didn't trigger, shouldn't it?": the statement and its tag."""
        commas = [i for i, t in enumerate(sentence) if t.text in (",", "-", ";", ":")]
        for i in reversed(commas):
            tag = self._tag(sentence[i + 1 :])
            if tag is not None and i > 2:
                return sentence[:i], tag
        return None

    def _claims(self, sentences: list[list[Tok]]) -> list[tuple[Claim, list[Tok]]]:
        out: list[tuple[Claim, list[Tok]]] = []
        verbs = {p[0] for p in self.lex.framing["dispute_verbs"]}
        for s in sentences:
            clause_start = 0
            for i, t in enumerate(s):
                if (t.card is None and t.text in (",", ";")) or t.lemma in ("but", "while"):
                    clause_start = i + 1
                if t.lemma not in verbs or t.card is not None or i == clause_start:
                    continue
                who = [w for w in s[clause_start:i] if w.text[:1].isalnum() or w.card is not None]
                if not who or len(who) > 4 or who[0].lemma in ("it", "card", "rule", "text"):
                    continue
                j = i + 1
                while j < len(s) and s[j].lemma in ("that", "to", "me", "him", "her", "us", ","):
                    j += 1
                end = j
                while end < len(s) and not (
                    s[end].card is None
                    and (
                        s[end].text in (",", ";", ".", "?", "!")
                        or s[end].lemma in ("but",)
                        or _tells_board(s, end)
                    )
                    and end > j
                ):
                    end += 1
                if (
                    end + 2 < len(s)
                    and s[end].text == ","
                    and s[end + 1].text.casefold() == "so"
                    and _conclusion([*s[j:end], *s[end + 1 :]]) is not None
                ):
                    # "kicker is an extra cost, so its mana value doesn't change": the claim
                    # runs on to its conclusion.
                    end += 2
                    while end < len(s) and not (
                        s[end].card is None and s[end].text in (",", ";", ".", "?", "!")
                    ):
                        end += 1
                body = [t for t in s[j:end] if not (t.text == "," and t.card is None)]
                if not body:
                    continue
                says = _join(body).strip()
                out.append((Claim(who=_join(who).strip(), says=says, **self._stance(body)), body))
                clause_start = end + 1
        return out

    def _after_claims(
        self, sentence: list[Tok], bodies: Sequence[list[Tok]], judging: Sequence[str]
    ) -> list[list[Tok]]:
        """What a dispute's sentence tells after its last claim ("I say it only looks at his
        lands, and he only has a Mountain"): a fact of the position, kept as context."""
        ends = [i for i, t in enumerate(sentence) for b in bodies if b and t is b[-1]]
        if not ends:
            return []
        tail = sentence[max(ends) + 1 :]
        while tail and (tail[0].text in (",", ";", "-") or tail[0].lemma in ("and", "but", "so")):
            tail = tail[1:]
        if (
            not tail
            or not self._substantial(tail)
            or self.is_question(tail)
            or any(self._find(tail, self.lex.framing[k]) for k in judging)
            or self._claims([tail])
        ):
            return []
        return [tail]

    def _substantial(self, sentence: Sequence[Tok]) -> bool:
        """A sentence with enough in it to be the question ("asking for a friend?" is not)."""
        words = self._words(sentence)
        return len(words) >= 4 or any(t.card is not None for t in words)

    def _stance(self, body: Sequence[Tok]) -> dict[str, Any]:
        lemmas = [t.lemma for t in body]
        digits = [int(t.lemma) for t in body if t.lemma.isdigit()]
        words = [
            self.lex.numbers[t.lemma]
            for t in body
            if t.lemma in self.lex.numbers and t.lemma not in _VAGUE_NUMBERS
        ]
        number = digits[0] if digits else (words[0] if len(words) == 1 else None)
        if lemmas[:1] == ["yes"] or lemmas[:1] == ["yeah"]:
            return {"positive": True, "number": number}
        negated = any((t.lemma,) in self.lex.negators or t.lemma.endswith("n't") for t in body)
        return {"positive": not negated, "number": number}

    # -- facts --------------------------------------------------------------------
    def facts(
        self, toks: list[Tok], names: Sequence[str], chosen_until: int = 0
    ) -> tuple[list[Fact], list[Fact]]:
        """Facts the text states, each with its words and the card it is about; later facts
        that follow an override word ("then", "instead") replace earlier ones of their kind."""
        found: list[tuple[int, Fact]] = []
        groups = (
            [("timing", k, v) for k, v in self.lex.timing.items()]
            + [("event", k, v) for k, v in self.lex.events.items()]
            + [("control", k, v) for k, v in self.lex.control.items() if k == "opponent"]
        )
        lemmas = [t.lemma for t in toks]
        at: dict[str, list[int]] = {}
        for i, lem in enumerate(lemmas):
            at.setdefault(lem, []).append(i)
        taken: set[int] = set()
        for kind, value, phrases in groups:
            for p in phrases:
                for i in at.get(p[0], ()):
                    if tuple(lemmas[i : i + len(p)]) != p or taken & set(range(i, i + len(p))):
                        continue
                    # "Can I tap it" asks; it is the query, not a stated fact.
                    if (
                        kind == "event"
                        and p == ("tap",)
                        and i > 0
                        and {"can", "could", "to", "do", "will"} & set(lemmas[max(0, i - 3) : i])
                    ):
                        continue
                    taken.update(range(i, i + len(p)))
                    negated = self._negated(toks, i)
                    words = _join(toks[i : i + len(p)]).strip()
                    subject = (
                        self._owned(toks, i + len(p), names)
                        if kind == "control"
                        else self._subject(toks, i, names)
                    )
                    val = f"not {value}" if negated else value
                    chosen = 0 <= toks[i].at < chosen_until
                    fact = Fact(
                        kind=kind,
                        value=val,
                        words=words,
                        subject=subject,
                        source="choice" if chosen else "text",
                    )
                    found.append((i, fact))
        for i in at.get("x", ()):
            # "X is 3", "X=3", "x equals 3": the value of X.
            nxt = lemmas[i + 1 : i + 3]
            if (
                len(nxt) == 2
                and nxt[0] in ("be", "=", "equal", "equals", "of")
                and nxt[1].isdigit()
            ):
                chosen = 0 <= toks[i].at < chosen_until
                words = _join(toks[i : i + 3]).strip()
                source: FactSource = "choice" if chosen else "text"
                found.append((i, Fact(kind="X", value=nxt[1], words=words, source=source)))
        found.sort(key=lambda p: p[0])
        kept: list[tuple[int, Fact]] = []
        superseded: list[Fact] = []
        for i, fact in found:
            if self._after_override(toks, i):
                for j, old in list(kept):
                    if (
                        old.kind == fact.kind
                        and old.subject == fact.subject
                        and _same_axis(old, fact)
                    ):
                        kept.remove((j, old))
                        superseded.append(old)
            kept.append((i, fact))
        unique: list[Fact] = []
        for _, f in kept:
            if all((f.kind, f.value, f.subject) != (u.kind, u.value, u.subject) for u in unique):
                unique.append(f)
        return unique, superseded

    def _attempts(self, sentences: Sequence[Sequence[Tok]]) -> list[Fact]:
        """ "I wanted to kick it three times but only had mana for two": a count from an
        attempt the player changed, which is not what was done."""
        out: list[Fact] = []
        for s in sentences:
            lemmas = [t.lemma for t in s]
            for i, lem in enumerate(lemmas[:-2]):
                if lem not in _TRY or lemmas[i + 1] != "to" or s[i].card is not None:
                    continue
                end = next(
                    (j for j in range(i + 2, len(s)) if lemmas[j] in ("but", "instead")), None
                )
                if end is None:
                    continue
                counted = any(
                    w.isdigit() or (w in self.lex.numbers and w not in _VAGUE_NUMBERS)
                    for w in lemmas[i + 2 : end]
                )
                if counted:
                    words = _join(s[i:end]).strip()
                    out.append(Fact(kind="attempt", value="changed", words=words))
                break
        return out

    def _negated(self, toks: Sequence[Tok], i: int) -> bool:
        for j in range(i - 1, max(-1, i - 5), -1):
            t = toks[j]
            if t.lemma in self.lex.negation_stops or t.card is not None:
                return False
            if (t.lemma,) in self.lex.negators or t.lemma.endswith("n't"):
                return True
        return False

    def _after_override(self, toks: Sequence[Tok], i: int) -> bool:
        window = tuple(t.lemma for t in toks[max(0, i - 6) : i])
        return any(
            window[k : k + len(p)] == p
            for p in self.lex.overrides
            for k in range(len(window) - len(p) + 1)
        )

    @staticmethod
    def _owned(toks: Sequence[Tok], i: int, names: Sequence[str]) -> str | None:
        """What "opponent's" is said of: the card or noun right after it."""
        for t in toks[i : i + 3]:
            if t.card is not None:
                return names[t.card]
            if t.text[:1].isalpha() and t.lemma not in ("control", "controls"):
                return t.text
        return None

    @staticmethod
    def _subject(toks: Sequence[Tok], i: int, names: Sequence[str]) -> str | None:
        instrument: str | None = None
        for j in range(i, max(-1, i - 12), -1):
            if toks[j].card is not None:
                name = names[toks[j].card]  # type: ignore[index]
                if j > 0 and toks[j - 1].lemma in _INSTRUMENT and instrument is None:
                    # "I stole Llanowar Elves with Control Magic this turn": the timing is
                    # the stolen card's; the card it was done with is only the means.
                    instrument = name
                    continue
                return name
            if toks[j].text in _END:
                break
            if j < i and _other_object(toks, j):
                # "crewed it with an elf I've had since last turn": the fact is the elf's.
                return None
        if instrument is not None:
            return instrument
        for j in range(i, min(len(toks), i + 6)):
            if toks[j].card is not None:
                return names[toks[j].card]  # type: ignore[index]
        return None

    def board(self, toks: Sequence[Tok], names: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """Cards by the player the text says controls them ("my", "opponent's", "they control")."""
        out: dict[str, list[str]] = {}
        for i, t in enumerate(toks):
            if t.card is None:
                continue
            owner = None
            for j in range(i - 1, max(-1, i - 4), -1):
                lem = toks[j].lemma
                if lem in ("my", "i", "mine", "our"):
                    owner = "you"
                    break
                if lem in ("opponent's", "their", "his", "her", "opponents'"):
                    owner = "opponent"
                    break
                if toks[j].text in _END or toks[j].card is not None or lem in ("and", ","):
                    break
            after = [x.lemma for x in toks[i + 1 : i + 4]]
            if owner is None and after[:2] in (["they", "control"], ["he", "control"]):
                owner = "opponent"
            if owner is None and after[:2] == ["i", "control"]:
                owner = "you"
            if owner is None:
                continue
            name = names[t.card]
            if name not in out.setdefault(owner, []):
                out[owner].append(name)
        return {k: tuple(v) for k, v in out.items()}

    # -- the whole reading --------------------------------------------------------
    def read(
        self, text: str, spans: Sequence[Span] = (), chosen_until: int = 0, as_count: bool = False
    ) -> Read:
        """Read ``text``; its first ``chosen_until`` characters are facts the asker picked
        (buttons), put before the question so that the question stays last. With
        ``as_count``, a yes/no question that states a count is read as how many."""
        names = [s.name for s in spans]
        # Two passes: a misspelling's fix may itself be a casual form ("opps creature").
        toks = _drop_set_codes(self.rewrite(self.rewrite(self.respell(self.tokens(text, spans)))))
        sentences = self._tag_unmarked(
            self._drop_trailers(
                [self._tag_last(self._drop_preamble(self._direct(s))) for s in self.sentences(toks)]
            )
        )
        framing: Framing = "question"
        polarity: Polarity = "as_asked"
        negative = False
        clear = True
        claims: list[Claim] = []
        asked_idx = _last(
            sentences,
            lambda s: self.is_question(s) and self._substantial(s) and self._strong(s),
        )
        if asked_idx is None:
            asked_idx = _last(sentences, lambda s: self.is_question(s) and self._substantial(s))
        if asked_idx is None:
            asked_idx = _last(sentences, self.is_question)
        asked: list[Tok] = sentences[asked_idx] if asked_idx is not None else toks
        if asked_idx is not None:
            split_at = self._question_after_but(asked)
            if split_at is not None:
                # "I know I can't tap it yet, but can I use its other ability?": what is asked
                # is the question after "but"; what comes before it is context.
                head = [*asked[:split_at], Tok(".", ".", None, "")]
                if head[-2].text == ",":
                    head = [*head[:-2], head[-1]]
                tail = [_respace(asked[split_at + 1], ""), *asked[split_at + 2 :]]
                sentences = [*sentences[:asked_idx], head, tail, *sentences[asked_idx + 1 :]]
                asked_idx += 1
                asked = tail
            reason = _reason_at(asked)
            if reason is not None:
                # "can the elves tap now since it can attack like it has haste?": the reason
                # the asker gives is context; what is asked ends before it.
                because = [_respace(asked[reason + 1], ""), *asked[reason + 2 :]]
                if because[-1].text == "?":
                    because = [*because[:-1], Tok(".", ".", None, "")]
                asked = [*asked[:reason], Tok("?", "?", None, "")]
                sentences = [*sentences[:asked_idx], because, asked, *sentences[asked_idx + 1 :]]
                asked_idx += 1
            enabled = _lets_me(asked) or _supposed(asked) or _subjectless(asked)
            if enabled is not None:
                sentences = [*sentences[:asked_idx], enabled, *sentences[asked_idx + 1 :]]
                asked = enabled
        waiting = _waits(asked) if asked_idx is not None else None
        if waiting is not None and asked_idx is not None:
            # "Do I have to wait a turn to tap it?" asks whether it can be tapped now, with the
            # answer turned round: having to wait means it can't.
            sentences = [*sentences[:asked_idx], waiting, *sentences[asked_idx + 1 :]]
            asked = waiting
            polarity = "behaviour_wrong"
        out_sentences = list(sentences)
        form: Form = self.form(asked) if asked_idx is not None else "statement"
        if asked_idx is not None and self._starts(
            self._words(asked), self.lex.framing["follow_up"]
        ):
            # "Can I tap it? What if it has haste?": the follow-up asks the same kind of thing.
            earlier = _last(sentences[:asked_idx], self.is_question)
            if earlier is not None:
                form = self.form(sentences[earlier])

        judged = self._judged_question(sentences)
        if judged is not None:
            sentences, asked_idx = judged
            asked = sentences[asked_idx]
            out_sentences = list(sentences)
            form = self.form(asked)
        claim_rows = self._claims(sentences)
        who_right = any(self._find(s, self.lex.framing["who_right"]) for s in sentences)
        am_i = next((s for s in sentences if self._find(s, self.lex.framing["am_i_right"])), None)
        am_wrong = next(
            (s for s in sentences if self._find(s, self.lex.framing["am_i_wrong"])), None
        )
        judging = ("who_right", "am_i_right", "am_i_wrong")
        tag = self._tag(asked) if asked_idx is not None else None
        split = self._split_tag(asked) if asked_idx is not None and tag is None else None

        main_negative: bool | None = None
        if claim_rows and (who_right or am_i is not None or am_wrong is not None):
            framing = "dispute"
            reason_told: list[Tok] = []
            claims = [c for c, _ in claim_rows]
            bodies = [b for _, b in claim_rows]
            main = next((b for b in bodies if len(self._words(b)) >= 3), None)
            framing_ids = {
                i
                for i, s in enumerate(sentences)
                if any(any(t is b[0] for t in s) for b in bodies)
                or any(self._find(s, self.lex.framing[k]) for k in judging)
            }
            question_idx = _last(
                sentences,
                lambda s: (
                    self.is_question(s)
                    and not any(self._find(s, self.lex.framing[k]) for k in judging)
                    and self._tag(s) is None
                    and not any(any(t is b[0] for t in s) for b in bodies)
                ),
            )
            told = self._told_before(sentences, bodies) if question_idx is None else None
            if question_idx is not None:
                asked_idx, asked = question_idx, sentences[question_idx]
            elif told is not None:
                # "I tapped it for mana, my opponent said that's illegal": the claim is about
                # what the text told, so the question is whether that could be done.
                asked, legal_claims = told
                claims = [
                    c.model_copy(update={"positive": legal_claims.get(i, c.positive)})
                    for i, c in enumerate(claims)
                ]
            elif main is not None:
                # "X is basically haste so the guy I cast can swing": what is claimed is the
                # conclusion; the reason before "so" is context.
                concluded = _conclusion(main)
                if concluded is not None:
                    reason_told = [*concluded[0], Tok(".", ".", None, "")]
                made = self.to_question(concluded[1] if concluded is not None else main)
                if made is not None:
                    asked = _lets_me(made[0]) or made[0]
                    # Whether the question made from the claim dropped its negation: "means it
                    # can't block" keeps it, so the claim holds when the answer is yes.
                    main_negative = made[1]
                    stated = claims[bodies.index(main)].number
                    if stated is not None and len({c.number for c in claims} - {None}) > 1:
                        # "He says 2 cards, I say 1": the claims differ in a count, so the
                        # question is how many.
                        counted = self._how_many(asked, stated)
                        if counted is not None:
                            asked = counted
            rest = [
                part
                for i, s in enumerate(sentences)
                for part in (
                    [s]
                    if i not in framing_ids
                    else self._after_claims(s, bodies, judging)
                    if s is not asked
                    else []
                )
                if part is not asked
            ]
            if question_idx is not None:
                claimed = _it_as_claimed_card(asked, bodies, names, self.lex.words["subject_aux"])
                if claimed is not None:
                    asked = claimed
                if not any(t.lemma == "sick" for t in asked):
                    # "I say it's summoning sick. Who's right, can it tap?": being summoning
                    # sick is the claim that it can't, so a no bears it out.
                    claims = [
                        c.model_copy(update={"positive": not c.positive})
                        if c.positive is not None and any(t.lemma == "sick" for t in body)
                        else c
                        for c, body in zip(claims, bodies, strict=True)
                    ]
            out_sentences = [*rest, *([reason_told] if reason_told else []), asked]
            form = "who_right" if who_right else self.form(asked)
            if am_i is not None and not who_right:
                mine = self._claims_meant(am_i, claims)
                if len(mine) == 1 and mine[0].positive is not None:
                    # "Am I right?": whether the claim in question holds. "He said I can't.
                    # Am I right?": I am right when his claim fails.
                    polarity = (
                        "behaviour_wrong"
                        if _asks_own(self._phrase_in(am_i, "am_i_right"), mine[0])
                        else "behaviour_right"
                    )
                    negative = mine[0].positive is False
                    own = bodies[claims.index(mine[0])]
                    if main_negative is not None and main is own:
                        negative = main_negative
                    if (
                        main is not None
                        and main is not own
                        and mine[0].number is not None
                        and claims[bodies.index(main)].number != mine[0].number
                    ):
                        # "He says 5, I say 2. Am I right?" asked as whether his 5 holds: his
                        # being wrong doesn't make my other count right.
                        clear = False
                    claims = mine
            elif am_wrong is not None and not who_right and question_idx is None:
                # Beside a question of its own ("Can he do that? ... or is he wrong?") the
                # verdict answers that question, not whether the claim fails.
                mine = self._claims_meant(am_wrong, claims)
                if len(mine) == 1 and mine[0].positive is not None:
                    # "He's wrong, right?": whether the claim in question fails. "He said I
                    # can't. Am I wrong?": I am wrong when his claim holds.
                    polarity = (
                        "behaviour_right"
                        if _asks_own(self._phrase_in(am_wrong, "am_i_wrong"), mine[0])
                        else "behaviour_wrong"
                    )
                    negative = mine[0].positive is False
                    claims = mine
        elif tag is not None or split is not None:
            if split is not None:
                statement, tag = split
                stmt_idx = asked_idx
            else:
                stmt_idx = _last(
                    sentences[: asked_idx or 0], lambda s: self.to_question(s) is not None
                )
                statement = sentences[stmt_idx] if stmt_idx is not None else []
            reported = [(c, b) for c, b in claim_rows if b and any(b[0] is t for t in statement)]
            if len(reported) == 1 and len(self._words(reported[0][1])) >= 3:
                # "He reported me X, that's wrong, right?": what is judged is X, not the telling.
                statement = reported[0][1]
            else:
                reported = []
            before: list[Tok] = []
            refused = self._refused_clause(statement) if statement and not reported else None
            if refused is not None:
                # "His only creature is untapped and he didn't block. Is that legal?": what is
                # judged is the refusal; the clause before it is the board it happened on.
                before, statement = refused
            made = self.to_question(statement) if statement else None
            if made is not None and tag is not None:
                framing = "dispute" if reported else "bug_report"
                claims = [c for c, _ in reported]
                asked, negative = made
                asked = self._present(asked)
                obliged = _obliged(asked) if negative else None
                if obliged is not None:
                    # Not blocking was allowed unless the rules made him block: "Does he have
                    # to block?", with the report's negation kept for the verdict.
                    asked = obliged
                elif tag in self.lex.framing["legality"] or _acts(asked):
                    asked = _as_can(asked)
                polarity = self._polarity(tag)
                form = "yesno"
                out_sentences = (
                    [s for i, s in enumerate(sentences) if i not in (stmt_idx, asked_idx)]
                    + ([[*before, Tok(".", ".", None, "")]] if before else [])
                    + [asked]
                )
                if polarity != "as_asked" and _two_clauses(statement):
                    # "I kicked it 3 times and it only got 1 counter, that's wrong right?": which
                    # clause the verdict is about isn't said.
                    clear = False
        elif asked_idx is None:
            # A report without a question: the sentence that says what didn't work, else the
            # first one about a card, says what happened.
            made_at = {
                i: made
                for i, s in enumerate(sentences)
                if (made := self.to_question(s)) is not None
            }
            converted = list(made_at)
            expectation = self._expectation(sentences)
            if expectation is not None:
                # "X should force Y to block, but it didn't": what the writer expects is what
                # they ask about, more than the steps that led there.
                where, expected_toks = expectation
                made = self.to_question(expected_toks)
                if made is not None:
                    made_at[where] = made
                    converted = [where]
            carded = [i for i in converted if any(t.card is not None for t in sentences[i])]
            negative_report = [i for i in carded if made_at[i][1]]
            # What the program let happen is the behaviour reported ("The game allowed X to
            # block Y"), more than what the player did before it.
            let_by_program = [i for i in carded if self._program_let(sentences[i])]
            stmt_idx = next(
                iter(let_by_program or negative_report or carded or converted[-1:]), None
            )
            if stmt_idx is not None:
                made = made_at[stmt_idx]
                if made is not None:
                    framing = "bug_report"
                    asked, negative = made
                    asked = self._present(asked)
                    form = "yesno"
                    out_sentences = [s for i, s in enumerate(sentences) if i != stmt_idx] + [asked]
                    # Without a question, only a sentence that opens with the card and its
                    # verb ("X doesn't trigger"), or what the writer says should happen, says
                    # plainly what is asked.
                    if expectation is not None and expectation[0] == stmt_idx:
                        clear = self._expectation_clear(expectation[1])
                    else:
                        clear = self._plain_report(sentences[stmt_idx])

        if (
            framing == "question"
            and asked_idx is not None
            and all(t.card is None for t in asked)
            and any(self._find(asked, self.lex.framing[k]) for k in judging)
        ):
            # "... according to my friend. Is he right?" with no claim read: whose claim is
            # judged, and so which way the verdict points, isn't known.
            clear = False
        stated_count: int | None = None
        if framing == "question" and form == "yesno" and polarity == "as_asked":
            count_read = self._stated_count(asked)
            at = next((i for i, s in enumerate(out_sentences) if s is asked), None)
            if count_read is not None and at is not None:
                stated_count = count_read[1]
                if as_count:
                    # "Do I draw 1 card?" asked as how many: the count is checked against it.
                    asked = count_read[0]
                    out_sentences[at] = asked
                    form = "how_many"
        # A sentence put before the asked one keeps an end, or the two would read as one.
        out_sentences = [
            [*s, Tok(".", ".", None, "")]
            if s is not asked and i < len(out_sentences) - 1 and s and s[-1].text not in _END
            else s
            for i, s in enumerate(out_sentences)
        ]
        at = next((i for i, s in enumerate(out_sentences) if s is asked), None)
        if framing == "question" and at is not None:
            resolved = _it_as_context_card(
                asked, out_sentences[:at], names, self.lex.words["subject_aux"]
            )
            if resolved is not None:
                asked = out_sentences[at] = resolved
        canon_toks = [t for s in out_sentences for t in s]
        if canon_toks:
            canon_toks[0] = _respace(canon_toks[0], "")
        canonical, positions, starts = _render(canon_toks)
        first = sum(len(x) for x in out_sentences[: _index_of(out_sentences, asked)])
        if first < len(canon_toks) and any(s is asked for s in out_sentences):
            last = first + len(asked) - 1
            asked_span = (starts[first], starts[last] + len(canon_toks[last].text))
        else:
            asked_span = (0, len(canonical))
        facts, superseded = self.facts(canon_toks, names, chosen_until)
        facts += self._attempts(out_sentences)
        subjects = self._subjects(canon_toks, names, facts)
        context = tuple(_join(s).strip() for s in sentences if s is not asked and _join(s).strip())
        negated = (
            self._negated_question(asked) if framing == "question" and form == "yesno" else None
        )
        reading = Reading(
            text=text,
            asked=_join(asked).strip(),
            negated_query=negated,
            stated_count=stated_count,
            asked_as_count=as_count and stated_count is not None,
            canonical=canonical,
            form=form,
            framing=framing,
            polarity=polarity,
            statement_negative=negative,
            context=context,
            claims=tuple(claims),
            subjects=subjects,
            facts=tuple(facts),
            superseded=tuple(superseded),
            board=self.board(canon_toks, names),
            clear=clear,
        )
        return Read(reading=reading, spans=tuple(positions), asked=asked_span)

    def _refused_clause(self, statement: list[Tok]) -> tuple[list[Tok], list[Tok]] | None:
        """ "X is untapped and he didn't block", "X entered, but Y didn't trigger": the clause
        before, and what didn't happen after it: a player's refusal the rules may have
        forbidden, or a card that didn't act."""
        for i in range(len(statement) - 3, 1, -1):
            t = statement[i]
            if t.card is not None or t.lemma not in ("and", "but", ","):
                continue
            tail = statement[i + 1 :]
            carded = t.lemma in ("and", "but") and (
                tail[0].card is not None
                or (tail[0].lemma in _OWNER_WORDS and len(tail) > 1 and tail[1].card is not None)
            )
            if tail[0].lemma not in _ACTORS and not carded:
                continue
            said = next(
                (
                    j
                    for j in range(1, len(tail) - 1)
                    if tail[j].text == ","
                    and (tail[j + 1].lemma,) in self.lex.framing["dispute_verbs"]
                ),
                None,
            )
            if said is not None:
                # "he didn't block, said flyers can't block": his reason isn't the refusal.
                tail = tail[:said]
            made = self.to_question(tail)
            if (
                made is not None
                and made[1]
                and (carded or _obliged(self._present(made[0])) is not None)
            ):
                head = statement[:i]
                return head, [_respace(tail[0], ""), *tail[1:]]
        return None

    def _clauses(self, sentence: Sequence[Tok]) -> list[list[Tok]]:
        """The sentence's clauses (split at commas, semicolons, colons and dashes), as words."""
        clauses: list[list[Tok]] = [[]]
        for t in sentence:
            if t.card is None and t.text in (",", ";", ":", "-"):
                clauses.append([])
            else:
                clauses[-1].append(t)
        words = [self._words(c) for c in clauses]
        return [c for c in words if c]

    def _negated_question(self, sentence: Sequence[Tok]) -> str | None:
        words = self._clauses(sentence)
        for w in words:
            while len(w) > 1 and (w[0].lemma,) in self.lex.framing["filler"]:
                del w[0]
        asking = [w for w in words if w[0].lemma in self._yesno_starts]
        clause = asking[-1] if asking else (words[0] if words else [])
        if clause and clause[0].lemma in _CONDITIONS:
            return None
        return _negated_query(clause, self._yesno_starts)

    @staticmethod
    def _claims_meant(sentence: Sequence[Tok], claims: Sequence[Claim]) -> list[Claim]:
        """The claims "am I right?" or "is he right?" asks about."""
        if len(claims) == 1:
            return list(claims)
        lemmas = {t.lemma for t in sentence}
        mine = [c for c in claims if c.who.casefold() in ("i", "me", "we")]
        if lemmas & {"i", "me", "we"}:
            return mine
        return [c for c in claims if c not in mine]

    def _subjects(
        self, toks: Sequence[Tok], names: Sequence[str], facts: Sequence[Fact]
    ) -> tuple[Subject, ...]:
        board = self.board(toks, names)
        out: list[Subject] = []
        seen: set[str] = set()
        for t in toks:
            if t.card is None or names[t.card] in seen:
                continue
            name = names[t.card]
            seen.add(name)
            controller = next((p for p, cards in board.items() if name in cards), None)
            state = tuple(f"{f.kind} {f.value}" for f in facts if f.subject == name)
            out.append(Subject(name=name, written=t.text, controller=controller, state=state))
        return tuple(out)


def _asks_own(phrase: Phrase | None, claim: Claim) -> bool:
    """ "Am I right?" asked of another's claim: it asks about the asker's own view, the
    opposite of that claim."""
    asker = set(phrase or ()) & {"i", "me", "we"}
    return bool(asker) and claim.who.casefold() not in ("i", "me", "we")


def _count_question(question: list[Tok], i: int, noun: Tok, width: int) -> list[Tok]:
    """A yes/no question with its count at ``i`` (``width`` tokens) as "How many NOUN ...?"."""
    head = question[0]
    return [
        Tok("How", "how", None, ""),
        Tok("many", "many", None, " "),
        _respace(noun, " "),
        replace(head, text=head.text.lower(), space=" "),
        *question[1:i],
        *question[i + width :],
    ]


_HOLDERS = frozenset({"i", "he", "she", "they", "we", "my", "his", "her", "their", "our"})


def _tells_board(s: Sequence[Tok], i: int) -> bool:
    """ "I say it only counts my lands and I only have Forests": at "and", a clause that
    tells what a player has ends the claim; it is a fact of the position, not claimed."""
    if s[i].lemma != "and" or i + 2 >= len(s) or s[i + 1].lemma not in _HOLDERS:
        return False
    k = i + 2
    if s[i + 1].lemma in ("my", "his", "her", "their", "our"):
        # "and my only other land is a Swamp"
        words = [t.lemma for t in s[k : k + 4]]
        return bool(words) and words[0] in ("only", "land") and "land" in words
    while k < len(s) and s[k].lemma in ("only", "just", "also", "still"):
        k += 1
    return k < len(s) and s[k].lemma in ("have", "control", "got")


def _lets_me(question: list[Tok]) -> list[Tok] | None:
    """ "Does haste let me tap it the turn I cast it?": "Can I tap it the turn I cast it, with
    haste?", the enabler kept as a condition."""
    if len(question) < 5 or question[0].lemma not in ("do", "will", "would", "can", "could"):
        return None
    at = next(
        (i for i, t in enumerate(question) if t.lemma in ("let", "allow") and t.card is None), None
    )
    if at is None or at < 2 or at + 2 >= len(question):
        return None
    enabler = question[1:at]
    who: list[Tok] = [Tok("I", "i", None, " ")]
    if question[at + 1].lemma == "me":
        tail = question[at + 2 :]
    else:
        # "Does haste let a creature tap for mana ...": whether a creature can, with haste.
        verb = next(
            (
                j
                for j in range(at + 2, min(len(question), at + 6))
                if question[j].card is None and (question[j].tag or "") in ("VB", "VBP")
            ),
            None,
        )
        if verb is None or question[at + 1].lemma not in ("a", "an", "my", "the", "it", "your"):
            return None
        who = [_respace(question[at + 1], " "), *question[at + 2 : verb]]
        tail = question[verb:]
    if tail and tail[0].lemma == "to":
        tail = tail[1:]
    end = [t for t in tail if t.card is None and t.text in _END]
    body = [t for t in tail if not (t.card is None and t.text in _END)]
    if not body or len(enabler) > 6 or any(t.card is not None for t in enabler):
        # A card that lets me do something does it by its own ability ("Does Springleaf Drum
        # let me tap a creature?"): that stays the card's question.
        return None
    return [
        Tok("Can", "can", None, ""),
        *who,
        _respace(body[0], " "),
        *body[1:],
        Tok(",", ",", None, ""),
        Tok("with", "with", None, " "),
        _respace(enabler[0], " "),
        *enabler[1:],
        *(end[-1:] or [Tok("?", "?", None, "")]),
    ]


_ACTIONS = frozenset(
    ("tap", "untap", "attack", "block", "activate", "cast", "kick", "pay", "crew", "use")
)


# Who makes a choice the rules can force ("he didn't block"), and the choices they can force.
_ACTORS = frozenset(["i", "you", "we", "they", "he", "she", "opponent"])
_FORCED = frozenset(["block", "attack", "sacrifice", "discard", "pay", "choose"])


def _obliged(question: list[Tok]) -> list[Tok] | None:
    """ "Does he block?", asked of a player who didn't: "Does he have to block?"."""
    if len(question) < 3 or question[0].lemma != "do" or question[1].lemma not in _ACTORS:
        return None
    verb = question[2]
    if verb.card is not None or verb.lemma not in _FORCED:
        return None
    have = Tok("have", "have", None, " ")
    to = Tok("to", "to", None, " ")
    return [*question[:2], have, to, replace(verb, text=verb.lemma), *question[3:]]


def _reason_at(asked: list[Tok]) -> int | None:
    """Where a yes/no question gives its reason ("... since it can attack", "... because they
    have flying"): "since" or "because" before a pronoun and its verb, not "since last turn"."""
    if not asked or asked[0].lemma not in ("can", "do", "be", "will", "should", "could"):
        return None
    for j in range(4, len(asked) - 3):
        t = asked[j]
        if (
            t.card is None
            and t.lemma in ("since", "because")
            and asked[j + 1].lemma
            in (
                "it",
                "they",
                "he",
                "she",
                "i",
                "we",
                "you",
            )
        ):
            return j
    return None


def _conclusion(body: list[Tok]) -> tuple[list[Tok], list[Tok]] | None:
    """A claim "A so B" as its reason A and its conclusion B, when B says what can or does
    happen ("so it can swing", "so it doesn't trigger")."""
    for j in range(2, len(body) - 3):
        t = body[j]
        if t.card is not None or t.text.casefold() != "so":
            continue
        rest = body[j + 1 :]
        verbs = [u for u in rest[:10] if u.text.casefold().replace("’", "'") in _CLAIM_VERBS]
        if verbs and rest[0].lemma not in ("that", "far"):
            reason = body[:j]
            while reason and reason[-1].text in (",", ";"):
                reason = reason[:-1]
            return reason, [_opening(rest[0]), *rest[1:]]
    return None


def _waits(asked: list[Tok]) -> list[Tok] | None:
    """ "do i can't tap it?", as the lexicon reads "do I have to wait a turn to tap it?": the
    question "Can I tap it?" whose yes means no waiting is needed."""
    for start in range(len(asked) - 3):
        opener = asked[start]
        if opener.lemma not in ("do", "will", "would", "should") or opener.card is not None:
            continue
        if start and asked[start - 1].text not in (",", "-", ";", ":"):
            continue  # the question opens the sentence or a clause of its own
        at = start + 2
        if asked[at].text.casefold() != "can't" or asked[start + 1].lemma not in _PRONOUN_SUBJECTS:
            continue
        rest = asked[at + 1 :]
        if not rest or rest[0].card is not None:
            return None
        can = Tok("Can", "can", None, "") if start == 0 else Tok("can", "can", None, opener.space)
        return [*asked[:start], can, asked[start + 1], *rest]
    return None


_BARE_ACTIONS = frozenset(
    ["tap", "untap", "attack", "block", "activate", "crew", "use", "sacrifice", "kick", "cast"]
)


def _subjectless(asked: list[Tok]) -> list[Tok] | None:
    """ "tap for mana now?", "attack with it?": a question that drops "can it" or "can I"."""
    if len(asked) < 2 or asked[-1].text != "?":
        return None
    verb = asked[0]
    if verb.card is not None or verb.lemma not in _BARE_ACTIONS:
        return None
    if verb.text.casefold() != verb.lemma:
        return None  # "tapped it for mana?" reports; only the bare verb asks
    nxt = asked[1]
    # What is acted on or with ("tap it", "attack with it") makes the asker the subject.
    player = nxt.card is not None or nxt.lemma in ("it", "them", "with", "my", "this", "that")
    subject = Tok("I", "i", None, " ") if player else Tok("it", "it", None, " ")
    return [
        Tok("Can", "can", None, ""),
        subject,
        replace(verb, text=verb.lemma, space=" "),
        *asked[1:],
    ]


def _it_as_context_card(
    asked: list[Tok], before: Sequence[list[Tok]], names: Sequence[str], aux: frozenset[str]
) -> list[Tok] | None:
    """ "I have Fellwar Stone. What can it make if they control Islands?": "it", the subject
    asked about, is the one card the context names, not a card named later in the question."""
    for i in range(1, len(asked) - 1):
        t = asked[i]
        if t.card is not None:
            return None  # a card comes first: "it" may be that card
        if t.lemma == "it" and t.text.casefold() == "it" and asked[i - 1].lemma in aux:
            break
    else:
        return None
    if not any(u.card is not None for u in asked[i + 1 :]):
        return None  # no other card in the question: the context's card is the only one
    named = {names[u.card]: u for s in before for u in s if u.card is not None}
    if len(named) != 1 or any(u.card is not None and names[u.card] in named for u in asked):
        # "It has to block Gaea's Protector": "it" isn't the card the question names itself.
        return None
    card = next(iter(named.values()))
    return [*asked[:i], replace(card, space=t.space), *asked[i + 1 :]]


def _it_as_claimed_card(
    asked: list[Tok], bodies: Sequence[list[Tok]], names: Sequence[str], aux: frozenset[str]
) -> list[Tok] | None:
    """ "He says Dryad Arbor can tap the turn it's played, I say no. Who's right, can it?": the
    claims are left out of the question, so its "it" is the one card they name."""
    if any(t.card is not None for t in asked):
        return None
    named = {names[u.card]: u for b in bodies for u in b if u.card is not None}
    if len(named) != 1:
        return None
    card = next(iter(named.values()))
    for i in range(1, len(asked)):
        t = asked[i]
        if t.lemma == "it" and t.text.casefold() == "it" and asked[i - 1].lemma in aux:
            return [*asked[:i], replace(card, space=t.space), *asked[i + 1 :]]
    return None


def _acts(question: Sequence[Tok]) -> bool:
    """ "Does my Llanowar Elves tap for mana ...?": a report of something a player or a
    permanent did, which the rules allow or not."""
    if not question or question[0].lemma != "do":
        return False
    verb = next(
        (t for t in question[1:] if t.card is None and (t.tag or "").startswith("VB")), None
    )
    return verb is not None and verb.lemma in _ACTIONS


def _supposed(question: list[Tok]) -> list[Tok] | None:
    """ "Isn't it supposed to trigger?": "Does it trigger?"; "isn't he supposed to block with
    both?": "Does he have to block with both?"."""
    if len(question) < 5 or question[0].card is not None:
        return None
    if question[0].text.casefold().replace("’", "'") not in _BE_AUX:
        return None
    at = next(
        (i for i in range(2, min(len(question) - 2, 7)) if question[i].lemma == "suppose"), None
    )
    if at is None or question[at + 1].lemma != "to":
        return None
    subject = question[1:at]
    if not subject or any(t.lemma in ("not", "n't") for t in subject[1:]):
        return None
    if subject[0].lemma in ("not", "n't"):
        subject = subject[1:]
    verb = question[at + 2]
    if verb.card is not None or not verb.text[:1].isalpha() or not subject:
        return None
    plural = subject[-1].lemma in _PLURAL_SUBJECTS or subject[-1].tag == "NNS"
    aux = Tok("Do" if plural else "Does", "do", None, "")
    must = [Tok("have", "have", None, " "), Tok("to", "to", None, " ")]
    head = must if verb.lemma in ("block", "attack") else []
    return [
        aux,
        _respace(subject[0], " "),
        *subject[1:],
        *head,
        replace(verb, text=verb.lemma, space=" "),
        *question[at + 3 :],
    ]


def _with_card(tail: list[Tok], subject: Sequence[Tok]) -> list[Tok]:
    """ "Comet Storm didn't let me choose a second target": "... choose a second target, with
    Comet Storm", so the card the report is about stays in the question."""
    cards = [t for t in subject if t.card is not None]
    if not cards or not tail:
        return tail
    return [*tail, Tok(",", ",", None, ""), Tok("with", "with", None, " "), *subject]


_CLAUSE_OPENERS = frozenset(
    ("when", "whenever", "after", "if", "while", "as", "because", "before", "once", "since")
)


def _two_clauses(statement: Sequence[Tok]) -> bool:
    """Whether a report joins two clauses with their own subjects ("... and it only got 1
    counter"), so that "is that a bug?" could be about either."""
    for i, t in enumerate(statement[:-2]):
        if t.card is None and t.lemma in ("and", "but") and i > 1:
            nxt = statement[i + 1]
            if nxt.card is not None or nxt.lemma in _PRONOUN_SUBJECTS:
                return True
            # "... and my Llanowar Elves couldn't tap": a card of someone's is a subject too.
            if nxt.lemma in _OWNER_WORDS and any(
                t.card is not None for t in statement[i + 2 : i + 4]
            ):
                return True
    return False


def _as_can(question: list[Tok]) -> list[Tok]:
    """ "Does he tap it and attack?" asked as whether it was allowed: "Can he tap it and
    attack?", with each verb after "and" in its base form."""
    if not question or question[0].lemma != "do":
        return question
    out = [Tok("Can", "can", None, "")]
    for i, t in enumerate(question[1:], 1):
        after_and = question[i - 1].lemma == "and"
        if after_and and t.card is None and t.tag in ("VBD", "VBN", "VBZ"):
            t = replace(t, text=t.lemma)
        out.append(t)
    return out


def _attributive(subject: Sequence[Tok]) -> bool:
    """Whether a subject so far ends inside a noun phrase: a determiner, or a participle
    right after one ("a kicked ...")."""
    last = subject[-1]
    if last.card is not None:
        return False
    if last.lemma in _DETERMINERS:
        return True
    return len(subject) >= 2 and subject[-2].lemma in _DETERMINERS and last.tag in _VERB_TAGS


def _drop_set_codes(toks: list[Tok]) -> list[Tok]:
    """ "Kor Sanctifiers (C14) was able to ...": a set code after a card says which printing,
    not what happened, and would stand between the card and its verb."""
    out: list[Tok] = []
    i = 0
    while i < len(toks):
        out.append(toks[i])
        code = toks[i + 2].text if i + 3 < len(toks) else ""
        if (
            toks[i].card is not None
            and toks[i + 1 : i + 2]
            and toks[i + 1].text == "("
            and toks[i + 3].text == ")"
            and 3 <= len(code) <= 5
            and code.isupper()
            and code.isalnum()
        ):
            i += 4
            continue
        i += 1
    return out


def _same_axis(old: Fact, new: Fact) -> bool:
    """Whether a later fact restates the earlier one's question (timing, or one event kind)."""
    if old.kind == "timing":
        return True
    return old.value.removeprefix("not ") == new.value.removeprefix("not ")


def _respace(tok: Tok, space: str) -> Tok:
    return replace(tok, space=space)


def _opening(tok: Tok) -> Tok:
    """``tok`` as the first word of a sentence of its own: capitalised, no space before."""
    return replace(tok, text=tok.text[:1].upper() + tok.text[1:], space="")


def _body_end(sentence: Sequence[Tok]) -> int:
    """Where the sentence's closing punctuation begins (its length if it has none)."""
    end = len(sentence)
    while end and sentence[end - 1].card is None and sentence[end - 1].text in _END:
        end -= 1
    return end


def _join(toks: Iterable[Tok]) -> str:
    return "".join(t.space + t.text for t in toks)


def _index_of(sentences: Sequence[list[Tok]], sentence: list[Tok]) -> int:
    return next((i for i, s in enumerate(sentences) if s is sentence), len(sentences))


def _render(toks: Sequence[Tok]) -> tuple[str, list[tuple[int, int, int]], list[int]]:
    """The text of the tokens, where each card sits in it, and where each token starts."""
    parts: list[str] = []
    pos = 0
    spans: list[tuple[int, int, int]] = []
    starts: list[int] = []
    for t in toks:
        space = t.space if t.space or not parts else ""
        if (
            not space
            and parts
            and t.text[:1].isalnum()
            and (parts[-1][-1:].isalnum() or parts[-1][-1:] in ".?!")
        ):
            space = " "
        parts.append(space)
        pos += len(space)
        starts.append(pos)
        if t.card is not None:
            spans.append((t.card, pos, pos + len(t.text)))
        parts.append(t.text)
        pos += len(t.text)
    return "".join(parts), spans, starts


def _last(items: Sequence[list[Tok]], pred: Callable[[list[Tok]], bool]) -> int | None:
    for i in range(len(items) - 1, -1, -1):
        if pred(items[i]):
            return i
    return None
