"""The `rulesbot sync` command: refresh cards, rulings and the Comprehensive Rules online."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from bot.cli import db_path
from bot.errors import RulesbotError
from bot.settings import Settings
from bot.sources.sync import SyncError, run_sync
from bot.store import Store


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "sync",
        help="download the latest cards, rulings and Comprehensive Rules",
        description=(
            "Download Scryfall's oracle cards and rulings bulk files and the Comprehensive "
            "Rules text, skipping what has not changed since the last sync. Anything that "
            "fails keeps its previous data."
        ),
    )
    p.add_argument("--force", action="store_true", help="download everything even if unchanged")
    p.add_argument(
        "--repeat",
        action="store_true",
        help="keep running, syncing again every RULESBOT_SYNC_INTERVAL_HOURS; a failed "
        "sync is reported and retried then (the one data writer of a shared database)",
    )
    p.set_defaults(func=cmd_sync)


async def cmd_sync(args: argparse.Namespace) -> int:
    settings = Settings()
    if not getattr(args, "repeat", False):
        return await sync_once(args, settings)
    while True:
        try:
            await sync_once(args, settings)
        except RulesbotError as exc:
            print(f"rulesbot: {exc.user_message}", file=sys.stderr)
        sys.stdout.flush()
        await asyncio.sleep(settings.sync_interval_hours * 3600)


async def sync_once(args: argparse.Namespace, settings: Settings) -> int:
    sync_log = logging.getLogger("bot.sources.sync")
    level = sync_log.level
    if not args.verbose:
        # Failures are logged for the bot's background sync; here the error line says it all.
        sync_log.setLevel(logging.CRITICAL)
    store = await Store.open(db_path(args))
    try:
        report = await run_sync(store, settings, force=args.force, progress=sys.stderr.isatty())
    finally:
        sync_log.setLevel(level)
        await store.close()
    print(report.summary())
    if not report.ok:
        raise SyncError.from_report(report)
    return 0
