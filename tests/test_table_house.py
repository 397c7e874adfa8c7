"""The live table keeps its house rules: `table --house` writes them into the `.hand`
header, and `check`, `explain` and a resumed `table` play under them."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from arbiter.checker import check_log
from arbiter.cli import cli, main
from arbiter.notation import read_text_log, write_text
from tests.conftest import REPO, load_case

DEAL = "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt Bob 4, Cat 4, Dan 5, Ann 5\nBob lifts\n"


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


def run_main(capsys, *args: str) -> tuple[int, str]:
    """A command as `arbiter` runs it: its exit code, and what it printed."""
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    out, err = capsys.readouterr()
    return exited.value.code, out + err


def no_l13(tmp_path):
    house = tmp_path / "no-l13.yaml"
    house.write_text("name: no-l13\ndescription: a test house\ndisable: [L13]\n", encoding="utf-8")
    return house


def test_table_writes_the_house_rules_into_the_header_and_plays_under_them(tmp_path):
    house, log = no_l13(tmp_path), tmp_path / "game.hand"
    new = run("table", str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
              "--house", str(house), input=DEAL + "quit\n")
    assert new.exit_code == 0, new.output
    # the file by its path from the log's folder, where `check` and a resumed table look for it
    assert log.read_text(encoding="utf-8").splitlines()[0] == "players Ann Bob Cat Dan; limit 20; ante 1; house no-l13.yaml"
    assert "[L13" not in new.output
    resumed = run("table", str(log), input="Cat lifts\nquit\n")
    assert resumed.exit_code == 0, resumed.output
    assert "[L13" not in resumed.output
    plain = tmp_path / "plain.hand"
    control = run("table", str(plain), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                  input=DEAL + "Cat lifts\nquit\n")
    assert control.output.count("[L13 irregularity]") == 2


def test_check_and_explain_read_the_house_rules_from_the_header(tmp_path, capsys):
    house, log = no_l13(tmp_path), tmp_path / "game.hand"
    log.write_text(f"players Ann Bob Cat Dan; limit 20; ante 1; house {json.dumps(str(house))}\n{DEAL}",
                   encoding="utf-8")
    code, out = run_main(capsys, "check", str(log))
    assert code == 0 and "house rules: no-l13" in out, out
    assert run_main(capsys, "check", str(log), "--house", "blaze")[0] == 1  # --house on the command line wins
    code, out = run_main(capsys, "explain", str(log))
    assert code == 0 and "House rules in force: no-l13 (L13 switched off)" in out and "* L13" not in out, out


def test_a_json_log_may_name_its_house_and_it_converts_both_ways():
    log = load_case(REPO / "cases/house/blaze-beats-two-pairs.json")
    assert check_log(log)["status"] == "irregular"  # meta.house only records the case's house
    log["table"]["house"] = "blaze"
    assert check_log(log)["status"] == "ok" and check_log(log)["house_rules"]["name"] == "blaze"
    assert read_text_log(write_text(log).encode(), "x.hand") == log


def test_house_rules_that_cannot_be_read_make_the_log_invalid(tmp_path, capsys):
    log = tmp_path / "game.hand"
    log.write_text(f"players Ann Bob Cat Dan; limit 20; ante 1; house nosuch\n{DEAL}", encoding="utf-8")
    code, out = run_main(capsys, "check", str(log))
    assert code == 2 and "'nosuch' is no such file beside the log" in out and "nor a shipped house-rules name" in out


def test_house_rules_a_log_names_that_are_a_folder_are_said_to_be_no_file(tmp_path, capsys):
    """A folder beside the log of the name the table gives is there: not "no such file",
    but what `--house` says of it (a log's own house and the option speak alike)."""
    (tmp_path / "club.yaml").mkdir()
    log = tmp_path / "game.hand"
    log.write_text(f"players Ann Bob Cat Dan; limit 20; ante 1; house club.yaml\n{DEAL}", encoding="utf-8")
    code, out = run_main(capsys, "check", str(log))
    assert code == 2 and "'club.yaml' is not a file (a house-rules file is a YAML file) beside the log" in out, out


def test_a_house_file_given_from_another_folder_is_named_from_the_logs(tmp_path, monkeypatch, capsys):
    """`--house h.yaml` typed in one folder for a log kept in another: the header names the
    file by its path from the log's folder, so the file the table wrote checks under the
    house rules it was played under (before, it named `h.yaml`, which `check` looked for
    beside the log: the log was invalid)."""
    no_l13(tmp_path)
    (tmp_path / "games").mkdir()
    monkeypatch.chdir(tmp_path)
    new = run("table", "games/game.hand", "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
              "--house", "no-l13.yaml", input=DEAL + "quit\n")
    assert new.exit_code == 0, new.output
    assert (tmp_path / "games" / "game.hand").read_text(encoding="utf-8").splitlines()[0].endswith(
        'house "../no-l13.yaml"')
    code, out = run_main(capsys, "check", str(tmp_path / "games" / "game.hand"))
    assert code == 0 and "house rules: no-l13" in out, out


def test_a_game_resumed_whose_house_rules_cannot_be_found_is_refused(tmp_path, capsys, monkeypatch):
    """SPEC §5 and 28: house rules the header names that cannot be used are an error (exit
    2), not dropped: before, the table resumed under Peel's rules and offered their stakes."""
    log = tmp_path / "game.hand"
    log.write_text(f"players Ann Bob Cat Dan; limit 20; ante 1; house gone.yaml\n{DEAL}", encoding="utf-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    code, out = run_main(capsys, "table", str(log))
    assert code == 2 and "'gone.yaml' is no such file beside the log" in out, out


def test_a_game_whose_stakes_were_all_given_back_leaves_nothing_in_the_pool(tmp_path):
    """no-jackpots: no one opens, every stake is given back (the club's H1), and the table
    said "no one opened; the pool stays", beside the rulings that had just emptied it."""
    log = tmp_path / "game.hand"
    said = run("table", str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
               "--house", "no-jackpots", input="Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
               "Cat passes\nDan passes\nAnn passes\nBob passes\nquit\n")
    assert said.exit_code == 0, said.output
    assert "game 1 is over: no one opened; nothing is left in the pool. Next: Bob deals." in said.output
    assert "the pool stays" not in said.output


def test_next_in_words_names_a_pass_that_is_the_only_act_open(tmp_path):
    """table-stakes: Cat has no counters on the table, so she may only pass; the answer in
    words said "Cat to act" and named no act (the JSON had `pass`)."""
    log = tmp_path / "game.hand"
    log.write_text("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 50, Bob 50, Cat 0, Dan 50; "
                   "house table-stakes\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt Bob 5, Cat 5, Dan 5, Ann 5\n",
                   encoding="utf-8")
    said = run("next", str(log))
    assert said.exit_code == 0 and said.output.startswith("Cat's say: pass\n"), said.output


def test_a_club_rule_on_openers_does_not_tell_the_table_a_hand_it_has_not_seen(tmp_path):
    """jacks-to-open: Cat holds no knaves, and the log says so; the answer offers her the
    opening as it would were her cards not named (as law 30's openers in a jack-pot,
    SPEC item 28), so that it does not tell the table what she holds; her opening is judged."""
    said = {}
    for name, cat in (("named", "(Th Td 4c 5s 8h)"), ("face down", "5")):
        log = tmp_path / f"{name}.hand"
        log.write_text("players Ann Bob Cat Dan; limit 20; ante 1; house jacks-to-open\n"
                       "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                       f"dealt Bob 5, Cat {cat}, Dan 5, Ann 5\n", encoding="utf-8")
        said[name] = run("next", str(log), "--format", "json")
        assert said[name].exit_code == 0, said[name].output
    assert said["named"].output == said["face down"].output
    assert json.loads(said["named"].output)["acts"] == [{"type": "open", "minimum": 2, "maximum": 21},
                                                        {"type": "pass"}]
    with (tmp_path / "named.hand").open("a", encoding="utf-8") as log:
        log.write("Cat opens 2\n")
    checked = run("check", str(tmp_path / "named.hand"), "--format", "json")
    assert [f["id"] for f in json.loads(checked.output)["reports"][0]["findings"]] == ["H1"]
