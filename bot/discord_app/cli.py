"""`rulesbot run`, `commands` and `sync-commands`: the Discord side of the command line."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import os
import signal
import time
from pathlib import Path
from typing import Any

import aiohttp
import discord

from bot.errors import ConfigError, RulesbotError

log = logging.getLogger(__name__)


class DiscordUnreachableError(RulesbotError):
    """Discord's API or gateway couldn't be reached at start-up."""

    def __init__(self, exc: BaseException) -> None:
        reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        super().__init__(
            f"can't reach Discord ({reason[:160]}). Check the network, DNS and any proxy, "
            "then start again."
        )


# What a connection attempt raises when the network, DNS or Discord is down.
UNREACHABLE = (
    aiohttp.ClientError,
    OSError,
    TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    run_p = sub.add_parser(
        "run",
        help="start the Discord bot",
        description="Start the Discord bot (needs RULESBOT_TOKEN).",
    )
    run_p.set_defaults(func=run)

    cmd_p = sub.add_parser(
        "commands",
        help="list the bot's application commands",
        description="Print the application commands exactly as they would be registered.",
    )
    cmd_p.add_argument(
        "--json", action="store_true", help="print the registration payloads as JSON"
    )
    cmd_p.set_defaults(func=show_commands)

    sync_p = sub.add_parser(
        "sync-commands",
        help="register the application commands with Discord",
        description="Register the commands globally (can take up to an hour to show) or in one guild.",
    )
    where = sync_p.add_mutually_exclusive_group()
    where.add_argument(
        "--guild", type=int, metavar="ID", help="register in this guild only (instant)"
    )
    where.add_argument(
        "--dev", action="store_true", help="register in the guild RULESBOT_DEV_GUILD_ID names"
    )
    sync_p.set_defaults(func=sync_commands)

    health_p = sub.add_parser(
        "health",
        help="exit 0 while the running bot is connected to Discord",
        description="Healthy while the bot's heartbeat file (RULESBOT_HEARTBEAT_FILE), which "
        "it touches while its gateway connection is up, is at most "
        "RULESBOT_HEARTBEAT_MAX_AGE_SECONDS old.",
    )
    health_p.set_defaults(func=health)


def load_settings() -> Any:
    from bot.settings import load_settings

    return load_settings()


def require_token(settings: Any) -> str:
    token = settings.token.get_secret_value().strip() if settings.token is not None else ""
    if not token:
        raise ConfigError(
            "no Discord bot token: set RULESBOT_TOKEN in the environment or in .env "
            "(see .env.example)."
        )
    from bot.logsafe import redact_everywhere

    # Whatever a library logs from here on (a URL, a header, a traceback), the token
    # itself never reaches the log.
    redact_everywhere(token)
    return token


def build_bot(args: argparse.Namespace, settings: Any, *, serve: bool) -> Any:
    from bot.cli import require_db_folder
    from bot.discord_app.client import RulesBot, create_bot
    from bot.settings import default_db_path

    # The global --db option wins over RULESBOT_DB (environment or .env).
    path = Path(args.db) if getattr(args, "db", None) else settings.db
    if path != default_db_path():
        require_db_folder(path)
    # Registering commands needs no gateway, so never more than one plain connection.
    bot = create_bot(settings, db_path=path) if serve else RulesBot(settings, db_path=path)
    bot.serve = serve
    return bot


async def command_payloads(settings: Any) -> list[dict[str, Any]]:
    """The application-command payloads, exactly as `sync-commands` sends them."""
    from bot.discord_app.client import RulesBot

    bot = RulesBot(settings)
    bot.serve = False
    try:
        await bot.load_cogs()
        return [command.to_dict(bot.tree) for command in bot.tree.get_commands()]
    finally:
        await bot.close()


async def show_commands(args: argparse.Namespace) -> int:
    payloads = await command_payloads(load_settings())
    if args.json:
        print(json.dumps(payloads, indent=2, ensure_ascii=False))
        return 0
    kinds = {1: "/", 2: "user: ", 3: "message: "}
    for p in payloads:
        options = " ".join(
            f"{o['name']}" if o.get("required") else f"[{o['name']}]" for o in p.get("options", [])
        )
        head = f"{kinds.get(p.get('type', 1), '')}{p['name']} {options}".rstrip()
        print(f"{head:<40} {p.get('description') or ''}".rstrip())
    return 0


async def sync_commands(args: argparse.Namespace) -> int:
    settings = load_settings()
    token = require_token(settings)
    if args.dev and not settings.dev_guild_id:
        raise ConfigError("--dev needs RULESBOT_DEV_GUILD_ID (the development guild's id).")
    bot = build_bot(args, settings, serve=False)
    async with bot:
        try:
            await bot.login(token)
        except discord.LoginFailure:
            raise ConfigError("Discord rejected the token (RULESBOT_TOKEN).") from None
        except UNREACHABLE as exc:
            raise DiscordUnreachableError(exc) from None
        guild_id = args.guild or (settings.dev_guild_id if args.dev else None)
        guild = discord.Object(id=guild_id) if guild_id else None
        if guild is not None:
            bot.tree.copy_global_to(guild=guild)
        try:
            synced = await bot.tree.sync(guild=guild)
        except discord.Forbidden:
            raise ConfigError(
                "Discord refused: invite the bot to that guild with the applications.commands scope."
            ) from None
        except discord.DiscordServerError as exc:
            raise DiscordUnreachableError(exc) from None
        except discord.HTTPException as exc:
            raise ConfigError(f"Discord refused the commands (HTTP {exc.status}).") from None
        except UNREACHABLE as exc:
            raise DiscordUnreachableError(exc) from None
    where = f"in guild {guild.id}" if guild else "globally (may take up to an hour to appear)"
    print(f"registered {len(synced)} command(s) {where}: " + ", ".join(c.name for c in synced))
    return 0


async def run(args: argparse.Namespace) -> int:
    settings = load_settings()
    token = require_token(settings)
    level = logging.getLevelName(settings.log_level.strip().upper())
    if not isinstance(level, int):
        raise ConfigError(
            f"RULESBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {settings.log_level!r}."
        )
    if not getattr(args, "verbose", False):
        logging.getLogger().setLevel(level)
    if os.environ.get("RULESBOT_JUDGE_ROLE"):
        log.warning(
            "RULESBOT_JUDGE_ROLE is no longer read: reviewers are members with Manage "
            "Messages, or with a role id given in RULESBOT_REVIEW_ROLES (guild_id:role_id)"
        )
    bot = build_bot(args, settings, serve=True)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []

    def stop() -> None:
        if not stopping:
            log.info("shutting down")
            stopping.append(loop.create_task(bot.close()))

    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop)
    try:
        async with bot:
            try:
                await bot.start(token)
            except discord.LoginFailure:
                raise ConfigError("Discord rejected the token (RULESBOT_TOKEN).") from None
            except discord.PrivilegedIntentsRequired:
                raise ConfigError(
                    "inline lookups need the Message Content intent: enable it in the Discord "
                    "developer portal or set RULESBOT_INLINE_LOOKUPS=false."
                ) from None
            except Exception as exc:
                # A stop that lands while still connecting closes the HTTP session under
                # the connection attempt; that is the shutdown we asked for, not a crash.
                if stopping:
                    log.debug("connection attempt ended by shutdown", exc_info=True)
                elif isinstance(exc, UNREACHABLE):
                    raise DiscordUnreachableError(exc) from None
                else:
                    raise
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.remove_signal_handler(sig)
        if stopping:
            await stopping[0]
    return 0


async def health(args: argparse.Namespace) -> int:
    settings = load_settings()
    path = settings.heartbeat_file
    if path is None:
        raise ConfigError("set RULESBOT_HEARTBEAT_FILE (for the bot and this check) first.")
    limit = settings.heartbeat_max_age_seconds
    try:
        age = time.time() - path.stat().st_mtime
    except FileNotFoundError:
        print(f"unhealthy: no heartbeat at {path}: the bot has not connected to Discord yet")
        return 1
    if age > limit:
        print(f"unhealthy: no gateway heartbeat for {age:.0f} s (limit {limit:.0f} s)")
        return 1
    print(f"healthy: gateway heartbeat {age:.0f} s ago")
    return 0
