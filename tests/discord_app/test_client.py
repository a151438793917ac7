"""The bot's life cycle: dependencies opened in setup_hook, closed in close(), daily data refresh."""

from __future__ import annotations

import os
import time
from collections.abc import AsyncIterator
from pathlib import Path

import discord
import pytest
import pytest_asyncio

from bot.discord_app.client import RulesBot, create_bot
from bot.errors import UnknownCardError
from tests.bot.fakeserver import FakeScryfall, make_card, make_ruling
from tests.discord_app.conftest import make_settings

NEW_CARD = "Zygon Test Lookout"


@pytest_asyncio.fixture
async def scryfall() -> AsyncIterator[FakeScryfall]:
    card = make_card(NEW_CARD, oracle_text="Vigilance")
    async with FakeScryfall(cards=[card], rulings=[make_ruling(card, "It sees all.")]) as server:
        yield server


async def test_setup_hook_opens_and_close_closes(tmp_path: Path, scryfall: FakeScryfall) -> None:
    settings = make_settings(
        tmp_path, scryfall_api_url=scryfall.api_url, rules_url=scryfall.rules_url
    )
    bot = RulesBot(settings, db_path=tmp_path / "deep" / "bot.sqlite3")
    await bot.setup_hook()
    try:
        assert (tmp_path / "deep" / "bot.sqlite3").exists()
        assert (await bot.store.status()).cards > 0
        assert bot.names.resolve("Sol Ring").name == "Sol Ring"
        assert bot.http_session is not None and not bot.http_session.closed
        assert {c.qualified_name for c in bot.tree.get_commands()} >= {"ask", "card", "cr"}
        session = bot.http_session
    finally:
        await bot.close()
    assert session.closed and bot.http_session is None
    with pytest.raises(RuntimeError):
        _ = bot.store


async def test_refresh_loads_new_data_and_rebuilds_indexes(
    tmp_path: Path, scryfall: FakeScryfall
) -> None:
    settings = make_settings(
        tmp_path, scryfall_api_url=scryfall.api_url, rules_url=scryfall.rules_url
    )
    bot = RulesBot(settings, db_path=tmp_path / "bot.sqlite3")
    bot.serve = False
    from bot.store import Store

    await bot.attach(await Store.open(tmp_path / "bot.sqlite3"))
    try:
        with pytest.raises(UnknownCardError):
            bot.names.resolve(NEW_CARD)
        assert await bot.refresh_data() is True
        assert bot.names.resolve(NEW_CARD).name == NEW_CARD
    finally:
        await bot.close()


async def test_failed_refresh_keeps_serving_the_old_data(
    tmp_path: Path, scryfall: FakeScryfall, caplog: pytest.LogCaptureFixture
) -> None:
    scryfall.fail("/", "garbage", times=None)
    settings = make_settings(
        tmp_path, scryfall_api_url=scryfall.api_url, rules_url=scryfall.rules_url
    )
    bot = RulesBot(settings, db_path=tmp_path / "bot.sqlite3")
    bot.serve = False
    from bot.store import Store

    await bot.attach(await Store.open(tmp_path / "bot.sqlite3"))
    try:
        before = await bot.store.status()
        names_before = bot.names
        assert await bot.refresh_data() is False
        assert await bot.store.status() == before
        assert bot.names is names_before
        assert bot.names.resolve("Sol Ring").name == "Sol Ring"
        assert "previous data" in caplog.text
    finally:
        await bot.close()


def test_intents_follow_inline_lookups(tmp_path: Path) -> None:
    assert not RulesBot(make_settings(tmp_path)).intents.message_content
    assert RulesBot(make_settings(tmp_path, inline_lookups=True)).intents.message_content


def test_shards_from_settings(tmp_path: Path) -> None:
    bot = create_bot(make_settings(tmp_path, shard_count=4, shard_ids=[0, 2]))
    assert isinstance(bot, discord.AutoShardedClient)
    assert bot.shard_count == 4 and bot.shard_ids == [0, 2]


def test_one_plain_connection_without_sharding(tmp_path: Path) -> None:
    """Standard tooling (dpytest and the like) refuses sharded clients."""
    bot = create_bot(make_settings(tmp_path))
    assert isinstance(bot, RulesBot) and not isinstance(bot, discord.AutoShardedClient)


async def test_a_sharded_bot_that_never_connected_closes_cleanly(tmp_path: Path) -> None:
    bot = create_bot(make_settings(tmp_path, shard_count=2))
    await bot.close()
    assert bot.is_closed()


async def test_heartbeat_only_while_the_gateway_is_up(tmp_path: Path) -> None:
    beat = tmp_path / "heartbeat"
    bot = create_bot(make_settings(tmp_path, heartbeat_file=beat))
    try:
        await bot.heartbeat()
        assert not beat.exists()  # never connected yet
        await bot.on_ready()
        await bot.heartbeat()
        assert beat.exists()
        os.utime(beat, (1, 1))
        await bot.on_disconnect()
        await bot.heartbeat()
        assert beat.stat().st_mtime == 1  # down: the file ages
        await bot.on_resumed()
        await bot.heartbeat()
        assert beat.stat().st_mtime > 1
    finally:
        await bot.close()


async def test_sharded_gateway_is_up_only_with_every_shard(tmp_path: Path) -> None:
    bot = create_bot(make_settings(tmp_path, shard_count=2))
    try:
        assert not bot.gateway_up()
        await bot.on_shard_ready(0)  # type: ignore[attr-defined]
        assert not bot.gateway_up()
        await bot.on_shard_ready(1)  # type: ignore[attr-defined]
        assert bot.gateway_up()
        await bot.on_shard_disconnect(1)  # type: ignore[attr-defined]
        assert not bot.gateway_up()
    finally:
        await bot.close()


@pytest.mark.parametrize(
    ("age", "code", "says"),
    [(None, 1, "no heartbeat"), (5, 0, "healthy"), (1000, 1, "no gateway heartbeat for")],
)
def test_health_command(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    age: float | None,
    code: int,
    says: str,
) -> None:
    from bot.cli import main

    beat = tmp_path / "heartbeat"
    if age is not None:
        beat.touch()
        os.utime(beat, (time.time() - age, time.time() - age))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULESBOT_HEARTBEAT_FILE", str(beat))
    monkeypatch.setenv("RULESBOT_HEARTBEAT_MAX_AGE_SECONDS", "180")
    assert main(["health"]) == code
    (line,) = capsys.readouterr().out.splitlines()
    assert says in line


async def test_a_bot_that_does_not_sync_reloads_what_the_writer_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bot.store import Store

    path = tmp_path / "shared.sqlite3"
    reader, writer = await Store.open(path), await Store.open(path)
    bot = RulesBot(make_settings(tmp_path, background_sync=False), db_path=path)
    reloads: list[int] = []

    async def reload_data() -> None:
        reloads.append(1)

    monkeypatch.setattr(bot, "reload_data", reload_data)
    try:
        await bot.attach(reader)
        await bot.watch_data()
        await bot.watch_data()
        assert reloads == []
        await writer.set_source("cards", "https://example.org/cards.json")
        await bot.watch_data()
        assert reloads == [1]
    finally:
        await writer.close()
        await bot.close()
