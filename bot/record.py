"""Plain keyword-only dataclass records for the bot's values, with the dumps their callers use."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, Literal, Self, dataclass_transform


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(field,))
class Record:
    """Each subclass becomes a dataclass: frozen unless declared ``frozen=False``.

    Not validating models: every record is built by typed code, and answering one
    question in a fresh process should not pay for loading pydantic.
    """

    __slots__ = ()

    def __init_subclass__(cls, *, frozen: bool = True, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=frozen, kw_only=True)(cls)

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))  # type: ignore[arg-type]

    def model_dump(
        self, *, mode: Literal["python", "json"] = "python", exclude: set[str] | None = None
    ) -> dict[str, Any]:
        """The fields as a dict, nested records as dicts; ``json`` mode uses only JSON types."""
        return {
            name: _dump(getattr(self, name), mode == "json")
            for name in self.field_names()
            if not exclude or name not in exclude
        }

    def model_dump_json(self) -> str:
        """Compact JSON of ``model_dump(mode="json")``, non-ASCII text as it is."""
        return json.dumps(self.model_dump(mode="json"), ensure_ascii=False, separators=(",", ":"))

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Self:
        """A copy with ``update``'s fields replaced (``dataclasses.replace``)."""
        return replace(self, **(update or {}))  # type: ignore[type-var]


def _dump(value: Any, as_json: bool) -> Any:
    if isinstance(value, Record):
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
