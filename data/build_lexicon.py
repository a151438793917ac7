"""Derive the reader's lemma table (lemminflect) and common-word list (wordfreq) from data/lexicon.toml."""

from __future__ import annotations

import json
import re
import sys
import tomllib
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
LEXICON = HERE / "lexicon.toml"
FORMS = HERE / "lexicon_forms.json"
COMMON = HERE / "common_words.txt"
# How many of English's most frequent words count as "common": a lone one is not a card name.
COMMON_COUNT = 25_000
ENGLISH = HERE / "english_words.txt"
# Less common English words, of the length a card's short name has: "flier", "chronicler"
# are English, "nyxbloom" (0.0) and "kinnan" (1.3) are not (wordfreq's Zipf scale).
ENGLISH_ZIPF = 2.0
ENGLISH_MIN_LENGTH = 5
ENGLISH_SEARCHED = 200_000
_WORD = re.compile(r"[a-z][a-z'\-]*")

# Words players use about the game that the lexicon's phrases do not spell out, but whose
# inflections the reader should still see as one word ("tapped", "entering", "kicks").
CORE_VERBS = [
    "activate",
    "attack",
    "block",
    "cast",
    "play",
    "enter",
    "leave",
    "tap",
    "untap",
    "kick",
    "copy",
    "trigger",
    "resolve",
    "counter",
    "target",
    "sacrifice",
    "destroy",
    "exile",
    "return",
    "bounce",
    "flicker",
    "blink",
    "create",
    "draw",
    "discard",
    "pay",
    "add",
    "produce",
    "make",
    "generate",
    "control",
    "steal",
    "skip",
    "forgo",
    "snag",
    "swipe",
    "nab",
    "gain",
    "take",
    "give",
    "get",
    "put",
    "bring",
    "crew",
    "animate",
    "equip",
    "enchant",
    "attach",
    "bestow",
    "die",
    "say",
    "think",
    "claim",
    "tell",
    "argue",
    "let",
    "allow",
    "try",
    "attempt",
    "want",
    "plan",
    "intend",
    "mean",
    "stop",
    "forget",
    "decide",
    "happen",
    "work",
    "need",
    "require",
    "choose",
    "become",
    "turn",
    "come",
    "go",
    "hit",
    "swing",
    "send",
    "drop",
    "summon",
    "reanimate",
    "clone",
    "fork",
    "count",
    "double",
    "triple",
    "use",
    "let",
    "have",
    "do",
    "be",
]
CORE_NOUNS = [
    "creature",
    "land",
    "spell",
    "ability",
    "permanent",
    "enchantment",
    "artifact",
    "aura",
    "token",
    "copy",
    "opponent",
    "player",
    "turn",
    "time",
    "card",
    "mana",
    "cost",
    "kicker",
    "trigger",
    "counter",
    "target",
]


def vocabulary(lexicon: dict[str, Any]) -> tuple[set[str], set[str]]:
    """(verbs, other words): every single word the lexicon's phrases use, plus the core words."""
    words: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            words.update(_WORD.findall(value.casefold()))
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, dict):
            for item in value.values():
                walk(item)

    walk(lexicon)
    verbs = set(CORE_VERBS)
    for entry in lexicon.get("rewrite", []):
        if entry.get("pos") == "VERB":
            for phrase in [*entry["from"], entry["to"]]:
                verbs.add(phrase.split()[0].casefold())
    for section in ("events", "framing"):
        for phrases in lexicon.get(section, {}).values():
            for phrase in phrases if isinstance(phrases, list) else []:
                verbs.add(phrase.split()[0].casefold())
    return verbs, (words | set(CORE_NOUNS)) - verbs


def build(lexicon: dict[str, Any]) -> dict[str, Any]:
    """{"lemma": {surface: [lemma, tag]}, "inflect": {lemma: {tag: surface}}}, sorted."""
    from lemminflect import getAllInflections, getAllLemmas

    verbs, others = vocabulary(lexicon)
    lemma: dict[str, list[str]] = {}
    inflect: dict[str, dict[str, str]] = {}
    for verb in sorted(verbs):
        forms = getAllInflections(verb, upos="VERB")
        if not forms:
            continue
        inflect[verb] = {tag: surfaces[0] for tag, surfaces in sorted(forms.items())}
        # Base forms first, so "come" reads as the base and not the past participle.
        for tag in ("VB", "VBP", "VBZ", "VBG", "VBD", "VBN"):
            for surface in forms.get(tag, ()):
                lemma.setdefault(surface, [verb, tag])
    for word in sorted(others):
        for upos in ("NOUN", "ADJ"):
            forms = getAllInflections(word, upos=upos)
            for tag, surfaces in sorted(forms.items()):
                for surface in surfaces:
                    if surface != word:
                        lemma.setdefault(surface, [word, tag])
    # Surfaces the lexicon uses that lemminflect knows only as someone else's inflection.
    for word in sorted(verbs | others):
        if word not in lemma:
            for upos, lemmas in getAllLemmas(word).items():
                if upos in ("VERB", "NOUN") and lemmas[0] != word:
                    lemma[word] = [lemmas[0], upos]
                    break
    return {
        "lemma": dict(sorted(lemma.items())),
        "inflect": dict(sorted(inflect.items())),
    }


def common_words() -> list[str]:
    """English's most frequent words (wordfreq), letters only, sorted."""
    from wordfreq import top_n_list

    return sorted({w for w in top_n_list("en", COMMON_COUNT) if _WORD.fullmatch(w)})


def english_words() -> list[str]:
    """English words beyond the common list (Zipf frequency at least ENGLISH_ZIPF), sorted."""
    from wordfreq import top_n_list, zipf_frequency

    common = set(common_words())
    return sorted(
        {
            w
            for w in top_n_list("en", ENGLISH_SEARCHED)
            if _WORD.fullmatch(w)
            and len(w) >= ENGLISH_MIN_LENGTH
            and w not in common
            and zipf_frequency(w, "en") >= ENGLISH_ZIPF
        }
    )


def main() -> int:
    lexicon = tomllib.loads(LEXICON.read_text(encoding="utf-8"))
    FORMS.write_text(json.dumps(build(lexicon), indent=0, sort_keys=True) + "\n", encoding="utf-8")
    COMMON.write_text("\n".join(common_words()) + "\n", encoding="utf-8")
    ENGLISH.write_text("\n".join(english_words()) + "\n", encoding="utf-8")
    print(f"wrote {FORMS.name}, {COMMON.name} and {ENGLISH.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
