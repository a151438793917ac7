"""Compiled regular expressions kept on disk between processes, as Python keeps bytecode.

The families match a few hundred patterns against every question. Parsing and compiling
them is most of a one-shot ``rulesbot ask``'s time, and the result never changes for a
given pattern and Python. So the compiled form (the ``_sre`` code list ``re`` builds) is
saved after a run and handed straight to ``_sre.compile`` by the next. Anything unexpected
(another Python, a damaged or foreign file, an unwritable folder) falls back to
``re.compile``: the cache only ever saves time.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import atexit
import contextlib
import logging
import marshal
import os
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

from engine import lazyre

log = logging.getLogger(__name__)

# Patterns built from a question's own words would grow the file without end; the fixed
# ones a process uses number a few hundred.
MAX_PATTERNS = 4096
_FORMAT = 1

Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]


def _stamp() -> tuple[Any, ...]:
    """What a compiled code list depends on: the format, Python and its regex engine."""
    return (_FORMAT, sys.implementation.name, sys.version_info[:2], _sre.MAGIC, _sre.CODESIZE)


def default_path() -> Path:
    from platformdirs import user_cache_dir

    name = f"patterns-{sys.implementation.name}{sys.version_info[0]}{sys.version_info[1]}.marshal"
    return Path(user_cache_dir("rulesbot", appauthor=False)) / name


class PatternCache:
    """Compiles patterns, from the saved code lists where it has them."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._known: dict[tuple[str, int], Entry] = {}
        self._added = 0
        self._load()

    def _load(self) -> None:
        try:
            blob = self.path.read_bytes()
        except OSError:
            return
        try:
            stamp, known = marshal.loads(blob)
        except (EOFError, ValueError, TypeError):
            log.debug("ignoring an unreadable pattern cache at %s", self.path)
            return
        if stamp == _stamp() and isinstance(known, dict):
            self._known = known

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:

        key = (pattern, int(flags))
        entry = self._known.get(key)
        if entry is not None:
            try:
                compiled: re.Pattern[str] = _sre.compile(pattern, *entry)
                return compiled
            except (TypeError, ValueError, RuntimeError):
                del self._known[key]
        return self._compile_new(key)

    def _compile_new(self, key: tuple[str, int]) -> re.Pattern[str]:
        from re import _compiler, _parser  # type: ignore[attr-defined]

        pattern, flags = key
        try:
            parsed = _parser.parse(pattern, flags)
            code = [int(c) for c in _compiler._code(parsed, flags)]
            groupindex = dict(parsed.state.groupdict)
            indexgroup: list[str | None] = [None] * parsed.state.groups
            for name, index in groupindex.items():
                indexgroup[index] = name
            entry: Entry = (
                int(flags | parsed.state.flags),
                code,
                parsed.state.groups - 1,
                groupindex,
                tuple(indexgroup),
            )
            compiled: re.Pattern[str] = _sre.compile(pattern, *entry)
        except re.error:
            raise
        except Exception:
            # re's internals moved in this Python: compile the public way.
            return re.compile(pattern, flags)
        if len(self._known) < MAX_PATTERNS:
            self._known[key] = entry
            self._added += 1
        return compiled

    def save(self) -> None:
        """Write the code lists if this process compiled new ones; never raises."""
        if not self._added:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".patterns-")
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(marshal.dumps((_stamp(), self._known)))
                os.replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
            self._added = 0
        except (OSError, ValueError):
            log.debug("couldn't save the pattern cache at %s", self.path, exc_info=True)


def install(path: Path | None = None) -> PatternCache | None:
    """Compile the engine's and the families' patterns through a cache saved at exit.

    RULESBOT_PATTERN_CACHE names another file, or "off" for none.
    """
    told = os.environ.get("RULESBOT_PATTERN_CACHE", "")
    if told.casefold() in ("off", "0", "no", "false"):
        return None
    where = path or (Path(told) if told else default_path())
    cache = _installed.get(where)
    if cache is None:
        cache = _installed[where] = PatternCache(where)
        atexit.register(cache.save)
    lazyre.set_compiler(cache.compile)
    return cache


# One cache per file in a process that installs more than once (tests call main() often).
_installed: dict[Path, PatternCache] = {}
