"""All settings, from RULESBOT_* environment variables and an optional .env file."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from platformdirs import user_data_dir
from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot import limits
from bot.errors import ConfigError


def default_db_path() -> Path:
    return Path(user_data_dir("rulesbot", appauthor=False)) / "rulesbot.sqlite3"


class Settings(BaseSettings):
    """One settings object for the CLI, the sync job and the Discord bot."""

    model_config = SettingsConfigDict(
        env_prefix="RULESBOT_", env_file=".env", env_file_encoding="utf-8", extra="ignore"
    )

    db: Path = Field(default_factory=default_db_path, description="SQLite database file")
    scryfall_api_url: str = Field("https://api.scryfall.com", description="Scryfall API base URL")
    rules_url: str = Field(
        "https://magic.wizards.com/en/rules",
        description="Wizards' rules page, or a direct link to the CR .txt file",
    )
    user_agent: str = Field("rulesbot/0.1 (+https://github.com/rulesbot/rulesbot)")
    token: SecretStr | None = Field(None, description="Discord bot token")
    dev_guild_id: int | None = Field(
        None, description="guild for quick command sync in development"
    )
    review_roles: Annotated[dict[int, frozenset[int]], NoDecode] = Field(
        default_factory=dict,
        description="guild_id:role_id pairs; those roles may review answers in that guild",
    )
    ask_cooldown_seconds: float = Field(10.0, ge=0, description="per-user /ask cooldown")
    ask_cooldown_rate: int = Field(3, ge=1, description="/ask uses allowed per cooldown window")
    inline_lookups: bool = Field(
        False, description="answer [[card]] in messages (needs message content intent)"
    )
    inline_lookup_limit: int = Field(3, ge=1, le=10)
    inline_cooldown_seconds: float = Field(
        30.0, ge=0, description="per-channel window for inline lookups (0: no limit)"
    )
    inline_cooldown_rate: int = Field(5, ge=1, description="inline lookups per channel per window")
    max_question_chars: int = Field(
        limits.MAX_QUESTION_CHARS,
        ge=10,
        le=limits.DISCORD_TEXT_MAX,
        description="characters in one question",
    )
    max_brackets: int = Field(
        limits.MAX_BRACKETS, ge=1, le=50, description="[[card]] lookups in one question"
    )
    shard_count: int | None = Field(None, ge=1)
    shard_ids: list[int] | None = None
    sync_interval_hours: float = Field(24.0, gt=0)
    background_sync: bool = Field(
        True,
        description="the bot refreshes its data itself; false when a separate `rulesbot sync` "
        "writes the shared database",
    )
    heartbeat_file: Path | None = Field(
        None, description="file the bot touches while its gateway connection is up"
    )
    heartbeat_max_age_seconds: float = Field(
        180.0, gt=0, description="`rulesbot health` fails once the heartbeat is older"
    )
    log_level: str = "INFO"

    @field_validator("review_roles", mode="before")
    @classmethod
    def _parse_review_roles(cls, value: Any) -> Any:
        """``"guild:role,guild:role"`` (what an environment variable can hold) as a mapping."""
        if not isinstance(value, str):
            return value
        roles: dict[int, set[int]] = {}
        for pair in value.replace(";", ",").split(","):
            if not pair.strip():
                continue
            guild, sep, role = pair.partition(":")
            if not sep or not guild.strip().isdigit() or not role.strip().isdigit():
                raise ValueError(f"expected guild_id:role_id pairs, got {pair.strip()!r}")
            roles.setdefault(int(guild), set()).add(int(role))
        return roles


def load_settings() -> Settings:
    """Settings from the environment and .env; a clear ConfigError when a value is invalid."""
    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(
            f"RULESBOT_{'_'.join(str(p) for p in err['loc']).upper()}: {err['msg']}"
            for err in exc.errors()
        )
        raise ConfigError(f"invalid settings: {problems}") from None
