"""A running ask service answers from data another process imported, without a restart."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

from bot.ask.offloop import OffLoopAsker
from bot.ask.pipeline import AskService
from bot.store import Store
from bot.store.catalog import Catalog

REPO = Path(__file__).resolve().parents[2]
QUESTION = "Can Zorblax the Undying tap for mana the turn it enters?"


def _new_cards(folder: Path) -> Path:
    """The built-in cards plus one no built-in data has: a renamed Llanowar Elves."""
    cards = json.loads((resources.files("data") / "builtin" / "cards.json").read_text("utf-8"))
    elves = next(c for c in cards if c["name"] == "Llanowar Elves")
    zorblax = {
        **elves,
        "name": "Zorblax the Undying",
        "oracle_id": "00000000-0000-4000-8000-00000000beef",
        "id": "00000000-0000-4000-8000-00000000cafe",
    }
    path = folder / "new-cards.json"
    path.write_text(json.dumps([*cards, zorblax]), encoding="utf-8")
    return path


def _import_elsewhere(db: Path, cards: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "bot.cli", "--db", str(db), "import", str(cards)],
        cwd=REPO,
        check=True,
        capture_output=True,
        timeout=120,
    )


async def test_service_answers_with_cards_another_process_imported(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    store = await Store.open(db)
    try:
        service = await AskService.create(Catalog(store))
        before = await service.ask(QUESTION)
        assert "Zorblax the Undying" not in [c.name for c in before.cards]
        _import_elsewhere(db, _new_cards(tmp_path))
        after = await service.ask(QUESTION)
        assert [c.name for c in after.cards] == ["Zorblax the Undying"]
        assert after.verdict == "no"
        assert "new-cards.json" in after.data_source
    finally:
        await store.close()


async def test_off_loop_asker_follows_another_process_import(tmp_path: Path) -> None:
    db = tmp_path / "db.sqlite3"
    store = await Store.open(db)
    asker = await OffLoopAsker.start(store)
    try:
        assert isinstance(asker, OffLoopAsker)
        before = await asker.ask(QUESTION)
        assert "Zorblax the Undying" not in [c.name for c in before.cards]
        _import_elsewhere(db, _new_cards(tmp_path))
        after = await asker.ask(QUESTION)
        assert [c.name for c in after.cards] == ["Zorblax the Undying"]
    finally:
        await asker.close()
        await store.close()
