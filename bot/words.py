"""Words of free text as the full-text index splits them, and the one stop-word list."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# Words too common in questions and rules to tell one text from another.
_STOP_TEXT = (
    "a an and are as at be by can do does for from had has have i if in is it its me my of "
    "on or s that the their them then there this to was were what when which while who will "
    "with would you your"
)
STOPWORDS = frozenset(re.split(r"\s+", _STOP_TEXT))
# SQLite's unicode61 tokenizer: letters and digits make words, everything else separates.
_WORD = re.compile(r"[^\W_]+")
# Unicode's blocks of combining diacritical marks, which NFKD splits off accented letters.
_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")
# Words of the rules as a question's words are checked against them ("{t}" included).
_RULE_WORD = re.compile(r"[a-z0-9{}]+")


def rule_vocabulary(texts: Iterable[str]) -> set[str]:
    """The words of rules texts, each normalized as card names are (``bot.store.names.normalize``)."""
    from bot.store.names import normalize

    raw = {w for text in texts for w in _RULE_WORD.findall(text.casefold())}
    found = {normalize(w) for w in raw}
    found.discard("")
    return found


def words(text: str) -> list[str]:
    """The words of ``text``, folded as the full-text index folds them (case, accents)."""
    folded = text.casefold()
    if not folded.isascii():
        folded = _MARKS.sub("", unicodedata.normalize("NFKD", folded))
    return _WORD.findall(folded)


def terms(text: str) -> list[str]:
    """The words of ``text`` that carry meaning (stop words left out), repeats kept."""
    return [w for w in words(text) if w not in STOPWORDS]


def match_any(text: str) -> str | None:
    """An FTS5 query matching any meaningful word of ``text``; None if it has none."""
    found = terms(text)
    return " OR ".join(f'"{w}"' for w in found) if found else None
