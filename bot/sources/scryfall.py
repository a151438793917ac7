"""Scryfall HTTP client: rate-limited, retrying, coalescing look-ups, bulk data and downloads."""

from __future__ import annotations

import asyncio
import email.utils
import json
import logging
import math
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self, TypeVar
from urllib.parse import urlsplit

import aiohttp
from tqdm import tqdm

from bot import __version__
from bot.errors import AmbiguousCardError, RulesbotError, UnknownCardError

if TYPE_CHECKING:
    from bot.settings import Settings
    from bot.store import Store

log = logging.getLogger(__name__)

PROJECT_URL = "https://github.com/rulesbot/rulesbot"
DEFAULT_API_URL = "https://api.scryfall.com"
DEFAULT_USER_AGENT = f"rulesbot/{__version__} (+{PROJECT_URL})"
# Scryfall asks every client to send an Accept header; JSON first, anything for downloads.
ACCEPT = "application/json;q=0.9,*/*;q=0.8"

# Scryfall's published limits: 2 requests/s on the search-like endpoints, 10/s elsewhere.
SEARCH_RATE = 2.0
DEFAULT_RATE = 10.0
_SEARCH_LIKE = re.compile(r"/cards/(search|named|random|collection)/?$")

# Scryfall limits a client that got a 429 for 30 seconds; wait that long if not told.
RATE_LIMIT_PENALTY = 30.0
_ID = re.compile(r"[0-9a-fA-F-]{8,64}")
_RETRY_STATUSES = frozenset({500, 502, 503, 504})
_CHUNK = 1 << 16

T = TypeVar("T")
Clock = Callable[[], float]
Sleep = Callable[[float], Awaitable[None]]


class NetworkError(RulesbotError):
    """A remote service could not be reached or answered with an error."""

    def __init__(self, message: str, *, url: str = "", status: int | None = None) -> None:
        super().__init__(message)
        self.url = url
        self.status = status


class HTTPStatusError(NetworkError):
    """The server answered with an error status (after any retries)."""


class RateLimitedError(HTTPStatusError):
    """The server kept answering 429 Too Many Requests."""


class FetchTimeoutError(NetworkError):
    """The server did not answer in time (after any retries)."""


class _Retry(Exception):
    """Internal: this attempt failed in a way worth retrying after ``delay`` seconds."""

    def __init__(self, error: NetworkError, delay: float | None = None) -> None:
        super().__init__(str(error))
        self.error = error
        self.delay = delay


def _host(url: str) -> str:
    return urlsplit(url).netloc or url


class RateLimiter:
    """Spaces calls at least ``1/rate`` seconds apart; ``clock`` and ``sleep`` are injectable."""

    def __init__(
        self, rate: float, *, clock: Clock = time.monotonic, sleep: Sleep = asyncio.sleep
    ) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.interval = 1.0 / rate
        self._clock = clock
        self._sleep = sleep
        self._next = -math.inf
        self._lock = asyncio.Lock()

    async def acquire(self) -> None:
        # The lock is held while sleeping so waiters leave in arrival order, one slot each.
        async with self._lock:
            now = self._clock()
            if self._next > now:
                await self._sleep(self._next - now)
                now = self._clock()
            self._next = max(now, self._next) + self.interval

    def pause_until(self, when: float) -> None:
        """No call leaves before ``when`` (clock time); used when the server says 429."""
        self._next = max(self._next, when)


@dataclass(frozen=True, slots=True)
class Download:
    """What a streaming download produced; ``path`` is None when the server said 304."""

    url: str
    path: Path | None
    not_modified: bool
    etag: str | None
    last_modified: str | None
    content_type: str
    size: int


class ScryfallClient:
    """Talks to Scryfall's API (and downloads files) within its published rate limits.

    Concurrent identical look-ups share one request. Results of shared look-ups
    are the same objects for every caller, so callers must not mutate them.
    """

    def __init__(
        self,
        *,
        api_url: str = DEFAULT_API_URL,
        user_agent: str = DEFAULT_USER_AGENT,
        session: aiohttp.ClientSession | None = None,
        timeout: float = 30.0,
        max_retries: int = 3,
        backoff: float = 0.5,
        max_retry_after: float = 120.0,
        search_rate: float = SEARCH_RATE,
        default_rate: float = DEFAULT_RATE,
        clock: Clock = time.monotonic,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self.api_url = api_url.rstrip("/")
        self.headers = {"User-Agent": user_agent, "Accept": ACCEPT}
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff = backoff
        self.max_retry_after = max_retry_after
        self._session = session
        self._owns_session = session is None
        self._clock = clock
        self._sleep = sleep
        self._search_rate = search_rate
        self._default_rate = default_rate
        self._limiters: dict[tuple[str, bool], RateLimiter] = {}
        self._inflight: dict[tuple[str, ...], asyncio.Task[Any]] = {}

    @classmethod
    def from_settings(cls, settings: Settings, **kwargs: Any) -> ScryfallClient:
        # The settings default names an older version; only an explicit override wins.
        if "user_agent" in settings.model_fields_set:
            kwargs.setdefault("user_agent", settings.user_agent)
        return cls(api_url=settings.scryfall_api_url, **kwargs)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    async def close(self) -> None:
        """Close the session if this client created it; a passed-in session is left open."""
        for task in list(self._inflight.values()):
            task.cancel()
        if self._owns_session and self._session is not None and not self._session.closed:
            await self._session.close()
        self._session = None if self._owns_session else self._session

    def _get_session(self) -> aiohttp.ClientSession:
        if self._session is None or self._session.closed:
            if not self._owns_session:
                raise NetworkError("the HTTP session passed to the Scryfall client is closed")
            self._session = aiohttp.ClientSession()
        return self._session

    def limiter_for(self, url: str) -> RateLimiter:
        """The limiter a request to ``url`` waits on (per host; search-like endpoints apart)."""
        parts = urlsplit(url)
        search_like = (
            parts.netloc == urlsplit(self.api_url).netloc
            and _SEARCH_LIKE.search(parts.path) is not None
        )
        key = (parts.netloc, search_like)
        limiter = self._limiters.get(key)
        if limiter is None:
            rate = self._search_rate if search_like else self._default_rate
            limiter = RateLimiter(rate, clock=self._clock, sleep=self._sleep)
            self._limiters[key] = limiter
        return limiter

    # -- the request core ---------------------------------------------------------------

    async def _request(
        self,
        url: str,
        handle: Callable[[aiohttp.ClientResponse], Awaitable[T]],
        *,
        params: Mapping[str, str] | None = None,
        headers: Mapping[str, str] | None = None,
        client_timeout: aiohttp.ClientTimeout | None = None,
    ) -> T:
        """GET ``url`` and give the response to ``handle``, retrying what is worth retrying."""
        limiter = self.limiter_for(url)
        all_headers = {**self.headers, **(headers or {})}
        attempt = 0
        while True:
            await limiter.acquire()
            try:
                async with self._get_session().get(
                    url,
                    params=params,
                    headers=all_headers,
                    timeout=client_timeout or aiohttp.ClientTimeout(total=self.timeout),
                ) as resp:
                    self._raise_for_retry(resp, url)
                    return await handle(resp)
            except _Retry as retry:
                error, delay = retry.error, retry.delay
            except TimeoutError:
                error, delay = (
                    FetchTimeoutError(f"{_host(url)} did not answer in time", url=url),
                    None,
                )
            except aiohttp.ClientPayloadError as exc:
                log.debug("request to %s failed: %r", url, exc)
                error = NetworkError(
                    f"the response from {_host(url)} was cut off or damaged", url=url
                )
                delay = None
            except aiohttp.ClientConnectionError as exc:
                log.debug("request to %s failed: %r", url, exc)
                error, delay = NetworkError(f"could not connect to {_host(url)}", url=url), None
            except aiohttp.ClientError as exc:
                log.debug("request to %s failed: %r", url, exc)
                raise NetworkError(f"could not reach {_host(url)}", url=url) from exc
            if attempt >= self.max_retries:
                raise error
            if delay is None:
                delay = min(self.backoff * 2**attempt, 30.0)
            attempt += 1
            log.info("%s; retry %d/%d in %.1fs", error, attempt, self.max_retries, delay)
            limiter.pause_until(self._clock() + delay)

    def _raise_for_retry(self, resp: aiohttp.ClientResponse, url: str) -> None:
        if resp.status == 429:
            delay = _retry_after(resp.headers.get("Retry-After"))
            error = RateLimitedError(
                f"{_host(url)} is rate-limiting requests (429)", url=url, status=429
            )
            if delay is not None and delay > self.max_retry_after:
                raise error
            raise _Retry(error, delay if delay is not None else RATE_LIMIT_PENALTY)
        if resp.status in _RETRY_STATUSES:
            failure = HTTPStatusError(
                f"{_host(url)} answered {resp.status} {resp.reason or ''}".rstrip(),
                url=url,
                status=resp.status,
            )
            delay = _retry_after(resp.headers.get("Retry-After"))
            if delay is not None and delay > self.max_retry_after:
                raise failure
            raise _Retry(failure, delay)

    async def _get_json(
        self,
        path_or_url: str,
        params: Mapping[str, str] | None = None,
        *,
        on_error: Callable[[int, dict[str, Any]], None] | None = None,
    ) -> Any:
        url = path_or_url if "://" in path_or_url else self.api_url + path_or_url

        async def handle(resp: aiohttp.ClientResponse) -> Any:
            body = await resp.read()
            try:
                data = json.loads(body)
            except ValueError:
                if resp.status >= 400:
                    raise HTTPStatusError(
                        f"{_host(url)} answered {resp.status}", url=url, status=resp.status
                    ) from None
                raise NetworkError(
                    f"{_host(url)} sent a response that is not JSON", url=url
                ) from None
            if resp.status >= 400:
                if on_error is not None and isinstance(data, dict):
                    on_error(resp.status, data)
                details = data.get("details") if isinstance(data, dict) else None
                raise HTTPStatusError(
                    f"{_host(url)} answered {resp.status}" + (f": {details}" if details else ""),
                    url=url,
                    status=resp.status,
                )
            return data

        return await self._request(url, handle, params=params)

    async def _coalesced(self, key: tuple[str, ...], make: Callable[[], Awaitable[T]]) -> T:
        """Run ``make()`` once for all concurrent callers with the same ``key``."""
        task = self._inflight.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._inflight[key] = task

            def done(t: asyncio.Task[Any], key: tuple[str, ...] = key) -> None:
                if self._inflight.get(key) is t:
                    del self._inflight[key]
                if not t.cancelled():
                    t.exception()  # mark retrieved: callers may all have gone

            task.add_done_callback(done)
        # shield: one caller giving up must not cancel the request the others wait on.
        result: T = await asyncio.shield(task)
        return result

    async def _get_list(
        self, path_or_url: str, params: Mapping[str, str] | None = None
    ) -> list[Any]:
        """Every item of a Scryfall list object, following ``next_page``."""
        items: list[Any] = []
        url: str | None = path_or_url
        query = params
        for _ in range(1000):
            if url is None:
                return items
            page = await self._get_json(url, query)
            if not isinstance(page, dict) or not isinstance(page.get("data"), list):
                raise NetworkError(f"{_host(self.api_url)} sent an unexpected list", url=url)
            items.extend(page["data"])
            url = page.get("next_page") if page.get("has_more") else None
            query = None
        raise NetworkError("Scryfall list has too many pages", url=path_or_url)

    # -- the API --------------------------------------------------------------------------

    async def named_fuzzy(self, name: str) -> dict[str, Any]:
        """The card Scryfall's fuzzy name search finds for ``name``."""
        query = " ".join(name.split())
        if not query:
            raise UnknownCardError(name)
        return await self._coalesced(("named", query.casefold()), lambda: self._named(query))

    async def _named(self, query: str) -> dict[str, Any]:
        ambiguous = False

        def on_error(status: int, error: dict[str, Any]) -> None:
            nonlocal ambiguous
            if status == 404 and error.get("type") == "ambiguous":
                ambiguous = True
                return
            if status == 404:
                raise UnknownCardError(query)

        try:
            card = await self._get_json("/cards/named", {"fuzzy": query}, on_error=on_error)
        except HTTPStatusError:
            if not ambiguous:
                raise
            raise AmbiguousCardError(query, await self._candidates(query)) from None
        if not isinstance(card, dict) or card.get("object") != "card":
            raise NetworkError("Scryfall sent something that is not a card", url=self.api_url)
        return card

    async def _candidates(self, query: str) -> list[str]:
        # Scryfall's ambiguity error names no cards; autocomplete offers some.
        try:
            catalog = await self._get_json("/cards/autocomplete", {"q": query})
        except NetworkError as exc:
            log.info("no candidates for ambiguous %r: %s", query, exc)
            return []
        data = catalog.get("data") if isinstance(catalog, dict) else None
        return [str(n) for n in data] if isinstance(data, list) else []

    async def rulings(
        self, card: str | Mapping[str, Any] | None = None, *, oracle_id: str | None = None
    ) -> list[dict[str, Any]]:
        """A card's official rulings: pass the card object, its Scryfall id, or ``oracle_id=``.

        Scryfall serves rulings per printing; an oracle id costs one extra search request.
        """
        if card is None:
            if oracle_id is None or not _ID.fullmatch(oracle_id):
                raise UnknownCardError(oracle_id or "(no id)")
            return await self._coalesced(
                ("rulings-oracle", oracle_id.lower()), lambda: self._rulings_by_oracle(oracle_id)
            )
        if isinstance(card, Mapping):
            card_id = str(card.get("id") or "")
            uri = str(card.get("rulings_uri") or "")
            # Only follow rulings_uri when it points at the API this client is set up for.
            if not uri.startswith(self.api_url + "/"):
                uri = f"{self.api_url}/cards/{card_id}/rulings"
        else:
            card_id = card
            uri = f"{self.api_url}/cards/{card_id}/rulings"
        if not _ID.fullmatch(card_id):
            raise UnknownCardError(card_id or "(no id)")
        return await self._coalesced(("rulings", card_id.lower()), lambda: self._get_list(uri))

    async def _rulings_by_oracle(self, oracle_id: str) -> list[dict[str, Any]]:
        def on_error(status: int, error: dict[str, Any]) -> None:
            if status == 404:
                raise UnknownCardError(oracle_id)

        page = await self._get_json(
            "/cards/search", {"q": f"oracleid:{oracle_id}", "unique": "cards"}, on_error=on_error
        )
        cards = page.get("data") if isinstance(page, dict) else None
        if not cards or not isinstance(cards[0], dict):
            raise UnknownCardError(oracle_id)
        return await self.rulings(cards[0])

    async def bulk_data(self) -> list[dict[str, Any]]:
        """Scryfall's bulk-data entries (``type``, ``updated_at``, ``download_uri``, ...)."""
        entries = await self._coalesced(("bulk-data",), lambda: self._get_list("/bulk-data"))
        return [e for e in entries if isinstance(e, dict)]

    async def download(
        self,
        url: str,
        dest: Path,
        *,
        etag: str | None = None,
        last_modified: str | None = None,
        progress: bool = False,
        max_bytes: int = 4 << 30,
    ) -> Download:
        """Stream ``url`` into ``dest``; with ``etag``/``last_modified`` a 304 skips the body.

        The body is written as it arrives (never held in memory). A gzip
        Content-Encoding is undone on the way; a ``.gz`` file is stored as is.
        """
        headers: dict[str, str] = {}
        if etag:
            headers["If-None-Match"] = etag
        if last_modified:
            headers["If-Modified-Since"] = last_modified
        timeout = aiohttp.ClientTimeout(
            total=None, sock_connect=self.timeout, sock_read=self.timeout
        )

        async def handle(resp: aiohttp.ClientResponse) -> Download:
            final = str(resp.url)
            if resp.status == 304:
                return Download(final, None, True, etag, last_modified, "", 0)
            if resp.status >= 400:
                raise HTTPStatusError(
                    f"{_host(url)} answered {resp.status} for {_short(url)}",
                    url=url,
                    status=resp.status,
                )
            size = 0
            with (
                dest.open("wb") as out,
                tqdm(
                    total=resp.content_length,
                    unit="B",
                    unit_scale=True,
                    unit_divisor=1024,
                    desc=_short(url, 40),
                    disable=not progress,
                    leave=False,
                ) as bar,
            ):
                async for chunk in resp.content.iter_chunked(_CHUNK):
                    size += len(chunk)
                    if size > max_bytes:
                        raise NetworkError(f"{_short(url)} is larger than expected", url=url)
                    # Local writes of 64 KiB are quick; a thread hop per chunk would cost more.
                    out.write(chunk)
                    bar.update(len(chunk))
            return Download(
                final,
                dest,
                False,
                resp.headers.get("ETag"),
                resp.headers.get("Last-Modified"),
                resp.content_type,
                size,
            )

        return await self._request(url, handle, headers=headers, client_timeout=timeout)


def _short(url: str, width: int = 80) -> str:
    name = urlsplit(url).path.rsplit("/", 1)[-1] or url
    return name if len(name) <= width else name[: width - 3] + "..."


def _retry_after(value: str | None) -> float | None:
    """Seconds to wait from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return max(0.0, (when - datetime.now(UTC)).total_seconds())


async def fetch_and_cache(store: Store, client: ScryfallClient, name: str) -> dict[str, Any]:
    """Fetch a card Scryfall knows by (fuzzy) name, cache it with its rulings, and return it.

    The card is cached even if its rulings can't be fetched (that is logged).
    """
    card = await client.named_fuzzy(name)
    fetched_at = datetime.now(UTC)
    await store.cache_card(card, fetched_at)
    faces = card.get("card_faces") or [{}]
    # Reversible cards carry their oracle id on the faces only.
    oracle_id = card.get("oracle_id") or (faces[0].get("oracle_id") if faces else None)
    if oracle_id:
        try:
            rulings = await client.rulings(card)
        except (NetworkError, UnknownCardError) as exc:
            log.warning("cached %s without its rulings: %s", card.get("name"), exc)
        else:
            await store.cache_rulings(str(oracle_id), rulings)
    return card
