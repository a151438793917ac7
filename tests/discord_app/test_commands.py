"""Command definitions (meta-tests) and `rulesbot run / commands / sync-commands`."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import pytest_asyncio
from aiohttp import web
from pydantic import ValidationError

from bot.cli import main
from bot.discord_app.cli import command_payloads
from tests.discord_app.conftest import make_settings

TOKEN = "MTIz.fake-token.never-shown-" + "x" * 20
NAME = re.compile(r"^[-_\w]{1,32}$")


@pytest.fixture
async def payloads(tmp_path: Path) -> list[dict[str, Any]]:
    return await command_payloads(make_settings(tmp_path))


async def test_every_command_validates_against_discords_schema(
    payloads: list[dict[str, Any]], command_validator: Any
) -> None:
    assert payloads
    for payload in payloads:
        assert list(command_validator.iter_errors(payload)) == [], payload["name"]


async def test_the_commands_the_issue_asks_for(payloads: list[dict[str, Any]]) -> None:
    slash = {p["name"]: p for p in payloads if p["type"] == 1}
    assert set(slash) == {"ask", "card", "rulings", "cr", "feedback", "about"}
    messages = [p["name"] for p in payloads if p["type"] == 3]
    assert messages == ["Ask the rules bot"]
    options = {name: [o["name"] for o in p.get("options", [])] for name, p in slash.items()}
    assert options["ask"] == ["question", "private", "board"]
    assert options["cr"] == ["rule_or_term"]
    autocompleted = {
        (name, o["name"])
        for name, p in slash.items()
        for o in p.get("options", [])
        if o.get("autocomplete")
    }
    assert autocompleted == {("card", "name"), ("rulings", "name"), ("cr", "rule_or_term")}


async def test_the_longest_question_a_setting_allows_fits_the_ask_option(
    payloads: list[dict[str, Any]], tmp_path: Path
) -> None:
    ask = next(p for p in payloads if p["type"] == 1 and p["name"] == "ask")
    question = next(o for o in ask["options"] if o["name"] == "question")
    longest = question["max_length"]
    assert make_settings(tmp_path, max_question_chars=longest).max_question_chars == longest
    with pytest.raises(ValidationError):
        make_settings(tmp_path, max_question_chars=longest + 1)


async def test_every_command_and_option_has_a_description(payloads: list[dict[str, Any]]) -> None:
    for payload in payloads:
        if payload["type"] != 1:
            continue  # context menus have no description in Discord's model
        assert 1 <= len(payload["description"]) <= 100, payload["name"]
        for option in payload.get("options", []):
            assert 1 <= len(option["description"]) <= 100, (payload["name"], option["name"])


async def test_names_are_valid_and_never_collide(payloads: list[dict[str, Any]]) -> None:
    seen: set[tuple[int, str]] = set()
    for payload in payloads:
        key = (payload["type"], payload["name"].lower())
        assert key not in seen, payload["name"]
        seen.add(key)
        if payload["type"] == 1:
            assert NAME.match(payload["name"]) and payload["name"] == payload["name"].lower()
            names = [o["name"] for o in payload.get("options", [])]
            assert len(names) == len(set(names))
            assert all(NAME.match(n) and n == n.lower() for n in names)


def test_commands_json_prints_the_payloads(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio

    monkeypatch.chdir(tmp_path)
    assert main(["commands", "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == asyncio.run(command_payloads(make_settings(tmp_path)))
    assert main(["commands"]) == 0
    listing = capsys.readouterr().out
    assert "/ask question [private]" in listing and "message: Ask the rules bot" in listing


@pytest.mark.parametrize("command", [["run"], ["sync-commands"]])
def test_missing_token_fails_fast(
    command: list[str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("RULESBOT_TOKEN", raising=False)
    assert main(command) == 2
    err = capsys.readouterr().err
    assert "RULESBOT_TOKEN" in err and "Traceback" not in err


@pytest.mark.parametrize("command", [["run"], ["sync-commands"]])
def test_offline_is_one_clear_line_and_no_traceback(
    command: list[str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A closed local port: the connection is refused at once, as with no network.
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULESBOT_TOKEN", TOKEN)
    monkeypatch.setenv("RULESBOT_DB", str(tmp_path / "bot.sqlite3"))
    assert main(command) == 2
    err = capsys.readouterr().err
    (line,) = [line for line in err.splitlines() if line.startswith("rulesbot:")]
    assert "can't reach Discord" in line and "127.0.0.1" in line
    assert "Traceback" not in err and TOKEN not in err
    assert len(err.splitlines()) <= 3


def test_bad_log_level_fails_fast(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULESBOT_TOKEN", TOKEN)
    monkeypatch.setenv("RULESBOT_LOG_LEVEL", "loud")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "RULESBOT_LOG_LEVEL" in err and "Traceback" not in err


def test_invalid_settings_fail_fast(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULESBOT_TOKEN", TOKEN)
    monkeypatch.setenv("RULESBOT_ASK_COOLDOWN_RATE", "0")
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "RULESBOT_ASK_COOLDOWN_RATE" in err and "Traceback" not in err and TOKEN not in err


# --- a local stand-in for Discord's HTTP API -----------------------------------------------


def _json(data: Any, status: int = 200) -> web.Response:
    # discord.py parses a body as JSON only for exactly this content type.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


class FakeDiscord:
    """Just enough of Discord's REST API for login and bulk command registration."""

    def __init__(self) -> None:
        self.registered: dict[str, list[dict[str, Any]]] = {}
        self.base = ""
        self._runner: web.AppRunner | None = None
        self._stopping = asyncio.Event()

    def _authorised(self, request: web.Request) -> bool:
        return request.headers.get("Authorization") == f"Bot {TOKEN}"

    async def me(self, request: web.Request) -> web.Response:
        if not self._authorised(request):
            return _json({"message": "401: Unauthorized", "code": 0}, status=401)
        return _json(
            {"id": "1", "username": "rulesbot", "discriminator": "0", "avatar": None, "bot": True}
        )

    async def application(self, request: web.Request) -> web.Response:
        owner = {"id": "2", "username": "owner", "discriminator": "0", "avatar": None}
        return _json(
            {
                "id": "42",
                "name": "rulesbot",
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": owner,
                "verify_key": "k",
                "flags": 0,
            }
        )

    async def put_commands(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.registered[request.match_info.get("guild", "global")] = body
        return _json(
            [
                {"description": "", **c, "id": str(100 + i), "application_id": "42", "version": "1"}
                for i, c in enumerate(body)
            ]
        )

    async def gateway(self, request: web.Request) -> web.Response:
        # Hold the connection open: the bot is "starting" until it is told to stop.
        await self._stopping.wait()
        return _json({"message": "gone"}, status=503)

    async def start(self) -> FakeDiscord:
        app = web.Application()
        app.router.add_get("/api/v10/users/@me", self.me)
        app.router.add_get("/api/v10/oauth2/applications/@me", self.application)
        app.router.add_get("/api/v10/gateway/bot", self.gateway)
        app.router.add_put("/api/v10/applications/42/commands", self.put_commands)
        app.router.add_put("/api/v10/applications/42/guilds/{guild}/commands", self.put_commands)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.base = f"http://127.0.0.1:{self._runner.addresses[0][1]}/api/v10"
        return self

    async def close(self) -> None:
        self._stopping.set()
        if self._runner is not None:
            await self._runner.cleanup()


@pytest_asyncio.fixture
async def fake_discord(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> AsyncIterator[FakeDiscord]:
    server = await FakeDiscord().start()
    monkeypatch.setattr(discord.http.Route, "BASE", server.base)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULESBOT_DB", str(tmp_path / "bot.sqlite3"))
    try:
        yield server
    finally:
        await server.close()


async def _run_cli(argv: list[str]) -> int:
    # main() runs its own event loop; the subcommand coroutine is what it awaits.
    from bot.cli import build_parser

    args = build_parser().parse_args(argv)
    try:
        return int(await args.func(args) or 0)
    except Exception as exc:
        from bot.errors import RulesbotError

        assert isinstance(exc, RulesbotError), repr(exc)
        print(f"rulesbot: {exc.user_message}")
        return 2


@pytest.mark.parametrize(
    ("argv", "where"), [([], "global"), (["--guild", "123456"], "123456"), (["--dev"], "777")]
)
async def test_sync_commands_registers_exactly_the_payloads(
    fake_discord: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    payloads: list[dict[str, Any]],
    argv: list[str],
    where: str,
) -> None:
    monkeypatch.setenv("RULESBOT_TOKEN", TOKEN)
    monkeypatch.setenv("RULESBOT_DEV_GUILD_ID", "777")
    assert await _run_cli(["sync-commands", *argv]) == 0
    assert list(fake_discord.registered) == [where]
    assert fake_discord.registered[where] == payloads
    out = capsys.readouterr().out
    assert "registered 7 command(s)" in out and TOKEN not in out
    assert (f"in guild {where}" in out) is (where != "global")


async def test_sync_commands_dev_without_a_dev_guild(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RULESBOT_TOKEN", TOKEN)
    monkeypatch.delenv("RULESBOT_DEV_GUILD_ID", raising=False)
    assert await _run_cli(["sync-commands", "--dev"]) == 2
    assert "RULESBOT_DEV_GUILD_ID" in capsys.readouterr().out
    assert fake_discord.registered == {}


async def test_rejected_token_is_a_clear_message_and_never_shown(
    fake_discord: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    bad = "bad-" + TOKEN
    monkeypatch.setenv("RULESBOT_TOKEN", bad)
    for command in (["sync-commands"], ["run"]):
        assert await _run_cli(command) == 2
        out = capsys.readouterr()
        assert "rejected the token" in out.out
        assert bad not in out.out + out.err + caplog.text
    assert fake_discord.registered == {}


async def test_run_opens_everything_and_sigterm_shuts_down_cleanly(
    fake_discord: FakeDiscord, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`rulesbot run` up to the gateway (held open by the fake), then a SIGTERM."""
    import asyncio
    import os
    import signal

    from bot.discord_app import client as client_module

    monkeypatch.setenv("RULESBOT_TOKEN", TOKEN)
    monkeypatch.setenv("RULESBOT_SCRYFALL_API_URL", "http://127.0.0.1:9")
    started: list[Any] = []
    original = client_module.RulesBot.setup_hook

    async def observed(self: Any) -> None:
        await original(self)
        started.append(self)

    monkeypatch.setattr(client_module.RulesBot, "setup_hook", observed)

    async def held_gateway(cls: Any, client: Any, **_: Any) -> Any:
        # The gateway connection is held open until the bot closes, as a slow gateway would:
        # no DNS lookup, and no reconnect back-off racing the SIGTERM. discord.py offers no
        # event for "closed", so its flag is polled.
        while not client.is_closed():  # noqa: ASYNC110
            await asyncio.sleep(0.01)
        raise OSError("gateway closed")

    monkeypatch.setattr(discord.gateway.DiscordWebSocket, "from_client", classmethod(held_gateway))
    runner = asyncio.create_task(_run_cli(["run"]))
    # A bound, not a timing: start-up opens and seeds a store, which a loaded machine can
    # stretch to several seconds.
    for _ in range(6000):
        if started or runner.done():
            break
        await asyncio.sleep(0.01)
    assert started, "setup_hook never completed"
    bot = started[0]
    assert (await bot.store.status()).cards > 0
    assert not runner.done()
    os.kill(os.getpid(), signal.SIGTERM)
    assert await asyncio.wait_for(runner, timeout=30) == 0
    assert bot.is_closed() and bot.http_session is None
    with pytest.raises(RuntimeError):
        _ = bot.store


async def test_run_with_an_unusable_database_is_a_clear_error(
    fake_discord: FakeDiscord,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    monkeypatch.setenv("RULESBOT_TOKEN", TOKEN)
    monkeypatch.setenv("RULESBOT_DB", str(folder))
    assert await _run_cli(["run"]) == 2
    out = capsys.readouterr().out
    assert "is a folder" in out and TOKEN not in out
