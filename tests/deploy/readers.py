"""Small readers for the deploy files: Dockerfile stages, systemd units, compose services."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"


@dataclass(frozen=True)
class Instruction:
    keyword: str
    args: str

    def exec_form(self) -> list[str]:
        """The JSON array form of CMD/ENTRYPOINT (fails on the shell form)."""
        value = json.loads(self.args)
        assert isinstance(value, list), f"{self.keyword} is not in exec form"
        return [str(part) for part in value]


@dataclass(frozen=True)
class Stage:
    image: str
    name: str | None
    instructions: list[Instruction]

    def all(self, keyword: str) -> list[Instruction]:
        return [i for i in self.instructions if i.keyword == keyword]


def parse_dockerfile(text: str) -> list[Stage]:
    """Stages of a Dockerfile, with continuation lines joined and ARG defaults applied to FROM."""
    logical: list[str] = []
    pending = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if pending and line.startswith("#"):
            continue  # comments inside a continued instruction are dropped by Docker
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        logical.append(pending + line)
        pending = ""
    assert not pending, "Dockerfile ends inside a continued line"

    args: dict[str, str] = {}
    stages: list[Stage] = []
    for line in logical:
        keyword, _, rest = line.partition(" ")
        instruction = Instruction(keyword.upper(), rest.strip())
        if instruction.keyword == "ARG" and not stages:
            name, _, default = instruction.args.partition("=")
            args[name] = default
        elif instruction.keyword == "FROM":
            words = instruction.args.split()
            image = re.sub(r"\$\{?(\w+)\}?", lambda m: args.get(m.group(1), m.group(0)), words[0])
            name = words[2] if len(words) == 3 and words[1].upper() == "AS" else None
            stages.append(Stage(image, name, []))
        else:
            assert stages, f"{keyword} before the first FROM"
            stages[-1].instructions.append(instruction)
    return stages


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """A systemd unit as section -> key -> values (keys may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current: dict[str, list[str]] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        assert current is not None, f"setting outside a section: {line!r}"
        key, sep, value = line.partition("=")
        assert sep, f"not a key=value line: {line!r}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def compose_services(text: str) -> dict[str, str]:
    """The text block of each service in compose.yaml, keyed by service name.

    A deliberately small reader (no YAML library in the environment): a
    service is a two-space-indented key under the top-level `services:`.
    """
    services: dict[str, list[str]] = {}
    in_services = False
    current: list[str] | None = None
    for line in text.splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            in_services = line.rstrip() == "services:"
            current = None
            continue
        if not in_services:
            continue
        match = re.fullmatch(r"  ([\w.-]+):\s*", line)
        if match:
            current = services.setdefault(match.group(1), [])
        elif current is not None:
            current.append(line)
    return {name: "\n".join(lines) for name, lines in services.items()}


def top_level_keys(text: str, section: str) -> list[str]:
    """Keys directly under a top-level mapping of compose.yaml."""
    keys: list[str] = []
    inside = False
    for line in text.splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            inside = line.rstrip() == f"{section}:"
            continue
        match = re.fullmatch(r"  ([\w.-]+):.*", line)
        if inside and match:
            keys.append(match.group(1))
    return keys


def _pattern_regex(pattern: str) -> re.Pattern[str]:
    out: list[str] = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^/]*")
            i += 1
        elif pattern[i] == "?":
            out.append("[^/]")
            i += 1
        elif pattern[i] == "[":
            end = pattern.index("]", i)
            out.append(pattern[i : end + 1])
            i = end + 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("".join(out))


def dockerignore_patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith("#")]


def dockerignored(path: str, patterns: list[str]) -> bool:
    """Whether Docker leaves `path` (relative, `/`-separated) out of the build context.

    As in Docker: the last matching pattern wins, `!` re-includes, and a
    pattern matching a parent directory matches everything under it.
    """
    parts = path.strip("/").split("/")
    candidates = ["/".join(parts[: n + 1]) for n in range(len(parts))]
    excluded = False
    for pattern in patterns:
        negate = pattern.startswith("!")
        regex = _pattern_regex(pattern.lstrip("!").strip("/"))
        if any(regex.fullmatch(candidate) for candidate in candidates):
            excluded = not negate
    return excluded
