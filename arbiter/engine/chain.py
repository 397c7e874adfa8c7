"""The chain of persons a law turns to in order: law 46's witnesses, laws 77-78's referee.

The chain is data in the rule (`candidates` and `pass_over`); this procedure only walks
it: each candidate generator in order, each person once, the first not passed over is
the one.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from arbiter.engine.expressions import Binding, Condition, Context, compile_condition, compile_value
from arbiter.events import Event
from arbiter.seats import Seating


class Chain:
    """A compiled chain: generators of candidates, and the reasons to pass one over."""

    def __init__(self, candidates: tuple[tuple[str, Any], ...], pass_over: tuple[tuple[str, Condition], ...]) -> None:
        self.candidates = candidates
        self.pass_over = pass_over

    @classmethod
    def compile(cls, spec: Mapping[str, Any], binding: Binding | None = None) -> "Chain":
        candidates = []
        for item in spec["candidates"]:
            if isinstance(item, str):
                candidates.append(("person", compile_value(item, binding)))
                continue
            (kind, arg), = item.items()
            candidates.append((kind, compile_value(arg, binding)))
        pass_over = tuple((p["reason"], compile_condition(p["if"], binding)) for p in spec.get("pass_over") or ())
        return cls(tuple(candidates), pass_over)

    def _people(self, ctx: Context, seating: Seating) -> Iterator[str]:
        for kind, value in self.candidates:
            person = value(ctx)
            if person is None:
                continue
            if kind == "left_of":
                yield seating.left_of(person)
            elif kind == "right_of":
                yield seating.right_of(person)
            elif kind == "going_left_from":
                yield from seating.going_left_from(person)
            elif kind == "person":
                yield person
            else:
                raise ValueError(f"unknown candidate generator {kind!r}")

    def walk(self, ctx: Any, seating: Seating) -> tuple[str | None, list[dict[str, Any]]]:
        """The one chosen (or None) and everyone considered, in order, with the reason.

        `ctx` is a Context with a settable `candidate`, the person being considered.
        """
        considered: list[dict[str, Any]] = []
        seen: set[str] = set()
        for person in self._people(ctx, seating):
            if person in seen:
                continue
            seen.add(person)
            ctx.candidate = person
            reason = next((why for why, applies in self.pass_over if applies(ctx)), None)
            considered.append({"player": person, "passed_over_because": reason})
            if reason is None:
                return person, considered
        return None, considered


class TableContext:
    """The little a chain needs to know of a table when no game is being replayed: the
    words the question gives (`dealer`, `disputants` …) and the event it is about."""

    def __init__(self, seating: Seating, words: Mapping[str, Any], event: Event,
                 parameters: Mapping[str, Any]) -> None:
        self.seating = seating
        self.words = dict(words)
        self.event = event
        self.parameters = parameters
        self.candidate: str | None = None

    def word(self, name: str) -> Any:
        if name == "candidate":
            return self.candidate
        return self.words.get(name)

    def apply(self, function: str, argument: Any) -> Any:
        if function == "left_of":
            return self.seating.left_of(argument)
        if function == "right_of":
            return self.seating.right_of(argument)
        raise ValueError(f"{function} needs a game in play")

    def test(self, predicate: str, argument: Any) -> bool:
        if predicate == "in":
            person, group = argument
            return person in (group or ())
        raise ValueError(f"{predicate} needs a game in play")

    def param(self, name: str) -> Any:
        return self.parameters[name]


def evidence_question(dealer: str, disputant: str, unable: list[str]) -> tuple[dict[str, Any], Event]:
    """What law 46's chain is asked outside a game (`arbiter evidence`, the table's
    `evidence`): the dealer and the disputing player, and the dispute as a log records it."""
    return {"dealer": dealer, "disputant": disputant}, {"type": "dispute", "player": disputant, "unable": unable}


def chain_answer(spec: Mapping[str, Any], defining: str, role: str, seating: Seating, words: Mapping[str, Any],
                 event: Event | None = None, parameters: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A chain walked for a table outside any game (the `evidence` and `referee` commands,
    the table's): who is chosen as `role`, those considered, and the rule that names him:
    the chain's `decided_by` entry for the place at which he was reached (law 78 for the
    dealer's neighbours), else `defining`, the rule that defines the chain."""
    ctx = TableContext(seating, words, event or {}, parameters or {})
    chosen, considered = Chain.compile(spec).walk(ctx, seating)
    cited, places = spec.get("decided_by") or [], [person["player"] for person in considered]
    rule = defining if chosen is None or chosen not in places or not cited else \
        str(cited[min(places.index(chosen), len(cited) - 1)])
    return {"rule": rule, role: chosen, "considered": considered}
