"""Each command imports only what it needs: `ask` never loads discord.py or the importer."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from bot.cli import AREAS, COMMANDS, _command, build_parser

REPO = Path(__file__).resolve().parents[2]

_PROBE = """
import contextlib, io, json, sys
from bot.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
heavy = ("discord", "aiohttp", "ijson", "tqdm", "numpy", "bot.store.importer")
print(json.dumps({"code": code, "loaded": [m for m in heavy if m in sys.modules]}))
"""


def _loaded(*argv: str) -> dict[str, object]:
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
        check=True,
    )
    result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def test_the_command_table_names_what_each_area_registers() -> None:
    registered: dict[str, str] = {}
    for area in AREAS:
        sub = argparse.ArgumentParser().add_subparsers()
        import_module(area).register(sub)
        registered.update(dict.fromkeys(sub.choices, area))
    assert registered == COMMANDS


@pytest.mark.parametrize(
    ("argv", "command"),
    [
        (["ask", "x"], "ask"),
        (["--db", "d.sqlite3", "-v", "status"], "status"),
        (["--db=d.sqlite3", "run"], "run"),
        (["--help"], None),
        ([], None),
    ],
)
def test_the_command_is_found_past_global_options(argv: list[str], command: str | None) -> None:
    assert _command(argv) == command


def test_a_full_parser_is_built_without_arguments() -> None:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) == set(COMMANDS)


def test_ask_and_status_load_neither_discord_nor_the_importer(tmp_path: Path) -> None:
    db = str(tmp_path / "db.sqlite3")
    asked = _loaded("--db", db, "ask", "Can Llanowar Elves tap for mana the turn it enters?")
    assert asked == {"code": 0, "loaded": []}
    status = _loaded("--db", db, "status")
    assert status["code"] == 0 and "discord" not in status["loaded"]  # type: ignore[operator]


def test_embed_output_still_loads_discord(tmp_path: Path) -> None:
    db = str(tmp_path / "db.sqlite3")
    embedded = _loaded("--db", db, "ask", "--embed", "Is a copy of a kicked spell kicked?")
    assert embedded["code"] == 0 and "discord" in embedded["loaded"]  # type: ignore[operator]


def test_ask_on_a_ready_database_runs_without_an_event_loop(tmp_path: Path) -> None:
    db = str(tmp_path / "db.sqlite3")
    probe = _PROBE.replace('"bot.store.importer")', '"bot.store.importer", "asyncio", "aiosqlite")')
    question = ["--db", db, "ask", "Can Llanowar Elves tap for mana the turn it enters?"]

    def loaded() -> dict[str, object]:
        proc = subprocess.run(
            [sys.executable, "-c", probe, *question],
            capture_output=True,
            text=True,
            cwd=REPO,
            timeout=120,
            check=True,
        )
        result: dict[str, object] = json.loads(proc.stdout.strip().splitlines()[-1])
        return result

    # The first ask makes and seeds the database, which takes the loop; later ones don't.
    first = loaded()
    assert first["code"] == 0 and "asyncio" in first["loaded"]  # type: ignore[operator]
    assert loaded() == {"code": 0, "loaded": []}


def test_finish_runs_a_coroutine_that_never_waits_and_refuses_one_that_does() -> None:
    import asyncio

    from bot.cli import finish

    async def immediate() -> int:
        async def inner() -> int:
            return 41

        return await inner() + 1

    assert finish(immediate()) == 42

    async def waits() -> None:
        await asyncio.sleep(0)

    with pytest.raises(RuntimeError, match="event loop"):
        finish(waits())
