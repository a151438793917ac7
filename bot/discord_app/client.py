"""The Discord client: owns the store, name index, ask service and HTTP session for its lifetime."""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.discord_app.cogs import COGS
from bot.discord_app.errors import handle_error
from bot.discord_app.service import RulingsButton
from bot.discord_app.views import FeedbackButton
from bot.errors import RulesbotError

if TYPE_CHECKING:
    from bot.ask.offloop import OffLoopAsker
    from bot.ask.pipeline import AskService
    from bot.settings import Settings
    from bot.sources.scryfall import ScryfallClient
    from bot.store import Store
    from bot.store.names import NameIndex

log = logging.getLogger(__name__)

HEARTBEAT_SECONDS = 30.0
# How often a bot that doesn't sync itself looks for data another process wrote.
DATA_WATCH_MINUTES = 5.0


class CardFetchError(RulesbotError, LookupError):
    """A card isn't in the local data and Scryfall couldn't be asked."""

    def __init__(self, name: str) -> None:
        shown = name if len(name) <= 80 else name[:77] + "..."
        super().__init__(
            f"No card matches {shown!r} in the local card data, and Scryfall couldn't be "
            "reached to look further. Try again later."
        )


def package_version() -> str:
    try:
        return version("rulesbot")
    except PackageNotFoundError:
        return "0+unknown"


class RulesTree(app_commands.CommandTree["RulesBot"]):
    """Sends every command error down the one error path."""

    async def on_error(
        self, interaction: discord.Interaction[RulesBot], error: app_commands.AppCommandError, /
    ) -> None:
        await handle_error(interaction, error)


def intents_for(settings: Settings) -> discord.Intents:
    intents = discord.Intents.default()
    # Reading [[card]] in messages needs the privileged message-content intent;
    # ask for it only when inline lookups are on.
    intents.message_content = settings.inline_lookups
    return intents


class RulesBot(commands.Bot):
    """rulesbot on Discord. Dependencies are opened in setup_hook and closed in close().

    One gateway connection; ``create_bot`` picks ShardedRulesBot when sharding is set.
    """

    def __init__(
        self, settings: Settings, *, db_path: Path | None = None, **shard_options: Any
    ) -> None:
        # The bot never joins voice; don't warn about voice libraries at every start.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=intents_for(settings),
            tree_cls=RulesTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **shard_options,
            activity=discord.Activity(type=discord.ActivityType.listening, name="/ask"),
        )
        self.settings = settings
        self.db_path = Path(db_path) if db_path is not None else settings.db
        self.version = package_version()
        self.started_at = datetime.now(UTC)
        self._store: Store | None = None
        self._names: NameIndex | None = None
        self._asker: AskService | OffLoopAsker | None = None
        self.http_session: aiohttp.ClientSession | None = None
        self._scryfall: ScryfallClient | None = None
        self.serve = True  # False for `sync-commands`, which only needs the command tree
        self._sync_lock = asyncio.Lock()
        self._sync_loop: tasks.Loop[Any] | None = None
        self._heartbeat_loop: tasks.Loop[Any] | None = None
        self._data_signature: tuple[Any, ...] | None = None
        # Gateway links (None for the single connection, else shard ids): True while up.
        self._links: dict[int | None, bool] = {}

    # -- dependencies ------------------------------------------------------------------

    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("the store is not open yet")
        return self._store

    @property
    def scryfall(self) -> ScryfallClient:
        """The bot's one Scryfall client: rate limits and coalescing hold only within one."""
        if self._scryfall is None:
            from bot.sources.scryfall import ScryfallClient

            self._scryfall = ScryfallClient.from_settings(self.settings, session=self.http_session)
        return self._scryfall

    @property
    def names(self) -> NameIndex:
        if self._names is None:
            raise RuntimeError("the name index is not loaded yet")
        return self._names

    @property
    def asker(self) -> AskService | OffLoopAsker:
        if self._asker is None:
            raise RuntimeError("the ask service is not ready yet")
        return self._asker

    async def attach(self, store: Store) -> None:
        """Use ``store`` and build the in-memory indexes from it."""
        from bot.ask.offloop import OffLoopAsker
        from bot.store.names import NameIndex

        self._store = store
        self._names = NameIndex(await store.all_names())
        # Questions are answered on worker threads so none holds up the event loop.
        self._asker = await OffLoopAsker.start(
            store,
            max_question_chars=self.settings.max_question_chars,
            max_brackets=self.settings.max_brackets,
        )

    async def reload_data(self) -> None:
        """Rebuild the name index and ask service after the data changed."""
        from bot.store.names import NameIndex

        # Building the index takes about a second on the full card pool; a thread keeps
        # the event loop (and interactions' 3-second deadline) moving meanwhile.
        names = await asyncio.to_thread(NameIndex, await self.store.all_names())
        await self.asker.refresh()
        self._names = names
        for cog in self.cogs.values():
            forget = getattr(cog, "forget_cached_data", None)
            if forget is not None:
                forget()

    async def reload_names(self) -> None:
        from bot.store.names import NameIndex

        self._names = await asyncio.to_thread(NameIndex, await self.store.all_names())

    async def fetch_card(self, name: str) -> dict[str, Any]:
        """Fetch a card missing from the local data from Scryfall, and keep it.

        Raises UnknownCardError / AmbiguousCardError as Scryfall decides, or
        CardFetchError when Scryfall can't be reached.
        """
        from bot.sources.scryfall import NetworkError, fetch_and_cache

        try:
            card = await fetch_and_cache(self.store, self.scryfall, name)
        except NetworkError as exc:
            log.warning("on-demand fetch of %r failed: %s", name[:100], exc)
            raise CardFetchError(name) from exc
        await self.reload_names()
        return card

    async def load_cogs(self) -> None:
        """The commands, and the buttons that outlive a restart (matched by custom_id)."""
        for cog_cls in COGS:
            await self.add_cog(cog_cls(self))
        self.add_dynamic_items(FeedbackButton, RulingsButton)

    async def setup_hook(self) -> None:
        await self.load_cogs()
        if not self.serve:
            return
        from bot.store import Store

        self.http_session = aiohttp.ClientSession(
            headers={"User-Agent": self.settings.user_agent, "Accept": "application/json"},
            timeout=aiohttp.ClientTimeout(total=60),
        )
        await self.attach(await Store.open(self.db_path))
        status = await self.store.status()
        log.info(
            "serving %s cards, %s rulings, %s rules (CR %s)",
            status.cards,
            status.rulings,
            status.rules,
            status.cr_effective,
        )
        if self.settings.background_sync:
            self._sync_loop = tasks.loop(hours=self.settings.sync_interval_hours)(
                self._scheduled_sync
            )
        else:
            self._sync_loop = tasks.loop(minutes=DATA_WATCH_MINUTES)(self.watch_data)
        self._sync_loop.start()
        if self.settings.heartbeat_file is not None:
            self._heartbeat_loop = tasks.loop(seconds=HEARTBEAT_SECONDS)(self.heartbeat)
            self._heartbeat_loop.start()

    async def watch_data(self) -> None:
        """Reload the indexes once another process (the one sync writer) changed the data."""
        try:
            signature = tuple(
                (s.dataset, s.source, s.loaded_at, s.updated_at, s.etag, s.count)
                for s in await self.store.sources()
            )
            if self._data_signature is not None and signature != self._data_signature:
                log.info("the data changed on disk; reloading the indexes")
                await self.reload_data()
            self._data_signature = signature
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("checking for new data failed; still serving the data loaded")

    # -- gateway health ----------------------------------------------------------------

    def _gateway_keys(self) -> list[int | None]:
        return [None]

    def _mark(self, key: int | None, up: bool) -> None:
        self._links[key] = up

    def gateway_up(self) -> bool:
        """Every gateway connection this process runs is connected (and was ready once)."""
        return all(self._links.get(key, False) for key in self._gateway_keys())

    async def heartbeat(self) -> None:
        """Touch the heartbeat file while the gateway is up; its age is the health check."""
        path = self.settings.heartbeat_file
        if path is None or not self.gateway_up():
            return
        try:
            await asyncio.to_thread(path.touch)
        except OSError as exc:
            log.warning("can't write the heartbeat file %s: %s", path, exc.strerror)

    async def on_resumed(self) -> None:
        self._mark(None, True)

    async def on_disconnect(self) -> None:
        self._mark(None, False)

    async def _scheduled_sync(self) -> None:
        # The loop's first run is at start-up: sync then only if there is no real data yet.
        first = self._sync_loop is not None and self._sync_loop.current_loop == 0
        if first and not (await self.store.status()).using_builtin:
            return
        await self.refresh_data()

    async def refresh_data(self, *, force: bool = False) -> bool:
        """Run the data sync; on any failure keep serving the data already loaded.

        Returns True when the sync ran without a failed dataset.
        """
        from bot.sources.sync import run_sync

        async with self._sync_lock:
            try:
                report = await run_sync(
                    self.store, self.settings, force=force, client=self.scryfall
                )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("data sync failed; still serving the previous data")
                return False
            if report.failed:
                log.warning("data sync: %s; still serving the previous data", report.summary())
            if report.updated:
                try:
                    await self.reload_data()
                except Exception:
                    log.exception("reloading indexes after the sync failed; keeping the old ones")
                    return False
            return report.ok

    async def connect(self, *, reconnect: bool = True) -> None:
        """discord.py's connect, kept trying while the first connection fails.

        When the very first gateway connection fails (a DNS error while the network comes
        up), discord.py waits its back-off and then reads the websocket it never made
        (``self.ws.sequence`` on None). Until one connection is made, a fresh connect is
        tried after a growing back-off instead.
        """
        if isinstance(self, discord.AutoShardedClient):
            await super().connect(reconnect=reconnect)
            return
        from discord.backoff import ExponentialBackoff

        backoff: ExponentialBackoff[bool] = ExponentialBackoff()
        while True:
            try:
                await super().connect(reconnect=reconnect)
                return
            except AttributeError:
                if self.ws is not None or self.is_closed() or not reconnect:
                    raise
            retry = backoff.delay()
            log.warning("could not reach Discord's gateway; trying again in %.1f s", retry)
            await asyncio.sleep(retry)

    async def close(self) -> None:
        for loop in (self._sync_loop, self._heartbeat_loop):
            if loop is not None:
                loop.cancel()
        await super().close()
        if self._asker is not None:
            asker, self._asker = self._asker, None
            stop = getattr(asker, "close", None)
            if stop is not None:
                await stop()
        if self._scryfall is not None:
            client, self._scryfall = self._scryfall, None
            await client.close()
        if self.http_session is not None:
            await self.http_session.close()
            self.http_session = None
        if self._store is not None:
            store, self._store = self._store, None
            await store.close()

    async def on_ready(self) -> None:
        self._mark(None, True)
        log.info(
            "connected as %s (%s) in %d guild(s)",
            self.user,
            self.user and self.user.id,
            len(self.guilds),
        )


class _ShardedClient(discord.AutoShardedClient):
    """AutoShardedClient whose close() also works before connect() ever ran."""

    _connecting = False

    async def connect(self, *, reconnect: bool = True) -> None:
        self._connecting = True
        await super().connect(reconnect=reconnect)

    async def close(self) -> None:
        if self._connecting:
            await super().close()
        else:
            # AutoShardedClient.close() tears down shards that connect() sets up; with
            # none (login failed, or only commands were synced) a plain close is the whole job.
            await discord.Client.close(self)


class ShardedRulesBot(RulesBot, commands.bot.BotBase, _ShardedClient):
    """rulesbot over several gateway shards (RULESBOT_SHARD_COUNT / RULESBOT_SHARD_IDS)."""

    def _gateway_keys(self) -> list[int | None]:
        return list(self.shard_ids or range(self.shard_count or 1))

    async def on_shard_ready(self, shard_id: int) -> None:
        self._mark(shard_id, True)

    async def on_shard_resumed(self, shard_id: int) -> None:
        self._mark(shard_id, True)

    async def on_shard_disconnect(self, shard_id: int) -> None:
        self._mark(shard_id, False)


def create_bot(settings: Settings, *, db_path: Path | None = None) -> RulesBot:
    """A sharded bot only when sharding is configured; otherwise one plain connection."""
    if settings.shard_count is None and not settings.shard_ids:
        return RulesBot(settings, db_path=db_path)
    options: dict[str, Any] = {"shard_count": settings.shard_count}
    if settings.shard_ids:
        options["shard_ids"] = settings.shard_ids
    return ShardedRulesBot(settings, db_path=db_path, **options)
