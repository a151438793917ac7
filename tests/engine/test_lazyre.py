"""Lazy patterns: nothing compiled until first use, then the same results as re."""

from __future__ import annotations

import re

import pytest

from engine.lazyre import lazy

TEXT = "Kicker {2}{U}. When this enters, if it was kicked, draw two cards."


def test_nothing_is_compiled_until_first_use() -> None:
    # An invalid pattern would fail at re.compile: a lazy one fails only when used.
    broken = lazy(r"(unclosed")
    assert broken.pattern == "(unclosed"
    with pytest.raises(re.error):
        broken.search("x")


@pytest.mark.parametrize(
    ("pattern", "flags"),
    [(r"\{(?P<sym>[^{}]+)\}", 0), (r"\bkick(?:er|ed)\b", re.I), (r"(\w+) cards", 0)],
)
def test_a_lazy_pattern_matches_as_re_does(pattern: str, flags: int) -> None:
    eager, deferred = re.compile(pattern, flags), lazy(pattern, flags)
    assert deferred.flags == flags
    span = eager.search(TEXT)
    got = deferred.search(TEXT)
    assert span is not None and got is not None and got.span() == span.span()
    assert (deferred.match(TEXT) is None) == (eager.match(TEXT) is None)
    assert deferred.findall(TEXT) == eager.findall(TEXT)
    assert [m.span() for m in deferred.finditer(TEXT)] == [m.span() for m in eager.finditer(TEXT)]
    assert deferred.sub("_", TEXT) == eager.sub("_", TEXT)
    assert deferred.subn("_", TEXT, 1) == eager.subn("_", TEXT, 1)
    assert deferred.split(TEXT) == eager.split(TEXT)
    assert deferred.groupindex == dict(eager.groupindex)
    assert (deferred.fullmatch("kicked") is None) == (eager.fullmatch("kicked") is None)
    late, eager_late = deferred.search(TEXT, 20), eager.search(TEXT, 20)
    assert (late and late.span()) == (eager_late and eager_late.span())
