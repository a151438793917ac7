"""The wheel the image installs holds every package and data file of the source tree."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch

from tests.deploy.readers import ROOT

SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "setuptools"
]
TOP_LEVEL = ("bot", "engine", "data")


def test_every_package_directory_is_listed() -> None:
    on_disk = {
        init.parent.relative_to(ROOT).as_posix().replace("/", ".")
        for top in TOP_LEVEL
        for init in (ROOT / top).rglob("__init__.py")
    }
    assert sorted(on_disk - set(SETUPTOOLS["packages"])) == []


def test_every_data_file_is_package_data() -> None:
    patterns = SETUPTOOLS["package-data"]["data"]
    data_files = [
        path.relative_to(ROOT / "data").as_posix()
        for path in (ROOT / "data").rglob("*")
        if path.is_file() and path.suffix not in {".py", ".pyc"} and "__pycache__" not in path.parts
    ]
    missing = [f for f in data_files if not any(fnmatch(f, p) for p in patterns)]
    assert missing == []


def test_the_license_file_is_the_mit_license_pyproject_names() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["license"] == {"text": "MIT"}
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "rulesbot contributors" in text.splitlines()[2]
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text
