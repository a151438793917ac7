"""The engine's value base: frozen keyword-only dataclasses, made so at their first instance."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from engine.value import Value, build_all


def _classes() -> tuple[type[Value], type[Value]]:
    # Fresh classes per test: a class is built once, at its first instance.
    class Base(Value):
        name: str
        tags: tuple[str, ...] = ()

    class Child(Base):
        count: int = 1

    return Base, Child


def test_a_class_is_a_dataclass_only_once_an_instance_is_made() -> None:
    base, child = _classes()
    assert not dataclasses.is_dataclass(base) and not dataclasses.is_dataclass(child)
    made = child(name="Bear", count=2)
    # The child's first instance builds its base first, as a dataclass subclass needs.
    assert dataclasses.is_dataclass(base) and dataclasses.is_dataclass(child)
    assert [f.name for f in dataclasses.fields(made)] == ["name", "tags", "count"]
    assert base(name="Bear") == base(name="Bear")


def test_values_are_frozen_keyword_only_hashable_and_compare_by_fields() -> None:
    base, child = _classes()
    a, b = child(name="Bear"), child(name="Bear")
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != base(name="Bear")  # another type is another value
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.name = "Elk"  # type: ignore[misc]
    with pytest.raises(TypeError):
        child("Bear")  # type: ignore[misc]
    with pytest.raises(TypeError):
        child(name="Bear", colour="green")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        child()  # type: ignore[call-arg]
    assert repr(a).endswith("Child(name='Bear', tags=(), count=1)")


def test_model_copy_replaces_the_fields_given() -> None:
    _, child = _classes()
    a = child(name="Bear", tags=("green",))
    b = a.model_copy(update={"count": 3})
    assert (b.name, b.tags, b.count) == ("Bear", ("green",), 3) and a.count == 1
    assert a.model_copy() == a


def test_build_all_builds_every_class_so_threads_never_build_one() -> None:
    base, child = _classes()
    build_all()
    assert dataclasses.is_dataclass(base) and dataclasses.is_dataclass(child)
    made: list[Value] = []
    errors: list[BaseException] = []
    start = threading.Barrier(8)

    def make(i: int) -> None:
        start.wait()
        try:
            made.append(child(name=f"n{i}") if i % 2 else base(name=f"n{i}"))
        except BaseException as exc:  # the failure is the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=make, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert sorted(v.name for v in made) == [f"n{i}" for i in range(8)]  # type: ignore[attr-defined]
