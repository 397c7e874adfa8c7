"""Rows for a spreadsheet: the CSV that `settle` and `season` write.

A name comes from the logs, and a log may name a player `=HYPERLINK("…")` or be a file
called `+1.json`: a spreadsheet that opens the CSV would take such a cell for a formula
and run it. A text cell that begins as a formula does (`=`, `+`, `-`, `@`, a tab or a
carriage return) is written with a leading apostrophe, as OWASP advises for CSV: the
sheet shows the text and runs nothing. Numbers are written as they are (a net of -4
stays a number).
"""

from __future__ import annotations

import csv
import io
from typing import Iterable, Sequence

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def cell(value: object) -> object:
    """The value as a spreadsheet should read it: text that would begin a formula, quoted."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A header and one record a row, each text cell made safe to open."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([cell(value) for value in row] for row in rows)
    return out.getvalue()
