"""Conditions compiled to closures (engine/expressions.py) decide as their data says, in
every form the compiler makes shorter: a negated word or predicate, a comparison with an
unknown side, a conjunction of two parts; with a binding and without one (by name); and
settled for the phase a state is in (a check asked in a phase only as it can hold there)."""

from __future__ import annotations

from types import FunctionType
from typing import Any

import pytest

from arbiter.checker import check_file
from arbiter.engine.compiled import Moment, known_in, shared_parts
from arbiter.engine.expressions import Binding, compile_condition, settled
from arbiter.resources import cases_dir

FACTS = {"pool_taken": lambda ctx: ctx.values["pool_taken"]}
WORDS = {"actor": lambda ctx: ctx.values["actor"], "each": lambda ctx: ctx.values["actor"], "nothing": lambda ctx: None, "two": lambda ctx: 2,
         "shown": lambda ctx: ctx.values["shown"], **FACTS}
PREDICATES = {"in_game": lambda ctx, player: player in ctx.values["still_in"],
              "phase": lambda ctx, name: ctx.values["phase"] == name}
BINDING = Binding(WORDS, {}, PREDICATES, FACTS)


class Context:
    """A state with the words above, asked by name where a condition is compiled without a binding."""

    def __init__(self, **values: Any) -> None:
        self.values = values
        self.event: dict[str, Any] = values.get("event", {})

    def word(self, name: str) -> Any:
        return WORDS[name](self)

    def apply(self, function: str, argument: Any) -> Any:
        raise AssertionError(function)

    def test(self, predicate: str, argument: Any) -> bool:
        return bool(PREDICATES[predicate](self, argument))

    def param(self, name: str) -> Any:
        return self.values[name]


STATES = [Context(actor="Ann", pool_taken=taken, shown=["Ann"] if taken else [], still_in=still_in, phase=phase, event={"exposed": exposed})
          for taken in (False, True) for still_in in ({"Ann"}, set()) for phase in ("say", "draw")
          for exposed in (0, 1)]


def meaning(node: Any, ctx: Context) -> bool:
    """What the data says, read plainly: the reference the closures are held to."""
    if node is None or node is True:
        return True
    if isinstance(node, str):
        return bool(ctx.event.get(node[6:])) if node.startswith("event.") else bool(ctx.word(node))
    (name, arg), = node.items()
    if name == "all":
        return all(meaning(part, ctx) for part in arg)
    if name == "any":
        return any(meaning(part, ctx) for part in arg)
    if name == "not":
        return not meaning(arg, ctx)
    if name in ("eq", "ne", "lt", "le", "gt", "ge"):
        a, b = (value(side, ctx) for side in arg)
        if name in ("eq", "ne"):
            return (a == b) == (name == "eq")
        return a is not None and b is not None and {"lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[name]
    return ctx.test(name, arg if name == "phase" else value(arg, ctx))


def value(node: Any, ctx: Context) -> Any:
    return node if isinstance(node, int) else ctx.word(node)


CONDITIONS = [
    "pool_taken", "shown",  # a fact, called as it is; another word, as true or false
    {"not": "pool_taken"}, {"not": "shown"},
    {"not": {"in_game": "actor"}},
    {"not": {"phase": "say"}},
    {"not": "event.exposed"},
    {"not": {"not": {"in_game": "actor"}}},
    {"not": {"all": [{"phase": "say"}, "pool_taken"]}},
    {"all": [{"in_game": "actor"}, {"not": "pool_taken"}]},
    {"all": [{"in_game": "actor"}, {"phase": "draw"}, "event.exposed"]},
    {"any": [{"phase": "draw"}, "pool_taken"]},
    {"eq": ["nothing", "nothing"]}, {"ne": ["nothing", "nothing"]}, {"eq": ["nothing", 2]}, {"ne": ["two", 2]},
    {"lt": ["nothing", 3]}, {"ge": ["two", "nothing"]}, {"lt": ["two", 3]}, {"gt": ["two", 3]}, {"le": ["two", 2]},
]


@pytest.mark.parametrize("node", CONDITIONS, ids=str)
@pytest.mark.parametrize("bound", [True, False], ids=["bound", "by name"])
def test_a_compiled_condition_decides_as_its_data_says(node, bound):
    condition = compile_condition(node, BINDING if bound else None)
    for ctx in STATES:
        decided = condition(ctx)
        assert type(decided) is bool and decided == meaning(node, ctx), (node, ctx.values)


def test_each_closure_of_a_kind_runs_a_copy_of_its_code_of_its_own():
    """Two conjunctions, and the predicates' closures inside them, run the same bytecode
    from code objects of their own: the interpreter's caches at each call site then serve
    one closure, whose parts are always the same functions (docs/speed.md)."""
    first = compile_condition({"all": [{"in_game": "actor"}, {"not": "pool_taken"}]}, BINDING)
    second = compile_condition({"all": [{"phase": "say"}, {"not": "shown"}]}, BINDING)
    if not isinstance(first, FunctionType):
        pytest.skip("a compiled build's closures are native: no code of theirs to copy")
    assert first.__code__ is not second.__code__ and first.__code__.co_code == second.__code__.co_code
    inner_first, inner_second = (cell.cell_contents for cell in (first.__closure__[0], second.__closure__[0]))
    assert inner_first.__code__ is not inner_second.__code__
    for ctx in STATES:
        assert first(ctx) == meaning({"all": [{"in_game": "actor"}, {"not": "pool_taken"}]}, ctx)


@pytest.mark.parametrize("node", [*CONDITIONS, None, {"all": [{"phase": "say"}, {"phase": "draw"}]},
                                  {"any": [{"not": {"phase": "say"}}, {"phase": "say"}]},
                                  {"all": [{"any": [{"phase": "say"}, {"phase": "draw"}]}, "pool_taken"]}], ids=str)
def test_a_condition_settled_for_the_phase_decides_as_the_whole_does(node):
    for ctx in STATES:
        left = settled(node, known_in("phase", ctx.values["phase"], {}))
        whole = meaning(node, ctx)
        if isinstance(left, bool):  # decided by the phase alone: the same verdict in every state of it
            assert left == whole and all(meaning(node, other) == left for other in STATES
                                         if other.values["phase"] == ctx.values["phase"])
        else:
            assert "phase" not in str(left) and compile_condition(left, BINDING)(ctx) == whole, (node, left)


def test_a_settled_condition_keeps_what_the_phase_does_not_decide():
    node = {"all": [{"phase": "say"}, {"in_game": "actor"}, {"not": {"phase": "draw"}}]}
    assert settled(node, known_in("phase", "say", {})) == {"in_game": "actor"}
    assert settled(node, known_in("phase", "draw", {})) is False
    assert settled({"any": [{"phase": "say"}, "pool_taken", "shown"]}, known_in("phase", "draw", {})) == {"any": ["pool_taken", "shown"]}


# --- a moment: the parts several checks share, decided once a decision (engine/compiled.py)

SHARING = [  # checks of one moment: `in_game actor` and `pool_taken` required by several
    {"all": [{"not": {"in_game": "actor"}}, {"not": "pool_taken"}]},
    {"all": [{"not": {"in_game": "actor"}}, "pool_taken"]},
    {"all": [{"in_game": "actor"}, "event.exposed", {"not": "pool_taken"}]},
    {"all": [{"in_game": "actor"}, {"any": ["shown", "pool_taken"]}]},
    {"any": [{"in_game": "each"}, "event.exposed"]},
    "event.exposed",
]


def test_the_parts_several_checks_require_are_shared_most_required_first():
    assert shared_parts(SHARING) == [{"in_game": "actor"}, "pool_taken", "event.exposed"]


def test_a_part_of_each_player_or_a_dear_one_is_not_shared():
    each = [{"all": [{"in_game": "each"}, "pool_taken"]}, {"all": [{"in_game": "each"}, "shown"]}]
    assert shared_parts(each) == []
    dear = [{"all": [{"hand_known": "actor"}, "pool_taken"]}, {"all": [{"hand_known": "actor"}, "shown"]}]
    assert shared_parts(dear) == []


def test_a_moment_asks_the_checks_that_hold_as_their_conditions_as_written_say():
    checks = [(f"check {i}", node) for i, node in enumerate(SHARING)]
    moment = Moment(checks, BINDING)  # type: ignore[arg-type] - any check will do: the moment only passes it on
    assert moment.shared == shared_parts(SHARING)
    for ctx in [*STATES, *(Context(**{**s.values, "actor": "Bob"}) for s in STATES)]:
        asked = moment.asked(ctx)  # type: ignore[arg-type]
        held = [check for check, condition in asked if condition(ctx)]
        assert held == [check for check, node in checks if meaning(node, ctx)], ctx.values
        assert len(asked) < len(checks)  # the shared parts settle some checks for every state


def test_a_moment_asks_a_shared_part_only_while_a_check_left_requires_it():
    """Every check requires the actor in the game and `shown`: where he is out, no other
    shared part is asked; where he is in, `shown` is asked next, both requiring it alike,
    before `pool_taken`, which they require one each way: where nothing is shown, that
    ends the decision."""
    asked: list[str] = []

    def noted(name: str) -> Any:
        def fact(ctx: Any) -> bool:
            asked.append(name)
            return bool(ctx.values[name])
        return fact

    facts = {"pool_taken": noted("pool_taken"), "shown": noted("shown")}
    binding = Binding({**WORDS, **facts}, {}, PREDICATES, facts)
    checks = [("first", {"all": [{"in_game": "actor"}, "pool_taken", "shown"]}),
              ("second", {"all": [{"in_game": "actor"}, {"not": "pool_taken"}, "shown"]})]
    moment = Moment(checks, binding)  # type: ignore[arg-type]
    assert moment.shared == [{"in_game": "actor"}, "pool_taken", "shown"]
    out = Context(actor="Ann", pool_taken=True, shown=["Ann"], still_in=set(), phase="say", event={})
    assert moment.asked(out) == [] and asked == []  # type: ignore[arg-type]
    held = Context(actor="Ann", pool_taken=True, shown=[], still_in={"Ann"}, phase="say", event={})
    assert moment.asked(held) == [] and asked == ["shown"]  # type: ignore[arg-type]
    shown = Context(actor="Ann", pool_taken=True, shown=["Ann"], still_in={"Ann"}, phase="say", event={})
    assert [check for check, _ in moment.asked(shown)] == ["first"]  # type: ignore[arg-type]
    assert asked == ["shown", "shown", "pool_taken"]


def test_a_moment_whose_shared_part_cannot_be_decided_asks_the_conditions_as_written():
    def no_game(ctx: Any) -> bool:
        raise AttributeError("no game yet")

    binding = Binding({**WORDS, "pool_taken": no_game}, {}, PREDICATES, {"pool_taken": no_game})
    checks = [("first", {"all": ["shown", "pool_taken"]}), ("second", {"all": ["pool_taken", {"in_game": "actor"}]})]
    moment = Moment(checks, binding)  # type: ignore[arg-type]
    ctx = Context(actor="Ann", shown=[], still_in={"Ann"}, phase="say", event={})
    asked = moment.asked(ctx)  # type: ignore[arg-type]
    assert [check for check, _ in asked] == ["first", "second"]
    assert not asked[0][1](ctx)  # `shown` is false and asked first: the part that fails is never asked
    with pytest.raises(AttributeError):
        asked[1][1](ctx)


# --- a setting settled for the phase, as a moment's checks are (engine/compiled.py)

def test_a_setting_of_one_phase_is_not_asked_in_another():
    """The stake's law is L25 in the say (and before the deal), D4 in the draw, L52 in the
    betting: each phase's look-up holds its law alone, its `{phase: …}` part decided."""
    from arbiter.engine.replay import Replay
    from arbiter.rulebook.loader import load_rulebook

    rules = Replay.compile(load_rulebook())
    for phase, law in [("before_deal", "L25"), ("say", "L25"), ("draw", "D4"), ("betting", "L52")]:
        candidates, _ = rules._candidates("ledger_rule", {"what": "stake"}, phase)
        assert [(s.rule, s.unconditional) for s in candidates] == [(law, True)], phase
    assert rules._candidates("ledger_rule", {"what": "stake"}, "show") == ([], False)
    unsettled, _ = rules._candidates("ledger_rule", {"what": "stake"}, None)  # no phase given: each asked as written
    assert [s.rule for s in unsettled] == ["L25", "L52", "D4"] and not any(s.unconditional for s in unsettled)


def test_the_rounds_with_no_condition_are_gathered_once_and_one_with_a_condition_is_asked_for_its_act():
    """`act_possible` reads the phases the rounds with no condition accept, gathered once
    (`round_acts`); a round with a condition (law 39's: a give the dealer still owes, and
    the discards collected for it, in the betting) is asked only for the acts it names,
    and only outside those phases."""
    from arbiter.engine.replay import Replay
    from arbiter.rulebook.loader import load_rulebook

    rules = Replay.compile(load_rulebook())
    assert rules.round_acts["discard"] == rules.round_acts["give"] == {"draw"}
    assert rules.conditional_acts == {"give", "collect_discards"}
    assert "draw_for_deal" not in rules.round_acts  # no round names it: it can always come


@pytest.mark.parametrize("case, words", [("l44-discard-given-then-excess-pointed-out", "Bob asked for 1 card but"),
                                         ("l44-wrong-demand-dealer-gives-discard", "Bob asked for 3 cards but")])
def test_a_summary_says_a_number_with_its_noun(case, words):
    """`{number:V:card}` in a summary (L44's): "1 card", "3 cards", never "1 cards"."""
    report = check_file(cases_dir() / f"{case}.json")
    assert [f["summary"] for f in report["findings"] if f["id"] == "L44"][0].startswith(words)
