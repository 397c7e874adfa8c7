"""The CSV of `settle` and `season` opened by a spreadsheet: a name from a log that would
begin a formula is written as text (a leading apostrophe), numbers as numbers."""

from __future__ import annotations

import csv
import io

from arbiter.checker import check_file
from arbiter.render.spreadsheet import cell
from tests.conftest import in_process
from tests.evening_support import write_night

FORMULA = "=cmd|'/C calc'!A0"  # written into the log's JSON as it stands: no double quote


def test_a_cell_that_would_begin_a_formula_is_quoted_and_numbers_are_not():
    for text in (FORMULA, '=HYPERLINK("http://example.com")', "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"):
        assert cell(text) == "'" + text
    for plain in ("Ann", "", "1=1", 'a "=" b'):
        assert cell(plain) == plain
    assert cell(-4) == -4 and cell(0) == 0


def test_settle_and_season_write_a_player_named_as_a_formula_as_text(tmp_path):
    first = write_night(tmp_path, "a.json", 31, 4, 3, 0.0)
    nets = check_file(first)["net"]
    named = max(nets, key=lambda player: abs(nets[player]))  # one who pays or is paid
    assert nets[named] != 0
    night = write_night(tmp_path / "club", "night.json", 31, 4, 3, 0.0, rename={named: FORMULA})
    code, out, err = in_process("settle", night, "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    cells = [value for row in rows for value in row.values()]
    assert "'" + FORMULA in cells and FORMULA not in cells
    code, out, err = in_process("season", str(tmp_path / "club"), "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {row["player"] for row in rows} == {"'" + FORMULA, *(set(nets) - {named})}
    assert sum(int(row["net"]) for row in rows) == sum(nets.values()) and any(row["net"].startswith("-") for row in rows)
