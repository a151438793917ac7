"""Meta-test: every file under data/ validates (migrations, built-in data, scripts)."""

from __future__ import annotations

import ast
import json
import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store.crtext import parent_of
from bot.store.staging import card_row, ruling_row
from engine.ruling import Rule
from tests.conftest import REPO, SHARED_DATA

DATA = REPO / "data"
FILES = sorted(p for p in DATA.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
BUILTIN_LIMIT = 200 * 1024


def load(name: str) -> Any:
    return json.loads((DATA / "builtin" / name).read_text("utf-8"))


def check_python(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    doc = ast.get_docstring(tree)
    assert doc and doc.strip(), f"{path} needs a module docstring"


def check_migration(path: Path) -> None:
    assert MIGRATION_NAME.match(path.name), f"{path.name}: name it NNN_what.sql"
    # Applying every migration up to this one works on an empty database.
    migrations = sorted((DATA / "migrations").glob("*.sql"))
    conn = sqlite3.connect(":memory:")
    try:
        for migration in migrations[: migrations.index(path) + 1]:
            conn.executescript(migration.read_text("utf-8"))
    finally:
        conn.close()


def check_builtin_cards(path: Path) -> None:
    cards = json.loads(path.read_text("utf-8"))
    assert isinstance(cards, list) and cards
    oracle_ids = [card_row(c)[0][0] for c in cards]
    assert len(set(oracle_ids)) == len(oracle_ids)
    assert all(c.get("object") == "card" for c in cards)


def check_builtin_rulings(path: Path) -> None:
    rulings = json.loads(path.read_text("utf-8"))
    card_ids = {c["oracle_id"] for c in load("cards.json")}
    assert isinstance(rulings, list) and rulings
    for ruling in rulings:
        ruling_row(ruling)
        assert ruling["oracle_id"] in card_ids
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", ruling["published_at"])


def check_builtin_rules(path: Path) -> None:
    data = json.loads(path.read_text("utf-8"))
    assert set(data) == {"effective", "rules", "glossary"}
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", data["effective"])
    numbers = [r["number"] for r in data["rules"]]
    assert len(set(numbers)) == len(numbers)
    assert {r.value for r in Rule} <= set(numbers), "rerun data/builtin/build.py"
    for number in numbers:
        parent = parent_of(number)
        assert parent is None or parent in numbers, f"{number} without its parent"
    for record in data["rules"]:
        assert set(record) <= {"number", "text", "examples", "more"}
        assert record["text"] and record["text"] == record["text"].strip()
    assert all(g["term"] and g["text"] for g in data["glossary"])


def check_lexicon(path: Path) -> None:
    import tomllib

    from bot.ask.lexicon import load

    raw = tomllib.loads(path.read_text("utf-8"))
    for entry in raw["rewrite"]:
        keys = {"from", "to", "pos", "prev", "next", "before_card", "case", "written", "card_next"}
        assert set(entry) <= keys, entry
        assert entry.get("case", "lower") in ("lower", "upper"), entry
        assert entry["from"] and entry["to"], entry
        assert isinstance(entry.get("before_card", ""), str), entry
        assert isinstance(entry.get("written", False), bool), entry
        assert isinstance(entry.get("card_next", False), bool), entry
    lexicon = load()
    assert lexicon.rewrites and lexicon.forms["yesno"] and lexicon.framing["tag"]


def check_lexicon_forms(path: Path) -> None:
    table = json.loads(path.read_text("utf-8"))
    assert set(table) == {"lemma", "inflect"}
    assert all(len(v) == 2 for v in table["lemma"].values())
    assert table["inflect"]["attack"]["VBD"] == "attacked"


def check_common_words(path: Path) -> None:
    words = path.read_text("utf-8").split()
    assert words == sorted(set(words)) and all(w == w.casefold() for w in words)
    assert {"the", "guard", "forge"} <= set(words)


def check_english_words(path: Path) -> None:
    words = path.read_text("utf-8").split()
    assert words == sorted(set(words)) and all(w == w.casefold() for w in words)
    assert {"flier", "chronicler"} <= set(words) and not {"nyxbloom", "kinnan"} & set(words)


CHECKS = {
    "__init__.py": check_python,
    "build.py": check_python,
    "build_lexicon.py": check_python,
    "lexicon.toml": check_lexicon,
    "lexicon_forms.json": check_lexicon_forms,
    "common_words.txt": check_common_words,
    "english_words.txt": check_english_words,
    "cards.json": check_builtin_cards,
    "rulings.json": check_builtin_rulings,
    "rules.json": check_builtin_rules,
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DATA)))
def test_file_validates(path: Path) -> None:
    if path.parent.name == "migrations":
        check_migration(path)
        return
    check = CHECKS.get(path.name)
    assert check is not None, f"no validation for data/{path.relative_to(DATA)}; add one here"
    check(path)


def test_builtin_folder_is_small() -> None:
    size = sum(p.stat().st_size for p in (DATA / "builtin").iterdir() if p.is_file())
    assert size < BUILTIN_LIMIT


def test_migrations_are_numbered_without_gaps() -> None:
    numbers = [int(p.name[:3]) for p in sorted((DATA / "migrations").glob("*.sql"))]
    assert numbers == list(range(1, len(numbers) + 1))


def test_builtin_rules_are_verbatim_from_the_cr() -> None:
    cr = SHARED_DATA / "comprules.txt"
    if not cr.is_file():
        pytest.skip("../shared/data is not available")
    lines = {line.rstrip() for line in cr.read_text(encoding="utf-8-sig").splitlines()}
    for record in load("rules.json")["rules"]:
        number, text = record["number"], record["text"]
        assert f"{number}. {text}" in lines or f"{number} {text}" in lines, number
        for example in record.get("examples", []):
            assert example in lines
