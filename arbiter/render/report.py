"""A checked log for people (table, Markdown) and for machines (JSON, JSON lines).

The people's forms read each finding as a ruling one can say aloud at the table: the
law, its words, and what follows.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any, Iterable, Iterator, Mapping

from arbiter.rulebook.model import Rulebook

EFFECT_WORDS = {
    "misdeal": lambda e: f"misdeal: {e['redeal_by']} deals again",
    "deal_stands": lambda e: "the deal stands",
    "foul_hand": lambda e: f"{e['player']}'s hand is foul: he retires and forfeits his stake",
    "retire": lambda e: f"{e['player']} retires and forfeits his stake",
    "keep_stake": lambda e: f"{e['player']}'s stake stays as it was",
    "refund": lambda e: f"{e['from']} refunds {e['amount']} to {e['to']}",
    "penalty": lambda e: f"{e['from']} pays {e['amount']} to the {e['to']} as penalty",
    "forfeit_draw": lambda e: f"{e['player']} forfeits his draw",
    "cannot_claim": lambda e: f"{e['player']} cannot claim the pool",
    "return_excess": lambda e: f"the dealer takes back {e['count']} card(s) given to {e['player']} in excess",
    "make_good": lambda e: f"the dealer makes good {e['count']} card(s) {e['player']} is short",
    "owe_cards": lambda e: f"the exposed card(s) go back to the pack; the dealer owes {e['player']} {e['count']}",
    "jackpot_next": lambda e: f"the next game is jack-pot no. {e['number']}, opened with {e['openers']} or better",
    "evidence": lambda e: (f"{e['witness']}'s evidence decides" if e["witness"] else "no one can give evidence")
    + (f": {e['demanded']} card(s) demanded" if e.get("demanded") is not None else ""),
    "need_not_answer": lambda e: f"the dealer need not answer {e['player']}",
}


def effect_words(effect: Mapping[str, Any]) -> str:
    words = EFFECT_WORDS.get(effect["type"])
    return words(effect) if words else effect["type"].replace("_", " ")


def render_json(summary: Mapping[str, Any], reports: Iterable[str]) -> Iterator[str]:
    """The `--format json` document in pieces: the summary, then each report as
    `render_jsonl` wrote it, one a line (an indenting encoder is pure Python, and slow)."""
    yield '{"summary": ' + json.dumps(summary, ensure_ascii=False) + ',\n "reports": ['
    for n, line in enumerate(reports):
        yield ("\n  " if n == 0 else ",\n  ") + line
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


def _ruling_lines(report: Mapping[str, Any], rulebook: Rulebook, markdown: bool) -> list[str]:
    lines = []
    for finding in report["findings"]:
        where = f"game {finding['game']}, event {finding['event']}"
        quote = _quote(rulebook, finding["id"])
        if markdown:
            lines.append(f"- **{finding['id']}** ({finding['severity']}), {where}: {finding['summary']}")
            lines += [f"  - {effect_words(effect)}" for effect in finding["effects"]]
            if quote:
                lines.append(f"\n  > {quote}\n")
            continue
        lines.append(f"  [{finding['id']} {finding['severity']}] {where}: {finding['summary']}")
        lines += [f"     \u2192 {effect_words(effect)}" for effect in finding["effects"]]
        if quote:
            lines.append(textwrap.fill(quote, width=92, initial_indent="     ", subsequent_indent="     "))
    return lines


def _games_rows(report: Mapping[str, Any]) -> list[list[Any]]:
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
    return rows


GAME_HEADERS = ["game", "dealer", "deals", "jack-pot", "opened by", "winners", "pool", "next"]


def render_text(report: Mapping[str, Any], rulebook: Rulebook, fmt: str = "table") -> str:
    """One log's report for people: `table` for a terminal, `markdown` for a page."""
    markdown = fmt == "markdown"
    name = report["file"] or "<log>"
    lines = [f"## {name}: {report['status']}" if markdown else f"{name}: {report['status']}"]
    if report["error"]:
        error = report["error"]
        where = f" (at {error['path']})" if error.get("path") else ""
        lines.append(f"  error: {error['message']}{where}")
        return "\n".join(lines) + "\n"
    if markdown:
        lines.append("")
    if report["findings"]:
        lines += _ruling_lines(report, rulebook, markdown)
    else:
        lines.append("  No irregularity: every act is as the laws require.")
    lines.append("")
    if report["games"]:
        from tabulate import tabulate  # imported here: a JSON run never needs it

        table = tabulate(_games_rows(report), headers=GAME_HEADERS, tablefmt="github" if markdown else "simple")
        lines += [table if markdown else textwrap.indent(table, "  "), ""]
    net = ", ".join(f"{p} {v:+d}" for p, v in report["net"].items())
    lines.append(f"{'**Net**' if markdown else '  net'}: {net}")
    if report.get("house_rules"):
        lines.append(f"  house rules: {report['house_rules']['name']}")
    return "\n".join(lines) + "\n"
