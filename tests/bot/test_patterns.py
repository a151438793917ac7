"""The compiled-pattern cache gives what re.compile gives, from a stored file or without one."""

from __future__ import annotations

import marshal
import re
from pathlib import Path

import pytest

from bot.patterns import PatternCache, build_key

PATTERNS = [
    (r"\bkick(?:ed|er)?\b", 0),
    (r"(?P<count>\d+|two|three)\s+times", re.I),
    (r"^as an additional cost(?!, you may)", re.I | re.M),
    (r"(?:\{[^{}\s]{1,5}\})+|[^\W_]+(?:['’/\-.][^\W_]+)*/?", re.UNICODE),
    (r"(a)|(b)(?P<c>c)?", re.S | re.X),
]
TEXT = "Three times I kicked it. As an additional cost to cast this spell, pay {2}{U}. abc"


def _same(a: re.Pattern[str], b: re.Pattern[str]) -> None:
    # Pattern equality compares the compiled code, not only the source.
    assert a == b
    assert (a.flags, a.groups, a.groupindex) == (b.flags, b.groups, b.groupindex)
    assert [m.groups() for m in a.finditer(TEXT)] == [m.groups() for m in b.finditer(TEXT)]


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_a_pattern_from_the_cache_is_the_one_re_compiles(
    tmp_path: Path, pattern: str, flags: int
) -> None:
    path = tmp_path / "patterns.marshal"
    first = PatternCache(path)
    _same(first.compile(pattern, flags), re.compile(pattern, flags))
    first.save()
    assert path.is_file()
    again = PatternCache(path)
    _same(again.compile(pattern, flags), re.compile(pattern, flags))
    again.save()  # nothing new: the file is left as it was
    assert marshal.loads(path.read_bytes())["patterns"].keys() == {(pattern, int(flags))}


def test_a_damaged_or_foreign_file_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "patterns.marshal"
    path.write_bytes(b"not marshal data")
    _same(PatternCache(path).compile(r"\bx\b"), re.compile(r"\bx\b"))
    # An entry from another interpreter build is not used.
    bad = (int(re.U), [0, 1, 2], 0, {}, (None,))
    path.write_bytes(marshal.dumps({"key": ("other", 0, 0), "patterns": {(r"\by\b", 0): bad}}))
    _same(PatternCache(path).compile(r"\by\b"), re.compile(r"\by\b"))
    # Nor is an entry whose code the regex engine refuses.
    path.write_bytes(marshal.dumps({"key": build_key(), "patterns": {(r"\bz\b", 0): bad}}))
    _same(PatternCache(path).compile(r"\bz\b"), re.compile(r"\bz\b"))


def test_bytes_patterns_and_errors_are_re_s_own(tmp_path: Path) -> None:
    cache = PatternCache(tmp_path / "patterns.marshal")
    assert cache.compile(rb"\d+", 0) == re.compile(rb"\d+")
    with pytest.raises(re.error):
        cache.compile(r"(unclosed", 0)


def test_an_unwritable_cache_folder_costs_nothing_but_time(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    cache = PatternCache(blocker / "sub" / "patterns.marshal")
    _same(cache.compile(r"\bq\b"), re.compile(r"\bq\b"))
    cache.save()
    assert not (blocker / "sub").exists()
