"""Static checks of deploy/rulesbot.service."""

from __future__ import annotations

import shlex
from pathlib import PurePosixPath

import pytest

from tests.deploy.readers import DEPLOY, parse_unit

UNIT = parse_unit((DEPLOY / "rulesbot.service").read_text(encoding="utf-8"))
SERVICE = UNIT["Service"]


def _one(key: str) -> str:
    values = SERVICE.get(key, [])
    assert len(values) == 1, f"{key}: {values}"
    return values[0]


def test_sections_and_install_target() -> None:
    assert set(UNIT) == {"Unit", "Service", "Install"}
    assert UNIT["Install"]["WantedBy"] == ["multi-user.target"]
    assert UNIT["Unit"]["After"] == ["network-online.target"]


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("Restart", "on-failure"),
        ("EnvironmentFile", "/etc/rulesbot/rulesbot.env"),
        ("NoNewPrivileges", "yes"),
        ("ProtectSystem", "strict"),
        ("PrivateTmp", "yes"),
        ("ProtectHome", "yes"),
        ("CapabilityBoundingSet", ""),
    ],
)
def test_setting(key: str, value: str) -> None:
    assert _one(key) == value


def test_dedicated_unprivileged_user() -> None:
    assert _one("User") not in {"root", "0", ""}
    assert _one("Group") == _one("User")


def test_runs_the_bot_from_an_absolute_path() -> None:
    command = shlex.split(_one("ExecStart"))
    assert PurePosixPath(command[0]).is_absolute()
    assert PurePosixPath(command[0]).name == "rulesbot"
    assert command[1:] == ["run"]


def test_database_directory_is_the_only_writable_path() -> None:
    env = dict(value.split("=", 1) for value in SERVICE["Environment"])
    db = PurePosixPath(env["RULESBOT_DB"])
    assert _one("ReadWritePaths") == str(db.parent)
    assert PurePosixPath("/var/lib", _one("StateDirectory")) == db.parent
    assert _one("WorkingDirectory") == str(db.parent)


def test_stop_signal_is_one_rulesbot_run_handles() -> None:
    # `rulesbot run` shuts down cleanly on SIGTERM (the default) and SIGINT.
    assert SERVICE.get("KillSignal", ["SIGTERM"]) in (["SIGTERM"], ["SIGINT"])
    assert "SuccessExitStatus" not in SERVICE
