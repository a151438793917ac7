"""Regular expressions compiled on first use, so a process pays only for the ones it runs."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

_compile: Callable[[str, int], re.Pattern[str]] = re.compile


def set_compiler(compile_pattern: Callable[[str, int], re.Pattern[str]]) -> None:
    """Compile every pattern through ``compile_pattern`` (the front end may cache them)."""
    global _compile
    _compile = compile_pattern


def compile_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile``, through the compiler the front end set, if any."""
    return _compile(pattern, flags)


class LazyPattern:
    """A ``re.Pattern[str]`` stand-in that compiles when first matched.

    A module holds dozens of patterns and one question runs a few of them; compiling
    each costs up to a millisecond, paid at import by every process.
    """

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = _compile(self.pattern, self.flags)
        return self._compiled

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count)

    @property
    def groupindex(self) -> dict[str, int]:
        return dict(self.compiled.groupindex)

    def __repr__(self) -> str:
        return f"lazy({self.pattern!r}, {self.flags!r})"


def lazy(pattern: str, flags: int = 0) -> LazyPattern:
    """``re.compile(pattern, flags)``, deferred to the first match."""
    return LazyPattern(pattern, flags)
