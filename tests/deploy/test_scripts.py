"""Runs the entry point script and the shell snippets of the deploy files against a stand-in rulesbot."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.deploy.readers import DEPLOY, parse_unit

ENTRYPOINT = DEPLOY / "entrypoint.sh"

# Records each call's arguments; `sync` fails when FAIL_SYNC is set, `run`
# exits with RUN_EXIT.
FAKE_RULESBOT = """#!/bin/sh
echo "$*" >> "$CALLS"
if [ "$1" = sync ] && [ -n "${FAIL_SYNC:-}" ]; then exit 1; fi
if [ "$1" = run ]; then exit "${RUN_EXIT:-0}"; fi
exit 0
"""


@dataclass
class Result:
    code: int
    calls: list[str]
    stderr: str


@pytest.fixture
def fake_bin(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    fake = bin_dir / "rulesbot"
    fake.write_text(FAKE_RULESBOT, encoding="utf-8")
    fake.chmod(0o755)
    return bin_dir


def run(argv: list[str], fake_bin: Path, db: Path, **env: str) -> Result:
    calls = fake_bin.parent / "calls.txt"
    calls.unlink(missing_ok=True)
    environ = {
        "PATH": f"{fake_bin}{os.pathsep}/usr/bin:/bin",
        "CALLS": str(calls),
        "RULESBOT_DB": str(db),
        **env,
    }
    done = subprocess.run(argv, env=environ, capture_output=True, text=True, timeout=30)
    lines = calls.read_text(encoding="utf-8").splitlines() if calls.exists() else []
    return Result(done.returncode, lines, done.stderr)


def test_entrypoint_is_executable_posix_sh() -> None:
    assert os.access(ENTRYPOINT, os.X_OK)
    assert ENTRYPOINT.read_text(encoding="utf-8").startswith("#!/bin/sh\n")


@pytest.mark.parametrize(
    ("args", "db_exists", "env", "calls", "code"),
    [
        (["rulesbot", "run"], False, {}, ["sync", "run"], 0),
        (["rulesbot", "run"], True, {}, ["run"], 0),
        ([], False, {}, ["sync", "run"], 0),
        (["rulesbot", "run"], False, {"FAIL_SYNC": "1"}, ["sync", "run"], 0),
        # A shard of a shared database: the one writer syncs, never the shard.
        (["rulesbot", "run"], False, {"RULESBOT_BACKGROUND_SYNC": "false"}, ["run"], 0),
        (["rulesbot", "run"], False, {"RULESBOT_BACKGROUND_SYNC": "0"}, ["run"], 0),
        (["rulesbot", "run"], False, {"RULESBOT_BACKGROUND_SYNC": "true"}, ["sync", "run"], 0),
        (["rulesbot", "sync", "--repeat"], False, {}, ["sync --repeat"], 0),
        (["rulesbot", "run"], True, {"RUN_EXIT": "3"}, ["run"], 3),
        (["rulesbot", "status"], False, {}, ["status"], 0),
        (["rulesbot", "sync-commands", "--guild", "1"], False, {}, ["sync-commands --guild 1"], 0),
    ],
)
def test_entrypoint_syncs_an_empty_volume_before_run_only(
    fake_bin: Path,
    tmp_path: Path,
    args: list[str],
    db_exists: bool,
    env: dict[str, str],
    calls: list[str],
    code: int,
) -> None:
    db = tmp_path / "data" / "rulesbot.sqlite3"
    if db_exists:
        db.parent.mkdir()
        db.write_bytes(b"")
    result = run([str(ENTRYPOINT), *args], fake_bin, db, **env)
    assert (result.code, result.calls) == (code, calls)
    if env.get("FAIL_SYNC"):
        assert "sync failed" in result.stderr


def _writer_healthcheck_shell() -> str:
    text = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
    match = re.search(r'test: \["CMD-SHELL", "((?:[^"\\]|\\.)*)"\]', text)
    assert match, "the sync service has no CMD-SHELL health check"
    # Compose turns $$ into a literal $, and the YAML string's \" into ".
    return match.group(1).replace('\\"', '"').replace("$$", "$")


@pytest.mark.parametrize(
    ("db_exists", "healthy", "calls"), [(False, False, []), (True, True, ["status"])]
)
def test_writer_healthcheck_waits_for_the_database_then_asks_status(
    fake_bin: Path, tmp_path: Path, db_exists: bool, healthy: bool, calls: list[str]
) -> None:
    db = tmp_path / "rulesbot.sqlite3"
    if db_exists:
        db.write_bytes(b"")
    result = run(["/bin/sh", "-c", _writer_healthcheck_shell()], fake_bin, db)
    assert (result.code == 0, result.calls) == (healthy, calls)


def _exec_start_pre(fake_bin: Path) -> list[str]:
    unit = parse_unit((DEPLOY / "rulesbot.service").read_text(encoding="utf-8"))
    (line,) = unit["Service"]["ExecStartPre"]
    executable = shlex.split(unit["Service"]["ExecStart"][0])[0]
    # systemd turns $$ into a literal $ before the shell sees the command.
    argv = [word.replace("$$", "$") for word in shlex.split(line)]
    return [re.sub(re.escape(executable), str(fake_bin / "rulesbot"), word) for word in argv]


@pytest.mark.parametrize(
    ("db_exists", "env", "calls"),
    [(False, {}, ["sync"]), (False, {"FAIL_SYNC": "1"}, ["sync"]), (True, {}, [])],
)
def test_systemd_first_start_syncs_and_never_blocks_the_bot(
    fake_bin: Path, tmp_path: Path, db_exists: bool, env: dict[str, str], calls: list[str]
) -> None:
    db = tmp_path / "rulesbot.sqlite3"
    if db_exists:
        db.write_bytes(b"")
    result = run(_exec_start_pre(fake_bin), fake_bin, db, **env)
    assert (result.code, result.calls) == (0, calls)
