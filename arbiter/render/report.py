"""A checked log for people (table, Markdown) and for machines (JSON, JSON lines).

The people's forms read each finding as a ruling one can say aloud at the table: the
law, its words, and what follows.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any, Callable, Iterable, Iterator, Mapping

from arbiter.render.markdown import md
from arbiter.rulebook.in_force import house_notes
from arbiter.rulebook.model import Rulebook
from arbiter.words import plural, pronoun_of

Pronouns = Mapping[str, str] | None


def _retires(player: str, pronouns: Pronouns) -> str:
    """ "Bob retires and forfeits their stake" (his, her as the log gives)."""
    p = pronoun_of(player, pronouns)
    return f"{p.subject} {p.verb('retires')} and {p.verb('forfeits')} {p.possessive} stake"


def _evidence(e: Mapping[str, Any]) -> str:
    demanded = e.get("demanded")
    if not e["witness"]:
        taken = f" ({plural(demanded, 'card')})" if demanded is not None else ""
        return f"no one can give evidence: the discard is taken as the number demanded{taken}"
    if demanded is None:
        return f"{e['witness']}'s evidence decides (the number is not recorded)"
    return f"{e['witness']}'s evidence decides: {plural(demanded, 'card')} demanded"


EFFECT_WORDS: Mapping[str, Callable[[Mapping[str, Any], Pronouns], str]] = {
    "misdeal": lambda e, p: f"misdeal: {e['redeal_by']} deals again",
    "deal_stands": lambda e, p: "the deal stands",
    "foul_hand": lambda e, p: f"{e['player']}'s hand is foul: {_retires(e['player'], p)}",
    "retire": lambda e, p: f"{e['player']} retires and forfeits {pronoun_of(e['player'], p).possessive} stake",
    "keep_stake": lambda e, p: f"{e['player']}'s stake stays as it was",
    "refund": lambda e, p: f"{e['from']} refunds {e['amount']} to {e['to']}",
    "penalty": lambda e, p: f"{e['from']} pays {e['amount']} to the {e['to']} as penalty",
    "forfeit_draw": lambda e, p: f"{e['player']} forfeits {pronoun_of(e['player'], p).possessive} draw",
    "cannot_claim": lambda e, p: f"{e['player']} cannot claim the pool",
    "return_excess": lambda e, p: f"the dealer takes back the {plural(e['count'], 'card')} given to {e['player']} "
                                  "in excess",
    "make_good": lambda e, p: f"the dealer makes good the {plural(e['count'], 'card')} {e['player']} is short",
    "owe_cards": lambda e, p: (f"the exposed {'card goes' if e['count'] == 1 else 'cards go'} back to the pack; "
                               f"the dealer owes {e['player']} {plural(e['count'], 'card')}"),
    "jackpot_next": lambda e, p: f"the next game is jack-pot no. {e['number']}, opened with {e['openers']} or better",
    "evidence": lambda e, p: _evidence(e),
    "need_not_answer": lambda e, p: f"the dealer need not answer {e['player']}",
}


def effect_words(effect: Mapping[str, Any], pronouns: Pronouns = None) -> str:
    """An effect in words; `pronouns` are the log's (`table.pronouns`), "they" where it gives none."""
    words = EFFECT_WORDS.get(effect["type"])
    return words(effect, pronouns) if words else effect["type"].replace("_", " ")


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
        notes = house_notes(rulebook.rules[finding["id"]], rulebook) if finding["id"] in rulebook.rules else []
        if markdown:
            lines.append(f"- **{finding['id']}** ({finding['severity']}), {where}: {md(finding['summary'])}")
            lines += [f"  - {md(effect_words(effect, report.get('pronouns')))}" for effect in finding["effects"]]
            if quote:
                lines.append(f"\n  > {md(quote)}\n")
            lines += [f"  **{md(note)}**\n" for note in notes]
            continue
        lines.append(f"  [{finding['id']} {finding['severity']}] {where}: {finding['summary']}")
        lines += [f"     \u2192 {effect_words(effect, report.get('pronouns'))}" for effect in finding["effects"]]
        if quote:
            lines.append(textwrap.fill(quote, width=92, initial_indent="     ", subsequent_indent="     "))
        lines += [f"     {note}" for note in notes]
    return lines


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
    lines = [f"## {md(name)}: {report['status']}" if markdown else f"{name}: {report['status']}"]
    if report["error"]:
        error = report["error"]
        where = f" (at {error['path']})" if error.get("path") else ""
        lines.append(f"  error: {shown(error['message'] + where)}")
        return "\n".join(lines) + "\n"
    if markdown:
        lines.append("")
    if report["findings"]:
        lines += _ruling_lines(report, rulebook, markdown)
    else:
        lines.append("  No irregularity: every act is as the laws require.")
    lines.append("")
    if report["games"]:
        from arbiter.render.columns import tabulate  # not tabulate itself: its import costs 20 ms

        table = tabulate(games_rows(report, markdown), headers=GAME_HEADERS,
                         tablefmt="github" if markdown else "simple")
        lines += [table if markdown else textwrap.indent(table, "  "), ""]
    net = ", ".join(f"{shown(p)} {v:+d}" for p, v in report["net"].items())
    lines.append(f"{'**Net**' if markdown else '  net'}: {net}")
    if report.get("house_rules"):
        lines.append(f"  house rules: {shown(report['house_rules']['name'])}")
    return "\n".join(lines) + "\n"
