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


def render_house(summary: dict[str, Any], fmt: str) -> str:
    if fmt == "json":
        return json.dumps(summary, indent=2, ensure_ascii=False)
    lines = [f"{summary['name']} ({summary['file']}): read cleanly"]
    if summary["description"]:
        lines += _wrap(summary["description"], "  ")
    lines.append("")
    lines.append("Parameters:" if summary["parameters"] else "Parameters: none changed")
    lines += [f"  {p['name']} = {words(p['value'])}  "
              + (f"({p['rule']}; Peel: {words(p['default'])})" if p["default_from"] == "Peel" else
                 f"({p['default_from']}: {words(p['default'])})")
              for p in summary["parameters"]]
    lines.append("Switched off:" if summary["disable"] else "Switched off: none")
    lines += [f"  {rule['id']}  {rule['title']}" for rule in summary["disable"]]
    lines.append("Hands:" if summary["hands"] else "Hands: none declared")
    for hand in summary["hands"]:
        placed = "" if hand["placed"] else " Not in hand_order: it counts for nothing."
        lines += _wrap(f"{hand['name']}: {hand['in_words']}{placed}", "  ")
    lines.append("Club rules:" if summary["rules"] else "Club rules: none")
    for rule in summary["rules"]:
        lines.append(f"  {rule['id']}  {rule['title']}")
        lines += _wrap(f"“{rule['text']}”", "      ")
        for sentence in rule["machine_form_in_words"]:
            lines += _wrap(sentence, "      - ")
    return "\n".join(lines)
