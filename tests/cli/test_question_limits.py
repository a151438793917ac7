"""`rulesbot ask` bounds a question by Settings' limits, from the environment or .env."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main, question_limits
from bot.limits import MAX_BRACKETS, MAX_QUESTION_CHARS

QUESTION = "Can Llanowar Elves tap for mana the turn it enters? " + "Really? " * 10


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name in ("RULESBOT_MAX_QUESTION_CHARS", "RULESBOT_MAX_BRACKETS"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path


def _ask(db: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    assert main(["--db", str(db), "ask", "--json", QUESTION]) == 0
    answer: dict[str, object] = json.loads(capsys.readouterr().out)
    return answer


def test_without_settings_the_limits_are_the_defaults(here: Path) -> None:
    assert question_limits() == {
        "max_question_chars": MAX_QUESTION_CHARS,
        "max_brackets": MAX_BRACKETS,
    }


def test_the_environment_sets_the_question_length(
    here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = here / "db.sqlite3"
    assert _ask(db, capsys)["verdict"] == "no"
    monkeypatch.setenv("RULESBOT_MAX_QUESTION_CHARS", "60")
    answer = _ask(db, capsys)
    assert answer["verdict"] is None and "the limit is 60" in str(answer["error"])


def test_a_dotenv_file_sets_the_brackets(here: Path) -> None:
    (here / ".env").write_text("RULESBOT_MAX_BRACKETS=2\n", encoding="utf-8")
    assert question_limits()["max_brackets"] == 2


def test_an_invalid_limit_is_a_clear_error(
    here: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("RULESBOT_MAX_QUESTION_CHARS", "5")
    assert main(["--db", str(here / "db.sqlite3"), "ask", "Is it kicked?"]) == 2
    assert "RULESBOT_MAX_QUESTION_CHARS" in capsys.readouterr().err
