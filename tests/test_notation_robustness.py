"""The text notation takes any text without breaking: whatever is typed or pasted (any
Unicode, every class of white space, a log cut anywhere) is read or refused with one
error that names its line and column, never an internal error."""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.errors import LogError
from arbiter.notation import parse_checked
from arbiter.resources import cases_dir

TEXT_CASES = sorted((cases_dir() / "text").glob("*.hand"))
# Every character Python counts as white space: a syntax error followed by any of them
# once broke the message that names what was found.
WHITE_SPACE = [chr(c) for c in range(sys.maxunicode + 1) if chr(c).isspace()]
FORM_FEED_AFTER_AN_ERROR = "players Ann Bob; limit\x0c\n"


def _reads_or_refuses(text: str) -> None:
    try:
        parse_checked(text, "typed.hand")
    except LogError as error:
        assert str(error).startswith("typed.hand: line ") and "\n" not in str(error)


@pytest.mark.parametrize("space", WHITE_SPACE, ids=lambda c: unicodedata.name(c, f"U+{ord(c):04X}"))
def test_a_syntax_error_before_any_white_space_names_its_place(space):
    with pytest.raises(LogError, match=r"^typed.hand: line [12], column \d+: expected a number of counters"):
        parse_checked(f"players Ann Bob; limit{space}\n", "typed.hand")


@pytest.mark.parametrize("digits", ["\u0662\u0660", "\uff12\uff10", "\u096a"], ids=["arabic-indic", "fullwidth", "devanagari"])
def test_an_amount_is_written_in_ascii_digits(digits):
    """`ante ٢٠` read as 20 and came back from `convert` as `20`: JSON, which the notation
    converts to and from, has no other digits."""
    with pytest.raises(LogError, match=r"^typed.hand: line 1, column 33: expected a number of counters .* found"):
        parse_checked(f"players Ann Bob; limit 20; ante {digits}\n", "typed.hand")


def arbiter(*args: str, input: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "arbiter", *args], input=input, capture_output=True, text=True,
                          timeout=60)


@pytest.mark.parametrize("command", [["check", "-"], ["convert", "-", "--to", "json"], ["explain", "-"]])
def test_the_commands_that_read_text_refuse_it_in_one_line(command):
    done = arbiter(*command, input=FORM_FEED_AFTER_AN_ERROR)
    assert done.returncode == 2
    assert "internal error" not in done.stdout + done.stderr
    assert "line 1, column 23: expected a number of counters (1 or more), found '\\x0c'" in done.stdout + done.stderr


def test_a_resumed_table_refuses_it_in_one_line(tmp_path):
    log = tmp_path / "t.hand"
    log.write_text(FORM_FEED_AFTER_AN_ERROR, encoding="utf-8")
    done = arbiter("table", str(log), input="")
    assert done.returncode == 2 and "internal error" not in done.stderr
    assert done.stderr.count("\n") == 1 and "line 1, column 23: expected a number of counters" in done.stderr


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.one_of(st.characters(codec="utf-8"), st.sampled_from(WHITE_SPACE)), max_size=200))
def test_any_unicode_text_is_read_or_refused_with_its_place(text):
    _reads_or_refuses(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(TEXT_CASES), st.data())
def test_a_shipped_text_log_changed_anywhere_is_read_or_refused_with_its_place(path: Path, data):
    """Characters of every kind (white space above all) put in, cut out, or the text cut short."""
    text = path.read_text(encoding="utf-8")
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        change = data.draw(st.sampled_from(["insert", "delete", "cut"]))
        if change == "insert":
            text = text[:at] + data.draw(st.one_of(st.sampled_from(WHITE_SPACE), st.characters(codec="utf-8"),
                                                   st.text(max_size=5))) + text[at:]
        elif change == "delete":
            text = text[:at] + text[at + data.draw(st.integers(1, 10)):]
        else:
            text = text[:at]
    _reads_or_refuses(text)
