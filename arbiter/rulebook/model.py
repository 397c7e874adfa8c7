"""The rule book in memory: plain objects built once from `rules/`, never changed after
(a house's rule book is a changed copy, `Rulebook.replace`)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Final, Mapping, Protocol, Sequence, TypeVar

from arbiter.cards import parse_card
from arbiter.errors import UnknownRuleError
from arbiter.hands import HandRules, shape_from_data
from arbiter.rulebook.parameters import Parameter, parameter_from_dict

_PREFIX_ORDER: Final = {"L": 0, "D": 1, "A": 2, "H": 3}
SECTIONS: Final = ("deal", "ante", "play", "jack-pot", "draw", "betting", "hands", "disputes")

E = TypeVar("E", bound="Excepting")


def rule_sort_key(rule_id: str) -> tuple[int, int]:
    """L1…L81, then D1…, then A1…, then a club's H1…: the order of the book, not of the alphabet."""
    parts = _id_parts(rule_id)
    if parts is None:
        return (9, 0)
    return (_PREFIX_ORDER[parts[0]], parts[1])


def _id_parts(text: str) -> tuple[str, int] | None:
    """A rule ID's letter and number (`L13`: L, 13), or None for no rule ID (a number of more
    digits than Python reads, 4,300, names none)."""
    if text[:1] not in _PREFIX_ORDER or not text[1:].isascii() or not text[1:].isdecimal():
        return None
    try:
        return text[0], int(text[1:])
    except ValueError:
        return None


class Check:
    """One when/then of a rule: the triggers, the condition, the effects."""

    def __init__(self, *, on: tuple[str, ...], condition: Any, effects: tuple[Any, ...], player: Any, summary: str,
                 severity: str | None, name: str | None, for_each: str | None) -> None:
        self.on = on
        self.condition = condition
        self.effects = effects
        self.player = player
        self.summary = summary
        self.severity = severity
        self.name = name
        self.for_each = for_each


class Rule:
    """A law (or a D or A rule): its words beside its machine form."""

    def __init__(self, *, id: str, section: str, title: str, authority: str, source: Mapping[str, Any], text: str,
                 enforced_by: str, severity: str | None, parameters: Mapping[str, Any], defines: Mapping[str, Any],
                 exception_to: tuple[str, ...], exception_where: Mapping[str, Any], checks: tuple[Check, ...],
                 interpretations: tuple[str, ...],
                 cases: tuple[str, ...], corrections: tuple[Mapping[str, str], ...], footnote: str | None,
                 not_shown_because: str | None, stays_on_because: str | None, evaluator: Mapping[str, Any] | None,
                 implemented_by: tuple[str, ...], hands: Mapping[str, Any], file: str,
                 declared: Mapping[str, Parameter], quotes: tuple[str, ...] = ()) -> None:
        self.id = id
        self.section = section
        self.title = title
        self.authority = authority
        self.source = source
        self.text = text
        self.enforced_by = enforced_by
        self.severity = severity
        self.parameters = parameters
        self.defines = defines
        self.exception_to = exception_to
        self.exception_where = exception_where  # the condition of a conditional exception, by the rule it excepts
        self.checks = checks
        self.interpretations = interpretations
        self.cases = cases
        self.corrections = corrections
        self.footnote = footnote
        self.not_shown_because = not_shown_because
        self.stays_on_because = stays_on_because  # why a house cannot switch it off
        self.evaluator = evaluator
        self.implemented_by = implemented_by  # where the engine's Python carries out what no check or setting says
        self.hands = hands  # hands not in Peel's list, said in data (L65's)
        self.quotes = quotes  # parameters declared elsewhere whose Peel value the words state (D6's openers)
        self.file = file
        self.declared = declared

    @property
    def number(self) -> int:
        return rule_sort_key(self.id)[1]

    @property
    def is_peel(self) -> bool:
        return self.authority in ("law", "description")

    def severity_of(self, check: Check) -> str:
        return check.severity or self.severity or "irregularity"

    def to_dict(self) -> dict[str, Any]:
        """The rule as the data it was written as (for `--format json`)."""
        data: dict[str, Any] = {
            "id": self.id,
            "section": self.section,
            "title": self.title,
            "authority": self.authority,
            "source": dict(self.source),
            "text": self.text,
            "enforced_by": self.enforced_by,
            "severity": self.severity,
            "parameters": {name: parameter.to_dict() for name, parameter in self.declared.items()},
            "defines": dict(self.defines),
            "exception_to": list(self.exception_to),
            **({"exception_where": dict(self.exception_where)} if self.exception_where else {}),
            "checks": [
                {
                    **({"name": c.name} if c.name else {}),
                    "when": {"on": list(c.on), **({"if": c.condition} if c.condition is not None else {}),
                             **({"for_each": c.for_each} if c.for_each else {})},
                    "then": list(c.effects),
                    "player": c.player,
                    "summary": c.summary,
                    **({"severity": c.severity} if c.severity else {}),
                }
                for c in self.checks
            ],
            "interpretations": list(self.interpretations),
            "cases": list(self.cases),
        }
        if self.corrections:
            data["corrections"] = [dict(c) for c in self.corrections]
        if self.footnote:
            data["footnote"] = self.footnote
        if self.not_shown_because:
            data["not_shown_because"] = self.not_shown_because
        if self.stays_on_because:
            data["stays_on_because"] = self.stays_on_because
        if self.evaluator:
            data["evaluator"] = dict(self.evaluator)
        if self.implemented_by:
            data["implemented_by"] = list(self.implemented_by)
        if self.hands:
            data["hands"] = dict(self.hands)
        if self.quotes:
            data["quotes"] = list(self.quotes)
        return data


def excepted_ids(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The rule IDs a rule's data names in `exception_to`: one ID, or a list of them."""
    excepted = data.get("exception_to") or ()
    return (excepted,) if isinstance(excepted, str) else tuple(excepted)


def rule_from_dict(data: Mapping[str, Any], file: str = "") -> Rule:
    """Build a Rule from a rule file's data (already checked against the schema)."""
    checks = tuple(
        Check(
            on=tuple(c["when"]["on"]),
            condition=c["when"].get("if"),
            effects=tuple(c.get("then") or ()),
            player=c.get("player", "actor"),
            summary=c["summary"],
            severity=c.get("severity"),
            name=c.get("name"),
            for_each=c["when"].get("for_each"),
        )
        for c in data.get("checks") or ()
    )
    declared = {name: parameter_from_dict(name, declaration)
                for name, declaration in (data.get("parameters") or {}).items()}
    return Rule(
        id=data["id"],
        section=data["section"],
        title=data["title"],
        authority=data["authority"],
        source=dict(data.get("source") or {}),
        text=data["text"],
        enforced_by=data["enforced_by"],
        severity=data.get("severity"),
        parameters={name: parameter.default for name, parameter in declared.items()},
        defines=dict(data.get("defines") or {}),
        exception_to=excepted_ids(data),
        exception_where=dict(data.get("exception_where") or {}),
        checks=checks,
        interpretations=tuple(data.get("interpretations") or ()),
        cases=tuple(data.get("cases") or ()),
        corrections=tuple(dict(c) for c in data.get("corrections") or ()),
        footnote=data.get("footnote"),
        not_shown_because=data.get("not_shown_because"),
        stays_on_because=data.get("stays_on_because"),
        evaluator=data.get("evaluator"),
        implemented_by=tuple(data.get("implemented_by") or ()),
        hands=dict(data.get("hands") or {}),
        quotes=tuple(data.get("quotes") or ()),
        file=file,
        declared=declared,
    )


@dataclass(slots=True, kw_only=True)
class Rulebook:
    """Every rule, the parameters in force, and the rules switched off by house rules."""

    rules: Mapping[str, Rule]
    parameters: Mapping[str, Any]
    disabled: frozenset[str] = frozenset()
    house: Mapping[str, Any] | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)
    declared: Mapping[str, Parameter] = field(default_factory=dict)
    source_hash: str = ""  # the SHA-256 of its rule files (compiled.json's stamp): the rule book's identity
    house_sha256: str | None = None  # the SHA-256 of the house file applied, where one is
    house_named: bool = False  # the house file gives its own `name:` (else it is named after its file)
    hands: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # every hand declared in data, by name
    # Its form compiled for the replay (engine/compiled.py), made when it is first replayed and
    # kept as long as it is: a rule book made for one log (a club's, through the API) takes
    # its compiled form with it. Not copied by `replace`: a house's rule book compiles its own.
    replay_form: Any = field(default=None, init=False, repr=False, compare=False)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self.rules

    def get(self, rule_id: str) -> Rule:
        try:
            return self.rules[normalise_id(rule_id)]
        except KeyError:
            if self.house and isinstance(rule_id, str) and CLUB_ID.match(normalise_id(rule_id)):  # the file is given
                raise UnknownRuleError(rule_id, f"no rule {rule_id!r}: the house rules {self.house['name']} declare "
                                                "no such club rule (`arbiter laws --house FILE` lists them)") from None
            raise UnknownRuleError(rule_id, f"no rule {rule_id!r}: {where_rules_are_listed(rule_id)}") from None

    def in_order(self) -> list[Rule]:
        return sorted(self.rules.values(), key=lambda r: rule_sort_key(r.id))

    def active(self, rule_id: str) -> bool:
        return rule_id in self.rules and rule_id not in self.disabled

    def definition_of(self, setting: str) -> tuple[Rule, Mapping[str, Any]] | None:
        """The rule in force whose `defines` holds `setting` (the laws, not the code, say which),
        and its definition, where no game is in play to ask a condition of (`arbiter
        evidence`): one that a rule defining it always (no `if:`) is an exception to gives
        way, as in the replay (a club's own order of evidence over law 46's); of a list of
        entries, the one that holds always, else the first."""
        found = [r for r in self.in_order() if setting in r.defines and self.active(r.id)]
        excepted = {target for r in found if not _conditional(r.defines[setting]) for target in r.exception_to}
        rule = next((r for r in found if r.id not in excepted), None)
        if rule is None:
            return None
        entries = definition_entries(rule.defines[setting])
        return rule, next((e for e in entries if not conditional_entry(e)), entries[0])

    def implementing(self, where: str) -> Rule | None:
        """The rule in force whose `implemented_by` names this place in the engine's Python."""
        return next((r for r in self.in_order() if where in r.implemented_by and self.active(r.id)), None)

    def parameter_owner(self) -> dict[str, str]:
        """Which rule file defines each parameter."""
        return {name: rule.id for rule in self.rules.values() for name in rule.parameters}


def a_rulebook(value: object, name: str = "rulebook") -> Rulebook:
    """A rule book a caller gives, held to be one: a house file's name, path or data is not
    (it failed deep in the replay, or as an AttributeError): said so, and how to make one."""
    if not isinstance(value, Rulebook):
        raise TypeError(f"{name}: a rule book, not {type(value).__name__} (house rules: "
                        "apply_house(load_rulebook(), read_house(NAME_OR_PATH)))")
    return value


CLUB_ID = re.compile(r"^H[1-9][0-9]*$")  # a club's own rule (law 81): H1, H2, … in its house file


def logs_house_may_define(rulebook: Rulebook, rule_id: str) -> bool:
    """A club's own rule (H1 …) named before any log is read, with no house given: the house
    a log's table names may define it, and each log's rules are asked then."""
    return not rulebook.house and bool(CLUB_ID.match(normalise_id(rule_id)))


def where_rules_are_listed(rule_id: object) -> str:
    """Said of a rule ID not in the rule book: where the rules are listed, a club's own (H1
    …) with its house file."""
    if isinstance(rule_id, str) and CLUB_ID.match(normalise_id(rule_id)):
        return "`arbiter laws --house FILE` lists a club's own rules, H1, H2 …, with the laws"
    return "`arbiter laws` lists them all"


def normalise_id(rule_id: str) -> str:
    """`l13`, `L013`, ` L13 `, `L 13`, `l13.`, `13` and `law 13` all name L13; `1 3` names
    none (the space that may part the letter from the number does not join two numbers)."""
    text = re.sub(r"^LAW\s*", "", rule_id.strip().upper()).rstrip(".")
    text = re.sub(r"^([A-Z])\s+", r"\1", text)
    if text.isascii() and text.isdigit():
        text = f"L{text}"
    parts = _id_parts(text)
    return text if parts is None else f"{parts[0]}{parts[1]}"


def hand_rules(parameters: Mapping[str, Any], hands: Mapping[str, Mapping[str, Any]]) -> HandRules:
    """The value of the hands the parameters in force call for (L65-L76, D7 and the house's),
    with the hands declared in data (`hands`: L65's, a house's) that `hand_order` names."""
    order = tuple(parameters["hand_order"])
    return HandRules(
        ace_in_sequences=parameters["ace_in_sequences"],
        hearts_break_ties=parameters["hearts_break_ties"],
        hand_order=order,
        joker=parameters["joker"],
        two_pairs_odd_card_decides=parameters["two_pairs_odd_card_decides"],
        shapes=tuple(shape_from_data(name, data) for name, data in hands.items()),  # those out of the order go
        wild=frozenset(parse_card(card) for card in parameters["wild_cards"]),
        cards=parameters["cards_per_hand"],
    )


class Excepting(Protocol):
    """A setting's entry as it is read: its rule's ID, and the rules that rule is an exception to."""

    @property
    def rule(self) -> str: ...

    @property
    def exception_to(self) -> tuple[str, ...]: ...


def first_read(holding: Sequence[E]) -> E | None:
    """How a setting is read among the entries whose conditions hold, in the rules' order:
    the first whose rule no holding entry's rule is an exception to (a club's order of
    evidence over law 46's). The replay reads its settings so, and `house check` asks
    whether a club's could ever be read."""
    overridden = {target for entry in holding for target in entry.exception_to}
    for entry in holding:
        if entry.rule not in overridden:
            return entry
    return None


def definition_entries(definition: Any) -> list[Any]:
    """A setting's definition as its entries: one entry, or a list of them (`ledger_rule`,
    one a movement of counters)."""
    return definition if isinstance(definition, list) else [definition]


def conditional_entry(entry: Any) -> bool:
    """Does an entry of a setting hold only sometimes (an `if:`)?"""
    return isinstance(entry, dict) and "if" in entry


def _conditional(definition: Any) -> bool:
    """Does a setting's definition hold only sometimes (an `if:`, or entries each with one)?"""
    return all(conditional_entry(e) for e in definition_entries(definition))
