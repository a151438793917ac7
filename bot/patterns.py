"""What a process compiles from fixed text, kept on disk between processes as bytecode is.

The families match a few hundred patterns against every question. Parsing and compiling
them is most of a one-shot ``rulesbot ask``'s time, and the result never changes for a
given pattern and Python. So the compiled form (the ``_sre`` code list ``re`` builds) is
saved after a run and handed straight to ``_sre.compile`` by the next; patterns compiled
through ``re`` itself (``re.search(r"...")`` in a function) are served the same way. The
same holds for the methods ``dataclasses`` generates as source text and compiles for each
class (a value type's first use), and for tables derived from data files (the lexicon),
kept with the text they were derived from. Anything unexpected (another Python, a damaged
or foreign file, an unwritable folder) falls back to compiling: the cache only ever saves
time.
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import atexit
import contextlib
import marshal
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from re import _compiler  # type: ignore[attr-defined]
from types import CodeType
from typing import Any, TypeVar

from engine import lazyre

# Patterns built from a question's own words would grow the file without end; the fixed
# ones a process uses number a few hundred.
MAX_PATTERNS = 4096
# Dataclass methods are generated from each class's fields: a few hundred classes.
MAX_CODES = 4096
_FORMAT = 2

Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
T = TypeVar("T")

# re's own compile step, kept before install() routes it through a cache.
_re_compile: Callable[..., re.Pattern[str]] = _compiler.compile


def _log() -> Any:
    # Imported when there is something to say: the front end installs the cache before it
    # imports logging, whose patterns it then compiles through the cache too.
    import logging

    return logging.getLogger(__name__)


def _stamp() -> tuple[Any, ...]:
    """What a compiled code list depends on: the format, Python and its regex engine."""
    from importlib.util import MAGIC_NUMBER

    return (
        _FORMAT,
        sys.implementation.name,
        sys.version_info[:2],
        _sre.MAGIC,
        _sre.CODESIZE,
        MAGIC_NUMBER,
    )


def default_path() -> Path:
    from platformdirs import user_cache_dir

    name = f"patterns-{sys.implementation.name}{sys.version_info[0]}{sys.version_info[1]}.marshal"
    return Path(user_cache_dir("rulesbot", appauthor=False)) / name


class PatternCache:
    """Compiles patterns, from the saved code lists where it has them.

    Each saved entry stays in marshal's bytes until a process uses it: a file grown by many
    questions' patterns costs little more to open than a small one.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._known: dict[tuple[str, int], bytes] = {}
        # Bytecode of generated source text (dataclass methods), by the text.
        self._code: dict[str, bytes] = {}
        # Tables derived from data files: name -> (the files' text, the table).
        self._derived: dict[str, tuple[tuple[str, ...], bytes]] = {}
        self._added = 0
        self._load()

    def _load(self) -> None:
        try:
            blob = self.path.read_bytes()
        except OSError:
            return
        try:
            stamp, known, code, derived = marshal.loads(blob)
        except (EOFError, ValueError, TypeError):
            _log().debug("ignoring an unreadable pattern cache at %s", self.path)
            return
        if stamp == _stamp() and all(isinstance(t, dict) for t in (known, code, derived)):
            self._known, self._code, self._derived = known, code, derived

    def compile(self, pattern: str, flags: int = 0) -> re.Pattern[str]:
        key = (pattern, int(flags))
        entry = self._known.get(key)
        if entry is not None:
            try:
                compiled: re.Pattern[str] = _sre.compile(pattern, *marshal.loads(entry))
                return compiled
            except (EOFError, TypeError, ValueError, RuntimeError):
                del self._known[key]
        return self._compile_new(key)

    def _compile_new(self, key: tuple[str, int]) -> re.Pattern[str]:
        from re import _parser  # type: ignore[attr-defined]

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
            # re's internals moved in this Python: compile as re does.
            return _re_compile(pattern, flags)
        if len(self._known) < MAX_PATTERNS:
            self._known[key] = marshal.dumps(entry)
            self._added += 1
        return compiled

    def code(self, source: str) -> CodeType:
        """``source`` compiled as ``exec`` compiles it for a module with no __future__ imports."""
        blob = self._code.get(source)
        if blob is not None:
            try:
                saved = marshal.loads(blob)
            except (EOFError, TypeError, ValueError):
                saved = None
            if isinstance(saved, CodeType):
                return saved
        compiled = compile(source, "<string>", "exec", dont_inherit=True)
        if len(self._code) < MAX_CODES:
            self._code[source] = marshal.dumps(compiled)
            self._added += 1
        return compiled

    def derived(self, name: str, sources: tuple[str, ...], build: Callable[[], T]) -> T:
        """``build()``, a table derived from ``sources`` alone, saved while they stay the same.

        What ``build`` returns must be made of types ``marshal`` writes (no class instances).
        """
        saved = self._derived.get(name)
        if saved is not None and saved[0] == sources:
            try:
                value: T = marshal.loads(saved[1])
                return value
            except (EOFError, TypeError, ValueError):
                pass
        value = build()
        try:
            self._derived[name] = (sources, marshal.dumps(value))  # type: ignore[arg-type]
        except ValueError:
            return value  # not of marshal's types: built each time, as with no cache
        self._added += 1
        return value

    def save(self) -> None:
        """Write what this process compiled new, if anything; never raises."""
        if not self._added:
            return
        import tempfile  # only when there is something to write: it loads shutil, bz2, random

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".patterns-")
            try:
                with os.fdopen(fd, "wb") as out:
                    blob = (_stamp(), self._known, self._code, self._derived)
                    out.write(marshal.dumps(blob))
                os.replace(tmp, self.path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
            self._added = 0
        except (OSError, ValueError):
            _log().debug("couldn't save the pattern cache at %s", self.path, exc_info=True)


def install(path: Path | None = None) -> PatternCache | None:
    """Compile patterns, dataclass methods and the lexicon through a cache saved at exit.

    RULESBOT_PATTERN_CACHE names another file, or "off" for none.
    """
    global _active
    told = os.environ.get("RULESBOT_PATTERN_CACHE", "")
    if told.casefold() in ("off", "0", "no", "false"):
        return None
    where = path or (Path(told) if told else default_path())
    cache = _installed.get(where)
    if cache is None:
        cache = _installed[where] = PatternCache(where)
        atexit.register(cache.save)
    _active = cache
    lazyre.set_compiler(cache.compile)
    _compiler.compile = _compile_hook
    import dataclasses  # after the hook into re: its import compiles a pattern

    # dataclasses compiles each generated method with the builtin exec, found by name in
    # its module: a module global of that name is found first.
    dataclasses.exec = _exec_hook  # type: ignore[attr-defined]
    return cache


def uninstall() -> None:
    """Compile as if no cache had been installed (tests that install one clean up so)."""
    global _active
    _active = None
    _installed.clear()
    lazyre.set_compiler(re.compile)
    _compiler.compile = _re_compile
    dataclasses = sys.modules.get("dataclasses")
    if dataclasses is not None:
        vars(dataclasses).pop("exec", None)


def active() -> PatternCache | None:
    """The cache install() put in place, if any: what else derives from fixed text uses it."""
    return _active


# One cache per file in a process that installs more than once (tests call main() often).
_installed: dict[Path, PatternCache] = {}
# The one the hooks into re and dataclasses use: the last installed.
_active: PatternCache | None = None


def _compile_hook(pattern: Any, flags: int = 0) -> Any:
    """re's compile step (``re._compiler.compile``), served from the cache for text patterns."""
    cache = _active
    if cache is None or not isinstance(pattern, str) or flags & re.DEBUG:
        return _re_compile(pattern, flags)
    return cache.compile(pattern, flags)


def _exec_hook(source: Any, globals: dict[str, Any] | None = None, locals: Any = None, /) -> None:
    """The builtin exec, with text compiled through the cache (dataclasses' use of it)."""
    if globals is None:
        # As the builtin does: the caller's namespace, not this function's.
        caller = sys._getframe(1)
        globals = caller.f_globals
        if locals is None:
            locals = caller.f_locals
    cache = _active
    if cache is not None and isinstance(source, str):
        source = cache.code(source)
    exec(source, globals, locals)
