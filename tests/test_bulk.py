"""The bulk path loses nothing and hangs on nothing (issue 10): a player named as the
pool, a log read from a pipe for its page, signals to a run with `--jobs`, whatever
already stands where a page is to be written."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arbiter import check_log
from tests.conftest import ARBITER, case_files, load_case

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
    done = subprocess.run([*ARBITER, "check", str(text), "--format", "jsonl"],
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
    done = subprocess.run([*ARBITER, "check", path, "--format", "html"], pass_fds=(fd,),
                          capture_output=True, text=True, timeout=60)
    os.close(fd)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<!DOCTYPE html>") and "(ok)</title>" in done.stdout


@pytest.mark.skipif(not Path("/dev/fd").is_dir(), reason="no /dev/fd here")
def test_pages_from_a_pipe_and_a_file_are_all_written(tmp_path):
    path, fd = _pipe_path(GOOD.read_bytes())
    out = tmp_path / "pages"
    done = subprocess.run([*ARBITER, "check", path, str(GOOD), "--format", "html", "--out", str(out)],
                          pass_fds=(fd,), capture_output=True, text=True, timeout=60)
    os.close(fd)
    assert done.returncode == 0, done.stderr
    pages = sorted(p.name for p in out.iterdir())
    assert pages == sorted([f"{fd}.html", f"{GOOD.stem}.html", "index.html"])
    assert all("(ok)</title>" in (out / p).read_text() for p in pages if p != "index.html")


def test_the_page_keeps_the_options_of_the_report():
    """One replay gives both the report and the trace: --ignore still sets the page's status."""
    irregular = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "irregular")
    rules = {f["id"] for f in load_case(irregular)["meta"]["expect"]["findings"]}
    ignored = subprocess.run([*ARBITER, "check", str(irregular), "--format", "html", "--ignore", ",".join(rules)],
                             capture_output=True, text=True, timeout=60)
    plain = subprocess.run([*ARBITER, "check", str(irregular), "--format", "html"],
                           capture_output=True, text=True, timeout=60)
    assert "(irregular)</title>" in plain.stdout and plain.returncode == 1
    assert "(ok)</title>" in ignored.stdout and ignored.returncode == 0


# --------------------------------------------------------------- signals with --jobs


def _many_logs(folder: Path, count: int = 2000) -> Path:
    """Real copies: enough logs that the run is still going when the signal comes."""
    folder.mkdir()
    data = GOOD.read_bytes()
    for i in range(count):
        (folder / f"log{i:05}.json").write_bytes(data)
    return folder


def _signalled_run(folder: Path, fmt: str, signum: int, whole_group: bool) -> tuple[int, str, str, bool]:
    """Start `check --jobs 2`, wait for its first output, signal it (the whole process group,
    as a terminal's ^C does, or the parent alone, as `kill` does); the exit code, the output,
    and whether any process of the run is left afterwards."""
    # Unbuffered, so that the first line read leaves the rest of the output to communicate().
    run = subprocess.Popen([*ARBITER, "check", str(folder), "--format", fmt, "--jobs", "2"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0, start_new_session=True)
    try:
        if fmt == "jsonl":
            first = run.stdout.readline()
        else:  # json prints nothing before the end: wait for the workers to start instead
            first = b""
            deadline = time.monotonic() + 30
            while len(_group(run.pid)) < 3 and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.3)
        (os.killpg if whole_group else os.kill)(run.pid, signum)
        out, err = run.communicate(timeout=30)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
    deadline = time.monotonic() + 5
    while _group(run.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    return run.returncode, (first + out).decode(), err.decode(), bool(_group(run.pid))


def _group(pgid: int) -> list[int]:
    """The live processes (not zombies) of a process group, read from /proc."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(entry.name))
    return alive


SIGNALS = pytest.mark.skipif(not Path("/proc/self/stat").exists() or sys.platform == "win32",
                                        reason="needs POSIX signals and /proc")


@SIGNALS
@pytest.mark.parametrize("signum, whole_group, code", [(signal.SIGINT, True, 130), (signal.SIGTERM, False, 143)])
def test_a_signal_ends_a_parallel_run_cleanly_workers_included(tmp_path, signum, whole_group, code):
    folder = _many_logs(tmp_path / "logs")
    returncode, out, err, left = _signalled_run(folder, "jsonl", signum, whole_group)
    assert returncode == code, err
    assert not left, "a worker outlived the run"
    assert "Traceback" not in err
    reports = [json.loads(line) for line in out.splitlines()]
    assert 1 <= len(reports) < 2000 and all(r["status"] == "ok" for r in reports)
    summary = json.loads(err.splitlines()[0])["summary"]
    assert summary["logs"] == len(reports)
    assert summary["interrupted"] == signal.Signals(signum).name and summary["exit_code"] == code
    assert err.splitlines()[-1] == f"arbiter: stopped by {signal.Signals(signum).name}: {len(reports)} of 2000 logs checked"


@SIGNALS
def test_a_json_run_stopped_prints_a_whole_document_of_the_reports_so_far(tmp_path):
    folder = _many_logs(tmp_path / "logs")
    returncode, out, err, left = _signalled_run(folder, "json", signal.SIGTERM, False)
    assert returncode == 143 and not left and "Traceback" not in err, err
    document = json.loads(out)
    assert document["summary"]["logs"] == len(document["reports"]) < 2000, err
    assert document["summary"]["interrupted"] == "SIGTERM" and document["summary"]["exit_code"] == 143


@pytest.mark.parametrize("first, code", [(None, 0), (b"{not json", 2)])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_reader_that_closes_the_output_early_gets_the_code_of_the_logs_checked(tmp_path, first, code, jobs):
    """`arbiter check DIR | head -1`: the reader has what it wanted, and the exit code is
    still SPEC §5's for the logs checked so far: 0 where all were ok (click's answer to
    a closed pipe was 1, as if one were irregular), 2 where one was invalid, with nothing
    on standard error (no failed flush at the exit)."""
    folder = _many_logs(tmp_path / "logs", 300)
    if first is not None:
        (folder / "log00000.json").write_bytes(first)
    run = subprocess.Popen([*ARBITER, "check", "--jobs", jobs, str(folder)], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
    assert run.stdout is not None and run.stderr is not None
    run.stdout.readline()
    run.stdout.close()  # as `head -1` does, with the rest still to come
    err = run.stderr.read().decode()
    assert (run.wait(timeout=120), err) == (code, "")


# --------------------------------------------------------------- what stands where a page goes


def _logs_named(folder: Path, *stems: str) -> list[str]:
    folder.mkdir()
    for stem in stems:
        (folder / f"{stem}.json").write_bytes(GOOD.read_bytes())
    return [str(folder / f"{stem}.json") for stem in stems]


def test_a_link_where_a_page_goes_is_replaced_not_followed(tmp_path):
    logs = _logs_named(tmp_path / "logs", "a", "b")
    out, outside = tmp_path / "out", tmp_path / "outside.txt"
    out.mkdir()
    outside.write_text("not yours")
    (out / "a.html").symlink_to(outside)
    done = subprocess.run([*ARBITER, "check", *logs, "--format", "html", "--out", str(out)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert outside.read_text() == "not yours"
    assert not (out / "a.html").is_symlink() and (out / "a.html").read_text().startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in out.iterdir()) == ["a.html", "b.html", "index.html"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_folder_or_a_pipe_where_a_page_goes_neither_stops_nor_hangs_the_run(tmp_path):
    logs = _logs_named(tmp_path / "logs", "a", "b", "c")
    out = tmp_path / "out"
    out.mkdir()
    (out / "a.html").mkdir()
    os.mkfifo(out / "b.html")
    done = subprocess.run([*ARBITER, "check", *logs, "--format", "html", "--out", str(out)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert f"cannot write the page {out / 'a.html'}" in done.stderr
    # a page not written is no log unread: its log's report stands, and the index says why it has no page
    assert "0 invalid" in done.stdout and "wrote 2 pages" in done.stdout
    assert f"no page: cannot write the page {out / 'a.html'}" in (out / "index.html").read_text()
    assert (out / "a.html").is_dir()
    assert (out / "b.html").read_text().startswith("<!DOCTYPE html>")
    assert (out / "c.html").read_text().startswith("<!DOCTYPE html>")
    assert sorted(p.name for p in out.iterdir()) == ["a.html", "b.html", "c.html", "index.html"], \
        "a temporary file was left"


# --------------------------------------------------------------- file names that are not UTF-8


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a file name of any bytes is Linux's")
@pytest.mark.parametrize("fmt", ["json", "jsonl", "table", "markdown", "html"])
def test_a_file_name_not_in_utf_8_is_named_in_words_every_output_holds(tmp_path, fmt):
    """Python reads a name's byte that is not UTF-8 as a lone surrogate: the JSON report
    held the raw byte (not UTF-8: `arbiter verify` refused it), and writing a page
    ended the run in an internal error, the logs after it unchecked. Each such byte is
    named `\\xNN`; the other logs are checked."""
    folder = tmp_path / "logs"
    folder.mkdir()
    odd = os.fsdecode(b"b_\xff.json")
    for name in ("a.json", odd, "c.json"):
        (folder / name).write_bytes(GOOD.read_bytes())
    out = ["--out", str(tmp_path / "pages")] if fmt == "html" else []
    done = subprocess.run([*ARBITER, "check", str(folder), "--format", fmt, *out], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    shown = str(folder / "b_\\xff.json")
    said = done.stdout.decode("utf-8") + done.stderr.decode("utf-8")  # strict: not one byte outside UTF-8
    if fmt in ("json", "jsonl"):
        reports = json.loads(done.stdout)["reports"] if fmt == "json" else [json.loads(line) for line in said.splitlines()
                                                                           if line.startswith('{"file"')]
        assert [r["file"] for r in reports] == [str(folder / "a.json"), shown, str(folder / "c.json")]
        saved = tmp_path / "report.json"
        saved.write_text(json.dumps(reports[1]), encoding="utf-8")
        verified = subprocess.run([*ARBITER, "verify", str(saved), str(folder / odd)], capture_output=True, timeout=60)
        assert verified.returncode == 0, verified.stderr
        assert shown in verified.stdout.decode("utf-8")  # strict: it wrote the raw byte
    elif fmt == "html":
        pages = tmp_path / "pages"
        assert sorted(p.name for p in pages.iterdir()) == ["a.html", "b_\\xff.html", "c.html", "index.html"]
        assert "3 logs checked: 3 ok" in said
        assert shown in (pages / "b_\\xff.html").read_text(encoding="utf-8")
    elif fmt == "markdown":
        assert "b\\_\\\\xff.json: ok" in said  # Markdown's escapes of `_` and `\\`
    else:
        assert f"{shown}: ok" in said


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a file name of any bytes is Linux's")
@pytest.mark.parametrize("command", ["next", "explain", "check"])
def test_a_log_named_in_bytes_not_utf_8_that_cannot_be_read_is_named_in_words(tmp_path, command):
    """`next` and `explain` named an empty log `b_\\udcff.json` (Python's stand-in for the
    byte) where `check` names it `b_\\xff.json`, as the docs promise of every output."""
    (tmp_path / os.fsdecode(b"b_\xff.json")).write_bytes(b"")
    done = subprocess.run([*ARBITER, command, os.fsdecode(bytes(tmp_path) + b"/b_\xff.json")], capture_output=True,
                          timeout=60)
    said = done.stdout.decode("utf-8") + done.stderr.decode("utf-8")
    assert done.returncode == 2 and "b_\\xff.json" in said and "udcff" not in said


def test_a_name_no_file_system_gives_is_an_invalid_report_not_an_exception():
    """`check_file` says a file that cannot be read is an `invalid` report: a name holding a
    lone surrogate that no byte stands for could not even be opened (UnicodeEncodeError)."""
    from arbiter.checker import check_file

    report = check_file("x\ud800y.json")
    assert report["status"] == "invalid" and report["file"] == "x\\ud800y.json"
    assert "lone surrogate" in report["error"]["message"]
    report = check_file("x\0y.json")  # nor one holding a NUL (ValueError: embedded null byte)
    assert report["status"] == "invalid" and "NUL" in report["error"]["message"]


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a file name of any bytes is Linux's")
def test_a_house_file_named_in_bytes_not_utf_8_is_named_in_words_too(tmp_path):
    house = tmp_path / os.fsdecode(b"club_\xe9.yaml")
    house.write_text("parameters:\n  false_opener_penalty_antes: 3\n", encoding="utf-8")
    done = subprocess.run([*ARBITER, "check", str(GOOD), "--house", str(house), "--format", "json"],
                          capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    rules = json.loads(done.stdout)["reports"][0]["house_rules"]
    assert (rules["file"], rules["name"]) == (str(tmp_path / "club_\\xe9.yaml"), "club_\\xe9")
