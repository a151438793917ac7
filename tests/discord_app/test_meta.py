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


def _internal_imports(path: Path) -> tuple[set[str], set[str]]:
    """bot.discord_app modules ``path`` imports at run time, and those it imports in functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only |= {id(n) for n in ast.walk(node)}
    nested: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            nested |= {id(n) for n in ast.walk(node)}
    top: set[str] = set()
    inside: set[str] = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and id(node) not in typing_only
            and node.module.startswith("bot.discord_app")
        ):
            (inside if id(node) in nested else top).add(node.module)
    return top, inside


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parents[1]).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_the_discord_package_has_no_import_cycle() -> None:
    graph = {_module(p): _internal_imports(p) for p in SOURCES}
    for module, (_, inside) in graph.items():
        if module != "bot.discord_app.cli":  # the CLI loads the bot only when a command runs
            assert not inside, f"{module} hides imports inside functions: {inside}"
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, " -> ".join((*path, module))
        if module in done:
            return
        for target in graph.get(module, (set(), set()))[0]:
            visit(target, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())


@pytest.mark.parametrize("leaf", ["embeds", "views", "escape", "respond"])
def test_rendering_modules_are_leaves(leaf: str) -> None:
    """Nothing that sends, serves or runs commands is imported by the rendering modules."""
    top, inside = _internal_imports(PACKAGE / f"{leaf}.py")
    heavy = {"client", "cogs", "service", "payload", "cli"}
    assert not {m for m in top | inside if m.split(".")[2] in heavy}
