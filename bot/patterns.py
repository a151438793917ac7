"""Compiled regular expressions kept between processes, as Python keeps bytecode.

A cold `rulesbot ask` compiles some 370 patterns (the engine's, the handlers', the
standard library's), and re's parser, pure Python, costs it more than anything else it
does. ``install`` puts a cache in front of the compiler behind ``re.compile``: the
compiled form (SRE code) is stored per interpreter build in the user's cache folder, and a
later process hands it straight to ``_sre.compile``, which validates it, and gets the
pattern ``re.compile`` would have made.
"""

from __future__ import annotations

import atexit
import contextlib
import marshal
import os
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

# (flags, code, groups, groupindex, indexgroup): the arguments _sre.compile takes after
# the pattern, as re._compiler.compile passes them.
Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]

# Past this many patterns the file starts afresh: patterns built from input vary.
LIMIT = 3000


def _sre() -> Any:
    import _sre  # type: ignore[import-not-found]

    return _sre


def build_key() -> tuple[str, int, int]:
    """What the stored code depends on: the interpreter and its regex engine's version."""
    return (sys.implementation.name, sys.hexversion, int(_sre().MAGIC))


def cache_dir() -> Path:
    """$RULESBOT_CACHE_DIR, else the platform's user cache folder for rulesbot."""
    named = os.environ.get("RULESBOT_CACHE_DIR")
    if named:
        return Path(named)
    if sys.platform == "win32":
        local = os.environ.get("LOCALAPPDATA")
        base = Path(local) if local else Path.home() / "AppData" / "Local"
        return base / "rulesbot" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "rulesbot"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "rulesbot"


def build(pattern: str, flags: int) -> tuple[re.Pattern[str], Entry]:
    """``re.compile(pattern, flags)``, and the entry that rebuilds it (re._compiler.compile)."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    state = parsed.state
    indexgroup: list[str | None] = [None] * state.groups
    for name, index in state.groupdict.items():
        indexgroup[index] = name
    entry: Entry = (
        int(flags | state.flags),
        [int(c) for c in code],
        state.groups - 1,
        dict(state.groupdict),
        tuple(indexgroup),
    )
    return _sre().compile(pattern, *entry), entry


class PatternCache:
    """Patterns compiled from a stored entry when there is one, else compiled and stored."""

    def __init__(self, path: Path, fallback: Callable[[Any, int], Any] = re.compile) -> None:
        self.path = path
        # What compiles what the cache doesn't keep (bytes, debug output).
        self._fallback = fallback
        self._entries: dict[tuple[str, int], Entry] | None = None
        self._added = 0
        self._lock = threading.Lock()

    def _read(self) -> dict[tuple[str, int], Entry]:
        try:
            data = marshal.loads(self.path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        if not isinstance(data, dict) or data.get("key") != build_key():
            return {}
        patterns = data.get("patterns")
        return patterns if isinstance(patterns, dict) else {}

    def compile(self, pattern: Any, flags: int = 0) -> Any:
        """The pattern ``re.compile(pattern, flags)`` gives."""
        flags = int(flags)
        if not isinstance(pattern, str) or flags & re.DEBUG:
            return self._fallback(pattern, flags)
        with self._lock:
            if self._entries is None:
                self._entries = self._read()
            entry = self._entries.get((pattern, flags))
        if entry is not None:
            try:
                compiled: re.Pattern[str] = _sre().compile(pattern, *entry)
                return compiled
            except (RuntimeError, TypeError, ValueError, OverflowError):
                pass  # a damaged entry: compile the pattern afresh
        compiled, entry = build(pattern, flags)
        with self._lock:
            assert self._entries is not None
            self._entries[(pattern, flags)] = entry
            self._added += 1
        return compiled

    def save(self) -> None:
        """Write what this process compiled, beside what others stored meanwhile."""
        with self._lock:
            if not self._added or self._entries is None:
                return
            merged = {**self._read(), **self._entries}
            if len(merged) > LIMIT:
                merged = dict(self._entries)
            self._added = 0
        blob = marshal.dumps({"key": build_key(), "patterns": merged})
        temp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temp.write_bytes(blob)
            os.replace(temp, self.path)
        except OSError:
            # A cache that can't be written costs the next process time, nothing else.
            with contextlib.suppress(OSError):
                temp.unlink()


_installed: PatternCache | None = None


def install() -> PatternCache | None:
    """Compile every pattern of this process through the cache, saved at exit.

    For the command line's process only (its entry point calls this). Where the
    interpreter's re has no such compiler (not CPython 3.11+), patterns compile as usual.
    """
    global _installed
    if _installed is not None or sys.implementation.name != "cpython":
        return _installed
    try:
        from re import _compiler, _parser  # type: ignore[attr-defined]
    except ImportError:
        return None
    original = getattr(_compiler, "compile", None)
    if not (callable(original) and callable(getattr(_compiler, "_code", None))):
        return None
    if not callable(getattr(_parser, "parse", None)):
        return None
    name = f"patterns-{sys.implementation.cache_tag}.marshal"
    _installed = PatternCache(cache_dir() / name, original)
    # re.compile, re.search(...) and the rest call this on a miss in re's own cache.
    _compiler.compile = _installed.compile
    atexit.register(_installed.save)
    return _installed
