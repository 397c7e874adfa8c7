"""Nothing runs that was not installed, and nothing is written that was not asked for
(issue 20): a check, with house rules and club rules of its own, writes no file
anywhere (no cache of code, no compiled form rewritten in the package or the checkout)
and runs no code but the package's."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO


def snapshot(*folders: Path) -> dict[Path, int]:
    return {path: path.stat().st_mtime_ns for folder in folders for path in folder.rglob("*")
            if "__pycache__" not in path.parts and ".pytest_cache" not in path.parts}


def test_a_check_under_a_club_rule_writes_nothing(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    package = Path(__import__("arbiter").__file__).resolve().parent
    before = snapshot(home, package, REPO / "rules", REPO / "cases")
    env = {**os.environ, "HOME": str(home), "XDG_CACHE_HOME": str(home / ".cache"), "PYTHONDONTWRITEBYTECODE": "1"}
    for house in ("misdeal-costs-an-ante", "exposed-at-the-say", "no-jackpots"):
        done = subprocess.run([sys.executable, "-m", "arbiter", "check", str(REPO / "cases"), "--house", house,
                               "--format", "jsonl"], env=env, cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode in (0, 1), done.stderr
    assert snapshot(home, package, REPO / "rules", REPO / "cases") == before
    assert [p.name for p in tmp_path.iterdir()] == ["home"] and not list(home.rglob("*"))


def test_no_module_of_the_package_generates_or_executes_code():
    """No call of the built-in `exec`, `eval`, `compile` or `__import__` anywhere in the
    package: the rules are decided by closures built from the rule book's data."""
    package = Path(__import__("arbiter").__file__).resolve().parent
    for path in package.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("exec", "eval", "compile", "__import__"), (path, node.lineno)
