"""The bot token never reaches a log line, a traceback or the settings' printed form."""

from __future__ import annotations

import logging

import pytest

from bot.logsafe import MASK, RedactSecrets
from bot.settings import Settings

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.never-shown-" + "x" * 24


@pytest.fixture
def records() -> tuple[logging.Logger, list[str]]:
    lines: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            lines.append(self.format(record))

    handler = Keep()
    handler.setFormatter(logging.Formatter("%(name)s %(message)s"))
    handler.addFilter(RedactSecrets([TOKEN]))
    parent = logging.getLogger("logsafe-test")
    parent.addHandler(handler)
    parent.setLevel(logging.DEBUG)
    yield parent, lines
    parent.removeHandler(handler)


def test_token_in_a_child_loggers_message_is_masked(
    records: tuple[logging.Logger, list[str]],
) -> None:
    parent, lines = records
    parent.getChild("discord.http").debug("POST with Authorization: Bot %s", TOKEN)
    assert lines and TOKEN not in lines[0] and MASK in lines[0]


def test_token_in_a_traceback_is_masked(records: tuple[logging.Logger, list[str]]) -> None:
    parent, lines = records
    try:
        raise RuntimeError(f"login failed for {TOKEN}")
    except RuntimeError:
        parent.exception("start-up failed")
    assert "RuntimeError" in lines[0]
    assert TOKEN not in lines[0]


def test_records_without_the_token_are_untouched(records: tuple[logging.Logger, list[str]]) -> None:
    parent, lines = records
    parent.info("serving %d cards", 33241)
    assert lines == ["logsafe-test serving 33241 cards"]


def test_settings_never_print_the_token() -> None:
    settings = Settings(_env_file=None, token=TOKEN)  # type: ignore[call-arg]
    assert TOKEN not in repr(settings)
    assert TOKEN not in str(settings)
    assert TOKEN not in settings.model_dump_json()
    assert settings.token is not None and settings.token.get_secret_value() == TOKEN
