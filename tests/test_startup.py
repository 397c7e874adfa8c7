"""A fast start for one log, and flat memory for many (issue 12, items 5 and 6).

`arbiter check LOG` runs without importing click, tabulate or jsonschema-rs: a plain
command line is read by the check command's own declarations and runs the function
click's command runs, so both ways must give the same parameters, output and exit code.
The schema is decided by Python predicates for a process's first events, the games table
drawn without tabulate for plain cells: both held equal to what they stand in for. The
walk of a folder and the chunks of a parallel run are taken lazily, holding nothing per log.
"""

from __future__ import annotations

import copy
import json
import os
import random
import re
import string
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from tabulate import tabulate as real_tabulate

import arbiter.bulk
from arbiter.bulk import STDIN, Walk, _chunks, gather
from arbiter.cli.app import cli
from arbiter.cli.check_options import read_plainly
from arbiter.logfile import _DEFS, EVENT_TYPES, LOG_SCHEMA
from arbiter.render.columns import _plain_table
from arbiter.render.columns import tabulate as drawn
from arbiter.render.report import GAME_HEADERS
from arbiter.schemas.verdict import Doubt, Unsupported, compile_each, compile_schema
from tests.conftest import REPO, case_files, load_case
from tests.test_fast_validation import _mutations

CASES = case_files()
GOOD = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "ok")
IRREGULAR = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "irregular")
PYTHON = REPO / ".venv" / "bin" / "python"
EXACT = Draft202012Validator(LOG_SCHEMA)

# --------------------------------------------------------------- what the start path imports

LEFT_OUT = ("click", "tabulate", "jsonschema_rs", "jsonschema", "importlib.metadata", "tempfile", "yaml",
            "threading", "difflib", "arbiter.rulebook.house", "dataclasses", "inspect")


def _imported(*args: str) -> set[str]:
    """The modules `arbiter ARGS` imports, as the console script runs it (`-X importtime`)."""
    done = subprocess.run([str(PYTHON), "-X", "importtime", "-c", "from arbiter.cli import main; main()", *args],
                          capture_output=True, text=True, timeout=60)
    assert "Traceback" not in done.stderr
    return {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}


@pytest.mark.parametrize("fmt", ["table", "json", "jsonl"])
def test_checking_one_log_imports_neither_click_nor_tabulate_nor_a_validator(fmt):
    modules = _imported("check", str(IRREGULAR), "--format", fmt)
    assert "arbiter.engine.replay" in modules, "the run did not get as far as the replay"
    assert not modules & set(LEFT_OUT), sorted(modules & set(LEFT_OUT))


def test_another_command_still_goes_through_click():
    assert "click" in _imported("laws", "--format", "json")
    assert "click" in _imported("check", str(GOOD), "--help")


# --------------------------------------------------------------- the same command line, two ways

def _masked(text: str) -> str:
    """Output with the run's timings blanked: they differ from run to run."""
    text = re.sub(r'"seconds": [0-9.]+', '"seconds": T', text)
    text = re.sub(r'"games_per_second": [0-9.]+|"games_per_second": null', '"games_per_second": T', text)
    return re.sub(r"in [0-9.]+s", "in Ts", text)


def _both_ways(args: list[str], cwd: Path) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    ways = []
    for code in ("from arbiter.cli import main; main()", "import sys; from arbiter.cli.app import main; main()"):
        done = subprocess.run([str(PYTHON), "-c", code, *args], capture_output=True, text=True, timeout=60, cwd=cwd)
        ways.append((done.returncode, _masked(done.stdout), _masked(done.stderr)))
    return ways[0], ways[1]


COMMAND_LINES = [
    ["check", "{good}"], ["check", "{irregular}"], ["check", "{good}", "{irregular}", "--format", "json"],
    ["check", "{folder}", "--format=jsonl"], ["check", "{folder}", "--format", "markdown", "-q"],
    ["check", "{irregular}", "--exit-zero"], ["check", "{irregular}", "--ignore", "{rules}"],
    ["check", "{irregular}", "--select", "L1", "--select", "L2"], ["check", "{folder}", "-j", "2", "--format", "jsonl"],
    ["check", "missing.json"], ["check", "{empty}"], ["check", "{good}", "--out", "pages"],
    ["check", "{good}", "{irregular}", "--format", "html"], ["check", "{good}", "--ignore", "L999"],
    ["check", "{good}", "--format", "yaml"], ["check", "{good}", "--jobs", "0"], ["check", "{good}", "-qj2"],
    ["check", "--", "{good}"], ["check", "{good}", "--house", "no-such-house"], ["check"],
    ["check", "{good}", "--format", "html"],
]


@pytest.mark.parametrize("line", COMMAND_LINES, ids=[" ".join(line) for line in COMMAND_LINES])
def test_the_start_path_and_click_give_the_same_output_and_exit_code(line, tmp_path):
    (tmp_path / "logs").mkdir()
    (tmp_path / "empty").mkdir()
    for path in (GOOD, IRREGULAR):
        (tmp_path / "logs" / path.name).write_bytes(path.read_bytes())
    rules = ",".join(f["id"] for f in load_case(IRREGULAR)["meta"]["expect"]["findings"])
    args = [arg.format(good=GOOD, irregular=IRREGULAR, folder=tmp_path / "logs", empty=tmp_path / "empty",
                       rules=rules) for arg in line]
    start, click_way = _both_ways(args, tmp_path)
    assert start == click_way
    assert "Traceback" not in start[2]


PLAIN = [["check", "a.json"], ["check", "a.json", "b.hand", "-"], ["check", "a", "--format", "json"],
         ["check", "a", "--format=markdown", "-q"], ["check", "-j", "3", "a", "--quiet"], ["check", "a", "--jobs=64"],
         ["check", "a", "--ignore", "L13,L15", "--ignore", "L2"], ["check", "a", "--house", "club", "--exit-zero"],
         ["check", "a", "--out", "pages", "--format", "html"], ["check", "a", "--scheduler", "tcp://x:1"],
         ["check", "a", "--out="], ["check", "a", "--jobs", "007"]]
NOT_PLAIN = [["check"], ["laws"], ["check", "a", "--help"], ["check", "a", "-h"], ["check", "a", "-qj2"],
             ["check", "--", "a"], ["check", "a", "--format", "yaml"], ["check", "a", "--jobs", "65"],
             ["check", "a", "--jobs", "x"], ["check", "a", "-q", "-q"], ["check", "a", "--format"],
             ["check", "a", "--quiet=1"], ["check", "a", "--form", "json"], ["check", "a", "--format", "-q"],
             ["check", "a", "-j", "+2"], ["--version"], ["check", "-x.json"]]


@pytest.mark.parametrize("args", PLAIN, ids=[" ".join(a) for a in PLAIN])
def test_a_plain_command_line_is_read_as_click_reads_it(args):
    command = cli.get_command(None, "check")  # type: ignore[arg-type]
    context = command.make_context("check", args[1:])
    assert read_plainly(args) == context.params


@pytest.mark.parametrize("args", NOT_PLAIN, ids=[" ".join(a) for a in NOT_PLAIN])
def test_any_other_command_line_is_left_to_click(args):
    assert read_plainly(args) is None


def test_the_check_command_keeps_its_help():
    command = cli.get_command(None, "check")  # type: ignore[arg-type]
    shown = command.get_help(command.make_context("check", ["x"]))
    for flag in ("--format [table|json|jsonl|markdown|html]", "--out DIR", "--house FILE", "-j, --jobs INTEGER RANGE",
                 "--scheduler ADDRESS", "--ignore ID[,ID]", "--select ID[,ID]", "--exit-zero", "-q, --quiet",
                 "[default: table]", "[default: 1; 1<=x<=64]"):
        assert flag in shown


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


# --------------------------------------------------------------- the schema as Python predicates

WHOLE = compile_schema(LOG_SCHEMA)


def _verdict(doc: object) -> bool | None:
    try:
        return WHOLE(doc)
    except Doubt:
        return None


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_the_predicates_pass_every_case(path):
    assert _verdict(load_case(path)) is True


@pytest.mark.parametrize("name, mutate", list(_mutations(load_case(CASES[0]))))
def test_the_predicates_agree_with_jsonschema_on_broken_logs(name, mutate):
    log = copy.deepcopy(load_case(CASES[0]))
    mutate(log)
    log = json.loads(json.dumps(log))
    assert _verdict(log) == EXACT.is_valid(log), name


JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-3, 60) | st.floats(-2, 60, allow_nan=False)
                           | st.sampled_from(["Ann", "Bob", "Ah", "10d", "Jo", "", "x\n", "he", "uncut", "deal"]),
                           lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(st.sampled_from(["type", "player", "stake", "count", "cards", "amount",
                                                              "to", "hands", "issue", "x"]), inner, max_size=4),
                           max_leaves=8)
EVENT_PREDICATES = compile_each({t: {"$ref": f"#/$defs/{t}_event"} for t in EVENT_TYPES}, _DEFS)


@settings(max_examples=400, deadline=None)
@given(kind=st.sampled_from(EVENT_TYPES), fields=st.dictionaries(
    st.sampled_from(["player", "stake", "count", "cards", "amount", "to", "hands", "issue", "card", "dealer", "x"]),
    JSON_VALUES, max_size=4))
def test_the_predicates_agree_with_jsonschema_on_any_event(kind, fields):
    event = {"type": kind, **fields}
    exact = Draft202012Validator({"$schema": LOG_SCHEMA["$schema"], "$defs": _DEFS,
                                  "$ref": f"#/$defs/{kind}_event"}).is_valid(event)
    try:
        assert EVENT_PREDICATES[kind](event) == exact
    except Doubt:
        pass  # the exact path judges


def test_what_python_cannot_judge_is_a_doubt_and_an_unknown_keyword_is_refused():
    amount = compile_schema({"type": "integer", "minimum": 1})
    assert amount(3) and not amount(0) and not amount(True) and not amount(1.5)
    with pytest.raises(Doubt):
        amount(3.0)  # JSON Schema calls it an integer; the exact path makes an int of it
    with pytest.raises(Doubt):
        amount((3,))  # no JSON value
    with pytest.raises(Unsupported):
        compile_schema({"type": "string", "format": "email"})


# --------------------------------------------------------------- the games table without tabulate

WORDS = ["Ann", "Bob", "-", "(incomplete)", "no. 1 (Jacks)", "Cat, Dan", "Zoë", "12", "1,000", "nan", "Infinity",
         "True", "a b", "Ann ", "Jo5", "5e3", "-3", "", "\\_x", "&amp;", "0x10", "1_000", ".", "Dan, jack-pot Kings"]


@pytest.mark.parametrize("fmt", ["simple", "github"])
def test_the_games_table_is_drawn_as_tabulate_draws_it(fmt):
    rng = random.Random(12)
    plain = 0
    for _ in range(3000):
        rows = [[rng.randint(0, 300) if rng.random() < 0.5 else rng.choice(
                 [rng.randint(-5, 2000), rng.choice(WORDS),
                  "".join(rng.choice(string.printable[:95]) for _ in range(rng.randint(0, 6)))])
                 for _ in GAME_HEADERS] for _ in range(rng.randint(1, 4))]
        assert drawn(rows, GAME_HEADERS, fmt) == real_tabulate(rows, headers=GAME_HEADERS, tablefmt=fmt), rows
        plain += _plain_table(rows, GAME_HEADERS)
    assert plain > 300, "too few tables were drawn without tabulate to show anything"


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
