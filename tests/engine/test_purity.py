"""The engine stays pure: no I/O, no asyncio, no Discord, no database, no network."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN_MODULES = {
    "asyncio",
    "discord",
    "aiosqlite",
    "aiohttp",
    "sqlite3",
    "socket",
    "requests",
    "urllib",
    "http",
    "subprocess",
    "threading",
    "multiprocessing",
    "bot",
    "os",
    "io",
    "pathlib",
    "shutil",
    "tempfile",
    "logging",
}
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}
SOURCES = sorted(ENGINE.glob("*.py"))


def _imports(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_engine_module_imports_nothing_impure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert _imports(tree) & FORBIDDEN_MODULES == set()


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_engine_module_calls_no_io_builtins(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert calls & FORBIDDEN_CALLS == set()


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_engine_module_has_a_one_line_docstring(path: Path) -> None:
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8")))
    assert doc and "\n" not in doc.strip()


def test_the_check_sees_every_engine_module() -> None:
    assert {p.name for p in SOURCES} >= {"mana.py", "oracle.py", "kicker.py", "manaprod.py"}
