"""A local aiohttp server speaking Scryfall's and Wizards' protocols that misbehaves on demand."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import hashlib
import json
import time
import uuid
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from email.utils import format_datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, Self

from aiohttp import web
from rapidfuzz import fuzz, process

FaultKind = Literal["429", "500", "503", "timeout", "truncate", "garbage", "corrupt_gzip", "drop"]
Encoding = Literal["none", "file", "content-encoding"]

RULES_FILENAME = "MagicCompRules 20260227.txt"
_NS = uuid.UUID("6f1d6a8e-3d7e-4c55-9d0c-5b8f1a2c9e10")


def _uuid(*parts: str) -> str:
    return str(uuid.uuid5(_NS, "/".join(parts)))


def make_card(
    name: str,
    *,
    type_line: str = "Creature — Test",
    oracle_text: str = "",
    mana_cost: str = "{1}{G}",
    set_code: str = "tst",
    **extra: Any,
) -> dict[str, Any]:
    """A Scryfall-shaped card object with stable ids derived from its name."""
    card: dict[str, Any] = {
        "object": "card",
        "id": _uuid("card", name),
        "oracle_id": _uuid("oracle", name),
        "name": name,
        "lang": "en",
        "released_at": "2024-01-05",
        "layout": "normal",
        "mana_cost": mana_cost,
        "cmc": float(
            sum(int(p) if p.isdigit() else 1 for p in mana_cost.strip("{}").split("}{") if p)
        ),
        "type_line": type_line,
        "oracle_text": oracle_text,
        "colors": ["G"],
        "color_identity": ["G"],
        "keywords": [],
        "legalities": {"standard": "not_legal", "modern": "legal", "commander": "legal"},
        "games": ["paper"],
        "reserved": False,
        "set": set_code,
        "rarity": "common",
        "digital": False,
        "promo": False,
        "rulings_uri": f"https://api.scryfall.com/cards/{_uuid('card', name)}/rulings",
    }
    card.update(extra)
    return card


def make_ruling(
    card: dict[str, Any], comment: str, published_at: str = "2024-01-05", source: str = "wotc"
) -> dict[str, Any]:
    return {
        "object": "ruling",
        "oracle_id": card["oracle_id"],
        "source": source,
        "published_at": published_at,
        "comment": comment,
    }


def sample_cards() -> list[dict[str, Any]]:
    """A handful of made-up cards: distinct names, two sharing a word (for ambiguity)."""
    return [
        make_card(
            "Glimmer Pool",
            type_line="Land",
            mana_cost="",
            oracle_text="{T}: Add one mana of any type that a land you control could produce.",
        ),
        make_card(
            "Orchard of Echoes",
            type_line="Land",
            mana_cost="",
            oracle_text="{T}: Add one mana of any color.",
        ),
        make_card("Thornwood Elf", oracle_text="{T}: Add {G}.", power="1", toughness="1"),
        make_card(
            "Kicking Goblin",
            mana_cost="{R}",
            type_line="Creature — Goblin",
            oracle_text=(
                "Kicker {2}\nWhen this creature enters, if it was kicked, "
                "it deals 2 damage to any target."
            ),
            keywords=["Kicker"],
            power="1",
            toughness="1",
        ),
        make_card(
            "Starfield Nymph",
            mana_cost="{1}{W}",
            type_line="Enchantment Creature — Nymph",
            oracle_text="Constellation — Whenever an enchantment you control enters, scry 1.",
            keywords=["Constellation"],
            power="1",
            toughness="2",
        ),
    ]


def sample_rulings(cards: list[dict[str, Any]]) -> list[dict[str, Any]]:
    by_name = {c["name"]: c for c in cards}
    out = []
    if "Glimmer Pool" in by_name:
        out += [
            make_ruling(
                by_name["Glimmer Pool"],
                "This checks the lands you control as it resolves.",
                "2024-01-05",
            ),
            make_ruling(
                by_name["Glimmer Pool"],
                "It can't add mana of a type no land could produce.",
                "2024-02-01",
            ),
        ]
    if "Kicking Goblin" in by_name:
        out.append(make_ruling(by_name["Kicking Goblin"], "You may pay the kicker cost only once."))
    return out


def sample_rules_text(effective: str = "February 27, 2026") -> bytes:
    """A short text in the Comprehensive Rules file's shape (UTF-8 BOM, CRLF); made-up wording."""
    lines = [
        "Magic: The Gathering Comprehensive Rules",
        "",
        f"These rules are effective as of {effective}.",
        "",
        "Introduction",
        "",
        "This is a short test document shaped like the Comprehensive Rules.",
        "",
        "Contents",
        "",
        "1. Game Concepts",
        "100. General",
        "7. Additional Rules",
        "702. Keyword Abilities",
        "Glossary",
        "",
        "Credits",
        "",
        "1. Game Concepts",
        "",
        "100. General",
        "",
        "100.1. Test rule one hundred point one.",
        "",
        "100.1a Test subrule a of rule one hundred point one.",
        "Example: A test example line.",
        "",
        "7. Additional Rules",
        "",
        "702. Keyword Abilities",
        "",
        "702.1. Test rule about keyword abilities.",
        "",
        "702.33. Kicker",
        "",
        "702.33a Test text for the kicker rule.",
        "",
        "Glossary",
        "",
        "Kicker",
        "A keyword ability. See rule 702.33.",
        "",
        "Credits",
        "",
        "Test credits.",
        "",
    ]
    return ("\ufeff" + "\r\n".join(lines)).encode("utf-8")


@dataclass(frozen=True, slots=True)
class SeenRequest:
    """One request the server received; ``at`` is the server's clock when it arrived."""

    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    at: float


@dataclass(slots=True)
class Fault:
    kind: FaultKind
    remaining: int | None  # None: every matching request
    retry_after: str | None = "1"
    delay: float = 30.0


FAULT_KEY = web.RequestKey("fault", Fault)


@dataclass(slots=True)
class ServedFile:
    body: bytes | Path
    content_type: str
    encoding: Encoding = "none"
    last_modified: str = field(
        default_factory=lambda: format_datetime(datetime(2026, 2, 27, tzinfo=UTC), usegmt=True)
    )
    etag: str = ""

    def __post_init__(self) -> None:
        if not self.etag:
            if isinstance(self.body, Path):
                st = self.body.stat()
                self.etag = f'"{st.st_size:x}-{st.st_mtime_ns:x}-{self.encoding}"'
            else:
                self.etag = '"' + hashlib.sha1(self.body + self.encoding.encode()).hexdigest() + '"'

    def chunks(self, size: int = 1 << 18) -> Iterator[bytes]:
        if isinstance(self.body, bytes):
            yield self.body
            return
        with self.body.open("rb") as f:
            while chunk := f.read(size):
                yield chunk


@dataclass(slots=True)
class BulkEntry:
    type: str
    updated_at: str
    path: str
    file: ServedFile


def _encode_items(items: Iterable[dict[str, Any]], fmt: Literal["json", "jsonl"]) -> bytes:
    rows = [json.dumps(i, ensure_ascii=False) for i in items]
    if fmt == "jsonl":
        return ("\n".join(rows) + "\n").encode()
    return ("[\n" + ",\n".join(rows) + "\n]\n").encode()


def _stamp(updated_at: str) -> str:
    return "".join(ch for ch in updated_at[:19] if ch.isdigit())


class FakeScryfall:
    """Scryfall's API, its bulk files and Wizards' rules page, on 127.0.0.1 at a random port.

    ``api_url`` goes in ``RULESBOT_SCRYFALL_API_URL`` and ``rules_url`` in
    ``RULESBOT_RULES_URL``. ``fail(path_prefix, kind, times)`` makes matching
    requests misbehave; ``requests``/``count()`` show what clients sent.
    """

    def __init__(
        self,
        *,
        cards: list[dict[str, Any]] | None = None,
        rulings: list[dict[str, Any]] | None = None,
        rules_text: bytes | Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        bulk_encoding: Encoding = "content-encoding",
    ) -> None:
        self.cards = sample_cards() if cards is None else cards
        self.rulings = sample_rulings(self.cards) if rulings is None else rulings
        self.clock = clock
        self.requests: list[SeenRequest] = []
        self.faults: list[tuple[str, Fault]] = []
        self.bulk: dict[str, BulkEntry] = {}
        self.rules_file = ServedFile(
            rules_text if rules_text is not None else sample_rules_text(), "text/plain"
        )
        self.rules_filename = RULES_FILENAME
        self.rules_page_links_txt = True
        self._stopping = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self.base_url = ""
        self.set_bulk(
            "oracle_cards",
            self.cards,
            updated_at="2026-01-01T09:00:00.000+00:00",
            encoding=bulk_encoding,
        )
        self.set_bulk(
            "rulings",
            self.rulings,
            updated_at="2026-01-01T09:05:00.000+00:00",
            encoding=bulk_encoding,
        )

    # -- set-up ---------------------------------------------------------------------------

    def set_bulk(
        self,
        kind: str,
        data: Iterable[dict[str, Any]] | bytes | Path,
        *,
        updated_at: str | None = None,
        fmt: Literal["json", "jsonl"] = "json",
        encoding: Encoding = "content-encoding",
        keep_path: bool = False,
    ) -> BulkEntry:
        """Serve ``data`` as bulk file ``kind``; a new ``updated_at`` gives it a new URL."""
        old = self.bulk.get(kind)
        updated_at = updated_at or (old.updated_at if old else "2026-01-01T09:00:00.000+00:00")
        body = data if isinstance(data, bytes | Path) else _encode_items(data, fmt)
        if encoding == "file" and isinstance(body, bytes):
            body = gzip.compress(body, mtime=0)
        slug = kind.replace("_", "-")
        ext = ".jsonl" if fmt == "jsonl" else ".json"
        path = old.path if keep_path and old else f"/files/{slug}-{_stamp(updated_at)}{ext}"
        if encoding == "file" and not path.endswith(".gz"):
            path += ".gz"
        ctype = "application/gzip" if encoding == "file" else "application/json"
        entry = BulkEntry(kind, updated_at, path, ServedFile(body, ctype, encoding))
        self.bulk[kind] = entry
        return entry

    def touch(self, kind: str, updated_at: str, *, keep_path: bool = False) -> BulkEntry:
        """Give bulk file ``kind`` a new ``updated_at`` (same content, same ETag)."""
        old = self.bulk[kind]
        path = old.path
        if not keep_path:
            name = old.path.rsplit("/", 1)[-1]
            ext = name[name.index(".") :]
            path = f"/files/{kind.replace('_', '-')}-{_stamp(updated_at)}{ext}"
        self.bulk[kind] = BulkEntry(kind, updated_at, path, old.file)
        return self.bulk[kind]

    def set_rules(self, text: bytes | Path, *, filename: str | None = None) -> None:
        self.rules_file = ServedFile(text, "text/plain")
        if filename:
            self.rules_filename = filename

    def fail(
        self,
        path_prefix: str,
        kind: FaultKind,
        times: int | None = 1,
        *,
        retry_after: str | None = "1",
        delay: float = 30.0,
    ) -> None:
        """The next ``times`` requests whose path starts with ``path_prefix`` misbehave."""
        self.faults.append((path_prefix, Fault(kind, times, retry_after, delay)))

    def clear_faults(self) -> None:
        self.faults.clear()

    # -- addresses ------------------------------------------------------------------------

    @property
    def api_url(self) -> str:
        return self.base_url

    @property
    def rules_url(self) -> str:
        return self.base_url + "/rules"

    @property
    def rules_txt_path(self) -> str:
        return "/downloads/" + self.rules_filename

    def file_path(self, kind: str) -> str:
        return self.bulk[kind].path

    def count(self, path_prefix: str = "/") -> int:
        return sum(1 for r in self.requests if r.path.startswith(path_prefix))

    def seen(self, path_prefix: str = "/") -> list[SeenRequest]:
        return [r for r in self.requests if r.path.startswith(path_prefix)]

    # -- life cycle -----------------------------------------------------------------------

    async def start(self) -> Self:
        app = web.Application()
        app.router.add_get("/bulk-data", self._bulk_data)
        app.router.add_get("/files/{name}", self._file)
        app.router.add_get("/cards/named", self._named)
        app.router.add_get("/cards/autocomplete", self._autocomplete)
        app.router.add_get("/cards/search", self._search)
        app.router.add_get("/cards/{id}/rulings", self._card_rulings)
        app.router.add_get("/rules", self._rules_page)
        app.router.add_get("/downloads/{name}", self._rules_txt)
        app.middlewares.append(self._middleware)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        port = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{port}"
        return self

    async def close(self) -> None:
        self._stopping.set()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # -- faults ---------------------------------------------------------------------------

    def _take_fault(self, path: str) -> Fault | None:
        for prefix, fault in self.faults:
            if path.startswith(prefix) and (fault.remaining is None or fault.remaining > 0):
                if fault.remaining is not None:
                    fault.remaining -= 1
                return fault
        return None

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Any]
    ) -> web.StreamResponse:
        self.requests.append(
            SeenRequest(
                request.method,
                request.path,
                dict(request.query),
                dict(request.headers),
                self.clock(),
            )
        )
        fault = self._take_fault(request.path)
        request[FAULT_KEY] = fault
        if fault is not None:
            if fault.kind == "429":
                return _error(
                    429,
                    "too_many_requests",
                    "You are being rate limited.",
                    headers={"Retry-After": fault.retry_after} if fault.retry_after else None,
                )
            if fault.kind in ("500", "503"):
                return _error(
                    int(fault.kind),
                    "internal_error" if fault.kind == "500" else "unavailable",
                    "Something went wrong.",
                )
            if fault.kind == "timeout":
                # Wakes early when the server stops, so shutdown never waits on a sleeper.
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), fault.delay)
        response: web.StreamResponse = await handler(request)
        return response

    async def _send(
        self, request: web.Request, file: ServedFile, *, conditional: bool = True
    ) -> web.StreamResponse:
        fault: Fault | None = request.get(FAULT_KEY)
        if conditional and not (fault and fault.kind != "timeout"):
            inm = request.headers.get("If-None-Match")
            ims = request.headers.get("If-Modified-Since")
            if (inm and file.etag in [t.strip() for t in inm.split(",")]) or (
                not inm and ims == file.last_modified
            ):
                return web.Response(status=304, headers={"ETag": file.etag})
        kind = fault.kind if fault else None
        headers = {"ETag": file.etag, "Last-Modified": file.last_modified}
        resp = web.StreamResponse(headers=headers)
        resp.content_type = file.content_type
        if kind == "garbage":
            return web.Response(
                body=b"\x00\x8f<html>502 Bad Gateway</html>\xff{{{",
                headers=headers,
                content_type=file.content_type,
            )
        if kind in ("truncate", "corrupt_gzip", "drop"):
            raw = b"".join(file.chunks())
            if file.encoding == "file":
                raw = gzip.decompress(raw)
            if kind == "truncate":
                raw = raw[: len(raw) // 2]
            body = (
                gzip.compress(raw, mtime=0)
                if file.encoding != "none" or kind == "corrupt_gzip"
                else raw
            )
            if kind == "corrupt_gzip":
                mid = len(body) // 2
                body = body[:10] + bytes(b ^ 0x5A for b in body[10:mid]) + body[mid:]
            if file.encoding == "content-encoding" or (
                kind == "corrupt_gzip" and file.encoding == "none"
            ):
                headers["Content-Encoding"] = "gzip"
            if kind == "drop":
                resp = web.StreamResponse(headers=headers)
                resp.content_type = file.content_type
                resp.content_length = len(body)
                await resp.prepare(request)
                await resp.write(body[: len(body) // 2])
                assert request.transport is not None
                request.transport.close()
                return resp
            return web.Response(body=body, headers=headers, content_type=file.content_type)
        if file.encoding == "content-encoding":
            resp.headers["Content-Encoding"] = "gzip"
            await resp.prepare(request)
            comp = zlib.compressobj(6, zlib.DEFLATED, 31)
            for chunk in file.chunks():
                await resp.write(comp.compress(chunk))
            await resp.write(comp.flush())
            await resp.write_eof()
            return resp
        if isinstance(file.body, bytes):
            resp.content_length = len(file.body)
        await resp.prepare(request)
        for chunk in file.chunks():
            await resp.write(chunk)
        await resp.write_eof()
        return resp

    async def _send_json(self, request: web.Request, data: Any) -> web.StreamResponse:
        body = json.dumps(data).encode()
        return await self._send(request, ServedFile(body, "application/json"), conditional=False)

    # -- handlers -------------------------------------------------------------------------

    async def _bulk_data(self, request: web.Request) -> web.StreamResponse:
        data = []
        for entry in self.bulk.values():
            size = (
                entry.file.body.stat().st_size
                if isinstance(entry.file.body, Path)
                else len(entry.file.body)
            )
            data.append(
                {
                    "object": "bulk_data",
                    "id": _uuid("bulk", entry.type),
                    "type": entry.type,
                    "updated_at": entry.updated_at,
                    "uri": f"{self.base_url}/bulk-data/{_uuid('bulk', entry.type)}",
                    "name": entry.type.replace("_", " ").title(),
                    "description": f"Test bulk file {entry.type}.",
                    "size": size,
                    "download_uri": self.base_url + entry.path,
                    "content_type": "application/json",
                    "content_encoding": "gzip",
                }
            )
        # An entry clients must not take, as the real list has several.
        data.append(
            {
                "object": "bulk_data",
                "id": _uuid("bulk", "default_cards"),
                "type": "default_cards",
                "updated_at": "2026-01-01T09:00:00.000+00:00",
                "size": 1,
                "download_uri": self.base_url + "/files/not-this-one.json",
                "content_type": "application/json",
                "content_encoding": "gzip",
            }
        )
        return await self._send_json(request, {"object": "list", "has_more": False, "data": data})

    async def _file(self, request: web.Request) -> web.StreamResponse:
        for entry in self.bulk.values():
            if entry.path == request.path:
                return await self._send(request, entry.file)
        return _error(404, "not_found", "No such file.")

    def _match(self, query: str) -> list[dict[str, Any]]:
        q = " ".join(query.casefold().split())
        exact = [
            c
            for c in self.cards
            if q == c["name"].casefold() or q in (f.casefold() for f in c["name"].split(" // "))
        ]
        if exact:
            return exact[:1]
        words = q.split()
        found = [c for c in self.cards if all(w in c["name"].casefold() for w in words)]
        if found:
            return found
        # Scryfall's fuzzy search forgives typos too.
        best = process.extractOne(q, [c["name"].casefold() for c in self.cards], scorer=fuzz.WRatio)
        return [self.cards[best[2]]] if best and best[1] >= 85 else []

    async def _named(self, request: web.Request) -> web.StreamResponse:
        fuzzy = request.query.get("fuzzy") or request.query.get("exact")
        if not fuzzy:
            return _error(400, "bad_request", "You must provide a fuzzy or exact parameter.")
        found = self._match(fuzzy)
        if not found:
            return _error(404, "not_found", f"No cards found matching “{fuzzy}”")
        if len(found) > 1:
            return _error(
                404,
                "not_found",
                f"Too many cards match ambiguous name “{fuzzy}”. "
                "Add more words to refine your search.",
                type_="ambiguous",
            )
        return await self._send_json(request, found[0])

    async def _autocomplete(self, request: web.Request) -> web.StreamResponse:
        q = request.query.get("q", "").casefold()
        names = [c["name"] for c in self.cards if q and q in c["name"].casefold()][:20]
        return await self._send_json(
            request, {"object": "catalog", "total_values": len(names), "data": names}
        )

    async def _search(self, request: web.Request) -> web.StreamResponse:
        # Only the oracleid: query is understood; anything else finds nothing.
        q = request.query.get("q", "").strip()
        if not q:
            return _error(400, "bad_request", "You didn't provide any search terms.")
        found = [
            c for c in self.cards if q.startswith("oracleid:") and c["oracle_id"] == q[9:].strip()
        ]
        if not found:
            return _error(404, "not_found", "Your query didn't match any cards.")
        body = {"object": "list", "total_cards": len(found), "has_more": False, "data": found}
        return await self._send_json(request, body)

    async def _card_rulings(self, request: web.Request) -> web.StreamResponse:
        card = next((c for c in self.cards if c["id"] == request.match_info["id"]), None)
        if card is None:
            return _error(404, "not_found", "No card found with the given ID.")
        data = [r for r in self.rulings if r.get("oracle_id") == card["oracle_id"]]
        data = [
            {
                k: r[k]
                for k in ("object", "oracle_id", "source", "published_at", "comment")
                if k in r
            }
            for r in data
        ]
        return await self._send_json(request, {"object": "list", "has_more": False, "data": data})

    async def _rules_page(self, request: web.Request) -> web.StreamResponse:
        link = (
            f'<a href="/downloads/{self.rules_filename}" class="cta">TXT</a>'
            if self.rules_page_links_txt
            else ""
        )
        html = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Magic: The Gathering Rules</title></head>
<body><h1>Comprehensive Rules</h1>
<p>These rules are effective as of February 27, 2026.</p>
<a href="/downloads/notes.txt">Release notes</a>
<a href="https://media.example/downloads/MagicCompRules 20260227.pdf">PDF</a>
<a href="/downloads/MagicCompRules 20260227.docx">DOCX</a>
{link}
</body></html>"""
        return web.Response(text=html, content_type="text/html")

    async def _rules_txt(self, request: web.Request) -> web.StreamResponse:
        if request.match_info["name"] != self.rules_filename:
            return web.Response(status=404, text="Not Found")
        return await self._send(request, self.rules_file)


def _error(
    status: int,
    code: str,
    details: str,
    *,
    type_: str | None = None,
    headers: dict[str, str] | None = None,
) -> web.Response:
    """A Scryfall error object."""
    body: dict[str, Any] = {"object": "error", "code": code, "status": status, "details": details}
    if type_:
        body["type"] = type_
    return web.json_response(body, status=status, headers=headers)
