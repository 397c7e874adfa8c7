"""The bulk path loses nothing and hangs on nothing (issue 10): a player named as the
pool, a log read from a pipe for its page, signals to a run with `--jobs`, whatever
already stands where a page is to be written."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from arbiter import check_log
from tests.conftest import REPO, case_files, load_case

ARBITER = REPO / ".venv" / "bin" / "arbiter"
CASES = case_files()
GOOD = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "ok")


def _pool_log(players: list[str]) -> dict:
    """The reproducer of issue 10: the third player opens for 2, the others pass, he wins."""
    ann, bob, third = players
    return {"format": "peel-draw-poker-log", "version": 1,
            "table": {"players": players, "limit": 20, "ante": 1},
            "events": [{"type": "deal", "dealer": ann}, {"type": "shuffle", "player": ann},
                       {"type": "cut", "player": third}, {"type": "ante", "player": bob, "amount": 1},
                       {"type": "dealt", "hands": {bob: 5, third: 5, ann: 5}},
                       {"type": "open", "player": third, "stake": 2}, {"type": "pass", "player": ann},
                       {"type": "pass", "player": bob}, {"type": "win", "player": third}]}


def test_a_player_named_pool_is_refused_where_he_is_seated():
    report = check_log(_pool_log(["Ann", "Bob", "pool"]))
    assert report["status"] == "invalid"
    assert report["error"]["path"] == "/table/players/2"
    assert "cannot be called 'pool'" in report["error"]["message"]


def test_the_same_game_under_another_name_conserves_the_counters():
    report = check_log(_pool_log(["Ann", "Bob", "Cat"]))
    assert report["status"] == "ok"
    pool_left = sum(line["amount"] * ((line["to"] == "pool") - (line["from"] == "pool")) for line in report["ledger"])
    assert sum(report["net"].values()) + pool_left == 0
    assert report["net"]["Cat"] == 1 and report["net"]["Bob"] == -1


def test_a_text_log_seating_pool_is_refused_too(tmp_path):
    text = tmp_path / "pool.hand"
    text.write_text("players Ann Bob pool; limit 20; ante 1\n")
    done = subprocess.run([str(ARBITER), "check", str(text), "--format", "jsonl"],
                          capture_output=True, text=True, timeout=60)
    report = json.loads(done.stdout)
    assert done.returncode == 2 and report["status"] == "invalid"
    assert "cannot be called 'pool'" in report["error"]["message"]


# --------------------------------------------------------------- read once, replay once


def _pipe_path(data: bytes) -> tuple[str, int]:
    """A path that can be read once, as `<(cat log.json)` gives: /dev/fd/N of a pipe."""
    read_end, write_end = os.pipe()
    os.write(write_end, data)
    os.close(write_end)
    return f"/dev/fd/{read_end}", read_end


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="no /dev/fd here")
def test_a_page_from_a_pipe_reads_it_once():
    path, fd = _pipe_path(GOOD.read_bytes())
    done = subprocess.run([str(ARBITER), "check", path, "--format", "html"], pass_fds=(fd,),
                          capture_output=True, text=True, timeout=60)
    os.close(fd)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<!DOCTYPE html>") and "(ok)</title>" in done.stdout


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="no /dev/fd here")
def test_pages_from_a_pipe_and_a_file_are_all_written(tmp_path):
    path, fd = _pipe_path(GOOD.read_bytes())
    out = tmp_path / "pages"
    done = subprocess.run([str(ARBITER), "check", path, str(GOOD), "--format", "html", "--out", str(out)],
                          pass_fds=(fd,), capture_output=True, text=True, timeout=60)
    os.close(fd)
    assert done.returncode == 0, done.stderr
    pages = sorted(p.name for p in out.iterdir())
    assert pages == sorted([f"{fd}.html", f"{GOOD.stem}.html"])
    assert all("(ok)</title>" in (out / p).read_text() for p in pages)


def test_the_page_keeps_the_options_of_the_report():
    """One replay gives both the report and the trace: --ignore still sets the page's status."""
    irregular = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "irregular")
    rules = {f["id"] for f in load_case(irregular)["meta"]["expect"]["findings"]}
    ignored = subprocess.run([str(ARBITER), "check", str(irregular), "--format", "html", "--ignore", ",".join(rules)],
                             capture_output=True, text=True, timeout=60)
    plain = subprocess.run([str(ARBITER), "check", str(irregular), "--format", "html"],
                           capture_output=True, text=True, timeout=60)
    assert "(irregular)</title>" in plain.stdout and plain.returncode == 1
    assert "(ok)</title>" in ignored.stdout and ignored.returncode == 0
