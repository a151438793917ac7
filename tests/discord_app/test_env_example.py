"""`.env.example` documents every setting, and copied to `.env` as is it is valid."""

from __future__ import annotations

import re
from pathlib import Path

from bot.settings import Settings

EXAMPLE = Path(__file__).resolve().parents[2] / ".env.example"


def _mentioned() -> list[str]:
    return re.findall(r"^#? ?RULESBOT_([A-Z0-9_]+)=", EXAMPLE.read_text(encoding="utf-8"), re.M)


def test_every_setting_is_listed_once() -> None:
    names = [n.lower() for n in _mentioned()]
    assert sorted(names) == sorted(Settings.model_fields)


def test_each_setting_has_a_comment_above_it() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if re.match(r"^#? ?RULESBOT_", line):
            block = lines[max(0, i - 3) : i]
            assert any(b.startswith("# ") and "RULESBOT_" not in b for b in block), line


def test_the_example_is_valid_and_matches_the_defaults() -> None:
    from_example = Settings(_env_file=EXAMPLE)  # type: ignore[call-arg]
    defaults = Settings(_env_file=None)  # type: ignore[call-arg]
    for name in Settings.model_fields:
        if name == "token":
            continue
        assert getattr(from_example, name) == getattr(defaults, name), name
