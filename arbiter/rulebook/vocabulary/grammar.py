"""The grammar of a rule's machine form: its triggers, logic, comparisons, settings and
templates, and the checks that hold a rule file to the vocabulary.

The words themselves (persons, numbers, facts, functions, predicates, effects) are
declared with their meaning in the modules of their kind beside this one; here they are
gathered as phrases for the checks and for `arbiter law`'s read-back (rules/README.md).
"""

from __future__ import annotations

import re
from typing import Any, Iterator, Mapping

from arbiter.cards import RANKS
from arbiter.rulebook.model import definition_entries, excepted_ids
from arbiter.rulebook.vocabulary.board import ROUNDS
from arbiter.rulebook.vocabulary.effects import EFFECTS as _EFFECTS
from arbiter.rulebook.vocabulary.facts import FACTS
from arbiter.rulebook.vocabulary.functions import NUMBER_FUNCTIONS as _NUMBER_FUNCTIONS
from arbiter.rulebook.vocabulary.functions import PERSON_FUNCTIONS as _PERSON_FUNCTIONS
from arbiter.rulebook.vocabulary.numbers import NUMBERS as _NUMBERS
from arbiter.rulebook.vocabulary.persons import PERSONS as _PERSONS
from arbiter.rulebook.vocabulary.predicates import PREDICATES as _PREDICATES
from arbiter.state import PHASES

EVENT_TYPES: Mapping[str, str] = {
    "draw_for_deal": "a player draws a card for the deal",
    "deal": "a player takes up the pack to deal",
    "shuffle": "a player shuffles",
    "cut": "a player cuts",
    "ante": "the ante is staked",
    "straddle": "a player straddles",
    "card": "a card is dealt",
    "dealt": "the cards are dealt",
    "face_up_in_pack": "a card is found face up in the pack",
    "speak": "a player speaks to the dealer",
    "point_out": "a player points something out",
    "lift": "a player raises the cards dealt",
    "open": "a player opens",
    "play": "a player plays",
    "pass": "a player passes",
    "divulge": "a player tells or shows what his cards are (a retired one, what they were)",
    "take_back": "a player takes back cards already thrown down",
    "discard": "a player discards",
    "demand": "a player asks for cards",
    "give": "the dealer gives cards in the draw",
    "collect_discards": "the discards are collected",
    "dispute": "a player and the dealer dispute the number of cards demanded",
    "ask_dealer": "a player asks how many cards the dealer drew",
    "dealer_answer": "the dealer answers",
    "dealer_tells": "the dealer tells what another player drew",
    "demand_show": "a player demands a show for a sum",
    "show": "a hand is shown",
    "win": "a player takes the pool",
    "add_counters": "a player adds counters to his stack",
}

MOMENTS: Mapping[str, str] = {
    "first_card": "the first card of a deal is about to be dealt",
    "deal_finished": "the deal is finished",
    "raise_hand": "a player first raises the cards dealt",
    "say_closed": "the say before the draw has gone round",
    "draw_turn_passed": "a player is passed over in the draw",
    "supplied": "cards have been placed before a player in the draw",
    "demand_known": "the number a player demanded becomes known (by a demand, or a dispute decided)",
    "demand_settled": "the number a player demanded and the cards given are both known",
    "turn_comes": "an early actor's turn to say or bet has come: his early stake counts from now",
    "game_won": "the pool is about to be paid",
    "cut_off": "the next deal begins while the game, opened, is neither won nor settled (its pool not taken)",
    "followed": "another law's finding calls for this one (`follow`)",
}

TRIGGERS: Mapping[str, str] = {**EVENT_TYPES, **MOMENTS}

COMPARISONS: Mapping[str, str] = {
    "eq": "{0} is {1}",
    "ne": "{0} is not {1}",
    "lt": "{0} is less than {1}",
    "le": "{0} is at most {1}",
    "gt": "{0} is more than {1}",
    "ge": "{0} is at least {1}",
}



CONSTANTS: Mapping[str, str] = {
    "uncut": "that the pack was not cut",
    "wrong_count": "a wrong number of cards",
    "excess": "too many cards given",
    "short": "too few cards given",
}



# The functions the compiler itself gives a meaning (and the chains' `going_left_from`);
# the others are declared with their meaning in `functions.py`.
GRAMMAR_FUNCTIONS: Mapping[str, str] = {
    "first_of": "{0} (or, if none, {1})",
    "going_left_from": "each player in turn to the left of {0}",
    "mul": "{0} × {1}",
    "add": "{0} + {1}",
    "sub": "{0} − {1}",
    "min": "the least of {0}",
    "max": "the greatest of {0}",
    "param": "{0}",
}


# The fields of the triggering event a rule may read (`event.FIELD`), as they read in a sentence.
EVENT_FIELDS: Mapping[str, str] = {
    "about": "the player it is about",
    "amount": "the amount staked",
    "cards": "cards shown",
    "count": "the number of cards",
    "dealer": "the player who deals",
    "exposed": "the number of cards given face up",
    "issue": "what is pointed out",
    "stake": "the stake made",
    "unable": "those who cannot give evidence",
}


# The yes-or-no fields of the triggering event a condition may test (`event.FIELD`), as
# they read in a sentence: a rule reads the event itself, no word stands between.
EVENT_FLAGS: Mapping[str, str] = {
    "face_up": "the cards were shuffled face up",
    "below_table": "the cards were shuffled below the table",
    "exposed": "a card was exposed",
}

DEFINES: Mapping[str, str] = {
    "first_dealer": "who deals the first game",
    "next_dealer": "who deals the next game",
    "cut_by": "who cuts",
    "ante_by": "who stakes the ante",
    "straddle_order": "who may straddle, in what order",
    "say_order": "the order of the say before the draw",
    "draw_order": "the order of the draw",
    "bet_order": "the order of betting after the draw",
    "show_order": "the order of the show",
    "deal_complete": "when the deal is finished",
    "deal_order": "the order in which the cards are dealt",
    "opening_base": "the stake the opener's minimum is reckoned on",
    "share_odd_counters": "how odd counters of a shared pool go",
    "ledger_rule": "which movements of counters this law makes",
    "round_acts": "which acts a round of turns accepts, and in which phases",
    "referee": "who decides a dispute",
    "evidence": "whose evidence decides a dispute over the cards demanded",
}


# The settings that name a person (`{left_of: dealer}`, or `{value: P}`), and the keys each
# of the others must give: what the engine reads of them, so that a club's setting lacking
# one is refused when it is read, never met in play.
PERSON_SETTINGS = ("next_dealer", "cut_by", "ante_by")
CHAIN_SETTINGS = ("evidence", "referee")  # each a chain: candidates, the reasons to pass one over, none found
# The words that read a setting (`due_cutter` is whom `cut_by` names): that setting cannot name them.
READ_BY_WORDS: Mapping[str, str] = {"cut_by": "due_cutter", "opening_base": "opening_base"}
ORDER_SETTINGS = ("straddle_order", "say_order", "draw_order", "bet_order", "show_order", "deal_order")
SETTING_NEEDS: Mapping[str, tuple[str, ...]] = {
    **{order: ("first",) for order in ORDER_SETTINGS}, "deal_complete": ("cards_each",), "opening_base": ("value",),
    "share_odd_counters": ("from",), "ledger_rule": ("what",), "round_acts": ("acts", "phases"),
}
# The keys of a setting that name a person or a number (`first: {left_of: dealer}`, `cards_each: {param: …}`;
# an order's `last` too, which it may leave out): compiled with the setting, as the engine reads them.
NAMED_KEYS: Mapping[str, tuple[str, ...]] = {
    **{order: ("first", "last") for order in ORDER_SETTINGS}, "deal_complete": ("cards_each",),
    "opening_base": ("value",), "share_odd_counters": ("from",),
}
# Of those, the keys that name a whole number (the rest name a person).
NUMBER_KEYS: Mapping[str, tuple[str, ...]] = {"deal_complete": ("cards_each",), "opening_base": ("value",)}


def unwrapped(node: Any) -> Any:
    """A setting's value as it names: `{value: X}` names what X names (`{value: dealer}` is
    the dealer, `{value: 5}` five)."""
    while isinstance(node, dict) and set(node) == {"value"}:
        node = node["value"]
    return node


# The settings a replay, or a ruling on a dispute (`arbiter evidence`, `arbiter referee`),
# cannot go on without (no fallback when no rule in force defines one): a house file may
# not switch off every rule that defines one of them.
REQUIRED_SETTINGS = ("ante_by", "deal_order", "say_order", "draw_order", "bet_order", "evidence", "referee",
                     "next_dealer")
# The movements of counters the replay makes by itself (a refund or a penalty comes only
# from the rule that rules it): a house file may not switch off the rule whose
# `ledger_rule` names the law one of them cites.
MOVEMENTS_MADE = ("ante", "straddle", "stake", "late_stake", "win")


def setting_entries(defines: Mapping[str, Any]) -> Iterator[tuple[str, Any]]:
    """Each entry of each setting a rule defines, with the setting's name."""
    for name, setting in defines.items():
        for entry in definition_entries(setting):
            yield name, entry

# The `ante_by` setting's value where every player antes (a jack-pot, L30; a house's `who_antes`).
EVERY_PLAYER = "every_player"

# The keys and the named values of a procedure setting (`defines`), as they read in a sentence.
SETTING_KEYS: Mapping[str, str] = {
    "ace": "the ace counts {0}",
    "first": "first {0}",
    "last": "last {0}",
    "from": "one each in turn from {0}",
    "value": "{0}",
    "cards_each": "as soon as each player has {0} cards",
    "what": "counters moved as {0} cite this law",
    "acts": "{0}",
    "phases": "may come only in: {0}",
}

SETTING_VALUES: Mapping[str, str] = {
    "low": "low",
    "high": "high",
    "refund": "a refund",
    "ante": "the ante",
    "straddle": "a straddle",
    "stake": "a stake",
    "penalty": "a penalty",
    "win": "winnings",
    "late_stake": "a bet made when none could come",
    EVERY_PLAYER: "every player",
}

# The declared words' phrases (each declared once, in the module of its kind).
PERSONS: Mapping[str, str] = _PERSONS.phrases()
NUMBERS: Mapping[str, str] = _NUMBERS.phrases()
BOOLEAN_FACTS: Mapping[str, str] = FACTS.phrases()
PREDICATES: Mapping[str, str] = _PREDICATES.phrases()
EFFECTS: Mapping[str, str] = _EFFECTS.phrases()
FUNCTIONS: Mapping[str, str] = {**_PERSON_FUNCTIONS.phrases(), **_NUMBER_FUNCTIONS.phrases()}
_CHAINED = ("first_of", "going_left_from")
PERSON_FUNCTIONS: Mapping[str, str] = {
    **_PERSON_FUNCTIONS.phrases(), **{name: GRAMMAR_FUNCTIONS[name] for name in _CHAINED}}
NUMBER_FUNCTIONS: Mapping[str, str] = {
    **_NUMBER_FUNCTIONS.phrases(), **{k: v for k, v in GRAMMAR_FUNCTIONS.items() if k not in _CHAINED}}

# The words whose meaning a parameter decides: the engine reads these parameters to
# implement them. A rule that uses such a word concerns the parameter (a house file that
# changes it is noted beside the rule's words) though its file never writes `{param: …}`.
READS_PARAMETERS: Mapping[str, tuple[str, ...]] = {
    entry.name: entry.reads
    for words in (_PERSONS, _NUMBERS, FACTS, _PERSON_FUNCTIONS, _NUMBER_FUNCTIONS, _PREDICATES, _EFFECTS)
    for entry in words if entry.reads}

VALUE_WORDS = {**PERSONS, **NUMBERS, **CONSTANTS}
VALUE_FUNCTIONS = {**GRAMMAR_FUNCTIONS, **FUNCTIONS}


def named_operands(node: Any) -> bool:
    """Is `node` a mapping of an effect's or a predicate's named operands (`{from: actor, to:
    pool, amount: 1}`), not one value written as a function of another (`{left_of: opener}`)?"""
    return isinstance(node, dict) and not (len(node) == 1 and next(iter(node)) in VALUE_FUNCTIONS)


# A hand written as a value (`minimum: JJ`): a pair of one rank, as the jack-pot's openers are.
VALUES_ALLOWED = ("a value is a word of docs/vocabulary.md, event.FIELD, {param: NAME}, {FUNCTION: VALUE} "
                  "or a hand such as JJ")


def nodes(tree: Any) -> Iterator[Any]:
    """Every node of a rule's machine form (a condition, a value), the whole first, then
    each mapping, list and word within it, depth first."""
    yield tree
    if isinstance(tree, (dict, list)):
        for child in tree.values() if isinstance(tree, dict) else tree:
            yield from nodes(child)


def is_hand_literal(node: Any) -> bool:
    """A pair written as two of a rank (`JJ`, `AA`): the least pair a jack-pot is opened with."""
    return isinstance(node, str) and len(node) == 2 and node[0] == node[1] and node[0] in RANKS


def unknown(what: str, name: Any, known: Any, allowed: str = "") -> str:
    """ "unknown fact 'stod' (did you mean `stood`?)": a misspelt word named beside the one
    meant, else what is allowed there."""
    from difflib import get_close_matches  # only when a rule is refused

    close = get_close_matches(name, list(known), n=1, cutoff=0.7) if isinstance(name, str) else []
    if close:
        return f"unknown {what} {name!r} (did you mean `{close[0]}`?)"
    return f"unknown {what} {name!r}" + (f": {allowed}" if allowed else "")


def _value_names() -> list[str]:
    return [*VALUE_WORDS, *BOOLEAN_FACTS, *(f"event.{field}" for field in EVENT_FIELDS)]


def _check_value(node: Any, where: str) -> None:
    if node is None or isinstance(node, (bool, int, float)):
        return
    if isinstance(node, str):
        if node.startswith("event.") and node[len("event."):] in EVENT_FIELDS:
            return
        if node in VALUE_WORDS or node in BOOLEAN_FACTS or is_hand_literal(node):
            return
        raise ValueError(f"{where}: {unknown('value', node, _value_names(), VALUES_ALLOWED)}")
    if isinstance(node, list):
        for i, item in enumerate(node):
            _check_value(item, f"{where}/{i}")
        return
    if isinstance(node, dict) and len(node) == 1:
        (name, arg), = node.items()
        if name in CHAIN_GENERATORS and name not in FUNCTIONS:
            raise ValueError(f"{where}: {name!r} only names a chain's candidates (find_witness, evidence, referee)")
        if name in VALUE_FUNCTIONS:
            if name == "param" and not isinstance(arg, str):
                raise ValueError(f"{where}/param: names a parameter, got {arg!r}")
            if name in LIST_FUNCTIONS and not (isinstance(arg, list) and arg):
                raise ValueError(f"{where}/{name}: takes a list of values (one or more)")
            if name != "param":
                _check_value(arg, f"{where}/{name}")
            return
        raise ValueError(f"{where}: {unknown('function', name, VALUE_FUNCTIONS, VALUES_ALLOWED)}")
    raise ValueError(f"{where}: unknown value {node!r}: {VALUES_ALLOWED}")


# The functions of values that take a list of them (`{add: [A, B]}`, `{min: [A, B, C]}`).
LIST_FUNCTIONS = ("first_of", "mul", "add", "sub", "min", "max")

# The effects whose counters a player pays (`from`): never the pool (`return_stake` gives back out of it).
PAID_BY_A_PLAYER = ("refund", "penalty")

# How a chain's candidates may be named (law 46's witnesses, laws 77-78's referee).
CHAIN_GENERATORS = ("left_of", "right_of", "going_left_from")


def _check_chain(spec: Any, where: str) -> None:
    """A chain (`find_witness`'s operands, the `evidence` and `referee` settings): its
    candidates, the reasons to pass one over, and what holds when no one is found."""
    if not isinstance(spec, dict):
        raise ValueError(f"{where}: a chain is a mapping of candidates and pass_over")
    for key in spec:
        if key not in CHAIN_KEYS:
            raise ValueError(f"{where}/{key}: {unknown('key of a chain', key, CHAIN_KEYS)}")
    for key, what in (("candidates", "a list of persons"), ("pass_over", "a list of reasons to pass one over")):
        if spec.get(key) is not None and not isinstance(spec[key], list):
            raise ValueError(f"{where}/{key}: a chain's {key} are {what}")
    for i, item in enumerate(spec.get("candidates") or ()):
        if isinstance(item, dict) and len(item) == 1 and next(iter(item)) in CHAIN_GENERATORS:
            _check_value(next(iter(item.values())), f"{where}/candidates/{i}")
        elif isinstance(item, str):
            _check_value(item, f"{where}/candidates/{i}")
        else:
            raise ValueError(f"{where}/candidates/{i}: a candidate is a person or one of {list(CHAIN_GENERATORS)}")
    for i, passing in enumerate(spec.get("pass_over") or ()):
        if not isinstance(passing, dict) or set(passing) != {"reason", "if"}:
            raise ValueError(f"{where}/pass_over/{i}: a reason to pass over is {{reason: NAME, if: CONDITION}}")
        check_condition(passing["if"], f"{where}/pass_over/{i}/if")
    if "none_found" in spec:
        _check_value(spec["none_found"], f"{where}/none_found")
    if "if" in spec:
        check_condition(spec["if"], f"{where}/if")


def _check_effect(name: str, arg: Any, where: str) -> None:
    """An effect's operands: the keys its phrase names (`{from} pays {amount} to {to}`), every
    one given, each a value; or one value where the phrase has `{0}`; a rule's ID for `follow`."""
    from string import Formatter  # only when a rule file is read: not on the start path

    slots = {field for _, field, _, _ in Formatter().parse(EFFECTS[name]) if field}
    if name == "follow":
        if not isinstance(arg, str):
            raise ValueError(f"{where}/follow: names the rule to follow, got {arg!r}")
    elif name == "find_witness":
        if arg:
            _check_chain(arg, f"{where}/find_witness")
    elif slots - {"0"}:
        if name in PAID_BY_A_PLAYER and isinstance(arg, dict) and arg.get("from") == "pool":
            raise ValueError(f"{where}/{name}/from: the pool pays no {name}: counters given back out of the pool "
                             "are `return_stake: {player: P, amount: X}`, which lowers P's stake by as much")
        if not isinstance(arg, dict):
            raise ValueError(f"{where}/{name}: expects a mapping of {sorted(slots)}, got {arg!r}")
        for key, value in arg.items():
            if key not in slots:
                raise ValueError(f"{where}/{name}/{key}: unknown operand {key!r} (expects {sorted(slots)})")
            _check_value(value, f"{where}/{name}/{key}")
        if slots - set(arg):  # the effect reads each (`return_stake` gives back to `player`)
            raise ValueError(f"{where}/{name}: names no {', '.join(sorted(slots - set(arg)))} "
                             f"(expects {sorted(slots)})")
    elif slots:
        _check_value(arg, f"{where}/{name}")
    elif arg not in (None, {}):
        raise ValueError(f"{where}/{name}: takes no operands, got {arg!r}")


# A check's summary template: `{actor}`, `{event.stake}`, `{stake_of_actor}`, `{param.NAME}`,
# `{his:actor}`, `{verb:actor:retires}` (the engine's `compile_template` fills them).
TEMPLATE_FIELD = r"\{([A-Za-z_.]+)(?::([A-Za-z_.]+))?(?::([a-z]+))?\}"  # compiled by `re` when first asked
# `{he:P}`, `{his:P}`, `{him:P}`, `{himself:P}`: person P's pronoun as the log gives it
# (`table.pronouns`, "they" by default), each the form of `arbiter.words.Pronoun` it names;
# `{verb:P:retires}`: the verb agreeing with it. `{number:V:card}`: the number V with its
# noun, "1 card", "3 cards". `{named:P:was}`: P named, with the verb, as "Bob was", or, where P
# is the actor, named already, by his pronoun: "he was", "they were".
COUNTED_FORM = "number"
NAMED_FORM = "named"
PRONOUN_FORMS: Mapping[str, str] = {"he": "subject", "his": "possessive", "him": "object", "himself": "reflexive"}


def template_value(name: str) -> Any:
    """The value a template's `{name}` stands for: `{stake_of_actor}` is `{stake_of: actor}`,
    `{param.NAME}` is `{param: NAME}`, anything else the value of that name."""
    if name.startswith("param."):
        return {"param": name[len("param."):]}
    for function in sorted(VALUE_FUNCTIONS, key=len, reverse=True):
        if name.startswith(function + "_") and function != "param":
            return {function: name[len(function) + 1:]}
    return name


def template_parameters(template: str) -> list[str]:
    """The parameters a summary template quotes (`{param.NAME}`, `{number:param.NAME:ante}`)."""
    values = [person or name for name, person, verb in re.findall(TEMPLATE_FIELD, template)
              if not person or (name == COUNTED_FORM and verb)]
    return [value[len("param."):] for value in values if value.startswith("param.")]


def counted_values(template: str) -> list[Any]:
    """The values a summary template says as a number with its noun (`{number:V:card}`):
    numbers, as `types.check_rule_kinds` holds them to be."""
    return [template_value(value) for name, value, noun in re.findall(TEMPLATE_FIELD, template)
            if name == COUNTED_FORM and value and noun]


def field_values(template: str) -> list[Any]:
    """The values a summary template says as they are (`{stake_of_actor}`, `{limit}`)."""
    return [template_value(name) for name, value, _ in re.findall(TEMPLATE_FIELD, template) if not value]


def pronoun_values(template: str) -> list[Any]:
    """The values a summary template gives a pronoun or a verb of (`{his:actor}`,
    `{verb:actor:passes}`): persons, as `types.check_rule_kinds` holds them to be."""
    return [template_value(value) for name, value, verb in re.findall(TEMPLATE_FIELD, template)
            if value and (name in PRONOUN_FORMS or (name == "verb" and verb))]


def check_template(template: str, where: str) -> None:
    """Every field of a summary template names a value, a pronoun or a verb the engine fills,
    so that a rule from a house file cannot fail only when its finding is written."""
    for match in re.finditer(TEMPLATE_FIELD, template):
        name, person, verb = match.groups()
        if person is None:
            _check_value(template_value(name), where)
        elif name in PRONOUN_FORMS or (name == "verb" and verb) or name == NAMED_FORM:
            _check_value(person, where)
        elif name == COUNTED_FORM and verb:
            _check_value(template_value(person), where)
        else:
            raise ValueError(f"{where}: unknown template field {match.group(0)!r}")
    for braced in re.finditer(r"\{[^{}]*\}", template):  # a field written otherwise (`{stake_of: actor}`) fills nothing
        if not re.fullmatch(TEMPLATE_FIELD, braced.group(0)):
            raise ValueError(f"{where}: unknown template field {braced.group(0)!r}: a field is written without "
                             "spaces, a function of a person as {stake_of_actor}")


LITERAL_ARGUMENTS = {"phase", "out_of_turn", "redeal_after", "retired_under"}
RULE_ARGUMENTS = ("redeal_after", "retired_under")  # whose literal is a rule's ID
# The literals that name one of a known few: a misspelt phase would make a check that
# never holds, silently.
NAMED_LITERALS: Mapping[str, tuple[str, tuple[str, ...]]] = {
    "phase": ("phase", PHASES), "out_of_turn": ("round", ROUNDS)}


def _check_predicate(name: str, arg: Any, where: str) -> None:
    if name in LITERAL_ARGUMENTS:
        _check_literal(name, arg, f"{where}/{name}")
        return
    if isinstance(arg, bool):
        return
    if named_operands(arg):
        operands = _PREDICATES[name].takes
        if not isinstance(operands, Mapping):  # a person's predicate given `{a: 1}` or `{value: 3}`
            raise ValueError(f"{where}/{name}: takes one value, not a mapping ({VALUES_ALLOWED})")
        for key, value in arg.items():
            if key not in operands:
                expects = f"expects {sorted(operands)}"
                raise ValueError(f"{where}/{name}/{key}: {unknown('operand', key, operands, expects)}")
            if key in LITERAL_ARGUMENTS:
                _check_literal(key, value, f"{where}/{name}/{key}")
            else:
                _check_value(value, f"{where}/{name}/{key}")
        return
    _check_value(arg, f"{where}/{name}")


def _check_literal(name: str, value: Any, where: str) -> None:
    """A literal operand, the predicate's own or one of its named ones: one of a known few
    (`NAMED_LITERALS`), or for `redeal_after` and `retired_under` the ID of a rule (house.py
    finds it is one)."""
    if name in NAMED_LITERALS:
        what, known = NAMED_LITERALS[name]
        _check_named(what, value, known, where)
    elif name in RULE_ARGUMENTS and not isinstance(value, str):
        raise ValueError(f"{where}: names a rule, such as L10")


def check_condition(node: Any, where: str) -> None:
    """Raise ValueError("where: why") where a condition uses a word not in the vocabulary."""
    if node is True or node is None:
        return
    if isinstance(node, str):
        if node in BOOLEAN_FACTS or (node.startswith("event.") and node[len("event."):] in EVENT_FLAGS):
            return
        facts = [*BOOLEAN_FACTS, *(f"event.{flag}" for flag in EVENT_FLAGS)]
        raise ValueError(f"{where}: {unknown('fact', node, facts, 'a fact of docs/vocabulary.md')}")
    if not isinstance(node, dict) or len(node) != 1:
        raise ValueError(f"{where}: a condition is a fact's name or a one-key mapping, got {node!r}")
    (name, arg), = node.items()
    if name in ("all", "any"):
        if not isinstance(arg, list):
            raise ValueError(f"{where}/{name}: expects a list of conditions")
        for i, item in enumerate(arg):
            check_condition(item, f"{where}/{name}/{i}")
    elif name == "not":
        check_condition(arg, f"{where}/not")
    elif name == "param":  # a setting of the house's, true or false (`table_stakes`)
        if not isinstance(arg, str):
            raise ValueError(f"{where}/param: names a parameter, got {arg!r}")
    elif name in COMPARISONS:
        if not isinstance(arg, list) or len(arg) != 2:
            raise ValueError(f"{where}/{name}: expects two values")
        _check_value(arg, f"{where}/{name}")
    elif name in PREDICATES:
        _check_predicate(name, arg, where)
    else:
        conditions = ["all", "any", "not", "param", *COMPARISONS, *PREDICATES]
        allowed = "all, any, not, param, a comparison or a predicate"
        raise ValueError(f"{where}: {unknown('condition', name, conditions, allowed)}")


def check_rule_vocabulary(data: Mapping[str, Any]) -> None:
    """Every trigger, condition and effect of a rule file is a word the engine knows."""
    for i, check in enumerate(data.get("checks") or ()):
        where = f"checks/{i}"
        if check["when"].get("for_each") not in (None, "players"):
            raise ValueError(f"{where}/when/for_each: only `players` can be iterated")
        if check["when"].get("for_each") is None and _names_each(check):
            raise ValueError(f"{where}: names `each`, the player of a check with `for_each: players`, and has none")
        for trigger in check["when"]["on"]:
            if trigger not in TRIGGERS:
                allowed = "an event type or a moment"
                raise ValueError(f"{where}/when/on: {unknown('trigger', trigger, TRIGGERS, allowed)}")
        check_condition(check["when"].get("if"), f"{where}/when/if")
        check_template(check["summary"], f"{where}/summary")
        if "player" in check:
            _check_value(check["player"], f"{where}/player")
        for j, effect in enumerate(check.get("then") or ()):
            name = next(iter(effect)) if isinstance(effect, dict) and len(effect) == 1 else effect
            if not isinstance(name, str) or name not in EFFECTS:
                raise ValueError(f"{where}/then/{j}: {unknown('effect', name, EFFECTS, ', '.join(EFFECTS))}")
            _check_effect(name, effect[name] if isinstance(effect, dict) else None, f"{where}/then/{j}")
    for target, condition in (data.get("exception_where") or {}).items():
        if target not in excepted_ids(data):
            raise ValueError(f"exception_where/{target}: {target} is not in exception_to")
        if data.get("defines"):
            raise ValueError(f"exception_where/{target}: a rule that defines a setting is an exception wherever it "
                             "applies (its settings are read before the others'): the condition cannot narrow it")
        check_condition(condition, f"exception_where/{target}")
        if "each" in nodes(condition) and not all(c["when"].get("for_each") for c in data.get("checks") or ()):
            raise ValueError(f"exception_where/{target}: names `each`, the player of a check with `for_each: "
                             "players`, and not every check of the rule has one")
    for name, setting in (data.get("defines") or {}).items():
        if name not in DEFINES:
            raise ValueError(f"defines/{name}: {unknown('setting', name, DEFINES, ', '.join(DEFINES))}")
        for entry in setting if isinstance(setting, list) else [setting]:
            _check_setting(entry, f"defines/{name}")
            _check_setting_shape(name, entry, f"defines/{name}")
            if isinstance(entry, dict) and "if" in entry and "candidates" not in entry:  # a chain checks its own
                check_condition(entry["if"], f"defines/{name}/if")


def _names_each(check: Mapping[str, Any]) -> bool:
    """Does the check name `each` (in its condition, its player, its effects or its summary)?"""
    named = [*nodes(check["when"].get("if")), *nodes(check.get("player")), *nodes(check.get("then"))]
    fields = [part for match in re.finditer(TEMPLATE_FIELD, check.get("summary") or "") for part in match.groups()]
    return "each" in named or any(part == "each" or part.endswith("_each") for part in fields if part)


def _check_setting_shape(name: str, entry: Any, where: str) -> None:
    """A setting gives what the engine reads of it: a person for `ante_by` and its kind,
    the keys `SETTING_NEEDS` names for the others."""
    body = {key: value for key, value in entry.items() if key != "if"} if isinstance(entry, dict) else entry
    word = READ_BY_WORDS.get(name)
    if word is not None and word in nodes(body):
        raise ValueError(f"{where}: names `{word}`, which is what this setting names: it names itself")
    if name in PERSON_SETTINGS:
        person = body.get("value", body) if isinstance(body, dict) else body
        if not (isinstance(person, str) or (isinstance(person, dict) and len(person) == 1
                                            and next(iter(person)) in FUNCTIONS)) \
                or (person == EVERY_PLAYER and name != "ante_by"):
            raise ValueError(f"{where}: names a person, such as {{left_of: dealer}} or {{value: dealer}}")
        return
    if name in CHAIN_SETTINGS and not (isinstance(body, dict) and "candidates" in body):
        raise ValueError(f"{where}: gives no `candidates` (a chain names whom it considers, in order)")
    missing = [key for key in SETTING_NEEDS.get(name, ()) if not isinstance(body, dict) or key not in body]
    if missing:
        raise ValueError(f"{where}: gives no `{missing[0]}` ({DEFINES[name]} needs it)")
    if name == "round_acts":
        for key, what, known in (("acts", "event type", tuple(EVENT_TYPES)), ("phases", "phase", PHASES)):
            for i, item in enumerate(body[key] if isinstance(body[key], list) else [body[key]]):
                _check_named(what, item, known, f"{where}/{key}/{i}")


def _check_named(what: str, name: Any, known: tuple[str, ...], where: str) -> None:
    if name not in known:
        raise ValueError(f"{where}: {unknown(what, name, known, ', '.join(known))}")


CHAIN_KEYS = {"if", "candidates", "pass_over", "none_found", "decided_by"}


def _check_setting(entry: Any, where: str) -> None:
    """A setting reads in words: its keys and named values have phrases (SETTING_KEYS, SETTING_VALUES)."""
    if isinstance(entry, str) and entry not in SETTING_VALUES:
        raise ValueError(f"{where}: {unknown('value', entry, SETTING_VALUES, ', '.join(SETTING_VALUES))}")
    if isinstance(entry, dict) and "candidates" in entry:
        _check_chain(entry, where)
        return
    if not isinstance(entry, dict) or next(iter(entry), None) in VALUE_FUNCTIONS:
        return
    for key, value in entry.items():
        if key in CHAIN_KEYS:
            continue
        if key not in SETTING_KEYS:
            raise ValueError(f"{where}/{key}: {unknown('setting key', key, SETTING_KEYS, ', '.join(SETTING_KEYS))}")
        if isinstance(value, str) and value not in SETTING_VALUES:
            _check_value(value, f"{where}/{key}")
        elif isinstance(value, dict):  # a person or a number named (`first: {left_of: dealer}`)
            _check_value(unwrapped(value), f"{where}/{key}")
