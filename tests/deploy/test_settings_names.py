"""Every RULESBOT_* variable the deploy files mention is a real setting."""

from __future__ import annotations

import re

import pytest

from bot.settings import Settings
from tests.deploy.readers import DEPLOY, ROOT

FILES = [*sorted(p for p in DEPLOY.iterdir() if p.is_file()), ROOT / ".dockerignore"]
MENTIONS = sorted(
    {
        (path.relative_to(ROOT).as_posix(), name)
        for path in FILES
        for name in re.findall(r"\bRULESBOT_([A-Z0-9_]+)", path.read_text(encoding="utf-8"))
    }
)


def test_deploy_files_mention_settings() -> None:
    assert {name for _, name in MENTIONS} >= {"DB", "TOKEN", "SHARD_IDS", "SHARD_COUNT"}


@pytest.mark.parametrize(("path", "name"), MENTIONS)
def test_variable_is_a_settings_field(path: str, name: str) -> None:
    assert name.lower() in Settings.model_fields, f"{path}: RULESBOT_{name} is not a setting"
