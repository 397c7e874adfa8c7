"""A house file read alone (`arbiter house check FILE`): what it departs from, in words.

A club secretary writes a house file before play (law 81) and wants to see, before any
log is checked under it, that arbiter reads it as the club means it: each parameter
beside Peel's value, each rule switched off, each club rule's machine form read back in
the words `arbiter law` uses, each hand it declares. A file arbiter cannot read never
gets here: its one-line error is the answer.
"""

from __future__ import annotations

import json
from typing import Any

from arbiter.escapes import printable
from arbiter.render.markdown import md
from arbiter.rulebook.describe import Describer, hand_shape_words
from arbiter.rulebook.in_force import default_source, words
from arbiter.rulebook.model import Rulebook
from arbiter.words import fold


def house_summary(rulebook: Rulebook, description: str | None) -> dict[str, Any]:
    """What the house rules in `rulebook` (as `apply_house` made it) set, in data; the
    file's own `description` beside them."""
    house = rulebook.house or {}
    owners = rulebook.parameter_owner()
    describer = Describer(rulebook.parameters)
    return {
        "name": house.get("name"),
        "file": house.get("file"),
        "sha256": rulebook.house_sha256,
        "description": description,
        "parameters": [{"name": name, "value": value, "default": rulebook.defaults.get(name), "rule": owners[name],
                        "default_from": default_source(rulebook.rules[owners[name]])}
                       for name, value in (house.get("parameters") or {}).items()],
        "disable": [{"id": rule_id, "title": rulebook.rules[rule_id].title} for rule_id in house.get("disable", ())],
        "rules": [{"id": rule_id, "title": rulebook.rules[rule_id].title, "text": rulebook.rules[rule_id].text,
                   "machine_form_in_words": describer.rule(rulebook.rules[rule_id])}
                  for rule_id in house.get("rules", ())],
        "hands": [{"name": name, "data": rulebook.hands[name], "in_words": hand_shape_words(name, rulebook.hands[name]),
                   "placed": name in rulebook.parameters["hand_order"]} for name in house.get("hands", ())],
    }


def _wrap(text: str, indent: str) -> list[str]:
    return fold(" ".join(text.split()), 88, indent, " " * len(indent))


def parameter_line(p: dict[str, Any]) -> str:
    """`cards_per_hand = 6  (L7; Peel: 5)`: one parameter of a house summary."""
    return f"{p['name']} = {words(p['value'])}  " + (f"({p['rule']}; Peel: {words(p['default'])})"
                                                     if p["default_from"] == "Peel" else
                                                     f"({p['default_from']}: {words(p['default'])})")


def _sections(summary: dict[str, Any]) -> list[tuple[str, str, bool, list[tuple[str, list[str]]]]]:
    """The summary's sections, each its heading, what it says where it is empty, whether
    its lines fold (a hand's words are a sentence), and its items: a line and the
    sentences under it. The text and the Markdown say the same."""
    parameters: list[tuple[str, list[str]]] = [(parameter_line(p), []) for p in summary["parameters"]]
    hands: list[tuple[str, list[str]]] = [
        (f"{hand['name']}: {hand['in_words']}"
         + ("" if hand["placed"] else " Not in hand_order: it counts for nothing."), []) for hand in summary["hands"]]
    rules: list[tuple[str, list[str]]] = [
        (f"{rule['id']}  {rule['title']}", [f"“{rule['text']}”", *rule["machine_form_in_words"]])
        for rule in summary["rules"]]
    return [
        ("Parameters", "none changed", False, parameters),
        ("Switched off", "none", False, [(f"{rule['id']}  {rule['title']}", []) for rule in summary["disable"]]),
        ("Hands", "none declared", True, hands),
        ("Club rules", "none", False, rules),
    ]


def render_house(summary: dict[str, Any], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(summary, indent=2, ensure_ascii=False)
    if fmt == "markdown":
        return _markdown(summary)
    lines = [f"{printable(summary['name'])} ({printable(summary['file'])}): read cleanly"]
    if summary["description"]:
        lines += _wrap(summary["description"], "  ")
    lines.append("")
    for heading, empty, folded, items in _sections(summary):
        lines.append(f"{heading}:" if items else f"{heading}: {empty}")
        for line, under in items:
            lines += _wrap(line, "  ") if folded else [f"  {line}"]
            if under:
                lines += _wrap(under[0], "      ")
                for sentence in under[1:]:
                    lines += _wrap(sentence, "      - ")
    return "\n".join(lines)


def _markdown(summary: dict[str, Any]) -> str:
    """The same summary as a page: a heading a section, a bullet an item."""
    lines = [f"# {md(summary['name'] or '')} ({md(summary['file'])})", ""]
    if summary["description"]:
        lines += [md(" ".join(summary["description"].split())), ""]
    for heading, empty, _, items in _sections(summary):
        lines += [f"## {heading}", ""]
        if not items:
            lines += [f"{empty[0].upper()}{empty[1:]}.", ""]
        for line, under in items:
            lines.append(f"- {md(' '.join(line.split()))}")
            if under:
                lines.append(f"  > {md(' '.join(under[0].split()))}")
                lines += [f"  - {md(' '.join(sentence.split()))}" for sentence in under[1:]]
        if items:
            lines.append("")
    return "\n".join(lines).rstrip("\n")
