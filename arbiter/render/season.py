"""A season told (`arbiter season`): the players' standings and the nights, for a terminal,
a program (`arbiter schema season`), a spreadsheet, a page of Markdown, or one HTML page
(`arbiter.render.season_page`).

Every word from the logs (names, file names) is escaped where it stands in Markdown; the
CSV is one player's night a row, so that a spreadsheet can total it any way it likes.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from arbiter.escapes import printable
from arbiter.nights import Night
from arbiter.render.columns import draw_table
from arbiter.render.markdown import md
from arbiter.render.spreadsheet import csv_text
from arbiter.season import Season, Standing
from arbiter.words import plural

STANDING_HEADERS = ["player", "nights", "games", "net", "irregularities"]
NIGHT_HEADERS = ["night", "date", "log", "players", "games", "irregularities", "left in pool"]


def render_season(season: Season, fmt: str) -> str:
    """The season as `table`, `json`, `csv` or `markdown` (its page: `season_page`)."""
    if fmt == "json":
        return json.dumps(season_document(season), ensure_ascii=False, indent=2) + "\n"
    if fmt == "csv":
        return _csv(season)
    markdown = fmt == "markdown"
    shown: Callable[[object], str] = md if markdown else lambda cell: printable(str(cell))
    style = "github" if markdown else "simple"
    lines = [f"# {md(headline(season))}" if markdown else headline(season)]
    for headers, rows in ((STANDING_HEADERS, standing_rows(season, shown)), (NIGHT_HEADERS, night_rows(season, shown))):
        if rows:
            table = draw_table(rows, headers, style)
            lines += ["", table if markdown else "\n".join("  " + line for line in table.splitlines())]
    return "\n".join(lines) + "\n"


def headline(season: Season) -> str:
    """`5 nights, 2026-01-05 to 2026-02-02: 40 games, 6 players (1 log left out, invalid)`."""
    dates = [night.date for night in season.nights if night.date]
    words = plural(len(season.nights), "night")
    if dates:
        words += f", {dates[0]} to {dates[-1]}" if dates[0] != dates[-1] else f", {dates[0]}"
    undated = len(season.nights) - len(dates)
    if dates and undated:
        words += f" and {undated} undated"
    words += f": {plural(sum(night.games for night in season.nights), 'game')}, " \
             f"{plural(len(season.standings), 'player')}"
    if season.left_out:
        words += f" ({plural(len(season.left_out), 'log')} left out, invalid)"
    return words


def player_words(standing: Standing) -> str:
    """The person's name, and any other way the logs wrote it: `Bob (also Robert)`."""
    others = [name for name in standing.written if name != standing.name]
    return f"{standing.name} (also {', '.join(others)})" if others else standing.name


def standing_rows(season: Season, shown: Callable[[object], str] = str) -> list[list[Any]]:
    return [[shown(player_words(s)), s.nights, s.games, s.net, s.irregularities] for s in season.standings]


def night_rows(season: Season, shown: Callable[[object], str] = str) -> list[list[Any]]:
    return [[number, str(night.date or "-"), shown(night.file), len(night.net), night.games,
             sum(night.irregularities.values()), night.left_over.amount if night.left_over else 0]
            for number, night in enumerate(season.nights, 1)]


def season_document(season: Season) -> dict[str, Any]:
    return {
        "players": [{**standing._asdict(), "running": season.running(standing.name)}
                    for standing in season.standings],
        "nights": [_night_item(night, number) for number, night in enumerate(season.nights, 1)]
        + [_night_item(night, None) for night in season.left_out],
    }


def _night_item(night: Night, number: int | None) -> dict[str, Any]:
    return {"night": number, "file": night.file, "date": night.date.isoformat() if night.date else None,
            "dated_by": night.dated_by, "status": night.status, "games": night.games, "net": night.net,
            "irregularities": night.irregularities,
            "left_over": night.left_over.to_dict() if night.left_over else None, "error": night.error}


def _csv(season: Season) -> str:
    return csv_text(["night", "date", "log", "player", "games", "net", "irregularities"],
                    ([number, night.date or "", night.file, person, night.games, net,
                      night.irregularities.get(person, 0)]
                     for number, night in enumerate(season.nights, 1) for person, net in night.net.items()))
