"""`rulesbot ask` as a subprocess: every hostile line answered, in order, and nothing pings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.hostile import HOSTILE_QUESTIONS

REPO = Path(__file__).resolve().parents[2]
MENTION_LIKE = ("@everyone", "@here", "<@&", "<@")


def run_cli(db: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    # surrogatepass turns a lone surrogate into the invalid UTF-8 bytes a hostile
    # client could send; the CLI has to survive reading them.
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "--db", str(db), *args],
        input=stdin.encode("utf-8", "surrogatepass"),
        capture_output=True,
        cwd=REPO,
        timeout=120,
        check=False,
    )
    return subprocess.CompletedProcess(
        proc.args,
        proc.returncode,
        proc.stdout.decode("utf-8"),
        proc.stderr.decode("utf-8", "replace"),
    )


def one_line(text: str) -> str:
    # The contract reads one question per line, as score.py sends them.
    return text.replace("\r", " ").replace("\n", " ")


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("cli") / "cli.sqlite3"


def test_json_batch_answers_every_hostile_line_in_order(db: Path) -> None:
    lines = [one_line(text) for _, text in HOSTILE_QUESTIONS]
    lines.insert(3, "Can I pay Ana Battlemage's {2}{U} kicker twice?")
    proc = run_cli(db, "ask", "--json", "-", stdin="".join(f"{line}\n" for line in lines))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    answers = [json.loads(out) for out in proc.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert answers[3]["verdict"] == "no"
    for answer in answers:
        assert set(answer) >= {"verdict", "citations", "cards", "scenario", "cr_effective"}
        assert answer["summary"] or answer["error"]


def test_embed_payloads_never_ping(db: Path) -> None:
    lines = [one_line(text) for _, text in HOSTILE_QUESTIONS]
    proc = run_cli(db, "ask", "--embed", "-", stdin="".join(f"{line}\n" for line in lines))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    payloads = [json.loads(out) for out in proc.stdout.splitlines()]
    assert len(payloads) == len(lines)
    for (name, _), payload in zip(HOSTILE_QUESTIONS, payloads, strict=True):
        assert payload["allowed_mentions"] == {"parse": []}, name
        shown = json.dumps(
            [payload.get("content", ""), payload.get("embeds", [])], ensure_ascii=False
        )
        for marker in MENTION_LIKE:
            assert marker not in shown, (name, marker)


def test_empty_question_argument_is_a_clear_error(db: Path) -> None:
    proc = run_cli(db, "ask", "--json", "   ")
    assert proc.returncode == 0
    answer = json.loads(proc.stdout)
    assert answer["verdict"] is None
    assert "empty" in answer["error"]


def test_not_a_database_file_gives_rebuild_advice(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"this is not a database" * 100)
    proc = run_cli(bad, "ask", "Is a copy of a kicked spell kicked?")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "rulesbot sync" in proc.stderr or "rulesbot import" in proc.stderr
    assert bad.read_bytes() == b"this is not a database" * 100


def test_board_replaces_the_position_and_is_echoed(db: Path) -> None:
    proc = run_cli(
        db,
        "ask",
        "--json",
        "--board",
        "you: Reflecting Pool, Swamp, Mountain[tapped]",
        "What can Reflecting Pool tap for?",
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    answer = json.loads(proc.stdout)
    assert answer["verdict"] == "BR"
    assert answer["reading"]["position"] == "you: Reflecting Pool, Swamp, Mountain[tapped]"
    assert answer["reading"]["board_source"] == "board"


@pytest.mark.parametrize("flag", [[], ["--json"], ["--embed"]])
def test_bad_board_is_one_clear_line_and_no_verdict(db: Path, flag: list[str]) -> None:
    proc = run_cli(
        db,
        "ask",
        *flag,
        "--board",
        "you: Reflecting Pool[tapd]",
        "What can Reflecting Pool tap for?",
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    out = proc.stdout.strip()
    assert len(out.splitlines()) == 1
    assert "'tapd'" in out and "character 22" in out
    if flag == ["--json"]:
        answer = json.loads(out)
        assert answer["verdict"] is None and answer["error"]


def test_board_is_shown_in_the_text_answer(db: Path) -> None:
    proc = run_cli(
        db, "ask", "--board", "you: Reflecting Pool, Swamp", "What can Reflecting Pool tap for?"
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Verdict: B" in proc.stdout
    assert "position: you: Reflecting Pool, Swamp" in proc.stdout
