"""Text from a log made safe to stand in Markdown.

Player names, file names and notes come from whoever wrote the log: in a Markdown
page they must read as the words they are, not as HTML (`<script>`, `"><img …>`) nor
as Markdown that changes the page's structure (a `|` that splits a table cell, a `*`
that starts emphasis, a line break that starts a new block). The HTML-significant
characters become entities, the Markdown punctuation that could act where such text
stands is backslash-escaped (CommonMark escapes any ASCII punctuation that way, GitHub
tables `|` included), and line breaks become spaces. Text may begin a line, after a
list item's marker (an effect: "- Dash refunds 1"): there a `-`, a `+` or a number with
`.` or `)` would open a list of its own (a run of `-` or `=` a break or a heading's
underline), and is escaped too.
"""

from __future__ import annotations

import re

from arbiter.escapes import printable

_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
# Compiled by `re` when a page is first written, not by every check (start-up: docs/speed.md).
_MARKDOWN = r"([\\`*_\[\]#|~])"
_LINE_BREAK = r"[\r\n\u2028\u2029\x0b\x0c\x85]+"
_LIST_MARKER = r"^(\s*)(?:([-+=])|(\d+)([.)])(?=\s|$))"  # a list, a break or a heading's underline


def md(text: object) -> str:
    """`text` as literal words in Markdown: no HTML, no emphasis, links, tables or blocks,
    and nothing a terminal obeys (a page is read with `cat` too)."""
    plain = re.sub(_LINE_BREAK, " ", printable(str(text)))
    plain = re.sub(_MARKDOWN, r"\\\1", plain)
    plain = re.sub(_LIST_MARKER, lambda m: f"{m[1]}\\{m[2]}" if m[2] else f"{m[1]}{m[3]}\\{m[4]}", plain)
    return "".join(_HTML.get(c, c) for c in plain)
