"""Tables of text in columns: the games of a report, the list of the laws.

Our own, small, rather than a library's: a table here is a few columns of names, words
and whole numbers, in two forms (`simple`, a terminal's, and `github`, Markdown's), and
a check of one log should not pay for importing a general one. A column of whole numbers
is set to the right, any other to the left; a cell is measured as a terminal shows it
(a wide character takes two columns, a combining mark none).
"""

from __future__ import annotations

import unicodedata
from typing import Any, Sequence

FORMATS = ("simple", "github")


def draw_table(rows: Sequence[Sequence[Any]], headers: Sequence[str], fmt: str = "simple") -> str:
    """The rows under their headers, in columns: `simple` (a rule of dashes under the
    headers) or `github` (Markdown's table)."""
    columns = list(zip(*rows)) if rows else [() for _ in headers]
    right = [bool(column) and all(type(cell) is int for cell in column) for column in columns]
    widths = [max(width(header) + 2, *(width(str(cell)) for cell in column), 0)
              for header, column in zip(headers, columns)]

    def line(cells: Sequence[Any]) -> list[str]:
        return [pad(str(cell), size, at_right) for cell, size, at_right in zip(cells, widths, right)]

    rule = ["-" * size for size in widths]
    if fmt == "simple":
        return "\n".join("  ".join(cells).rstrip() for cells in (line(headers), rule, *map(line, rows)))
    if fmt != "github":
        raise ValueError(f"no table format {fmt!r}: {', '.join(FORMATS)}")
    lines = ["|" + "|".join(f" {cell} " for cell in cells) + "|" for cells in (line(headers), *map(line, rows))]
    lines.insert(1, "|" + "|".join(f"-{dashes}-" for dashes in rule) + "|")
    return "\n".join(lines)


def width(text: str) -> int:
    """The columns a terminal gives the text."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


def pad(text: str, size: int, right: bool) -> str:
    space = " " * max(size - width(text), 0)
    return space + text if right else text + space
