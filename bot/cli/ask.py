"""`rulesbot ask`: answer rules questions as text, JSON lines or a Discord payload."""

from __future__ import annotations

import argparse
import gc
import io
import json
import logging
import sys
import textwrap
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.answer import Answer
from bot.errors import RulesbotError

if TYPE_CHECKING:
    from bot.store import Store

log = logging.getLogger(__name__)


def register(sub: Any) -> None:
    p = sub.add_parser("ask", help="answer a rules question", description=__doc__)
    p.add_argument("question", help='the question, or "-" to read one question per line from stdin')
    p.add_argument(
        "--fact",
        action="append",
        default=[],
        metavar="SENTENCE",
        help='a fact the question leaves out, e.g. --fact "It entered this turn." (repeatable)',
    )
    p.add_argument(
        "--board",
        metavar="NOTATION",
        help='the position, e.g. "you: Llanowar Elves[new]; opponent: Island" (docs/notation.md); '
        "it replaces what the question's text would tell",
    )
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the answer contract as JSON")
    out.add_argument(
        "--embed", action="store_true", help="print the Discord message payload /ask would send"
    )
    p.set_defaults(func=run_ask, ready=ask_ready)


# Whether the cyclic collector is off until the first answer is out (see pause_collector).
_paused = False


def pause_collector() -> None:
    """No cyclic garbage collection until the first answer is out (``resume_collector``).

    Loading the pipeline for it (modules, classes, tables, patterns) makes tens of thousands
    of objects that live as long as the process, and few garbage cycles; the collector, run
    every few hundred allocations, would traverse them again and again.
    """
    global _paused
    if gc.isenabled():
        # What an earlier ask in this process froze (tests ask many times) is collected again.
        gc.unfreeze()
        gc.disable()
        _paused = True


def resume_collector() -> None:
    """Collect again; what the first answer loaded is frozen, so no collection traverses it."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()


def ask_ready(args: argparse.Namespace) -> int | None:
    """`ask` on a database that needs nothing written first, with no event loop; else None."""
    pause_collector()
    try:
        from bot.cli import db_path, finish
        from bot.store import Store

        store = Store.open_ready(db_path(args))
        if store is None:
            return None

        async def read_line() -> str:
            return sys.stdin.readline()

        return finish(answer_all(args, store, read_line))
    finally:
        resume_collector()


async def run_ask(args: argparse.Namespace) -> int:
    import asyncio

    from bot.cli import db_path
    from bot.store import Store

    pause_collector()
    try:
        # Nothing else runs on this loop: reads need no thread of their own.
        store = await Store.open(db_path(args), inline_reads=True)
        return await answer_all(args, store, lambda: asyncio.to_thread(sys.stdin.readline))
    finally:
        resume_collector()


async def answer_all(
    args: argparse.Namespace, store: Store, read_line: Callable[[], Awaitable[str]]
) -> int:
    """Answer the question (or each line of stdin) from ``store``, then close it."""
    from bot.ask.pipeline import AskService
    from bot.cli import builtin_cards_note, question_limits
    from bot.store.catalog import Catalog
    from engine.errors import NotationError

    try:
        note = await builtin_cards_note(store)
        if note is not None:
            # stderr: --json and --embed output stays machine-readable.
            print(f"rulesbot: {note}", file=sys.stderr)
        service = await AskService.create(Catalog(store))
        service.limit(**question_limits())
        board = None
        if getattr(args, "board", None) is not None:
            try:
                board = await service.read_board(args.board)
            except NotationError as exc:
                msg = str(exc)
                emit(args, Answer(question=args.question[:200], error=msg, summary=msg))
                return 2
        if args.question == "-":
            # A line that isn't valid UTF-8 is still a line to answer, not a crash.
            if isinstance(sys.stdin, io.TextIOWrapper):
                sys.stdin.reconfigure(errors="replace")
            while True:
                line = await read_line()
                if not line:
                    break
                emit(args, await safe_ask(service, line.rstrip("\r\n"), args.fact, board))
                sys.stdout.flush()
                # Each later line makes garbage of its own, and no more start-up.
                resume_collector()
            return 0
        emit(args, await safe_ask(service, args.question, args.fact, board))
        return 0
    finally:
        await store.close()


async def safe_ask(
    service: Any, question: str, facts: Sequence[str] = (), board: Any = None
) -> Answer:
    """One question's answer; a failure on one line never stops a batch."""
    try:
        extra: dict[str, Any] = {} if board is None else {"board": board}
        answer: Answer = await service.ask(question, stated=list(facts), **extra)
        return answer
    except RulesbotError as exc:
        return Answer(question=question[:200], error=exc.user_message, summary=exc.user_message)
    except Exception:
        import uuid  # only here: it loads platform, which compiles regexes at import

        error_id = uuid.uuid4().hex[:8]
        log.exception("ask failed (error id %s)", error_id)
        msg = f"Sorry, something went wrong answering this question (error id {error_id})."
        return Answer(question=question[:200], error=msg, summary=msg)


def emit(args: argparse.Namespace, answer: Answer) -> None:
    if args.json:
        print(answer.model_dump_json())
    elif args.embed:
        from bot.discord_app.payload import answer_payload
        from bot.settings import Settings

        print(json.dumps(answer_payload(answer, Settings()), ensure_ascii=False))
    else:
        print(render_text(answer))


def render_text(answer: Answer) -> str:
    wrap = textwrap.TextWrapper(width=96, subsequent_indent="    ")
    lines: list[str] = []
    if answer.error:
        return f"rulesbot: {answer.error}"
    verdict = answer.verdict if answer.verdict is not None else "no ruling"
    lines.append(f"Verdict: {verdict}")
    if answer.summary:
        lines.append(wrap.fill(answer.summary))
    for i, line in enumerate(answer.reading.get("lines", [])):
        lines.append(wrap.fill(("Read as: " if i == 0 else "         ") + line))
    if answer.candidates:
        for written, names in answer.candidates.items():
            lines.append(f"  “{written}” could be: " + ", ".join(names[:10]))
    if answer.choices:
        options = "; ".join(f'--fact "{c.says}"' for c in answer.choices)
        lines.append(wrap.fill(f"Say which: {options}"))
    if answer.explanation:
        lines.append("")
        lines.append("Why:")
        lines += [wrap.fill(f"  {i}. {step}") for i, step in enumerate(answer.explanation, 1)]
    if answer.citations:
        lines.append("")
        lines.append("Sources:")
        for c in answer.citations:
            label = f"CR {c.ref}" if c.source == "rule" else f"Ruling, {c.ref}"
            lines.append(wrap.fill(f"  {label}: {c.text}"))
    meta = []
    if answer.cards:
        meta.append("cards: " + ", ".join(c.name for c in answer.cards))
    if answer.scenario:
        meta.append(f"scenario: {answer.scenario}")
    if answer.reading.get("position"):
        meta.append(f"position: {answer.reading['position']}")
    meta.append(f"CR effective: {answer.cr_effective or 'not loaded'}")
    lines.append("")
    lines.append(" · ".join(meta))
    for note in answer.notes:
        lines.append(wrap.fill(f"Note: {note}"))
    return "\n".join(lines)
