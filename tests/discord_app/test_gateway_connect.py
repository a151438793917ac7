"""A bot whose first gateway connection fails keeps trying, through discord.py's own client."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import discord
import pytest
import yarl
from aiohttp import WSMsgType, web

from bot.discord_app.client import RulesBot
from tests.discord_app.conftest import make_settings

TOKEN = "MTIz.fake-token.never-shown-" + "y" * 20
_USER = {"id": "1", "username": "rulesbot", "discriminator": "0", "avatar": None}


def _json(data: Any) -> web.Response:
    # discord.py parses a body as JSON only for exactly this content type.
    return web.Response(
        body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


class Gateway:
    """Discord's REST login and a gateway that refuses its first connection, then says hello."""

    def __init__(self) -> None:
        self.attempts = 0
        self.identified = asyncio.Event()
        self.base = ""
        self._runner: web.AppRunner | None = None

    async def me(self, request: web.Request) -> web.Response:
        return _json({**_USER, "bot": True})

    async def application(self, request: web.Request) -> web.Response:
        return _json(
            {
                "id": "42",
                "name": "rulesbot",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": {**_USER, "id": "2"},
                "verify_key": "k",
                "flags": 0,
            }
        )

    async def socket(self, request: web.Request) -> web.StreamResponse:
        self.attempts += 1
        if self.attempts == 1:
            # As a gateway that can't be reached yet: the handshake fails.
            return web.Response(status=503, text="not yet")
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 45000}}))
        async for msg in ws:
            if msg.type is WSMsgType.TEXT and json.loads(msg.data).get("op") == 2:
                self.identified.set()
        return ws

    async def start(self) -> Gateway:
        app = web.Application()
        app.router.add_get("/api/v10/users/@me", self.me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self.application)
        app.router.add_get("/gateway/", self.socket)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.base = f"127.0.0.1:{self._runner.addresses[0][1]}"
        return self

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()


async def test_a_failed_first_connect_is_retried_not_a_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gateway = await Gateway().start()
    monkeypatch.setattr(discord.http.Route, "BASE", f"http://{gateway.base}/api/v10")
    monkeypatch.setattr(
        discord.gateway.DiscordWebSocket,
        "DEFAULT_GATEWAY",
        yarl.URL(f"ws://{gateway.base}/gateway/"),
    )
    bot = RulesBot(make_settings(tmp_path, token=TOKEN))
    bot.serve = False  # the gateway is what is under test, not the store or the cogs
    failures: list[BaseException] = []
    try:
        await bot.login(TOKEN)

        async def connect() -> None:
            try:
                await bot.connect()
            except BaseException as exc:  # what the CLI would see
                failures.append(exc)
                raise

        running = asyncio.create_task(connect())
        identified = asyncio.create_task(gateway.identified.wait())
        # A bound, not a timing: two back-offs of at most a second or two each.
        await asyncio.wait({identified, running}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        identified.cancel()
        assert not running.done(), f"connect() ended: {failures}"
        assert gateway.identified.is_set() and gateway.attempts == 2
        await bot.close()
        await asyncio.wait_for(running, timeout=30)
    finally:
        await bot.close()
        await gateway.close()
    assert failures == []
