"""House rules (law 81): parameters changed, rules switched off and the club's own rules, agreed before play.

A house-rules file is YAML, `{parameters: {NAME: VALUE}, disable: [ID], rules: [RULE]}`
(SPEC §5). A club rule is written as a rule file in `rules/` is, and held to the same
checks (`rule_problem`: the schema, the vocabulary, its parameters' defaults); its ID is
the club's, H1, H2, …, so that it can neither replace nor be taken for one of Peel's.
Once in the rule book it is compiled and replayed like any other rule.
An unknown parameter or rule ID is an error, never silently ignored; so is a value the
parameter's declaration in the rule files does not allow (its type and range). The
file comes from a user: it is read by a loader that refuses aliases (a few hundred
bytes of `&a [*b, *b, …]` would otherwise expand to billions of items in whatever walks
them) and deep nesting, so every error is one line and nothing hangs.
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from functools import lru_cache
from hashlib import sha256
from itertools import compress, product
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Mapping, NamedTuple

from arbiter.errors import HouseRulesError
from arbiter.escapes import has_lone_surrogate, shown_path
from arbiter.hands import DEFAULT_HAND_ORDER, shape_from_data
from arbiter.resources import rules_dir, schema_path
from arbiter.rulebook.in_force import parameters_of
from arbiter.rulebook.loader import rule_problem
from arbiter.rulebook.model import (
    CLUB_ID,
    Rule,
    Rulebook,
    a_rulebook,
    conditional_entry,
    definition_entries,
    excepted_ids,
    first_read,
    hand_rules,
    normalise_id,
    rule_from_dict,
)
from arbiter.rulebook.parameters import shown
from arbiter.rulebook.vocabulary.grammar import (
    DEFINES,
    MOVEMENTS_MADE,
    REQUIRED_SETTINGS,
    RULE_ARGUMENTS,
    nodes,
    setting_entries,
    template_parameters,
)
from arbiter.rulebook.vocabulary.types import KindError, check_rule_kinds, parameter_kinds

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

MAX_BYTES = 64 * 1024  # a house file names a dozen parameters: ample
MAX_NESTING = 16  # a club rule nests as deep as a rule file (12 levels at most in rules/), plus the file and its list
HOUSE_AUTHORITY = "house"  # a club rule's `authority`: the club's own rule, not Peel's


@lru_cache(maxsize=1)
def _house_validator() -> "Draft202012Validator":
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    rules = json.loads(schema_path("rules").read_text(encoding="utf-8"))  # a house's `hands` are written as L65's
    registry: Registry[Any] = Registry().with_resource(rules["$id"], Resource.from_contents(rules))
    return Draft202012Validator(json.loads(schema_path("house").read_text(encoding="utf-8")), registry=registry)


class _Refused(Exception):
    """What the house loader will not compose, and where: "line 3, column 9: …"."""


@lru_cache(maxsize=1)
def _house_loader() -> type:
    """A safe YAML loader that refuses aliases and nesting deeper than MAX_NESTING,
    as it composes the document: before anything can walk an expanded structure."""
    import yaml

    class HouseLoader(yaml.SafeLoader):
        depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            event = self.peek_event()  # type: ignore[no-untyped-call]  # PyYAML's parser is not annotated
            where = f"line {event.start_mark.line + 1}, column {event.start_mark.column + 1}"
            if isinstance(event, yaml.AliasEvent):
                raise _Refused(f"{where}: an alias (*{event.anchor}) is not accepted: write each value out")
            if not isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                return super().compose_node(parent, index)  # a scalar is no level (as in a JSON log's nesting)
            if self.depth >= MAX_NESTING:
                raise _Refused(f"{where}: nested deeper than {MAX_NESTING} levels")
            self.depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

        def construct_mapping(self, node: Any, deep: bool = False) -> Any:
            """A key given twice is refused: YAML would keep the last, and what the first held
            (an unknown parameter, a rule ID) would pass unread."""
            seen: set[Any] = set()
            for key_node, _ in node.value:
                key = key_node.value if isinstance(key_node, yaml.ScalarNode) else None
                if key is not None and key in seen:
                    mark = key_node.start_mark
                    raise _Refused(f"line {mark.line + 1}, column {mark.column + 1}: the key {key!r} is given twice")
                seen.add(key)
            return super().construct_mapping(node, deep)

        def construct_yaml_int(self, node: Any) -> Any:
            """An int in any of YAML's ways (decimal, 0x, 0b, 0 octal, 1:30): one longer than
            Python reads or writes back (4,300 digits) is refused where it is written."""
            try:
                value = super().construct_yaml_int(node)
                str(value)
            except ValueError:
                mark = node.start_mark
                raise _Refused(f"line {mark.line + 1}, column {mark.column + 1}: a number of more digits than can "
                               "be read: no parameter allows it (`arbiter law ID` gives each one's range)") from None
            return value

        def construct_yaml_timestamp(self, node: Any) -> Any:
            """A date is its words: no field of a house file holds one, a name may look like
            one, and 2026-02-30 is no error of YAML's."""
            return self.construct_scalar(node)

    HouseLoader.add_constructor("tag:yaml.org,2002:int", HouseLoader.construct_yaml_int)
    HouseLoader.add_constructor("tag:yaml.org,2002:timestamp", HouseLoader.construct_yaml_timestamp)
    return HouseLoader


def yaml_error_line(exc: Exception) -> str:
    """A YAML error in one line: where, and what is wrong (PyYAML's own message takes four)."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    problem = getattr(exc, "problem", None) or getattr(exc, "context", None) or str(exc)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return f"not valid YAML: {where}{' '.join(str(problem).split())}"


@lru_cache(maxsize=1)
def shipped_house_files() -> Mapping[str, Path]:
    """The house files that ship with arbiter, by name (`--house blaze`): listed once a
    process (they do not change under it), not once a log whose table names a house."""
    folder = rules_dir() / "house"
    return MappingProxyType({p.stem: p for p in sorted(folder.glob("*.yaml"))} if folder.is_dir() else {})


def resolve_house(name_or_path: str) -> Path:
    if not name_or_path:  # Path("") is the folder we are in
        raise HouseRulesError(name_or_path, "", "an empty name: name a house-rules file, or a shipped one")
    path = Path(name_or_path)
    try:
        if path.is_file():
            return path
        there = path.exists()
    except OSError as exc:  # a name no file system takes (too long): said as a file that cannot be read
        raise HouseRulesError(name_or_path, "", f"cannot read: {exc.strerror or exc}") from None
    shipped = shipped_house_files()
    if name_or_path in shipped:
        return shipped[name_or_path]
    if there:  # a folder, a pipe: named as what it is, not as a file that is not there
        raise HouseRulesError(name_or_path, "", "not a file: a house-rules file is a YAML file")
    known = ", ".join(shipped) or "none"
    raise HouseRulesError(name_or_path, "", f"no such file, nor a shipped house-rules name (shipped: {known})")


def _read_text(path: Path) -> str:
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise HouseRulesError(str(path), "", f"cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise HouseRulesError(str(path), "", f"larger than {MAX_BYTES // 1024} KiB: no house file needs so much")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:  # "byte 0" read as a NUL byte: its value and where, as a log's is said
        line = data.count(b"\n", 0, exc.start) + 1
        raise HouseRulesError(str(path), "", f"not UTF-8: byte 0x{data[exc.start]:02x} at offset {exc.start} "
                                             f"(line {line})") from None


def _field(*parts: Any) -> str:
    """A JSON-Pointer-like path to a field, printable on one line whatever the names hold."""
    return "/".join(str(p) if str(p).isprintable() else shown(p) for p in parts)


def read_house(name_or_path: str) -> dict[str, Any]:
    import yaml

    path = resolve_house(name_or_path)
    text = _read_text(path)
    try:
        data = yaml.load(text, Loader=_house_loader())  # noqa: S506 - a SafeLoader, stricter still
    except yaml.YAMLError as exc:
        raise HouseRulesError(str(path), "", yaml_error_line(exc)) from None
    except _Refused as exc:
        raise HouseRulesError(str(path), "", str(exc)) from None
    if data is None:  # a file truncated or left blank would pass for an agreement that departs from nothing
        raise HouseRulesError(str(path), "", "holds no mapping (it is empty, null, or comments alone): a house-rules "
                                             "file is a mapping with `parameters` and `disable`; one that departs "
                                             "from nothing is `{}`")
    house = ReadHouse(house_data(data, str(path)))
    house["_file"] = str(path)
    house["_sha256"] = sha256(text.encode("utf-8")).hexdigest()  # for a report's provenance
    house.as_read = house.written()
    return house


class ReadHouse(dict[str, Any]):
    """A house file's data as `read_house` read it and held it to the schema, with its file
    and digest: `apply_house` takes it as it is while it is as read (a copy too), and holds
    any other mapping (a caller's own, or this one changed since) to the schema first."""

    as_read: dict[str, Any] = {}

    def written(self) -> dict[str, Any]:
        """The data, but for the file and digest: a copy, to compare with what was read."""
        return copy.deepcopy(_as_written(self))


def _as_written(house: Mapping[str, Any]) -> dict[str, Any]:
    """A house file's data without `read_house`'s own keys (its file and digest)."""
    return {key: value for key, value in house.items() if key not in ("_file", "_sha256")}


def house_data(data: object, file: str) -> dict[str, Any]:
    """A house file's data, read from its file or given as it is (the API's `house=`), held
    to the same schema: a key mistyped is refused, never passed over. A copy."""
    surrogate = _lone_surrogate(data)
    if surrogate is not None:
        raise HouseRulesError(file, surrogate, "holds a lone surrogate (an escape such as \\ud800 that stands "
                              "for no character): no report could be written with it")
    if not isinstance(data, dict):
        raise HouseRulesError(file, "", "a house-rules file is a mapping with `parameters` and `disable`")
    error = next(iter(sorted(_house_validator().iter_errors(data), key=lambda e: [str(p) for p in e.absolute_path])),
                 None)
    if error is not None:
        error = _deepest_form(error)
        raise HouseRulesError(file, _field(*error.absolute_path), shown_message(_schema_words(error)))
    return dict(data)


def _deepest_form(error: "ValidationError") -> "ValidationError":
    """Where no form of a field takes its value (a rank, or a list of ranks), the error at
    the value itself: `ranks/0`, whose schema says what may stand there."""
    while error.validator in ("oneOf", "anyOf") and error.context:
        deeper = max(error.context, key=lambda sub: len(sub.absolute_path))
        if len(deeper.absolute_path) <= len(error.absolute_path) and not _described(deeper):
            break
        error = deeper
    return error


def _schema_words(error: "ValidationError") -> str:
    """A schema's error said as what may stand there, where its schema says so in words ('Z'
    is none of 2-9, T or 10, J, Q, K, A), not "not valid under any of the given schemas"."""
    if error.validator in ("oneOf", "anyOf") and (described := _described(error)):
        if error.instance == []:
            return f"an empty list: name one or more of {described.rstrip('.')}"
        return f"{error.instance!r} is none of {described.rstrip('.')}"
    return str(error.message)


def _described(error: "ValidationError") -> str:
    return str(error.schema.get("description", "")) if isinstance(error.schema, Mapping) else ""


def _lone_surrogate(data: Any) -> str | None:
    """The field of the first text (a key or a value) holding a lone surrogate, or None."""
    stack: list[tuple[Any, tuple[Any, ...]]] = [(data, ())]
    while stack:
        value, where = stack.pop()
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        if isinstance(value, str) and has_lone_surrogate(value):
            return _field(*where) or "(top)"
        for key, child in items:
            if isinstance(key, str) and has_lone_surrogate(key):
                return _field(*where, key)
            stack.append((child, (*where, key)))
    return None


def shown_message(message: str, width: int = 160) -> str:
    """A schema's message on one line, cut short where it would quote a long value."""
    message = " ".join(message.split())
    return message if len(message) <= width else message[: width - 1] + "…"


def _keep_required_settings(file: str, rulebook: Rulebook, disabled: set[str]) -> None:
    """A rule that defines a setting the replay needs (who antes, the order of each round, whose
    evidence decides, who deals next: each covers the games the others do not) cannot be switched
    off, nor one the replay carries out whatever the house says, nor one an exception acts through."""
    for setting in REQUIRED_SETTINGS:
        for rule in rulebook.in_order():  # a club's own rule may go: the laws' settings stay
            if setting in rule.defines and rule.id in disabled and rule.authority != HOUSE_AUTHORITY:
                raise HouseRulesError(file, "disable", f"{rule.id} cannot be switched off: it sets "
                                      f"{DEFINES[setting]} ({setting}), without which some game, or some "
                                      "dispute, could not be ruled on")
    for rule in rulebook.in_order():
        if rule.id not in disabled:  # an exception to rules switched off acting only where they are followed (law
            # 16's refund, "as provided by Rule 14") could never act: refused, not kept as though it replaced them
            targets = " and ".join(rule.exception_to)
            if rule.exception_to and set(rule.exception_to) <= disabled and rule.checks and all(
                    check.on == ("followed",) for check in rule.checks):
                raise HouseRulesError(file, _field("rules", rule.id) if rule.authority == HOUSE_AUTHORITY else
                                      "disable", f"{rule.id} is an exception to {targets}, which the house switches "
                                      f"off, and acts only where {targets} is followed: it could never act; switch "
                                      f"{rule.id} off too, or leave {targets} on")
            continue
        if rule.stays_on_because:
            raise HouseRulesError(file, "disable", f"{rule.id} cannot be switched off: "
                                  f"{' '.join(rule.stays_on_because.split())}")
        if not rule.checks and not rule.defines:  # the evaluator's order of hands, or a procedure of the replay
            names = ", ".join(rule.parameters)
            instead = f"; a house changes it by its parameters ({names})" if names else ""
            raise HouseRulesError(file, "disable", f"{rule.id} cannot be switched off: it has no check or setting of "
                                  f"its own, and the replay applies it whatever the house says{instead}")
        for name, entry in setting_entries(rule.defines):
            if name == "ledger_rule" and entry.get("what") in MOVEMENTS_MADE:
                raise HouseRulesError(file, "disable", f"{rule.id} cannot be switched off: it names the law that "
                                      f"a movement of counters cites ({entry['what']}), and the replay makes that "
                                      "movement whatever the house says")


# The settings read by a key of their value (the movement a `ledger_rule` cites for), and
# those gathered from every rule that defines them (a round's acts): the others are read
# from the first rule whose setting holds, where no exception to it holds.
_SETTING_KEYS = {"ledger_rule": "what"}
_GATHERED_SETTINGS = ("round_acts",)
_MOST_CONDITIONS = 10  # the conditional entries of one setting tried every way (2**10 ways at most)


def _refuse_shadowed_settings(file: str, rulebook: Rulebook, clubs: Mapping[str, Rule], disabled: set[str]) -> None:
    """A club's setting that could never apply, whichever of the conditions of the rules
    defining it held, is refused with the `exception_to` that would make it apply, not
    kept silent. The conditions are taken as independent, so where the laws' conditions
    between them cover every game (L23, L24 and A1's orders of the say) it is not seen."""
    in_force = [r for r in rulebook.in_order() if r.id not in disabled]
    for club in clubs.values():
        if club.id in disabled:
            continue
        for name, entry in setting_entries(club.defines):
            if name in _GATHERED_SETTINGS:
                continue
            key = _SETTING_KEYS.get(name)
            keyed = entry.get(key) if key is not None and isinstance(entry, dict) else None
            entries = [(r, e) for r in in_force if name in r.defines for e in definition_entries(r.defines[name])
                       if key is None or isinstance(e, dict) and e.get(key) == keyed]
            mine = next(i for i, (r, e) in enumerate(entries) if r is club and e is entry)
            if not _read_sometimes(entries, mine):
                over = [r.id for r, e in entries if club.id in r.exception_to and not conditional_entry(e)]
                if over:
                    raise HouseRulesError(file, _field("rules", club.id, "defines", name), f"could never apply: "
                                          f"{over[0]}, an exception to {club.id}, sets {name} ({DEFINES[name]}) always")
                always = list(dict.fromkeys(r.id for r, e in entries[:mine] if not conditional_entry(e)))
                sometimes = [rid for rid in dict.fromkeys(r.id for r, _ in entries[:mine]) if rid not in always]
                also = f", and {' and '.join(sometimes)} where {'its' if len(sometimes) == 1 else 'their'} condition " \
                    "holds" if sometimes else ""
                sets, are = ("sets", "is") if len(always) == 1 else ("set", "are")
                raise HouseRulesError(file, _field("rules", club.id, "defines", name), f"could never apply: "
                                      f"{' and '.join(always)} {sets} {name} ({DEFINES[name]}) always{also}, and "
                                      f"{are} read first (make the rule an exception to "
                                      f"{' and '.join(always)}: `exception_to: [{', '.join(always)}]`)")


def _read_sometimes(entries: list[tuple[Rule, Any]], mine: int) -> bool:
    """Is entry `mine` the one read for some way the others' conditions fall, as the replay
    reads a setting (`first_read`)?"""
    open_ = [i for i, (_, e) in enumerate(entries) if i != mine and conditional_entry(e)]
    if len(open_) > _MOST_CONDITIONS:
        return True  # too many ways to try: taken as read
    read = [_Read(i, rule.id, rule.exception_to) for i, (rule, _) in enumerate(entries)]
    for ways in product((False, True), repeat=len(open_)):
        held = set(compress(open_, ways))
        holding = [read[i] for i, (_, e) in enumerate(entries) if i == mine or i in held or not conditional_entry(e)]
        first = first_read(holding)
        if first is not None and first.place == mine:
            return True
    return False


class _Read(NamedTuple):
    """An entry of a setting as `first_read` reads it, with its place among the entries."""

    place: int
    rule: str
    exception_to: tuple[str, ...]


def _refuse_disagreeing_parameters(file: str, rulebook: Rulebook, parameters: Mapping[str, Any],
                                   clubs: Mapping[str, Rule], set_here: set[str]) -> None:
    """A parameter whose value goes with a true-or-false one (`with`: L1's pack of 53 cards
    with the joker) must agree with it: a house that sets one without the other is refused,
    not played with a pack that cannot exist. A club's parameter may name only such a one."""
    owners = rulebook.parameter_owner()
    for name, declared in rulebook.declared.items():
        for flag in declared.with_on if owners[name] in clubs else ():
            if flag not in rulebook.declared or rulebook.declared[flag].type != "boolean":
                raise HouseRulesError(file, _field("rules", owners[name], "parameters", name, "with", flag),
                                      "not a true-or-false parameter of the rule book")
        disagreement = declared.disagreement(parameters)
        if disagreement is not None:
            flag, needed = disagreement
            on = "true" if parameters[flag] else "false"
            said = f"{owners[name]} has {name} {shown(needed)} where {flag} is {on}"
            if name not in set_here and flag not in set_here:  # a club rule's own defaults
                raise HouseRulesError(file, _field("rules", owners[name], "parameters", name),
                                      f"its default {shown(parameters[name])} does not agree with {flag}'s, {on}: "
                                      f"{said}")
            raise HouseRulesError(file, _field("parameters", name if name in set_here else flag),
                                  f"{name} {shown(parameters[name])} does not agree with {flag} {on}: {said}; set both")


def case_path(rule: Rule, stem: str) -> str:
    """Where a case a rule lists lives, under `cases/`: a club rule's beside the other house cases."""
    return f"house/{stem}" if rule.authority == HOUSE_AUTHORITY else stem


def _referenced(data: Mapping[str, Any]) -> list[str]:
    """The rule IDs a rule's data names: those it is an exception to, those its checks
    follow, and those its conditions name (`_named_in_conditions`)."""
    names = list(excepted_ids(data))
    for check in data.get("checks") or ():
        names += [effect["follow"] for effect in check.get("then") or ()
                  if isinstance(effect, dict) and "follow" in effect]
    return names + [named for _, named in _named_in_conditions(data)]


def _named_in_conditions(data: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The rules a rule's conditions name, each with the word naming it (`{redeal_after:
    L10}`, `{retired_under: L54}`)."""
    conditions = [(check.get("when") or {}).get("if") for check in data.get("checks") or ()]
    conditions += (data.get("exception_where") or {}).values()
    return [(name, node[name]) for condition in conditions
            for node in nodes(condition) if isinstance(node, dict)
            for name in RULE_ARGUMENTS if name in node]


# What a rule a condition names must be able to do for the condition ever to hold.
_RULE_MUST = {"redeal_after": ("misdeal", "has no `misdeal` effect"),
              "retired_under": ("retire", "has no `retire` effect (a foul hand is asked with `foul`)")}


def _refuse_conditions_on_rules_off(file: str, clubs: Mapping[str, Rule], disabled: set[str]) -> None:
    """A club rule in force whose condition names a rule the same file switches off (`{redeal_after: L10}` with
    L10 off) could never hold, as one naming a rule that never does what it asks: refused, not kept silent."""
    for club in clubs.values():
        if club.id in disabled:
            continue
        for name, named in _named_in_conditions(club.to_dict()):
            if named in disabled:
                raise HouseRulesError(file, _field("rules", club.id), f"{{{name}: {named}}} could never hold: "
                                      f"the house switches {named} off (disable)")


def _never_holds(data: Mapping[str, Any], rules: Mapping[str, Rule]) -> str | None:
    """A condition naming a rule that never does what it asks of it (`{redeal_after: L28}`:
    law 28 declares no misdeal) could never hold: what to say of it, or None."""
    for name, named in _named_in_conditions(data):
        effect, never = _RULE_MUST[name]
        target = rules.get(named) if isinstance(named, str) else None
        if target is not None and not any(isinstance(e, dict) and effect in e
                                          for check in target.checks for e in check.effects):
            return f"{{{name}: {named}}} could never hold: {named} {never}"
    return None


# What no rule can still do once the pool is about to be paid (`game_won`), or the next deal
# has cut the game off (`cut_off`): the game's play is over, and why, with what a rule may do.
_TOO_LATE = {
    "game_won": (("retire", "misdeal", "forfeit_draw", "return_stake", "straddle_set_aside", "all_in"),
                 "the pool is about to be paid and the game's play is over (a rule there may fine, refund, or bar "
                 "the claim with `cannot_claim`)"),
    "cut_off": (("retire", "misdeal", "forfeit_draw", "straddle_set_aside", "all_in", "cannot_claim"),
                "the next deal has begun and the game's play is over (a rule there may fine, give stakes back, or "
                "make the next game a jack-pot)"),
}
# An effect only a stake's event can carry: all he has is a stake made (its show for that sum
# settled, and the betting closed on it, as the stake is recorded).
_STAKES_ONLY = {"all_in": ("ante", "straddle", "open", "play", "demand_show")}


def _too_late(rule: Rule) -> str | None:
    """An effect at a moment where it could never act (`retire` as the pool is paid: the
    finding would say he retires while the pool paid him; `all_in` at a word to the
    dealer: the betting would stay open), or None."""
    for check in rule.checks:
        for moment in check.on:
            named = [name for e in check.effects if isinstance(e, dict) for name in e]
            effects, why = _TOO_LATE.get(moment, ((), ""))
            late = [name for name in named if name in effects]
            if late:
                return f"`{late[0]}` on `{moment}` could never act: {why}"
            unstaked = [name for name in named if moment not in _STAKES_ONLY.get(name, (moment,))]
            if unstaked:
                return (f"`{unstaked[0]}` on `{moment}` could never act: it is a stake's ("
                        f"{', '.join(_STAKES_ONLY[unstaked[0]])})")
    return None


def _follow_cycle(rules: Mapping[str, Rule]) -> list[str] | None:
    """A chain of `follow`s that comes back to a rule already on it, which no replay could
    finish: a rule's `followed` checks follow their targets and the exceptions to them."""
    excepting: dict[str, list[str]] = {}
    for rule in rules.values():
        for target in rule.exception_to:
            excepting.setdefault(target, []).append(rule.id)

    def followed_next(rule_id: str) -> list[str]:
        rule = rules.get(rule_id)
        targets = [effect["follow"] for check in (rule.checks if rule else ()) if "followed" in check.on
                   for effect in check.effects if isinstance(effect, dict) and "follow" in effect]
        return [name for target in targets for name in (target, *excepting.get(target, ()))]

    return _cycle(rules, followed_next)


def _exception_cycle(rules: Mapping[str, Rule]) -> list[str] | None:
    """Rules that are exceptions to one another round a chain: where they hold together
    each sets the next aside, and none reports (two club fines for one misdeal, each an
    exception to the other, both vanished)."""
    return _cycle(rules, lambda rule_id: list(rules[rule_id].exception_to) if rule_id in rules else [])


def _cycle(rules: Mapping[str, Rule], next_of: Callable[[str], list[str]]) -> list[str] | None:
    """A path from a rule by `next_of` that comes back to a rule already on it, or None."""
    done: set[str] = set()

    def walk(path: list[str]) -> list[str] | None:
        for name in next_of(path[-1]):
            if name in path:
                return [*path[path.index(name):], name]
            if name not in done:
                found = walk([*path, name])
                if found:
                    return found
        done.add(path[-1])
        return None

    return next((cycle for rule_id in rules if (cycle := walk([rule_id]))), None)


def club_rules(file: str, rulebook: Rulebook, entries: Any) -> dict[str, Rule]:
    """The club's own rules of a house file, each checked as a rule file is, in the H namespace;
    their parameters may not take a name the rule book already declares."""
    rules: dict[str, Rule] = {}
    declared = set(rulebook.declared)
    kinds = parameter_kinds(rulebook.declared.values())
    for index, data in enumerate(entries or ()):
        where = f"rules/{index}"
        if not isinstance(data, dict):
            raise HouseRulesError(file, where, "a club rule is a mapping of fields, as a rule file is")
        if "id" not in data:  # as the schema says a missing field, where "null is not a club rule's ID" misled
            raise HouseRulesError(file, where, "'id' is a required property (a club rule's ID: H1, H2, …)")
        rule_id = data["id"]
        if not isinstance(rule_id, str) or not CLUB_ID.match(rule_id):
            raise HouseRulesError(file, _field(where, "id"), f"{shown(rule_id)} is not a club rule's ID: a house "
                                  "file's own rules are H1, H2, … (the laws' L, D and A are not the club's)")
        if rule_id in rules or rule_id in rulebook.rules:
            raise HouseRulesError(file, _field(where, "id"), f"{rule_id} is defined twice")
        problem = rule_problem(data)
        if problem is not None:
            raise HouseRulesError(file, _field(where, *problem[0]), shown_message(problem[1]))
        for name in data.get("parameters") or {}:
            if name in declared:
                raise HouseRulesError(file, _field(where, "parameters", name), "already a parameter of the rule book")
            declared.add(name)
        try:
            check_rule_kinds(data, kinds)
        except KindError as exc:
            field, _, message = str(exc).partition(": ")
            raise HouseRulesError(file, _field(where, field), shown_message(message)) from None
        rules[rule_id] = rule_from_dict(data, file)
    known = set(rulebook.rules) | set(rules)
    for rule_id, rule in rules.items():
        written = rule.to_dict()
        unknown = [name for name in _referenced(written) if name not in known]
        if unknown:
            raise HouseRulesError(file, _field("rules", rule_id), f"names an unknown rule ID {shown(unknown[0])}")
        never = _never_holds(written, {**rulebook.rules, **rules}) or _too_late(rule)
        if never:
            raise HouseRulesError(file, _field("rules", rule_id), never)
        read = [*parameters_of(rule), *(name for c in rule.checks for name in template_parameters(c.summary))]
        unknown = [name for name in read if name not in declared]
        if unknown:
            raise HouseRulesError(file, _field("rules", rule_id), f"reads an unknown parameter {shown(unknown[0])} "
                                  "(declare it in the rule's `parameters`)")
    cycle = _follow_cycle({**rulebook.rules, **rules}) if rules else None
    if cycle:
        raise HouseRulesError(file, "rules", f"{' follows '.join(cycle)}: a chain of follows that never ends")
    cycle = _exception_cycle({**rulebook.rules, **rules}) if rules else None
    if cycle:
        raise HouseRulesError(file, "rules", f"{' and '.join(cycle[:-1])} are exceptions to one another "
                              f"({' to '.join(cycle)}): where they hold together each sets the next aside, and "
                              "none applies")
    return rules


def _with_club_rules(rulebook: Rulebook, rules: Mapping[str, Rule]) -> Rulebook:
    """The rule book with the club's rules beside the laws, their parameters at their defaults."""
    if not rules:
        return rulebook
    declared = {name: p for rule in rules.values() for name, p in rule.declared.items()}
    defaults = {name: parameter.default for name, parameter in declared.items()}
    return replace(rulebook, rules={**rulebook.rules, **rules}, parameters={**rulebook.parameters, **defaults},
                   defaults={**rulebook.defaults, **defaults}, declared={**rulebook.declared, **declared})


def _with_hands(file: str, rulebook: Rulebook, clubs: Mapping[str, Rule], declared: Any) -> Rulebook:
    """The rule book with the hands the house declares (its `hands`, and its club rules'),
    each held to what the evaluator can make; a name already known is refused."""
    hands: dict[str, Any] = {}
    for where, named in [("hands", declared or {}), *((f"rules/{rule_id}/hands", rule.hands)
                                                      for rule_id, rule in clubs.items())]:
        for name, data in named.items():
            if name in rulebook.hands or name in hands or name in DEFAULT_HAND_ORDER:
                raise HouseRulesError(file, _field(where, name), "already a hand the evaluator knows: a new hand "
                                      "takes a name of its own")
            try:
                shape_from_data(name, data)
            except ValueError as exc:
                field, _, message = str(exc).partition(": ")
                raise HouseRulesError(file, _field(where, *field.split("/")), shown_message(message)) from None
            hands[name] = data
    return replace(rulebook, hands={**rulebook.hands, **hands}) if hands else rulebook


def apply_house(rulebook: Rulebook, house: Mapping[str, Any]) -> Rulebook:
    """The rule book with a house-rules file's departures applied: the club's rules and
    hands added first, so that its `parameters` and `disable` may name them too. Data not
    read by `read_house` (a caller's own) is held to the file's schema first, as it is."""
    a_rulebook(rulebook, "apply_house's rule book")  # None was an AttributeError deep inside
    if not (isinstance(house, ReadHouse) and house.written() == house.as_read):  # a list was an AttributeError, a
        # key mistyped unseen, a `_file` let through, a copy changed kept the file's digest
        named = house.get("_file") if isinstance(house, Mapping) else None  # the name a caller gives his data
        file = named if isinstance(named, str) else "house rules"
        if isinstance(house, Mapping):  # `read_house`'s own keys, of data copied from it and changed: not the file's
            house = _as_written(house)
        house = house_data(house, file)
        house["_file"] = file
    file = house.get("_file", "house rules")
    clubs = club_rules(file, rulebook, house.get("rules"))
    rulebook = _with_hands(file, _with_club_rules(rulebook, clubs), clubs, house.get("hands"))
    parameters = dict(rulebook.parameters)
    for name, value in (house.get("parameters") or {}).items():
        declared = rulebook.declared.get(name)
        if declared is None:
            known = ", ".join(sorted(rulebook.declared))
            raise HouseRulesError(file, _field("parameters", name), f"unknown parameter (known: {known})")
        problem = declared.problem(value)
        if problem:
            raise HouseRulesError(file, _field("parameters", name),
                                  f"{shown(value)} is not allowed ({problem}): {declared.allowed()}")
        parameters[name] = value
    orders = [name for name, declared in rulebook.declared.items() if declared.type == "hand_order"]
    for name in orders:  # the laws' order, and any a club rule declares (its default, or as the house sets it)
        try:
            hand_rules({**parameters, "hand_order": parameters[name]}, rulebook.hands)
        except ValueError as exc:  # a hand in it that is neither Peel's nor declared: where the file gives it
            declaring = [f"rules/{index}/parameters/{name}/default" for index, rule
                         in enumerate(house.get("rules") or ()) if name in (rule.get("parameters") or {})]
            field = f"parameters/{name}" if name in (house.get("parameters") or {}) or not declaring else declaring[0]
            raise HouseRulesError(file, field, shown_message(str(exc).removeprefix("hand_order: ")))
    disabled = set(rulebook.disabled)
    for rule_id in house.get("disable") or ():
        normal = normalise_id(rule_id) if isinstance(rule_id, str) else rule_id
        if normal not in rulebook.rules:
            raise HouseRulesError(file, "disable", f"unknown rule ID {shown(rule_id)}")
        disabled.add(normal)
    _keep_required_settings(file, rulebook, disabled)
    _refuse_shadowed_settings(file, rulebook, clubs, disabled)
    _refuse_conditions_on_rules_off(file, clubs, disabled)
    owners = rulebook.parameter_owner()
    for name in house.get("parameters") or ():
        if (owner := owners[name]) in disabled:  # table stakes set, and A5, which holds them, off: they would disagree
            raise HouseRulesError(file, _field("parameters", name), f"{owner} declares it, and the house switches "
                                  f"{owner} off (disable): set it or switch {owner} off, not both")
    _refuse_disagreeing_parameters(file, rulebook, parameters, clubs, set(house.get("parameters") or ()))
    file_named = shown_path(file)  # a name's bytes not UTF-8 as \xNN, as a report names its log
    summary = {
        "file": file_named,
        "name": house.get("name") or Path(file_named).stem,
        "parameters": dict(house.get("parameters") or {}),
        "disable": sorted(disabled),
        "rules": list(clubs),
        **({"hands": [name for name in rulebook.hands if name in (house.get("hands") or {})]}
           if house.get("hands") else {}),
    }
    return replace(rulebook, parameters=parameters, disabled=frozenset(disabled), house=summary,
                   house_sha256=house.get("_sha256"), house_named=bool(house.get("name")))
