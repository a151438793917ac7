"""Static checks of deploy/compose.yaml: two shard processes, each with its own volume."""

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
    assert set(SERVICES) == {"shard-0", "shard-1"}


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


def test_shards_cover_every_id_once_with_the_same_count() -> None:
    counts = {int(_env(block)["RULESBOT_SHARD_COUNT"]) for block in SERVICES.values()}
    assert len(counts) == 1
    (count,) = counts
    ids = [json.loads(_env(block)["RULESBOT_SHARD_IDS"]) for block in SERVICES.values()]
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


def test_each_shard_has_its_own_declared_volume_at_data() -> None:
    mounts = [_volumes(block) for block in SERVICES.values()]
    assert all(len(m) == 1 and m[0][1] == "/data" for m in mounts)
    names = [m[0][0] for m in mounts]
    assert len(set(names)) == len(names)
    assert set(names) <= set(top_level_keys(TEXT, "volumes"))
