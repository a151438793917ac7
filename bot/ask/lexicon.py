"""The reader's phrasing knowledge: data/lexicon.toml and its lemma table, loaded once."""

from __future__ import annotations

import re
from dataclasses import astuple, dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any

from data import FOLDER

Phrase = tuple[str, ...]

# Words, mana symbols ({2}{U} as one token) and single punctuation marks.
TOKEN = re.compile(r"(?:\{[^{}\s]{1,5}\})+|[^\W_]+(?:['’/\-.][^\W_]+)*/?|[^\w\s]", re.UNICODE)


@dataclass(frozen=True)
class Rewrite:
    """A casual phrase (as lemmas) and the canonical words the families read instead."""

    source: Phrase
    to: str
    verb: bool
    prev: frozenset[str]
    next: frozenset[str]
    # What it reads as right before a card's name, if that differs ("2x Mana Reflection").
    before_card: str | None = None
    # Only as written in this case ("lower", "upper"): "u" is "you", "U" is blue mana.
    case: str | None = None
    # Only this inflection, as written: "my opponents Eidolon" drops an apostrophe, where
    # "my opponent Eidolon" doesn't.
    written: tuple[str, ...] | None = None
    # Only right before a card's name ("took my opponent's Eidolon"), never elsewhere.
    card_next: bool = False


@dataclass(frozen=True)
class Lexicon:
    """Everything in data/lexicon.toml, with phrases split into lemma tuples."""

    rewrites: dict[str, tuple[Rewrite, ...]]
    forms: dict[str, tuple[Phrase, ...]]
    framing: dict[str, tuple[Phrase, ...]]
    timing: dict[str, tuple[Phrase, ...]]
    negators: frozenset[Phrase]
    negation_stops: frozenset[str]
    overrides: frozenset[Phrase]
    events: dict[str, tuple[Phrase, ...]]
    control: dict[str, tuple[Phrase, ...]]
    numbers: dict[str, int]
    lemmas: dict[str, tuple[str, str]]
    inflections: dict[str, dict[str, str]]
    common: frozenset[str]
    # Players' short names for cards ("cradle": Gaea's Cradle).
    nicknames: dict[str, str] = field(default_factory=dict)
    # (part of a missing fact's wording, ((label, sentence it adds), ...))
    missing: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    # Kinds of thing and the words players call them by ("creature_type": elf, goblin, ...).
    nouns: dict[str, tuple[Phrase, ...]] = field(default_factory=dict)
    # Word classes by place in a question ("subject_aux": can, do, be, ...), as lemmas.
    words: dict[str, frozenset[str]] = field(default_factory=dict)
    # Every surface form the lemma table knows for a lemma ("elf": elf, elves).
    surfaces: dict[str, frozenset[str]] = field(default_factory=dict)

    def options_for(self, fact: str) -> tuple[tuple[str, str], ...]:
        """What the asker can pick for a fact the ruling is missing (none if unknown)."""
        low = fact.casefold()
        for when, options in self.missing:
            if when in low:
                return options
        return ()

    def lemma(self, word: str) -> str:
        low = word.casefold().replace("’", "'")
        hit = self.lemmas.get(low)
        return hit[0] if hit else low

    def tag(self, word: str) -> str | None:
        hit = self.lemmas.get(word.casefold().replace("’", "'"))
        return hit[1] if hit else None

    def inflect(self, lemma: str, tag: str | None) -> str:
        """``lemma`` in the form ``tag`` ("attack", "VBD" -> "attacked"); the lemma if unknown."""
        forms = self.inflections.get(lemma, {})
        if tag == "VBN":
            return forms.get("VBN") or forms.get("VBD") or lemma
        return forms.get(tag or "", lemma)


def _read(name: str) -> str:
    return (FOLDER / name).read_text(encoding="utf-8")


@cache
def english() -> frozenset[str]:
    """Less common English words ("flier"), beyond ``Lexicon.common``; read on first use."""
    return frozenset(_read("english_words.txt").split())


@cache
def load() -> Lexicon:
    from bot import patterns

    texts = (_read("lexicon.toml"), _read("lexicon_forms.json"), _read("common_words.txt"))
    cache = patterns.active()
    if cache is None:
        return _build(*texts)
    try:
        # The tables depend on this module's code as much as on the files.
        code = Path(__file__).read_text(encoding="utf-8")
    except OSError:
        return _build(*texts)
    # A front end that keeps compiled patterns keeps the lexicon's tables with them.
    return _thaw(cache.derived("lexicon", (code, *texts), lambda: _freeze(_build(*texts))))


def _freeze(lex: Lexicon) -> tuple[Any, ...]:
    """The lexicon's fields in plain types (rewrites as tuples), for marshal."""
    rewrites = {k: tuple(astuple(r) for r in v) for k, v in lex.rewrites.items()}
    return (rewrites, *(getattr(lex, f.name) for f in fields(Lexicon)[1:]))


def _thaw(plain: tuple[Any, ...]) -> Lexicon:
    rewrites = {k: tuple(Rewrite(*r) for r in v) for k, v in plain[0].items()}
    return Lexicon(rewrites, *plain[1:])


def _build(toml_text: str, forms_text: str, common_text: str) -> Lexicon:
    import json
    import tomllib

    raw: dict[str, Any] = tomllib.loads(toml_text)
    table = json.loads(forms_text)
    lemmas = {k: (v[0], v[1]) for k, v in table["lemma"].items()}
    inflections: dict[str, dict[str, str]] = table["inflect"]

    def lemma_of(word: str) -> str:
        hit = lemmas.get(word)
        return hit[0] if hit else word

    def phrase(text: str) -> Phrase:
        return tuple(lemma_of(t.casefold()) for t in TOKEN.findall(text))

    def phrases(values: list[str]) -> tuple[Phrase, ...]:
        # Longest first, so "shouldn't it be able to" wins over "shouldn't it".
        return tuple(sorted({phrase(v) for v in values}, key=lambda p: (-len(p), p)))

    rewrites: dict[str, list[Rewrite]] = {}
    for entry in raw["rewrite"]:
        for source in entry["from"]:
            rw = Rewrite(
                source=phrase(source),
                to=entry["to"],
                verb=entry.get("pos") == "VERB",
                prev=frozenset(lemma_of(w) for w in entry.get("prev", [])),
                next=frozenset(lemma_of(w) for w in entry.get("next", [])),
                before_card=entry.get("before_card"),
                case=entry.get("case"),
                written=tuple(source.casefold().split()) if entry.get("written") else None,
                card_next=bool(entry.get("card_next")),
            )
            rewrites.setdefault(rw.source[0], []).append(rw)
    negation = raw["negation"]
    surfaces: dict[str, set[str]] = {}
    for surface, (base, _tag) in lemmas.items():
        surfaces.setdefault(base, {base}).add(surface)
    return Lexicon(
        rewrites={k: tuple(sorted(v, key=lambda r: -len(r.source))) for k, v in rewrites.items()},
        forms={k: phrases(v) for k, v in raw["form"].items()},
        framing={k: phrases(v) for k, v in raw["framing"].items()},
        timing={k: phrases(v) for k, v in raw["timing"].items()},
        negators=frozenset(phrases(negation["words"])),
        negation_stops=frozenset(lemma_of(w) for w in negation["stop"]),
        overrides=frozenset(phrases(negation["override"])),
        events={k: phrases(v) for k, v in raw["events"].items()},
        control={k: phrases(v) for k, v in raw["control_words"].items()},
        numbers={str(k): int(v) for k, v in raw["numbers"].items()},
        lemmas=lemmas,
        inflections=inflections,
        common=frozenset(common_text.split()),
        nicknames={str(k): str(v) for k, v in raw.get("nicknames", {}).items()},
        missing=tuple(
            (
                m["when"].casefold(),
                tuple((o["label"], o["says"]) for o in m["options"]),
            )
            for m in raw.get("missing", [])
        ),
        nouns={k: phrases(v) for k, v in raw.get("nouns", {}).items()},
        words={
            k: frozenset(lemma_of(w.casefold()) for w in v) for k, v in raw.get("words", {}).items()
        },
        surfaces={k: frozenset(v) for k, v in surfaces.items()},
    )
