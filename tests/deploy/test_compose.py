"""Static checks of deploy/compose.yaml: one data writer and two shards sharing its database."""

from __future__ import annotations

import json
import re

import pytest

from bot.settings import Settings
from tests.deploy.readers import DEPLOY, ROOT, compose_services, top_level_keys

TEXT = (DEPLOY / "compose.yaml").read_text(encoding="utf-8")
SERVICES = compose_services(TEXT)


def _env(block: str) -> dict[str, str]:
    env = re.findall(r"^\s+(RULESBOT_\w+):\s*(.+?)\s*$", block, re.MULTILINE)
    return {key: value.strip("\"'") for key, value in env}


def _volumes(block: str) -> list[tuple[str, str]]:
    return re.findall(r"^\s+- ([\w.-]+):(/\S*)\s*$", block, re.MULTILINE)


def test_yaml_shape_is_plain_block_style() -> None:
    # The reader below only understands block style with two-space indents and no tabs.
    assert "\t" not in TEXT
    for line in TEXT.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        assert indent % 2 == 0, line
    assert set(SERVICES) == {"sync", "shard-0", "shard-1"}


def test_every_service_uses_the_shared_definition() -> None:
    anchor = re.search(r"^(x-[\w-]+): &(\w+)\n((?:  .*\n|\n)+)", TEXT, re.MULTILINE)
    assert anchor, "no x- extension block with an anchor"
    body = anchor.group(3)
    assert re.search(r"^    context: \.\.$", body, re.MULTILINE)
    assert re.search(r"^    dockerfile: deploy/Dockerfile$", body, re.MULTILINE)
    assert re.search(r"^  restart: (unless-stopped|always|on-failure)$", body, re.MULTILINE)
    # context `..` is relative to deploy/, i.e. the repository root.
    assert (DEPLOY.parent / "deploy" / "Dockerfile").is_file()
    for block in SERVICES.values():
        assert f"<<: *{anchor.group(2)}" in block


def test_token_comes_from_the_gitignored_env_file() -> None:
    env_files = re.findall(r"^\s+- (\S*\.env)\s*$", TEXT, re.MULTILINE)
    assert env_files == ["../.env"]
    assert ".env" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert not re.search(r"^\s+-?\s*RULESBOT_TOKEN\b", TEXT, re.MULTILINE)


SHARDS = {name: block for name, block in SERVICES.items() if name.startswith("shard-")}


def test_shards_cover_every_id_once_with_the_same_count() -> None:
    counts = {int(_env(block)["RULESBOT_SHARD_COUNT"]) for block in SHARDS.values()}
    assert len(counts) == 1
    (count,) = counts
    ids = [json.loads(_env(block)["RULESBOT_SHARD_IDS"]) for block in SHARDS.values()]
    flat = [shard for group in ids for shard in group]
    assert sorted(flat) == list(range(count))


@pytest.mark.parametrize("service", ["shard-0", "shard-1"])
def test_settings_read_the_shard_values_as_written(
    service: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for key, value in _env(SERVICES[service]).items():
        monkeypatch.setenv(key, value)
    settings = Settings(_env_file=None)  # type: ignore[call-arg]
    assert settings.shard_ids == json.loads(_env(SERVICES[service])["RULESBOT_SHARD_IDS"])
    assert settings.shard_count == 2
    assert str(settings.db) == "/data/rulesbot.sqlite3"


def _anchor_block() -> str:
    anchor = re.search(r"^x-[\w-]+: &\w+\n((?:  .*\n|\n)+)", TEXT, re.MULTILINE)
    assert anchor
    return anchor.group(1)


def test_every_process_shares_one_declared_volume_at_data() -> None:
    mounts = _volumes(_anchor_block())
    assert len(mounts) == 1 and mounts[0][1] == "/data"
    assert top_level_keys(TEXT, "volumes") == [mounts[0][0]]
    # No service mounts a volume of its own over the shared one.
    assert all(_volumes(block) == [] for block in SERVICES.values())
    assert {_env(block)["RULESBOT_DB"] for block in SERVICES.values()} == {"/data/rulesbot.sqlite3"}


def test_one_sync_writer_and_shards_that_never_sync() -> None:
    assert re.search(r'command: \["rulesbot", "sync", "--repeat"\]', SERVICES["sync"])
    for name, block in SHARDS.items():
        assert _env(block)["RULESBOT_BACKGROUND_SYNC"] == "false", name
        assert "command:" not in block  # the image's `rulesbot run`
        assert re.search(r"depends_on:\n\s+- sync\b", block)
        settings_env = dict(_env(block))
        assert (
            Settings(
                _env_file=None, background_sync=settings_env["RULESBOT_BACKGROUND_SYNC"]
            ).background_sync
            is False
        )  # type: ignore[call-arg]


def test_the_writer_has_a_health_check_of_its_own() -> None:
    # The image's check asks for the bot's gateway heartbeat, which a sync process never has.
    assert "healthcheck:" in SERVICES["sync"] and "rulesbot status" in SERVICES["sync"]
