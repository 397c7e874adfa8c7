"""A line chart of running totals as inline SVG: each player's total after each night.

Our own few dozen lines rather than a plotting library: the chart is one kind, lines
over a handful of nights, and the page must stand alone (no script, nothing fetched), so
the SVG is written straight into it. Each line carries a `<title>`, which a browser
shows on hover without any script; the colours are told apart by a dash as well, for a
reader who cannot tell them apart, and the legend is the page's (`LINE_STYLES`).
"""

from __future__ import annotations

import math
from html import escape
from typing import Sequence

# Ten colours far apart (Tableau's ten), each with a dash beyond the tenth line.
COLOURS = ("#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f",
           "#5f6368")
DASHES = ("", "6 3", "2 3", "8 3 2 3")

WIDTH, HEIGHT = 640, 340
LEFT, RIGHT, TOP, BOTTOM = 56, 28, 16, 44


def line_style(index: int) -> tuple[str, str]:
    """The colour and dash of the `index`th line: the same on the chart and in its legend."""
    return COLOURS[index % len(COLOURS)], DASHES[index // len(COLOURS) % len(DASHES)]


def running_chart(labels: Sequence[str], lines: Sequence[tuple[str, Sequence[int]]], title: str) -> str:
    """An SVG of each named line of totals, one point per label, from 0 at the start."""
    low = min([0, *(value for _, values in lines for value in values)])
    high = max([0, *(value for _, values in lines for value in values)])
    step = _step(high - low)
    low, high = math.floor(low / step) * step, max(math.ceil(high / step) * step, low + step)
    across = (WIDTH - LEFT - RIGHT) / max(len(labels), 1)

    def x(place: int) -> float:
        return round(LEFT + place * across, 1)

    def y(value: int) -> float:
        return round(TOP + (high - value) * (HEIGHT - TOP - BOTTOM) / (high - low), 1)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
             f'aria-label="{escape(title)}" class="chart"><title>{escape(title)}</title>']
    for value in range(low, high + 1, step):
        colour = "#1d1d1f" if value == 0 else "#d9d4c7"
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(value)}" y2="{y(value)}" stroke="{colour}"/>'
                     f'<text x="{LEFT - 6}" y="{y(value) + 4}" text-anchor="end">{value}</text>')
    every = math.ceil((len(labels) + 1) / 12)  # at most a dozen labels under the axis
    anchors = {0: "start", len(labels): "end"}  # the first and last within the chart, the rest centred
    parts += [f'<text x="{x(place)}" y="{HEIGHT - BOTTOM + 20}" text-anchor="{anchors.get(place, "middle")}">'
              f'{escape(label)}</text>'
              for place, label in enumerate(["start", *labels]) if place % every == 0 or place == len(labels)]
    for index, (name, values) in enumerate(lines):
        colour, dash = line_style(index)
        points = " ".join(f"{x(place)},{y(value)}" for place, value in enumerate([0, *values]))
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        final = values[-1] if values else 0
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2.5"{dashed}>'
                     f'<title>{escape(name)}: {final:+d}</title></polyline>')
    parts.append("</svg>")
    return "".join(parts)


def _step(span: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) that cuts `span` into ten or fewer."""
    magnitude = 1
    while True:
        for size in (magnitude, 2 * magnitude, 5 * magnitude):
            if span <= 10 * size:
                return size
        magnitude *= 10
