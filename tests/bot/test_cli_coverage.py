"""`rulesbot coverage`: reads the stored cards from a real SQLite file and reports per family."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.cli import main
from bot.store import Store
from bot.store.importer import import_paths
from tests.bot.fakeserver import make_card

CARDS = [
    make_card(
        "Ana Battlemage",
        oracle_text="Kicker {2}{U} and/or {1}{B}\n"
        "When this creature enters, if it was kicked with its {2}{U} kicker, target player "
        "discards three cards.",
        keywords=["Kicker"],
    ),
    make_card(
        "Reflecting Pool",
        type_line="Land",
        mana_cost="",
        oracle_text="{T}: Add one mana of any type that a land you control could produce.",
        produced_mana=["W", "U", "B", "R", "G", "C"],
    ),
    make_card(
        "Guildmark",
        type_line="Artifact",
        oracle_text="{T}: Add one mana of your guild's colors.",
    ),
    make_card("Grizzly Bears"),
]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(CARDS), encoding="utf-8")
    db = tmp_path / "rulesbot.sqlite3"

    async def load() -> None:
        store = await Store.open(db, seed_builtin=False)
        try:
            await import_paths(store, [path])
        finally:
            await store.close()

    asyncio.run(load())
    return db


def test_json(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(db), "coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    fams = data["families"]
    assert list(fams) == ["kicker", "constellation", "tap_untap", "mana"]
    assert fams["kicker"] == {"cards": 1, "parsed": 1, "percent": 100.0, "failures": []}
    assert fams["constellation"]["cards"] == 0
    assert fams["mana"]["cards"] == 2
    assert fams["mana"]["parsed"] == 1
    assert fams["mana"]["failures"] == ["Guildmark"]
    assert fams["tap_untap"]["parsed"] == 2


def test_table(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--db", str(db), "coverage"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["family", "cards", "parsed", "%", "failures"]
    mana = next(line for line in lines if line.startswith("mana"))
    assert mana.split()[:4] == ["mana", "2", "1", "50.0%"]
    assert mana.rstrip().endswith("Guildmark")


def test_unusable_database_is_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "notes.sqlite3"
    bad.write_bytes(b"not a database\n" * 50)
    assert main(["--db", str(bad), "coverage"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("rulesbot: ")
    assert "Traceback" not in err
    assert bad.read_bytes() == b"not a database\n" * 50
