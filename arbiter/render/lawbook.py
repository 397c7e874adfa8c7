"""The laws as people read them: the `laws` listing and one `law` in full."""

from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any, Iterable, Mapping, Sequence

from arbiter.render.columns import draw_table
from arbiter.render.house import house_summary, parameter_line
from arbiter.rulebook.describe import Describer
from arbiter.rulebook.house import case_path
from arbiter.rulebook.in_force import house_notes
from arbiter.rulebook.model import Rule, Rulebook
from arbiter.words import fold, value_text

SOURCE_URL = "https://www.gutenberg.org/ebooks/27819"
PEELS = frozenset({"law", "description"})  # the authorities of rules in Peel's book
SWITCHED_OFF = "off (house rules)"  # how `laws` shows a rule a house file's `disable` switched off


def how_enforced(rule: Rule) -> str:
    """The findings its checks make (an irregularity, a ruling, or both), a procedure's
    too (it may have checks: `enforced_by` says it is one); else the procedure or the
    evaluator that carries it out. A check another law's finding calls for (`followed`)
    makes none of its own: its effects are in that finding."""
    if rule.enforced_by == "not_shown":
        return "not shown in a log"
    found = ", ".join(sorted({rule.severity_of(check) for check in rule.checks if check.on != ("followed",)}))
    return found or (rule.severity or "irregularity" if rule.enforced_by == "finding" else rule.enforced_by)


def link(rule: Rule) -> str | None:
    """Peel's book, where the rule is of it (a law, or his description of the game); none
    for the arbiter's own rule where Peel says nothing (A1 …), nor for a club's own rule
    (law 81), which is in its house file."""
    return SOURCE_URL if rule.authority in PEELS else None


def rule_summary(rule: Rule, rulebook: Rulebook) -> dict[str, Any]:
    """One line of `arbiter laws --format json`: code, name, how enforced, link."""
    return {
        "id": rule.id,
        "section": rule.section,
        "title": rule.title,
        "authority": rule.authority,
        "enforced_by": rule.enforced_by,
        "severity": rule.severity,
        "enforced": how_enforced(rule),
        "active": rulebook.active(rule.id),
        "text": rule.text,
        # the text is the corrected reading: where a misprint was corrected, it says so (laws/README.md)
        **({"corrections": [dict(c) for c in rule.corrections]} if rule.corrections else {}),
        "source": dict(rule.source),
        "link": link(rule),
        "cases": list(rule.cases),
        "case_count": len(rule.cases),
        "house_rules": house_notes(rule, rulebook),
    }


def render_laws(rules: Iterable[Rule], rulebook: Rulebook, fmt: str, fit: int | None = None) -> str:
    """The listing of the rules; `fit`: a terminal's width, that the table's lines keep to
    (the titles wrap)."""
    rules = list(rules)
    if fmt == "json":
        return json.dumps([rule_summary(r, rulebook) for r in rules], indent=2, ensure_ascii=False)
    rows = [[r.id, r.section, r.title, how_enforced(r) if rulebook.active(r.id) else SWITCHED_OFF, len(r.cases)]
            for r in rules]
    headers = ["ID", "section", "title", "enforced", "cases"]
    listing = draw_table(rows, headers, "github" if fmt == "markdown" else "simple", fit)
    return listing + "".join(f"\n\n{line}" if n == 0 else f"\n{line}" for n, line in enumerate(_house_lines(rulebook)))


def _house_lines(rulebook: Rulebook) -> list[str]:
    """Under house rules, the parameters they change (the titles keep Peel's words), and
    where to read each rule as it stands under them."""
    if not rulebook.house:
        return []
    summary = house_summary(rulebook, None)
    changed = "; ".join(" ".join(parameter_line(p).split()) for p in summary["parameters"]
                        if p["value"] != p["default"])  # a value the file restates is no change
    return [f"House rules {summary['name']}: {changed or 'no parameter changed'}.",
            "The titles are the rules' own (Peel's, the arbiter's, a club's), whatever the values in force: "
            "`arbiter law ID --house FILE` says a rule with them."]


def law_detail(rule: Rule, rulebook: Rulebook, house_cases: Sequence[Mapping[str, str]] = ()) -> dict[str, Any]:
    """Everything `arbiter law ID --format json` tells of one rule; `house_cases`: the
    shipped cases under a house file that show it beyond its own list, each with its house
    file."""
    describer = Describer(rulebook.parameters)
    data = rule.to_dict()
    data["parameters_in_force"] = {name: rulebook.parameters[name] for name in rule.parameters}
    data["parameters_allowed"] = {name: parameter.allowed() for name, parameter in rule.declared.items()}
    data["house_rules"] = house_notes(rule, rulebook)
    data["machine_form_in_words"] = describer.rule(rule)
    data["enforced"] = how_enforced(rule)
    data["active"] = rulebook.active(rule.id)
    data["link"] = link(rule)
    data["house_cases"] = list(house_cases)
    return data


def _wrap(text: str, indent: str = "  ") -> str:
    follow = " " * len(indent) if indent.strip() in ("-",) else indent
    return "\n".join(fold(" ".join(text.split()), 88, indent, follow))


def pages_cited(rule: Rule) -> str:
    """`, p. 48` or `, pp. 48, 49`: the pages of Peel's book a rule's words stand on, if any."""
    pages = [str(p) for p in rule.source.get("pages", ())]
    return f", {'p' if len(pages) == 1 else 'pp'}. {', '.join(pages)}" if pages else ""


def render_law(rule: Rule, rulebook: Rulebook, fmt: str, house_cases: Sequence[Mapping[str, str]] = ()) -> str:
    detail = law_detail(rule, rulebook, house_cases)
    if fmt == "json":
        return json.dumps(detail, indent=2, ensure_ascii=False)
    who = {"law": "Peel's law", "description": "Peel's description of the game",
           "arbiter": "the arbiter's own rule (not Peel's)",
           "house": f"the club's own rule (law 81), not Peel's, in {PurePath(rule.file).name}"}[rule.authority]
    where = who + pages_cited(rule)
    heading = f"{rule.id}  {rule.title}"
    lines = [heading, "=" * len(heading) if fmt != "markdown" else "", f"Section: {rule.section}. Source: {where}.",
             f"Enforced: {detail['enforced']}" + ("" if detail["active"] else " (switched off by the house rules)"), ""]
    if fmt == "markdown":
        lines[0], lines[1] = f"# {heading}", ""
    lines += [_wrap(rule.text, "> " if fmt == "markdown" else "  "), ""]
    if detail["house_rules"]:
        lines += [_wrap(note, "" if fmt == "markdown" else "  ") for note in detail["house_rules"]] + [""]
    if rule.footnote:
        lines += ["Footnote:", _wrap(rule.footnote), ""]
    for correction in rule.corrections:
        lines.append(f"Corrected misprint: printed \"{correction['printed']}\", read \"{correction['reading']}\".")
    if rule.corrections:
        lines.append("")
    if rule.not_shown_because:
        lines += ["Why no log can show it:", _wrap(rule.not_shown_because), ""]
    if rule.stays_on_because:
        lines += ["Why a house cannot switch it off:", _wrap(rule.stays_on_because), ""]
    if rule.parameters:
        lines.append("Parameters (in force):")
        lines += [f"  {name} = {value_text(value)}  (a house may set {detail['parameters_allowed'][name]})"
                  for name, value in detail["parameters_in_force"].items()]
        lines.append("")
    if detail["machine_form_in_words"]:
        lines.append("What the arbiter does:")
        lines += [_wrap(sentence, "  - ") for sentence in detail["machine_form_in_words"]]
        lines.append("")
    if rule.implemented_by:
        lines += ["Carried out in the engine's Python (no check or setting says it):"]
        lines += [f"  - arbiter/{where}" for where in rule.implemented_by]
        lines.append("")
    if rule.evaluator:
        reads = ", ".join(rule.evaluator.get("reads", ())) or "no parameter"
        lines += ["How the hand evaluator applies it (arbiter/hands.py, reading " + reads + "):",
                  _wrap(rule.evaluator.get("description", "")), ""]
    if rule.interpretations:
        lines.append("Interpretations:")
        lines += [_wrap(text, "  - ") for text in rule.interpretations]
        lines.append("")
    lines.append("Cases: " + (", ".join(f"cases/{case_path(rule, c)}.json" for c in rule.cases) or "none"))
    if house_cases:
        lines += ["", "Under a house file (arbiter check --house NAME):"]
        lines += [f"  {shown['case']} (--house {shown['house']})" for shown in house_cases]
    return "\n".join(lines).rstrip() + "\n"
