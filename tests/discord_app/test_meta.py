"""Source-level rules for the Discord package: every message sets allowed_mentions."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "bot" / "discord_app"
SENDS = {"send", "send_message", "edit_message", "edit_original_response", "reply", "edit"}
SOURCES = sorted(PACKAGE.rglob("*.py"))


def _sending_calls(tree: ast.AST) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in SENDS
        and isinstance(node.func.value, ast.Attribute | ast.Name)
    ]


@pytest.mark.parametrize("path", SOURCES, ids=[p.relative_to(PACKAGE).as_posix() for p in SOURCES])
def test_every_message_sets_allowed_mentions(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for call in _sending_calls(tree):
        names = {k.arg for k in call.keywords}
        # respond() passes allowed_mentions inside **kwargs; everything else names it.
        assert "allowed_mentions" in names or None in names, (
            f"{path.name}:{call.lineno} sends without allowed_mentions"
        )


def test_the_rule_finds_sends() -> None:
    found = sum(len(_sending_calls(ast.parse(p.read_text(encoding="utf-8")))) for p in SOURCES)
    assert found >= 8


def test_no_module_level_bot_state() -> None:
    """Dependencies live on the bot (setup_hook/close), never in module globals."""
    for path in SOURCES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign | ast.AnnAssign):
                value = node.value
                assert not (
                    isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Attribute | ast.Name)
                    and getattr(value.func, "attr", getattr(value.func, "id", ""))
                    in {"ClientSession", "open", "Store", "NameIndex", "AskService"}
                ), f"{path.name}:{node.lineno}"


def test_every_module_has_a_one_line_docstring() -> None:
    for path in SOURCES:
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
        assert doc and "\n" not in doc.strip(), path.name
