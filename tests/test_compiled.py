"""The compiled build (`ARBITER_COMPILE=1 pip install .`, mypyc) rules as the pure one does,
byte for byte: the same reports of the shipped cases and of simulated sessions with
irregularities planted. `.ci/run` builds it and runs this there; on the pure build the
comparison has nothing to compare, and skips."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import arbiter.engine.replay
from arbiter.checker import check_file
from arbiter.simulator import simulate_log
from tests.conftest import REPO, case_files

COMPILED = not arbiter.engine.replay.__file__.endswith(".py")
pytestmark = pytest.mark.skipif(not COMPILED, reason="the pure build is installed: .ci/run builds the compiled "
                                                     "one (ARBITER_COMPILE=1) and runs this test on it")

# The pure build's reports, from the source beside these tests: one line of JSON a log.
PURE = """
import json, sys
import arbiter.engine.replay
from arbiter.checker import check_file
assert arbiter.engine.replay.__file__.endswith(".py"), arbiter.engine.replay.__file__
for path in sys.argv[1:]:
    print(json.dumps(check_file(path), sort_keys=True))
"""


def simulated(folder: Path, sessions: int) -> list[Path]:
    paths = []
    for seed in range(sessions):
        log, _ = simulate_log(seed, 3 + seed % 5, 4, 0.3)
        path = folder / f"sim-{seed}.json"
        path.write_text(json.dumps(log), encoding="utf-8")
        paths.append(path)
    return paths


def test_the_compiled_build_gives_the_pure_builds_reports(tmp_path: Path):
    paths = [*case_files(), *simulated(tmp_path, 300)]
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", PURE, *map(str, paths)], env=env, capture_output=True, text=True,
                          timeout=600, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pure = done.stdout.splitlines()
    assert len(pure) == len(paths)
    differ = [str(path) for path, line in zip(paths, pure) if json.dumps(check_file(path), sort_keys=True) != line]
    assert not differ, f"{len(differ)} reports differ, e.g. {differ[:3]}"
