"""The kinds of value a rule's machine form deals in, and the check that each value is used
as its kind, made when a rule file or a club's rule is read: never at replay.

A value is a `person` (a player), a `payee` (a player or the pool), a list of `persons`, a `whole`
number (counters and cards are counted in whole numbers), a `fraction` (a number that may
not be whole: a parameter declared so, or a product with one), a `hand` (a two-card
minimum such as `QQ`), a `text` (a constant such as `uncut`), a `list` (cards named), a
`fact` (true or false: conditions only), or `null`. Each word declares the kind it gives
and the kind its argument takes (`registry.py`); literals are read by their YAML type.
So a penalty's amount of 0.5, `.nan` or `true`, a comparison of the ante with the pool,
or the pool multiplied by two, is refused in one line naming where, before any log is
replayed under it.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from arbiter.events import MAX_NUMBER
from arbiter.rulebook.vocabulary.effects import EFFECTS
from arbiter.rulebook.vocabulary.facts import FACTS
from arbiter.rulebook.vocabulary.functions import NUMBER_FUNCTIONS, PERSON_FUNCTIONS
from arbiter.rulebook.vocabulary.grammar import (
    CHAIN_GENERATORS,
    EVERY_PLAYER,
    NUMBER_KEYS,
    PERSON_SETTINGS,
    counted_values,
    field_values,
    is_hand_literal,
    pronoun_values,
    setting_entries,
    unwrapped,
)
from arbiter.rulebook.vocabulary.numbers import NUMBERS
from arbiter.rulebook.vocabulary.persons import PERSONS
from arbiter.rulebook.vocabulary.predicates import PREDICATES

NUMERIC = frozenset({"whole", "fraction"})
ARITHMETIC = ("add", "sub", "mul", "min", "max")
TEXTS = frozenset({"uncut", "wrong_count", "excess", "short"})  # the constants (grammar.CONSTANTS)
# The kinds of the triggering event's fields (grammar.EVENT_FIELDS).
EVENT_FIELD_KINDS: Mapping[str, str] = {
    "about": "person", "amount": "whole", "cards": "list", "count": "whole", "dealer": "person",
    "exposed": "whole", "issue": "text", "stake": "whole", "unable": "persons",
}
# A parameter's kind, by the type its rule file declares (parameters.py).
PARAMETER_KINDS: Mapping[str, str] = {
    "whole_number": "whole", "fraction": "fraction", "boolean": "fact", "choice": "text", "pairs": "list",
    "hand_order": "list", "cards": "list",
}
WORDS = {**{e.name: e.value for e in PERSONS}, **{e.name: e.value for e in NUMBERS},
         **{e.name: e.value for e in FACTS}}
FUNCTIONS = {e.name: e for words in (PERSON_FUNCTIONS, NUMBER_FUNCTIONS) for e in words}


def parameter_kinds(parameters: Iterable[Any]) -> dict[str, str]:
    """Each declared parameter's kind (`Parameter`s, with their `type`)."""
    return {p.name: PARAMETER_KINDS.get(p.type, "any") for p in parameters}


class KindError(ValueError):
    """A value used as what it is not: "where: why"."""


def kind_of(node: Any, where: str, parameters: Mapping[str, str]) -> str:
    """The kind of value `node` gives (`parameters`: each parameter's kind)."""
    if node is None:
        return "null"
    if isinstance(node, bool):
        return "fact"
    if isinstance(node, (int, float)) and not abs(node) <= MAX_NUMBER:  # NaN and infinity too
        raise KindError(f"{where}: {node!r} is not a number a rule can use: numbers lie within ±{MAX_NUMBER}")
    if isinstance(node, int):
        return "whole"
    if isinstance(node, float):
        return "whole" if node.is_integer() else "fraction"
    if isinstance(node, str):
        if node.startswith("event."):
            return EVENT_FIELD_KINDS.get(node[len("event."):], "fact")
        if node in TEXTS:
            return "text"
        if is_hand_literal(node):
            return "hand"
        return WORDS.get(node, "literal")
    if isinstance(node, list):
        kinds = {kind_of(item, f"{where}/{i}", parameters) for i, item in enumerate(node)}
        return "persons" if kinds <= {"person"} else "list"
    if isinstance(node, dict) and len(node) == 1:
        (name, arg), = node.items()
        return _function(name, arg, f"{where}/{name}", parameters)
    return "literal"


def _function(name: str, arg: Any, where: str, parameters: Mapping[str, str]) -> str:
    if name == "param":
        return parameters.get(arg, "any") if isinstance(arg, str) else "any"
    if name in ARITHMETIC:
        operands = arg if isinstance(arg, list) else [arg]
        kinds = [kind_of(item, f"{where}/{i}", parameters) for i, item in enumerate(operands)]
        for i, kind in enumerate(kinds):
            if kind not in NUMERIC | {"null", "any"}:
                raise KindError(f"{where}/{i}: {name} takes numbers, and this is {_a(kind)}")
        return "fraction" if "fraction" in kinds else "any" if "any" in kinds else "whole"
    if name == "first_of":
        kinds = [kind_of(item, f"{where}/{i}", parameters) for i, item in enumerate(arg or [])]
        return next((k for k in kinds if k != "null"), "null")
    entry = FUNCTIONS.get(name)
    if entry is None:  # a chain's generator (`going_left_from`): a person's neighbours; no other is a
        return "person" if name in CHAIN_GENERATORS else "literal"  # value (the grammar refuses it first)
    expect(arg, str(entry.takes), where, parameters)
    return entry.value


def expect(node: Any, kind: str, where: str, parameters: Mapping[str, str]) -> None:
    """Raise KindError unless `node` gives a value of `kind` (or null, or a kind unknown
    until the rule book's parameters are known)."""
    got = kind_of(node, where, parameters)
    if got in ("null", "any") or kind == "any" or got == kind:
        return
    if kind == "fraction" and got == "whole":
        return  # a whole number is a number too
    if kind == "list" and got == "persons" or kind == "payee" and got == "person":
        return
    if kind == "whole" and got == "fraction":
        maybe = "is not" if isinstance(node, float) else "may not be"
        raise KindError(f"{where}: {_shown(node)} {maybe} a whole number (counters and cards are counted whole)")
    raise KindError(f"{where}: {_a(kind)} is wanted, and {_shown(node)} is {_a(got)}")


def check_condition_kinds(node: Any, where: str, parameters: Mapping[str, str]) -> None:
    """Every comparison is of like with like, and every predicate is given its kind."""
    if not isinstance(node, dict) or len(node) != 1:
        return
    (name, arg), = node.items()
    if name in ("all", "any"):
        for i, item in enumerate(arg):
            check_condition_kinds(item, f"{where}/{name}/{i}", parameters)
    elif name == "not":
        check_condition_kinds(arg, f"{where}/not", parameters)
    elif name == "param":
        kind = parameters.get(arg, "any")
        if kind not in ("fact", "any"):
            raise KindError(f"{where}/param: a condition's parameter is true or false, and {arg} is {_a(kind)}")
    elif name in ("eq", "ne", "lt", "le", "gt", "ge"):
        left, right = (kind_of(side, f"{where}/{name}/{i}", parameters) for i, side in enumerate(arg))
        if name in ("lt", "le", "gt", "ge"):
            for i, kind in enumerate((left, right)):
                if kind not in NUMERIC | {"null", "any"}:
                    raise KindError(f"{where}/{name}/{i}: {name} compares numbers, and this is {_a(kind)}")
        elif {left, right} - {"null", "any"} and not _alike(left, right):
            raise KindError(f"{where}/{name}: {_a(left)} is compared with {_a(right)}")
    elif name in PREDICATES:
        _predicate(name, arg, where, parameters)


def _predicate(name: str, arg: Any, where: str, parameters: Mapping[str, str]) -> None:
    takes = PREDICATES[name].takes
    if takes in ("literal", "yes", "any"):
        return
    if takes == "member":
        if not isinstance(arg, list) or len(arg) != 2:
            raise KindError(f"{where}/{name}: expects [A VALUE, A LIST]")
        expect(arg[1], "list", f"{where}/{name}/1", parameters)
        return
    if isinstance(takes, Mapping):
        if not isinstance(arg, dict) or set(takes) - set(arg):
            raise KindError(f"{where}/{name}: expects a mapping of {sorted(takes)}")
        for key, value in arg.items():
            if takes.get(key, "literal") != "literal":
                expect(value, takes[key], f"{where}/{name}/{key}", parameters)
        return
    expect(arg, str(takes), f"{where}/{name}", parameters)


def check_effect_kinds(name: str, arg: Any, where: str, parameters: Mapping[str, str]) -> None:
    """An effect's operands are of the kinds it takes: counters and cards whole, payers persons."""
    takes = EFFECTS[name].takes
    if takes in (None, "chain", "rule"):
        return
    if isinstance(takes, Mapping):
        for key, value in (arg or {}).items():
            _operand(value, takes[key], f"{where}/{name}/{key}", parameters)
    else:
        _operand(arg, str(takes), f"{where}/{name}", parameters)


def _operand(value: Any, kind: str, where: str, parameters: Mapping[str, str]) -> None:
    """An effect's operand: of its kind, and a number written in the rule is no count below
    0 (counters paid and cards given are counted up from nothing)."""
    expect(value, kind, where, parameters)
    if kind == "whole" and isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
        raise KindError(f"{where}: {_shown(value)} is below 0, and counters and cards are counted from 0")


def check_rule_kinds(data: Mapping[str, Any], parameters: Mapping[str, str]) -> None:
    """A rule file's or a club rule's checks, each value used as its kind (raises KindError)."""
    own = {name: PARAMETER_KINDS.get(str(d.get("type")), "any")
           for name, d in (data.get("parameters") or {}).items() if isinstance(d, dict)}
    known = {**parameters, **own}
    for i, check in enumerate(data.get("checks") or ()):
        where = f"checks/{i}"
        check_condition_kinds(check["when"].get("if"), f"{where}/when/if", known)
        if check.get("player") is not None:
            expect(check["player"], "person", f"{where}/player", known)
        for value in counted_values(check.get("summary") or ""):
            expect(value, "fraction", f"{where}/summary", known)
        for value in pronoun_values(check.get("summary") or ""):  # a pronoun is a person's: a list has none
            expect(value, "person", f"{where}/summary", known)
        for value in field_values(check.get("summary") or ""):  # a function of a field given its kind
            kind_of(value, f"{where}/summary", known)
        for j, effect in enumerate(check.get("then") or ()):
            if isinstance(effect, dict):
                (name, arg), = effect.items()
                check_effect_kinds(name, arg, f"{where}/then/{j}", known)
    for target, condition in (data.get("exception_where") or {}).items():
        check_condition_kinds(condition, f"exception_where/{target}", known)
    for name, entry in setting_entries(data.get("defines") or {}):
        _setting_kinds(name, entry, f"defines/{name}", known)


def _setting_kinds(name: str, entry: Any, where: str, parameters: Mapping[str, str]) -> None:
    """The persons a setting names are persons: the first and last of an order, whom odd
    counters go from, who antes, cuts or deals next; its numbers are whole numbers (the
    cards each the deal completes at, what the opening is reckoned on); and its condition (`if`) uses each
    value as its kind, as a check's does (a club's `ledger_rule` comparing the pool with a
    number ended a check in an internal error)."""
    if not isinstance(entry, dict):
        if name in PERSON_SETTINGS and entry != EVERY_PLAYER:
            expect(entry, "person", where, parameters)
        return
    if "if" in entry:
        check_condition_kinds(entry["if"], f"{where}/if", parameters)
    body = {key: value for key, value in entry.items() if key != "if"}
    persons = [(key, body[key]) for key in ("first", "last", "from") if key in body]
    if name in PERSON_SETTINGS:
        person = body.get("value", body)
        if person != EVERY_PLAYER:
            persons.append(("value", person))
    for key, value in persons:
        expect(unwrapped(value), "person", f"{where}/{key}", parameters)
    for key in NUMBER_KEYS.get(name, ()):  # what the deal completes at, what the opening is reckoned on
        if key in body:
            expect(unwrapped(body[key]), "whole", f"{where}/{key}", parameters)


def _alike(left: str, right: str) -> bool:
    return left == right or {left, right} <= NUMERIC or {left, right} <= {"person", "payee", "literal"} \
        or {left, right} <= {"text", "literal"} or {left, right} <= {"hand", "literal"}


def _a(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


KIND_WORDS: Mapping[str, str] = {
    "person": "a player", "payee": "a player or the pool", "persons": "a list of persons", "whole": "a whole number",
    "fraction": "a number", "hand": "a hand (such as QQ)", "text": "a word", "list": "a list", "fact": "true or false",
    "literal": "a name", "null": "nothing", "any": "anything",
}


def _shown(node: Any) -> str:
    if isinstance(node, bool):
        return "true" if node else "false"
    return repr(node) if not isinstance(node, dict) else str(node).replace("'", "")
