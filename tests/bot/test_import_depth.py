"""JSON nested deeper than any Scryfall file is refused before the parser reads it."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.errors import ImportFailedError
from bot.store import Store
from bot.store.importer import MAX_JSON_DEPTH, _DepthGuard, import_paths

REPO = Path(__file__).resolve().parents[2]


def _read_all(data: bytes, chunk: int) -> None:
    guard = _DepthGuard(io.BytesIO(data))
    while guard.read(chunk):
        pass


def _depth(value: object) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 4096])
def test_brackets_inside_strings_and_escapes_do_not_count(chunk: int) -> None:
    tricky = [{"text": "[" * 40 + '\\" {{{{ \\\\', "more": ['"]]]]' * 10, "{T}: Add {G}."]}]
    data = json.dumps(tricky).encode()
    _read_all(data, chunk)
    deep = ("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)).encode()
    with pytest.raises(ValueError, match="levels deep"):
        _read_all(deep, chunk)


@settings(max_examples=200, deadline=None)
@given(
    value=st.recursive(
        st.none() | st.text(alphabet='[]{}"\\ab') | st.integers(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
        max_leaves=30,
    ),
    chunk=st.integers(min_value=1, max_value=9),
)
def test_the_guard_refuses_exactly_the_deep_documents(value: object, chunk: int) -> None:
    data = json.dumps(value).encode()
    guard = _DepthGuard(io.BytesIO(data), limit=4)
    try:
        while guard.read(chunk):
            pass
        refused = False
    except ValueError:
        refused = True
    assert refused == (_depth(value) > 4)


async def test_deep_file_fails_clearly_and_keeps_old_data(store: Store, tmp_path: Path) -> None:
    before = await store.status()
    path = tmp_path / "deep.json"
    path.write_bytes(b"[" * 200_000)
    with pytest.raises(ImportFailedError, match=r"levels deep.*Nothing was changed"):
        await import_paths(store, [path])
    after = await store.status()
    assert (after.cards, after.rulings, after.rules) == (before.cards, before.rulings, before.rules)


@pytest.mark.parametrize("shape", [b"[" * 200_000, b'{"object":"list","data":' + b"[" * 200_000])
def test_deep_file_import_uses_bounded_memory(tmp_path: Path, shape: bytes) -> None:
    path = tmp_path / "deep.json"
    path.write_bytes(shape)
    db = tmp_path / "db.sqlite3"
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over exec from the forking parent.
    probe = (
        "import re, sys\n"
        "from bot.cli import main\n"
        "code = main(sys.argv[1:])\n"
        "status = open('/proc/self/status').read()\n"
        "print(code, int(re.search(r'VmHWM:\\s+(\\d+)', status).group(1)) // 1024)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "--db", str(db), "import", str(path)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    code, peak_mib = done.stdout.split()
    assert code == "2" and "levels deep" in done.stderr
    assert int(peak_mib) < 150
