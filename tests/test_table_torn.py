"""A table log cut short (at half a line, after one character, in the middle of a UTF-8
character) is resumed: the torn last line is kept as a `# torn:` comment, the user is
told in one line, and the game goes on; a log that cannot be resumed is left as it was."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from arbiter.checker import check_file
from arbiter.cli import cli

HEADER = "players Zoë Bob; limit 20; ante 1\n"
PLAYED = ["Zoë deals", "Zoë shuffles", "Bob cuts", "Bob antes 1", "dealt Bob 5, Zoë 5"]
REST = ["Zoë opens 2", "Bob passes"]


def run(*args: str, input: str):
    return CliRunner().invoke(cli, ["table", *args], input=input)


def cut_log(tmp_path, keep: int):
    """A log of the played lines, then the next line's first `keep` bytes and no line end."""
    log = tmp_path / "night.hand"
    torn = REST[0].encode("utf-8")[:keep]
    log.write_bytes((HEADER + "".join(line + "\n" for line in PLAYED)).encode("utf-8") + torn)
    return log, torn


@pytest.mark.parametrize("keep", [1, 2, 3, 6], ids=["one character", "in the middle of ë", "after ë", "half a line"])
def test_a_torn_last_line_is_kept_as_a_comment_and_the_game_goes_on(tmp_path, keep):
    log, torn = cut_log(tmp_path, keep)
    result = run(str(log), input="\n".join(REST) + "\n")
    assert result.exit_code == 0, result.output
    shown = torn.decode("utf-8", "replace")
    told = [line for line in result.output.splitlines() if "cut short" in line]
    assert told == [f"Line 7 was cut short and does not read: kept as the comment `# torn: {shown}`; "
                    "the game goes on from the line before it."]
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[1:] == [*PLAYED, f"# torn: {shown}", *REST]
    report = check_file(log)
    assert report["status"] != "invalid" and report["games"][0]["winners"] == ["Zoë"]


def test_an_unfinished_last_line_that_reads_stands(tmp_path):
    log = tmp_path / "night.hand"
    log.write_text(HEADER + "\n".join(PLAYED), encoding="utf-8")  # written by hand: no line end at the end
    result = run(str(log), input="\n".join(REST) + "\n")
    assert result.exit_code == 0 and "cut short and does not read" not in result.output
    # it stands, and is said: a write cut short may read too, otherwise (`Cat opens 1` of `Cat opens 12`)
    assert f"Line {len(PLAYED) + 1} had no line end: it reads, and stands (`{PLAYED[-1]}`); if it was cut short, " \
           "`undo` takes it back." in result.output
    assert log.read_text(encoding="utf-8").splitlines()[1:] == [*PLAYED, *REST]
    header_only = tmp_path / "new.hand"
    header_only.write_text(HEADER.rstrip("\n"), encoding="utf-8")
    assert run(str(header_only), input="").exit_code == 0
    assert header_only.read_text(encoding="utf-8") == HEADER


@pytest.mark.parametrize("fragment, said", [("   ", None), ("# the last word", "(`# the last word`).")])
def test_an_unfinished_last_line_with_no_event_is_not_offered_to_undo(tmp_path, fragment, said):
    """Its notice said `undo` takes it back: `undo` took back the event on the line before it."""
    log = tmp_path / "night.hand"
    log.write_text(HEADER + "\n".join(PLAYED) + "\n" + fragment, encoding="utf-8")
    result = run(str(log), input="")
    assert result.exit_code == 0 and "`undo` takes it back" not in result.output
    assert (f"Line {len(PLAYED) + 2} had no line end: it reads, and stands {said}" in result.output) == bool(said)
    assert log.read_text(encoding="utf-8").splitlines()[1:] == [*PLAYED, fragment]


def test_a_log_that_cannot_be_resumed_is_left_untouched(tmp_path):
    log = tmp_path / "broken.hand"
    data = (HEADER + "Zoë dels\n" + "Bob pl").encode("utf-8")
    log.write_bytes(data)
    result = run(str(log), input="Bob passes\n")
    assert result.exit_code != 0
    assert log.read_bytes() == data
