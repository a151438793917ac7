"""A real bot over a real store in tmp_path; discord.py doubles only at the network edge."""

from __future__ import annotations

import importlib.util
import itertools
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from unittest.mock import MagicMock, create_autospec

import discord
import pytest
import pytest_asyncio
from discord.http import handle_message_parameters

from bot.discord_app.client import RulesBot
from bot.settings import Settings
from bot.store import Store

REPO = Path(__file__).resolve().parents[2]
VALIDATE = REPO.parent / "shared" / "discord" / "validate.py"
_ids = itertools.count(10**17)


def snowflake() -> int:
    return next(_ids)


def load_validator(schema: str) -> Any:
    """Discord's own OpenAPI schema validator, or a clean skip when it isn't available."""
    if not VALIDATE.exists():
        pytest.skip("../shared/discord/validate.py is not available")
    pytest.importorskip("jsonschema")
    spec = importlib.util.spec_from_file_location("discord_validate", VALIDATE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.validator_for(schema)


@pytest.fixture(scope="session")
def reply_validator() -> Any:
    return load_validator("IncomingWebhookInteractionRequest")


@pytest.fixture(scope="session")
def command_validator() -> Any:
    return load_validator("ApplicationCommandCreateRequest")


def make_settings(tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "db": tmp_path / "bot.sqlite3",
        "ask_cooldown_seconds": 60.0,
        "ask_cooldown_rate": 3,
        # A closed local port: a sync attempt fails at once, without the network.
        "scryfall_api_url": "http://127.0.0.1:9",
        "rules_url": "http://127.0.0.1:9/rules.txt",
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest_asyncio.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    """A real SQLite store with the built-in seed data."""
    store = await Store.open(tmp_path / "bot.sqlite3")
    try:
        yield store
    finally:
        await store.close()


async def make_bot(settings: Settings, store: Store) -> RulesBot:
    bot = RulesBot(settings, db_path=store.path)
    bot.serve = False
    await bot.load_cogs()
    await bot.attach(store)
    return bot


@pytest_asyncio.fixture
async def bot(settings: Settings, store: Store) -> AsyncIterator[RulesBot]:
    bot = await make_bot(settings, store)
    try:
        yield bot
    finally:
        await bot.close()


@dataclass
class Sent:
    """One message the code under test sent, edited or deferred, as discord.py would send it."""

    via: str
    kwargs: dict[str, Any]
    payload: dict[str, Any] = field(default_factory=dict)

    @property
    def ephemeral(self) -> bool:
        return bool(self.kwargs.get("ephemeral"))

    @property
    def embeds(self) -> list[discord.Embed]:
        if self.kwargs.get("embed") is not None:
            return [self.kwargs["embed"]]
        return list(self.kwargs.get("embeds") or [])

    @property
    def content(self) -> str:
        value = self.kwargs.get("content")
        return value if isinstance(value, str) else ""

    @property
    def view(self) -> discord.ui.View | None:
        return self.kwargs.get("view")

    @property
    def text(self) -> str:
        """Everything a reader sees: content, titles, descriptions, fields and footers."""
        parts = [self.content]
        for e in self.embeds:
            d = e.to_dict()
            parts += [
                d.get("title", ""),
                d.get("description", ""),
                d.get("footer", {}).get("text", ""),
            ]
            parts += [f["name"] + "\n" + f["value"] for f in d.get("fields", [])]
        return "\n".join(parts)


def _payload(kwargs: dict[str, Any]) -> dict[str, Any]:
    args = {
        k: kwargs[k]
        for k in ("content", "embed", "embeds", "view", "allowed_mentions")
        if k in kwargs
    }
    if args.get("content") is discord.utils.MISSING:
        del args["content"]
    if kwargs.get("ephemeral"):
        args["flags"] = discord.MessageFlags(ephemeral=True)
    return dict(handle_message_parameters(**args).payload or {})


class Recorder:
    """What an interaction double sent, in order."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self.deferred: list[dict[str, Any]] = []
        self.done = False

    def record(self, via: str) -> Callable[..., Any]:
        async def side_effect(*args: Any, **kwargs: Any) -> Any:
            if args:
                kwargs = {"content": args[0], **kwargs}
            if via in {"send_message", "edit_message", "defer"}:
                if self.done:
                    raise discord.InteractionResponded(MagicMock())
                self.done = True
            if via == "defer":
                self.deferred.append(kwargs)
                return None
            self.sent.append(Sent(via, kwargs, _payload(kwargs)))
            message = create_autospec(discord.WebhookMessage, spec_set=True, instance=True)
            message.id = snowflake()
            return message

        return side_effect

    @property
    def last(self) -> Sent:
        assert self.sent, "nothing was sent"
        return self.sent[-1]


def make_member(
    user_id: int | None = None, roles: tuple[str, ...] = (), role_ids: tuple[int, ...] = ()
) -> Any:
    member = create_autospec(discord.Member, spec_set=True, instance=True)
    member.id = user_id or snowflake()
    member.bot = False
    role_doubles = []
    for i, name in enumerate(roles):
        role = create_autospec(discord.Role, spec_set=True, instance=True)
        role.name = name
        role.id = role_ids[i] if i < len(role_ids) else snowflake()
        role_doubles.append(role)
    member.roles = role_doubles
    return member


def make_interaction(
    bot: RulesBot,
    *,
    user: Any = None,
    done: bool = False,
    command: Any = None,
    guild_id: int | None = None,
    permissions: discord.Permissions | None = None,
) -> tuple[Any, Recorder]:
    """An Interaction double (spec_set from the real class) whose replies are recorded."""
    rec = Recorder()
    rec.done = done
    interaction = create_autospec(discord.Interaction, spec_set=True, instance=True)
    interaction.client = bot
    interaction.user = user or make_member()
    interaction.id = snowflake()
    interaction.guild_id = guild_id or snowflake()
    interaction.permissions = permissions or discord.Permissions.none()
    interaction.channel_id = snowflake()
    interaction.command = command
    response = create_autospec(discord.InteractionResponse, spec_set=True, instance=True)
    response.is_done.side_effect = lambda: rec.done
    response.send_message.side_effect = rec.record("send_message")
    response.edit_message.side_effect = rec.record("edit_message")
    response.defer.side_effect = rec.record("defer")
    followup = create_autospec(discord.Webhook, spec_set=True, instance=True)
    followup.send.side_effect = rec.record("followup")
    interaction.response = response
    interaction.extras = {}
    interaction.followup = followup
    interaction.edit_original_response.side_effect = rec.record("edit_original")
    return interaction, rec


def view_items(view: discord.ui.View | None) -> list[Any]:
    return list(view.walk_children()) if view is not None else []


def button(view: discord.ui.View | None, custom_id_part: str) -> Any:
    for item in view_items(view):
        if custom_id_part in (getattr(item, "custom_id", None) or ""):
            return item
    raise AssertionError(f"no component with {custom_id_part!r} in {view!r}")


@pytest.fixture(scope="session")
def route_validator() -> Any:
    """Request bodies checked against the schema Discord's OpenAPI gives each route."""
    load_validator("IncomingWebhookInteractionRequest")  # skips cleanly without the spec
    from tests.discord_app.dispatch import RouteValidator

    return RouteValidator(VALIDATE.parent / "openapi.json")


@pytest_asyncio.fixture
async def discord_harness(
    settings: Settings, store: Store, route_validator: Any
) -> AsyncIterator[Any]:
    """The real bot, fed raw gateway payloads; every request it makes is recorded."""
    from tests.discord_app.dispatch import FakeDiscordAPI, Harness

    bot = RulesBot(settings, db_path=store.path)
    bot.serve = False
    harness = await Harness(bot, FakeDiscordAPI(route_validator)).start()
    try:
        await bot.load_cogs()
        await bot.attach(store)
        yield harness
    finally:
        await harness.stop()
