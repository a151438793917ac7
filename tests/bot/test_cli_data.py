"""The data subcommands end to end through ``bot.cli.main``."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from bot.cli import main
from tests.bot.test_crtext import MINI_CR
from tests.conftest import REPO

Capsys = pytest.CaptureFixture[str]


def run(db: Path, capsys: Capsys, *args: str) -> tuple[int, str, str]:
    code = main(["--db", str(db), *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path) -> Path:
    (tmp_path / "data").mkdir()
    return tmp_path / "data" / "rulesbot.sqlite3"


def test_status_on_a_fresh_database_uses_builtin(db: Path, capsys: Capsys) -> None:
    code, out, _ = run(db, capsys, "status", "--json")
    assert code == 0
    status = json.loads(out)
    assert status["using_builtin"] is True
    assert status["cr_effective"] == "2026-02-27"
    assert status["cards"] > 0 and status["rulings"] > 0 and status["rules"] > 0
    assert {s["dataset"] for s in status["sources"]} == {"cards", "rulings", "rules"}
    assert {s["source"] for s in status["sources"]} == {"builtin"}
    code, out, _ = run(db, capsys, "status")
    assert code == 0 and "built-in" in out and "2026-02-27" in out


def test_import_then_status(db: Path, tmp_path: Path, capsys: Capsys) -> None:
    cards = json.loads((REPO / "data" / "builtin" / "cards.json").read_text("utf-8"))[:4]
    card_file = tmp_path / "cards.json.gz"
    card_file.write_bytes(gzip.compress(json.dumps(cards).encode()))
    cr_file = tmp_path / "cr.txt"
    cr_file.write_text(MINI_CR, encoding="utf-8", newline="")
    code, out, err = run(db, capsys, "import", str(card_file), str(cr_file))
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Imported 4 cards, 9 rules")
    assert err == ""  # no progress bar when stderr isn't a terminal
    code, out, _ = run(db, capsys, "status", "--json")
    status = json.loads(out)
    assert (status["cards"], status["rules"], status["using_builtin"]) == (4, 9, True)
    sources = {s["dataset"]: s for s in status["sources"]}
    assert sources["cards"]["source"] == str(card_file.resolve())
    assert sources["rulings"]["source"] == "builtin"


def test_import_bad_file_exits_2_and_keeps_data(db: Path, tmp_path: Path, capsys: Capsys) -> None:
    run(db, capsys, "status")
    bad = tmp_path / "bad.json"
    bad.write_text("[{]")
    code, out, err = run(db, capsys, "import", str(bad))
    assert code == 2 and out == ""
    assert err.startswith("rulesbot: ") and "bad.json" in err and "Traceback" not in err
    code, out, _ = run(db, capsys, "status", "--json")
    assert json.loads(out)["using_builtin"] is True


def test_card_readable(db: Path, capsys: Capsys) -> None:
    code, out, _ = run(db, capsys, "card", "ana", "batlemage")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Ana Battlemage  {2}{G}"
    assert lines[1] == "Creature — Human Wizard"
    assert any(line.startswith("Kicker {2}{U} and/or {1}{B}") for line in lines)
    assert "2/2" in lines
    assert lines[-1] == "1 ruling"


def test_card_faces_readable(db: Path, capsys: Capsys) -> None:
    code, out, _ = run(db, capsys, "card", "Insectile Aberration")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Delver of Secrets  {U}" and "//" in lines
    assert "Insectile Aberration" in lines


def test_card_json_includes_rulings(db: Path, capsys: Capsys) -> None:
    code, out, _ = run(db, capsys, "card", "Reflecting Pool", "--json")
    assert code == 0
    card = json.loads(out)
    assert card["name"] == "Reflecting Pool" and card["object"] == "card"
    assert card["rulings"] and all(r["card_name"] == "Reflecting Pool" for r in card["rulings"])
    assert {"published_at", "comment", "source"} <= set(card["rulings"][0])


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Not A Real Card Name", "No card matches"),
        ("x" * 5000, "No card matches"),
        ("\x00\x1b[2J", "No card matches"),
        ("island", None),
    ],
)
def test_card_errors_exit_2(db: Path, capsys: Capsys, name: str, message: str | None) -> None:
    code, out, err = run(db, capsys, "card", name)
    if message is None:
        assert code == 0 and out.startswith("Island")
        return
    assert code == 2 and out == "" and message in err and "Traceback" not in err


def test_ambiguous_card_lists_candidates(db: Path, capsys: Capsys) -> None:
    # The built-in pool has Mind Stone and Mirari's Wake, Mana Reflection and Mountain...
    code, out, err = run(db, capsys, "card", "m")
    assert code == 2 and out == ""
    assert "could be:" in err and "Mind Stone" in err and "Mountain" in err


def test_cr_rule_and_tree(db: Path, capsys: Capsys) -> None:
    code, out, _ = run(db, capsys, "cr", "702.33d")
    assert code == 0
    assert out.startswith("702.33d If a spell’s controller declares the intention")
    assert "702.33c" not in out
    code, out, _ = run(db, capsys, "cr", "702.33")
    assert code == 0
    numbers = [line.split(" ", 1)[0] for line in out.splitlines() if line[:1].isdigit()]
    assert numbers[0] == "702.33" and "702.33a" in numbers and "702.33d" in numbers
    assert out.splitlines()[0] == "702.33 Kicker"
    code, out, _ = run(db, capsys, "cr", "702.33", "--json")
    assert json.loads(out)[0] == {"number": "702.33", "text": "Kicker", "examples": [], "more": []}


def test_cr_glossary(db: Path, capsys: Capsys) -> None:
    code, out, _ = run(db, capsys, "cr", "kicker")
    assert code == 0
    assert out.splitlines()[0] == "Kicker, Kicked"
    assert "optional additional cost" in out
    code, out, _ = run(db, capsys, "cr", "mana", "ability", "--json")
    assert json.loads(out)["term"] == "Mana Ability"


@pytest.mark.parametrize("query", ["999.1", "702.33zz", "no such term at all", "x" * 300, " "])
def test_cr_unknown_exits_2(db: Path, capsys: Capsys, query: str) -> None:
    code, out, err = run(db, capsys, "cr", query)
    assert code == 2 and out == "" and err.startswith("rulesbot: ")


def test_not_sqlite_database_exits_2(tmp_path: Path, capsys: Capsys) -> None:
    db = tmp_path / "notes.txt"
    db.write_text("hello")
    code, _out, err = run(db, capsys, "status")
    assert code == 2 and "rulesbot sync" in err and db.read_text() == "hello"


def test_every_data_subcommand_has_help() -> None:
    from bot.cli import build_parser

    parser = build_parser()
    choices = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name in ("import", "card", "cr", "status"):
        assert name in choices and choices[name].format_help()
