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
