"""On the built-in data, `card` and `ask` say how many cards are loaded and how to load all."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli import main

BUILTIN_CARDS = len(json.loads((Path(__file__).parents[2] / "data/builtin/cards.json").read_text()))


def _run(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    code = main(["--db", str(tmp_path / "db.sqlite3"), *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_card_missing_from_the_builtin_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = _run(["card", "Lightning", "Bolt"], tmp_path, capsys)
    assert code == 2
    assert "No card matches 'Lightning Bolt'" in err
    assert f"Only the {BUILTIN_CARDS} built-in cards are loaded" in err
    assert "rulesbot sync" in err and "rulesbot import" in err


def test_card_found_in_the_builtin_data_still_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(["card", "Sol", "Ring"], tmp_path, capsys)
    assert code == 0 and out.startswith("Sol Ring")
    assert f"Only the {BUILTIN_CARDS} built-in cards" in err


def test_ask_json_stays_clean_and_the_note_goes_to_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(
        ["ask", "--json", "Can I pay Ana Battlemage's kicker twice?"], tmp_path, capsys
    )
    assert code == 0 and json.loads(out)["verdict"] is not None
    assert f"Only the {BUILTIN_CARDS} built-in cards" in err


async def test_no_note_with_full_card_data(tmp_path: Path) -> None:
    from bot.cli import builtin_cards_note
    from bot.store import Store

    store = await Store.open(tmp_path / "db.sqlite3")
    try:
        assert await builtin_cards_note(store) is not None
        await store.set_source("cards", "https://example.org/cards.json")
        assert await builtin_cards_note(store) is None
    finally:
        await store.close()
