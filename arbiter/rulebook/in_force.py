"""What a house file sets, said beside Peel's words (SPEC §3 item 26).

Peel's words are quoted unchanged wherever a rule is shown; where a house file has
changed a number the rule concerns, a note beside them says what the house sets and
what Peel (or, for the arbiter's own rules, the arbiter) says: "House rule:
opening_multiple_of_ante is 3 (Peel: 2)". A rule concerns the parameters it defines,
those its machine form reads (`{param: NAME}`, or a word whose meaning a parameter
decides, such as `jackpot_minimum`), those its evaluator block reads, and, for an
exception, those the law it excepts defines.
"""

from __future__ import annotations

from typing import Any, Iterator

from arbiter.rulebook.describe import Describer, hand_shape_words
from arbiter.rulebook.model import Rule, Rulebook
from arbiter.rulebook.vocabulary.grammar import READS_PARAMETERS
from arbiter.words import plain


def _params_in(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        if set(node) == {"param"} and isinstance(node["param"], str):
            yield node["param"]
            return
        for key, value in node.items():
            yield from READS_PARAMETERS.get(key, ())
            yield from _params_in(value)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _params_in(item)
    elif isinstance(node, str):
        yield from READS_PARAMETERS.get(node, ())


def parameters_of(rule: Rule) -> list[str]:
    """The parameters the rule concerns, in the order met: its own, then those it reads,
    then those its words state (`quotes`)."""
    read = [rule.defines, [(c.condition, c.effects, c.player) for c in rule.checks], rule.exception_where]
    names = [*rule.parameters, *_params_in(read), *(rule.evaluator or {}).get("reads", ()), *rule.quotes]
    return list(dict.fromkeys(names))


def words(value: Any) -> str:
    """A parameter's value as a sentence quotes it: `JJ, QQ`, `true`, `0.25`, `none`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ", ".join(words(item) for item in value) or "none"
    return plain(value)


def default_source(owner: Rule) -> str:
    """Whose a parameter's default value is: Peel's, or the rule's that declares it (an
    arbiter's reading, a club's own rule)."""
    maker = "club" if owner.authority == "house" else "arbiter"
    return "Peel" if owner.is_peel else f"{owner.id}, the {maker}'s own rule"


def house_notes(rule: Rule, rulebook: Rulebook) -> list[str]:
    """One note for each parameter the rule concerns that the house rules have changed. An
    exception restates the number of the law it excepts (D3's "double the ante and
    straddles" is law 25's multiple, applied to the straddles), so it concerns that law's
    own parameters too."""
    owners = rulebook.parameter_owner()
    excepted = [name for target in rule.exception_to if target in rulebook.rules
                for name in rulebook.rules[target].parameters]
    notes = []
    for name in dict.fromkeys([*parameters_of(rule), *excepted]):
        if name not in rulebook.defaults or rulebook.parameters[name] == rulebook.defaults[name]:
            continue
        notes.append(f"House rule: {name} is {words(rulebook.parameters[name])} "
                     f"({default_source(rulebook.rules[owners[name]])}: {words(rulebook.defaults[name])})")
    if "hand_order" in rule.parameters:  # a hand the house declares and ranks: what it is (a big bobtail)
        notes += [f"House rule: {hand_shape_words(name, rulebook.hands[name])}" for name in rulebook.parameters[
            "hand_order"] if name in rulebook.hands and name not in rule.hands]
    for other in rulebook.rules.values():  # a club's rule in force that sets this one aside where it holds, or
        # the arbiter's that a value the house sets brings in (table_stakes: A5)
        if rule.id not in other.exception_to or not rulebook.active(other.id) or other.is_peel:
            continue
        brought = [name for name in parameters_of(other)  # its own, or those it reads (A1: every player antes)
                   if name in rulebook.defaults and rulebook.parameters[name] != rulebook.defaults[name]]
        if other.authority != "house" and not brought:
            continue
        by = f"{brought[0]} is {words(rulebook.parameters[brought[0]])}: " if brought else ""
        where = other.exception_where.get(rule.id)
        condition = f" and {Describer(rulebook.parameters).condition(where)}" if where is not None else ""
        notes.append(f"House rule: {by}{other.id} ({other.title}) is an exception to this law, and decides instead "
                     f"where it holds{condition}")
    return notes
