"""The code is typed: `mypy --strict arbiter` reports nothing. CI installs mypy and the
stubs (the `typing` extra, part of `test`); where mypy is not installed the test skips."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib

import pytest

from tests.conftest import REPO


@pytest.mark.skipif(importlib.util.find_spec("mypy") is None, reason="mypy is not installed (pip install '.[typing]')")
def test_mypy_strict_finds_nothing():
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict", "arbiter"], cwd=REPO, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-1000:]


def test_the_package_says_it_is_typed_so_a_clients_mypy_reads_its_hints():
    """PEP 561: without `py.typed` shipped in the package, `mypy --strict` on a club's
    script that imports arbiter refused every import (import-untyped), and took every
    report for `Any`."""
    assert (REPO / "arbiter" / "py.typed").is_file()
    package_data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert "py.typed" in package_data["arbiter"]
