"""The on-disk cache of compiled patterns: same patterns as re's, and never in the way."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import bot.ask.families
import engine
from bot import patterns
from bot.patterns import PatternCache
from engine.lazyre import LazyPattern

SAMPLES = [
    "Can Llanowar Elves tap for mana the turn it enters?",
    "CARD was kicked twice, so how many counters does the copy get?",
    "my opp's CARD must be blocked if able; i have 2 untapped guys with reach",
    "What colors can CARD make if they control an Island and a Swamp?",
]


def _lazy_patterns() -> list[LazyPattern]:
    found: dict[tuple[str, int], LazyPattern] = {}
    for package in (engine, bot.ask.families):
        for info in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            module = importlib.import_module(info.name)
            for value in vars(module).values():
                if isinstance(value, LazyPattern):
                    found[(value.pattern, value.flags)] = value
    return list(found.values())


def _same(a: re.Pattern[str], b: re.Pattern[str]) -> None:
    assert (a.pattern, a.flags, a.groups, dict(a.groupindex)) == (
        b.pattern,
        b.flags,
        b.groups,
        dict(b.groupindex),
    )
    for text in SAMPLES:
        for x, y in zip(a.finditer(text), b.finditer(text), strict=True):
            assert (x.span(), x.groups()) == (y.span(), y.groups())


def test_patterns_read_back_from_the_file_match_as_re_compiles_them(tmp_path: Path) -> None:
    lazies = _lazy_patterns()
    assert len(lazies) > 50
    path = tmp_path / "patterns.marshal"
    first = PatternCache(path)
    for p in lazies:
        _same(first.compile(p.pattern, p.flags), re.compile(p.pattern, p.flags))
    first.save()
    assert path.stat().st_size > 0
    again = PatternCache(path)
    assert len(again._known) == len(lazies)
    for p in lazies:
        _same(again.compile(p.pattern, p.flags), re.compile(p.pattern, p.flags))
    named = again.compile(r"(?P<count>\d+) (?i:cards?)", re.I)
    assert named.search("draw 2 CARDS") is not None
    assert named.groupindex["count"] == 1


def test_a_damaged_or_foreign_file_is_ignored_and_replaced(tmp_path: Path) -> None:
    path = tmp_path / "patterns.marshal"
    path.write_bytes(b"\x00not marshal at all")
    cache = PatternCache(path)
    assert cache.compile(r"\btap\b").search("can it tap") is not None
    cache.save()
    assert len(PatternCache(path)._known) == 1
    # Code lists from another Python or regex engine are never used.
    import marshal

    path.write_bytes(marshal.dumps((("other",), {("x", 0): (0, [1, 2], 0, {}, (None,))})))
    assert PatternCache(path)._known == {}


def test_a_folder_it_cannot_write_costs_nothing_but_time(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder would be", encoding="utf-8")
    cache = PatternCache(blocked / "sub" / "patterns.marshal")
    assert cache.compile("ab+c").fullmatch("abbc") is not None
    cache.save()  # no error
    assert blocked.read_text(encoding="utf-8").startswith("a file")


def test_a_bad_pattern_raises_as_re_does(tmp_path: Path) -> None:
    with pytest.raises(re.error):
        PatternCache(tmp_path / "p.marshal").compile("(unclosed")


def test_the_cache_can_be_turned_off_or_moved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULESBOT_PATTERN_CACHE", "off")
    assert patterns.install() is None
    told = tmp_path / "elsewhere.marshal"
    monkeypatch.setenv("RULESBOT_PATTERN_CACHE", str(told))
    from engine import lazyre

    try:
        cache = patterns.install()
        assert cache is not None and cache.path == told
        assert lazyre.compile_pattern(r"\bkick(ed)?\b").search("it was kicked") is not None
        cache.save()
        assert told.is_file()
    finally:
        patterns.uninstall()
    assert patterns.active() is None


def test_patterns_compiled_through_re_itself_are_kept_too(tmp_path: Path) -> None:
    path = tmp_path / "p.marshal"
    try:
        cache = patterns.install(path)
        assert cache is not None
        # A pattern no module has, compiled the way a function's re.search(r"...") does.
        text = r"\b(?P<n>\d+) kicker costs? of \{(?P<c>[0-9WUBRG])\}"
        re.purge()
        found = re.search(text, "pay 2 kicker costs of {2}", re.I)
        assert found is not None and found["n"] == "2"
        assert (text, int(re.I)) in cache._known
        cache.save()
        again = PatternCache(path)
        _same(again.compile(text, re.I), re._compiler.compile(text, re.I))  # type: ignore[attr-defined]
        # Bytes patterns and re.DEBUG go to re as before.
        assert re.compile(rb"ab+").search(b"abb") is not None
    finally:
        patterns.uninstall()


def test_dataclass_methods_are_compiled_once_and_behave_the_same(tmp_path: Path) -> None:
    import dataclasses

    def make() -> type:
        @dataclasses.dataclass(frozen=True, kw_only=True)
        class Cost:
            generic: int
            colors: tuple[str, ...] = ()

        return Cost

    path = tmp_path / "p.marshal"
    try:
        cache = patterns.install(path)
        assert cache is not None
        first = make()
        assert cache._code
        cache.save()
        patterns.uninstall()
        again = patterns.install(path)
        assert again is not None and again is not cache
        assert set(again._code) == set(cache._code)
        second = make()
    finally:
        patterns.uninstall()
    plain = make()
    for cls in (first, second, plain):
        value = cls(generic=2, colors=("U",))
        assert repr(value).endswith("Cost(generic=2, colors=('U',))")
        assert value == cls(generic=2, colors=("U",)) and hash(value) == hash(
            cls(generic=2, colors=("U",))
        )
        with pytest.raises(dataclasses.FrozenInstanceError):
            value.generic = 3  # type: ignore[attr-defined]
        # The methods are compiled as the builtin exec compiles them: no __future__ features,
        # so annotations stay objects, not strings.
        assert cls.__init__.__annotations__ == plain.__init__.__annotations__


def test_the_lexicon_read_back_is_the_one_built_and_follows_its_files(tmp_path: Path) -> None:
    from bot.ask import lexicon

    built = lexicon._build(
        *(lexicon._read(n) for n in ("lexicon.toml", "lexicon_forms.json", "common_words.txt"))
    )
    path = tmp_path / "p.marshal"
    try:
        for _ in range(2):
            patterns.install(path)
            lexicon.load.cache_clear()
            assert lexicon.load() == built
            cache = patterns.active()
            assert cache is not None and "lexicon" in cache._derived
            cache.save()
            patterns.uninstall()
        cache = PatternCache(path)
        # Other files (or other code) are not served the old tables.
        calls: list[int] = []
        sources = ("changed",)
        assert cache.derived("lexicon", sources, lambda: calls.append(1) or 7) == 7
        assert calls == [1]
        # A table marshal can't write is built each time, never an error.
        thing = object()
        assert cache.derived("other", sources, lambda: thing) is thing
        assert "other" not in cache._derived
    finally:
        patterns.uninstall()
        lexicon.load.cache_clear()
