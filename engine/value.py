"""The base of the engine's value types: frozen, keyword-only stdlib dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Self, dataclass_transform


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(field,))
class Value:
    """Each subclass becomes a dataclass with keyword-only fields, frozen unless
    declared ``frozen=False``; one declared ``base=True`` is only a base for others.

    Plain dataclasses, not validating models: the engine builds its values from typed
    code. A subclass is made a dataclass when its first instance is made: generating a
    dataclass's methods costs about a millisecond, and one question uses a fraction of
    the engine's ~90 value types. Building takes no lock: a program that makes values in
    several threads calls ``build_all()`` before it starts them.
    """

    __slots__ = ()
    __value_frozen__: ClassVar[bool] = True
    __value_base__: ClassVar[bool] = False

    def __init_subclass__(cls, *, frozen: bool = True, base: bool = False, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.__value_frozen__ = frozen
        cls.__value_base__ = base
        if base:
            return
        if "__init__" in cls.__dict__:
            build(cls)
        else:
            # Replaced by the dataclass __init__ when the first instance is made.
            cls.__init__ = _first_init  # type: ignore[assignment]

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Self:
        """A copy with ``update``'s fields replaced (``dataclasses.replace``)."""
        return replace(self, **(update or {}))  # type: ignore[type-var]


def _is_base(cls: type) -> bool:
    return cls is Value or bool(cls.__dict__.get("__value_base__"))


def build(cls: type[Value]) -> None:
    """Make ``cls`` (and its Value bases, first) a dataclass, if it is not one yet."""
    if "__dataclass_fields__" in cls.__dict__ or _is_base(cls):
        return
    for parent in reversed(cls.__mro__[1:]):
        if issubclass(parent, Value):
            build(parent)
    # dataclass() keeps an __init__ the class defines; this one is only the trigger.
    if cls.__dict__.get("__init__") is _first_init:
        delattr(cls, "__init__")
    dataclass(frozen=cls.__dict__["__value_frozen__"], kw_only=True)(cls)


def build_all() -> None:
    """Build every Value class defined so far, as a program does before it starts threads."""
    pending: list[type[Value]] = list(Value.__subclasses__())
    while pending:
        cls = pending.pop()
        build(cls)
        pending.extend(cls.__subclasses__())


def _first_init(self: Value, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    build(cls)
    cls.__init__(self, *args, **kwargs)
