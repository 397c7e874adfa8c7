"""The build backend: setuptools', and with ARBITER_COMPILE=1 mypy (for mypyc) added to
what a wheel's build needs, so that `ARBITER_COMPILE=1 pip install .` compiles the
engine and its leaves, and a plain `pip install .` needs no compiler (as black and mypy
ship theirs). setup.py names the modules compiled."""

from __future__ import annotations

import os
import tomllib

from setuptools.build_meta import *  # noqa: F401,F403 - the rest of the PEP 517 hooks, as setuptools has them


def _compiler() -> list[str]:
    """mypyc, and what it reads to type the modules it compiles, their imports' types too:
    the `typing` extra and the dependencies, as pyproject.toml lists them (a build runs
    in the source tree)."""
    with open("pyproject.toml", "rb") as file:
        project = tomllib.load(file)["project"]
    return [*project["optional-dependencies"]["typing"], *project["dependencies"]]


def _requires() -> list[str]:
    """What a build needs beyond pyproject's `requires`. Asked before anything is
    installed, so setup.py is not run here (with ARBITER_COMPILE=1 it imports mypyc)."""
    return ["wheel", *_compiler()] if os.environ.get("ARBITER_COMPILE") == "1" else ["wheel"]


def get_requires_for_build_wheel(config_settings=None):  # type: ignore[no-untyped-def]
    return _requires()


def get_requires_for_build_editable(config_settings=None):  # type: ignore[no-untyped-def]
    return _requires()
