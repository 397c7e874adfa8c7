"""The output formats, declared once: their names, and which command writes which.

A person at a terminal reads `text`; `check`, `laws`, `evidence` and `referee` call
theirs `table` (SPEC §5 names `check --format table`; their text ends in, or is, a
table). A program reads `json` (every command has it) or `jsonl` (one report a line);
a page, `markdown` or `html`; a spreadsheet, `csv` (settle, season).
"""

from __future__ import annotations

CHECK_FORMATS = ("table", "json", "jsonl", "markdown", "html")
LISTING_FORMATS = ("table", "json", "markdown")  # laws, evidence, referee
LAW_FORMATS = ("text", "json", "markdown")  # law
# explain: and a page to print, a ruling to a sheet, for the notice board (issue 24, item 4)
EXPLAIN_FORMATS = (*LAW_FORMATS, "html")
RULEBOOK_FORMATS = ("markdown", "html", "json")
SETTLE_FORMATS = ("table", "json", "csv")
SEASON_FORMATS = ("table", "json", "csv", "markdown", "html")
SPOKEN_FORMATS = ("text", "json")  # table, next, serve, simulate, verify: what is said, or it as JSON
QUIZ_FORMATS = ("text", "json", "html")  # the quiz asked, its questions as JSON, or a sheet for a class

