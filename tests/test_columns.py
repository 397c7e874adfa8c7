"""Our table writer (`arbiter/render/columns.py`) keeping to a terminal's width, and `arbiter laws`
at 80 columns (issue 23, item 4): the titles wrap, the other columns stay as they were."""

from __future__ import annotations

import json

import pytest

from arbiter.render.columns import draw_table, width, wrap
from tests.conftest import in_process


def _titles(listing: str) -> dict[str, str]:
    """The title of each rule of `arbiter laws`' table, its wrapped lines joined again."""
    lines = listing.splitlines()
    start = lines[1].split("  ")  # the rule of dashes: where each column begins and ends
    left = len(start[0]) + 2 + len(start[1]) + 2
    right = left + len(start[2])
    titles: dict[str, str] = {}
    current = ""
    for line in lines[2:]:
        if line[:left].strip():
            current = line.split()[0]
            titles[current] = line[left:right].strip()
        else:
            titles[current] += " " + line[left:right].strip()
    return titles


def test_laws_keep_to_an_80_column_terminal_and_every_title_is_there_whole(monkeypatch, rulebook):
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = in_process("laws")
    assert code == 0
    assert max(width(line) for line in out.splitlines()) <= 80
    assert _titles(out) == {rule.id: rule.title for rule in rulebook.in_order()}
    first = next(line for line in out.splitlines() if line.startswith("L46 "))
    assert first.split()[-2:] == ["ruling", str(len(rulebook.get("L46").cases))]  # on the rule's first line


@pytest.mark.parametrize("columns", ["60", "120", "200"])
def test_laws_take_the_width_they_are_given(monkeypatch, columns, rulebook):
    monkeypatch.setenv("COLUMNS", columns)
    out = in_process("laws")[1]
    widest = max(width(line) for line in out.splitlines())
    assert widest <= int(columns)
    assert _titles(out) == {rule.id: rule.title for rule in rulebook.in_order()}
    if columns == "200":  # room for every title: one line a rule
        assert len(out.splitlines()) == 2 + len(rulebook.rules)


def test_the_width_changes_only_the_table(monkeypatch):
    outputs = {}
    for columns in ("80", "200"):
        monkeypatch.setenv("COLUMNS", columns)
        outputs[columns] = [in_process("laws", "--format", fmt)[1] for fmt in ("json", "markdown")]
    assert outputs["80"] == outputs["200"]
    assert json.loads(outputs["80"][0])[0]["id"] == "L1"
    assert all(line.startswith("|") for line in outputs["80"][1].splitlines())  # a Markdown row is one line


def test_the_widest_column_of_words_wraps_and_the_numbers_keep_their_line():
    rows = [["L1", "a short title", 3], ["L2", "a title much longer than the others are", 12]]
    drawn = draw_table(rows, ["ID", "title", "n"], fit=24).splitlines()
    assert max(map(width, drawn)) <= 24
    assert drawn[2:] == ["L1    a short title    3",
                         "L2    a title much    12",
                         "      longer than",
                         "      the others",
                         "      are"]
    assert draw_table(rows, ["ID", "title", "n"], fit=200) == draw_table(rows, ["ID", "title", "n"])
    assert draw_table(rows, ["ID", "title", "n"], "github", fit=24) == draw_table(rows, ["ID", "title", "n"], "github")


def test_a_column_is_never_narrowed_below_its_header():
    drawn = draw_table([["L1", "some words here", 1]], ["ID", "title", "n"], fit=5).splitlines()
    assert drawn[1].split("  ")[1] == "-------"  # the header's width and its margin
    assert [line[6:13].strip() for line in drawn[2:]] == ["some", "words", "here"]


def test_wrapping_measures_as_a_terminal_shows_and_cuts_a_word_too_long():
    assert wrap("李李李 ab", 4) == ["李李", "李", "ab"]
    assert wrap("abcdefghij kl", 4) == ["abcd", "efgh", "ij", "kl"]
    assert wrap("", 4) == [""]
