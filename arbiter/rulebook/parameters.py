"""What each parameter may hold, declared beside its default in the rule file that defines it.

A house file (law 81) may change the numbers and ranks the laws name, within what the
laws can mean: a fraction of the limit in (0, 1], a count of cards or antes a whole
number in its range, jack-pot openers pairs the hand evaluator knows (SPEC §5). The
rule files say which for each parameter (`type`, and `minimum`/`maximum` or `one_of`
where the type takes them); this module holds the few types and how each is checked,
so that no value a law cannot mean ever reaches the replay.
"""

from __future__ import annotations

import math
import reprlib
from typing import Any, Callable, Mapping

from arbiter.cards import CardError, parse_card
from arbiter.hands import DEFAULT_HAND_ORDER, check_minimum, order_problem


class _AsYamlSaidIt(reprlib.Repr):
    """The files quoted are YAML: a value is shown as the file wrote it, `true` and `null`
    where Python would say `True` and `None`."""

    def repr_bool(self, value: bool, level: int) -> str:
        return "true" if value else "false"

    def repr_NoneType(self, value: None, level: int) -> str:  # noqa: N802 (reprlib's name for the type)
        return "null"


_SHOWN = _AsYamlSaidIt()
_SHOWN.maxstring, _SHOWN.maxother, _SHOWN.maxlist, _SHOWN.maxdict, _SHOWN.maxlevel = 40, 40, 6, 4, 3


def shown(value: Any) -> str:
    """A value as a message quotes it: short, on one line, whatever it holds."""
    return _SHOWN.repr(value)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


class Parameter:
    """One parameter: its default (the laws' value) and what a house may set it to."""

    def __init__(self, *, name: str, default: Any, type: str, minimum: int | None = None,
                 maximum: int | None = None, one_of: tuple[str, ...] = (), with_on: Mapping[str, Any] | None = None
                 ) -> None:
        self.name = name
        self.default = default
        self.type = type
        self.minimum = minimum
        self.maximum = maximum
        self.one_of = one_of
        # the value it must have where a true-or-false parameter is on (`with`): its default where it is off
        self.with_on: Mapping[str, Any] = with_on or {}

    def allowed(self) -> str:
        """What the parameter may hold, in words (with what it must be beside a true-or-false one)."""
        along = "".join(f"; {shown(value)} where {flag} is true" for flag, value in self.with_on.items())
        return _ALLOWED[self.type](self) + along

    def problem(self, value: Any) -> str | None:
        """None when `value` is allowed; else why not, in a few words."""
        return _PROBLEM[self.type](self, value)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"default": self.default, "type": self.type}
        if self.minimum is not None:
            data["minimum"] = self.minimum
        if self.maximum is not None:
            data["maximum"] = self.maximum
        if self.one_of:
            data["one_of"] = list(self.one_of)
        if self.with_on:
            data["with"] = dict(self.with_on)
        return data

    def disagreement(self, parameters: Mapping[str, Any]) -> tuple[str, Any] | None:
        """The true-or-false parameter whose setting this one's value does not agree with,
        and the value it would need (`pack_size` 52 while `joker` is on: 53), or None."""
        for flag, value in self.with_on.items():
            needed = value if parameters.get(flag) else self.default
            if parameters.get(self.name) != needed:
                return flag, needed
        return None


def parameter_from_dict(name: str, data: Mapping[str, Any]) -> Parameter:
    """A declaration as a rule file writes it (already checked against the rules schema)."""
    return Parameter(name=name, default=data["default"], type=data["type"], minimum=data.get("minimum"),
                     maximum=data.get("maximum"), one_of=tuple(data.get("one_of") or ()), with_on=data.get("with"))


def _whole_number(p: Parameter, value: Any) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool):
        return "not a whole number"
    if (p.minimum is not None and value < p.minimum) or (p.maximum is not None and value > p.maximum):
        return "out of range"
    return None


def _fraction(p: Parameter, value: Any) -> str | None:
    if not _is_number(value) or (isinstance(value, float) and not math.isfinite(value)):  # no int is too large to ask
        return "not a number"
    return None if 0 < value <= 1 else "out of range"


def _boolean(p: Parameter, value: Any) -> str | None:
    return None if isinstance(value, bool) else "not true or false"


def _choice(p: Parameter, value: Any) -> str | None:
    return None if isinstance(value, str) and value in p.one_of else "not one of the choices"


def _pairs(p: Parameter, value: Any) -> str | None:
    if not isinstance(value, list) or not value:
        return "not a non-empty list"
    for item in value:
        if not _known_pair(item):  # 22 unquoted is YAML's number, not the words '22'
            return f"{shown(item)} is no pair the evaluator knows" + (
                f"; quoted, '{item}' is" if isinstance(item, int) and _known_pair(str(item)) else "")
    return None


def _known_pair(item: object) -> bool:
    try:
        check_minimum(item)  # which refuses what is no string too
    except ValueError:
        return False
    return True


def _hand_order(p: Parameter, value: Any) -> str | None:
    """A list of hands holding Peel's nine once each; whether the others are hands declared
    in data (L65's, the house's own) is for the rule book in force to say (`house.py`)."""
    if not isinstance(value, list):
        return "not a list"
    if not all(isinstance(name, str) for name in value):
        return "a hand is named by a word"
    return order_problem(value)


def _cards(p: Parameter, value: Any) -> str | None:
    if not isinstance(value, list):
        return "not a list"
    for item in value:
        if not isinstance(item, str) or item == "Jo":
            return f"{shown(item)} is no card of the pack (the joker is `joker`'s)"
        try:
            parse_card(item)
        except CardError:
            return f"{shown(item)} is no card"
    return None if len(set(value)) == len(value) else "a card named twice"


def _range_words(p: Parameter) -> str:
    if p.minimum == p.maximum:
        return f"{p.minimum}, no other number"
    return f"a whole number from {p.minimum} to {p.maximum}"


_PROBLEM: dict[str, Callable[[Parameter, Any], str | None]] = {
    "whole_number": _whole_number,
    "fraction": _fraction,
    "boolean": _boolean,
    "choice": _choice,
    "pairs": _pairs,
    "hand_order": _hand_order,
    "cards": _cards,
}
_ALLOWED: dict[str, Callable[[Parameter], str]] = {
    "whole_number": _range_words,
    "fraction": lambda p: "a fraction more than 0 and at most 1 (such as 0.5; 1 is the whole)",
    "boolean": lambda p: "true or false",
    "choice": lambda p: "one of " + ", ".join(p.one_of),
    "pairs": lambda p: "a non-empty list of pairs the evaluator knows, written like JJ, QQ, AA (ranks 2-9, T, J, Q, "
                       "K, A)",
    "cards": lambda p: "a list of cards of the pack, written like 2c, Td, Ah (none, the laws': no card is wild)",
    "hand_order": lambda p: (f"a list of hands, highest first, holding each of Peel's {len(DEFAULT_HAND_ORDER)} "
                             "once and any of those declared in data (L65's blaze and skip_sequence, and the "
                             "house file's own `hands`)"),
}
