"""What every command writes (`arbiter/cli/output.py`): to a terminal, text repeated from
outside (a log's file name) drives nothing; to a pipe or a file, it is written as it is."""

from __future__ import annotations

import io
import sys

from arbiter.cli import output

OSC_TITLE = "\x1b]0;owned\x07"  # sets the window's title
CSI_CLEAR = "\x1b[2J"  # clears the screen
C1_CSI = "\x9b31m"  # the one-byte CSI: red


class Stream(io.TextIOWrapper):
    """A UTF-8 text stream, a terminal or not."""

    def __init__(self, terminal: bool) -> None:
        super().__init__(io.BytesIO(), encoding="utf-8")
        self.terminal = terminal

    def isatty(self) -> bool:
        return self.terminal

    def written(self) -> str:
        self.flush()
        return self.buffer.getvalue().decode("utf-8")  # type: ignore[attr-defined]


def echoed(text: str, terminal: bool, monkeypatch) -> str:
    stream = Stream(terminal)
    monkeypatch.setattr(sys, "stdout", stream)
    output.echo(text)
    return stream.written()


def test_to_a_terminal_escapes_from_a_file_name_are_taken_out_lines_and_tabs_kept(monkeypatch):
    name = f"{OSC_TITLE}night{CSI_CLEAR}{C1_CSI}.json"
    shown = echoed(f"arbiter: left out, invalid: {name}: not valid JSON\n\tZoë\tAnn", True, monkeypatch)
    assert shown == "arbiter: left out, invalid: night.json: not valid JSON\n\tZoë\tAnn\n"


def test_to_a_pipe_the_text_is_written_as_it_is_but_for_click_s_colours(monkeypatch):
    text = "Zoë, Ann: 5 €\n\tnight.json\x9b"
    assert echoed(text, False, monkeypatch) == text + "\n"
    # with an ESC in it, the text goes to click.echo, which strips colours from a pipe (as before)
    assert echoed(f"a{CSI_CLEAR}b", False, monkeypatch) == "ab\n"


def test_explain_and_house_check_take_escapes_out_of_a_file_name_to_a_terminal(monkeypatch, tmp_path):
    """robustness.md: written to a terminal, every command's output has its control
    characters taken out. `explain` and `house check` wrote with click.echo, which takes
    them out of a pipe only: a log or house file named with a title-setting sequence set
    the terminal's title."""
    import pytest

    from arbiter.cli import main
    from arbiter.resources import cases_dir, rules_dir

    log = tmp_path / f"night{OSC_TITLE}.json"
    log.write_bytes((cases_dir() / "l02-draw-for-deal-ace-lowest.json").read_bytes())
    house = tmp_path / f"club{OSC_TITLE}.yaml"
    house.write_bytes((rules_dir() / "house" / "no-straddling.yaml").read_bytes())
    for args in (["explain", str(log)], ["house", "check", str(house)], ["explain", str(log), "--house", str(house)]):
        stream = Stream(True)
        monkeypatch.setattr(sys, "stdout", stream)
        with pytest.raises(SystemExit):
            main(args)
        assert "\x1b" not in stream.written() and ("night.json" in stream.written() or args[1] == "check"), args


def test_a_file_name_with_line_breaks_is_named_on_one_line(tmp_path):
    """A log named "nl⏎fake.json: ok⏎x.json" printed a line "fake.json: ok" of its own in the
    table, as if another log had been checked and found clean: the text formats name a file
    on one line (its line breaks made spaces, as Markdown shows them); JSON carries it whole."""
    import json

    from click.testing import CliRunner

    from arbiter.cli import cli
    from arbiter.resources import cases_dir

    folder = tmp_path / "night"
    folder.mkdir()
    log = folder / "nl\nfake.json: ok\nx.json"
    log.write_bytes((cases_dir() / "a1-jackpot-say-out-of-turn.json").read_bytes())
    (folder / "bad\nfake.json: ok\n.json").write_text("{", encoding="utf-8")
    runner = CliRunner()
    checked = runner.invoke(cli, ["check", str(folder)]).output.splitlines()
    assert "fake.json: ok" not in checked
    assert f"{folder}/nl fake.json: ok x.json: irregular" in checked
    assert f"{folder}/bad fake.json: ok .json: invalid" in checked
    as_json = json.loads(runner.invoke(cli, ["check", str(folder), "--format", "json"]).output)
    assert sorted(r["file"] for r in as_json["reports"]) == sorted(str(p) for p in folder.iterdir())
    assert runner.invoke(cli, ["explain", str(log)]).output.splitlines()[0] == f"{folder}/nl fake.json: ok x.json"
    settled = runner.invoke(cli, ["settle", str(folder)])
    left_out = [line for line in settled.stderr.splitlines() if "left out" in line]
    assert left_out == [f"arbiter: left out, invalid: {folder}/bad fake.json: ok .json: not valid JSON: "
                        "Expecting property name enclosed in double quotes at line 1, column 2"]


def test_a_house_file_or_report_named_with_line_breaks_is_named_on_one_line(tmp_path, capsys):
    """`house check`, a house file's error and `verify` printed a name's line break as it is:
    "arbiter: bad" on one line and "h.yaml: parameters/…" on the next."""
    from click.testing import CliRunner

    from arbiter.cli import cli
    from arbiter.resources import cases_dir

    runner = CliRunner()
    good, bad = tmp_path / "ok\nh.yaml", tmp_path / "bad\nh.yaml"
    good.write_text("parameters:\n  cards_per_hand: 5\n", encoding="utf-8")
    bad.write_text("parameters:\n  cards_per_hand: 99\n", encoding="utf-8")
    assert runner.invoke(cli, ["house", "check", str(good)]).output.splitlines()[0] == \
        f"ok h ({tmp_path}/ok h.yaml): read cleanly"
    import pytest

    from arbiter.cli import main

    with pytest.raises(SystemExit) as refused:
        main(["house", "check", str(bad)])
    assert refused.value.code == 2 and capsys.readouterr().err.startswith(f"arbiter: {tmp_path}/bad h.yaml: parameters/")
    log = tmp_path / "x\ny.json"
    log.write_bytes((cases_dir() / "l02-draw-for-deal-ace-lowest.json").read_bytes())
    report = tmp_path / "r\nr.json"
    report.write_text(runner.invoke(cli, ["check", str(log), "--format", "json"]).output, encoding="utf-8")
    verified = runner.invoke(cli, ["verify", str(report), str(log)])
    assert verified.exit_code == 0 and verified.output.startswith(f"stands: {tmp_path}/r r.json is what arbiter")
    assert len(verified.output.splitlines()) == 1
