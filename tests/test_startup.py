"""One log's start, one command-line reader, one table writer, and flat memory for many
logs (issues 12 and 21).

Click reads every command line; the games table and the list of the laws are drawn by
our own small writer (`render/columns.py`), no library's; a sound log is vouched for by
checks read from the schema (`reading/checks.py`), and jsonschema says what is wrong with
one that is not. The walk of a folder and the
chunks of a parallel run are taken lazily, holding nothing per log.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tracemalloc

import pytest

import arbiter.bulk
from arbiter.bulk import STDIN, Walk, _chunks, gather
from arbiter.cli.app import COMMANDS, cli
from arbiter.render.columns import draw_table, width
from arbiter.render.report import GAME_HEADERS
from tests.conftest import case_files, load_case

CASES = case_files()
GOOD = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "ok")
IRREGULAR = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "irregular")

def _masked(text: str) -> str:
    """Output with the run's timings blanked: they differ from run to run."""
    text = re.sub(r'"seconds": [0-9.]+', '"seconds": T', text)
    text = re.sub(r'"games_per_second": [0-9.]+|"games_per_second": null', '"games_per_second": T', text)
    return re.sub(r"in [0-9.]+s", "in Ts", text)


# --------------------------------------------------------------- what one log's check imports

LEFT_OUT = ("jsonschema", "jsonschema_rs", "email", "socket", "importlib.metadata", "tempfile", "yaml", "difflib",
            "arbiter.rulebook.house", "arbiter.rulebook.vocabulary.types", "arbiter.simulator", "arbiter.serve",
            "arbiter.quiz", "arbiter.verify")


def _imported(*args: str) -> set[str]:
    """The modules `arbiter ARGS` imports, as the console script runs it (`-X importtime`)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", "from arbiter.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("fmt", ["table", "json", "jsonl"])
def test_checking_one_log_reads_its_command_line_with_click_and_imports_no_more(fmt):
    modules = _imported("check", str(IRREGULAR), "--format", fmt)
    assert "arbiter.engine.replay" in modules, "the run did not get as far as the replay"
    assert "click" in modules
    assert not modules & set(LEFT_OUT), sorted(modules & set(LEFT_OUT))
    assert not {m for m in modules if m.startswith(tuple(f"{x}." for x in LEFT_OUT))}, \
        "a module a sound log does not need"


# The patterns only a page, a terminal's escapes, an error, a truth file or a log with a
# `\u` escape needs: one sound log's check leaves them to `re` uncompiled (docs/speed.md).
UNCOMPILED = {"arbiter.escapes": ("ESCAPES", "BLANKS"), "arbiter.render.markdown": ("_MARKDOWN", "_LINE_BREAK"),
              "arbiter.errors": ("_EVENT_PATH",), "arbiter.bulk": ("_TRUTH_START",),
              "arbiter.reading.limits": ("LONE_SURROGATE_ESCAPE",)}
COMPILED = """
import importlib, re, sys
from arbiter.cli import main
try:
    main()
except SystemExit:
    pass
done = {key[1] for key in re._cache}
print(sorted(f"{m}.{n}" for m, names in %r.items() for n in names if getattr(importlib.import_module(m), n) in done))
"""


@pytest.mark.parametrize("fmt", ["table", "json"])
def test_one_sound_logs_check_compiles_no_pattern_that_only_other_inputs_need(fmt):
    done = subprocess.run([sys.executable, "-c", COMPILED % (UNCOMPILED,), "check", str(GOOD), "--format", fmt],
                          capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


@pytest.mark.parametrize("imported, finalized", [("arbiter.cli.app", ""), ("arbiter.checker", "finalized\n")])
def test_the_command_lines_process_leaves_its_objects_to_the_system_as_it_exits(imported, finalized):
    """The interpreter's last collection, which finds a cycle left over and finalizes it,
    is not made once the command line is loaded (`gc.freeze` at exit); the library alone
    leaves the interpreter's shut-down as it is. (No collection comes before it: the
    collector is off while the script runs, and the last one is made all the same.)"""
    code = (f"import gc; gc.disable(); import {imported}\n"
            "class Cycle:\n    def __del__(self): print('finalized')\n"
            "left = Cycle(); left.me = left; del left\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, finalized, "")


def test_the_check_command_keeps_its_help():
    command = cli.get_command(None, "check")  # type: ignore[arg-type]
    shown = command.get_help(command.make_context("check", ["x"]))
    for flag in ("--format [table|json|jsonl|markdown|html]", "--out DIR", "--house FILE", "-j, --jobs N",
                 "--scheduler ADDRESS", "--ignore ID[,ID]...", "--select ID[,ID]...", "--exit-zero", "-q, --quiet",
                 "[default: table]", "[default: 1; 1<=x<=64]"):
        assert flag in shown


def test_the_list_of_commands_loads_none_of_them():
    modules = _imported("--help")
    loaded = {m for m in modules if m.startswith("arbiter.cli.")} - {"arbiter.cli.app", "arbiter.cli.output"}
    assert not loaded, sorted(loaded)
    # nor the engine: the filters' word for a club's rule (H1) was asked of the checker, and loaded it for --help
    assert not {m for m in modules if m.startswith(("arbiter.engine", "arbiter.checker"))}
    shown = subprocess.run([sys.executable, "-m", "arbiter", "--help"], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "COLUMNS": "80"})  # each on one line, as a terminal shows them
    listed = shown.stdout.split("Commands:\n")[1].splitlines()
    assert listed == [f"  {name:<8}  {line}" for name, (_, line) in sorted(COMMANDS.items())]


def test_each_listed_command_is_defined_where_the_list_says():
    for name, (module, _) in COMMANDS.items():
        command = cli.get_command(None, name)  # type: ignore[arg-type]
        assert command is not None and command.name == name
        assert command.callback.__module__ == f"arbiter.cli.{module}"


def test_a_json_document_longer_than_the_spool_holds_is_the_same(tmp_path, monkeypatch):
    from arbiter.cli.checking import _Spool
    from tests.conftest import in_process

    args = ("check", str(GOOD), str(IRREGULAR), str(GOOD), "--format", "json")
    code, held, _ = in_process(*args)
    monkeypatch.setattr(_Spool, "LIMIT", 10)  # the second report goes to a temporary file
    again, spooled, _ = in_process(*args)
    assert code == again == 1
    assert _masked(held) == _masked(spooled)
    assert [r["file"] for r in json.loads(spooled)["reports"]] == [str(GOOD), str(IRREGULAR), str(GOOD)]




# --------------------------------------------------------------- the table writer

def test_the_games_table_is_drawn_in_columns():
    rows = [[1, "Ann", 1, "-", "Cat", "Cat", 3, "Bob"], [12, "Zoë", 2, "JJ", "-", "-", 140, "(incomplete)"]]
    drawn = draw_table(rows, GAME_HEADERS).splitlines()
    assert drawn[0].split() == " ".join(GAME_HEADERS).split() and set(drawn[1]) == {"-", " "}
    assert max(len(line) for line in drawn) == len(drawn[1])  # the rows keep within the columns the rule draws
    assert drawn[2].startswith("     1  Ann ") and drawn[3].startswith("    12  Zoë ")  # numbers right, words left
    markdown = draw_table(rows, GAME_HEADERS, "github").splitlines()
    assert markdown[0].startswith("|   game | dealer ") and markdown[1].startswith("|--------|")
    with pytest.raises(ValueError, match="no table format"):
        draw_table(rows, GAME_HEADERS, "grid")


def test_a_cell_is_measured_as_a_terminal_shows_it():
    assert width("Ann") == 3 and width("李") == 2 and width("e\u0301") == 1
    drawn = draw_table([["李", 1], ["Ann", 22]], ["name", "n"]).splitlines()
    assert len({width(line) for line in drawn[:3]}) == 1 and drawn[2].startswith("李    ")


# --------------------------------------------------------------- the walk and the chunks, taken lazily

def test_the_walk_lists_a_folder_only_when_it_is_reached(tmp_path, monkeypatch):
    for folder in ("a", "b", "c"):
        (tmp_path / folder).mkdir()
        for n in range(3):
            (tmp_path / folder / f"{n}.json").write_text("{}")
    listed = []
    real = os.scandir
    monkeypatch.setattr(os, "scandir", lambda path: listed.append(os.path.basename(path)) or real(path))
    walk = gather([str(tmp_path)])
    assert os.path.basename(next(walk)) == "0.json"
    assert listed == [tmp_path.name, "a"]
    (tmp_path / "c" / "late.json").write_text("{}")  # not listed yet: found when the walk gets there
    assert [os.path.relpath(p, tmp_path) for p in walk][-1] == os.path.join("c", "late.json")


def test_a_file_is_checked_once_whichever_name_comes_first(tmp_path):
    top = tmp_path / "top"
    for folder in ("a", "b", "c"):
        (top / folder).mkdir(parents=True)
    for name in ("a/one.json", "b/two.json", "c/three.json", "c/z.json"):
        (top / name).write_text("{}")
    (top / "a" / "hard.json").hardlink_to(top / "c" / "three.json")  # a second name, met first
    (top / "a" / "to-two.json").symlink_to("../b/two.json")  # a link met before the file's own name
    (top / "b" / "to-one.json").symlink_to("../a/one.json")  # a link met after it
    (top / "c" / "a-link.json").symlink_to("z.json")  # in the same folder, before the file
    (top / "c" / "zz.json").symlink_to("z.json")  # in the same folder, after it
    outside = tmp_path / "outside.json"
    outside.write_text("{}")
    (top / "b" / "out1.json").symlink_to(outside)  # one file outside, by two links
    (top / "c" / "out2.json").symlink_to(outside)
    walked = [os.path.relpath(p, top) for p in gather([str(top)])]
    assert walked == ["a/hard.json", "a/one.json", "a/to-two.json", "b/out1.json", "c/a-link.json"]


def test_walking_many_logs_holds_no_more_than_walking_few(tmp_path):
    def peak(count: int) -> int:
        top = tmp_path / str(count)
        for n in range(count):
            folder = top / f"{n // 100:03d}"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{n:05d}.json").write_text("{}")
        tracemalloc.start()
        for _ in Walk([str(top)]):
            pass
        held = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return held

    few, many = peak(200), peak(3000)
    assert many - few < 40_000, (few, many)  # a name and an identity kept per log would be some 400 kB


def _chunks_of_a_list(paths: list[str], jobs: int) -> list[list[str]]:
    """The chunks as they were cut from the whole list of paths."""
    chunks, start = [], 0
    while start < len(paths):
        size = max(1, min(64, (len(paths) - start) // (jobs * 4)))
        chunks.append(paths[start:start + size])
        start += size
    return chunks


@pytest.mark.parametrize("jobs", [1, 2, 3])
def test_chunks_cut_as_they_are_taken_are_those_of_the_whole_list(jobs):
    for count in (0, 1, 5, 63, 64, 255, 256, 257, 700, 1500):
        paths = [f"{n}.json" for n in range(count)]
        assert list(_chunks(iter(paths), jobs)) == _chunks_of_a_list(paths, jobs), count
    chunks = list(_chunks(iter(["a", "b", STDIN, "c"]), jobs))
    assert [STDIN] in chunks and [p for chunk in chunks for p in chunk] == ["a", "b", STDIN, "c"]


def test_a_parallel_run_reads_standard_input_itself_in_order(tmp_path, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(IRREGULAR.read_bytes())))
    reports = list(arbiter.bulk.check_many([str(GOOD), STDIN, str(GOOD)], None, {"ignore": [], "select": None}, 2))
    assert [r["file"] for r in reports] == [str(GOOD), STDIN, str(GOOD)]
    assert [r["status"] for r in reports] == ["ok", "irregular", "ok"]
