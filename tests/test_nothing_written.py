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


def test_check_log_reads_no_file_a_log_names(tmp_path, monkeypatch):
    """A log's `table.house` names a shipped house, or a file beside the log that only the
    command line reads; `check_log` opens nothing, and an error names the file, never what
    it holds."""
    import json

    from arbiter import check_log
    from arbiter.checker import check_file

    secret = tmp_path / "secret.yaml"
    secret.write_text("parameters:\n  db_password: hunter2\n", encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("parameters:\n  opening_multiple_of_ante: 3\n", encoding="utf-8")
    table = {"players": ["Ann", "Bob"], "limit": 10, "ante": 1}
    logs = {name: {"format": "peel-draw-poker-log", "version": 1, "table": {**table, "house": house}, "events": []}
            for name, house in [("a", str(secret)), ("b", "mine.yaml"), ("c", "blaze")]}
    opened: list[str] = []
    real_open = open
    monkeypatch.setattr("builtins.open", lambda file, *a, **k: (opened.append(str(file)), real_open(file, *a, **k))[1])
    for name in "ab":
        report = check_log(logs[name])
        assert report["status"] == "invalid" and "not a shipped house file" in report["error"]["message"]
        assert "hunter2" not in json.dumps(report) and "db_password" not in json.dumps(report)
    assert check_log(logs["c"])["house_rules"]["name"] == "blaze"
    assert not [path for path in opened if path.startswith(str(tmp_path))]
    monkeypatch.undo()
    for name, log in logs.items():
        (tmp_path / f"{name}.json").write_text(json.dumps(log), encoding="utf-8")
    refused = check_file(tmp_path / "a.json")
    assert refused["status"] == "invalid" and str(secret) in refused["error"]["message"]
    assert "db_password" not in json.dumps(refused) and "hunter2" not in json.dumps(refused)
    assert check_file(tmp_path / "b.json")["house_rules"]["parameters"] == {"opening_multiple_of_ante": 3}
