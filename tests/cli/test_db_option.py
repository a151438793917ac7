"""`--db` naming a file in a missing folder is an error for every command, and creates nothing."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.cli import build_parser, main

# The fewest arguments each command needs to get past argument parsing.
ARGS = {
    "import": ["cards.json"],
    "card": ["Sol Ring"],
    "cr": ["702.33"],
    "ask": ["Can I pay kicker twice?"],
}


def _commands() -> list[str]:
    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(sub.choices)


def test_every_command_is_covered() -> None:
    assert {"ask", "card", "cr", "import", "status", "sync", "run"} <= set(_commands())


@pytest.mark.parametrize("via", ["option", "environment"])
@pytest.mark.parametrize("command", _commands())
def test_db_in_a_missing_folder_is_an_error(
    command: str,
    via: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("RULESBOT_TOKEN", "not-used")
    missing = tmp_path / "missing" / "dir" / "x.sqlite3"
    argv = [command, *ARGS.get(command, [])]
    if via == "option":
        argv = ["--db", str(missing), *argv]
    else:
        monkeypatch.setenv("RULESBOT_DB", str(missing))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert f"{missing.parent} does not exist" in err and "Traceback" not in err
    assert not (tmp_path / "missing").exists()
