"""A rule's machine form read back in words, from the same data the engine runs.

`arbiter law L13` prints, beside Peel's text, what the machine does with it: "When a
player first raises the cards dealt, if the number of cards held by the player is not 5
…: the hand of the player is foul …". The phrases come from the vocabulary, so the words cannot drift from the data.
"""

from __future__ import annotations

from typing import Any, Mapping

from arbiter.rulebook.model import Check, Rule
from arbiter.rulebook.vocabulary.grammar import (
    BOOLEAN_FACTS,
    COMPARISONS,
    DEFINES,
    EFFECTS,
    EVENT_FIELDS,
    EVENT_FLAGS,
    PREDICATES,
    SETTING_KEYS,
    SETTING_VALUES,
    TRIGGERS,
    VALUE_FUNCTIONS,
    VALUE_WORDS,
    named_operands,
    setting_entries,
)
from arbiter.words import listed, plain


class Describer:
    """Turns conditions, values and effects into English, quoting parameters in force."""

    def __init__(self, parameters: Mapping[str, Any]) -> None:
        self.parameters = parameters

    def value(self, node: Any) -> str:
        if node is None:
            return "no one"
        if isinstance(node, bool):
            return "yes" if node else "no"
        if isinstance(node, (int, float)):
            return plain(node)
        if isinstance(node, str):
            if node.startswith("event."):
                return EVENT_FIELDS[node[len("event."):]]
            return VALUE_WORDS.get(node) or BOOLEAN_FACTS.get(node) or node.replace("_", " ")
        if isinstance(node, list):
            return ", ".join(self.value(item) for item in node)
        (name, arg), = node.items()
        if name == "param":
            return _plain(self.parameters.get(arg, "?"))
        phrase: str = VALUE_FUNCTIONS.get(name, name + " of {0}")
        args = [self.value(a) for a in arg] if isinstance(arg, list) else [self.value(arg)]
        if "{1}" not in phrase and len(args) > 1:
            args = [", ".join(args)]
        return phrase.format(*args, *[""] * 2)

    def condition(self, node: Any) -> str:
        if node is None or node is True:
            return "always"
        if isinstance(node, str):
            if node.startswith("event."):
                return EVENT_FLAGS[node[len("event."):]]
            return BOOLEAN_FACTS.get(node, node)
        (name, arg), = node.items()
        if name == "all":
            return " and ".join(self.condition(part) for part in arg)
        if name == "any":
            return "either " + " or ".join(self.condition(part) for part in arg)
        if name == "not":
            return f"not ({self.condition(arg)})"
        if name == "param":
            now = "on" if self.parameters.get(arg) else "off"
            return f"the setting “{str(arg).replace('_', ' ')}” is on (it is {now})"
        if name in COMPARISONS:
            return COMPARISONS[name].format(*(self.value(side) for side in arg))
        phrase = PREDICATES[name]
        if isinstance(arg, dict) and "{0}" not in phrase:
            words = {k: self.value(v) for k, v in arg.items()}
            return phrase.format(**words)
        if name in ("phase", "out_of_turn"):
            return phrase.format(str(arg).replace("_", " "))
        if isinstance(arg, list) and "{1}" in phrase:  # `{in: [P, LIST]}`: each operand in its place
            return phrase.format(*(self.value(part) for part in arg))
        return phrase.format(self.value(arg))

    def effect(self, effect: Any) -> str:
        if isinstance(effect, str):
            return EFFECTS[effect].split(" {")[0]
        (name, arg), = effect.items()
        phrase = EFFECTS[name]
        if name == "follow":
            return f"{arg} applies (see `arbiter law {arg}`)"
        if name == "find_witness":
            arg = arg or {}
            where = self.chain(arg) if "candidates" in arg else "by the order of evidence above"
            text = f"{phrase} ({where})"
            if "none_found" in arg:
                text += f"; if no one can, the number demanded is held to be {self.value(arg['none_found'])}"
            return text
        if named_operands(arg):
            words = {k: self.value(v) for k, v in arg.items()}
            try:
                return phrase.format(**words)
            except KeyError:
                return phrase.split(" {")[0] + " (" + ", ".join(f"{k}: {v}" for k, v in words.items()) + ")"
        if "{0}" in phrase:
            return phrase.format(self.value(arg))
        return phrase

    def chain(self, spec: Mapping[str, Any]) -> str:
        people = []
        for item in spec.get("candidates", ()):
            if isinstance(item, str):
                people.append(self.value(item))
                continue
            (kind, arg), = item.items()
            people.append(VALUE_FUNCTIONS[kind].format(self.value(arg)))
        # one passed over as one of many (`in`: any disputant, anyone unable), or as the one (`eq`: the dealer)
        reasons = [("any" if "in" in (p.get("if") or {}) else "the", p["reason"]) for p in spec.get("pass_over", ())]
        text = "in turn: " + "; then ".join(people)
        if reasons:
            text += "; passing over " + ", ".join("anyone unable" if r == "unable" else f"{a} {r}" for a, r in reasons)
        return text

    def check(self, check: Check, severity: str) -> str:
        if check.on == ("followed",):
            text = "Where another law's finding calls for this one"
        else:
            text = "When " + " or ".join(TRIGGERS.get(t, t) for t in check.on)
        if check.for_each:
            text += ", for each player"
        if check.condition not in (None, True):
            text += f", if {self.condition(check.condition)}"
        verdict = "a ruling" if severity == "ruling" else "an irregularity"
        effects = "; ".join(self.effect(e) for e in check.effects)
        if check.on == ("followed",):
            return f"{text}: {effects or 'nothing follows'}."
        return f"{text}: {verdict}" + (f"; {effects}." if effects else ".")

    def defines(self, defines: Mapping[str, Any]) -> list[str]:
        lines = []
        for name, entry in setting_entries(defines):
            label = DEFINES.get(name, name)
            lines.append(f"{label[0].upper()}{label[1:]}: {self.setting(name, entry)}.")
        return lines

    def setting_value(self, value: Any) -> str:
        if isinstance(value, str) and value in SETTING_VALUES:
            return SETTING_VALUES[value]
        return self.value(value)

    def setting(self, name: str, entry: Any) -> str:
        if not isinstance(entry, dict):
            return self.setting_value(entry)
        condition = entry.get("if")
        body = {k: v for k, v in entry.items() if k != "if"}
        if "candidates" in body:
            text = self.chain(body)
        elif not named_operands(body):
            text = self.value(body)
        else:
            text = "; ".join(SETTING_KEYS[k] if v is True else SETTING_KEYS[k].format(self.setting_value(v))
                             for k, v in body.items())
        return f"{text} (when {self.condition(condition)})" if condition is not None else text

    def rule(self, rule: Rule) -> list[str]:
        """The whole machine form of a rule, one sentence per check, setting or hand."""
        lines = [hand_shape_words(name, data) for name, data in rule.hands.items()]
        lines += self.defines(rule.defines)
        lines.extend(self.check(check, rule.severity_of(check)) for check in rule.checks)
        if rule.exception_to:
            excepted = ", ".join(target if target not in rule.exception_where else
                                 f"{target} (if {self.condition(rule.exception_where[target])})"
                                 for target in rule.exception_to)
            lines.append(f"An exception to {excepted}: where it applies, it replaces their effects.")
        return lines


_COUNT_WORDS = ("", "one", "two", "three", "four", "five")


def _ranks_words(ranks: Any) -> str:
    return listed([str(rank) for rank in (ranks if isinstance(ranks, list) else [ranks])], "or")


def hand_shape_words(name: str, data: Mapping[str, Any]) -> str:
    """A hand said in data, in words: "A hand said in data, a big bobtail: four of the five
    cards, in sequence, all of one suit." (the keys of rules/README.md's "Hands said in data")."""
    cards = data.get("cards", 5)
    parts = ["five cards" if cards == 5 else f"{_COUNT_WORDS[cards]} of the five cards"]
    if data.get("sequence"):
        step = data.get("step", 1)
        parts.append("in sequence" + (f", {_COUNT_WORDS[step]} ranks apart" if step > 1 else ""))
    if data.get("suited"):
        parts.append("all of one suit")
    if data.get("groups"):
        groups = data["groups"]
        parts.append("no two of a rank" if set(groups) == {1} else
                     "in groups of a rank of " + ", ".join(str(g) for g in sorted(groups, reverse=True)))
    if data.get("ranks"):
        parts.append(f"each a {_ranks_words(data['ranks'])}")
    if data.get("one_of_each"):
        parts.append("one each of: " + "; ".join(_ranks_words(item) for item in data["one_of_each"]))
    if data.get("odd_cards_decide") is False:
        parts.append("equal ones share, whatever the other cards")
    words = data.get("words") or name.replace("_", " ")
    return f"A hand said in data, {words}: {', '.join(parts)}."


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_plain(v) for v in value)
    return plain(value)
