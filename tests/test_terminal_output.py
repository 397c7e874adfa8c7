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
