"""The `rulesbot` command line: a global --db option and one subcommand per area."""

from __future__ import annotations

import atexit
import gc
import os
import sys
from collections.abc import Coroutine, Sequence
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from bot.errors import RulesbotError

if TYPE_CHECKING:
    import argparse

    from bot.store import Store

T = TypeVar("T")

# Each module exposes register(subparsers); a subcommand sets `func`, an async
# callable taking the parsed args and returning the exit code. It may also set `ready`,
# a plain callable that runs the command without an event loop when it can (None when it
# can't): asyncio alone costs a short command a fifth of its time.
AREAS = ("bot.cli.data", "bot.cli.ask", "bot.cli.coverage", "bot.discord_app.cli", "bot.cli.sync")
# The area each subcommand lives in: a command imports only its own area, so `ask` or
# `status` never pays for discord.py or the importer.
COMMANDS = {
    "import": "bot.cli.data",
    "card": "bot.cli.data",
    "cr": "bot.cli.data",
    "status": "bot.cli.data",
    "ask": "bot.cli.ask",
    "coverage": "bot.cli.coverage",
    "run": "bot.discord_app.cli",
    "commands": "bot.discord_app.cli",
    "sync-commands": "bot.discord_app.cli",
    "health": "bot.discord_app.cli",
    "sync": "bot.cli.sync",
}


def db_path(args: argparse.Namespace) -> Path:
    """--db, else RULESBOT_DB, else the user's data directory."""
    if getattr(args, "db", None):
        return Path(args.db)
    env = os.environ.get("RULESBOT_DB")
    if env:
        return Path(env)
    from bot.settings import default_db_path

    return default_db_path()


# The settings that bound one question; Settings reads them from the environment or .env.
_LIMIT_SETTINGS = ("RULESBOT_MAX_QUESTION_CHARS", "RULESBOT_MAX_BRACKETS")


def question_limits() -> dict[str, int]:
    """Settings' limits on one question (its length and its [[brackets]]), as the bot's.

    When neither the environment nor a .env file can set them they are Settings'
    defaults, known without loading pydantic-settings.
    """
    if not Path(".env").is_file() and {k.upper() for k in os.environ}.isdisjoint(_LIMIT_SETTINGS):
        from bot import limits

        return {
            "max_question_chars": limits.MAX_QUESTION_CHARS,
            "max_brackets": limits.MAX_BRACKETS,
        }
    from bot.settings import load_settings

    settings = load_settings()
    return {
        "max_question_chars": settings.max_question_chars,
        "max_brackets": settings.max_brackets,
    }


def explicit_db(args: argparse.Namespace) -> Path | None:
    """The database the user named (--db or RULESBOT_DB), if any."""
    if getattr(args, "db", None):
        return Path(args.db)
    env = os.environ.get("RULESBOT_DB")
    return Path(env) if env else None


def require_db_folder(path: Path) -> None:
    """A named database must be in an existing folder: a typo must not start a new one."""
    folder = path.expanduser().parent
    if not folder.is_dir():
        raise RulesbotError(
            f"The folder {folder} does not exist. Create it first, or give a database "
            "path in an existing folder."
        )


async def builtin_cards_note(store: Store) -> str | None:
    """How many cards the built-in data has, and how to load them all; None with real data."""
    from bot.store.records import BUILTIN_SOURCE

    source = await store.source("cards")
    if source is None or source.source != BUILTIN_SOURCE:
        return None
    count = (await store.status()).cards
    return (
        f"Only the {count} built-in cards are loaded. Load all of them with `rulesbot sync` "
        "(downloads from Scryfall) or `rulesbot import cards.json rulings.json`."
    )


def finish(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine none of whose awaits waits (reads on an inline store), with no loop."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    coro.close()
    raise RuntimeError("the coroutine waited on an event loop; run it with asyncio.run")


def _command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names, skipping the global options before it."""
    rest = list(argv)
    while rest:
        word = rest.pop(0)
        if word == "--db":
            if rest:
                rest.pop(0)
        elif not word.startswith("-"):
            return word
        elif word not in ("-v", "--verbose") and not word.startswith("--db="):
            return None
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; given the arguments, with only the area their subcommand needs."""
    import argparse

    parser = argparse.ArgumentParser(prog="rulesbot", description=__doc__)
    parser.add_argument("--db", help="SQLite database (default: $RULESBOT_DB or the user data dir)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log debug output")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    command = _command(argv) if argv is not None else None
    areas = (COMMANDS[command],) if command in COMMANDS else AREAS
    for name in areas:
        try:
            module = import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        module.register(sub)
    return parser


# Whether main() has registered the freeze at exit (once a process: tests call main() often).
_exit_frozen: list[bool] = []


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not _exit_frozen:
        _exit_frozen.append(True)
        # At exit the interpreter collects cycles among everything still alive, a tenth of a
        # short command's time, only to free it all anyway: frozen objects are left out.
        atexit.register(gc.freeze)
    if argv[:1] != ["--help"]:
        from bot import patterns

        # A one-shot command's time is mostly compiling the families' patterns; installed
        # before argparse and logging are imported, it serves their patterns too.
        patterns.install()
    import logging

    parser = build_parser(argv)
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    try:
        named = explicit_db(args)
        if named is not None:
            require_db_folder(named)
        ready = getattr(args, "ready", None)
        code = ready(args) if ready is not None else None
        if code is None:
            import asyncio

            code = asyncio.run(args.func(args))
        return int(code or 0)
    except RulesbotError as exc:
        print(f"rulesbot: {exc.user_message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("rulesbot: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
