"""A report's provenance and `arbiter verify REPORT LOG` (SPEC §4, issue 23 item 5): a
ruling kept with its log can be checked later; a tampered report or log is a difference
(exit 1, named), another rule book or other house rules exit 2 (saying which)."""

from __future__ import annotations

import codecs
import hashlib
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from arbiter import __version__
from arbiter.bulk import build_rulebook
from arbiter.checker import check_file, check_log, log_digest
from arbiter.cli import cli
from arbiter.resources import rules_dir, schema_path
from tests.conftest import case_files, in_process, load_case

CASE = next(p for p in case_files() if p.name == "l46-dealer-passed-over-going-left.json")


@pytest.fixture
def kept(tmp_path: Path) -> tuple[Path, Path]:
    """A case copied with the report `arbiter check --format json` wrote of it."""
    log = tmp_path / CASE.name
    shutil.copy(CASE, log)
    code, out, _ = in_process("check", str(log), "--format", "json")
    assert code == 1
    report = tmp_path / "report.json"
    report.write_text(out, encoding="utf-8")
    return report, log


def test_every_report_carries_its_provenance():
    validator = jsonschema.Draft202012Validator(json.loads(schema_path("report").read_text()))
    rules_hash = json.loads((rules_dir() / "compiled.json").read_text())["source_hash"]
    for path in case_files():
        report = check_file(path)
        validator.validate({"summary": {}, "reports": [report]})
        assert report["provenance"] == {"log_sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                                        "rules": f"{__version__}:{rules_hash}", "house": None,
                                        "arbiter": __version__}


def test_a_log_given_as_data_is_named_by_its_canonical_json():
    log = load_case(CASE)
    report = check_log(log)
    text = json.dumps(log, sort_keys=True, separators=(",", ":"))
    assert report["provenance"]["log_sha256"] == hashlib.sha256(text.encode()).hexdigest() == log_digest(log)


def test_an_unreadable_log_has_provenance_with_nothing_read(tmp_path: Path):
    report = check_file(tmp_path / "absent.json")
    assert report["status"] == "invalid" and report["provenance"]["log_sha256"] is None
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"{not json")
    assert check_file(bad)["provenance"]["log_sha256"] == hashlib.sha256(b"{not json").hexdigest()


def test_the_house_is_named_with_the_sha256_of_its_file():
    code, out, _ = in_process("check", str(CASE), "--house", "blaze", "--format", "json")
    house = json.loads(out)["reports"][0]["provenance"]["house"]
    assert house == {"name": "blaze", "sha256": hashlib.sha256((rules_dir() / "house" / "blaze.yaml").read_bytes())
                     .hexdigest()}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_every_report_of_a_run_names_its_house_unreadable_ones_too(tmp_path: Path, jobs: str):
    """A log that cannot be read is still judged under the run's rules: its report names the
    house in force, as the others' do, not the book alone."""
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"{not json")
    code, out, _ = in_process("check", str(CASE), str(bad), str(tmp_path / "absent.json"), "--house", "blaze",
                              "--format", "json", "--jobs", jobs)
    reports = json.loads(out)["reports"]
    assert code == 2 and [r["status"] for r in reports] == ["irregular", "invalid", "invalid"]
    assert reports[0]["provenance"]["house"]["name"] == "blaze"
    assert all(r["provenance"]["house"] == reports[0]["provenance"]["house"] for r in reports)
    assert check_file(tmp_path / "absent.json", build_rulebook("blaze"))["provenance"]["house"]["name"] == "blaze"


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_a_true_report_stands(tmp_path: Path, fmt: str):
    code, out, _ = in_process("check", str(CASE), "--format", fmt)
    report = tmp_path / f"report.{fmt}"
    report.write_text(out, encoding="utf-8")
    code, out, err = in_process("verify", str(report), str(CASE))
    assert (code, err) == (0, "")
    assert out.startswith(f"stands: {report} is what arbiter {__version__} says of {CASE}")


def test_a_tampered_report_differs_at_its_first_change(kept: tuple[Path, Path]):
    report, log = kept
    document = json.loads(report.read_text())
    document["reports"][0]["ledger"][0]["amount"] += 1
    document["reports"][0]["findings"][1]["summary"] = "nothing happened"
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(log))
    assert code == 1
    assert "at /findings/1/summary the report says \"nothing happened\", arbiter says" in out


def test_a_finding_taken_out_of_the_report_differs(kept: tuple[Path, Path]):
    report, log = kept
    document = json.loads(report.read_text())
    del document["reports"][0]["findings"][-1]
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(log))
    n = len(document["reports"][0]["findings"])
    assert code == 1 and f"at /findings/{n} the report says nothing, arbiter says {{" in out


@pytest.mark.parametrize("tampered", [0, 1])
def test_a_log_checked_twice_in_one_run_stands_only_if_both_its_reports_do(tmp_path: Path, tampered: int):
    """A log named twice is reported twice (docs/check.md): each report of it is what
    arbiter says of it, or the run's report does not stand, whichever copy was changed; the
    difference is named at its place in the run's document, so that the copy changed is
    known."""
    code, out, _ = in_process("check", str(CASE), str(CASE), "--format", "json")
    document = json.loads(out)
    document["reports"][tampered]["status"] = "ok"
    report = tmp_path / "report.json"
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(CASE))
    assert code == 1 and f'at /reports/{tampered}/status the report says "ok", arbiter says "irregular"' in out


@pytest.mark.parametrize("house", [[], ["--house", "jacks-to-open"]])
def test_a_report_that_does_not_say_its_house_rules_differs(tmp_path: Path, house: list[str]):
    """A report names the house rules it was made under, null for none (SPEC §4): one that
    says nothing of them is not what arbiter says, whatever house rules the check is under
    (not "made under no house rules", which it does not say either)."""
    code, out, _ = in_process("check", str(CASE), "--format", "json", *house)
    document = json.loads(out)
    said = json.dumps(document["reports"][0]["provenance"]["house"])
    del document["reports"][0]["provenance"]["house"]
    report = tmp_path / "report.json"
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(CASE), *house)
    assert code == 1 and f"at /provenance/house the report says nothing, arbiter says {said}" in out


def test_a_tampered_log_differs_by_its_sha256(kept: tuple[Path, Path]):
    report, log = kept
    log.write_text(log.read_text().replace('"limit": 2', '"limit":  2'))
    code, out, _ = in_process("verify", str(report), str(log))
    assert code == 1 and "/provenance/log_sha256" in out and "not the one the report was made of" in out


def test_as_json_each_side_says_a_value_and_why_is_said_apart(kept: tuple[Path, Path]):
    """`verify --format json`: `report_says` was JSON text and `arbiter_says` the digest
    with prose after it, not what arbiter says at `/provenance/log_sha256`; both are the
    values as JSON text, and the reason is `why`."""
    report, log = kept
    said = json.loads(report.read_text())["reports"][0]["provenance"]["log_sha256"]
    log.write_text(log.read_text() + "\n")
    code, out, _ = in_process("verify", str(report), str(log), "--format", "json")
    verdict = json.loads(out)
    assert code == 1 and verdict["where"] == "/provenance/log_sha256"
    assert json.loads(verdict["report_says"]) == said
    assert json.loads(verdict["arbiter_says"]) == hashlib.sha256(log.read_bytes()).hexdigest()
    assert verdict["why"] == "the log is not the one the report was made of"


def test_as_json_a_report_that_cannot_be_verified_here_says_so_as_json(tmp_path: Path):
    """Exit 2 under other house rules is a verdict (SPEC §4: "saying which"); with --format
    json it printed nothing on standard output: `stands` is null and `why` says which."""
    report = tmp_path / "report.json"
    report.write_text(in_process("check", str(CASE), "--house", "blaze", "--format", "json")[1])
    code, out, err = in_process("verify", str(report), str(CASE), "--format", "json")
    verdict = json.loads(out)
    assert code == 2 and verdict["stands"] is None and verdict["why"].startswith("the house rules differ")
    assert verdict["why"] in err


def test_a_report_that_names_another_arbiter_differs(kept: tuple[Path, Path]):
    """The rule book's identity is the same, but the report says another arbiter made it:
    not what this arbiter says of the log (SPEC §4), the first difference named."""
    report, log = kept
    document = json.loads(report.read_text())
    document["reports"][0]["provenance"]["arbiter"] = "9.9"
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(log))
    assert code == 1 and f'at /provenance/arbiter the report says "9.9", arbiter says "{__version__}"' in out


@pytest.mark.parametrize("version, hint", [("0.0.9", "check with that version of arbiter"),
                                           (None, "the rule files were edited since, under the same version")])
def test_another_rule_book_cannot_verify(kept: tuple[Path, Path], version, hint):
    """Under another version, the hint is that version; under this one (the rule files'
    digest alone differs) it sent the user to "that version", which is this one."""
    report, log = kept
    document = json.loads(report.read_text())
    version = version or document["reports"][0]["provenance"]["rules"].partition(":")[0]
    document["reports"][0]["provenance"]["rules"] = f"{version}:" + "0" * 64
    report.write_text(json.dumps(document))
    code, _, err = in_process("verify", str(report), str(log))
    assert code == 2 and f"the rule book differs: the report was made under {version}:" in err and hint in err


def test_the_house_rules_must_be_the_reports(tmp_path: Path):
    report = tmp_path / "report.json"
    report.write_text(in_process("check", str(CASE), "--house", "blaze", "--format", "json")[1])
    code, _, err = in_process("verify", str(report), str(CASE))
    assert code == 2 and "the house rules differ" in err and "'blaze'" in err and "no house rules" in err
    assert err.rstrip().endswith("give the report's house rules with --house FILE")  # not "the report's with"
    house = tmp_path / "blaze.yaml"
    shutil.copy(rules_dir() / "house" / "blaze.yaml", house)
    assert in_process("verify", str(report), str(CASE), "--house", str(house))[0] == 0  # same bytes elsewhere
    house.write_text(house.read_text() + "# a comment added\n")
    code, _, err = in_process("verify", str(report), str(CASE), "--house", str(house))
    assert code == 2 and "the house rules differ" in err


@pytest.mark.parametrize("house", [{"name": "blaze"}, "blaze", {"name": "blaze", "sha256": 5}])
def test_a_report_naming_house_rules_without_their_sha256_cannot_verify(kept: tuple[Path, Path], house: object):
    """A report that says it was made under house rules but does not identify them is not
    made "under the same rules" as a check with none (SPEC §4): exit 2, saying why, never
    "stands" (its house was taken as no house rules, its `name:` never compared)."""
    report, log = kept
    document = json.loads(report.read_text())
    document["reports"][0]["provenance"]["house"] = house
    report.write_text(json.dumps(document))
    code, out, err = in_process("verify", str(report), str(log))
    assert (code, out) == (2, "") and "names house rules without their SHA-256" in err


def test_the_log_may_be_read_from_standard_input_but_not_with_the_report(kept: tuple[Path, Path]):
    """`check -` reads a log from standard input, and its report names the log `-`; the
    log so kept is verified the same way (docs/check.md). Both from one stream cannot be."""
    report, log = kept
    result = CliRunner().invoke(cli, ["verify", str(report), "-"], input=log.read_bytes())
    assert result.exit_code == 0 and result.output.startswith(f"stands: {report} is what arbiter")
    result = CliRunner().invoke(cli, ["verify", "-", "-"], input=report.read_bytes())
    assert result.exit_code == 2 and "cannot both be read from standard input" in result.output


@pytest.mark.parametrize("misuse, why", [
    (["REPORT"], "Missing argument 'LOG'."),
    (["--bogus", "REPORT", "LOG"], "No such option '--bogus'."),
    (["--house", "blaze", "--house", "blaze", "REPORT", "LOG"], "given 2 times"),
])
def test_a_misuse_found_as_the_command_line_is_read_has_a_json_verdict_too(kept: tuple[Path, Path], misuse, why):
    """docs/check.md: where no verdict can be given (exit 2), `stands` is null and `why` says
    why. A misuse click finds as it reads the line printed no JSON, where one the command
    finds (`--ignore ''`, both from standard input) did."""
    report, log = kept
    args = [{"REPORT": str(report), "LOG": str(log)}.get(word, word) for word in misuse]
    result = CliRunner().invoke(cli, ["verify", "--format", "json", *args])
    verdict = json.loads(result.stdout)
    assert result.exit_code == 2 and verdict["stands"] is None and why in verdict["why"]
    assert "verify [OPTIONS] REPORT LOG" in result.stderr  # and click's own words, as for every command
    # the format in force is text: the last given, and none after `--`
    for line in (["--format", "json", "--format", "text", *args], [*args, "--", "--format", "json"]):
        result = CliRunner().invoke(cli, ["verify", *line])
        assert result.exit_code == 2 and result.stdout == "", line


def test_a_house_without_a_name_is_the_same_house_under_another_file_name(tmp_path: Path):
    """A house file with no `name:` is named after its file; its bytes decide whether it is
    the report's house, as docs/check.md says: a copy renamed verifies (exit 0), and the
    name the file gives does not count as a difference."""
    club = tmp_path / "club.yaml"
    club.write_text("parameters:\n  false_opener_penalty_antes: 3\n")
    report = tmp_path / "report.json"
    report.write_text(in_process("check", str(CASE), "--house", str(club), "--format", "json")[1])
    assert json.loads(report.read_text())["reports"][0]["provenance"]["house"]["name"] == "club"
    copy = tmp_path / "club-copy.yaml"
    shutil.copy(club, copy)
    code, out, err = in_process("verify", str(report), str(CASE), "--house", str(copy))
    assert (code, err) == (0, "") and "stands" in out
    copy.write_text("parameters:\n  false_opener_penalty_antes: 4\n")
    code, _, err = in_process("verify", str(report), str(CASE), "--house", str(copy))
    assert code == 2 and "the house rules differ" in err


@pytest.mark.parametrize("house,where,says", [
    ({"sha256": None, "by": "someone else"}, "/provenance/house/by", '"someone else", arbiter says nothing'),
    ({"sha256": None}, "/provenance/house/name", 'nothing, arbiter says "club"'),
])
def test_a_house_without_a_name_spares_its_names_value_alone(tmp_path: Path, house: dict, where: str, says: str):
    """Only the value of the name a file without `name:` takes from its file goes
    uncompared (docs/check.md): a report whose house lacks the name, or holds a key
    arbiter never writes, differs there (the whole house was once taken from this check)."""
    club = tmp_path / "club.yaml"
    club.write_text("parameters:\n  false_opener_penalty_antes: 3\n")
    document = json.loads(in_process("check", str(CASE), "--house", str(club), "--format", "json")[1])
    provenance = document["reports"][0]["provenance"]
    provenance["house"] = {**house, "sha256": provenance["house"]["sha256"]}
    report = tmp_path / "report.json"
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(CASE), "--house", str(club))
    assert code == 1 and f"at {where} the report says {says}" in out, out


@pytest.mark.parametrize("where", [("provenance", "house", "name"), ("house_rules", "name")])
def test_a_house_that_names_itself_is_that_name_in_the_report(tmp_path: Path, where: tuple[str, ...]):
    """A house file's own `name:` is the house's name: a report saying another stood (only
    the SHA-256 was compared), where docs/check.md spares only the name a file without
    `name:` takes from its file. Renamed, the house file verifies still."""
    club = tmp_path / "club.yaml"
    club.write_text("name: the club\nparameters:\n  false_opener_penalty_antes: 3\n")
    document = json.loads(in_process("check", str(CASE), "--house", str(club), "--format", "json")[1])
    shutil.copy(club, tmp_path / "renamed.yaml")
    report = tmp_path / "report.json"
    report.write_text(json.dumps(document))
    assert in_process("verify", str(report), str(CASE), "--house", str(tmp_path / "renamed.yaml"))[0] == 0
    holder = document["reports"][0]
    for key in where[:-1]:
        holder = holder[key]
    holder[where[-1]] = "another club"
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(CASE), "--house", str(club))
    assert code == 1 and f'at /{"/".join(where)} the report says "another club", arbiter says "the club"' in out


def test_a_report_made_with_ignore_is_verified_with_it(tmp_path: Path):
    """The report says what it left out (`filtered`), and the difference named without the
    same --ignore is that, not its status ("ok", "irregular": as if someone had changed it)."""
    report = tmp_path / "report.json"
    report.write_text(in_process("check", str(CASE), "--ignore", "L44", "--format", "json")[1])
    assert json.loads(report.read_text())["reports"][0]["filtered"] == {"ignore": ["L44"], "select": None,
                                                                          "left_out": 1}
    assert in_process("verify", str(report), str(CASE), "--ignore", "L44")[0] == 0
    code, out, _ = in_process("verify", str(report), str(CASE))
    assert code == 1 and "at /filtered the report says {" in out and "give the report's --ignore and --select" in out
    unfiltered = tmp_path / "all.json"
    unfiltered.write_text(in_process("check", str(CASE), "--format", "json")[1])
    code, out, _ = in_process("verify", str(unfiltered), str(CASE), "--select", "L44")
    assert code == 1 and "at /filtered the report says nothing" in out


@pytest.mark.parametrize("bad", ['{"format": "peel-draw-poker-log"', "unseated"])
def test_an_invalid_logs_report_made_with_select_says_so_too(tmp_path: Path, bad: str):
    """docs/check.md: each report made with --ignore or --select carries `filtered`. The
    report on a log that cannot be read (its JSON), or replayed (a name not seated), left it
    out, and `verify` without the filter said it stood."""
    log = tmp_path / "bad.json"
    if bad == "unseated":
        data = json.loads(CASE.read_text())
        data["events"][0]["dealer"] = "Zed"
        bad = json.dumps(data)
    log.write_text(bad)
    report = tmp_path / "report.json"
    report.write_text(in_process("check", str(log), "--select", "l13", "--format", "json")[1])
    made = json.loads(report.read_text())["reports"][0]
    assert made["status"] == "invalid" and made["filtered"] == {"ignore": [], "select": ["L13"], "left_out": 0}
    assert in_process("verify", str(report), str(log), "--select", "L13")[0] == 0
    code, out, _ = in_process("verify", str(report), str(log))
    assert code == 1 and "at /filtered the report says {" in out


def test_two_long_values_that_part_late_are_shown_where_they_differ(tmp_path: Path):
    """docs/check.md: exit 1 names the first difference "with what each side says". A
    summary changed past its 120th character was cut short alike on both sides."""
    document = json.loads(in_process("check", str(CASE), "--format", "json")[1])
    summary = document["reports"][0]["findings"][0]["summary"]
    assert len(summary) > 120
    document["reports"][0]["findings"][0]["summary"] = summary + "!"
    report = tmp_path / "report.json"
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(CASE))
    kept, found = out.split(" the report says ")[1].split(", arbiter says ")
    assert code == 1 and kept.rstrip() != found.rstrip() and kept.startswith("…") and "!" in kept


def test_a_jsonl_report_of_a_log_checked_twice_names_the_line_that_differs(tmp_path: Path):
    """A run's report of several logs names the copy that differs (/reports/N); a jsonl
    report named the place in the report alone (`/net/Ann`), whichever line it was on."""
    lines = in_process("check", str(CASE), str(CASE), "--format", "jsonl")[1].splitlines()
    tampered = json.loads(lines[1])
    tampered["status"] = "ok"
    report = tmp_path / "report.jsonl"
    report.write_text(lines[0] + "\n" + json.dumps(tampered) + "\n")
    code, out, _ = in_process("verify", str(report), str(CASE))
    assert code == 1 and 'at line 2, /status the report says "ok", arbiter says "irregular"' in out


@pytest.mark.parametrize("content, says", [
    (None, "cannot read"), (b"{not json", "not JSON"), (b'{"a": 1}', "holds no report"), (b"\xff", "not UTF-8"),
])
def test_a_report_that_cannot_be_read_exits_2(tmp_path: Path, content: bytes | None, says: str):
    report = tmp_path / "report.json"
    if content is not None:
        report.write_bytes(content)
    code, out, err = in_process("verify", str(report), str(CASE))
    assert code == 2 and out == "" and says in err and len(err.splitlines()) == 1


def test_a_report_too_large_to_read_is_not_called_a_hand_log():
    """/dev/zero given as the report was said to be too large, since "a hand log may hold at
    most" so much: the limit is said of both things verify reads."""
    code, out, err = in_process("verify", "/dev/zero", str(CASE))
    assert code == 2 and out == "" and "/dev/zero: too large to read" in err and "of a hand log or of a report" in err


def test_a_report_with_a_key_twice_is_no_report_arbiter_wrote(kept: tuple[Path, Path]):
    """A false `net` written before the true one stood: the reader kept the last, and a
    kept ruling carried a ledger that `verify` approved."""
    report, log = kept
    text = report.read_text()
    report.write_text(text.replace('"net":', '"net": {"Ann": 5}, "net":', 1))
    code, out, err = in_process("verify", str(report), str(log))
    assert (code, out) == (2, "") and "holds a duplicate key 'net': not a report arbiter wrote" in err


@pytest.mark.parametrize("content", [
    b"[" * 3000 + b"]" * 3000,  # past what the parser follows: it was an internal error (RecursionError)
    b'{"status": "ok", "net": ' + b'{"a": ' * 990 + b"1" + b"}" * 991,  # within it, past any report's depth
])
def test_a_report_nested_past_any_reports_depth_exits_2_with_a_reason(tmp_path: Path, content: bytes):
    report = tmp_path / "report.json"
    report.write_bytes(content)
    code, out, err = in_process("verify", str(report), str(CASE))
    assert (code, out) == (2, "") and err.endswith("nested more deeply than any report: not a report arbiter wrote\n")


def test_a_report_read_with_its_byte_order_mark_stands_and_one_too_long_a_number_is_said(kept: tuple[Path, Path]):
    """An editor may save a kept report with a byte-order mark, as `check` reads a log with
    one; a number longer than Python reads was said "not JSON (Expecting property name…)"."""
    report, log = kept
    text = report.read_text(encoding="utf-8")
    report.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert in_process("verify", str(report), str(log))[0] == 0
    report.write_text(text.replace('"ledger":', '"big": ' + "9" * 5000 + ', "ledger":', 1))
    code, _, err = in_process("verify", str(report), str(log))
    assert code == 2 and "holds a number of more than 4300 digits: not a report arbiter wrote" in err


@pytest.mark.parametrize("spoil, says", [
    (lambda t: t.replace('"arbiter":"', '"arbiter":"\\ud800', 1),  # was an internal error at the writing
     "holds a lone surrogate escape (\\ud800 to \\udfff), which is no text: not a report arbiter wrote"),
    (lambda t: t.replace('"ledger":', '"odd": NaN, "ledger":', 1), "holds NaN, which is no number JSON allows"),
    (lambda t: t.replace('"ledger":', '"odd": 1e999, "ledger":', 1), "holds a number out of range (1e999)"),
    (lambda t: t.encode("utf-16").decode("latin-1"), "not UTF-8 (byte 0) (it looks like UTF-16: save it as UTF-8)"),
    (lambda t: t.replace('"ledger":', '"odd": \0 "ledger":', 1), "holds a NUL byte at offset "),
], ids=["surrogate", "nan", "infinity", "utf-16", "nul"])
def test_a_report_holding_what_arbiter_never_writes_is_refused_saying_what(kept: tuple[Path, Path], spoil, says):
    """A NaN was compared, 1e999 said as "Infinity", and a lone surrogate ended in an
    internal error."""
    report, log = kept
    report.write_bytes(_spoiled(spoil, report.read_text(encoding="utf-8")))
    code, out, err = in_process("verify", str(report), str(log))
    assert (code, out) == (2, "") and says in err and len(err.splitlines()) == 1, err


def _spoiled(spoil, text: str) -> bytes:
    """The report's text spoiled, as bytes: those of UTF-16 as they are."""
    spoiled = spoil(text)
    return spoiled.encode("latin-1") if spoiled.startswith("\xff\xfe") else spoiled.encode("utf-8")


def test_a_bad_line_of_a_jsonl_report_is_named_by_its_line(tmp_path: Path):
    report = tmp_path / "report.jsonl"
    report.write_text(in_process("check", str(CASE), "--format", "jsonl")[1] + "{not json\n", encoding="utf-8")
    code, _, err = in_process("verify", str(report), str(CASE))
    assert code == 2 and "not JSON (line 2: Expecting property name" in err


@pytest.mark.parametrize("rules", [None, 7, "missing"])
def test_a_report_whose_provenance_names_no_rule_book_says_so(kept: tuple[Path, Path], rules: object):
    """It said "made under None … (check with that version of arbiter)", a version that
    cannot exist."""
    report, log = kept
    document = json.loads(report.read_text())
    provenance = document["reports"][0]["provenance"]
    if rules == "missing":
        del provenance["rules"]
    else:
        provenance["rules"] = rules
    report.write_text(json.dumps(document))
    code, _, err = in_process("verify", str(report), str(log))
    assert code == 2 and "the report's provenance names no rule book (" in err and "None" not in err


def test_a_provenance_without_the_logs_sha256_says_nothing_there(kept: tuple[Path, Path]):
    """As a key missing elsewhere is said: it read "the report says null"."""
    report, log = kept
    document = json.loads(report.read_text())
    del document["reports"][0]["provenance"]["log_sha256"]
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(log))
    assert code == 1 and "at /provenance/log_sha256 the report says nothing, arbiter says " in out


def test_a_report_of_other_logs_in_a_folder_run_is_not_taken_and_differs(tmp_path: Path):
    """SPEC §4: the files read and the rules are the same, so the answer is 1, naming the
    difference: none of the reports is of this log (2 is for what cannot be checked here)."""
    other = next(p for p in case_files() if p != CASE)
    report = tmp_path / "report.json"
    report.write_text(in_process("check", str(other), str(case_files()[-1]), "--format", "json")[1])
    code, out, _ = in_process("verify", str(report), str(CASE))
    assert code == 1 and "at /reports the report says [" in out and "none of those the 2 reports were made of" in out
    code, out, _ = in_process("verify", str(report), str(CASE), "--format", "json")
    verdict = json.loads(out)
    assert json.loads(verdict["report_says"]) == [r["provenance"]["log_sha256"]
                                                  for r in json.loads(report.read_text())["reports"]]
    assert json.loads(verdict["arbiter_says"]) == hashlib.sha256(CASE.read_bytes()).hexdigest()


def test_as_json_a_value_is_given_whole_and_another_rule_book_is_said_before_a_missing_house(kept):
    """A finding is longer than the words say of it (cut at 120 characters, "…"): in JSON it
    is whole, JSON text a program reads. A report of another rule book that also lacks its
    `house` was found to differ at /provenance/house (exit 1): the rule book is said first
    (exit 2, SPEC §4); a file that cannot be read is said as a verdict that cannot be given."""
    report, log = kept
    document = json.loads(report.read_text())
    findings = document["reports"][0]["findings"]
    findings.append({**findings[0], "summary": "a ruling added " * 20})
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(log), "--format", "json")
    verdict = json.loads(out)
    assert code == 1 and json.loads(verdict["report_says"]) == findings[-1] and verdict["arbiter_says"] == "nothing"
    del findings[-1]
    del document["reports"][0]["provenance"]["house"]
    document["reports"][0]["provenance"]["rules"] = "0.0.9:" + "0" * 64
    report.write_text(json.dumps(document))
    code, out, err = in_process("verify", str(report), str(log), "--format", "json")
    assert code == 2 and json.loads(out)["stands"] is None and "the rule book differs" in err
    code, out, err = in_process("verify", str(report), str(log.parent / "absent.json"), "--format", "json")
    assert code == 2 and json.loads(out)["why"] in err and "absent.json" in err
    for misused in (["--ignore", ""], ["--select", ","]):  # a usage the body finds wrong is said as JSON too
        code, out, err = in_process("verify", str(report), str(log), *misused, "--format", "json")
        assert code == 2 and json.loads(out)["why"] == "Invalid value for " + misused[0] + ": no rule ID given", err


def test_the_html_report_shows_its_provenance_at_its_foot():
    code, out, _ = in_process("check", str(CASE), "--format", "html")
    foot = out[out.index("<footer>"):]
    assert hashlib.sha256(CASE.read_bytes()).hexdigest() in foot and "arbiter verify REPORT LOG" in foot


def test_verify_says_its_verdict_as_json_for_a_program(kept: tuple[Path, Path]):
    report, log = kept
    code, out, _ = in_process("verify", str(report), str(log), "--format", "json")
    verdict = json.loads(out)
    assert code == 0 and verdict["stands"] is True and verdict["where"] is None
    assert verdict["provenance"]["log_sha256"] == hashlib.sha256(log.read_bytes()).hexdigest()
    document = json.loads(report.read_text())
    document["reports"][0]["net"]["Ann"] += 5
    report.write_text(json.dumps(document))
    code, out, _ = in_process("verify", str(report), str(log), "--format", "json")
    verdict = json.loads(out)
    assert (code, verdict["stands"], verdict["where"]) == (1, False, "/net/Ann")


def test_a_jsonl_report_whose_strings_hold_a_line_separator_stands(tmp_path: Path):
    """`--format jsonl` writes U+2028 as it is, inside a string (here a log's name): the
    report's lines end at "\\n" alone. Split as `str.splitlines` splits, one line was two,
    and the report arbiter wrote was "not JSON"."""
    log = tmp_path / "ls\u2028ep.json"
    shutil.copy(CASE, log)
    other = tmp_path / "other.json"
    shutil.copy(CASE, other)
    report = tmp_path / "report.jsonl"
    report.write_text(in_process("check", str(log), str(other), "--format", "jsonl")[1], encoding="utf-8")
    assert "\u2028" in report.read_text(encoding="utf-8")
    code, out, err = in_process("verify", str(report), str(log))
    assert (code, err) == (0, "") and out.startswith("stands:")


@pytest.mark.parametrize("bad, said", [('{"status": 1, "status": 2}', "a duplicate key 'status' (line 2)"),
                                       ('{"odd": NaN}', "NaN, which is no number JSON allows (line 2)")])
def test_what_a_jsonl_report_never_holds_is_named_by_its_line(tmp_path: Path, bad: str, said: str):
    report = tmp_path / "report.jsonl"
    report.write_text(in_process("check", str(CASE), "--format", "jsonl")[1] + bad + "\n", encoding="utf-8")
    code, _, err = in_process("verify", str(report), str(CASE))
    assert code == 2 and f"holds {said}: not a report arbiter wrote" in err


def test_a_byte_that_is_no_utf8_is_named_at_its_place_in_the_file(kept: tuple[Path, Path]):
    """Behind a byte-order mark the decoder counts its offset after the mark: the byte
    named was three places before the one that is no UTF-8."""
    report, log = kept
    data = codecs.BOM_UTF8 + report.read_bytes().replace(b'"ledger":', b'"odd": "\xff", "ledger":', 1)
    report.write_bytes(data)
    code, _, err = in_process("verify", str(report), str(log))
    assert code == 2 and f"not UTF-8 (byte {data.index(0xFF)})" in err
