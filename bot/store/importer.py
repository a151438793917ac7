"""Streaming, atomic import of Scryfall cards and rulings and the Comprehensive Rules text."""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import gzip
import io
import itertools
import json
import os
import re
import sys
import time
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Literal

import ijson  # type: ignore[import-untyped]
from pydantic import BaseModel, ConfigDict
from tqdm import tqdm

from bot.errors import ImportFailedError
from bot.store import Store
from bot.store.crtext import ParsedEffective, ParsedGlossary, ParsedRule, looks_like_cr, parse_cr
from bot.store.records import Dataset
from bot.store.staging import Staging, card_row, ruling_row

__all__ = ["ImportSummary", "ImportedFile", "detect", "import_paths", "import_stream"]

Kind = Literal["cards", "rulings", "rules"]
Format = Literal["array", "jsonl", "list", "text"]

_GZIP_MAGIC = b"\x1f\x8b"
_BOM = codecs.BOM_UTF8
_BATCH = 2000
_LIST_OBJECT = re.compile(rb'^\{\s*"object"\s*:\s*"list"')
_HEAD = 1 << 16
# Errors a damaged or wrong file can raise while being read; all become ImportFailedError.
_READ_ERRORS = (
    ValueError,  # JSON errors, ijson's IncompleteJSONError, UnicodeDecodeError, bad records
    EOFError,  # truncated gzip
    gzip.BadGzipFile,
    zlib.error,
    OSError,
    ijson.JSONError,
)


class ImportedFile(BaseModel):
    """One file an import read: ``path`` is absolute (or a stream's name)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    path: str
    kind: Kind
    format: Format
    gzipped: bool
    records: int


class ImportSummary(BaseModel):
    """What one import loaded; ``str()`` gives the one-line summary."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    files: list[ImportedFile]
    counts: dict[Dataset, int]
    glossary: int = 0
    cr_effective: str | None = None
    seconds: float
    # Card objects not stored as cards of their own, each with the reason.
    skipped: list[str] = []

    def __str__(self) -> str:
        parts = [
            f"{self.counts[d]:,} {d}" for d in ("cards", "rulings", "rules") if d in self.counts
        ]
        extra = ""
        if "rules" in self.counts:
            extra = f" ({self.glossary:,} glossary terms, CR effective {self.cr_effective or 'unknown'})"
        files = f"{len(self.files)} file" + ("s" if len(self.files) != 1 else "")
        line = f"Imported {', '.join(parts)}{extra} from {files} in {self.seconds:.1f} s."
        if self.skipped:
            shown = "; ".join(self.skipped[:3]) + ("; ..." if len(self.skipped) > 3 else "")
            line += f" {len(self.skipped):,} card objects were merged into another: {shown}."
        return line


class _Opened:
    """A file opened for sniffing and streaming; ``raw`` is the on-disk file for progress.

    Given an open binary file instead of a path, it reads from it and leaves it open.
    """

    def __init__(self, source: Path | IO[bytes]) -> None:
        self.owned = isinstance(source, Path)
        if isinstance(source, Path):
            self.path = source
            self.where = str(source.resolve())
            try:
                self.raw: IO[bytes] = open(source, "rb")  # noqa: SIM115 - closed in close()
            except FileNotFoundError as exc:
                raise ImportFailedError(f"No such file: {source}") from exc
            except IsADirectoryError as exc:
                raise ImportFailedError(f"{source} is a folder, not a data file.") from exc
            except OSError as exc:
                raise ImportFailedError(f"Can't read {source}: {exc.strerror}.") from exc
        else:
            name = getattr(source, "name", None)
            self.path = Path(name) if isinstance(name, str) else Path("<stream>")
            self.where = str(self.path)
            self.raw = source
        peek = getattr(self.raw, "peek", None)
        if peek is not None:
            magic = peek(2)[:2]
        elif self.raw.seekable():
            start = self.raw.tell()
            magic = self.raw.read(2)
            self.raw.seek(start)
        else:
            raise ImportFailedError("Can't import from a stream that can't be peeked or seeked.")
        self.gzipped = magic == _GZIP_MAGIC
        inner: Any = gzip.GzipFile(fileobj=self.raw, mode="rb") if self.gzipped else self.raw
        self.stream = io.BufferedReader(inner, buffer_size=_HEAD)

    def close(self) -> None:
        if not self.owned and not self.gzipped:
            # Closing the buffer would close the caller's file too.
            with contextlib.suppress(OSError, ValueError):
                self.stream.detach()
            return
        with contextlib.suppress(OSError, ValueError):
            self.stream.close()
        if self.owned:
            with contextlib.suppress(OSError):
                self.raw.close()

    def head(self) -> bytes:
        data = self.stream.peek(_HEAD)[:_HEAD]
        if data.startswith(_BOM):
            self.stream.read(len(_BOM))
            data = data[len(_BOM) :]
        return data


# Scryfall's bulk files nest five levels deep (a list, a card, its faces, a face, its
# image links); this leaves room for more without letting a hostile file nest thousands
# deep, which costs ijson memory in the square of the depth.
MAX_JSON_DEPTH = 16
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'[]{}"')
_STRING = re.compile(rb'"[^"]*"')
_STEP = [0] * 256
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


class _DepthGuard(io.RawIOBase):
    """Reads a JSON byte stream, refusing it once it nests deeper than ``limit``.

    The bytes are checked before whoever reads through the guard (ijson) sees them,
    in C-speed passes: escapes and then strings are cut out, and only brackets and
    braces are counted.
    """

    def __init__(self, inner: IO[bytes], limit: int = MAX_JSON_DEPTH) -> None:
        super().__init__()
        self._inner = inner
        self._limit = limit
        self._depth = 0
        self._in_string = False
        self._backslash = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self._inner.read(len(buffer))
        if data:
            self._check(data)
        buffer[: len(data)] = data
        return len(data)

    def _check(self, data: bytes) -> None:
        text = self._backslash + data
        # A run of backslashes cut at the chunk's end: its last one escapes the next byte.
        run = len(text) - len(text.rstrip(b"\\"))
        self._backslash = text[-1:] if run % 2 else b""
        if run % 2:
            text = text[:-1]
        text = text.replace(b"\\\\", b"").replace(b'\\"', b"")
        marks = text.translate(None, _NOT_STRUCTURE)
        if self._in_string:
            marks = b'"' + marks
        # Two quotes in a row close one string and open the next (or hold an empty one).
        marks = _STRING.sub(b"", marks.replace(b'""', b""))
        cut = marks.find(b'"')
        self._in_string = cut >= 0
        if cut >= 0:
            marks = marks[:cut]
        opens = marks.count(b"[") + marks.count(b"{")
        if self._depth + opens > self._limit:
            deepest = max(itertools.accumulate(map(_STEP.__getitem__, marks), initial=self._depth))
            if deepest > self._limit:
                raise ValueError(
                    f"it nests JSON more than {self._limit} levels deep, and Scryfall's files "
                    "never do; it is not a card or rulings file"
                )
        self._depth = max(0, self._depth + opens - marks.count(b"]") - marks.count(b"}"))


def _guarded(stream: IO[bytes]) -> IO[bytes]:
    return io.BufferedReader(_DepthGuard(stream), buffer_size=_HEAD)


def _json_kind(obj: Any) -> Kind | None:
    if not isinstance(obj, dict):
        return None
    tag = obj.get("object")
    if tag == "card":
        return "cards"
    if tag == "ruling":
        return "rulings"
    if tag is None and "oracle_id" in obj and "comment" in obj:
        return "rulings"
    if tag is None and "name" in obj and ("layout" in obj or "oracle_id" in obj):
        return "cards"
    return None


def _jsonl(stream: IO[bytes]) -> Iterator[Any]:
    for number, line in enumerate(stream, 1):
        if line.strip():
            try:
                yield json.loads(line)
            except ValueError as exc:
                raise ValueError(f"line {number} is not valid JSON") from exc


def _records(opened: _Opened) -> tuple[Format, Iterator[Any] | None]:
    """Sniff the format; the iterator is None for the CR text."""
    head = opened.head()
    first = head.lstrip()[:1]
    if first == b"[":
        return "array", ijson.items(_guarded(opened.stream), "item", use_float=True)
    if first == b"{":
        stripped = head.lstrip()
        line, newline, _ = stripped.partition(b"\n")
        if _LIST_OBJECT.match(stripped):
            return "list", ijson.items(_guarded(opened.stream), "data.item", use_float=True)
        if not newline and len(head) >= _HEAD:
            # A first record longer than the sniffed head: only JSON lines has those.
            return "jsonl", _jsonl(_guarded(opened.stream))
        try:
            obj = json.loads(line)
        except ValueError:
            obj = None
        if isinstance(obj, dict) and obj.get("object") != "list":
            return "jsonl", _jsonl(_guarded(opened.stream))
        # A Scryfall list object ({"object": "list", "data": [...]}), maybe pretty-printed.
        return "list", ijson.items(_guarded(opened.stream), "data.item", use_float=True)
    try:
        text = codecs.getincrementaldecoder("utf-8")().decode(head, final=False)
    except UnicodeDecodeError:
        raise ValueError("it is a binary file, not JSON, gzip or text") from None
    if looks_like_cr(text):
        return "text", None
    raise ValueError(
        "it is neither a Scryfall card or rulings list (JSON array or JSON lines) "
        "nor the Comprehensive Rules text"
    )


def _take(items: Iterator[Any], convert: Callable[[Any], Any], start: int) -> list[Any]:
    batch = []
    for offset, obj in enumerate(itertools.islice(items, _BATCH)):
        try:
            batch.append(convert(obj))
        except ValueError as exc:
            raise ValueError(f"record {start + offset + 1}: {exc}") from exc
    return batch


class _Progress:
    def __init__(self, files: list[Path | IO[bytes]], enabled: bool) -> None:
        total = 0
        for file in files:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                total += (
                    file.stat().st_size
                    if isinstance(file, Path)
                    else os.fstat(file.fileno()).st_size
                )
        self.bar = tqdm(
            total=total,
            unit="B",
            unit_scale=True,
            unit_divisor=1024,
            file=sys.stderr,
            disable=not (enabled and sys.stderr.isatty()),
            leave=False,
        )
        self._done = 0
        self._last = 0

    def file(self, path: Path) -> None:
        self._done += self._last
        self._last = 0
        self.bar.set_description(path.name[:30])

    def seen(self, raw: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            position = raw.tell()
            self.bar.update(max(0, position - self._last))
            self._last = position

    def close(self) -> None:
        self.bar.close()


async def _stage_file(
    staging: Staging, file: Path | IO[bytes], expect: Kind | None, progress: _Progress
) -> ImportedFile:
    opened = await asyncio.to_thread(_Opened, file)
    path = opened.path
    try:
        progress.file(path)
        fmt, items = await asyncio.to_thread(_records, opened)
        if items is None:
            kind: Kind = "rules"
            records = await _stage_rules(staging, opened, progress)
        else:
            first = await asyncio.to_thread(next, items, None)
            if first is None:
                raise ValueError("it holds no records")
            detected = _json_kind(first)
            if detected is None:
                raise ValueError("its records are neither Scryfall cards nor rulings")
            kind = detected
            records = await _stage_json(
                staging, kind, itertools.chain([first], items), progress, opened
            )
        if expect is not None and kind != expect:
            raise ValueError(f"expected {expect} but found {kind}")
        return ImportedFile(
            path=opened.where, kind=kind, format=fmt, gzipped=opened.gzipped, records=records
        )
    except _READ_ERRORS as exc:
        reason = str(exc) or type(exc).__name__
        if isinstance(exc, EOFError | ijson.IncompleteJSONError) or "incomplete" in reason.lower():
            reason = f"it ends too early (truncated?): {reason}"
        raise ImportFailedError(f"Can't import {path}: {reason}. Nothing was changed.") from exc
    finally:
        opened.close()


async def _stage_json(
    staging: Staging, kind: Kind, items: Iterator[Any], progress: _Progress, opened: _Opened
) -> int:
    def convert(obj: Any) -> Any:
        found = _json_kind(obj)
        if found != kind:
            raise ValueError(f"expected a {kind[:-1]} like the first record")
        return card_row(obj) if kind == "cards" else ruling_row(obj)

    count = 0
    while True:
        batch = await asyncio.to_thread(_take, items, convert, count)
        if not batch:
            return count
        if kind == "cards":
            await staging.add_cards(batch)
        else:
            await staging.add_rulings(batch)
        count += len(batch)
        progress.seen(opened.raw)


async def _stage_rules(staging: Staging, opened: _Opened, progress: _Progress) -> int:
    text = io.TextIOWrapper(opened.stream, encoding="utf-8-sig", newline=None)
    try:
        return await _stage_rule_lines(staging, text, opened, progress)
    finally:
        # Detached, the wrapper can't close the stream (and a caller's file) when collected.
        with contextlib.suppress(ValueError, OSError):
            text.detach()


async def _stage_rule_lines(
    staging: Staging, text: io.TextIOWrapper, opened: _Opened, progress: _Progress
) -> int:
    parsed = parse_cr(text)
    rules = glossary = 0

    def take() -> list[Any]:
        return list(itertools.islice(parsed, _BATCH))

    while batch := await asyncio.to_thread(take):
        await staging.add_rules(r for r in batch if isinstance(r, ParsedRule))
        await staging.add_glossary((g.term, g.text) for g in batch if isinstance(g, ParsedGlossary))
        for item in batch:
            if isinstance(item, ParsedEffective):
                staging.effective = item.effective
        rules += sum(isinstance(r, ParsedRule) for r in batch)
        glossary += sum(isinstance(g, ParsedGlossary) for g in batch)
        progress.seen(opened.raw)
    if not rules:
        raise ValueError("no numbered rules found")
    if not glossary:
        raise ValueError("the rules end before the Glossary, so the file looks truncated")
    return rules


async def _run(
    store: Store,
    files: list[tuple[Path | IO[bytes], Kind | None]],
    source: str | None,
    progress: bool,
) -> ImportSummary:
    if not files:
        raise ImportFailedError("No files to import.")
    started = time.perf_counter()
    bar = _Progress([p for p, _ in files], progress)
    imported: list[ImportedFile] = []
    sources: dict[Dataset, str] = {}
    try:
        async with store.staging() as staging:
            for file, expect in files:
                done = await _stage_file(staging, file, expect, bar)
                if done.kind == "rules" and done.kind in sources:
                    raise ImportFailedError(
                        "Give one Comprehensive Rules file per import. Nothing was changed."
                    )
                imported.append(done)
                sources[done.kind] = source or done.path
            counts = await staging.commit(sources)
            glossary, effective, merged = staging.glossary, staging.effective, staging.merged
    finally:
        bar.close()
    return ImportSummary(
        files=imported,
        counts=counts,
        glossary=glossary,
        cr_effective=effective.isoformat() if effective else None,
        seconds=time.perf_counter() - started,
        skipped=merged,
    )


async def import_paths(
    store: Store,
    paths: list[Path],
    *,
    source: str | None = None,
    progress: bool = False,
) -> ImportSummary:
    """Import files of any supported kind, detected from their content, in one swap.

    Each dataset found replaces the stored one (cards cached on demand excepted) only
    when every file has been read; on any error nothing changes.
    """
    files: list[tuple[Path | IO[bytes], Kind | None]] = [(Path(p), None) for p in paths]
    return await _run(store, files, source, progress)


async def import_stream(
    store: Store,
    kind: Kind | None,
    file: Path | str | IO[bytes],
    source: str,
    *,
    progress: bool = False,
) -> ImportSummary:
    """Import one downloaded file (a path or an open binary file), checking it holds ``kind``.

    ``kind`` None detects it. An open file is read from its current position and left open.
    """
    target: Path | IO[bytes] = Path(file) if isinstance(file, str | Path) else file
    return await _run(store, [(target, kind)], source, progress)


def detect(path: Path | str) -> tuple[Kind, Format, bool]:
    """The kind, format and compression of a file, reading only its start."""
    opened = _Opened(Path(path))
    try:
        fmt, items = _records(opened)
        if items is None:
            return "rules", fmt, opened.gzipped
        first = next(items, None)
        kind = _json_kind(first)
        if kind is None:
            raise ImportFailedError(f"{path} holds neither Scryfall cards nor rulings.")
        return kind, fmt, opened.gzipped
    except _READ_ERRORS as exc:
        raise ImportFailedError(f"Can't read {path}: {exc}.") from exc
    finally:
        opened.close()
