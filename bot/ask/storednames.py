"""Card names looked up in the store's own tables, so asking needs no index built in memory."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from bot.ask import lexicon
from bot.ask.textcards import _COMMON_SINGLE, MAX_SPAN_WORDS, NameRow, TextCardFinder
from bot.store.names import epithet_forms

if TYPE_CHECKING:
    from bot.store.catalog import Catalog

T = TypeVar("T")

# Lookups remembered per process; past this many the memo starts afresh.
_MEMO_LIMIT = 50_000

_EXACT = (
    "SELECT name, name, oracle_id, is_token FROM cards WHERE norm_name = ?1 "
    "UNION ALL "
    "SELECT f.name, c.name, f.oracle_id, c.is_token FROM card_faces f "
    "JOIN cards c USING (oracle_id) WHERE f.norm_name = ?1 AND f.name <> c.name"
)
# Normalized names hold only [0-9a-z ] and "!" sorts right after " ": the names whose
# first words are ?1 lie between "?1 " and "?1!".
_PREFIXED = (
    "SELECT EXISTS (SELECT 1 FROM cards WHERE norm_name >= ?1 || ' ' AND norm_name < ?1 || '!') "
    "OR EXISTS (SELECT 1 FROM card_faces WHERE norm_name >= ?1 || ' ' AND norm_name < ?1 || '!')"
)
_FIRST = (
    "SELECT name FROM cards WHERE norm_name >= ?1 || ' ' AND norm_name < ?1 || '!' "
    "UNION "
    "SELECT c.name FROM card_faces f JOIN cards c USING (oracle_id) "
    "WHERE f.norm_name >= ?1 || ' ' AND f.norm_name < ?1 || '!'"
)
# The real cards with a word of their name or a face's name: "nyxbloom", "coralhelm".
_WORDED = (
    "SELECT DISTINCT c.name FROM name_words w JOIN cards c USING (oracle_id) "
    "WHERE w.word = ?1 AND NOT c.is_token"
)
# Every epithet form of a name starts with its first word, as its normalized name does.
_EPITHET_NAMES = (
    "SELECT name, oracle_id FROM cards WHERE norm_name >= ?1 || ' ' AND norm_name < ?1 || '!' "
    "AND name LIKE '%,%' AND NOT is_token ORDER BY rowid"
)


class StoredNames:
    """Read-only name lookups through a connection of its own, memoized until data changes.

    The ask pipeline may run in worker threads, so queries take a lock; a change
    committed by any connection (an import, a sync, another process) shows in
    ``PRAGMA data_version`` and empties the memos.
    """

    def __init__(self, path: Path) -> None:
        target = f"{path.resolve().as_uri()}?mode=ro"
        self._db = sqlite3.connect(target, uri=True, check_same_thread=False)
        self._lock = threading.Lock()
        self._version: int | None = None
        self._generation: int | None = None
        self._exact: dict[str, list[NameRow]] = {}
        self._prefixed: dict[str, bool] = {}
        self._first: dict[str, set[str]] = {}
        self._words: dict[str, bool] = {}
        self._worded: dict[str, set[str]] = {}
        self._initials: dict[str, tuple[str, ...]] = {}
        self._rule_words: frozenset[str] | None = None
        self._keys: list[str] | None = None
        self._buckets: dict[tuple[int, str], list[str]] | None = None
        self._epithets: dict[str, list[tuple[NameRow, frozenset[str]]]] = {}
        self.refresh()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _rows(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def refresh(self) -> bool:
        """Forget every memo if the stored data changed since the last call; True if it did.

        A commit of any kind shows in PRAGMA data_version (a cheap check); only a new
        data generation (cards, rulings or rules changed) empties the memos.
        """
        version = int(self._rows("PRAGMA data_version", ())[0][0])
        if version == self._version:
            return False
        self._version = version
        found = self._rows("SELECT value FROM meta WHERE key = 'data_generation'", ())
        generation = int(found[0][0]) if found else 0
        if generation == self._generation:
            return False
        self._generation = generation
        memos = (self._exact, self._prefixed, self._first, self._words, self._worded)
        for memo in (*memos, self._epithets, self._initials):
            memo.clear()
        self._keys = self._buckets = None
        self._rule_words = None
        return True

    @staticmethod
    def _memo(memo: dict[str, T], key: str, compute: Callable[[str], T]) -> T:
        found = memo.get(key)
        if found is None:
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            found = memo[key] = compute(key)
        return found

    def exact(self, key: str) -> list[NameRow]:
        return self._memo(self._exact, key, self._load_exact)

    def _load_exact(self, key: str) -> list[NameRow]:
        rows = [
            NameRow(name=r[0], card_name=r[1], oracle_id=r[2], is_token=bool(r[3]))
            for r in self._rows(_EXACT, (key,))
        ]
        if not rows:
            alias = self.alias(key)
            if alias is not None:
                rows = [alias]
        return rows

    def alias(self, key: str) -> NameRow | None:
        """ "ivy spellthief" for Ivy, Gleeful Spellthief: an epithet short form only one card has.

        Only the names that start with the key's first word can have it as a form, so
        this reads those few, not every name with an epithet.
        """
        if " " not in key:
            return None
        first = key.split(" ", 1)[0]
        named = self._memo(self._epithets, first, self._load_epithets)
        found = [row for row, forms in named if key in forms]
        if len({r.card_name for r in found}) != 1:
            return None
        return found[0]

    def _load_epithets(self, first: str) -> list[tuple[NameRow, frozenset[str]]]:
        out: list[tuple[NameRow, frozenset[str]]] = []
        for name, oracle_id in self._rows(_EPITHET_NAMES, (first,)):
            row = NameRow(name=name, card_name=name, oracle_id=oracle_id, is_token=False)
            out.append((row, frozenset(epithet_forms(name))))
        return out

    def prefixes(self, key: str) -> bool:
        return self._memo(self._prefixed, key, lambda k: bool(self._rows(_PREFIXED, (k,))[0][0]))

    def first(self, word: str) -> set[str]:
        return self._memo(self._first, word, lambda w: {r[0] for r in self._rows(_FIRST, (w,))})

    def worded(self, word: str) -> set[str]:
        """The real cards with ``word`` (normalized) as a word of a name."""
        return self._memo(self._worded, word, lambda w: {r[0] for r in self._rows(_WORDED, (w,))})

    def rule_words(self) -> frozenset[str]:
        """Every word of the rules text (a typo's targets), read on first use."""
        if self._rule_words is None:
            self._rule_words = frozenset(
                r[0] for r in self._rows("SELECT word FROM rule_words", ())
            )
        return self._rule_words

    def words_from(self, initial: str) -> tuple[str, ...]:
        """Every word of names that starts with ``initial`` (a typo's candidates)."""
        return self._memo(
            self._initials,
            initial,
            lambda i: tuple(
                r[0]
                for r in self._rows(
                    "SELECT DISTINCT word FROM name_words WHERE word >= ?1 AND word < ?1 || '~'",
                    (i,),
                )
            ),
        )

    def is_rules_word(self, word: str) -> bool:
        return word in _COMMON_SINGLE or self._memo(
            self._words,
            word,
            lambda w: bool(self._rows("SELECT 1 FROM rule_words WHERE word = ?", (w,))),
        )

    def keys(self) -> list[str]:
        """Every normalized name of a real card (not a token), loaded on first use."""
        if self._keys is None:
            # In the order an in-memory index sees them: cards, then faces.
            order: dict[str, bool] = {}
            for key, token in self._rows("SELECT norm_name, is_token FROM cards", ()):
                order[key] = order.get(key, False) or not token
            for key, token in self._rows(
                "SELECT f.norm_name, c.is_token FROM card_faces f JOIN cards c USING (oracle_id) "
                "ORDER BY f.oracle_id, f.face_index",
                (),
            ):
                order[key] = order.get(key, False) or not token
            self._keys = [k for k, real in order.items() if k and real]
        return self._keys

    def buckets(self) -> dict[tuple[int, str], list[str]]:
        if self._buckets is None:
            buckets: dict[tuple[int, str], list[str]] = {}
            for key in self.keys():
                buckets.setdefault((len(key.split()), key[0]), []).append(key)
            self._buckets = buckets
        return self._buckets


class _Exact:
    def __init__(self, names: StoredNames) -> None:
        self._names = names

    def get(self, key: str, default: Any = None) -> list[NameRow] | None:
        return self._names.exact(key) or default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and bool(self._names.exact(key))


class _Prefixes:
    def __init__(self, names: StoredNames) -> None:
        self._names = names

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and bool(key) and self._names.prefixes(key)


class _First:
    def __init__(self, names: StoredNames) -> None:
        self._names = names

    def get(self, word: str, default: Any = None) -> set[str] | None:
        return self._names.first(word) or default


class _Buckets:
    def __init__(self, names: StoredNames) -> None:
        self._names = names

    def get(self, key: tuple[int, str], default: list[str] | None = None) -> list[str] | None:
        return self._names.buckets().get(key, default)


class _Vocabulary:
    def __init__(self, names: StoredNames) -> None:
        self._names = names

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and self._names.is_rules_word(word)


class StoredCardFinder(TextCardFinder):
    """A TextCardFinder whose name tables are queries over the store, not dicts built up front."""

    def __init__(self, names: StoredNames) -> None:
        # The parent's tables, as objects that query the store when read.
        self.names = names
        self._exact = _Exact(names)  # type: ignore[assignment]
        self._first = _First(names)  # type: ignore[assignment]
        self._prefixes = _Prefixes(names)  # type: ignore[assignment]
        self._max_words = MAX_SPAN_WORDS
        self._buckets = _Buckets(names)  # type: ignore[assignment]
        self._vocab = _Vocabulary(names)  # type: ignore[assignment]
        self._common = lexicon.load().common

    def _worded(self, word: str) -> set[str]:
        return self.names.worded(word)

    def _name_words_from(self, initial: str) -> tuple[str, ...]:
        return self.names.words_from(initial)

    def rule_words(self) -> frozenset[str]:
        return self.names.rule_words()

    @property
    def _keys(self) -> list[str]:  # type: ignore[override]
        # Only fuzzy bracket matching scores every name; until then none are loaded.
        return self.names.keys()

    def scan(self, text: str) -> Any:
        self.names.refresh()
        return super().scan(text)


async def card_finder(catalog: Catalog) -> TextCardFinder:
    """The finder for ``catalog``: over its tables when it has a file, else built in memory."""
    path = catalog.path
    if path is not None and path.is_file():
        try:
            return StoredCardFinder(StoredNames(path))
        except sqlite3.Error:
            pass
    from bot.ask.pipeline import rules_vocabulary

    rows = [
        NameRow(
            name=e.name,
            card_name=e.face_of or e.name,
            oracle_id=e.oracle_id,
            is_token=bool(e.is_token),
        )
        for e in await catalog.names()
    ]
    return TextCardFinder(rows, await rules_vocabulary(catalog))
