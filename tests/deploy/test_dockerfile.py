"""Static checks of deploy/Dockerfile and the build context it sees."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path

import pytest

from tests.deploy.readers import (
    DEPLOY,
    ROOT,
    Stage,
    dockerignore_patterns,
    dockerignored,
    parse_dockerfile,
)

STAGES = parse_dockerfile((DEPLOY / "Dockerfile").read_text(encoding="utf-8"))
FINAL = STAGES[-1]
PATTERNS = dockerignore_patterns()


def _env(stage: Stage) -> dict[str, str]:
    env: dict[str, str] = {}
    for instruction in stage.all("ENV"):
        for word in shlex.split(instruction.args):
            key, _, value = word.partition("=")
            env[key] = value
    return env


def test_builder_stage_installs_and_final_stage_copies_from_it() -> None:
    assert len(STAGES) >= 2
    builders = [stage.name for stage in STAGES[:-1] if stage.name]
    copies_from = [
        match.group(1)
        for instruction in FINAL.all("COPY")
        if (match := re.match(r"--from=(\S+)", instruction.args))
    ]
    assert copies_from and set(copies_from) <= set(builders)
    assert any("pip install" in run.args for stage in STAGES[:-1] for run in stage.all("RUN"))
    assert not any("pip install" in run.args for run in FINAL.all("RUN"))


def test_final_stage_is_slim_and_matches_builder_python() -> None:
    assert "slim" in FINAL.image
    # A virtualenv copied between stages points at the builder's interpreter.
    assert {stage.image for stage in STAGES} == {FINAL.image}


def test_final_stage_runs_as_a_created_non_root_user() -> None:
    users = FINAL.all("USER")
    assert users, "final stage has no USER"
    user = users[-1].args.split(":")[0]
    assert user not in {"root", "0"}
    created = [run.args for run in FINAL.all("RUN") if "useradd" in run.args]
    assert created and re.search(rf"useradd\b.*\b{re.escape(user)}\b", created[0])
    last_user = max(i for i, ins in enumerate(FINAL.instructions) if ins.keyword == "USER")
    for instruction in FINAL.instructions[last_user:]:
        assert instruction.keyword not in {"RUN", "COPY", "ADD"}, instruction


def test_database_lives_on_the_data_volume_owned_by_the_user() -> None:
    volume = FINAL.all("VOLUME")
    assert volume and "/data" in volume[-1].args
    db = Path(_env(FINAL)["RULESBOT_DB"])
    assert db.parent == Path("/data")
    # Ownership changes made after VOLUME are discarded, so the chown must come first.
    positions = {id(ins): i for i, ins in enumerate(FINAL.instructions)}
    chown = [r for r in FINAL.all("RUN") if re.search(r"chown \S+ /data\b", r.args)]
    assert chown and positions[id(chown[0])] < positions[id(volume[-1])]


def test_healthcheck_asks_for_the_gateway_heartbeat() -> None:
    checks = FINAL.all("HEALTHCHECK")
    assert len(checks) == 1
    _, _, command = checks[0].args.partition(" CMD ")
    assert json.loads(command) == ["rulesbot", "health"]
    assert "--start-period=" in checks[0].args
    assert _env(FINAL)["RULESBOT_HEARTBEAT_FILE"].startswith("/tmp/")


def test_dependencies_come_from_the_hash_pinned_lock() -> None:
    runs = [
        run.args for stage in STAGES[:-1] for run in stage.all("RUN") if "pip install" in run.args
    ]
    assert any("--require-hashes" in r and "-r requirements.lock" in r for r in runs)
    # Installing the project itself must not pull anything the lock doesn't pin.
    assert all("--no-deps" in r for r in runs)
    assert any("--no-build-isolation" in r for r in runs if "-r " not in r)
    copies = [c.args for stage in STAGES[:-1] for c in stage.all("COPY")]
    assert any(c.startswith("deploy/requirements.lock ") for c in copies)


LOCK = (DEPLOY / "requirements.lock").read_text(encoding="utf-8")


def _locked() -> dict[str, str]:
    return {
        m.group(1).lower().replace("_", "-"): m.group(2)
        for m in re.finditer(r"^([A-Za-z0-9_.-]+)==(\S+) \\$", LOCK, re.MULTILINE)
    }


def test_lock_pins_every_dependency_and_build_tool_with_hashes() -> None:
    locked = _locked()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wanted = [
        *pyproject["project"]["dependencies"],
        *pyproject["build-system"]["requires"],
    ]
    for requirement in wanted:
        name = re.split(r"[<>=!~\[ ]", requirement, maxsplit=1)[0].lower().replace("_", "-")
        name = name.replace(".", "-")
        assert name in locked, requirement
    # Every pinned line is followed by at least one hash.
    for block in re.split(r"\n(?=[A-Za-z0-9])", LOCK.split("\n", 2)[2]):
        if "==" in block.splitlines()[0]:
            assert "--hash=sha256:" in block, block.splitlines()[0]


def test_locked_versions_satisfy_pyproject() -> None:
    from packaging.requirements import Requirement

    locked = _locked()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for text in pyproject["project"]["dependencies"]:
        requirement = Requirement(text)
        name = requirement.name.lower().replace("_", "-").replace(".", "-")
        assert requirement.specifier.contains(locked[name]), (text, locked[name])


def test_stop_signal_is_one_rulesbot_run_handles() -> None:
    # `rulesbot run` installs SIGTERM and SIGINT handlers, so even as PID 1 it stops cleanly.
    signals = [ins.args for ins in FINAL.all("STOPSIGNAL")] or ["SIGTERM"]
    assert signals[-1] in {"SIGTERM", "SIGINT"}


def test_entrypoint_is_the_copied_script_and_command_is_rulesbot_run() -> None:
    entrypoint = FINAL.all("ENTRYPOINT")[-1].exec_form()
    assert FINAL.all("CMD")[-1].exec_form() == ["rulesbot", "run"]
    installed = {
        ins.args.split()[-1]: ins.args.split()[-2]
        for ins in FINAL.all("COPY")
        if not ins.args.startswith("--")
    }
    target = next(dest for dest in installed if dest.endswith("/" + entrypoint[0]))
    assert installed[target] == "deploy/entrypoint.sh"
    assert any(f"chmod 0755 {target}" in run.args for run in FINAL.all("RUN"))


def _context_sources() -> list[str]:
    sources: list[str] = []
    for stage in STAGES:
        for instruction in stage.all("COPY") + stage.all("ADD"):
            words = [w for w in instruction.args.split() if not w.startswith("--")]
            if not instruction.args.startswith("--from="):
                sources.extend(words[:-1])
    return sources


@pytest.mark.parametrize("source", sorted(set(_context_sources()) - {"."}))
def test_copied_files_exist_and_are_in_the_build_context(source: str) -> None:
    assert (ROOT / source).exists()
    assert not dockerignored(source, PATTERNS)


def _package_files() -> list[str]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    files = ["pyproject.toml", pyproject["project"]["readme"]]
    for package in ("bot", "engine", "data"):
        for path in sorted((ROOT / package).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                files.append(path.relative_to(ROOT).as_posix())
    return files


def test_build_context_keeps_everything_pip_install_needs() -> None:
    left_out = [path for path in _package_files() if dockerignored(path, PATTERNS)]
    assert left_out == []


@pytest.mark.parametrize(
    "path",
    [".env", ".git/config", ".venv/bin/python", "rulesbot.sqlite3", "x/rulesbot.sqlite3-wal"],
)
def test_build_context_leaves_out_secrets_and_local_state(path: str) -> None:
    assert dockerignored(path, PATTERNS)


def test_dockerignore_reader_follows_docker_rules() -> None:
    patterns = ["*.log", "!keep.log", "tmp", "**/cache"]
    assert dockerignored("a.log", patterns)
    assert not dockerignored("keep.log", patterns)
    assert not dockerignored("sub/a.log", patterns)  # `*` does not cross directories
    assert dockerignored("tmp/deep/file", patterns)
    assert dockerignored("x/y/cache/z", patterns)
    assert not dockerignored("tmpfile", patterns)
