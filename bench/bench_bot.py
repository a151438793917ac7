"""Benchmark the bot: 1,000 concurrent /ask through the command callback, loop lag, memory."""

from __future__ import annotations

import asyncio
import difflib
import gc
import json
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import psutil

from bench.bench_ask import questions
from bench.common import ensure_full_db, percentile

CONCURRENT = 1000


async def _lag_probe(stop: asyncio.Event, worst: list[float], every: float = 0.005) -> None:
    """How late the event loop wakes a sleeper: the lag every interaction would feel."""
    while not stop.is_set():
        t0 = time.perf_counter()
        await asyncio.sleep(every)
        worst[0] = max(worst[0], time.perf_counter() - t0 - every)


def _sent(rec: Any) -> Any:
    async def send(*args: Any, **kwargs: Any) -> Any:
        rec.sent.append(kwargs)
        return SimpleNamespace(id=len(rec.sent))

    return send


async def _autocomplete(bot: Any, samples: int = 2000) -> dict[str, float]:
    """Card-name and rule autocomplete through the cogs' callbacks, with a difflib baseline."""
    from bot.discord_app.cogs.cards import CardsCog
    from bot.discord_app.cogs.rules import RulesCog
    from tests.discord_app.conftest import make_interaction

    cards = bot.get_cog(CardsCog.__cog_name__)
    rules = bot.get_cog(RulesCog.__cog_name__)
    interaction, _ = make_interaction(bot)
    names = [e.name for e in await bot.store.all_names()]
    rng = random.Random(7)
    typed = [n[: rng.randint(1, min(len(n), 12))] for n in rng.sample(names, samples)]
    card_ms: list[float] = []
    for text in typed:
        t0 = time.perf_counter()
        choices = await cards.name_autocomplete(interaction, text)
        card_ms.append((time.perf_counter() - t0) * 1000)
        assert len(choices) <= 25
    rule_ms: list[float] = []
    for text in ["7", "702", "702.3", "kick", "mana", "tap", "601.2", "consteLL"] * 50:
        t0 = time.perf_counter()
        await rules.rule_or_term_autocomplete(interaction, text)
        rule_ms.append((time.perf_counter() - t0) * 1000)
    lowered = [n.casefold() for n in names]
    t0 = time.perf_counter()
    for text in typed[:50]:
        difflib.get_close_matches(text.casefold(), lowered, n=25, cutoff=0.0)
    difflib_ms = (time.perf_counter() - t0) * 1000 / 50
    card_ms.sort()
    rule_ms.sort()
    return {
        "card_autocomplete_p50_ms": statistics.median(card_ms),
        "card_autocomplete_p99_ms": percentile(card_ms, 99),
        "rule_autocomplete_p50_ms": statistics.median(rule_ms),
        "rule_autocomplete_p99_ms": percentile(rule_ms, 99),
        "difflib_ms": difflib_ms,
    }


async def _run(db: Path) -> dict[str, float]:
    from bot.discord_app.cogs.ask import AskCog
    from bot.store import Store
    from tests.discord_app.conftest import make_bot, make_interaction, make_settings

    rss_before = psutil.Process().memory_info().rss
    store = await Store.open(db)
    settings = make_settings(Path(tempfile.mkdtemp()), ask_cooldown_rate=1000)
    bot = await make_bot(settings, store)
    gc.collect()
    rss_loaded = psutil.Process().memory_info().rss
    try:
        cog = bot.get_cog(AskCog.__cog_name__)
        qs = questions()
        calls = []
        recorders = []
        for i in range(CONCURRENT):
            interaction, rec = make_interaction(bot)
            # Discord's side of the reply costs nothing here, so the figures are the bot's.
            interaction.followup.send.side_effect = _sent(rec)
            recorders.append(rec)
            calls.append(AskCog.ask.callback(cog, interaction, qs[i % len(qs)], False))
        stop = asyncio.Event()
        worst = [0.0]
        probe = asyncio.create_task(_lag_probe(stop, worst))
        t0 = time.perf_counter()
        results = await asyncio.gather(*calls, return_exceptions=True)
        total = time.perf_counter() - t0
        stop.set()
        await probe
        errors = sum(1 for r in results if isinstance(r, BaseException))
        unanswered = sum(1 for rec in recorders if not rec.sent)
        auto = await _autocomplete(bot)
        return {
            **auto,
            "invocations": CONCURRENT,
            "errors": errors + unanswered,
            "total_s": total,
            "worst_lag_ms": worst[0] * 1000,
            "rss_loaded_mb": rss_loaded / 2**20,
            "rss_growth_mb": (rss_loaded - rss_before) / 2**20,
        }
    finally:
        await bot.close()


def run() -> dict[str, float]:
    return asyncio.run(_run(ensure_full_db()))


def main() -> None:
    figures = run()
    print(
        f"bot: {figures['invocations']:.0f} concurrent /ask in {figures['total_s']:.2f} s, "
        f"{figures['errors']:.0f} errors, worst event-loop lag {figures['worst_lag_ms']:.0f} ms; "
        f"bot process with the full pool loaded: {figures['rss_loaded_mb']:.0f} MB RSS"
    )
    print(
        f"autocomplete: card names p50 {figures['card_autocomplete_p50_ms']:.2f} ms, "
        f"p99 {figures['card_autocomplete_p99_ms']:.2f} ms (difflib baseline "
        f"{figures['difflib_ms']:.1f} ms, {figures['difflib_ms'] / figures['card_autocomplete_p50_ms']:,.0f}x slower); "
        f"rules p50 {figures['rule_autocomplete_p50_ms']:.2f} ms, "
        f"p99 {figures['rule_autocomplete_p99_ms']:.2f} ms"
    )
    if os.environ.get("BENCH_JSON"):
        print(json.dumps(figures))


if __name__ == "__main__":
    main()
