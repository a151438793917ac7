"""`rulesbot sync`: refresh cards and rulings from Scryfall's bulk data and the CR from Wizards."""

from __future__ import annotations

import contextlib
import logging
import re
import tempfile
import time
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import unquote, urljoin, urlsplit

from yarl import URL

from bot.errors import ImportFailedError, RulesbotError
from bot.sources.scryfall import Download, NetworkError, ScryfallClient
from bot.store.importer import ImportSummary, import_stream

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable

    from bot.settings import Settings
    from bot.store import Store
    from bot.store.records import Dataset

log = logging.getLogger(__name__)

# Scryfall bulk-data types that feed each dataset.
BULK_TYPES: dict[Dataset, str] = {"cards": "oracle_cards", "rulings": "rulings"}
_PAGE_LIMIT = 8 << 20  # a rules web page bigger than this is not the page we expect

Status = Literal["updated", "unchanged", "failed"]


class SyncError(RulesbotError):
    """Part of a sync failed; the previous data for that part is kept and still in use."""

    def __init__(self, message: str, report: SyncReport | None = None) -> None:
        super().__init__(message)
        self.report = report

    @classmethod
    def from_report(cls, report: SyncReport) -> SyncError:
        parts = "; ".join(f"{r.dataset}: {r.detail}" for r in report.failed)
        names = " and ".join(r.dataset for r in report.failed)
        return cls(f"Sync of {names} failed, so the previous data is still in use. {parts}", report)


@dataclass(frozen=True, slots=True)
class DatasetResult:
    """How one dataset fared: ``detail`` says why it was skipped or what went wrong."""

    dataset: Dataset
    status: Status
    source: str | None = None
    detail: str = ""
    count: int | None = None
    downloaded: int = 0


@dataclass(frozen=True, slots=True)
class SyncReport:
    results: tuple[DatasetResult, ...]
    seconds: float

    @property
    def ok(self) -> bool:
        return not self.failed

    @property
    def failed(self) -> list[DatasetResult]:
        return [r for r in self.results if r.status == "failed"]

    @property
    def updated(self) -> list[DatasetResult]:
        return [r for r in self.results if r.status == "updated"]

    def result(self, dataset: Dataset) -> DatasetResult:
        return next(r for r in self.results if r.dataset == dataset)

    def summary(self) -> str:
        """One line, e.g. ``Sync: cards updated (33,247), rulings unchanged, ... in 9.1 s.``"""
        parts = []
        for r in self.results:
            if r.status == "updated":
                parts.append(
                    f"{r.dataset} updated ({r.count:,})" if r.count else f"{r.dataset} updated"
                )
            else:
                parts.append(f"{r.dataset} {'FAILED' if r.status == 'failed' else r.status}")
        kept = " (previous data kept)" if self.failed else ""
        size = sum(r.downloaded for r in self.results)
        shown = f"{size / (1 << 20):.1f} MiB" if size >= 1 << 20 else f"{size / 1024:.0f} KiB"
        return f"Sync: {', '.join(parts)}{kept}; {shown} downloaded in {self.seconds:.1f} s."

    def __str__(self) -> str:
        return self.summary()


class _LinkParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, str]] = []
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            self._href = dict(attrs).get("href")
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._href is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href is not None:
            self.links.append((self._href.strip(), " ".join("".join(self._text).split())))
            self._href = None


def find_rules_txt_link(html: str, base_url: str) -> str | None:
    """The absolute URL of the Comprehensive Rules .txt file linked from a rules page."""
    parser = _LinkParser()
    parser.feed(html)
    parser.close()

    def looks_like_cr(href: str, text: str) -> bool:
        words = (unquote(href) + " " + text).casefold().replace(" ", "")
        return "comprules" in words or "comprehensiverules" in words

    # Other .txt files (release notes, say) may be linked too; only the CR's will do.
    href = next(
        (
            href
            for href, text in parser.links
            if unquote(urlsplit(href).path).casefold().endswith(".txt")
            and looks_like_cr(href, text)
        ),
        None,
    )
    if href is None:
        return None
    # yarl percent-encodes what the page left raw (Wizards' file names contain spaces).
    return str(URL(urljoin(base_url, href)))


def _file_name(url: str, fallback: str) -> str:
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
    name = re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._")
    return name[:100] or fallback


def _looks_like_html(download: Download) -> bool:
    if download.content_type in ("text/html", "application/xhtml+xml"):
        return True
    if download.path is None:
        return False
    with download.path.open("rb") as f:
        head = f.read(512).lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith((b"<!doctype html", b"<html", b"<head", b"<!--"))


async def _import(
    store: Store, dataset: Dataset, path: Path, url: str, *, progress: bool
) -> ImportSummary:
    try:
        return await import_stream(store, dataset, path, url, progress=progress)
    except ImportFailedError as exc:
        # The temporary file's path means nothing to a reader; the URL does.
        raise ImportFailedError(exc.user_message.replace(str(path), url)) from exc


async def _sync_bulk(
    store: Store,
    client: ScryfallClient,
    dataset: Dataset,
    entry: dict[str, Any],
    tmp: Path,
    *,
    force: bool,
    progress: bool,
) -> DatasetResult:
    url = entry.get("download_uri")
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise SyncError(f"Scryfall's {BULK_TYPES[dataset]} entry has no download link")
    updated_at = entry.get("updated_at") if isinstance(entry.get("updated_at"), str) else None
    prev = await store.source(dataset)
    if not force and prev is not None and updated_at and prev.updated_at == updated_at:
        return DatasetResult(dataset, "unchanged", prev.source, "already up to date", prev.count)
    # Scryfall's ETags are content hashes, so a stored one may match a file's new URL.
    etag = prev.etag if prev is not None and not force else None
    download = await client.download(
        url, tmp / _file_name(url, f"{dataset}.json"), etag=etag, progress=progress
    )
    if download.not_modified or download.path is None:
        assert prev is not None
        await store.set_source(
            dataset, url, etag=prev.etag, updated_at=updated_at, count=prev.count
        )
        return DatasetResult(dataset, "unchanged", url, "not modified", prev.count)
    summary = await _import(store, dataset, download.path, url, progress=progress)
    count = summary.counts.get(dataset, 0)
    if not count:
        raise SyncError(f"the {BULK_TYPES[dataset]} file held no {dataset}")
    await store.set_source(dataset, url, etag=download.etag, updated_at=updated_at, count=count)
    return DatasetResult(dataset, "updated", url, "", count, download.size)


async def _sync_rules(
    store: Store, client: ScryfallClient, rules_url: str, tmp: Path, *, force: bool, progress: bool
) -> DatasetResult:
    prev = await store.source("rules")

    async def fetch(url: str, dest: Path) -> Download:
        etag = last_modified = None
        if not force and prev is not None:
            etag = prev.etag
            # A date only means something for the same file.
            last_modified = prev.updated_at if prev.source == url else None
        return await client.download(
            url,
            dest,
            etag=etag,
            last_modified=last_modified,
            progress=progress,
            max_bytes=64 << 20,
        )

    url = rules_url
    download = await fetch(url, tmp / "rules-page")
    if download.path is not None and _looks_like_html(download):
        if download.size > _PAGE_LIMIT:
            raise SyncError(f"the rules page {rules_url} is unexpectedly large")
        html = download.path.read_text(encoding="utf-8", errors="replace")
        link = find_rules_txt_link(html, download.url)
        if link is None:
            raise SyncError(f"no link to the Comprehensive Rules .txt file on {rules_url}")
        url = link
        download = await fetch(url, tmp / _file_name(url, "comprules.txt"))
    if download.not_modified or download.path is None:
        if prev is None:
            raise SyncError(f"{_file_name(url, url)} was answered 'not modified' unasked")
        if prev.source != url:
            await store.set_source("rules", url, etag=prev.etag, updated_at=prev.updated_at)
        return DatasetResult("rules", "unchanged", url, "not modified", prev.count)
    summary = await _import(store, "rules", download.path, url, progress=progress)
    count = summary.counts.get("rules", 0)
    if not count:
        raise SyncError(f"{_file_name(url, url)} held no rules")
    await store.set_source(
        "rules", url, etag=download.etag, updated_at=download.last_modified, count=count
    )
    return DatasetResult("rules", "updated", url, "", count, download.size)


async def _guarded(dataset: Dataset, step: Callable[[], Awaitable[DatasetResult]]) -> DatasetResult:
    """Run one dataset's step; a failure becomes a logged result and the old data stays."""
    try:
        return await step()
    except (RulesbotError, OSError) as exc:
        message = exc.user_message if isinstance(exc, RulesbotError) else f"disk error: {exc}"
        message = " ".join(message.split())  # one line: some parser errors span several
        log.error("sync: %s not updated, keeping the previous data: %s", dataset, message)
        log.debug("sync: %s failure", dataset, exc_info=True)
        source = getattr(exc, "url", None) or None
        return DatasetResult(dataset, "failed", source, message)


async def run_sync(
    store: Store,
    settings: Settings,
    *,
    force: bool = False,
    progress: bool = False,
    client: ScryfallClient | None = None,
) -> SyncReport:
    """Bring cards, rulings and the CR up to date; each dataset succeeds or fails on its own.

    Never raises for network or data problems: failures are logged, reported in
    the result, and leave that dataset's previous data in use.
    """
    started = time.perf_counter()
    results: list[DatasetResult] = []
    async with contextlib.AsyncExitStack() as stack:
        http = client
        if http is None:
            http = await stack.enter_async_context(ScryfallClient.from_settings(settings))
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="rulesbot-sync-")))

        entries: dict[str, dict[str, Any]] = {}
        bulk_error: RulesbotError | None = None
        try:
            for entry in await http.bulk_data():
                entries.setdefault(str(entry.get("type")), entry)
        except NetworkError as exc:
            bulk_error = exc

        for dataset, bulk_type in BULK_TYPES.items():

            async def step(dataset: Dataset = dataset, bulk_type: str = bulk_type) -> DatasetResult:
                if bulk_error is not None:
                    raise bulk_error
                entry = entries.get(bulk_type)
                if entry is None:
                    raise SyncError(f"Scryfall's bulk-data list has no {bulk_type} entry")
                return await _sync_bulk(
                    store, http, dataset, entry, tmp, force=force, progress=progress
                )

            results.append(await _guarded(dataset, step))

        results.append(
            await _guarded(
                "rules",
                lambda: _sync_rules(
                    store, http, settings.rules_url, tmp, force=force, progress=progress
                ),
            )
        )
    report = SyncReport(tuple(results), time.perf_counter() - started)
    log.info("%s", report.summary())
    return report
