"""A report's table of games, drawn as tabulate draws it, without importing tabulate.

Why: tabulate imports `importlib.metadata` to learn its own version, some 20 ms at
start: a fifth of `arbiter check LOG`. The games table holds plain cells (counts,
names, short words); for those, `tabulate` here draws what tabulate's own function
draws with the same arguments, character for character (a test holds the two equal on
many tables). A table with any other cell goes to tabulate itself: a word tabulate
could read as a number (a name "12", "1,000", "nan", "True"), white space at a cell's
ends, a character that is not printable ASCII (tabulate may measure it otherwise).
"""

from __future__ import annotations

from typing import Any, Sequence

_FORMATS = ("simple", "github")


def tabulate(rows: Sequence[Sequence[Any]], headers: Sequence[str], tablefmt: str = "simple") -> str:
    """`tabulate.tabulate(rows, headers=headers, tablefmt=tablefmt)`."""
    if not (rows and tablefmt in _FORMATS and _plain_table(rows, headers)):
        from tabulate import tabulate as drawn

        return drawn(rows, headers=headers, tablefmt=tablefmt)
    columns = list(zip(*rows))
    numeric = [all(type(cell) is int for cell in column) for column in columns]
    widths = [max(len(header) + 2, *(len(str(cell)) for cell in column)) for header, column in zip(headers, columns)]

    def line(cells: Sequence[Any]) -> list[str]:
        return [str(cell).rjust(width) if right else str(cell).ljust(width)
                for cell, width, right in zip(cells, widths, numeric)]

    rule = ["-" * width for width in widths]  # the line below the headers
    if tablefmt == "simple":
        return "\n".join("  ".join(cells).rstrip() for cells in (line(headers), rule, *map(line, rows)))
    rule = [f"-{dashes}-" for dashes in rule]
    return "\n".join("|" + "|".join(cells) + "|"
                     for cells in ([f" {cell} " for cell in line(headers)], rule,
                                   *([f" {cell} " for cell in line(row)] for row in rows)))


def _plain_table(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> bool:
    width = len(headers)
    return all(type(h) is str and _plain_word(h) for h in headers) and all(
        len(row) == width and all(type(cell) is int or (type(cell) is str and _plain_word(cell)) for cell in row)
        for row in rows)


def _plain_word(text: str) -> bool:
    """A cell that tabulate takes as text and measures by its length: printable ASCII,
    no white space at its ends, and no number in any form tabulate reads: none Python
    reads ("12", "1e5", "nan"), and no digits without a letter ("1,000")."""
    if not text or not text.isascii() or not text.isprintable() or text != text.strip() or text in ("True", "False"):
        return False
    if any(c.isdigit() for c in text) and not any(c.isalpha() for c in text):
        return False
    for read in (int, float):
        try:
            read(text)
        except ValueError:
            continue
        return False
    return True
