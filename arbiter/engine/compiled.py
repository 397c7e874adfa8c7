"""The rule book compiled for replay: an index from trigger to checks, closures ready.

Built once per rule book (and cached), so replaying a log never reads YAML nor walks
the data of a condition: it looks up the checks of an event type and calls closures.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Final, Mapping

from arbiter.engine.chain import Chain
from arbiter.engine.expressions import (
    Binding,
    Condition,
    Context,
    Known,
    Value,
    compile_condition,
    compile_value,
    cost,
    settled,
    with_numbers,
)
from arbiter.rulebook.model import Check, Rule, Rulebook, first_read, hand_rules
from arbiter.rulebook.vocabulary.functions import NUMBER_FUNCTIONS
from arbiter.rulebook.vocabulary.grammar import (
    COUNTED_FORM,
    EVERY_PLAYER,
    NAMED_FORM,
    NAMED_KEYS,
    PERSON_SETTINGS,
    PRONOUN_FORMS,
    TEMPLATE_FIELD,
    named_operands,
    nodes,
    setting_entries,
    template_value,
    unwrapped,
)
from arbiter.rulebook.vocabulary.numbers import NUMBERS
from arbiter.rulebook.vocabulary.persons import EACH
from arbiter.words import decimal, listed, plural, pronoun_of


def compile_template(template: str, binding: Binding | None = None) -> Callable[[Context], str]:
    """A summary template: `{actor}`, `{event.stake}`, `{hand_size_of_actor}` filled from the
    state; `{his:actor}`, `{verb:actor:retires}` in the player's own pronoun; `{number:V:card}`
    the number V with its noun ("1 card", "3 cards")."""
    parts: list[str | Value] = []
    position = 0
    for match in re.finditer(TEMPLATE_FIELD, template):
        parts.append(template[position:match.start()])
        name, person, verb = match.groups()
        if person is None:
            value = template_value(name)
            compiled = compile_value(value, binding)
            parts.append(_number_part(compiled) if _is_number(value) else compiled)
        elif name in PRONOUN_FORMS or (name == "verb" and verb):
            parts.append(_pronoun_part(name, compile_value(person, binding), verb))
        elif name == COUNTED_FORM and verb:
            parts.append(_counted_part(compile_value(template_value(person), binding), verb))
        elif name == NAMED_FORM:
            parts.append(_named_part(compile_value(person, binding), compile_value("actor", binding), verb))
        else:
            raise ValueError(f"unknown template field {match.group(0)!r}")
        position = match.end()
    parts.append(template[position:])

    def render(ctx: Context) -> str:
        text = "".join(part if isinstance(part, str) else _shown(part(ctx)) for part in parts)
        return " ".join(text.split())

    return render


def _is_number(value: Any) -> bool:
    """Is a template's value a number of the vocabulary (`{limit}`, `{stake_of_actor}`)?"""
    word = next(iter(value)) if isinstance(value, dict) else value
    return isinstance(word, str) and (word in NUMBERS or (isinstance(value, dict) and word in NUMBER_FUNCTIONS))


def _number_part(number: Value) -> Value:
    """A number a summary says: "unknown" where the log does not say it (stacks not given),
    not the "no one" of a person who is none."""
    def said(ctx: Context) -> Any:
        value = number(ctx)
        return "unknown" if value is None else value

    return said


def _pronoun_part(form: str, person: Value, verb: str | None) -> Value:
    def pronoun(ctx: Context) -> str:
        said = pronoun_of(person(ctx), getattr(ctx, "pronouns", None))
        return said.verb(verb) if form == "verb" and verb else getattr(said, PRONOUN_FORMS[form])

    return pronoun


def _named_part(person: Value, actor: Value, verb: str | None) -> Value:
    def named(ctx: Context) -> str:
        who = person(ctx)
        if who != actor(ctx):
            return f"{_shown(who)} {verb}" if verb else _shown(who)
        said = pronoun_of(who, getattr(ctx, "pronouns", None))
        return f"{said.subject} {said.verb(verb)}" if verb else said.subject

    return named


def _counted_part(number: Value, noun: str) -> Value:
    def counted(ctx: Context) -> str:
        value = number(ctx)  # None where the event or the log does not say it (a pass's count, stacks not given)
        return plural(value, noun) if value is not None else plural(2, noun).replace("2", "an unknown number of", 1)

    return counted


def _shown(value: Any) -> str:
    if value is None:
        return "no one"
    if isinstance(value, (list, tuple, set)):
        return listed(_shown(v) for v in value) or "no one"
    if isinstance(value, float):
        return "one-half" if value == 0.5 else decimal(value)  # as the house wrote it, not to six figures
    return str(value)


class CompiledCheck:
    """A check ready to run: its rule, its condition, its effects, whom it concerns, each
    a closure compiled once; its summary's template when it first holds (most checks of a
    log never do, and the templates were half the time of compiling a rule book)."""

    def __init__(self, rule: Rule, index: int, check: Check, binding: Binding | None,
                 exceptions: tuple[tuple[str, Condition | None], ...]) -> None:
        self.rule = rule
        self.index = index
        self.check = check
        self.severity = rule.severity_of(check)
        self.for_each = check.for_each
        self.effects: tuple[tuple[str, Any], ...] = tuple(compile_effect(e, binding) for e in check.effects)
        self.player: Value = compile_value(check.player, binding)
        self.binding = binding
        # the rules this check's finding silences, each with the condition it does so under (None: always)
        self.exceptions = exceptions
        self._summary: Callable[[Context], str] | None = None
        self._condition: Condition | None = None

    def holds(self, ctx: Context) -> bool:
        """Does the condition as written hold? For a check `followed` from another, whose
        condition is compiled when first asked: most checks are asked only settled (`Moment`)."""
        condition = self._condition
        if condition is None:
            condition = self._condition = compile_condition(self.check.condition, self.binding)
        return condition(ctx)

    def summary(self, ctx: Context) -> str:
        """The finding's summary, in the words of the check's template."""
        if self._summary is None:
            self._summary = compile_template(self.check.summary, self.binding)
        return self._summary(ctx)


def exceptions_of(rule: Rule, binding: Binding | None) -> tuple[tuple[str, Condition | None], ...]:
    """The rules `rule` is an exception to, each with the condition of `exception_where`
    compiled, or None where it is the exception wherever it applies."""
    where = rule.exception_where
    return tuple((target, compile_condition(where[target], binding) if target in where else None)
                 for target in rule.exception_to)


def compile_effect(effect: Any, binding: Binding | None = None) -> tuple[str, Any]:
    if isinstance(effect, str):
        return effect, None
    (name, arg), = effect.items()
    if name == "follow":
        return name, arg
    if name == "find_witness":
        spec = dict(arg or {})
        chain = Chain.compile(spec, binding) if "candidates" in spec else None
        none_found = compile_value(spec["none_found"], binding) if "none_found" in spec else None
        return name, (chain, none_found)
    if named_operands(arg):
        return name, {key: compile_value(value, binding) for key, value in arg.items()}
    return name, compile_value(arg, binding)


def each_round(ctx: Any) -> list[str] | None:
    """Whom a `for_each: players` check is decided for: in a game, every player from the
    dealer's left; outside one, None (the check is then decided once, as any other)."""
    if not ctx.game:
        return None
    seating = ctx.seating
    players: list[str] = seating.round_from(seating.left_of(ctx.playing.dealer))
    return players


class Triggered:
    """The checks one trigger sets off, in the rule book's order, and for each phase of a
    game the moment that asks those that can hold in it: a check asked only in the betting
    is not asked of a deal. A decision looks the moment up in `moments` itself, with no
    method call at each decision (docs/speed.md), and asks `moment` only when its phase
    first comes."""

    def __init__(self, binding: Binding | None, parameters: Mapping[str, Any]) -> None:
        self.checks: list[CompiledCheck] = []
        self._binding = binding
        self._parameters = parameters
        self.moments: dict[str, Moment] = {}  # by phase

    def moment(self, key: str) -> Moment:
        """The checks that can hold in the phase `key`, each condition settled for the
        phase and for the rule book's parameters (`{param: table_stakes}`), kept in `moments`."""
        assert self._binding is not None and self._binding.index is not None
        known = known_in(self._binding.index, key, self._parameters)
        nodes = [(check, with_numbers(node, self._parameters)) for check in self.checks
                 for node in (settled(check.check.condition, known),) if node is not False]
        moment = self.moments[key] = Moment(nodes, self._binding)
        return moment


def known_in(index: str, literal: str, parameters: Mapping[str, Any]) -> Known:
    """What holds whatever the state: the `{index: LITERAL}` parts (the phase of the moment:
    `{phase: say}` holds in the say only) and the rule book's true-or-false parameters
    (`{param: table_stakes}`)."""
    def known(part: Any) -> bool | None:
        if isinstance(part, dict) and len(part) == 1:
            if index in part:
                return bool(part[index] == literal)
            name = part.get("param")
            if isinstance(name, str) and name in parameters:
                return bool(parameters[name])
        return None

    return known


# A moment shares no part dearer than this (`cost`): a check's cheaper parts mostly decide before a dear one.
_DEAREST_SHARED: Final = 4


class Moment:
    """The checks one trigger sets off in one phase. The parts that several of their
    conditions share (`shared`: the actor is in the game, acts out of his turn, his hand is
    foul …) are decided once a decision, one after another down a tree of the ways they
    fall (`Way`), grown as each way first comes: a part is asked only while some check
    left requires it, so that once those decided settle every check (False, as a rule)
    the rest are not asked; and the part asked first is the one that most checks left
    require alike, whose other answer settles them all at once. The checks are asked with
    their conditions settled for the way the parts fell: for an act in turn by one in the
    game most are settled False and not asked at all."""

    def __init__(self, checks: list[tuple[CompiledCheck, Any]], binding: Binding) -> None:
        self._checks = checks
        self.binding = binding
        self.shared = shared_parts([node for _, node in checks])
        self._facts: dict[int, Condition] = {}  # each shared part's closure, compiled when a way first asks it
        self._root = Way(self, [(check, node, self._shared_in(node)) for check, node in checks])
        self._unsettled: list[tuple[CompiledCheck, Condition]] | None = None

    def asked(self, ctx: Context) -> list[tuple[CompiledCheck, Condition]]:
        """The checks to ask now, each with its condition for the way the shared parts fall."""
        way = self._root
        try:
            while way.fact is not None:
                if way.fact(ctx):
                    way = way.yes or way.grow(True)
                else:
                    way = way.no or way.grow(False)
        except Exception:  # noqa: BLE001 - a shared part that cannot be decided now (no game yet)
            return self.unsettled()  # each condition asked as written: it decides, or fails, as before
        return way.checks

    def unsettled(self) -> list[tuple[CompiledCheck, Condition]]:
        if self._unsettled is None:
            self._unsettled = [(check, compile_condition(node, self.binding)) for check, node in self._checks]
        return self._unsettled

    def fact(self, index: int) -> Condition:
        """The shared part at `index`, compiled."""
        fact = self._facts.get(index)
        if fact is None:
            fact = self._facts[index] = compile_condition(self.shared[index], self.binding)
        return fact

    def _shared_in(self, node: Any) -> dict[int, bool]:
        """The shared parts (their places in `shared`) a condition requires, each with the
        answer it requires (False where it requires the part negated)."""
        return {self.shared.index(part): sense for part, sense in required_senses(node) if part in self.shared}


class Way:
    """A moment's checks left where the shared parts decided on the way here fell as they
    did, each with its condition settled for them and the shared parts it still requires
    (with the answer each requires). Where some check requires one, this way's `fact` is
    the part that the most checks left require alike (the first in `Moment.shared`'s order
    among equals): its other answer settles all those checks False at once, where asking
    first a part they require half one way and half the other settles only half of them
    (a raised hand's four checks all require a hand of the wrong size, two a lift and two
    none: the hand's size first ends the decision for a hand of the right size). `yes` and
    `no` are the ways on from it, each grown when it first comes; where none does,
    `checks` are those left to ask, their conditions compiled."""

    def __init__(self, moment: Moment, checks: list[tuple[CompiledCheck, Any, dict[int, bool]]]) -> None:
        self._moment = moment
        self._left = checks
        alike: dict[tuple[int, bool], int] = {}  # (a shared part, an answer) -> how many checks left require it
        for _, _, parts in checks:
            for required in parts.items():
                alike[required] = alike.get(required, 0) + 1
        self.index = min(alike, key=lambda required: (-alike[required], required[0]))[0] if alike else None
        self.fact = moment.fact(self.index) if self.index is not None else None
        self.yes: Way | None = None
        self.no: Way | None = None
        self.checks: list[tuple[CompiledCheck, Condition]] = [] if self.fact is not None else [
            (check, compile_condition(node, moment.binding)) for check, node, _ in checks]

    def grow(self, held: bool) -> Way:
        """The way on from this one where its fact `held`, or did not, kept."""
        assert self.index is not None
        index, part = self.index, self._moment.shared[self.index]

        def decided(node: Any) -> bool | None:
            return held if node == part else None

        left = []
        for check, node, parts in self._left:
            if index in parts:  # the others do not require it: they stand as they are
                node, parts = settled(node, decided), {i: sense for i, sense in parts.items() if i != index}
                if node is False:
                    continue
            left.append((check, node, parts))
        way = Way(self._moment, left)
        if held:
            self.yes = way
        else:
            self.no = way
        return way


def shared_parts(conditions: list[Any]) -> list[Any]:
    """The parts (as written, or negated) that two or more of these conditions require
    (a part of an `all`, or the whole), most shared first: each cheap to decide, and none
    that asks of `each` player (a decision asks it of one player after another). There is
    no cap on how many: a decision asks only those its checks still require (`Way`)."""
    if len(conditions) < 2:
        return []
    counted: dict[str, list[Any]] = {}  # the part as written (its repr) -> [part, how many require it]
    for node in conditions:
        seen: set[str] = set()
        for part in required_parts(node):
            key = repr(part)
            if key in seen or isinstance(part, bool):
                continue
            seen.add(key)
            entry = counted.setdefault(key, [part, 0])
            entry[1] += 1
    return [part for part, count in sorted(counted.values(), key=lambda entry: -entry[1])  # ties: in order
            if count > 1 and EACH not in nodes(part) and cost(part) <= _DEAREST_SHARED]


def required_senses(node: Any) -> list[tuple[Any, bool]]:
    """The parts a condition requires, each with the answer it requires: those of an `all`,
    or the whole, False where negated."""
    parts = node["all"] if isinstance(node, dict) and len(node) == 1 and "all" in node else [node]
    return [(part["not"], False) if isinstance(part, dict) and len(part) == 1 and "not" in part else (part, True)
            for part in parts]


def required_parts(node: Any) -> list[Any]:
    """The parts a condition requires, as written or negated: those of an `all`, or the whole."""
    return [part for part, _ in required_senses(node)]


def named_values(name: str, value: Mapping[str, Any], binding: Binding | None) -> dict[str, Value]:
    """The closures of the persons and numbers a setting names, by field (`person` for the
    whole of a setting that is one: `ante_by: {left_of: dealer}`, or `{value: dealer}`): made
    once with the rule book, so that reading one is a call of it, where the board looked up
    the closure of the field's node by its identity at each read (some 0.45 an event). An
    `ante_by` where every player antes names no one (`EVERY_PLAYER`: read as it is written).
    A value written `{value: X}` is X, in every field."""
    named = {field: compile_value(unwrapped(value.get(field)), binding) for field in NAMED_KEYS.get(name, ())}
    if name in PERSON_SETTINGS and value.get("value") != EVERY_PLAYER:
        named["person"] = compile_value(unwrapped(value), binding)
    return named


class Setting:
    """One rule's value for a procedure setting, with the condition under which it holds."""

    def __init__(self, rule: str, condition: Condition, value: Mapping[str, Any], exception_to: tuple[str, ...],
                 test: Any, named: dict[str, Value] | None = None) -> None:
        self.rule = rule
        self.condition = condition
        self.value = value
        self.exception_to = exception_to
        self.test = test  # the condition as written: None for a setting that always holds
        self.unconditional = test is None
        # the persons and numbers it names, compiled (`named_values`): `first`, `last`, `cards_each` …
        self.named: dict[str, Value] = named if named is not None else {}

    def settled(self, known: Known, binding: Binding | None) -> Setting | None:
        """This setting with its condition settled for what `known` decides (the phase of the
        moment): None where it cannot hold then, itself where nothing is settled."""
        node = settled(self.test, known)
        if node is False:
            return None
        if node == self.test:
            return self
        return Setting(self.rule, compile_condition(node, binding), self.value, self.exception_to,
                       None if node is True else node, self.named)


class CompiledRules:
    """Checks indexed by trigger, settings by name, exceptions (with their conditions) by
    the rule they except."""

    def __init__(self, rulebook: Rulebook, binding: Binding | None = None) -> None:
        self.rulebook = rulebook
        self.binding = binding
        self.parameters = rulebook.parameters
        self.hand_rules = hand_rules(rulebook.parameters, rulebook.hands)  # one a rule book, not one a log
        self.by_trigger: dict[str, Triggered] = {}
        self.followed: dict[str, list[CompiledCheck]] = {}
        self.exceptions: dict[str, list[tuple[str, Condition | None]]] = {}
        self.settings: dict[str, list[Setting]] = {}
        implemented: set[str] = set()
        for rule in rulebook.in_order():
            if not rulebook.active(rule.id):
                continue
            implemented.update(rule.implemented_by)
            exceptions = exceptions_of(rule, binding)
            for target, where in exceptions:
                if rulebook.active(target):  # an exception to a law switched off has nothing to set aside
                    self.exceptions.setdefault(target, []).append((rule.id, where))
            for index, check in enumerate(rule.checks):
                compiled = CompiledCheck(rule, index, check, binding, exceptions)
                for trigger in check.on:
                    if trigger == "followed":
                        self.followed.setdefault(rule.id, []).append(compiled)
                    else:
                        triggered = self.by_trigger.setdefault(trigger, Triggered(binding, rulebook.parameters))
                        triggered.checks.append(compiled)
            for name, entry in setting_entries(rule.defines):
                entry = dict(entry) if isinstance(entry, dict) else {"value": entry}
                test = entry.pop("if", None)
                self.settings.setdefault(name, []).append(
                    Setting(rule.id, compile_condition(test, binding), entry, rule.exception_to, test,
                            named_values(name, entry, binding)))

        # the places of the replay whose procedure a rule in force names (its `implemented_by`)
        self.implemented: frozenset[str] = frozenset(implemented)
        # the phase of the moment, where the binding reads one: the settings are settled for it
        self._phase_now = binding.index_now if binding is not None and binding.index is not None else None
        # (name, match, the phase) -> its settings settled for the phase, and whether any is an exception to another
        self._matching: dict[tuple[str, tuple[Any, ...], str | None], tuple[list[Setting], bool]] = {}
        # the `ledger_rule` settings of each movement (`what`) in each phase: asked at every payment
        self._ledger: dict[tuple[str, str | None], tuple[list[Setting], bool]] = {}
        # the phases each act is accepted in by the `round_acts` entries with no condition (read by `act_possible`
        # at most acts), and the acts some entry with a condition names (asked only outside those phases)
        rounds = self.settings.get("round_acts", ())
        self.round_acts: dict[str, frozenset[str]] = {
            act: frozenset(p for s in rounds if s.unconditional and act in s.value["acts"] for p in s.value["phases"])
            for entry in rounds for act in entry.value["acts"]}
        self.conditional_acts = frozenset(act for s in rounds if not s.unconditional for act in s.value["acts"])
        self._chains: dict[int, Chain] = {}
        self.constant_settings: dict[str, Setting | None] = {
            name: (entries[0] if entries else None)
            for name, entries in self.settings.items()
            if len(entries) == 1 and entries[0].unconditional
        }

    def chain(self, name: str, ctx: Context) -> Chain | None:
        """The chain a setting in force holds (`evidence`, `referee`), compiled once."""
        found = self.setting(name, ctx)
        if found is None:
            return None
        chain = self._chains.get(id(found))
        if chain is None:
            chain = self._chains[id(found)] = Chain.compile(found.value, self.binding)
        return chain

    def accepting_phases(self, kind: str, ctx: Context) -> frozenset[str]:
        """The phases in which a `round_acts` entry with a condition accepts an act of this
        kind now, each such entry's condition asked (a give owed in the betting: L39). The
        entries with none are gathered once in `round_acts`."""
        return frozenset(p for s in self.settings.get("round_acts", ())
                         if not s.unconditional and kind in s.value["acts"] and s.condition(ctx)
                         for p in s.value["phases"])

    def setting(self, name: str, ctx: Context, match: Mapping[str, Any] | None = None) -> Setting | None:
        """The setting in force: among the rules whose condition holds, an exception beats its
        rule. The settings are asked with their `{phase: …}` parts settled for the phase of
        the moment, as a decision's checks are (`Triggered.moment`): a setting of the say is
        not asked in the betting."""
        if match is None and name in self.constant_settings:
            return self.constant_settings[name]
        phase = self._phase_now(ctx) if self._phase_now is not None else None
        key = (name, tuple(sorted(match.items())) if match else (), phase)
        found = self._matching.get(key)
        if found is None:
            found = self._matching[key] = self._candidates(name, match, phase)
        return self._in_force(found, ctx)

    def ledger_setting(self, what: str, ctx: Context) -> Setting | None:
        """The `ledger_rule` setting in force for a movement of counters (`what`: an ante, a
        stake, a win …), as `setting("ledger_rule", {"what": what})` finds it: its
        candidates kept by the movement and the phase, looked up with no map of the match
        made and sorted into a key at each payment (some 0.22 an event)."""
        phase = self._phase_now(ctx) if self._phase_now is not None else None
        found = self._ledger.get((what, phase))
        if found is None:
            found = self._ledger[(what, phase)] = self._candidates("ledger_rule", {"what": what}, phase)
        return self._in_force(found, ctx)

    @staticmethod
    def _in_force(found: tuple[list[Setting], bool], ctx: Context) -> Setting | None:
        """Of a setting's candidates, the one in force: with no exception among them, the
        first whose condition holds; else an exception beats its rule (`first_read`)."""
        candidates, excepting = found
        if not excepting:
            for setting in candidates:
                if setting.unconditional or setting.condition(ctx):
                    return setting
            return None
        return first_read([s for s in candidates if s.condition(ctx)])

    def _candidates(self, name: str, match: Mapping[str, Any] | None,
                    phase: str | None) -> tuple[list[Setting], bool]:
        """The settings of `name` that `match` names, settled for the phase where the binding
        reads one, and whether any is an exception to another."""
        candidates = [s for s in self.settings.get(name, ())
                      if match is None or all(s.value.get(k) == v for k, v in match.items())]
        if phase is not None and self.binding is not None and self.binding.index is not None:
            known = known_in(self.binding.index, phase, self.parameters)
            candidates = [found for s in candidates for found in (s.settled(known, self.binding),) if found]
        return candidates, any(s.exception_to for s in candidates)


def compiled_rules(rulebook: Rulebook, binding: Binding | None = None) -> CompiledRules:
    """The compiled form of a rule book for a context's binding, built once per rule book
    object and kept on it (`Rulebook.replay_form`), so that it goes when the rule book does."""
    compiled = rulebook.replay_form
    if not isinstance(compiled, CompiledRules):
        compiled = rulebook.replay_form = CompiledRules(rulebook, binding)
    return compiled
