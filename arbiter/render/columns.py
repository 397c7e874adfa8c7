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


def draw_table(rows: Sequence[Sequence[Any]], headers: Sequence[str], fmt: str = "simple",
               fit: int | None = None) -> str:
    """The rows under their headers, in columns: `simple` (a rule of dashes under the
    headers) or `github` (Markdown's table). `fit` (`simple` only: a Markdown row is one
    line): the columns a line may take, a terminal's width; the widest column of words is
    narrowed to it, each of its cells wrapped over as many lines as it needs, the other
    cells of the row left blank on them. It is never narrowed below its header: on a
    terminal too narrow for the other columns, lines stay longer than `fit`."""
    columns = list(zip(*rows)) if rows else [() for _ in headers]
    right = [bool(column) and all(type(cell) is int for cell in column) for column in columns]
    widths = [max(width(header) + 2, *(width(str(cell)) for cell in column), 0)
              for header, column in zip(headers, columns)]
    if fit is not None and fmt == "simple":
        rows = _fitted(rows, headers, widths, right, fit)

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


def _fitted(rows: Sequence[Sequence[Any]], headers: Sequence[str], widths: list[int], right: Sequence[bool],
            fit: int) -> list[list[Any]]:
    """The rows, the widest column of words wrapped to what `fit` leaves it (`widths` is
    narrowed to match): a row whose cell wraps becomes several lines."""
    words = [k for k, at_right in enumerate(right) if not at_right]
    over = sum(widths) + 2 * (len(widths) - 1) - fit
    if over <= 0 or not words:
        return [list(row) for row in rows]
    k = max(words, key=lambda column: widths[column])
    widths[k] = max(widths[k] - over, width(headers[k]) + 2)
    lines = []
    for row in rows:
        for n, piece in enumerate(wrap(str(row[k]), widths[k])):
            lines.append([piece if column == k else cell if n == 0 else "" for column, cell in enumerate(row)])
    return lines


def wrap(text: str, size: int) -> list[str]:
    """The text in lines of at most `size` columns as a terminal shows them, broken
    between words; a word longer than a line is cut."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        while width(word) > size:
            cut = next(n for n in range(len(word), 0, -1) if width(word[:n]) <= size or n == 1)
            lines += [line] if line else []
            lines.append(word[:cut])
            line, word = "", word[cut:]
        if line and width(line) + 1 + width(word) > size:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return [*lines, line] if line or not lines else lines


def width(text: str) -> int:
    """The columns a terminal gives the text."""
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


def pad(text: str, size: int, right: bool) -> str:
    space = " " * max(size - width(text), 0)
    return space + text if right else text + space
