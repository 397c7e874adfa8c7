"""A checked log for people (table, Markdown) and for machines (JSON, JSON lines).

The people's forms read each finding as a ruling one can say aloud at the table: the
law, its words, and what follows.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Iterator, Mapping

from arbiter.escapes import printable
from arbiter.render.columns import draw_table
from arbiter.render.markdown import md
from arbiter.rulebook.in_force import house_notes
from arbiter.rulebook.model import Rulebook
from arbiter.rulebook.vocabulary.effects import effect_words
from arbiter.words import fold


def render_json(summary: Mapping[str, Any], reports: Iterable[str]) -> Iterator[str]:
    """The `--format json` document in pieces: the summary, then the reports as
    `render_jsonl` wrote them, one a line, each after its separator (`reports` gives the
    separators and the reports as pieces, so that a long one is never copied whole; an
    indenting encoder is pure Python, and slow)."""
    yield '{"summary": ' + json.dumps(summary, ensure_ascii=False) + ',\n "reports": ['
    yield from reports
    yield "\n]}\n"


def render_jsonl(report: Mapping[str, Any]) -> str:
    return json.dumps(report, ensure_ascii=False, separators=(",", ":"))


def _quote(rulebook: Rulebook, rule_id: str, width: int = 200) -> str:
    rule = rulebook.rules.get(rule_id)
    if rule is None:
        return ""
    text = " ".join(rule.text.split())
    text = text if len(text) <= width else text[: width - 1].rsplit(" ", 1)[0] + " …"
    who = f"Law {rule.number}" if rule.authority == "law" else rule.id
    return f"{who}: \u201c{text}\u201d"


def where(at: Mapping[str, Any]) -> str:
    """Where a finding, or a step of the game told, stands: its game and event; before the
    first game (a card drawn for the deal), its event alone."""
    return f"game {at['game']}, event {at['event']}" if at["game"] is not None else f"event {at['event']}"


def _ruling_lines(report: Mapping[str, Any], rulebook: Rulebook, markdown: bool) -> list[str]:
    lines = []
    for finding in report["findings"]:
        at = where(finding)
        quote = _quote(rulebook, finding["id"])
        notes = house_notes(rulebook.rules[finding["id"]], rulebook) if finding["id"] in rulebook.rules else []
        if markdown:
            lines.append(f"- **{finding['id']}** ({finding['severity']}), {at}: {md(finding['summary'])}")
            lines += [f"  - {md(effect_words(effect, report.get('pronouns')))}" for effect in finding["effects"]]
            if quote:
                lines.append(f"\n  > {md(quote)}\n")
            lines += [f"  **{md(note)}**\n" for note in notes]
            continue
        lines.append(f"  [{finding['id']} {finding['severity']}] {at}: {finding['summary']}")
        lines += [f"     \u2192 {effect_words(effect, report.get('pronouns'))}" for effect in finding["effects"]]
        if quote:
            lines += fold(quote, 92, "     ")
        lines += [f"     {note}" for note in notes]
    return lines


def findings_line(report: Mapping[str, Any]) -> list[str]:
    """What the list of rulings leaves unsaid: that there is no irregularity, or, where
    --ignore or --select left findings out, how many and by which (a report of none kept
    is no word that every act is lawful, nor is a filter that left none out, unsaid)."""
    filtered = report.get("filtered")
    if not filtered:
        return [] if report["findings"] else ["No irregularity: every act is as the laws require."]
    left = filtered["left_out"]
    by = [f"--ignore {','.join(filtered['ignore'])}"] if filtered["ignore"] else []
    by += [f"--select {','.join(filtered['select'])}"] if filtered["select"] is not None else []
    if not left:
        return [f"No finding left out by {' and '.join(by)}."]
    return [f"{left} finding{'s' * (left != 1)} left out by {' and '.join(by)}: not shown, nor counted in the status."]


def games_rows(report: Mapping[str, Any], markdown: bool = False) -> list[list[Any]]:
    """One row per game; in Markdown every word from the log escaped (a `|` would split a cell)."""
    rows = []
    for game in report["games"]:
        jackpot = game["jackpot"]
        nxt = game["next"]
        rows.append([
            game["game"], game["dealer"], game["deals"],
            f"no. {jackpot['number']} ({jackpot['openers']})" if jackpot else "-",
            game["opened_by"] or "-", ", ".join(game["winners"]) or "-", game["pool"],
            (f"{nxt['dealer']}" + (f", jack-pot {nxt['jackpot']['openers']}" if nxt["jackpot"] else "")) if nxt
            else "(incomplete)",
        ])
    return [[md(cell) if markdown and isinstance(cell, str) else cell for cell in row] for row in rows]


GAME_HEADERS = ["game", "dealer", "deals", "jack-pot", "opened by", "winners", "pool", "next"]


def render_text(report: Mapping[str, Any], rulebook: Rulebook, fmt: str = "table") -> str:
    """One log's report for people: `table` for a terminal, `markdown` for a page."""
    markdown = fmt == "markdown"
    name = report["file"] or "<log>"
    shown = md if markdown else str
    lines = [f"## {md(name)}: {report['status']}" if markdown else f"{printable(name)}: {report['status']}"]
    if report["error"]:
        error = report["error"]
        located = f" (at {error['path']})" if error.get("path") else ""
        lines.append(f"  error: {shown(error['message'] + located)}")
        return "\n".join(_paragraphs([*lines, *_house_line(report, shown)], markdown)) + "\n"
    if markdown:
        lines.append("")
    if report["findings"]:
        lines += _ruling_lines(report, rulebook, markdown)
    lines += [f"  {line}" for line in findings_line(report)]
    lines.append("")
    if report["games"]:
        table = draw_table(games_rows(report, markdown), GAME_HEADERS, "github" if markdown else "simple")
        lines += [table if markdown else "  " + table.replace("\n", "\n  "), ""]
    net = ", ".join(f"{shown(p)} {v:+d}" for p, v in report["net"].items())
    closing = [f"{'**Net**' if markdown else '  net'}: {net}"]
    if stacked := stacks_after(report, shown):
        closing.append(f"{'**Stacks**' if markdown else '  stacks'} {stacked}")
    return "\n".join([*lines, *_paragraphs([*closing, *_house_line(report, shown)], markdown)]) + "\n"


def stacks_after(report: Mapping[str, Any], shown: Callable[[str], str] = str) -> str | None:
    """Where the log gives the players' stacks (table stakes, A5), what each holds after the
    last game: `after game 2: Ann 35, Bob 28`; every format says it."""
    stacks = [game for game in report["games"] if "stacks" in game]
    if not stacks:
        return None
    return f"after game {stacks[-1]['game']}: " + ", ".join(f"{shown(p)} {n}" for p, n in stacks[-1]["stacks"].items())


def _paragraphs(lines: list[str], markdown: bool) -> list[str]:
    """Lines each a paragraph of its own in Markdown (lines apart run into one), as they are."""
    return [part for line in lines for part in ("", line)][1:] if markdown else lines


def _house_line(report: Mapping[str, Any], shown: Callable[[str], str]) -> list[str]:
    """The house rules the log was judged (or read) under, as every report says them."""
    return [f"  house rules: {shown(report['house_rules']['name'])}"] if report.get("house_rules") else []
