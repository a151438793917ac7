"""Each rulesbot command line written in the deploy files is one the CLI accepts."""

from __future__ import annotations

import pytest

from bot.cli import build_parser
from tests.deploy.readers import DEPLOY

# (file, text as written there, the argv it stands for)
INVOCATIONS = [
    ("Dockerfile", '"rulesbot", "run"', ["run"]),
    ("Dockerfile", '"rulesbot", "health"', ["health"]),
    ("compose.yaml", '"rulesbot", "sync", "--repeat"', ["sync", "--repeat"]),
    ("compose.yaml", "rulesbot status", ["status"]),
    ("entrypoint.sh", "rulesbot sync;", ["sync"]),
    ("rulesbot.service", "/opt/rulesbot/venv/bin/rulesbot run\n", ["run"]),
    ("rulesbot.service", "/opt/rulesbot/venv/bin/rulesbot sync ||", ["sync"]),
    ("README.md", "rulesbot commands                      #", ["commands"]),
    ("README.md", "rulesbot sync-commands                 #", ["sync-commands"]),
    ("README.md", "rulesbot sync-commands --guild ID", ["sync-commands", "--guild", "1"]),
    ("README.md", "run --rm shard-0 rulesbot\nsync-commands", ["sync-commands"]),
    ("README.md", "exec sync rulesbot sync\n", ["sync"]),
    ("README.md", "/opt/rulesbot/venv/bin/rulesbot sync-commands\n", ["sync-commands"]),
    (
        "README.md",
        "rulesbot --db /var/lib/rulesbot/rulesbot.sqlite3 sync",
        ["--db", "/var/lib/rulesbot/rulesbot.sqlite3", "sync"],
    ),
    ("README.md", "`rulesbot import --help`", ["import", "cards.json"]),
    ("README.md", "`rulesbot status`", ["status"]),
]


@pytest.mark.parametrize(("file", "written", "argv"), INVOCATIONS)
def test_invocation_is_written_and_parses(file: str, written: str, argv: list[str]) -> None:
    assert written in (DEPLOY / file).read_text(encoding="utf-8")
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        raise AssertionError(f"rulesbot {' '.join(argv)} is rejected") from exc
    assert callable(args.func)
