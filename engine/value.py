"""The base of the engine's value types: frozen, keyword-only stdlib dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Self, dataclass_transform


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(field,))
class Value:
    """Each subclass becomes a frozen dataclass with keyword-only fields.

    Plain dataclasses, not validating models: the engine builds its values from typed
    code, and a process that answers one question should not pay for schema building
    of every type it might use.
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True, kw_only=True)(cls)

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Self:
        """A copy with ``update``'s fields replaced (``dataclasses.replace``)."""
        return replace(self, **(update or {}))  # type: ignore[type-var]
