"""Plain keyword-only dataclass records for the bot's values, with the dumps their callers use."""

from __future__ import annotations

import json
from dataclasses import fields
from enum import Enum
from typing import Any, Literal

from engine.value import Value, build


class _Dumps:
    """The dumps pydantic models had, which the answer contract and the CLI print."""

    __slots__ = ()

    def model_dump(
        self, *, mode: Literal["python", "json"] = "python", exclude: set[str] | None = None
    ) -> dict[str, Any]:
        """The fields as a dict, nested records as dicts; ``json`` mode uses only JSON types."""
        return {
            f.name: _dump(getattr(self, f.name), mode == "json")
            for f in fields(self)  # type: ignore[arg-type]
            if not exclude or f.name not in exclude
        }

    def model_dump_json(self) -> str:
        """Compact JSON of ``model_dump(mode="json")``, non-ASCII text as it is."""
        return json.dumps(self.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))


class Record(_Dumps, Value, base=True):
    """A frozen bot value: a dataclass (``engine.value.Value``) that dumps as pydantic did.

    Not validating models: every record is built by typed code, and answering one
    question in a fresh process should not pay for loading pydantic.
    """

    __slots__ = ()

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        build(cls)
        return tuple(f.name for f in fields(cls))


class MutableRecord(_Dumps, Value, base=True, frozen=False):
    """A bot value whose fields may be set after it is made (the Answer being built)."""

    __slots__ = ()


def _dump(value: Any, as_json: bool) -> Any:
    if isinstance(value, _Dumps):
        return value.model_dump(mode="json" if as_json else "python")
    if isinstance(value, dict):
        return {k: _dump(v, as_json) for k, v in value.items()}
    if isinstance(value, list):
        return [_dump(v, as_json) for v in value]
    if isinstance(value, tuple):
        items = [_dump(v, as_json) for v in value]
        return items if as_json else tuple(items)
    if isinstance(value, (set, frozenset)):
        return [_dump(v, as_json) for v in value] if as_json else value
    if as_json and isinstance(value, Enum):
        return value.value
    return value
