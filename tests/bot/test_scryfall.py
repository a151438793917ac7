"""ScryfallClient against a local server speaking Scryfall's protocol."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from bot import __version__
from bot.errors import AmbiguousCardError, UnknownCardError
from bot.settings import Settings
from bot.sources.scryfall import (
    ACCEPT,
    DEFAULT_USER_AGENT,
    RATE_LIMIT_PENALTY,
    FetchTimeoutError,
    HTTPStatusError,
    NetworkError,
    RateLimitedError,
    RateLimiter,
    ScryfallClient,
    _retry_after,
)
from tests.bot.conftest import FakeClock
from tests.bot.fakeserver import FakeScryfall


@pytest.fixture
async def client(server: FakeScryfall, clock: FakeClock) -> AsyncIterator[ScryfallClient]:
    async with ScryfallClient(
        api_url=server.api_url, clock=clock, sleep=clock.sleep, timeout=0.5
    ) as c:
        yield c


# -- look-ups ---------------------------------------------------------------------------


async def test_named_fuzzy_returns_the_card(client: ScryfallClient, server: FakeScryfall) -> None:
    card = await client.named_fuzzy("  glimmer   POOL ")
    assert card["name"] == "Glimmer Pool"
    assert card["object"] == "card"
    assert server.seen("/cards/named")[0].query == {"fuzzy": "glimmer POOL"}


async def test_unknown_card_raises_unknown_card_error(client: ScryfallClient) -> None:
    with pytest.raises(UnknownCardError) as info:
        await client.named_fuzzy("Nonexistent Dragon")
    assert info.value.name == "Nonexistent Dragon"


async def test_ambiguous_name_raises_with_candidates(client: ScryfallClient) -> None:
    with pytest.raises(AmbiguousCardError) as info:
        await client.named_fuzzy("o")
    assert "Glimmer Pool" in info.value.candidates
    assert "Orchard of Echoes" in info.value.candidates


async def test_blank_name_makes_no_request(client: ScryfallClient, server: FakeScryfall) -> None:
    with pytest.raises(UnknownCardError):
        await client.named_fuzzy(" \t ")
    assert server.count() == 0


async def test_rulings_by_card_object_and_by_id(client: ScryfallClient) -> None:
    card = await client.named_fuzzy("Glimmer Pool")
    by_object = await client.rulings(card)
    by_id = await client.rulings(card["id"])
    assert [r["comment"] for r in by_object] == [r["comment"] for r in by_id]
    assert len(by_object) == 2
    assert all(r["oracle_id"] == card["oracle_id"] for r in by_object)


async def test_rulings_by_oracle_id(client: ScryfallClient, server: FakeScryfall) -> None:
    card = server.cards[0]
    rulings = await client.rulings(oracle_id=card["oracle_id"])
    assert [r["comment"] for r in rulings] == [
        r["comment"] for r in server.rulings if r["oracle_id"] == card["oracle_id"]
    ]
    assert server.seen("/cards/search")[0].query["q"] == f"oracleid:{card['oracle_id']}"
    with pytest.raises(UnknownCardError):
        await client.rulings(oracle_id="00000000-0000-0000-0000-000000000000")


async def test_rulings_rejects_a_malformed_id(client: ScryfallClient, server: FakeScryfall) -> None:
    with pytest.raises(UnknownCardError):
        await client.rulings("../bulk-data")
    assert server.count() == 0


async def test_bulk_data_lists_entries(client: ScryfallClient, server: FakeScryfall) -> None:
    entries = await client.bulk_data()
    types = {e["type"] for e in entries}
    assert {"oracle_cards", "rulings"} <= types
    oracle = next(e for e in entries if e["type"] == "oracle_cards")
    assert oracle["download_uri"].startswith(server.base_url)


# -- headers ------------------------------------------------------------------------------


async def test_user_agent_and_accept_headers(client: ScryfallClient, server: FakeScryfall) -> None:
    await client.named_fuzzy("Thornwood Elf")
    await client.bulk_data()
    for request in server.requests:
        assert request.headers["User-Agent"] == DEFAULT_USER_AGENT
        assert request.headers["Accept"] == ACCEPT
    assert DEFAULT_USER_AGENT.startswith(f"rulesbot/{__version__} (+https://")


async def test_from_settings_uses_url_and_explicit_user_agent(server: FakeScryfall) -> None:
    settings = Settings(scryfall_api_url=server.api_url, user_agent="rulesbot-test/9 (+x)")
    async with ScryfallClient.from_settings(settings) as c:
        await c.named_fuzzy("Thornwood Elf")
    assert server.requests[-1].headers["User-Agent"] == "rulesbot-test/9 (+x)"


async def test_passed_in_session_is_left_open(server: FakeScryfall) -> None:
    async with aiohttp.ClientSession() as session:
        c = ScryfallClient(api_url=server.api_url, session=session)
        await c.named_fuzzy("Thornwood Elf")
        await c.close()
        assert not session.closed
        # The session still works for its owner.
        async with session.get(server.api_url + "/bulk-data") as resp:
            assert resp.status == 200


async def test_owned_session_is_closed(server: FakeScryfall) -> None:
    c = ScryfallClient(api_url=server.api_url)
    await c.named_fuzzy("Thornwood Elf")
    session = c._session
    assert session is not None
    await c.close()
    assert session.closed


# -- coalescing ---------------------------------------------------------------------------


async def test_concurrent_identical_lookups_share_one_request(
    client: ScryfallClient, server: FakeScryfall
) -> None:
    names = ["Glimmer Pool", "glimmer pool", " Glimmer  Pool"] * 3 + ["GLIMMER POOL"]
    cards = await asyncio.gather(*(client.named_fuzzy(n) for n in names))
    assert len(cards) == 10
    assert {c["id"] for c in cards} == {cards[0]["id"]}
    assert server.count("/cards/named") == 1
    # Once settled, a new look-up goes to the server again.
    await client.named_fuzzy("Glimmer Pool")
    assert server.count("/cards/named") == 2


async def test_coalesced_failure_reaches_every_caller(
    client: ScryfallClient, server: FakeScryfall
) -> None:
    results = await asyncio.gather(
        *(client.named_fuzzy("No Such Card") for _ in range(5)), return_exceptions=True
    )
    assert all(isinstance(r, UnknownCardError) for r in results)
    assert server.count("/cards/named") == 1


async def test_one_caller_cancelling_does_not_cancel_the_others(
    client: ScryfallClient, server: FakeScryfall
) -> None:
    server.fail("/cards/named", "timeout", delay=0.2)
    first = asyncio.ensure_future(client.named_fuzzy("Thornwood Elf"))
    second = asyncio.ensure_future(client.named_fuzzy("Thornwood Elf"))
    await asyncio.sleep(0.05)
    first.cancel()
    card = await second
    assert card["name"] == "Thornwood Elf"
    assert first.cancelled()
    assert server.count("/cards/named") == 1


# -- rate limits --------------------------------------------------------------------------


@pytest.fixture
async def traced(
    server: FakeScryfall, clock: FakeClock
) -> AsyncIterator[tuple[ScryfallClient, list[tuple[str, float]]]]:
    """A client whose session notes (path, fake-clock time) as each request leaves."""
    sent: list[tuple[str, float]] = []

    async def on_start(
        session: aiohttp.ClientSession, ctx: object, params: aiohttp.TraceRequestStartParams
    ) -> None:
        sent.append((params.url.path, clock()))

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(on_start)
    async with aiohttp.ClientSession(trace_configs=[trace]) as session:
        yield (
            ScryfallClient(api_url=server.api_url, session=session, clock=clock, sleep=clock.sleep),
            sent,
        )


def _gaps(times: list[float]) -> list[float]:
    return [b - a for a, b in itertools.pairwise(times)]


async def test_named_lookups_are_spaced_half_a_second(
    traced: tuple[ScryfallClient, list[tuple[str, float]]], server: FakeScryfall
) -> None:
    client, sent = traced
    names = ["Glimmer Pool", "Orchard of Echoes", "Thornwood Elf", "Kicking Goblin"]
    cards = await asyncio.gather(*(client.named_fuzzy(n) for n in names))
    assert [c["name"] for c in cards] == names
    times = [t for path, t in sent if path == "/cards/named"]
    assert len(times) == 4
    assert _gaps(times) == pytest.approx([0.5, 0.5, 0.5])
    assert server.count("/cards/named") == 4


async def test_other_endpoints_are_spaced_a_tenth_of_a_second(
    traced: tuple[ScryfallClient, list[tuple[str, float]]],
) -> None:
    client, sent = traced
    cards = await asyncio.gather(
        *(client.named_fuzzy(n) for n in ["Glimmer Pool", "Kicking Goblin", "Thornwood Elf"])
    )
    start = len(sent)
    await asyncio.gather(*(client.rulings(c) for c in cards), client.bulk_data())
    times = [t for _, t in sent[start:]]
    assert len(times) == 4
    # Spaced by the general bucket's 0.1 s, not held back by the search bucket's 0.5 s.
    assert _gaps(times) == pytest.approx([0.1, 0.1, 0.1])


@pytest.mark.parametrize(
    ("rate", "calls", "expected_sleeps"),
    [
        (2.0, 3, [0.5, 0.5]),
        (10.0, 4, [0.1, 0.1, 0.1]),
        (1.0, 1, []),
    ],
)
async def test_rate_limiter_sleeps_only_as_needed(
    rate: float, calls: int, expected_sleeps: list[float]
) -> None:
    clock = FakeClock()
    limiter = RateLimiter(rate, clock=clock, sleep=clock.sleep)
    for _ in range(calls):
        await limiter.acquire()
    assert clock.sleeps == pytest.approx(expected_sleeps)


async def test_rate_limiter_does_not_sleep_after_idle_time() -> None:
    clock = FakeClock()
    limiter = RateLimiter(2.0, clock=clock, sleep=clock.sleep)
    await limiter.acquire()
    clock.now += 10
    await limiter.acquire()
    assert clock.sleeps == []


# -- retries and failures -----------------------------------------------------------------


async def test_429_honours_retry_after_then_succeeds(
    client: ScryfallClient, server: FakeScryfall, clock: FakeClock
) -> None:
    server.fail("/cards/named", "429", times=1, retry_after="3")
    card = await client.named_fuzzy("Thornwood Elf")
    assert card["name"] == "Thornwood Elf"
    seen = server.seen("/cards/named")
    assert len(seen) == 2
    assert seen[1].at - seen[0].at >= 3.0


async def test_429_without_retry_after_waits_scryfalls_penalty(
    client: ScryfallClient, server: FakeScryfall
) -> None:
    server.fail("/cards/named", "429", times=1, retry_after=None)
    await client.named_fuzzy("Thornwood Elf")
    seen = server.seen("/cards/named")
    assert seen[1].at - seen[0].at >= RATE_LIMIT_PENALTY


async def test_429_too_many_times_gives_rate_limited_error(
    client: ScryfallClient, server: FakeScryfall
) -> None:
    server.fail("/cards/named", "429", times=None, retry_after="1")
    with pytest.raises(RateLimitedError):
        await client.named_fuzzy("Thornwood Elf")
    assert server.count("/cards/named") == client.max_retries + 1


async def test_retry_after_beyond_the_bound_is_not_waited_out(
    client: ScryfallClient, server: FakeScryfall, clock: FakeClock
) -> None:
    server.fail("/cards/named", "429", times=1, retry_after="3600")
    with pytest.raises(RateLimitedError):
        await client.named_fuzzy("Thornwood Elf")
    assert server.count("/cards/named") == 1
    assert max(clock.sleeps, default=0) < 3600


@pytest.mark.parametrize("kind", ["500", "503"])
async def test_server_errors_are_retried_with_backoff(
    client: ScryfallClient, server: FakeScryfall, clock: FakeClock, kind: str
) -> None:
    server.fail("/bulk-data", kind, times=2)  # type: ignore[arg-type]
    entries = await client.bulk_data()
    assert entries
    seen = server.seen("/bulk-data")
    assert len(seen) == 3
    first_gap, second_gap = seen[1].at - seen[0].at, seen[2].at - seen[1].at
    assert first_gap >= client.backoff
    assert second_gap >= 2 * client.backoff


@pytest.mark.parametrize("kind", ["500", "503"])
async def test_server_errors_give_up_after_bounded_retries(
    client: ScryfallClient, server: FakeScryfall, kind: str
) -> None:
    server.fail("/bulk-data", kind, times=None)  # type: ignore[arg-type]
    with pytest.raises(HTTPStatusError) as info:
        await client.bulk_data()
    assert info.value.status == int(kind)
    assert server.count("/bulk-data") == client.max_retries + 1


async def test_timeout_is_retried_then_reported(
    client: ScryfallClient, server: FakeScryfall
) -> None:
    client.max_retries = 1
    client.timeout = 0.2
    server.fail("/cards/named", "timeout", times=None, delay=5)
    with pytest.raises(FetchTimeoutError):
        await client.named_fuzzy("Thornwood Elf")
    assert server.count("/cards/named") == 2


async def test_garbage_json_is_a_network_error(
    client: ScryfallClient, server: FakeScryfall
) -> None:
    server.fail("/cards/named", "garbage")
    with pytest.raises(NetworkError, match="not JSON"):
        await client.named_fuzzy("Thornwood Elf")


async def test_unreachable_server_is_a_network_error(clock: FakeClock) -> None:
    # A port nothing listens on: bind, note the port, close.
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    async with ScryfallClient(
        api_url=f"http://127.0.0.1:{port}", clock=clock, sleep=clock.sleep, max_retries=1
    ) as c:
        with pytest.raises(NetworkError):
            await c.bulk_data()


# -- downloads ----------------------------------------------------------------------------


async def test_download_streams_and_decodes_content_encoding(
    client: ScryfallClient, server: FakeScryfall, tmp_path: Path
) -> None:
    url = server.base_url + server.file_path("oracle_cards")
    result = await client.download(url, tmp_path / "cards.json")
    assert not result.not_modified
    assert result.path is not None
    assert result.path.read_bytes().lstrip().startswith(b"[")
    assert result.size == result.path.stat().st_size
    assert result.etag


async def test_download_with_matching_etag_is_not_modified(
    client: ScryfallClient, server: FakeScryfall, tmp_path: Path
) -> None:
    url = server.base_url + server.file_path("oracle_cards")
    first = await client.download(url, tmp_path / "a.json")
    second = await client.download(url, tmp_path / "b.json", etag=first.etag)
    assert second.not_modified
    assert second.path is None
    assert not (tmp_path / "b.json").exists()
    assert server.seen("/files/")[-1].headers["If-None-Match"] == first.etag


async def test_dropped_connection_is_retried(
    client: ScryfallClient, server: FakeScryfall, tmp_path: Path
) -> None:
    url = server.base_url + server.file_path("rulings")
    server.fail("/files/", "drop", times=1)
    result = await client.download(url, tmp_path / "r.json")
    assert result.path is not None
    assert result.path.read_bytes().rstrip().endswith(b"]")
    assert server.count("/files/") == 2


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("3", 3.0),
        ("0.5", 0.5),
        ("-2", 0.0),
        ("", None),
        (None, None),
        ("soon", None),
        ("Wed, 21 Oct 2015 07:28:00 GMT", 0.0),
    ],
)
def test_retry_after_parsing(value: str | None, expected: float | None) -> None:
    assert _retry_after(value) == expected
