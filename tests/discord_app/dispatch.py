"""Drive the bot the way Discord does: raw gateway payloads in, HTTP requests recorded out."""

# Interactions and messages go through discord.py's own ConnectionState parsers, so the
# real CommandTree, view store and dynamic items route them. What the bot sends goes
# through discord.py's own request building; only the last step, the HTTP call, is
# replaced by a recorder that answers as Discord would and validates every request body
# against Discord's OpenAPI description.

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

from bot.discord_app.client import RulesBot

APP_ID = 4242
BOT_USER = {
    "id": str(APP_ID),
    "username": "rulesbot",
    "discriminator": "0",
    "global_name": None,
    "avatar": None,
    "bot": True,
}
EPHEMERAL = 64
_ids = itertools.count(7 * 10**17)
# Tasks discord.py starts to run a command, a component callback or an event listener.
_DISPATCH_TASKS = ("CommandTree-invoker", "discord-ui-view-dispatch", "discord-ui-dynamic")


def snowflake() -> int:
    return next(_ids)


def _now() -> str:
    return datetime.now(UTC).isoformat()


# --- Discord's schemas, by route ------------------------------------------------------------


class RouteValidator:
    """Validates a request body against the schema Discord's OpenAPI gives its route."""

    def __init__(self, spec_path: Path) -> None:
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012

        doc = json.loads(spec_path.read_text())
        registry = Registry().with_resource(
            "urn:discord", Resource.from_contents(doc, default_specification=DRAFT202012)
        )
        self._routes: list[tuple[str, re.Pattern[str], Any]] = []
        for path, methods in doc["paths"].items():
            pattern = re.compile("^" + re.sub(r"\\\{[^}]+\\\}", "[^/]+", re.escape(path)) + "$")
            # Literal segments (like @original) must win over parameters: try them first.
            for method, operation in methods.items():
                body = isinstance(operation, dict) and operation.get("requestBody")
                if not body or "application/json" not in body["content"]:
                    continue
                pointer = "/".join(
                    part.replace("~", "~0").replace("/", "~1")
                    for part in ("paths", path, method, "requestBody", "content")
                )
                schema = {"$ref": f"urn:discord#/{pointer}/application~1json/schema"}
                validator = Draft202012Validator(schema, registry=registry)
                self._routes.append((method.upper(), pattern, (path.count("{"), validator)))
        self._routes.sort(key=lambda r: r[2][0])

    def problems(self, method: str, path: str, body: Any) -> list[str]:
        body = _snowflakes_as_strings(body)
        for want, pattern, (_, validator) in self._routes:
            if want == method and pattern.match(path):
                return [
                    f"{'/'.join(map(str, e.path))}: {e.message[:200]}"
                    for e in validator.iter_errors(body)
                ]
        raise AssertionError(f"Discord's API has no {method} {path} taking a JSON body")


def _snowflakes_as_strings(value: Any, key: str = "") -> Any:
    """discord.py sends some ids (message_reference's) as JSON numbers, which Discord
    accepts; the spec types every snowflake as a string."""
    if isinstance(value, dict):
        return {k: _snowflakes_as_strings(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_snowflakes_as_strings(v, key) for v in value]
    if isinstance(value, int) and not isinstance(value, bool) and key.endswith("_id"):
        return str(value)
    return value


# --- what the bot sent ------------------------------------------------------------------------


@dataclass
class Request:
    """One HTTP request the bot made, with Discord's reply to it."""

    method: str
    path: str
    body: dict[str, Any] | None
    reply: Any = None

    @property
    def kind(self) -> str:
        if self.path.endswith("/callback"):
            return "callback"
        if self.path.startswith("/webhooks/") and self.method == "POST":
            return "followup"
        if self.path.endswith("/messages/@original"):
            return {"PATCH": "edit_original", "DELETE": "delete_original"}.get(self.method, "get")
        if self.path.startswith("/webhooks/") and self.method == "PATCH":
            return "edit_followup"
        if self.path.startswith("/channels/") and self.method == "POST":
            return "channel_message"
        return f"{self.method} {self.path}"

    @property
    def message(self) -> dict[str, Any]:
        """The message data this request carried (the callback's data for a callback)."""
        if self.body is None:
            return {}
        return self.body.get("data") or {} if self.kind == "callback" else self.body

    @property
    def callback_type(self) -> int | None:
        return self.body.get("type") if self.kind == "callback" and self.body else None

    @property
    def ephemeral(self) -> bool:
        return bool((self.message.get("flags") or 0) & EPHEMERAL)

    @property
    def text(self) -> str:
        """All a reader sees: content, embed titles, descriptions, fields and footers."""
        message = self.message
        parts = [message.get("content") or ""]
        for embed in message.get("embeds") or []:
            parts += [embed.get("title", ""), embed.get("description", "")]
            parts += [f"{f['name']}\n{f['value']}" for f in embed.get("fields", [])]
            parts.append(embed.get("footer", {}).get("text", ""))
        return "\n".join(parts)

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in _components(self.message) if "custom_id" in c]


def _components(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for row in message.get("components") or []:
        yield row
        yield from row.get("components") or []


@dataclass
class Conversation:
    """One Discord-side message the bot's replies created or changed."""

    payload: dict[str, Any]
    interaction_id: int | None = None


class FakeDiscordAPI:
    """Answers the bot's HTTP requests as Discord does, and records them."""

    def __init__(self, validator: RouteValidator) -> None:
        self.validator = validator
        self.requests: list[Request] = []
        self.messages: dict[int, dict[str, Any]] = {}
        # interaction token -> (interaction payload, id of its original response message)
        self.interactions: dict[str, tuple[dict[str, Any], int | None]] = {}

    def record(self, method: str, path: str, body: dict[str, Any] | None) -> Request:
        if body is not None:
            problems = self.validator.problems(method, path, body)
            assert problems == [], f"{method} {path}: {problems}\n{json.dumps(body)[:2000]}"
        request = Request(method, path, body)
        self.requests.append(request)
        return request

    def _message(
        self, channel_id: Any, data: dict[str, Any], *, interaction: dict[str, Any] | None
    ) -> dict[str, Any]:
        message: dict[str, Any] = {
            "id": str(snowflake()),
            "channel_id": str(channel_id),
            "type": 0 if interaction is None else 20,
            "content": data.get("content") or "",
            "embeds": data.get("embeds") or [],
            "components": data.get("components") or [],
            "attachments": [],
            "mentions": [],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": False,
            "tts": False,
            "timestamp": _now(),
            "edited_timestamp": None,
            "author": BOT_USER,
            "flags": data.get("flags") or 0,
        }
        if interaction is not None:
            message["application_id"] = str(APP_ID)
            message["webhook_id"] = str(APP_ID)
            message["interaction_metadata"] = {
                "id": interaction["id"],
                "type": interaction["type"],
                "user": interaction["member"]["user"],
                "authorizing_integration_owners": {},
            }
        self.messages[int(message["id"])] = message
        return message

    def _edit(self, message_id: int, data: dict[str, Any]) -> dict[str, Any]:
        message = self.messages[message_id]
        for key in ("content", "embeds", "components"):
            if key in data:
                message[key] = (
                    data[key] if data[key] is not None else ([] if key != "content" else "")
                )
        message["edited_timestamp"] = _now()
        return message

    def webhook(self, method: str, path: str, body: dict[str, Any] | None) -> Any:
        """An interaction callback or a request on an interaction's webhook."""
        request = self.record(method, path, body)
        parts = path.strip("/").split("/")
        token = parts[2]
        interaction, original = self.interactions[token]
        channel_id = interaction["channel_id"]
        if request.kind == "callback":
            assert body is not None
            kind = body["type"]
            data = body.get("data") or {}
            reply: Any = {
                "interaction": {
                    "id": interaction["id"],
                    "type": interaction["type"],
                    "response_message_loading": kind == 5,
                    "response_message_ephemeral": bool((data.get("flags") or 0) & EPHEMERAL),
                },
                "resource": {"type": kind},
            }
            if kind in (4, 5):  # a new message: the answer, or "thinking…"
                message = self._message(channel_id, data, interaction=interaction)
                if kind == 5:
                    message["flags"] |= 128  # LOADING
                self.interactions[token] = (interaction, int(message["id"]))
                reply["interaction"]["response_message_id"] = message["id"]
                reply["resource"]["message"] = message
            elif kind == 7:  # update the component's message
                message_id = int(interaction["message"]["id"])
                message = self._edit(message_id, data)
                reply["interaction"]["response_message_id"] = message["id"]
                reply["resource"]["message"] = message
            request.reply = reply
            return reply
        data = body or {}
        if request.kind == "followup":
            pending = original is not None and self.messages[original]["flags"] & 128
            if pending:
                # The first follow-up after a deferral *is* the deferred message: it keeps
                # the deferral's visibility whatever flags the follow-up asks for.
                message = self.messages[original]
                message["flags"] &= ~128
                self._edit(original, data)
            else:
                message = self._message(channel_id, data, interaction=interaction)
            request.reply = message
            return message
        if request.kind in {"edit_original", "get"}:
            target = original
            if target is None and "message" in interaction:  # a component's message
                target = int(interaction["message"]["id"])
            assert target is not None, "no original response to edit"
            if request.kind == "edit_original":
                self.messages[target]["flags"] &= ~128
                self._edit(target, data)
            request.reply = self.messages[target]
            return request.reply
        if request.kind == "delete_original":
            assert original is not None
            self.messages.pop(original, None)
            return None
        if request.kind == "edit_followup":
            request.reply = self._edit(int(parts[-1]), data)
            return request.reply
        raise AssertionError(f"unexpected webhook request {method} {path}")

    def rest(self, method: str, path: str, body: dict[str, Any] | None) -> Any:
        """The bot's own REST calls (not through an interaction)."""
        request = self.record(method, path, body)
        if request.kind == "channel_message":
            channel_id = path.split("/")[2]
            request.reply = self._message(channel_id, body or {}, interaction=None)
            return request.reply
        raise AssertionError(f"unexpected REST request {method} {path}")


class RecordingAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter with the network replaced by FakeDiscordAPI."""

    def __init__(self, api: FakeDiscordAPI) -> None:
        super().__init__()
        self.api = api

    async def request(self, route: Any, session: Any, **kwargs: Any) -> Any:
        assert not kwargs.get("multipart"), "the bot never uploads files"
        path = route.url.split("/api/v10", 1)[1]
        return self.api.webhook(route.method, path, kwargs.get("payload"))


# --- the gateway side --------------------------------------------------------------------------


@dataclass
class Guild:
    id: int
    channel_id: int
    roles: dict[str, int] = field(default_factory=dict)


def user_payload(user_id: int, name: str = "player") -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": f"{name}{user_id % 1000}",
        "discriminator": "0",
        "global_name": None,
        "avatar": None,
    }


@dataclass
class Member:
    id: int
    roles: tuple[int, ...] = ()
    permissions: discord.Permissions = field(default_factory=discord.Permissions.none)

    def payload(self) -> dict[str, Any]:
        return {
            "user": user_payload(self.id),
            "roles": [str(r) for r in self.roles],
            "joined_at": _now(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": str(self.permissions.value),
        }


class _ErrorLog(logging.Handler):
    """Errors logged while handling: discord.py logs (never raises) what a task raised."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self) -> list[str]:
        found, self.records = self.records, []
        return [r.getMessage() for r in found]


class Harness:
    """A RulesBot wired to FakeDiscordAPI, fed raw gateway payloads."""

    def __init__(self, bot: RulesBot, api: FakeDiscordAPI) -> None:
        self.bot = bot
        self.api = api
        self.adapter = RecordingAdapter(api)
        self.state = bot._connection  # the gateway parsers live on discord.py's state
        self.guilds: dict[int, Guild] = {}
        self.errors = _ErrorLog()

    async def start(self) -> Harness:
        logging.getLogger().addHandler(self.errors)
        await self.bot.__aenter__()  # what `async with bot` does: sets up the loop
        self.state.user = discord.ClientUser(state=self.state, data=BOT_USER)  # type: ignore[arg-type]
        self.state.application_id = APP_ID

        async def http_request(route: Any, **kwargs: Any) -> Any:
            assert "form" not in kwargs, "the bot never uploads files"
            return self.api.rest(
                route.method, route.url.split("/api/v10", 1)[1], kwargs.get("json")
            )

        self.bot.http.request = http_request  # type: ignore[method-assign]
        return self

    def add_guild(self, *roles: str) -> Guild:
        guild = Guild(snowflake(), snowflake(), {name: snowflake() for name in roles})
        everyone = {"id": str(guild.id), "name": "@everyone", "permissions": "0"}
        role_data = [{"id": str(i), "name": n, "permissions": "0"} for n, i in guild.roles.items()]
        data = {
            "id": str(guild.id),
            "name": f"Guild {guild.id % 1000}",
            "owner_id": "1",
            "roles": [
                {
                    **r,
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
                for r in [everyone, *role_data]
            ],
            "channels": [
                {
                    "id": str(guild.channel_id),
                    "type": 0,
                    "name": "rules",
                    "position": 0,
                    "permission_overwrites": [],
                    "guild_id": str(guild.id),
                }
            ],
            "members": [],
            "emojis": [],
            "stickers": [],
            "features": [],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "member_count": 2,
            "unavailable": False,
        }
        self.state.parse_guild_create(data)  # type: ignore[arg-type]
        self.guilds[guild.id] = guild
        return guild

    def _interaction(
        self, guild: Guild, member: Member, kind: int, data: dict[str, Any], **extra: Any
    ) -> dict[str, Any]:
        interaction_id = snowflake()
        payload = {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token-{interaction_id}",
            "version": 1,
            "guild_id": str(guild.id),
            "channel_id": str(guild.channel_id),
            "channel": {
                "id": str(guild.channel_id),
                "type": 0,
                "guild_id": str(guild.id),
                "name": "rules",
                "position": 0,
                "permission_overwrites": [],
            },
            "member": member.payload(),
            "app_permissions": str(discord.Permissions.text().value),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
            "data": data,
            **extra,
        }
        self.api.interactions[payload["token"]] = (payload, None)
        return payload

    @contextmanager
    def _recording(self) -> Iterator[None]:
        token = async_context.set(self.adapter)
        try:
            yield
        finally:
            async_context.reset(token)

    async def stop(self) -> None:
        logging.getLogger().removeHandler(self.errors)
        await self.bot.close()
        unexpected = self.errors.take()
        assert unexpected == [], f"errors were logged: {unexpected}"

    async def settle(self) -> None:
        """Wait for every command, component and event task the dispatch started."""
        me = asyncio.current_task()
        for _ in range(200):
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not me
                and not t.done()
                and (
                    t.get_name().startswith(_DISPATCH_TASKS)
                    or t.get_name().startswith("discord.py: ")
                )
            ]
            if not pending:
                return
            await asyncio.wait(pending, timeout=30)
        raise AssertionError("dispatch never settled")

    async def feed(self, payload: dict[str, Any]) -> list[Request]:
        """INTERACTION_CREATE through discord.py's parser; returns what the bot sent."""
        start = len(self.api.requests)
        with self._recording():
            self.state.parse_interaction_create(payload)  # type: ignore[arg-type]
            await self.settle()
        return self.api.requests[start:]

    async def slash(
        self, guild: Guild, member: Member, name: str, /, **options: Any
    ) -> list[Request]:
        command = self.bot.tree.get_command(name)
        assert isinstance(command, discord.app_commands.Command), name
        opts = []
        for key, value in options.items():
            parameter = command.get_parameter(key)
            assert parameter is not None, key
            opts.append({"name": key, "type": parameter.type.value, "value": value})
        data = {"id": str(snowflake()), "name": name, "type": 1, "options": opts}
        return await self.feed(self._interaction(guild, member, 2, data))

    async def autocomplete(
        self, guild: Guild, member: Member, name: str, option: str, current: str
    ) -> list[Request]:
        data = {
            "id": str(snowflake()),
            "name": name,
            "type": 1,
            "options": [{"name": option, "type": 3, "value": current, "focused": True}],
        }
        return await self.feed(self._interaction(guild, member, 4, data))

    def channel_message(self, guild: Guild, author: Member, content: str) -> dict[str, Any]:
        return {
            "id": str(snowflake()),
            "channel_id": str(guild.channel_id),
            "guild_id": str(guild.id),
            "author": user_payload(author.id),
            "member": {
                k: v for k, v in author.payload().items() if k not in {"user", "permissions"}
            },
            "content": content,
            "timestamp": _now(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": 0,
            "flags": 0,
        }

    async def message_command(
        self, guild: Guild, member: Member, name: str, message: dict[str, Any]
    ) -> list[Request]:
        data = {
            "id": str(snowflake()),
            "name": name,
            "type": 3,
            "target_id": message["id"],
            "resolved": {"messages": {message["id"]: message}},
        }
        return await self.feed(self._interaction(guild, member, 2, data))

    async def press(
        self, guild: Guild, member: Member, message: dict[str, Any], custom_id: str
    ) -> list[Request]:
        """A button press on ``message`` (as the bot last left it)."""
        components = {c.get("custom_id"): c for c in _components(message)}
        assert custom_id in components, f"no {custom_id!r} on the message"
        assert not components[custom_id].get("disabled"), f"{custom_id!r} is disabled"
        data = {"custom_id": custom_id, "component_type": components[custom_id]["type"]}
        payload = self._interaction(guild, member, 3, data, message=message)
        return await self.feed(payload)

    async def post(self, guild: Guild, author: Member, content: str) -> list[Request]:
        """MESSAGE_CREATE through discord.py's parser."""
        start = len(self.api.requests)
        self.state.parse_message_create(self.channel_message(guild, author, content))  # type: ignore[arg-type]
        await self.settle()
        return self.api.requests[start:]

    def message(self, request: Request) -> dict[str, Any]:
        """The message, as Discord now shows it, that ``request`` created or changed."""
        reply = request.reply or {}
        message = reply.get("resource", {}).get("message") if "resource" in reply else reply
        assert message, f"{request.kind} left no message"
        return self.api.messages[int(message["id"])]
