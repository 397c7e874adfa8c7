"""`arbiter check` and the library API: formats, exit codes, bad input, the report schema."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from jsonschema import Draft202012Validator

from arbiter import check_log
from arbiter.cli import cli, main
from arbiter.notation import parse_checked
from arbiter.resources import schema_path
from tests.conftest import case_files, case_report, load_case

CASES = case_files()
CLEAN = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "ok")
IRREGULAR = next(p for p in CASES if load_case(p)["meta"]["expect"]["status"] == "irregular")


def report_validator() -> Draft202012Validator:
    return Draft202012Validator(json.loads(schema_path("report").read_text(encoding="utf-8")))


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


def exit_code(*args: str) -> int:
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    return exited.value.code


def test_every_case_report_matches_the_report_schema():
    result = run("check", *map(str, CASES), "--format", "json")
    document = json.loads(result.output)
    report_validator().validate(document)
    assert [r["file"] for r in document["reports"]] == [str(p) for p in CASES]
    assert document["summary"]["logs"] == len(CASES)


# SPEC §4's rulings (reading 30): "L9, L29, L31, L32, L38, L41 (pack made up properly), L42,
# L43, L46, L50, and L33 where the opener's hand is unknown; irregularity for every other finding"
RULINGS = frozenset({"L9", "L29", "L31", "L32", "L38", "L41", "L42", "L43", "L46", "L50", "L33"})


def test_a_ruling_is_only_of_the_laws_that_rule():
    """By the rule book as shipped, every finding of every case not of those laws is an
    irregularity: D6's on a jack-pot cut off after an opening without the openers was a
    ruling."""
    wrong = [(path.name, finding["id"]) for path in CASES for finding in case_report(path)["findings"]
             if finding["severity"] == "ruling" and finding["id"] not in RULINGS]
    assert wrong == []


@pytest.mark.parametrize("path, code", [(CLEAN, 0), (IRREGULAR, 1)])
def test_exit_codes(path, code):
    assert exit_code("check", str(path), "--quiet") == code


def test_exit_zero_turns_irregular_into_0_but_never_hides_invalid(tmp_path):
    assert exit_code("check", str(IRREGULAR), "--exit-zero", "--quiet") == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert exit_code("check", str(IRREGULAR), str(bad), "--exit-zero", "--quiet") == 2


def test_ignore_drops_findings_before_the_status(tmp_path):
    report = json.loads(run("check", str(IRREGULAR), "--format", "json").output)["reports"][0]
    ids = sorted({f["id"] for f in report["findings"] if f["severity"] == "irregularity"})
    result = run("check", str(IRREGULAR), "--format", "json", "--ignore", ",".join(ids))
    again = json.loads(result.output)["reports"][0]
    assert again["status"] == "ok"
    assert result.exit_code == 0


@pytest.mark.parametrize("fmt", ["table", "markdown", "html", "json"])
def test_findings_left_out_are_said_not_an_act_as_the_laws_require(fmt):
    """--ignore of every irregularity: the text, the Markdown and the page said "No
    irregularity: every act is as the laws require" of a log with an irregularity, and the
    JSON report kept no trace of the filter; each now says how many were left out, and by
    which, and the report validates."""
    report = check_log(load_case(IRREGULAR))
    ids = sorted({f["id"] for f in report["findings"]})
    result = run("check", str(IRREGULAR), "--format", fmt, "--ignore", ",".join(ids), "--quiet")
    assert result.exit_code == 0 and "every act is as the laws require" not in result.output
    if fmt == "json":
        (again,) = json.loads(result.output)["reports"]
        report_validator().validate({"summary": {}, "reports": [again]})
        assert again["filtered"] == {"ignore": ids, "select": None, "left_out": len(report["findings"])}
    else:
        left = len(report["findings"])
        said = f"{left} finding{'s' * (left != 1)} left out by --ignore {','.join(ids)}"
        assert said in result.output.replace("\n", " ")
    assert "filtered" not in json.loads(run("check", str(IRREGULAR), "--format", "json").output)["reports"][0]


MANY_LAWS = next(p for p in CASES
                 if len({f["id"] for f in load_case(p)["meta"]["expect"]["findings"]
                         if f["severity"] == "irregularity"}) >= 2)


@pytest.mark.parametrize("spelling", ["spaces", "commas", "repeated"])
def test_ignore_takes_several_ids_spelled_any_way_spec_s_id_dots_allows(spelling):
    """SPEC §5's `--ignore ID...`: `--ignore L4 L8 LOG` is two IDs and a log, as
    `--ignore L4,L8` and `--ignore L4 --ignore L8` are."""
    report = json.loads(run("check", str(MANY_LAWS), "--format", "json").output)["reports"][0]
    ids = sorted({f["id"] for f in report["findings"] if f["severity"] == "irregularity"})
    options = {"spaces": ["--ignore", *ids], "commas": ["--ignore", ",".join(ids)],
               "repeated": [word for rule in ids for word in ("--ignore", rule)]}[spelling]
    result = run("check", *options, str(MANY_LAWS), "--format", "json")
    again = json.loads(result.output)
    assert [r["file"] for r in again["reports"]] == [str(MANY_LAWS)]
    assert again["reports"][0]["status"] == "ok"
    assert result.exit_code == 0


def test_a_file_named_as_a_rule_after_ignore_is_a_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "L8").write_bytes(CLEAN.read_bytes())
    result = run("check", "--ignore", "L4", "L8", "--format", "json")
    assert [r["file"] for r in json.loads(result.output)["reports"]] == ["L8"]


def test_an_unknown_rule_id_to_ignore_is_a_usage_error(capsys):
    assert exit_code("check", str(CLEAN), "--ignore", "L99") == 2
    assert "L99" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["check", str(CLEAN), "--ignore"], ["check", str(CLEAN), "--select"], ["law"]])
def test_a_rule_id_of_more_digits_than_python_reads_names_no_rule(command, capsys):
    """L and 5,000 nines ended in an internal error (a number past Python's 4,300 digits),
    where one of 20 digits names no rule."""
    assert exit_code(*command, "L" + "9" * 5000) == 2
    err = capsys.readouterr().err
    assert "no rule 'L999" in err and "internal error" not in err


@pytest.mark.parametrize("value", ["", ",", " "])
def test_an_ignore_naming_no_rule_is_a_usage_error(value, capsys):
    """`--ignore ""` named nothing and left everything in, unsaid: the option given to no
    effect is the command misused (exit 2), as an unknown ID is."""
    assert exit_code("check", str(CLEAN), "--ignore", value) == 2
    assert "no rule ID given" in capsys.readouterr().err


@pytest.mark.parametrize("option", ["--ignore", "--select"])
def test_a_club_rule_of_the_house_a_log_names_may_be_filtered(option, tmp_path):
    """A log whose table names its house is checked under its club rules (H1 …): `check`
    reported H1 and refused `--ignore H1` ("no rule 'H1'", exit 2). Each log's own rules
    are asked; a log whose rules lack it is invalid, saying so, never silently unfiltered."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "house" / "exposed-card-at-the-say-costs-an-ante.json")
    log["table"]["house"] = "exposed-at-the-say"
    (tmp_path / "a.json").write_text(json.dumps(log))
    result = run("check", str(tmp_path / "a.json"), option, "H1", "--format", "json")
    report = json.loads(result.output)["reports"][0]
    assert ("H1" in [f["id"] for f in report["findings"]]) == (option == "--select")
    assert report["filtered"]["left_out"] == 1 and report["status"] == "irregular"
    assert exit_code("check", str(tmp_path / "a.json"), option, "H1", "--quiet") == 1
    result = run("check", str(CLEAN), option, "H1", "--format", "json")
    report = json.loads(result.output)["reports"][0]
    assert report["status"] == "invalid" and "'H1'" in report["error"]["message"]
    assert exit_code("check", str(CLEAN), option, "H1", "--quiet") == 2
    # made invalid by the filter, the report says so, and verify without it names /filtered first
    assert report["filtered"] == {"ignore": ["H1"] if option == "--ignore" else [],
                                  "select": ["H1"] if option == "--select" else None, "left_out": 0}
    (tmp_path / "r.json").write_text(result.output)
    verified = run("verify", str(tmp_path / "r.json"), str(CLEAN))
    assert "at /filtered" in verified.output
    assert "stands:" in run("verify", str(tmp_path / "r.json"), str(CLEAN), option, "H1").output


def test_jsonl_prints_one_report_per_line_and_the_summary_on_stderr(capsys):
    code = exit_code("check", str(CLEAN), str(IRREGULAR), "--format", "jsonl")
    out, err = capsys.readouterr()
    lines = out.strip().splitlines()
    assert [json.loads(line)["file"] for line in lines] == [str(CLEAN), str(IRREGULAR)]
    assert json.loads(err)["summary"]["logs"] == 2
    assert code == 1


def test_a_folder_is_every_json_below_it(tmp_path):
    (tmp_path / "sub").mkdir()
    for name in ("a.json", "sub/b.json"):
        (tmp_path / name).write_text(CLEAN.read_text())
    (tmp_path / "notes.txt").write_text("not a log")
    document = json.loads(run("check", str(tmp_path), "--format", "json").output)
    assert [r["file"].replace(str(tmp_path), "") for r in document["reports"]] == ["/a.json", "/sub/b.json"]


def test_standard_input():
    result = run("check", "-", "--format", "json", input=CLEAN.read_text())
    assert json.loads(result.output)["reports"][0]["status"] == "ok"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_standard_input_named_twice_is_read_once_and_the_second_told_so(jobs):
    """The second `-` found standard input spent and was called "not valid JSON: the file
    is empty", which says nothing of the `-` before it."""
    result = run("check", "-", str(CLEAN), "-", "--format", "json", "--jobs", jobs, input=CLEAN.read_text())
    first, clean, second = json.loads(result.output)["reports"]
    assert first["status"] == clean["status"] == "ok" and second["status"] == "invalid"
    assert second["error"]["message"] == "standard input, read already for the `-` named before it"


@pytest.mark.parametrize("content, message, path, event", [
    (b"{not json", "not valid JSON", "", None),
    (b"\xff\xfe", "UTF-8", "", None),
])
def test_unreadable_logs_are_invalid_and_the_rest_go_on(tmp_path, content, message, path, event):
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    document = json.loads(run("check", str(bad), str(CLEAN), "--format", "json").output)
    first, second = document["reports"]
    assert first["status"] == "invalid" and message.lower() in first["error"]["message"].lower()
    assert first["findings"] == [] and first["games"] == []
    assert second["status"] == "ok"
    assert document["summary"]["invalid"] == 1


def test_an_event_needing_absent_state_is_invalid_with_its_path():
    log = load_case(CLEAN)
    log["events"].insert(0, {"type": "discard", "player": log["table"]["players"][0], "count": 1})
    report = check_log(log)
    assert report["status"] == "invalid"
    assert report["error"]["event"] == 0 and report["error"]["path"] == "/events/0"


def test_a_schema_violation_names_the_event_and_field():
    log = load_case(CLEAN)
    index = next(i for i, e in enumerate(log["events"]) if "stake" in e)
    log["events"][index]["stake"] = -2
    report = check_log(log)
    assert report["status"] == "invalid"
    assert report["error"]["path"] == f"/events/{index}/stake"
    assert report["error"]["event"] == index


def test_a_missing_file_is_invalid_not_a_crash(tmp_path):
    document = json.loads(run("check", str(tmp_path / "gone.json"), "--format", "json").output)
    assert document["reports"][0]["status"] == "invalid"


def test_parallel_jobs_keep_the_order_and_the_results():
    paths = [str(p) for p in CASES[:30]]
    one = json.loads(run("check", *paths, "--format", "json").output)["reports"]
    two = json.loads(run("check", *paths, "--format", "json", "--jobs", "2").output)["reports"]
    assert one == two


def test_people_formats_read_as_rulings():
    table = run("check", str(IRREGULAR)).output
    assert "irregular" in table and "net" in table and "\u201c" in table
    markdown = run("check", str(IRREGULAR), "--format", "markdown").output
    assert markdown.startswith("## ") and "| dealer" in markdown


def test_house_rules_are_reported_in_force(tmp_path):
    house = tmp_path / "h.yaml"
    house.write_text("parameters: {jackpot_openers: [JJ]}\n")
    report = json.loads(run("check", str(CLEAN), "--format", "json", "--house", str(house)).output)["reports"][0]
    assert report["house_rules"]["parameters"] == {"jackpot_openers": ["JJ"]}


def test_check_log_is_pure_and_repeatable():
    log = load_case(IRREGULAR)
    before = json.dumps(log, sort_keys=True)
    first, second = check_log(log), check_log(log)
    assert first == second
    assert json.dumps(log, sort_keys=True) == before


def test_the_trace_holds_the_table_after_each_event():
    from arbiter.checker import replay_with_trace
    from arbiter.reading import read_log_bytes

    log = read_log_bytes(CLEAN.read_bytes(), str(CLEAN))
    report, trace = replay_with_trace(log)
    assert len(trace) == len(log["events"])
    assert [t["event"] for t in trace] == list(range(len(log["events"])))
    for step in trace:
        moved = [e for e in report["ledger"] if e["event"] <= step["event"]]
        pool = sum(e["amount"] for e in moved if e["to"] == "pool") - sum(e["amount"] for e in moved if e["from"] == "pool")
        assert step["pool"] == pool, step["event"]
    assert trace[-1]["winners"] == report["games"][-1]["winners"]


def test_a_give_of_no_cards_after_the_excess_is_taken_back_makes_no_hand_foul():
    """L45's make-good reading is of a give that brings cards: Cat asked for 4 of her 3
    discarded (L44), was given 5, and the excess of 1 was taken back (L42); a give of 0
    then gave her nothing, and was judged a foul hand. The hand left is law 48's when raised."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\nBob discards 0\n"
            "Cat discards 3; Cat asks 4; Cat gets 5; Cat points out excess; Cat gets 0\n")
    log, _ = parse_checked(text, "x.hand")
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"]] == [("L44", 11), ("L42", 13)]
    log, _ = parse_checked(text.replace("Cat gets 0", "Cat lifts"), "x.hand")
    assert [f["id"] for f in check_log(log)["findings"]] == ["L44", "L42", "L48"]


def test_a_second_copy_discarded_leaves_the_first_with_its_holder():
    """L1 in a discard: Cat discards her copy of the Ah while Bob, dealt first, holds the
    first copy. One bad card, one finding (at the deal); Bob's hand keeps its ace and is
    valued at the show. The discard took the first copy from Bob: a second L1 at his show,
    and his hand did not compete."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob (Ah Kd 7s 2c 3d), Cat (Ah Ad 9h 6s 4c), Dan 5, Ann 5\n"
            "Cat opens 2; Dan passes; Ann passes; Bob plays 2\nBob discards 0\n"
            "Cat discards 1 (Ah); Cat asks 1; Cat gets 1 (5h)\nCat plays 2; Bob plays 2\n"
            "Bob shows (Ah Kd 7s 2c 3d)\nCat shows (5h Ad 9h 6s 4c)\n")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log)
    assert [(f["id"], f["event"]) for f in report["findings"]] == [("L1", 4)]
    assert report["games"][0]["winners"] == ["Bob"]  # his ace-king beats her ace-nine: his hand is valued


def test_his_own_discards_taken_back_and_discarded_again_are_no_card_seen_twice():
    """L37 then a discard of the same cards: they are his own, not a second copy (L1 fell on
    the dealer)."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob (Kc Kd 7s 2c 3d), Cat 5, Dan 5, Ann 5\nCat opens 2; Dan passes; Ann passes; Bob plays 2\n"
            "Bob discards 2 (2c 3d)\nBob takes back\nBob discards 2 (2c 3d)\n")
    log, _ = parse_checked(text, "x.hand")
    assert "L1" not in [f["id"] for f in check_log(log)["findings"]]


def test_a_hand_shown_by_one_who_passed_is_law_28s_not_a_foul_hand_at_the_show():
    """Bob passed, then showed four cards at the show: L28 said the hand "takes no part in
    the game", and L64 beside it made it foul, "he retires and forfeits his stake", of a
    player retired with no stake left to forfeit."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat (Ac Ad 4h 5h 7d), Dan (2c 3c 4c 5c 9h), Ann 5\n"
            "Cat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 0; Dan discards 0\nCat plays 2; Dan plays 2\n"
            "Bob shows (Kc Kd Ks Kh)\nCat shows (Ac Ad 4h 5h 7d)\nDan shows (2c 3c 4c 5c 9h)\n")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log)
    assert [(f["id"], f["player"]) for f in report["findings"]] == [("L28", "Bob")]
    assert report["net"] == {"Ann": 0, "Bob": -1, "Cat": 3, "Dan": -2}


def test_a_wrong_players_ante_staked_twice_is_one_finding_each_time():
    """L20: Cat's ante is for Bob to stake; staked twice, each act is the wrong player's,
    one finding each (the second drew 'staked again' beside it)."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts\n"
            "Cat antes 1\nCat antes 1\ndealt Bob 5, Cat 5, Dan 5, Ann 5\n")
    log, _ = parse_checked(text, "x.hand")
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"]] == [("L20", 3), ("L20", 4)]


@pytest.mark.parametrize("asker, found", [("Cat", [("L49", 14)]), ("Ann", [])])
def test_a_question_recorded_as_the_dealers_own_is_owed_no_answer(asker, found):
    """Law 49: "any player after drawing ... may ask the dealer how many cards he, the
    dealer, drew". Ann, the dealer, drew 3 and answers 1: a wrong answer to Cat, who has
    drawn, is L49's; to a question recorded as Ann's own, it was L49's too ("Ann answered
    Ann wrongly")."""
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 1; Cat gets 1; Ann discards 3;"
            f" Ann gets 3\n{asker} asks dealer; dealer answers 1\n")
    log, _ = parse_checked(text, "x.hand")
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"]] == found


@pytest.mark.parametrize("between, found", [("", [("L49", 16)]), ("Ann lifts\n", [("L49", 17)])])
def test_the_dealers_own_question_is_none_a_second_answer_after_it_is_judged(between, found):
    """L49's reading: a question recorded as the dealer's own is none, and no ruling of law
    50 falls on it (he has no right to ask himself to lose): Cat asks, Ann answers truly,
    then asks herself and answers wrongly: a second answer to Cat's question, judged as
    the first was."""
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 1; Cat gets 1; Ann discards 3;"
            " Ann gets 3\nCat asks dealer; dealer answers 3\n" + between + "Ann asks dealer; dealer answers 1\n")
    log, _ = parse_checked(text, "x.hand")
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"]] == found


@pytest.mark.parametrize("collected, found", [
    (["Qs", "Qd", "9c", "2s"], []),  # the discards only: his own, gathered
    (["Qs", "Qd", "9c", "2s", "Qh"], [("L1", 29)]),  # the queen Dan kept
    (["Qs", "Qd", "Qs"], [("L1", 29)]),  # one card named twice
    (["Qs", "Jo"], [("L1", 29)]),  # a joker the pack has not, first named here
])
def test_the_discards_collected_are_judged_for_the_pack_as_a_discard_is(collected, found):
    """L41's collection names cards already out of the pack: a card a hand still holds, or
    named twice, is seen again, and a joker not of the pack is L1; the discards themselves
    are not (it named no card for L1 at all)."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][29] = {"type": "collect_discards", "cards": collected}
    findings = [(f["id"], f["event"]) for f in check_log(log)["findings"]]
    assert [f for f in findings if f[0] == "L1"] == found and ("L41", 29) in findings


@pytest.mark.parametrize("collected, given, found", [
    (["Qs", "Qd", "9c", "2s"], None, []),  # four of his five: his discard may have thrown them
    (["Qh"], None, []),  # the first he was dealt: which he kept is not known
    (None, (["Qs", "Qd", "9c"], ["2s", "Qh"]), [("L1", 33)]),  # all five given out again: he threw four
    (None, (["Qh", "Qd", "9c"], ["2s", "Kh"]), []),  # four of his given out again, and a card of no one's
    (["Qs", "Qd", "9c", "2s", "Qh"], None, [("L1", 29)]),  # all five gathered: one at least is in his hand
    (["Qs", "Qd", "Qs"], None, [("L1", 29)]),  # one card named twice is seen again all the same
])
def test_a_discard_that_named_no_cards_throws_cards_the_discards_collected_may_name(collected, given, found):
    """Dan was dealt a named hand and threw four without naming them. Which he kept is not
    known: any four of his five may be named among the discards gathered (L41), or given
    out of the pack made up from them; not five, for one is in his hand still. The hand's
    model (he kept his first card) made a card of his named there L1, whichever it was."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][18] = {"type": "discard", "player": "Dan", "count": 4}
    log["events"][29] = {"type": "collect_discards", **({"cards": collected} if collected else {})}
    if given:
        log["events"][32] = {"type": "give", "to": "Fay", "count": 3, "cards": given[0]}
        log["events"][33] = {"type": "give", "to": "Gus", "count": 2, "cards": given[1]}
    findings = [(f["id"], f["event"]) for f in check_log(log)["findings"]]
    assert [f for f in findings if f[0] == "L1"] == found and ("L41", 29) in findings


def test_a_joker_judged_where_it_came_is_not_judged_again_among_the_discards_collected():
    """One bad card, one finding: a joker dealt (L1 there) and discarded is gathered with the
    discards without a second L1."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][4]["hands"]["Dan"] = ["Qh", "Jo", "Qd", "9c", "2s"]
    log["events"][18]["cards"] = ["Jo", "Qd", "9c", "2s"]
    log["events"][29] = {"type": "collect_discards", "cards": ["Jo", "Qd", "9c", "2s"]}
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"] if f["id"] == "L1"] == [("L1", 4)]


def test_a_joker_gathered_with_the_discards_and_given_again_is_one_finding():
    """One bad card, one finding: a joker dealt (L1 there) and discarded, gathered into the
    pack made up from the discards (L41) and given again, was found a second time."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][4]["hands"]["Dan"] = ["Qh", "Jo", "Qd", "9c", "2s"]
    log["events"][18]["cards"] = ["Jo", "Qd", "9c", "2s"]
    log["events"][29] = {"type": "collect_discards"}
    log["events"][32] = {"type": "give", "to": "Fay", "count": 3, "cards": ["Jo", "Qd", "9c"]}
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"] if f["id"] == "L1"] == [("L1", 4)]


@pytest.mark.parametrize("dan_throws, gathered, to_fay, to_gus, found", [
    # both copies thrown, gathered (named twice) and given again: the second is the copy dealt
    (["Qh", "Qs", "Qd", "9c"], ["Qh", "Qs", "Qd", "9c", "Qh", "Kc", "Kd", "3h"], ["Qh", "Qs", "Qd"], ["Qh", "Kc"], []),
    # Dan keeps the first, Eve throws her copy: gathered while Dan holds one, given again
    (["Qs", "Qd", "9c", "2s"], ["Qs", "Qd", "9c", "2s", "Qh", "Kc", "Kd", "3h"], ["Qh", "Qs", "Qd"], ["9c", "Kc"], []),
    # one copy came back into the pack: a second given out of it is a third, a new bad card
    (["Qs", "Qd", "9c", "2s"], ["Qs", "Qd", "9c", "2s", "Qh", "Kc", "Kd", "3h"], ["Qh", "Qs", "Qd"], ["Qh", "Kc"],
     [("L1", 33)]),
])
def test_a_second_copy_dealt_gathered_with_the_discards_and_given_again_is_one_finding(
        dan_throws, gathered, to_fay, to_gus, found):
    """One bad card, one finding (L1's reading): Dan and Eve are dealt the queen of hearts
    (L1 at the deal); Eve throws hers, the discards are made up into the pack (L41) and a
    queen of hearts is given again. The copy was judged as it came: found again where the
    gathering named it beside Dan's and where the pack gave it, it was three findings."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][4]["hands"]["Eve"] = ["Qh", "Kc", "Kd", "3h", "4h"]
    log["events"][18]["cards"] = dan_throws
    log["events"][21]["cards"] = ["Qh", "Kc", "Kd", "3h"]
    log["events"][29] = {"type": "collect_discards", "cards": gathered}
    log["events"][32] = {"type": "give", "to": "Fay", "count": 3, "cards": to_fay}
    log["events"][33] = {"type": "give", "to": "Gus", "count": 2, "cards": to_gus}
    findings = [(f["id"], f["event"]) for f in check_log(log)["findings"]]
    assert [f for f in findings if f[0] == "L1"] == [("L1", 4), *found] and ("L41", 29) in findings


@pytest.mark.parametrize("eve_throws, gathered, found", [
    (["Qh", "Kc", "Kd", "3h"], None, [("L1", 21)]),  # a second copy first named in Eve's discard, Dan holding Qh
    (None, ["Qs", "Qd", "9c", "2s", "Qh"], [("L1", 29)]),  # first named among the discards gathered
])
def test_a_second_copy_first_named_in_a_discard_or_the_gathering_is_one_finding(eve_throws, gathered, found):
    """One bad card, one finding (L1's reading): a copy first named where it was thrown or
    gathered was judged there, and found again when the pack made up gave it to Fay."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][18]["cards"] = ["Qs", "Qd", "9c", "2s"]  # Dan keeps the queen of hearts
    if eve_throws:
        log["events"][21]["cards"] = eve_throws
    log["events"][29] = {"type": "collect_discards", **({"cards": gathered} if gathered else {})}
    log["events"][32] = {"type": "give", "to": "Fay", "count": 3, "cards": ["Qh", "Qs", "Qd"]}
    findings = [(f["id"], f["event"]) for f in check_log(log)["findings"]]
    assert [f for f in findings if f[0] == "L1"] == found and ("L41", 29) in findings


def test_a_card_exposed_to_him_and_given_him_again_from_the_pack_made_up_holding_others_is_l40():
    """Law 40: an exposed card "shall not be given to the player". Once the discards were
    gathered, a give naming it was judged by the count alone, and the pack made up held
    20 others: no finding. Named, it is law 40's, whatever the discards left to gather."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][29] = {"type": "collect_discards"}
    log["events"][32] = {"type": "give", "to": "Fay", "count": 3, "exposed": 1, "cards": ["9c", "2s", "Qs"]}
    log["events"][33:33] = [{"type": "give", "to": "Fay", "count": 1, "cards": ["Qs"]}]
    findings = [(f["id"], f["event"]) for f in check_log(log)["findings"]]
    assert ("L40", 32) in findings and ("L40", 33) in findings
    log["events"][33]["cards"] = ["Qd"]  # another card of the pack: lawful
    assert ("L40", 33) not in [(f["id"], f["event"]) for f in check_log(log)["findings"]]


def test_a_second_joker_out_of_the_pack_made_up_is_a_new_bad_card():
    """One joker dealt (L1), thrown and gathered (L41) may come out again unjudged; a second
    given from the pack made up while the first is held is a new bad card. Every joker
    after the gathering went unjudged."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][4]["hands"]["Dan"] = ["Qh", "Jo", "Qd", "9c", "2s"]
    log["events"][18]["cards"] = ["Jo", "Qd", "9c", "2s"]
    log["events"][29] = {"type": "collect_discards"}
    log["events"][32] = {"type": "give", "to": "Fay", "count": 3, "cards": ["Jo", "Qd", "9c"]}
    log["events"][33] = {"type": "give", "to": "Gus", "count": 2, "cards": ["Jo", "2s"]}
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"] if f["id"] == "L1"] == [("L1", 4), ("L1", 33)]


@pytest.mark.parametrize("way", ["named among the discards gathered", "exposed in a give"])
def test_a_joker_first_judged_where_it_was_gathered_or_exposed_comes_out_again_unjudged(way):
    """A joker the house does not admit, first named among the discards gathered (L41) or
    exposed in a give (L40, back to the pack), was judged there and again where the pack
    gave it: one bad card, one finding."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][4]["hands"]["Dan"] = 5
    log["events"][18].pop("cards")
    if way == "exposed in a give":
        log["events"][23] = {"type": "give", "to": "Eve", "count": 4, "exposed": 1, "cards": ["2h", "3h", "4h", "Jo"]}
        log["events"][29] = {"type": "collect_discards"}
    else:
        log["events"][29] = {"type": "collect_discards", "cards": ["Jo"]}
    log["events"][32] = {"type": "give", "to": "Fay", "count": 3, "cards": ["Jo", "6h", "7h"]}
    judged = 23 if way == "exposed in a give" else 29
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"] if f["id"] == "L1"] == [("L1", judged)]


def test_a_second_copy_exposed_in_a_give_goes_back_to_the_pack_judged():
    """Law 40 sends the exposed card back to the pack: a second copy exposed (L1 there, Dan
    holding the first) and given again out of the pack made up was found a second time;
    a third copy given after it is a new bad card."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][18]["cards"] = ["Qs", "Qd", "9c", "2s"]  # Dan keeps the queen of hearts
    log["events"][23] = {"type": "give", "to": "Eve", "count": 4, "exposed": 1, "cards": ["2h", "3h", "4h", "Qh"]}
    log["events"][29] = {"type": "collect_discards"}
    log["events"][32] = {"type": "give", "to": "Fay", "count": 3, "cards": ["Qh", "6h", "7h"]}
    log["events"][33] = {"type": "give", "to": "Gus", "count": 2, "cards": ["Qh", "8h"]}
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"] if f["id"] == "L1"] == [("L1", 23), ("L1", 33)]


def test_an_event_bringing_out_two_bad_cards_is_one_finding_each_card_dealt_its_own():
    """L1's reading (arbiter's choice): an event gives one finding however many bad cards
    it brings out; the same deal card by card is one event a card, and a finding each."""
    hands = {"Bob": ["Ah", "Kd", "Qc", "9s", "2d"], "Cat": ["Ah", "Kd", "Qd", "8s", "3d"],
             "Dan": ["7h", "7d", "5c", "5s", "4h"], "Ann": ["6c", "6d", "Tc", "Ts", "Jh"]}
    start = [{"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"},
             {"type": "cut", "player": "Dan"}, {"type": "ante", "player": "Bob", "amount": 1}]
    log = {"format": "peel-draw-poker-log", "version": 1,
           "table": {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 20, "ante": 1}}
    whole = check_log({**log, "events": [*start, {"type": "dealt", "hands": hands}]})
    cards = [{"type": "card", "to": p, "card": hands[p][i]} for i in range(5) for p in ("Bob", "Cat", "Dan", "Ann")]
    one_by_one = check_log({**log, "events": [*start, *cards]})
    assert [(f["id"], f["event"]) for f in whole["findings"]] == [("L1", 4)]
    assert [(f["id"], f["event"]) for f in one_by_one["findings"]] == [("L1", 5), ("L1", 9)]
    assert whole["net"] == one_by_one["net"]


def test_discards_taken_back_and_thrown_again_are_a_discard_out_of_time_not_an_invalid_log():
    """L37 holds the cards taken back to be among the discards: thrown again, three of a hand
    counted at two, the log was invalid ("cannot discard 3 cards, holding 2"); a second
    discard is no time to draw (L35), whatever its count, as SPEC item 25 has it."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat (7c 5s 2h Kd Ks), Dan 5, Ann 5\nCat opens 2; Dan passes; Ann passes; Bob plays 2\n"
            "Bob discards 0\nCat discards 3 (7c 5s 2h)\nCat takes back\nCat discards 3 (7c 5s 2h)\n")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log)
    assert report["status"] == "irregular"
    assert [(f["id"], f["player"]) for f in report["findings"]] == [("L37", "Cat"), ("L35", "Cat")]


def test_a_card_given_after_a_discard_that_named_none_is_known_to_be_held():
    """Only the cards a hand held when its discard named none may have been thrown: the ace
    given Dan after it, named among the discards gathered, is in his hand still (L1); it
    was taken for one his discard might have thrown."""
    from tests.conftest import REPO

    log = load_case(REPO / "cases" / "l01-a-card-collected-with-the-discards-while-a-hand-holds-it-is-seen-again.json")
    log["events"][18] = {"type": "discard", "player": "Dan", "count": 4}
    log["events"][20] = {"type": "give", "to": "Dan", "count": 4, "cards": ["Ah", "Ad", "Ac", "Kh"]}
    log["events"][29] = {"type": "collect_discards", "cards": ["Ah"]}
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"]] == [("L1", 29), ("L41", 29)]


@pytest.mark.parametrize("before, promised", [("Dan passes\n", False), ("", True)])
def test_a_card_exposed_before_the_discard_is_owed_again_only_to_one_who_will_draw(before, promised):
    """L40 at a give all exposed before the player discards: his discard, when he makes it,
    is owed him; not where he has passed (law 35's give that changes nothing): there the
    ruling promised a discard and a debt that never come."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\nBob discards 1; Bob asks 1; Bob gets 1\n"
            f"Cat discards 1; Cat asks 1; Cat gets 1\n{before}Dan gets 1 exposed 1\n")
    log, _ = parse_checked(text, "x.hand")
    (summary,) = [f["summary"] for f in check_log(log)["findings"] if f["id"] == "L40"]
    assert ("when they make it, Ann owes what was not given face down" in summary) is promised
    assert ("no more are owed" in summary) is not promised


def test_a_stake_after_a_say_no_one_opened_says_no_show_is_to_come():
    """Law 29's game over, its pool staying: Cat's stake after it was ruled "after the
    betting had closed: the bets being equal, the hands are shown", where there was no
    betting and no hand is shown."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat demands show 1; Dan passes; Ann passes; Bob passes\nCat plays 2\n")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log)
    (late,) = [f for f in report["findings"] if f["event"] == 9]
    assert late["id"] == "L59" and "no one opening the game: there is no betting and no show" in late["summary"]
    assert "the hands are shown" not in late["summary"] and report["games"][0]["winners"] == []


@pytest.mark.parametrize("dealt, show_before", [("Jc Jd 9h 6s 3c", False), ("9c 9d 8h 6s 3c", False),
                                                ("9c 9d 8h 6s 3c", True)])
def test_a_stake_by_a_jack_pot_opener_left_alone_says_the_others_passed(dealt, show_before):
    """Reading 25: a jack-pot opener left alone whose claim waits for his show (or who could
    not claim, a false opener) stakes again: law 59's stake after the close, his counters to
    the pool. It was said "the bets being equal, the hands are shown", where the others had
    passed and no bets were equal."""
    show = f"Cat shows ({dealt})\n"
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat passes; Ann passes; Bob passes\nBob deals; Bob shuffles; Ann cuts; Cat antes 1; Ann antes 1; "
            f"Bob antes 1\ndealt Cat ({dealt}), Ann 5, Bob 5\nCat opens 2; Ann passes; Bob passes\n"
            f"{show if show_before else ''}Cat plays 4\n{'' if show_before else show}")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log)
    (late,) = [f for f in report["findings"] if f["id"] == "L59"]
    assert late["player"] == "Cat" and "every other player having passed or retired" in late["summary"]
    assert "bets being equal" not in late["summary"] and "hands are shown" not in late["summary"]
    staked = sum(line["amount"] for line in report["ledger"] if line["from"] == "Cat" and line["what"] != "penalty")
    assert staked == 5  # his ante, his opening 2 and his late 2, in the pool


def test_the_rest_after_a_show_for_nothing_proved_best_is_law_60s():
    """Law 60: "The holder of the next best hand shall claim the remainder of the pool". A
    demander for 0 proved best takes nothing; the rest went to the next best hand cited as
    law 59's win of the best hand, where after any other sum it is law 60's."""
    text = ("players Ann Bob Cat Dan Eve; limit 20; ante 1\nAnn deals; Ann shuffles; Eve cuts; Bob antes 1\n"
            "dealt\nCat opens 2; Dan plays 2; Eve plays 2; Ann demands show 0; Bob passes\n"
            "Cat discards 0; Dan discards 0; Eve discards 0; Ann discards 0\nCat plays 2; Dan plays 2; Eve plays 2\n"
            "Ann shows (Ks Ts 8s 5s 3s); Cat shows (4d 5h 6c 7s 8d); Dan shows (Jc Jd Jh 9c 2d); "
            "Eve shows (Qc Qh 9d 7h 2c)\n")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log)
    assert [(line["to"], line["amount"], line["rule"]) for line in report["ledger"] if line["what"] == "win"] == [
        ("Cat", 7, "L60")]
    assert report["net"] == {"Ann": 0, "Bob": -1, "Cat": 5, "Dan": -2, "Eve": -2}


def test_a_card_exposed_twice_to_one_player_is_one_card_kept_from_him():
    """Law 40: the card exposed "shall not be given to the player". Ks exposed giving Cat
    twice is one card back in the pack, not two: As, never exposed, given her next was
    ruled law 40's ("the pack held fewer besides those exposed to them")."""
    from arbiter.resources import cases_dir

    log = json.loads((cases_dir() / "l40-a-card-exposed-to-two-players-is-given-to-neither.json").read_text())
    log["events"] = log["events"][:16] + [
        {"type": "discard", "player": "Cat", "count": 5, "cards": ["7c", "8c", "9c", "Tc", "Jc"]},
        {"type": "give", "to": "Cat", "count": 1, "cards": ["Ks"], "exposed": 1},
        {"type": "give", "to": "Cat", "count": 1, "cards": ["Ks"], "exposed": 1},
        {"type": "give", "to": "Cat", "count": 1, "cards": ["As"]}]
    findings = [(f["id"], f["event"]) for f in check_log(log)["findings"]]
    assert findings == [("L40", 17), ("L40", 18)]
