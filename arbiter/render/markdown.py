"""Text from a log made safe to stand in Markdown.

Player names, file names and notes come from whoever wrote the log: in a Markdown
page they must read as the words they are, not as HTML (`<script>`, `"><img …>`) nor
as Markdown that changes the page's structure (a `|` that splits a table cell, a `*`
that starts emphasis, a line break that starts a new block). The HTML-significant
characters become entities, the Markdown punctuation that could act where such text
stands (inside a line, never at its start) is backslash-escaped (CommonMark escapes any
ASCII punctuation that way, GitHub tables `|` included), and line breaks become spaces.
"""

from __future__ import annotations

import re

_HTML = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
_MARKDOWN = re.compile(r"([\\`*_\[\]#|~])")
_LINE_BREAK = re.compile(r"[\r\n\u2028\u2029\x0b\x0c\x85]+")


def md(text: object) -> str:
    """`text` as literal words in Markdown: no HTML, no emphasis, links, tables or blocks."""
    plain = _LINE_BREAK.sub(" ", str(text))
    plain = _MARKDOWN.sub(r"\\\1", plain)
    return "".join(_HTML.get(c, c) for c in plain)
