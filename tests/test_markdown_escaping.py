"""Markdown output escapes everything a log puts in it: player names cannot inject HTML
(`<script>`, `"><img onerror=…>`) nor change the page's structure (a `|` splitting a
table cell, `*` or `[…](…)` turning words into emphasis or links)."""

from __future__ import annotations

import html
import json
import re

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from arbiter.cli import main
from arbiter.escapes import printable
from arbiter.render.markdown import md
from arbiter.resources import cases_dir
from tests.conftest import load_case

HOSTILE = {"Ann": "<script>alert(1)</script>", "Bob": '"><img src=x onerror=alert(2)>', "Cat": "C|a*t_[x](y)`~#"}


def hostile_log(tmp_path):
    """The L13 case with players named to break a page."""
    text = json.dumps(load_case(cases_dir() / "l13-foul-hand-lifted.json"))
    for plain, hostile in HOSTILE.items():
        text = text.replace(json.dumps(plain), json.dumps(hostile))
    path = tmp_path / "hostile.json"
    path.write_text(text, encoding="utf-8")
    return path


def in_process(*args: str) -> tuple[int, str]:
    with CliRunner().isolation() as (out, _err, _):
        try:
            main(list(args))
        except SystemExit as exited:
            code = exited.code
    return code, out.getvalue().decode()


def unescaped(markdown: str) -> str:
    """The text a reader sees: backslash escapes and entities undone (as CommonMark does)."""
    return html.unescape(re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown))


@pytest.mark.parametrize("command", [["check", "--format", "markdown"], ["explain", "--format", "markdown"]])
def test_names_reach_markdown_as_words_only(tmp_path, command):
    code, out = in_process(*command, str(hostile_log(tmp_path)))
    assert code in (0, 1)
    assert "<" not in out and ">" not in out.replace("\n  > ", "\n").replace("\n    > ", "\n")  # only quote marks
    for name in HOSTILE.values():
        assert name not in out  # never verbatim …
        assert name in unescaped(out)  # … but read as written
    assert not re.search(r"(?<!\\)[*_]\[?x", out)  # no emphasis or link opened by a name


def test_a_name_with_a_bar_does_not_split_the_games_table(tmp_path):
    _, out = in_process("check", "--format", "markdown", str(hostile_log(tmp_path)))
    rows = [line for line in out.splitlines() if line.startswith("|")]
    assert len(rows) == 3  # header, rule, one game
    assert {len(re.findall(r"(?<!\\)\|", row)) for row in rows} == {9}  # eight columns each


@given(st.text())
def test_md_keeps_the_words_and_leaves_no_markup(text):
    escaped = md(text)
    assert not re.search(r"[<>\n\r]", escaped)
    assert not re.search(r"(?<!\\)[`*_\[\]|~#]", escaped.replace("\\\\", ""))
    assert not re.search(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]", escaped)  # nothing a terminal obeys
    assert unescaped(escaped) == re.sub(r"[\r\n\u2028\u2029\x0b\x0c\x85]+", " ", printable(text))


@pytest.mark.parametrize("command", [["check", "--format", "markdown"], ["explain", "--format", "markdown"]])
def test_a_file_name_drives_no_terminal_from_a_page(tmp_path, command):
    """A page is read with `cat` too: a file named with ESC c (a terminal's full reset) or
    an OSC title kept them raw in its heading, written to a pipe or a file."""
    for name in ("v\x1bcw.json", "o\x1b]2;TITLE\x07y.json"):
        path = tmp_path / name
        path.write_text(json.dumps(load_case(cases_dir() / "l13-foul-hand-lifted.json")), encoding="utf-8")
        code, out = in_process(*command, str(path))
        assert code in (0, 1) and "\x1b" not in out and "\x07" not in out
        assert printable(str(path)).replace(".json", "") in unescaped(out)
        path.unlink()


@pytest.mark.parametrize("command", [["check", "--format", "markdown"], ["explain", "--format", "markdown"]])
def test_a_name_like_a_list_marker_does_not_open_a_list(tmp_path, command):
    """An effect is a list item that begins with a name: "- Dash" or "1) One" there opened a
    list of its own, and the name lost its first characters (CommonMark)."""
    text = json.dumps(load_case(cases_dir() / "l13-foul-hand-lifted.json"))
    for plain, marker in {"Ann": "- Dash", "Bob": "+ Plus", "Cat": "1) One"}.items():
        text = text.replace(json.dumps(plain), json.dumps(marker))
    path = tmp_path / "markers.json"
    path.write_text(text, encoding="utf-8")
    _, out = in_process(*command, str(path))
    items = [line.split("- ", 1)[1] for line in out.splitlines() if re.match(r"\s*- ", line)]
    assert items and not [item for item in items if re.match(r"[-+=]|\d+[.)](\s|$)", item)]
    assert "\\- Dash refunds 1 to + Plus" in out  # escaped where it begins the item, as written within it


def test_the_closing_lines_are_paragraphs_apart_not_run_into_one():
    """In Markdown, lines with no blank between them are one paragraph: the net, the stacks
    and the house rules ran into one line ("Net: … Cat -4 Stacks after game 1: … house rules: …")."""
    path = cases_dir() / "house" / "table-stakes-a-call-for-what-he-has.json"
    _, out = in_process("check", "--format", "markdown", "--house", "table-stakes", str(path))
    tail = out[out.index("**Net**"):].splitlines()
    assert tail[:5] == [tail[0], "", tail[2], "", "  house rules: table-stakes"] and tail[2].startswith("**Stacks**")
    _, out = in_process("check", "--format", "markdown", "--house", "table-stakes", "no-such-log.json")
    assert "\n\n  house rules: table-stakes" in out and "\n\n  error: cannot read the file" in out
