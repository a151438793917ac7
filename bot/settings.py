"""All settings, from RULESBOT_* environment variables and an optional .env file."""

from __future__ import annotations

from pathlib import Path

from platformdirs import user_data_dir
from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot import limits


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
    judge_role: str = Field("Judge", description="role whose members may review answers")
    ask_cooldown_seconds: float = Field(10.0, ge=0, description="per-user /ask cooldown")
    ask_cooldown_rate: int = Field(3, ge=1, description="/ask uses allowed per cooldown window")
    inline_lookups: bool = Field(
        False, description="answer [[card]] in messages (needs message content intent)"
    )
    inline_lookup_limit: int = Field(3, ge=1, le=10)
    max_question_chars: int = Field(
        limits.MAX_QUESTION_CHARS, ge=10, le=4000, description="characters in one question"
    )
    max_brackets: int = Field(
        limits.MAX_BRACKETS, ge=1, le=50, description="[[card]] lookups in one question"
    )
    shard_count: int | None = Field(None, ge=1)
    shard_ids: list[int] | None = None
    sync_interval_hours: float = Field(24.0, gt=0)
    log_level: str = "INFO"
