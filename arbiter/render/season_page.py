"""A season as one self-contained HTML page (`arbiter season --format html`): the chart of
each player's running total, the standings and the nights.

Like the HTML report it stands alone: the style is inline, the chart is inline SVG
(`arbiter.render.chart`), there is no script and nothing to fetch, so it opens the same
with no network, and can be mailed to the members or kept with the club's book. Every
word from the logs is escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any, Sequence

from arbiter import __version__
from arbiter.render.chart import line_style, running_chart
from arbiter.render.evening import error_words
from arbiter.render.season import NIGHT_HEADERS, STANDING_HEADERS, headline, night_rows, standing_rows
from arbiter.season import Season

STYLE = """
body { margin: 0; background: #faf8f3; color: #1d1d1f; font: 15px/1.45 "DejaVu Sans", "Helvetica Neue", Arial,
  sans-serif; }
main { max-width: 900px; margin: 0 auto; padding: 20px 16px 40px; overflow-wrap: anywhere; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 26px 0 8px; border-bottom: 2px solid #d9d4c7; padding-bottom: 4px; }
.chart { width: 100%; max-width: 760px; height: auto; background: #fff; border: 1px solid #d9d4c7; border-radius: 6px; }
.chart text { font-size: 13px; fill: #5f6368; }
.legend { list-style: none; padding: 0; margin: 8px 0; display: flex; flex-wrap: wrap; gap: 4px 18px; }
.legend li { min-width: 0; }
.legend svg { vertical-align: middle; margin-right: 6px; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; }
th, td { padding: 4px 10px; border-bottom: 1px solid #d9d4c7; text-align: left; white-space: nowrap; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
footer { margin-top: 28px; color: #5f6368; font-size: 13px; }
"""


def season_page(season: Season) -> str:
    title = "The season: " + headline(season)
    labels = [str(night.date or number) for number, night in enumerate(season.nights, 1)]
    lines = [(standing.name, season.running(standing.name)) for standing in season.standings]
    legend = "".join(f"<li>{_swatch(index)}{escape(name)} {totals[-1] if totals else 0:+d}</li>"
                     for index, (name, totals) in enumerate(lines))
    left_out = "".join(f"<li>{escape(error_words(night))}</li>" for night in season.left_out)
    return f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>{STYLE}</style>
</head>
<body>
<main>
<h1>The season</h1>
<p>{escape(headline(season))}</p>
<h2>Each player's running total</h2>
{running_chart(labels, lines, "Each player's running total, night by night") if season.nights else ""}
<ul class="legend">{legend}</ul>
<h2>The players</h2>
{_table(STANDING_HEADERS, standing_rows(season))}
<h2>The nights</h2>
{_table(NIGHT_HEADERS, night_rows(season))}
{f"<h2>Left out, invalid</h2><ul>{left_out}</ul>" if left_out else ""}
<footer>arbiter {escape(__version__)}: nights ordered by date (meta.date, else a date in the file's name), \
undated nights last.</footer>
</main>
</body>
</html>
"""


def _swatch(index: int) -> str:
    """The line's colour and dash, as the legend shows them."""
    colour, dash = line_style(index)
    dashed = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<svg width="28" height="10" aria-hidden="true">'
            f'<line x1="0" x2="28" y1="5" y2="5" stroke="{colour}" stroke-width="3"{dashed}/></svg>')


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{escape(header)}</th>" for header in headers)
    body = "".join("<tr>" + "".join(f'<td class="n">{cell}</td>' if isinstance(cell, int) else
                                    f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
