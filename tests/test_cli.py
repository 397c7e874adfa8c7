"""The command line, through click's runner and through the installed script."""

from __future__ import annotations

import errno
import json
import os
import pty
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from arbiter.cli import cli, main
from arbiter.cli.output import failed
from tests.conftest import REPO


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input, standalone_mode=True)


def run_main(*args: str, capsys=None) -> int:
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    return exited.value.code


def test_laws_json_lists_every_law_with_its_text():
    result = run("laws", "--format", "json")
    assert result.exit_code == 0
    laws = json.loads(result.output)
    ids = [law["id"] for law in laws]
    assert ids[:81] == [f"L{n}" for n in range(1, 82)]
    assert "D1" in ids and "A1" in ids
    by_id = {law["id"]: law for law in laws}
    assert by_id["L1"]["text"] == "The cards shall be the ordinary pack of fifty-two cards."
    assert by_id["L46"]["enforced"] == "ruling"
    assert by_id["L56"]["enforced"] == "not shown in a log"
    # a procedure whose checks make findings says which (L18's wrong dealer), its
    # `enforced_by` saying it is a procedure; so does a law whose findings are of both
    # kinds (L33: a ruling where the opener's hand is unknown)
    assert (by_id["L18"]["enforced"], by_id["L18"]["enforced_by"]) == ("irregularity", "procedure")
    assert by_id["L23"]["enforced"] == "procedure" and by_id["L33"]["enforced"] == "irregularity, ruling"
    assert by_id["L14"]["enforced"] == "procedure"  # its refund is an effect in L13's finding, none of its own
    # the text is the corrected reading of a misprint, and says so (laws/README.md), as `law ID` does
    assert [law["id"] for law in laws if law.get("corrections")] == ["L15", "L21", "L25", "L46", "L47", "L78", "L81"]
    assert by_id["L25"]["corrections"] == json.loads(run("law", "L25", "--format", "json").output)["corrections"]
    assert all({"section", "title", "link", "case_count"} <= set(law) for law in laws)


def test_laws_table_and_section_filter():
    result = run("laws", "--section", "jack-pot")
    assert result.exit_code == 0
    assert "L29" in result.output and "L33" in result.output and "L13" not in result.output
    markdown = run("laws", "--format", "markdown")
    assert markdown.output.splitlines()[1].startswith("|--")


def test_law_shows_peels_words_interpretations_and_machine_form():
    result = run("law", "L46")
    assert result.exit_code == 0
    assert "If there be a dispute between a player and the dealer" in " ".join(result.output.split())
    assert "Corrected misprint" in result.output
    assert "What the arbiter does" in result.output and "Interpretations" in result.output


def test_law_cites_its_page_or_pages_as_the_rule_book_does():
    """Law 14 runs over pages 48 and 49: `law` said "p. 48, 49" where the rule book says "pp."."""
    assert "Source: Peel's law, pp. 48, 49." in run("law", "L14").output
    assert "Source: Peel's law, p. 49." in run("law", "L15").output
    assert "*Peel's law, pp. 48, 49." in run("rulebook").output


def test_law_json_carries_code_name_text_and_parameters():
    data = json.loads(run("law", "l25", "--format", "json").output)
    assert data["id"] == "L25"
    assert data["parameters_in_force"] == {"opening_multiple_of_ante": 2}
    assert data["machine_form_in_words"]


def test_law_names_the_house_cases_that_show_it_with_their_house_file():
    """A law a club's agreement changes is shown under its house file too (cases/house/,
    whose `meta.laws` name it): `law` listed only the cases of the rule's own list."""
    shipped = {case["case"]: case["house"] for case in json.loads(run("law", "L30", "--format", "json").output)
               ["house_cases"]}
    assert shipped["cases/house/knaves-always-open-the-jackpot.json"] == "knaves-always"
    assert not any(case.startswith("cases/l") for case in shipped)
    text = run("law", "L30").output
    assert "cases/house/knaves-always-open-the-jackpot.json (--house knaves-always)" in text
    club_rule = json.loads(run("law", "H1", "--format", "json", "--house", "jacks-to-open").output)
    assert club_rule["house_cases"] == []  # a club's own rule lists its cases itself


def test_law_reflects_house_rules(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("parameters: {opening_multiple_of_ante: 3}\ndisable: [L15]\n")
    data = json.loads(run("law", "L25", "--format", "json", "--house", str(house)).output)
    assert data["parameters_in_force"] == {"opening_multiple_of_ante": 3}
    assert json.loads(run("law", "L15", "--format", "json", "--house", str(house)).output)["active"] is False


def test_evidence_json_names_the_witness_and_why_others_were_passed_over():
    result = run("evidence", "--players", "Ann,Bob,Cat,Dan,Eve,Fay", "--dealer", "Cat", "--disputant", "Dan",
                 "--unable", "Bob,Eve", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["rule"] == "L46"
    assert data["witness"] == "Fay"
    assert data["considered"] == [
        {"player": "Dan", "passed_over_because": "disputant"},
        {"player": "Bob", "passed_over_because": "unable"},
        {"player": "Eve", "passed_over_because": "unable"},
        {"player": "Fay", "passed_over_because": None},
    ]


def test_evidence_unable_given_twice_counts_both_as_a_comma_list_does():
    """`--unable Bob --unable Eve` is `--unable Bob,Eve` (the second once replaced the first)."""
    args = ("evidence", "--players", "Ann,Bob,Cat,Dan,Eve,Fay", "--dealer", "Cat", "--disputant", "Dan",
            "--format", "json")
    twice = json.loads(run(*args, "--unable", "Bob", "--unable", "Eve").output)
    assert twice == json.loads(run(*args, "--unable", "Bob,Eve").output)
    assert twice["witness"] == "Fay" and twice["unable"] == ["Bob", "Eve"]


def test_referee_disputants_given_twice_count_both_as_a_comma_list_does():
    """`--disputants Ann,Bob --disputants Cat,Dan` is every one of them (the second once
    replaced the first, and a disputing person was named referee)."""
    args = ("referee", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Cat", "--format", "json")
    twice = json.loads(run(*args, "--disputants", "Ann,Bob", "--disputants", "Cat,Dan").output)
    assert twice == json.loads(run(*args, "--disputants", "Ann,Bob,Cat,Dan").output)
    assert twice["referee"] is None and twice["disputants"] == ["Ann", "Bob", "Cat", "Dan"]


def test_evidence_left_of_dealer_decides_when_he_can():
    data = json.loads(run("evidence", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann", "--disputant", "Cat",
                          "--format", "json").output)
    assert data["witness"] == "Bob"
    assert data["considered"] == [{"player": "Bob", "passed_over_because": None}]


def test_evidence_when_no_one_can_give_it():
    result = run("evidence", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputant", "Bob",
                 "--unable", "Cat", "--format", "json")
    data = json.loads(result.output)
    assert data["witness"] is None
    assert [c["passed_over_because"] for c in data["considered"]] == ["disputant", "unable", "dealer"]
    text = run("evidence", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputant", "Bob", "--unable", "Cat")
    assert "held to have demanded the proper number" in text.output


@pytest.mark.parametrize("args, ok", [
    # the spaces around a comma, or around a single name, are not part of it: the same everywhere
    (("--players", "Old Tom, Zoë,Cat ,Dan", "--dealer", " Zoë", "--disputant", "Dan "), True),
    # any other space at a name's end is refused, as in a log's table.players
    (("--players", "Old Tom\u00a0,Zoë,Cat,Dan", "--dealer", "Zoë", "--disputant", "Dan"), False),
    (("--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputant", "Cat", "--unable", "\ufeffBob"), False),
    (("--players", "Ann,Bob,Cat", "--dealer", "Ann,Bob", "--disputant", "Cat"), False),
])
def test_names_on_the_command_line_are_read_as_a_logs(args, ok):
    """`--players "Dan "` was trimmed and `--disputant "Dan "` refused, and a name with a
    no-break space at its end was trimmed where a log refuses it."""
    result = run("evidence", *args)
    if ok:
        assert result.exit_code == 0 and result.output.startswith("The witness is Cat (L46)."), result.output
    else:
        assert result.exit_code == 2 and ("is not a player's name" in result.output or "one name" in result.output), \
            result.output


@pytest.mark.parametrize("disputants, referee, rule", [("Bob,Cat", "Ann", "L77"), ("Ann,Cat", "Bob", "L78"),
                                                       ("Ann,Bob", "Dan", "L78"), ("Ann,Bob,Dan", None, "L77")])
def test_referee_follows_laws_77_and_78_and_cites_the_one_that_decided(disputants, referee, rule):
    data = json.loads(run("referee", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann", "--disputants", disputants,
                          "--format", "json").output)
    assert (data["referee"], data["rule"]) == (referee, rule)
    text = run("referee", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann", "--disputants", disputants).output
    assert f"({rule})." in text.splitlines()[0]


@pytest.mark.parametrize("name", ["log", "report", "rules", "house", "settle", "season"])
def test_schemas_are_json(name):
    result = run("schema", name)
    assert result.exit_code == 0
    assert json.loads(result.output)["$schema"].startswith("https://json-schema.org/")


def test_a_schema_printed_validates_alone_every_shipped_house_file():
    """`arbiter schema house` refers to the rule files' schema for `hands`: printed, it
    carries it, so that a validator given it alone resolves the reference (it tried to
    fetch https://arbiter.invalid/… and stopped), and a bad hand is still refused."""
    import jsonschema
    import yaml

    validator = jsonschema.Draft202012Validator(json.loads(run("schema", "house").output))
    for path in sorted((REPO / "rules" / "house").glob("*.yaml")):
        assert list(validator.iter_errors(yaml.safe_load(path.read_text(encoding="utf-8")))) == [], path.name
    assert not validator.is_valid({"hands": {"bobtail": {"cards": "many"}}})
    assert run("schema", "log").output == (REPO / "arbiter" / "schemas" / "log.schema.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("args, message", [
    (["law", "L99"], "no rule 'L99'"),
    (["evidence", "--players", "Ann,Bob", "--dealer", "Zed", "--disputant", "Bob"],
     "Invalid value for --dealer: 'Zed' is not one of the players"),  # the option named, as the others are
    (["evidence", "--players", "Ann,Bob", "--dealer", "Ann", "--disputant", "Bob", "--unable", "Zed"],
     "Invalid value for --unable: 'Zed' is not one of the players"),
    (["evidence", "--players", "Ann", "--dealer", "Ann", "--disputant", "Ann"], "2 to 10 players"),
    (["evidence", "--players", "Ann,,Bob", "--dealer", "Ann", "--disputant", "Bob"], "an empty name in 'Ann,,Bob'"),
    (["referee", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputants", "Bob"], "two persons or more"),
    (["evidence", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputant", "Bob", "--unable", "Cat,"],
     "an empty name in 'Cat,'"),
    (["evidence", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputant", "Bob", "--unable", "Cat",
      "--unable", "Cat"], "Cat named twice"),
    (["referee", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputants", "Bob,Bob"], "Bob named twice"),
    (["evidence", "--players", "Ann,Bob,Cat,Dan,Eve", "--dealer", "Ann", "--disputant", "Bob", "--unable",
      "Cat,Cat,Dan,Dan"], "Cat and Dan named twice"),  # a list said as every list is
    (["laws", "--house", "/no/such/file.yaml"], "no such file"),
    (["laws", "--house", "blaze", "--house", "skip-straight"], "given 2 times (blaze, skip-straight)"),
    # an empty --house ("$HOUSE" unset) was read as no house, and the log ruled by Peel's laws alone
    (["check", "--house", "", "cases/l42-excess-pointed-out-returned.json"],
     "Invalid value for '--house': empty: name a house-rules file, or a shipped one"),
    (["laws", "--house", ""], "Invalid value for '--house': empty"),
    (["house", "check", ""], "an empty name: name a house-rules file, or a shipped one"),
    (["evidence", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--dealer", "Bob", "--disputant", "Cat"],
     "'--dealer': given 2 times (Ann, Bob)"),
    (["evidence", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputant", "Bob", "--disputant", "Cat"],
     "'--disputant': given 2 times (Bob, Cat)"),
    (["referee", "--players", "Ann,Bob,Cat", "--players", "Ann,Bob", "--dealer", "Ann", "--disputants", "Bob,Cat"],
     "'--players': given 2 times"),
    (["schema", "nothing"], "Invalid value"),
])
def test_errors_are_one_line_and_exit_2(capsys, args, message):
    assert run_main(*args) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_bad_house_file_is_exit_2(tmp_path, capsys):
    house = tmp_path / "h.yaml"
    house.write_text("parameters: {cards_per_hand_typo: 6}\n")
    assert run_main("laws", "--house", str(house)) == 2
    assert "unknown parameter" in capsys.readouterr().err


def _installed_script() -> str | None:
    candidate = Path(sys.executable).parent / "arbiter"
    return str(candidate) if candidate.exists() else shutil.which("arbiter")


@pytest.mark.skipif(_installed_script() is None, reason="the console script is not installed")
@pytest.mark.parametrize(("command", "option", "shown"), [
    ("simulate", "--players", "N"), ("simulate", "--logs", "N"), ("simulate", "--games", "N"),
    ("check", "--jobs", "N"), ("quiz", "--questions", "N"), ("table", "--limit", "N"), ("table", "--ante", "N"),
    ("serve", "--port", "PORT")])
def test_a_count_is_one_number_said_as_one(command, option, shown):
    """The help showed "--players INTEGER RANGE", and "3-5" was refused as "not a valid integer
    range", which reads as asking for a range: each count asks for one number, and says so."""
    helped = CliRunner().invoke(cli, [command, "--help"]).output
    assert f"{option} {shown} " in helped and "INTEGER RANGE" not in helped
    bad = CliRunner().invoke(cli, [command, option, "3-5"])
    assert bad.exit_code == 2 and "'3-5' is not a valid whole number" in bad.output


@pytest.mark.parametrize(("args", "said"), [
    (["check", "cases/l13-foul-hand-lifted.json", "--format", "html", "--out", ""], "'--out': empty: name the folder"),
    (["simulate", "--out", ""], "'--out': empty: name the folder"),
    (["convert", "cases/l13-foul-hand-lifted.json", "--to", "text", "-o", ""], "'--output': empty: name the file"),
    (["rulebook", "-o", ""], "'--output': empty: name the file"),
    (["table", "", "--players", "A,B", "--limit", "10", "--ante", "1"], "'LOG': empty: name the *.hand file"),
    (["table", "new.hand", "--players", "", "--limit", "10", "--ante", "1"], "--players: an empty name in ''"),
    (["table", "new.hand", "--players", "A,B", "--limit", "1000000001", "--ante", "1"],
     "'--limit': 1000000001 is not in the range 1<=x<=1000000000"),
    # (a token refused in the command's body: were the empty name taken, the command stops there, serving nothing)
    (["serve", "", "--port", "0", "--token", "x"], "'[GAME]': empty: name the *.hand file"),
    (["serve", "--port", "0", "--host", "", "--token", "x"], "'--host': empty: give an address"),
    (["check", "cases", "--format", "html", "--out", "a", "--out", "b"], "'--out': given 2 times (a, b)"),
])
def test_an_empty_name_to_write_or_keep_is_refused_naming_its_option(tmp_path, monkeypatch, args, said):
    """`check --format html --out ''` wrote its pages into the current folder, `convert -o ''` said
    "Could not open file '': Is a directory", `table ''` said " exists: resume it", `table
    --players ''` that --players was not given, `serve --host ''` listened on 127.0.0.1 without a word,
    and `table --limit` over the log's bound blamed a line of a file not written: each names its option."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cases").symlink_to(REPO / "cases")
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2 and said in result.output, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cases"]  # nothing written


@pytest.mark.parametrize("args", [["laws"], ["laws", "--format", "json"]])
def test_a_reader_that_closes_the_output_early_is_no_irregular_log(args):
    """`arbiter laws | head -1`: the reader has what it wanted. click ends such a command with
    exit 1, an irregular log's code (SPEC §5): it is 0, with nothing on standard error, as for
    `check` (tests/test_bulk.py). Each output here is larger than a pipe holds, and is flushed."""
    run = subprocess.Popen([sys.executable, "-m", "arbiter", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert run.stdout is not None and run.stderr is not None
    run.stdout.readline()
    run.stdout.close()  # as `head -1` does, with the rest still to come
    assert (run.wait(timeout=60), run.stderr.read().decode()) == (0, "")


def test_installed_script_runs_from_another_folder(tmp_path):
    result = subprocess.run([_installed_script(), "law", "L46", "--format", "json"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["id"] == "L46"


def test_python_dash_m_works(tmp_path):
    result = subprocess.run([sys.executable, "-m", "arbiter", "laws", "--format", "json"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert len(json.loads(result.stdout)) >= 81


def test_every_rule_can_be_shown_in_every_format(rulebook):
    for rule in rulebook.in_order():
        for fmt in ("text", "json", "markdown"):
            result = run("law", rule.id, "--format", fmt)
            assert result.exit_code == 0, (rule.id, fmt, result.output)
            shown = json.loads(result.output)["text"] if fmt == "json" else result.output.replace("> ", "")
            assert " ".join(rule.text.split())[:40] in " ".join(shown.split())


def test_every_command_takes_format_json(tmp_path):
    """SPEC §5: every command takes `--format json`, and then prints JSON."""
    case = str(sorted((REPO / "cases").glob("l13-*.json"))[0])
    table_input = "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\nquit\n"
    commands = {
        "check": (["check", case], None),
        "laws": (["laws"], None),
        "law": (["law", "L13"], None),
        "schema": (["schema", "log"], None),
        "evidence": (["evidence", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputant", "Cat"], None),
        "referee": (["referee", "--players", "Ann,Bob,Cat", "--dealer", "Ann", "--disputants", "Ann,Bob"], None),
        "simulate": (["simulate", "--out", str(tmp_path / "sim"), "--logs", "1", "--games", "1"], None),
        "explain": (["explain", case], None),
        "rulebook": (["rulebook"], None),
        "quiz": (["quiz", "--seed", "1", "--questions", "1"], None),
        "convert": (["convert", case], None),
        "next": (["next", case], None),
        "house": (["house", "check", "blaze"], None),
        "verify": (["verify", str(tmp_path / "report.json"), case], None),
        "settle": (["settle", case], None),
        "season": (["season", case], None),
        "table": (["table", str(tmp_path / "t.hand"), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1"],
                  table_input),
    }
    elsewhere = {"serve"}  # a server: tests/test_serve.py starts it with --format json
    (tmp_path / "report.json").write_text(CliRunner().invoke(cli, ["check", case, "--format", "json"]).output)
    assert set(commands) | elsewhere == set(cli.list_commands(click.Context(cli))), "every command is covered"
    for name, (args, stdin) in commands.items():
        result = CliRunner().invoke(cli, [*args, "--format", "json"], input=stdin)
        assert result.exit_code in (0, 1), (name, result.output)
        lines = [line for line in result.output.splitlines() if line.strip()]
        try:
            json.loads(result.output)
        except ValueError:
            assert lines and all(json.loads(line) is not None for line in lines), name


@pytest.mark.parametrize("named", ["46", "l46", "L46", "law 46", "L 46", "l46.", "L\t46", "law\t46"])
def test_law_takes_a_rule_as_people_write_it(named):
    result = run("law", named)
    assert result.exit_code == 0 and result.output.startswith("L46  Whose evidence decides")


# two numbers parted by a space were joined into another rule's ID ("4 6" was L46, "1 2" L12), and digits of
# another script were read as numbers
@pytest.mark.parametrize("named", ["99", "quit", "?", "L46x", "4 6", "1 2", "L4 6", "L\u0664\u0666"])
def test_law_refuses_what_names_no_rule(named, capsys):
    assert run_main("law", named) == 2
    assert "no rule" in capsys.readouterr().err


def test_a_machine_that_refuses_the_output_is_one_line_not_an_internal_error(capsys):
    """A full disk (`> /dev/full`) is the machine's refusal, not a fault to report: one
    line and exit 2, as robustness.md promises (it said "internal error … please report it")."""
    assert failed(OSError(errno.ENOSPC, "No space left on device")) == 2
    err = capsys.readouterr().err
    assert err == "arbiter: cannot go on: No space left on device\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="a full device is Linux's")
@pytest.mark.parametrize("args", [["law", "L99"], ["check", "--format", "xml", "LOG"], ["check", "--format", "jsonl", "LOG"],
                                  ["explain", "BAD"]])
def test_a_full_standard_error_still_ends_a_refusal_with_exit_2(tmp_path, args):
    """With standard error full (`2>/dev/full`) the line saying why could not be written,
    and the error writing it ended the command with Python's 1, an irregular log's code
    (a clean log in jsonl, whose summary goes there, too)."""
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    log = str(REPO / "cases" / "l13-foul-hand-lifted.json")
    named = [log if a == "LOG" else str(bad) if a == "BAD" else a for a in args]
    command = " ".join(shlex.quote(part) for part in [sys.executable, "-m", "arbiter", *named])
    result = subprocess.run(["sh", "-c", f"{command} >/dev/null 2>/dev/full"], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2, result


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="a full device is Linux's")
def test_a_jsonl_summary_says_exit_2_when_the_reports_could_not_be_written():
    """`--format jsonl > /dev/full`: the summary on standard error said `exit_code` 0 (the
    logs checked were ok) and the run then ended 2, the reports lost."""
    log = str(REPO / "cases" / "l13-foul-hand-lifted.json")
    command = " ".join(shlex.quote(part) for part in [sys.executable, "-m", "arbiter", "check", log, log,
                                                      "--format", "jsonl"])
    result = subprocess.run(["sh", "-c", f"{command} >/dev/full"], capture_output=True, text=True, timeout=60)
    summary, said = result.stderr.splitlines()
    assert result.returncode == 2 and json.loads(summary)["summary"]["exit_code"] == 2
    assert said == "arbiter: cannot go on: No space left on device"
    assert json.loads(summary)["summary"]["unwritten"] == "No space left on device"  # the summary says why


@pytest.mark.parametrize("args, redirect, said", [
    (["next", "-"], "<&-", "arbiter: -: not valid JSON: the file is empty"),  # read as an empty standard input
    (["convert", "--to", "text", "-"], "<&-", "arbiter: -: not valid JSON: the file is empty"),
    (["law", "L13"], ">&-", "arbiter: cannot go on: standard output is closed"),  # not 0 with the answer lost
    (["check", "LOG"], ">&-", "arbiter: cannot go on: standard output is closed"),
])
def test_a_standard_stream_closed_before_the_command_is_one_line_and_exit_2(args, redirect, said):
    """A stream closed by the shell (`<&-`, `>&-`) is None in Python: it was an internal
    error (`'NoneType' object has no attribute 'buffer'`), or, for standard output, exit 0
    with nothing written."""
    log = str(REPO / "cases" / "l13-foul-hand-lifted.json")
    command = " ".join([shlex.quote(sys.executable), "-m", "arbiter", *[log if a == "LOG" else a for a in args]])
    result = subprocess.run(["sh", "-c", f"{command} {redirect}"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stderr == said + "\n"


def test_dash_as_the_output_file_is_standard_output(tmp_path, monkeypatch):
    """`-o -` writes to standard output, as `-` reads standard input: it made a file named `-`."""
    monkeypatch.chdir(tmp_path)
    log = str(REPO / "cases" / "l13-foul-hand-lifted.json")
    for args in (["convert", "--to", "text", log], ["rulebook"]):
        alone = CliRunner().invoke(cli, args)
        dashed = CliRunner().invoke(cli, [*args, "-o", "-"])
        assert dashed.exit_code == alone.exit_code == 0 and dashed.output == alone.output
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("fmt, table_to_the_terminal, bar", [
    ("table", False, True), ("json", False, True), ("table", True, False), ("jsonl", True, True)])
def test_a_long_run_draws_a_progress_bar_on_a_terminal_but_through_the_tables_reports(
        fmt, table_to_the_terminal, bar, tmp_path):
    """SPEC §5: a progress bar on a terminal for long runs, standard error a terminal; not
    where the table's reports are drawn on that terminal too (each report is the progress)."""
    main_side, terminal = pty.openpty()
    out = terminal if table_to_the_terminal else subprocess.DEVNULL
    run = subprocess.Popen([sys.executable, "-m", "arbiter", "check", "--format", fmt, str(REPO / "cases")],
                           stdout=out, stderr=terminal, cwd=tmp_path)
    os.close(terminal)
    drawn = b""
    while True:
        try:
            chunk = os.read(main_side, 65536)
        except OSError:  # the terminal closed with the run
            break
        if not chunk:
            break
        drawn += chunk
    run.wait()
    os.close(main_side)
    assert (b"checking" in drawn) == bar


@pytest.mark.parametrize("raised, code, said", [(KeyboardInterrupt, 130, "arbiter: stopped by SIGINT"),
                                                 (EOFError, 2, "arbiter: aborted")])
def test_a_command_ended_by_ctrl_c_exits_as_the_shell_reports_sigint(monkeypatch, capsys, raised, code, said):
    """Ctrl-C while a command starts (a quiz still being built) gave exit 2, the code of a
    bad log, where `check` and the quiz at its prompt give 130; an end of input click
    meets at a prompt stays exit 2."""
    from arbiter.cli import laws

    def interrupted(*args: object, **kwargs: object) -> None:
        raise raised

    monkeypatch.setattr(laws, "build_rulebook", interrupted)
    assert run_main("laws", capsys=capsys) == code
    assert capsys.readouterr().err.strip().endswith(said)


@pytest.mark.parametrize("rule, said", [("L77", "passing over any disputant."),
                                        ("L46", "passing over the disputant, the dealer, anyone unable.")])
def test_a_chain_of_candidates_passes_over_one_or_any_as_its_condition_says(rule, said):
    """A referee's dispute has several disputants: law 77's machine form said "passing over the
    disputant", as law 46's, whose dispute has one."""
    assert said in " ".join(run("law", rule).output.split())
