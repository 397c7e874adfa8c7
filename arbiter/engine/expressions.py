"""Conditions and values of the rules' machine form, compiled once into closures.

A rule's `if:` and the operands of its effects are data (rules/README.md). They are
turned into plain Python closures when the rule book is loaded, so that replaying a
log evaluates closures, never walks YAML. The closures ask a *context* for the words
of the vocabulary; the replay state is one context, the `arbiter evidence` command
builds a smaller one.
"""

from __future__ import annotations

import math
import operator
from types import FunctionType
from typing import Any, Callable, Final, Iterable, Mapping, ParamSpec, Protocol, TypeVar, cast

from arbiter.rulebook.vocabulary.grammar import (
    COMPARISONS,
    CONSTANTS,
    LITERAL_ARGUMENTS,
    VALUE_FUNCTIONS,
    is_hand_literal,
    named_operands,
)


class Context(Protocol):
    """What an expression may ask of the state it is evaluated in."""

    @property
    def event(self) -> Mapping[str, Any]:
        """The event being judged (a rule reads its fields as `event.FIELD`)."""

    @property
    def actor(self) -> str | None:
        """The player a decision is made for: read off the context, with a binding that names
        the word for him (`Binding.actor`)."""

    def word(self, name: str) -> Any:
        """A person, a number or a boolean fact named by the vocabulary."""

    def apply(self, function: str, argument: Any) -> Any:
        """A person or number function (`left_of`, `stake_of`, …) applied to a value."""

    def test(self, predicate: str, argument: Any) -> bool:
        """A predicate (`in_game`, `hand_at_least`, …) of its evaluated argument."""

    def param(self, name: str) -> Any:
        """A parameter in force."""


Value = Callable[[Context], Any]
Condition = Callable[[Context], bool]


class Binding:
    """A context class's words, functions and predicates as plain functions of the
    context. Compiled with a binding, a condition calls them directly; without one, it
    asks any context by name (`word`, `apply`, `test`)."""

    def __init__(self, words: Mapping[str, Callable[[Any], Any]], functions: Mapping[str, Callable[[Any, Any], Any]],
                 predicates: Mapping[str, Callable[[Any, Any], Any]],
                 facts: Mapping[str, Callable[[Any], bool]] | None = None,
                 index: str | None = None, index_now: Callable[[Any], str] | None = None,
                 actor: str | None = None) -> None:
        """`facts`: the words that are true or false (a subset of `words`): each is the
        condition that names it alone, called as it is. `index`: a predicate of a literal
        (`phase`) that holds of one literal at a time: a condition is decided with that
        predicate's parts settled for the literal of the moment (`settled`), which
        `index_now` reads off a context (`phase_now`). `actor`: the word naming the
        context's own `actor` (the person most parts ask about: `in_game: actor`,
        `stake_of: actor` …), which a predicate or a function of him reads off the context
        as a part reads the event's fields, not through a call of the word's meaning."""
        self.words = words
        self.functions = functions
        self.predicates = predicates
        self.facts = facts or {}
        self.index = index
        self.index_now = index_now
        self.actor = actor


Known = Callable[[Any], "bool | None"]


def settled(node: Any, known: Known) -> Any:
    """The condition `node` with each part that `known` decides (True or False; None for a
    part it does not know) put in, and what that decides of the rest: True, False, or a
    smaller condition. A check whose condition is False is not asked at all."""
    if node is None:
        return True
    if isinstance(node, dict) and len(node) == 1:
        (name, arg), = node.items()
        if name == "not":
            inner = settled(arg, known)
            return (not inner) if isinstance(inner, bool) else {"not": inner}
        if name == "all" or name == "any":
            decisive = name == "any"  # a part that is True decides `any`; one that is False, `all`
            parts: list[Any] = []
            for part in arg:
                part = settled(part, known)
                if part is decisive:
                    return decisive
                if part is not (not decisive):
                    parts.append(part)
            if not parts:
                return not decisive
            return parts[0] if len(parts) == 1 else {name: parts}
    decided = known(node)  # a word, a predicate, a comparison: decided whole, or left as it is
    return node if decided is None else decided


def with_numbers(node: Any, parameters: Mapping[str, Any]) -> Any:
    """The condition `node` with each side of a comparison (or an operand of its arithmetic)
    that names a number of the rule book's parameters (`{param: cards_per_hand}`) put in as
    that number: the rule book's parameters are fixed for its life, so the number is read
    once, where a moment's conditions are settled, not at each decision (a comparison with
    a number on one side is then compiled to compare with it, with no closure to call for
    it). The number is the rule book's own (rules/), never one written here."""
    if not isinstance(node, dict) or len(node) != 1:
        return node
    (name, arg), = node.items()
    if name in ("all", "any"):
        return {name: [with_numbers(part, parameters) for part in arg]}
    if name == "not":
        return {name: with_numbers(arg, parameters)}
    if name in COMPARISONS and isinstance(arg, list):
        return {name: [_number_in(side, parameters) for side in arg]}
    return node


def _number_in(value: Any, parameters: Mapping[str, Any]) -> Any:
    """A value with its parameters that are numbers put in, through arithmetic."""
    if not isinstance(value, dict) or len(value) != 1:
        return value
    (name, arg), = value.items()
    if name == "param" and isinstance(arg, str):
        number = parameters.get(arg)
        return number if isinstance(number, (int, float)) and not isinstance(number, bool) else value
    if name in ARITHMETIC and isinstance(arg, list):
        return {name: [_number_in(part, parameters) for part in arg]}
    return value


P = ParamSpec("P")
C = TypeVar("C", bound=Callable[[Any], Any])


def _own_code(make: Callable[P, C]) -> Callable[P, C]:
    """Each closure `make` returns is given a copy of its code of its own.

    Every closure of one kind (a conjunction's, a comparison's) runs the same code, which
    calls its parts: a different function at each closure, so CPython 3.11 finds the call
    site never the same twice and leaves it unspecialized. A copy of the code (the same
    bytecode, not new source) keeps its own caches, and its calls meet the same functions
    each time (docs/speed.md). A compiled build's closures are native, and pass through
    as they are."""

    def made(*args: P.args, **kwargs: P.kwargs) -> C:
        closure = make(*args, **kwargs)
        if isinstance(closure, FunctionType) and closure.__closure__:
            code = closure.__code__.replace()
            return cast(C, FunctionType(code, closure.__globals__, closure.__name__, closure.__defaults__,
                                        closure.__closure__))
        return closure

    return made


_COMPARE: Final = {
    "eq": operator.eq,
    "ne": operator.ne,
    "lt": operator.lt,
    "le": operator.le,
    "gt": operator.gt,
    "ge": operator.ge,
}
assert set(_COMPARE) == set(COMPARISONS)


def _constant(value: Any) -> Value:
    return lambda ctx: value


ARITHMETIC: Final = ("add", "sub", "mul", "min", "max")


def arithmetic(name: str, values: list[Any]) -> Any:
    """`add`, `sub`, `mul`, `min`, `max` of evaluated operands: None if any is unknown."""
    if None in values:  # operands are numbers or None: `in` compares by identity first
        return None
    if name == "add":
        return sum(values)
    if name == "sub":
        return values[0] - sum(values[1:])
    if name == "mul":
        return product(values)
    return min(values) if name == "min" else max(values)


def product(values: Iterable[Any]) -> Any:
    """A product of counts, one of them perhaps a fraction of the limit (half: 0.5) as the
    rules write it. Binary floating point makes 0.29 times 100 28.999…, and an ante of 29
    "more than 0.29 of the limit of 100": a product within a hair of a whole number is that
    number, as a club reckons it. (Exact fractions would say the same at many times the
    cost, in a check asked at every ante: docs/speed.md.)"""
    result = math.prod(values)
    if isinstance(result, float):
        whole = round(result)
        if math.isclose(result, whole, rel_tol=1e-12):
            return whole
    return result


def _arithmetic(name: str, parts: list[Value]) -> Value:
    return lambda ctx: arithmetic(name, [part(ctx) for part in parts])


@_own_code
def compile_value(node: Any, binding: Binding | None = None) -> Value:
    """A closure computing the value `node` describes."""
    if node is None or isinstance(node, (bool, int, float)):
        return _constant(node)
    if isinstance(node, str):
        if node.startswith("event."):
            field = node[len("event."):]
            return lambda ctx: ctx.event.get(field)
        if node in CONSTANTS or is_hand_literal(node):
            return _constant(node)
        if binding is not None:
            return binding.words[node]
        return lambda ctx: ctx.word(node)
    if isinstance(node, list):
        items = [compile_value(item, binding) for item in node]
        return lambda ctx: [item(ctx) for item in items]
    (name, arg), = node.items()
    if name == "param":
        return lambda ctx: ctx.param(arg)
    if name in ARITHMETIC:
        return _arithmetic(name, [compile_value(part, binding) for part in arg])
    if name == "first_of":
        options = [compile_value(option, binding) for option in arg]

        def first(ctx: Context) -> Any:
            for option in options:
                value = option(ctx)
                if value is not None:
                    return value
            return None

        return first
    if name not in VALUE_FUNCTIONS:
        raise ValueError(f"unknown value {node!r}")
    if binding is not None and binding.actor is not None and arg == binding.actor:
        function = binding.functions[name]

        def of_actor(ctx: Context) -> Any:  # the actor read off the context: no call of the word
            actor = ctx.actor
            return None if actor is None else function(ctx, actor)

        return of_actor
    inner = compile_value(arg, binding)
    if binding is not None:
        function = binding.functions[name]

        def bound(ctx: Context) -> Any:
            value = inner(ctx)
            return None if value is None else function(ctx, value)

        return bound

    def applied(ctx: Context) -> Any:
        value = inner(ctx)
        return None if value is None else ctx.apply(name, value)

    return applied


@_own_code
def _compile_arguments(arg: Any, binding: Binding | None) -> Value:
    if isinstance(arg, bool):
        return _constant(arg)
    if named_operands(arg):
        parts = {
            key: (_constant(value) if key in LITERAL_ARGUMENTS else compile_value(value, binding))
            for key, value in arg.items()
        }
        return lambda ctx: {key: part(ctx) for key, part in parts.items()}
    return compile_value(arg, binding)


# What a predicate costs to decide, roughly; a conjunction tests its cheap parts first.
_PREDICATE_COST: Final = {"phase": 1, "is_set": 1, "in": 2, "in_game": 2, "foul": 2, "stood": 2, "spoke": 2,
                          "winner": 2, "out_of_turn": 3, "lifted": 3, "has_drawn": 3, "bet_after_draw": 2,
                          "redeal_after": 2, "retired_under": 2, "hand_known": 8, "hand_at_least": 10,
                          "card_not_in_pack": 4, "card_seen_twice": 6, "given_back_exposed": 1}


def cost(node: Any) -> float:
    """A rough price of evaluating a condition or value (a word lookup is 1)."""
    if node is None or isinstance(node, (bool, int, float)):
        return 0
    if isinstance(node, str):
        return 0.5 if node.startswith("event.") or node in CONSTANTS else 1
    if isinstance(node, list):
        return sum(cost(item) for item in node)
    if len(node) != 1:  # a predicate's named arguments
        return sum(cost(value) for value in node.values())
    (name, arg), = node.items()
    if name == "param":
        return 0.5
    if name in ("all", "any", "not") or name in _COMPARE or name in ARITHMETIC:
        return cost(arg)
    if name in _PREDICATE_COST:
        extra = 0 if name in LITERAL_ARGUMENTS or isinstance(arg, bool) else cost(arg)
        return _PREDICATE_COST[name] + extra
    return 2 + cost(arg)


@_own_code
def compile_condition(node: Any, binding: Binding | None = None) -> Condition:
    """A closure deciding the condition `node` describes (None and true: always).

    Conditions have no side effects, so the parts of `all` and `any` are tested
    cheapest first: the same verdict, sooner."""
    if node is None or node is True:
        return lambda ctx: True
    if isinstance(node, str):
        if node.startswith("event."):  # a yes-or-no field of the event
            field = node[len("event."):]
            return lambda ctx: bool(ctx.event.get(field))
        if binding is not None:
            if node in binding.facts:
                return binding.facts[node]
            word = binding.words[node]
            return lambda ctx: bool(word(ctx))
        return lambda ctx: bool(ctx.word(node))
    (name, arg), = node.items()
    if name == "all":
        parts = [compile_condition(part, binding) for part in sorted(arg, key=cost)]
        if len(parts) == 2:  # the commonest conjunction: no loop to set up
            first, second = parts
            return lambda ctx: first(ctx) and second(ctx)

        def every(ctx: Context) -> bool:
            for part in parts:
                if not part(ctx):
                    return False
            return True

        return every
    if name == "any":
        parts = [compile_condition(part, binding) for part in sorted(arg, key=cost)]

        def some(ctx: Context) -> bool:
            for part in parts:
                if part(ctx):
                    return True
            return False

        return some
    if name == "not":
        return _negated(arg, binding)
    if name == "param":  # a true-or-false parameter: a house's setting (`table_stakes`)
        return lambda ctx: bool(ctx.param(arg))
    if name in _COMPARE:
        if _is_number(arg[1]) and not _is_number(arg[0]):  # a number of the rule book's: compared with, not called
            return _compared_with(name, compile_value(arg[0], binding), arg[1])
        left, right = (compile_value(side, binding) for side in arg)
        if name == "eq":  # an unknown value (None) equals only another unknown one
            return lambda ctx: bool(left(ctx) == right(ctx))
        if name == "ne":
            return lambda ctx: bool(left(ctx) != right(ctx))
        compare = _COMPARE[name]

        def compared(ctx: Context) -> bool:  # an order with an unknown side does not hold
            a, b = left(ctx), right(ctx)
            return a is not None and b is not None and bool(compare(a, b))

        return compared
    if binding is not None:
        predicate = binding.predicates[name]
        if name in LITERAL_ARGUMENTS:
            return lambda ctx: bool(predicate(ctx, arg))
        if binding.actor is not None and arg == binding.actor:  # the actor read off the context: no call
            return lambda ctx: bool(predicate(ctx, ctx.actor))
        argument = _compile_arguments(arg, binding)
        return lambda ctx: bool(predicate(ctx, argument(ctx)))
    if name in LITERAL_ARGUMENTS:
        return lambda ctx: ctx.test(name, arg)
    argument = _compile_arguments(arg, binding)
    return lambda ctx: ctx.test(name, argument(ctx))


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@_own_code
def _compared_with(name: str, left: Value, number: Any) -> Condition:
    """A comparison of a value with a number written in the rules, or a parameter's number
    put in (`with_numbers`): the same verdict as the closure of both sides, one call fewer."""
    if name == "eq":
        return lambda ctx: bool(left(ctx) == number)
    if name == "ne":
        return lambda ctx: bool(left(ctx) != number)
    compare = _COMPARE[name]

    def compared(ctx: Context) -> bool:  # an order with an unknown side does not hold
        a = left(ctx)
        return a is not None and bool(compare(a, number))

    return compared


@_own_code
def _negated(node: Any, binding: Binding | None) -> Condition:
    """`{not: X}`: a word or a predicate negated in the one closure that asks it (a third
    of the parts a replay decides are negations: one call fewer each); anything else, as
    the closure of X negated."""
    if binding is not None and isinstance(node, str) and not node.startswith("event."):
        fact = binding.words[node]
        return lambda ctx: not fact(ctx)
    if binding is not None and isinstance(node, dict) and len(node) == 1:
        (name, arg), = node.items()
        if name in binding.predicates:
            predicate = binding.predicates[name]
            if name in LITERAL_ARGUMENTS:
                return lambda ctx: not predicate(ctx, arg)
            if binding.actor is not None and arg == binding.actor:  # the actor read off the context: no call
                return lambda ctx: not predicate(ctx, ctx.actor)
            argument = _compile_arguments(arg, binding)
            return lambda ctx: not predicate(ctx, argument(ctx))
    inner = compile_condition(node, binding)
    return lambda ctx: not inner(ctx)
