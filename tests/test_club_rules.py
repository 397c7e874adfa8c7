"""A club's own rules in its house file (law 81): `rules:`, H1, H2, … (issue 11, item 4).

A club rule is held to the checks a rule file in `rules/` is held to, is compiled and
replayed like the laws, is shown by every command that shows a law, and its findings
cite its H ID in every format. Anything else in a house file's `rules:` is refused in
one line with exit code 2.
"""

from __future__ import annotations

import copy
import json
import shutil

import pytest
import yaml
from jsonschema import Draft202012Validator

from arbiter.checker import check_file, check_log
from arbiter.engine.compiled import CompiledRules
from arbiter.errors import HouseRulesError, RuleFileError
from arbiter.notation.reading import parse_checked
from arbiter.resources import cases_dir, rules_dir, schema_path
from arbiter.rulebook.house import apply_house, read_house, shipped_house_files
from arbiter.rulebook.loader import COMPILED_NAME, compile_rules, load_rulebook
from arbiter.rulebook.vocabulary.predicates import PREDICATES
from arbiter.state import PHASES, Phase
from tests.conftest import in_process as run
from tests.conftest import load_case

HOUSE = "exposed-at-the-say"
CASE = cases_dir() / "house" / "exposed-card-at-the-say-costs-an-ante.json"
SHIPPED = yaml.safe_load(shipped_house_files()[HOUSE].read_text(encoding="utf-8"))




def house_file(tmp_path, data: dict, name: str = "club.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def club(**changes) -> dict:
    """The shipped club file with its rule H1 changed as given (None: the field removed)."""
    data = copy.deepcopy(SHIPPED)
    for key, value in changes.items():
        if value is None:
            del data["rules"][0][key]
        else:
            data["rules"][0][key] = value
    return data


# --- the rule in the rule book ---------------------------------------------------------------
def test_the_club_rule_joins_the_rule_book_after_the_laws(rulebook):
    book = apply_house(rulebook, read_house(HOUSE))
    rule = book.get("h1")
    assert rule.id == "H1" and rule.authority == "house" and not rule.is_peel
    assert [r.id for r in book.in_order()][-1] == "H1" and "H1" not in rulebook
    assert book.parameters["exposed_card_penalty_antes"] == 1
    assert book.declared["exposed_card_penalty_antes"].allowed() == "a whole number from 1 to 10"
    assert book.house["rules"] == ["H1"]
    assert "H1" in {c.rule.id for c in CompiledRules(book).by_trigger["divulge"].checks}


def test_its_cases_exist_under_cases_house_and_name_it(rulebook):
    rule = apply_house(rulebook, read_house(HOUSE)).get("H1")
    assert rule.cases
    for stem in rule.cases:
        case = load_case(cases_dir() / "house" / f"{stem}.json")
        assert "H1" in case["meta"]["laws"] and case["meta"]["house"] == HOUSE


def test_its_finding_is_a_penalty_into_the_pool_cited_in_the_ledger(rulebook):
    report = check_file(CASE, apply_house(rulebook, read_house(HOUSE)))
    h1 = [f for f in report["findings"] if f["id"] == "H1"]
    assert [(f["event"], f["player"]) for f in h1] == [(6, "Dan")]
    assert h1[0]["effects"] == [{"type": "penalty", "from": "Dan", "to": "pool", "amount": 1}]
    assert [(e["from"], e["amount"], e["what"]) for e in report["ledger"] if e["rule"] == "H1"] == \
        [("Dan", 1, "penalty")]
    assert "H1" not in {f["id"] for f in check_file(CASE, rulebook)["findings"]}


def test_the_house_file_may_set_its_own_rules_parameter_and_switch_it_off(tmp_path, rulebook):
    doubled = house_file(tmp_path, {**SHIPPED, "parameters": {"exposed_card_penalty_antes": 3}})
    report = check_file(CASE, apply_house(rulebook, read_house(str(doubled))))
    assert next(f for f in report["findings"] if f["id"] == "H1")["effects"][0]["amount"] == 3
    assert report["net"]["Dan"] == -5
    off = house_file(tmp_path, {**SHIPPED, "disable": ["H1"]}, "off.yaml")
    assert "H1" not in {f["id"] for f in check_file(CASE, apply_house(rulebook, read_house(str(off))))["findings"]}


# --- shown like any law -----------------------------------------------------------------------
def test_check_json_cites_h1_and_keeps_to_the_report_schema():
    code, out, _ = run("check", str(CASE), "--house", HOUSE, "--format", "json")
    assert code == 1
    document = json.loads(out)
    schema = json.loads(schema_path("report").read_text(encoding="utf-8"))
    assert [e.message for e in Draft202012Validator(schema).iter_errors(document)] == []
    assert document["reports"][0]["house_rules"]["rules"] == ["H1"]
    findings = document["reports"][0]["findings"]
    assert [(f["id"], f["event"], f["player"]) for f in findings] == [("H1", 6, "Dan"), ("L28", 17, "Dan")]
    assert "during the say" in findings[0]["summary"]


@pytest.mark.parametrize("fmt, cited", [("table", "[H1 irregularity]"), ("markdown", "**H1**"),
                                         ("html", '<span class="id">H1</span>')])
def test_every_report_format_cites_h1(tmp_path, fmt, cited):
    code, out, _ = run("check", str(CASE), "--house", HOUSE, "--format", fmt)
    assert code == 1 and cited in out


def test_laws_and_law_show_the_club_rule_only_with_its_house(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # a terminal wide enough for the title on one line
    code, out, _ = run("laws", "--house", HOUSE)
    assert code == 0 and "A card exposed at the say costs its holder one ante" in out
    code, out, _ = run("laws")
    assert code == 0 and "\nH1 " not in out
    code, out, _ = run("law", "H1", "--house", HOUSE)
    assert code == 0 and "the club's own rule (law 81), not Peel's" in out
    assert "exposed_card_penalty_antes = 1" in out and f"cases/house/{CASE.name}" in out
    code, _, err = run("law", "H1")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_laws_json_marks_its_authority():
    code, out, _ = run("laws", "--house", HOUSE, "--format", "json")
    h1 = next(r for r in json.loads(out) if r["id"] == "H1")
    assert code == 0 and h1["authority"] == "house" and h1["active"] and h1["case_count"] == 1


@pytest.mark.parametrize("fmt", ["markdown", "html", "json"])
def test_the_rulebook_carries_it(fmt):
    code, out, _ = run("rulebook", "--house", HOUSE, "--format", fmt)
    assert code == 0 and "A card exposed at the say costs its holder one ante" in out
    assert "the club's own rule by law 81, not peel's" in out.replace("&#x27;", "'").lower()


def test_explain_tells_its_ruling_at_its_event():
    code, out, _ = run("explain", str(CASE), "--house", HOUSE)
    assert code == 0
    assert "House rules in force: exposed-at-the-say (H1, the club's own rule)." in out
    assert "Dan, still in, shows or tells cards of the hand." in out and "H1 (irregularity)" in out


# --- refused in one line, exit 2 ----------------------------------------------------------------
@pytest.mark.parametrize("data, message", [
    # a declaration's bounds or choices its type does not take, said in words (a schema's `not` was quoted whole),
    # and an unknown type said before the bounds it made look wrong
    (club(parameters={"club_fine": {"default": 1, "type": "integer", "minimum": 1, "maximum": 10}}),
     "rules/0/parameters/club_fine/type: 'integer' is not one of ['whole_number'"),
    (club(parameters={"club_fine": {"default": 1, "type": "fraction", "minimum": 1, "maximum": 10}}),
     "rules/0/parameters/club_fine: a fraction parameter takes no minimum or maximum (a whole_number takes both)"),
    (club(parameters={"club_fine": {"default": True, "type": "boolean", "one_of": ["a"]}}),
     "rules/0/parameters/club_fine: a boolean parameter takes no one_of (a choice takes it)"),
    # a name no house file can set (its `parameters` take lower case and `_` only), and bounds that hold nothing
    (club(parameters={**SHIPPED["rules"][0]["parameters"], "x2": {"default": 1, "type": "boolean"}}),
     "rules/0/parameters: 'x2' does not match '^[a-z][a-z_]*$'"),
    (club(parameters={**SHIPPED["rules"][0]["parameters"],
                      "spare": {"default": 3, "type": "whole_number", "minimum": 5, "maximum": 1}}),
     "rules/0/parameters/spare/minimum: 5 is above the maximum, 1: no value is in range"),
    # a club's hand order naming a hand no one declared, as the laws' own order is refused
    (club(parameters={**SHIPPED["rules"][0]["parameters"], "spare": {"type": "hand_order", "default": [
        "sequence_flush", "fours", "full", "flush", "sequence", "threes", "two_pairs", "pair", "high_card", "blaze_x"]}}),
     "rules/0/parameters/spare/default: unknown hand(s) ['blaze_x']"),
    (club(id="L28"), "rules/0/id: 'L28' is not a club rule's ID"),
    (club(id="A9"), "rules/0/id: 'A9' is not a club rule's ID"),
    (club(id="H0"), "rules/0/id: 'H0' is not a club rule's ID"),
    (club(id=7), "rules/0/id: 7 is not a club rule's ID"),
    (club(id=None), "rules/0: 'id' is a required property (a club rule's ID: H1, H2, …)"),
    ({"rules": [{}]}, "rules/0: 'id' is a required property"),
    ({**SHIPPED, "rules": [copy.deepcopy(r) for r in SHIPPED["rules"] * 2]}, "rules/1/id: H1 is defined twice"),
    (club(authority="law"), "rules/0/authority: 'house' was expected"),
    (club(text=None), "rules/0: 'text' is a required property"),
    (club(section="parlour"), "rules/0/section: 'parlour' is not one of"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["sneeze"]}}]),
     "rules/0/checks/0/when/on: unknown trigger 'sneeze'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"explode": "actor"}]}]),
     "rules/0/checks/0/then/0: unknown effect"),
    (club(parameters={"false_opener_penalty_antes": {"default": 1, "type": "whole_number", "minimum": 1,
                                                     "maximum": 2}}),
     "rules/0/parameters/false_opener_penalty_antes: already a parameter of the rule book"),
    (club(parameters={"exposed_card_penalty_antes": {"default": 0, "type": "whole_number", "minimum": 1,
                                                     "maximum": 2}}),
     "rules/0/parameters/exposed_card_penalty_antes/default: 0"),
    (club(exception_to="L99"), "rules/H1: names an unknown rule ID 'L99'"),
    (club(exception_to=["L28"], exception_where={"L14": {"phase": "draw"}}),
     "rules/0/exception_where/L14: L14 is not in exception_to"),
    (club(exception_to=["L28"], exception_where={"L28": {"ne": ["each", "dealer"]}}),  # no player to ask it of
     "rules/0/exception_where/L28: names `each`, the player of a check with `for_each: players`, and not every"),
    (club(exception_to=["L28"], exception_where={"L28": {"phaze": "draw"}}),
     "rules/0/exception_where/L28: unknown condition 'phaze'"),
    (club(exception_to=["L46"], defines={"evidence": {"candidates": ["left_of_dealer"]}},
          exception_where={"L46": {"phase": "draw"}}),
     "rules/0/exception_where/L46: a rule that defines a setting is an exception wherever it applies"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{actor} pays {param.fine}"}]),
     "rules/H1: reads an unknown parameter 'fine'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["divulge"], "if": {"gt": [{"param": "fine"},
                                                                                            0]}}}]),
     "rules/H1: reads an unknown parameter 'fine'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{actor} pays {number:param.fine:ante}"}]),
     "rules/H1: reads an unknown parameter 'fine'"),  # passed, and the finding's words failed in `check`
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{number:param.jackpot_openers:hand}"}]),
     "rules/0/checks/0/summary: a number is wanted, and {param: jackpot_openers} is a list"),  # said "['JJ', …] hands"
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{actor} {fine}"}]),
     "rules/0/checks/0/summary: unknown value 'fine'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{her:actor} hand"}]),
     "rules/0/checks/0/summary: unknown template field '{her:actor}'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{number:stake_of_actor} counters"}]),
     "rules/0/checks/0/summary: unknown template field '{number:stake_of_actor}'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{number:fine:counter}"}]),
     "rules/0/checks/0/summary: unknown value 'fine'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["deal"], "if": {"redeal_after": "L28"}}}]),
     "rules/H1: {redeal_after: L28} could never hold: L28 has no `misdeal` effect"),
    # nor one naming a law the same file switches off: it was read cleanly and never applied
    ({**club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["deal"], "if": {"redeal_after": "L10"}}}]),
      "disable": ["L10"]}, "rules/H1: {redeal_after: L10} could never hold: the house switches L10 off (disable)"),
    ({**club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["play"], "if": {"retired_under": "L54"}}}]),
      "disable": ["L54"]}, "rules/H1: {retired_under: L54} could never hold: the house switches L54 off (disable)"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["pass"], "if": {"retired_under": "L10"}}}]),
     "rules/H1: {retired_under: L10} could never hold: L10 has no `retire` effect"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{actor} has {stake_of: actor}"}]),
     "rules/0/checks/0/summary: unknown template field '{stake_of: actor}'"),  # a space: no field, filled with nothing
    # the operands of an effect, whom a check concerns, and a chain are held to the vocabulary too
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"penalty": {"from": "nobody", "amount": 1}}]}]),
     "rules/0/checks/0/then/0/penalty/from: unknown value 'nobody'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"penalty": {"form": "actor", "amount": 1}}]}]),
     "rules/0/checks/0/then/0/penalty/form: unknown operand 'form'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"deal_stands": "actor"}]}]),
     "rules/0/checks/0/then/0/deal_stands: takes no operands"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "player": "nobody"}]),
     "rules/0/checks/0/player: unknown value 'nobody'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["divulge"], "if": {
        "eq": [{"going_left_from": "dealer"}, "actor"]}}}]),
     "'going_left_from' only names a chain's candidates"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"find_witness": {"candidates": ["nobody"]}}]}]),
     "rules/0/checks/0/then/0/find_witness/candidates/0: unknown value 'nobody'"),
    # counters given back out of the pool are return_stake's, which lowers the stake (issue 22, item 1)
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"refund": {"from": "pool", "to": "actor",
                                                                           "amount": 1}}]}]),
     "rules/0/checks/0/then/0/refund/from: the pool pays no refund: counters given back out of the pool are "
     "`return_stake: {player: P, amount: X}`"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"refund": {"from": {"first_of": ["pool"]},
                                                                           "to": "actor", "amount": 1}}]}]),
     "rules/0/checks/0/then/0/refund/from: a player is wanted, and {first_of: [pool]} is a player or the pool"),
    # a misspelt word is named beside the one meant (issue 22, item 5)
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["divulge"], "if": {"stod": "actor"}}}]),
     "rules/0/checks/0/when/if: unknown condition 'stod' (did you mean `stood`?)"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["divulge"], "if": "jackpt"}}]),
     "rules/0/checks/0/when/if: unknown fact 'jackpt' (did you mean `jackpot`?)"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"penalty": {"from": "dealr", "amount": 1}}]}]),
     "rules/0/checks/0/then/0/penalty/from: unknown value 'dealr' (did you mean `dealer`?)"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["divulge"], "if": {
        "hand_at_least": {"player": "actor", "minimum": "JX"}}}}]),
     "hand_at_least/minimum: unknown value 'JX': a value is a word of docs/vocabulary.md, event.FIELD, "
     "{param: NAME}, {FUNCTION: VALUE} or a hand such as JJ"),
    # a phase, a round of turns and a round's acts are one of a known few: a misspelt one
    # would make a check that never holds, or a setting that never applies
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["open"], "if": {"phase": "bettin"}}}]),
     "rules/0/checks/0/when/if/phase: unknown phase 'bettin' (did you mean `betting`?)"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["open"], "if": {"phase": "opening"}}}]),
     "rules/0/checks/0/when/if/phase: unknown phase 'opening': before_deal, dealing, say, draw, betting, show, over"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["open"], "if": {"out_of_turn": "bets"}}}]),
     "rules/0/checks/0/when/if/out_of_turn: unknown round 'bets' (did you mean `bet`?)"),
    (club(defines={"round_acts": {"acts": ["open"], "phases": ["betting", "drawing"]}}),
     "rules/0/defines/round_acts/phases/1: unknown phase 'drawing' (did you mean `draw`?)"),
    # an effect that could never act where the rule puts it: retiring the winner as the pool is
    # paid was reported ("he retires") while the pool paid him
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["game_won"]}, "then": [{"retire": "actor"}]}]),
     "rules/H1: `retire` on `game_won` could never act: the pool is about to be paid"),
    # nor once the next deal has cut the game off: a misdeal there was reported ("Ann deals again") and
    # the next dealer was still the one to the left, Ann's deal then ruled L18
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["cut_off"]},
                   "then": [{"misdeal": {"redeal_by": "dealer"}}]}]),
     "rules/H1: `misdeal` on `cut_off` could never act: the next deal has begun"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["cut_off"]}, "then": [{"retire": "opener"}]}]),
     "rules/H1: `retire` on `cut_off` could never act: the next deal has begun"),
    # all he has is a stake's: declared at a word to the dealer, the betting stayed open on him
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"all_in": "actor"}]}]),
     "could never act: it is a stake's (ante, straddle, open, play, demand_show)"),
    (club(defines={"round_acts": {"acts": ["opens"], "phases": ["say"]}}),
     "rules/0/defines/round_acts/acts/0: unknown event type 'opens' (did you mean `open`?)"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["deal"], "if": {"all": [
        "jackpot", {"redeal_after": "L100"}]}}}]),
     "rules/H1: names an unknown rule ID 'L100'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["deal"], "if": {"redeal_after": ["L10"]}}}]),
     "rules/0/checks/0/when/if/redeal_after: names a rule, such as L10"),
    ({**SHIPPED, "rules": ["H1"]}, "rules/0: 'H1' is not of type 'object'"),
    # a number no count of counters reaches: the ledger could not hold it (SPEC §5)
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"penalty": {"from": "actor", "to": "pool", "amount": 10**24}}]}]),
     "rules/0/checks/0/then/0/penalty/amount: 1000000000000000000000000 is not a number a rule can use: numbers "
     "lie within ±9007199254740991"),
    (club(parameters={"fee": {"default": 1, "type": "whole_number", "minimum": 0, "maximum": 10**20}}),
     "rules/0/parameters/fee/maximum: 100000000000000000000 is greater than the maximum of 9007199254740991"),
    ({**SHIPPED, "rules": {"H1": {}}}, "rules: {'H1': {}} is not of type 'array'"),
    # `each` with no `for_each`: it would mean no one, and the club's fine vanish
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"penalty": {"from": "each", "to": "pool", "amount": 1}}]}]),
     "rules/0/checks/0: names `each`, the player of a check with `for_each: players`, and has none"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{each} is fined"}]),
     "rules/0/checks/0: names `each`, the player of a check with `for_each: players`, and has none"),
    # a count written below 0: it would pay nothing while its finding says a penalty is paid
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"penalty": {"from": "actor", "to": "pool", "amount": -2}}]}]),
     "rules/0/checks/0/then/0/penalty/amount: -2 is below 0, and counters and cards are counted from 0"),
    # a setting's condition is held to the kinds as a check's is: the pool compared with a number ended the
    # check of a log in an internal error (TypeError)
    (club(checks=[], exception_to="L59", defines={"ledger_rule": {"what": "win", "if": {"gt": ["pool", 1]}}}),
     "rules/0/defines/ledger_rule/if/gt/0: gt compares numbers, and this is a player or the pool"),
    # a setting's numbers are whole numbers: a deal completing at `dealer` cards ended a check in a TypeError
    (club(checks=[], exception_to="L17", defines={"deal_complete": {"cards_each": "dealer"}}),
     "rules/0/defines/deal_complete/cards_each: a whole number is wanted, and 'dealer' is a player"),
    (club(checks=[], exception_to="L25", defines={"opening_base": {"value": {"param": "table_stakes"}}}),
     "rules/0/defines/opening_base/value: a whole number is wanted, and {param: table_stakes} is true or false"),
    # each of these was read, and ended the check of a log in an internal error (KeyError, TypeError)
    (club(exception_to=["L20", "L30"], defines={"ante_by": {"going_left_from": "actor"}}),
     "rules/0/defines/ante_by: names a person, such as {left_of: dealer} or {value: dealer}"),
    (club(exception_to=["L4", "L41"], defines={"cut_by": "stake"}),
     "rules/0/defines/cut_by: a player is wanted, and 'stake' is a name"),
    (club(exception_to=["L4", "L41"], defines={"cut_by": [{"left_of": "dealer", "if": {"param": {"x": 1}}},
                                                          {"value": "dealer"}]}),
     "rules/0/defines/cut_by/if/param: names a parameter"),
    (club(exception_to="L18", defines={"next_dealer": "every_player"}),
     "rules/0/defines/next_dealer: names a person, such as {left_of: dealer} or {value: dealer}"),
    (club(exception_to="L46", defines={"evidence": {"acts": 1}}),
     "rules/0/defines/evidence: gives no `candidates` (a chain names whom it considers, in order)"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [
        {"find_witness": {"candidates": 1, "pass_over": None, "none_found": 1}}]}]),
     "find_witness/candidates: a chain's candidates are a list of persons"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["demand"], "if": {
        "hand_at_least": {"player": "actor"}}}}]),
     "rules/0/checks/0/when/if/hand_at_least: expects a mapping of ['minimum', 'player']"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["say_closed"], "for_each": "players"},
                   "player": "each", "summary": "{his:disputants}"}]),
     "rules/0/checks/0/summary: a player is wanted, and 'disputants' is a list of persons"),
    (club(checks=[], exception_to="L2", defines={"first_dealer": [{"left_of": "dealer", "if": {"eq": ["dealer", "a"]}},
                                                                 {"value": "dealer"}]}),
     "rules/0/defines/first_dealer/if/eq/1: unknown value 'a'"),
    (club(exception_to="L21", exception_where={"L21": {"param": "nope"}}),
     "rules/H1: reads an unknown parameter 'nope'"),
    (club(checks=[], exception_to=["L4", "L41"], defines={"cut_by": {"value": "due_cutter"}}),
     "rules/0/defines/cut_by: names `due_cutter`, which is what this setting names: it names itself"),
    (club(checks=[], exception_to=["L53", "A1"], defines={"bet_order": {"first": {"going_left_from": "actor"}}}),
     "rules/0/defines/bet_order/first: 'going_left_from' only names a chain's candidates"),
    (club(checks=[], exception_to=["L53", "A1"], defines={"bet_order": {"first": {"param": 3}}}),
     "rules/0/defines/bet_order/first/param: names a parameter, got 3"),
    (club(checks=[], exception_to="L7", defines={"deal_order": {"first": {"eq": [1, 1]}}}),
     "rules/0/defines/deal_order/first: unknown function 'eq'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "summary": "{left_of_limit}"}]),
     "rules/0/checks/0/summary/left_of: a player is wanted, and 'limit' is a whole number"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [
        {"penalty": {"from": "actor", "to": "pool", "amount": {"min": "limit"}}}]}]),
     "penalty/amount/min: takes a list of values"),
    # each of these too (a sweep of generated house files: TypeError, KeyError, IndexError)
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["play"], "if": {"stood": {"value": 3}}}}]),
     "rules/0/checks/0/when/if/stood: takes one value, not a mapping"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["play"], "if": {"foul": {"a": 1}}}}]),
     "rules/0/checks/0/when/if/foul: takes one value, not a mapping"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "when": {"on": ["open"], "if": {
        "hand_at_least": {"player": "actor", "minimum": "JJ", "but": "QQ"}}}}]),
     "rules/0/checks/0/when/if/hand_at_least/but: unknown operand 'but'"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"penalty": None}]}]),
     "rules/0/checks/0/then/0/penalty: expects a mapping of ['amount', 'from', 'to'], got None"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": ["return_stake"]}]),
     "rules/0/checks/0/then/0/return_stake: expects a mapping of ['amount', 'player'], got None"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [{"return_stake": {"amount": 1}}]}]),
     "rules/0/checks/0/then/0/return_stake: names no player (expects ['amount', 'player'])"),
    (club(checks=[{**SHIPPED["rules"][0]["checks"][0], "then": [
        {"penalty": {"from": "actor", "to": "pool", "amount": {"sub": []}}}]}]),
     "penalty/amount/sub: takes a list of values (one or more)"),
])
def test_a_bad_club_rule_is_refused_in_one_line(tmp_path, rulebook, data, message):
    path = house_file(tmp_path, data)
    code, out, err = run("check", str(CASE), "--house", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err, err
    with pytest.raises(HouseRulesError):
        apply_house(rulebook, read_house(str(path)))


PERSON_PREDICATES = sorted(entry.name for entry in PREDICATES if entry.takes == "person")


@pytest.mark.parametrize("predicate", PERSON_PREDICATES)
def test_a_club_rule_asking_a_persons_predicate_of_no_one_finds_it_false(tmp_path, rulebook, predicate):
    """`opener` names no one until the game is opened: a club's rule asking `{lifted: opener}`
    at the first `open` asks it of no one, which is false (`lifted`, `has_drawn`, `supplied`
    … looked the hand of no one up, and the check ended in an internal error)."""
    check = {"when": {"on": ["open"], "if": {"all": [{"phase": "say"}, {predicate: "opener"}]}},
             "then": [{"penalty": {"from": "actor", "to": "pool", "amount": 1}}], "player": "actor",
             "summary": "{actor} opened where the club forbids it"}
    path = house_file(tmp_path, club(checks=[check]))
    report = check_file(cases_dir() / "l13-foul-hand-lifted.json", apply_house(rulebook, read_house(str(path))))
    assert report["status"] != "invalid", report["error"]
    assert not [f for f in report["findings"] if f["id"] == "H1"]


def test_a_rule_may_name_every_phase_a_game_has_in_the_order_it_goes_through_them():
    """The phases a rule may name (`PHASES`, in their order) are every one of `Phase`'s."""
    assert sorted(PHASES) == sorted(getattr(Phase, name) for name in dir(Phase) if name.isupper())  # compiled too
    assert PHASES[0] == Phase.BEFORE_DEAL and PHASES[-1] == Phase.OVER


def test_an_alias_in_a_club_rule_is_refused(tmp_path):
    text = shipped_house_files()[HOUSE].read_text(encoding="utf-8")
    text = text.replace("    section: play", "    section: &s play\n    title2: *s", 1)
    path = tmp_path / "alias.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run("laws", "--house", str(path))
    assert code == 2 and "an alias (*s) is not accepted" in err and len(err.strip().splitlines()) == 1


def test_a_club_rule_nested_too_deep_is_refused(tmp_path):
    deep = {"all": [{"in_game": "actor"}]}
    for _ in range(12):
        deep = {"not": deep}
    path = house_file(tmp_path, club(checks=[{**SHIPPED["rules"][0]["checks"][0],
                                               "when": {"on": ["divulge"], "if": deep}}]))
    code, out, err = run("laws", "--house", str(path))
    assert code == 2 and "nested deeper than 16 levels" in err and len(err.strip().splitlines()) == 1


def test_a_rule_file_in_rules_cannot_claim_the_clubs_namespace(tmp_path):
    folder = tmp_path / "rules"
    shutil.copytree(rules_dir(), folder)
    (folder / COMPILED_NAME).unlink()
    rule = dict(SHIPPED["rules"][0])
    (folder / "play" / "H1.yaml").write_text(yaml.safe_dump(rule), encoding="utf-8")
    with pytest.raises(RuleFileError, match="belongs in a house file"):
        compile_rules(folder)
    (folder / "play" / "H1.yaml").unlink()
    (folder / "play" / "A9.yaml").write_text(yaml.safe_dump({**rule, "id": "A9"}), encoding="utf-8")
    with pytest.raises(RuleFileError, match="authority"):
        compile_rules(folder)


def _following(rule_id: str, target: str) -> dict:
    """A club rule whose `followed` check follows `target`."""
    rule = copy.deepcopy(SHIPPED["rules"][0])
    rule["id"] = rule_id
    rule["parameters"] = {}
    rule["checks"] = [{"when": {"on": ["followed"]}, "then": [{"follow": target}], "summary": "{actor} again"},
                      {"when": {"on": ["divulge"]}, "then": [{"follow": target}], "summary": "{actor} told"}]
    return rule


@pytest.mark.parametrize("rules, chain", [
    ([_following("H1", "H1")], "H1 follows H1"),
    ([_following("H1", "H2"), _following("H2", "H1")], "H1 follows H2 follows H1"),
    ([_following("H1", "L14"), {**_following("H2", "H1"), "exception_to": "L14"}], "H1 follows H2 follows H1"),
])
def test_a_chain_of_follows_that_never_ends_is_refused_before_play(tmp_path, rules, chain):
    path = house_file(tmp_path, {"name": "loop", "rules": rules})
    code, out, err = run("check", str(CASE), "--house", str(path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert f"rules: {chain}: a chain of follows that never ends" in err, err


def test_a_club_rules_amount_beyond_any_count_of_counters_is_refused_in_words(tmp_path):
    """An amount the rule computes, each number in range, may pass every count of counters:
    the log is refused at that event, never an internal error (SPEC §5)."""
    check = {"when": {"on": ["pass"]}, "then": [{"penalty": {"from": "actor", "to": "pool",
             "amount": {"mul": ["limit"] + [10**6] * 4}}}], "player": "actor", "summary": "{actor} passed"}
    path = house_file(tmp_path, club(checks=[check]))
    log = cases_dir() / "l58-uncalled-raise-wins.json"
    code, out, _ = run("check", str(log), "--house", str(path), "--format", "json")
    error = json.loads(out)["reports"][0]["error"]
    assert code == 2 and "H1's penalty of" in error["message"] and "more than any count of counters" in error["message"]
    assert "internal error" not in error["message"]


@pytest.mark.parametrize("when, then", [
    ({"on": ["draw_for_deal"], "if": {"in_game": "actor"}}, []),
    ({"on": ["draw_for_deal"]}, [{"penalty": {"from": "actor", "to": "pool", "amount": "table_ante"}}]),
], ids=["asks who is in", "moves counters"])
def test_a_club_rule_that_needs_a_game_before_the_first_deal_is_refused_in_words(tmp_path, when, then):
    """The draw for the deal comes before any game: a club's check on it that asks who is in
    the game, or moves counters, has no game to ask of. The log is refused, as an act that
    needs a deal is: never an internal error (SPEC §5: no house file can make a check end in one)."""
    check = {"when": when, "then": then, "player": "actor", "summary": "{actor} drew for the deal"}
    path = house_file(tmp_path, club(checks=[check]))
    log = cases_dir() / "l02-draw-for-deal-ace-lowest.json"
    code, out, _ = run("check", str(log), "--house", str(path), "--format", "json")
    error = json.loads(out)["reports"][0]["error"]
    assert code == 2 and error["message"] == "event 0 (draw_for_deal by Ann): no deal has begun: a deal event must come first"


def test_the_words_for_the_phases_name_every_phase_and_no_other():
    """The HTML report and the live table each have words of their own for the phases:
    one for each phase of `PHASES`, so that a phase added to the vocabulary is told."""
    from arbiter.live.position import PHASE_WORDS as TABLE_WORDS
    from arbiter.render.html import PHASE_WORDS as PAGE_WORDS

    assert sorted(TABLE_WORDS) == sorted(PAGE_WORDS) == sorted(PHASES)


def test_a_bare_on_which_yaml_reads_as_true_is_refused_saying_to_quote_it(tmp_path, rulebook):
    """rules/README.md writes "on" in quotes: YAML reads a bare `on:` as the key true, and
    the one line that refuses it says what to write."""
    text = shipped_house_files()[HOUSE].read_text(encoding="utf-8").replace('"on":', "on:")
    assert "\n          on: [" in text
    path = tmp_path / "bare.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(HouseRulesError, match='write "on" in quotes'):
        apply_house(rulebook, read_house(str(path)))


UNCALLED = "Cat opens 2; Dan passes; Ann passes; Bob passes\n"
SHARED = ("Cat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 0; Dan discards 0\nCat plays 2; Dan plays 2\n"
          "Cat shows (Kc Kd 7c 7d 2h)\nDan shows (Kh Ks 7h 7s 2c)\n")


@pytest.mark.parametrize("fact, played", [
    ("won_uncalled", UNCALLED), ("winner_decided", UNCALLED), ("pool_shared", SHARED), ("game_in_play", UNCALLED),
    ({"not": "pool_taken"}, UNCALLED), ("show_for_sum", "l60-show-for-a-sum-best-hand")])
def test_a_club_rule_at_the_moment_the_pool_is_about_to_be_paid_knows_how_it_was_won(rulebook, fact, played):
    """`game_won` is "the pool is about to be paid": a club's rule there asking how it is won
    (an uncalled bet, equal hands, a show for a sum) never held, the way being set only after
    it; and the game was over already, its pool taken, where an uncalled bet won it."""
    from arbiter.notation import parse_checked
    from arbiter.rulebook.house import house_data

    rule = {**SHIPPED["rules"][0], "checks": [{
        "when": {"on": ["game_won"], "if": fact}, "then": [{"penalty": {"from": "dealer", "to": "pool", "amount": 1}}],
        "player": "dealer", "summary": "{dealer} pays a counter to the pool"}]}
    book = apply_house(rulebook, house_data({"name": "tips", "rules": [rule]}, "tips.yaml"))
    head = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
    log = parse_checked(head + played, "x.hand")[0] if "\n" in played else load_case(cases_dir() / f"{played}.json")
    found = [(f["id"], f["player"]) for f in check_log(log, rulebook=book)["findings"]]
    assert ("H1", "Ann") in found, found


def test_next_withholds_no_act_for_a_club_finding_that_falls_on_another(rulebook):
    """SPEC 28: a club's rule that fines an early sayer when his turn comes (Dan opened before
    Cat) falls on Dan at Cat's play, which is regular: `next` offered Cat only a pass, reading
    any club finding at the act as forbidding it."""
    from arbiter import next_acts
    from arbiter.notation import parse_checked
    from arbiter.rulebook.house import house_data

    rule = {**SHIPPED["rules"][0], "checks": [{
        "when": {"on": ["turn_comes"]}, "then": [{"penalty": {"from": "actor", "to": "pool", "amount": 1}}],
        "player": "actor", "summary": "{actor} pays 1"}]}
    house = house_data({"name": "early", "rules": [rule]}, "early.yaml")
    text = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nDan opens 2\n"
    answer = next_acts(parse_checked(text, "x.hand")[0], house)
    assert answer["player"] == "Cat" and {"type": "play", "minimum": 2, "maximum": 22} in answer["acts"], answer


def test_a_stake_given_back_leaves_all_he_has_short_of_the_stake_raising_no_one(rulebook):
    """A club cuts each stake back to double the ante when the say closes; Ann's 10 with 6
    on the table was all she has short of the 10 to meet, a show for 6 raising no one (A5,
    L61). Once the others' 10s were cut to 2 the highest was reckoned as her 6: the three
    were held to make it good at the draw (L36), and `next` offered a bet of 6 to 26."""
    from arbiter import next_acts
    from arbiter.notation import parse_checked
    from arbiter.rulebook.house import house_data

    rule = {**SHIPPED["rules"][0], "severity": "ruling", "checks": [{
        "when": {"on": ["say_closed"], "for_each": "players",
                 "if": {"all": [{"not": {"shows_for_a_sum": "each"}}, {"gt": [{"stake_of": "each"}, 2]}]}},
        "then": [{"return_stake": {"player": "each", "amount": {"sub": [{"stake_of": "each"}, 2]}}}],
        "player": "each", "summary": "{each}'s stake is cut back to 2"}]}
    house = house_data({"name": "cap", "parameters": {"table_stakes": True}, "rules": [rule]}, "cap.yaml")
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 6, Bob 100, Cat 100, Dan 100\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 10; Ann plays 10; "
            "Bob plays 10\n")
    drawn = text + "".join(f"{p} discards 1; {p} gets 1\n" for p in ("Bob", "Cat", "Dan", "Ann"))
    assert next_acts(parse_checked(text, "x.hand")[0], house)["acts"][0]["type"] == "discard"  # no make-good
    answer = next_acts(parse_checked(drawn, "x.hand")[0], house)
    assert answer["player"] == "Cat" and {"type": "play", "minimum": 2, "maximum": 22} in answer["acts"], answer
    report = check_log(parse_checked(drawn, "x.hand")[0], apply_house(rulebook, house))
    assert [f["id"] for f in report["findings"]] == ["A5", "H1", "H1"]  # no L36


def test_a_win_recorded_in_a_game_the_next_deal_cuts_off_leaves_it_cut_off(rulebook):
    """A `win` changes nothing (reading 25): recorded before the next deal cut off a jack-pot
    opened without the openers, it kept D6 from ruling (the next game was an ordinary one), and
    a club's rule on `cut_off` from acting."""
    case = load_case(cases_dir() / "d6-a-jack-pot-opened-without-the-openers-and-cut-off-is-followed-by-the-next-jack-pot.json")
    events = case["events"]
    log = {**case, "events": [*events[:-1], {"type": "win", "player": "Dan"}, events[-1]]}
    report = check_log(log, rulebook)
    assert [(f["id"], f["event"]) for f in report["findings"]][-2:] == [("D6", 21), ("A3", 21)]
    assert report["games"][1]["next"]["jackpot"] == {"number": 2, "openers": "QQ"}


@pytest.mark.parametrize("back, say, player, least, most", [
    # Bob's early 10 cut to 4: Cat's 6, a raise in turn under his early stake, is the highest (D1 ruled Ann's 16)
    (6, "Bob discards 0; Cat discards 0; Ann discards 0\nBob plays 10; Cat plays 6; Bob divulges", "Ann", 6, 16),
    # Cat's 6 cut to 3: the stake to meet falls with it (L54 ruled Ann's 3, she retired)
    (3, "Bob discards 0; Cat discards 0; Ann discards 0\nCat plays 6; Cat divulges", "Ann", 3, 13),
    # the same under Bob's early 10, which binds Ann only from his turn (SPEC 24): her least was 6
    (3, "Bob discards 0; Cat discards 0; Ann discards 0\nBob plays 10; Cat plays 6; Cat divulges", "Ann", 3, 20),
    # Cat's own 5 made in turn, then 9 early, cut to 7: her 5 is still the stake to meet (it fell to Bob's 2)
    (2, "Bob discards 0; Cat discards 0; Ann discards 0\nCat plays 5; Cat plays 9; Cat divulges", "Ann", 5, 17),
])
def test_a_stake_given_back_in_the_betting_leaves_the_stakes_as_they_stand(rulebook, back, say, player, least, most):
    """A club gives a player counters back as the betting goes on (here when he tells a
    card): the highest stake is the highest of the raises as they now stand, an in-turn raise
    under an early stake among them, and the stake to meet falls where it was his."""
    from arbiter import next_acts
    from arbiter.notation import parse_checked
    from arbiter.rulebook.house import house_data

    rule = {**SHIPPED["rules"][0], "severity": "ruling", "checks": [{
        "when": {"on": ["divulge"], "if": {"in_game": "actor"}},
        "then": [{"return_stake": {"player": "actor", "amount": back}}],
        "player": "actor", "summary": "{actor} is given counters back"}]}
    house = house_data({"name": "back", "rules": [rule]}, "back.yaml")
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            f"Cat opens 2; Ann plays 2; Bob plays 2\n{say}\n")
    answer = next_acts(parse_checked(text, "x.hand")[0], house)
    assert answer["player"] == player and {"type": "play", "minimum": least, "maximum": most} in answer["acts"]
    for stake in (least, most):
        log = parse_checked(text + f"{player} plays {stake}\n", "x.hand")[0]
        last = len(log["events"]) - 1
        assert not [f for f in check_log(log, apply_house(rulebook, house))["findings"] if f["event"] == last]


def test_a_draw_a_club_rule_forfeits_is_had_and_a_discard_after_it_is_law_35s(rulebook):
    """SPEC 10, 28: a club's rule that takes the dealer's draw from him as the say closes:
    `next` still offered his draw, L38 ruled it forfeited again when the betting began,
    and his discard was taken as his draw."""
    from arbiter import next_acts
    from arbiter.checker import check_log
    from arbiter.notation import parse_checked
    from arbiter.rulebook.house import house_data

    rule = {**SHIPPED["rules"][0], "checks": [{
        "when": {"on": ["say_closed"], "if": {"in_game": "dealer"}}, "then": [{"forfeit_draw": "dealer"}],
        "player": "dealer", "summary": "{dealer} forfeits the draw"}]}
    house = house_data({"name": "no-dealer-draw", "rules": [rule]}, "x.yaml")
    played = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
              "Cat opens 2; Dan plays 2; Ann plays 2; Bob passes\nCat discards 1; Cat gets 1; Dan discards 0\n")
    answer = next_acts(parse_checked(played, "x.hand")[0], house)
    assert (answer["phase"], answer["player"]) == ("betting", "Cat"), answer
    book = apply_house(rulebook, house)
    report = check_log(parse_checked(played + "Ann discards 2; Ann gets 2\nCat plays 2\n", "x.hand")[0], rulebook=book)
    assert [(f["id"], f["event"]) for f in report["findings"]] == [("H1", 8), ("L35", 12), ("L35", 13)], report


def test_arbiter_evidence_follows_a_clubs_own_order_of_evidence_as_check_does(tmp_path):
    """A club's rule that defines the order of evidence and is an exception to law 46:
    `check` took Dan's word (the dealer's right), `arbiter evidence --house` Bob's (law 46's
    order), the command asking for the first rule defining it, law 46."""
    rule = {**SHIPPED["rules"][0], "enforced_by": "procedure", "exception_to": ["L46"], "checks": [],
            "defines": {"evidence": {
                "candidates": [{"right_of": "dealer"}, {"left_of": "dealer"}, {"going_left_from": "disputant"},
                               "disputant"],
                "pass_over": [{"reason": "disputant", "if": {"eq": ["candidate", "disputant"]}},
                              {"reason": "dealer", "if": {"eq": ["candidate", "dealer"]}},
                              {"reason": "unable", "if": {"in": ["candidate", "event.unable"]}}]}}}
    path = house_file(tmp_path, {"name": "right-first", "rules": [rule]})
    code, out, _ = run("evidence", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann", "--disputant", "Cat",
                       "--house", str(path))
    assert code == 0 and out.startswith("The witness is Dan (H1)."), out


def test_the_tables_evidence_follows_a_clubs_order_whose_condition_holds_in_the_game(tmp_path):
    """The table's `evidence` walks the order the replay takes for the game in play: a club's
    order under a condition (table stakes) named Dan in `next` and Bob in `evidence`."""
    from click.testing import CliRunner

    from arbiter.cli import cli

    rule = {**SHIPPED["rules"][0], "enforced_by": "procedure", "exception_to": ["L46"], "checks": [],
            "defines": {"evidence": {
                "if": {"param": "table_stakes"},
                "candidates": [{"right_of": "dealer"}, {"left_of": "dealer"}, {"going_left_from": "disputant"},
                               "disputant"],
                "pass_over": [{"reason": "disputant", "if": {"eq": ["candidate", "disputant"]}},
                              {"reason": "dealer", "if": {"eq": ["candidate", "dealer"]}},
                              {"reason": "unable", "if": {"in": ["candidate", "event.unable"]}}]}}}
    house_file(tmp_path, {"name": "right-first", "parameters": {"table_stakes": True}, "rules": [rule]})
    log = tmp_path / "night.hand"
    log.write_text("players Ann Bob Cat Dan; limit 20; ante 1; house club.yaml; stacks Ann 50, Bob 50, Cat 50, Dan 50\n"
                   "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 2; Ann plays 2; "
                   "Bob plays 2\nBob discards 0; Cat discards 2\nCat claims 3 dealer says 2\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["table", str(log)], input="evidence\nquit\n")
    assert "what number did Dan hear Cat ask for? (L46)" in result.output, result.output
    assert "The witness is Dan (H1)." in result.output, result.output


def test_arbiter_evidence_reads_a_clubs_order_written_as_a_list_of_entries(tmp_path):
    """A setting may be a list of entries (as law 20's `ante_by`); a club's order of evidence
    written so, holding always, made `arbiter evidence` end in an internal error (it read the
    list as one entry), where `check` and the table followed it."""
    order = {"candidates": [{"right_of": "dealer"}, {"left_of": "dealer"}, {"going_left_from": "disputant"},
                            "disputant"],
             "pass_over": [{"reason": "disputant", "if": {"eq": ["candidate", "disputant"]}},
                           {"reason": "dealer", "if": {"eq": ["candidate", "dealer"]}},
                           {"reason": "unable", "if": {"in": ["candidate", "event.unable"]}}]}
    rule = {**SHIPPED["rules"][0], "enforced_by": "procedure", "exception_to": ["L46"], "checks": [],
            "defines": {"evidence": [order]}}
    path = house_file(tmp_path, {"name": "right-first", "rules": [rule]})
    code, out, err = run("evidence", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann", "--disputant", "Cat",
                         "--house", str(path))
    assert code == 0 and out.startswith("The witness is Dan (H1)."), (out, err)


@pytest.mark.parametrize("exception_to, defines", [
    ("L34", {"draw_order": {"first": {"value": "dealer"}, "last": {"value": {"right_of": "dealer"}}}}),
    ("L17", {"deal_complete": {"cards_each": {"value": 5}}}),
    ("A4", {"share_odd_counters": {"from": {"value": "dealer"}}}),
    ("L25", {"opening_base": {"value": {"value": "ante"}}}),
])
def test_a_value_written_value_of_x_names_x_in_every_field_of_a_setting(tmp_path, exception_to, defines):
    """`{value: X}` names what X names, in an order's first and last, the cards each, whom
    odd counters go from and what the opening is reckoned on, as in ante_by: once a setting
    held its closures, only the person settings unwrapped it, and the rest ended a check in
    an internal error (ValueError: unknown value)."""
    path = house_file(tmp_path, club(checks=[], exception_to=[exception_to], defines=defines))
    code, out, err = run("check", str(CASE), "--house", str(path))
    assert code in (0, 1) and "internal error" not in out + err, out + err


@pytest.mark.parametrize("exception_to, refused", [([], True), (["L46"], False)])
def test_a_clubs_setting_a_law_sets_always_is_refused_unless_it_is_an_exception_to_it(tmp_path, exception_to,
                                                                                       refused):
    """Without `exception_to: L46`, a club's order of evidence was accepted by `house check`
    and never applied: law 46 sets the order always and is read first. Refused now, saying
    the exception that would make it apply; with it, the club's order is the witness."""
    order = {"candidates": [{"right_of": "dealer"}, "disputant"],
             "pass_over": [{"reason": "disputant", "if": {"eq": ["candidate", "disputant"]}}]}
    rule = {**SHIPPED["rules"][0], "enforced_by": "procedure", "exception_to": exception_to, "checks": [],
            "defines": {"evidence": order}}
    path = house_file(tmp_path, {"name": "right-first", "rules": [rule]})
    code, out, err = run("evidence", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann", "--disputant", "Cat",
                         "--house", str(path))
    if refused:
        assert code == 2 and "rules/H1/defines/evidence: could never apply: L46 sets evidence (whose evidence " \
            "decides a dispute over the cards demanded) always, and is read first" in err \
            and "`exception_to: [L46]`" in err, err
    else:
        assert code == 0 and out.startswith("The witness is Dan (H1)."), (out, err)


@pytest.mark.parametrize("defines, exception_to, refused", [
    # L53 sets it always and A1, an exception to L53, in a jack-pot: one or the other is read in every game
    ({"bet_order": {"first": {"right_of": "dealer"}}}, [], "L53 sets bet_order (the order of betting after the "
     "draw) always, and A1 where its condition holds, and is read first"),
    ({"bet_order": {"first": {"right_of": "dealer"}}}, ["L53"], None),  # read in the ordinary games
    # the refund's law: L14 always, L16 where a foul hand's refund is in a jack-pot
    ({"ledger_rule": {"what": "refund"}}, [], "L14 sets ledger_rule (which movements of counters this law "
     "makes) always, and L16 where its condition holds"),
    ({"ledger_rule": {"what": "penalty"}}, [], "L33 sets ledger_rule"),  # keyed: the penalty's law, not the refund's
    ({"show_order": {"first": {"right_of": "dealer"}}}, [], None),  # L59's and A2's each under a condition
])
def test_a_clubs_setting_is_refused_where_no_way_the_conditions_fall_reads_it(tmp_path, defines, exception_to,
                                                                              refused):
    """The refusal asks, as the replay reads a setting, whether any way the conditions of
    the rules defining it fall leaves the club's read: A1 is an exception to L53 only in a
    jack-pot, and law 53 is read in every other game, so a club's order of betting without
    `exception_to: L53` was accepted and never read."""
    rule = {**SHIPPED["rules"][0], "enforced_by": "procedure", "exception_to": exception_to, "checks": [],
            "defines": defines}
    path = house_file(tmp_path, {"name": "orders", "rules": [rule]})
    code, out, err = run("house", "check", str(path))
    if refused:
        assert code == 2 and f"could never apply: {refused}" in err, err
    else:
        assert code == 0, err


def test_a_clubs_setting_another_club_rule_always_sets_aside_is_refused_naming_that_rule(tmp_path):
    """H2, an exception to H1 holding always, leaves H1's order never read: the refusal
    named L53 and offered `exception_to: [L53]`, which H1 had already."""
    order = {"first": {"right_of": "dealer"}}
    first = {**SHIPPED["rules"][0], "enforced_by": "procedure", "exception_to": ["L53"], "checks": [],
             "defines": {"bet_order": order}}
    second = {**first, "id": "H2", "exception_to": ["H1", "L53"], "defines": {"bet_order": {"first": "dealer"}},
              "parameters": {}}
    rules = json.loads(json.dumps([first, second]))  # two copies, not one written twice (no YAML alias)
    code, _, err = run("house", "check", str(house_file(tmp_path, {"name": "orders", "rules": rules})))
    assert code == 2 and err.endswith("rules/H1/defines/bet_order: could never apply: H2, an exception to H1, sets "
                                      "bet_order (the order of betting after the draw) always\n"), err


def test_a_club_rule_that_sets_an_order_may_be_switched_off_the_laws_orders_stay(tmp_path):
    """`disable: [H1]` of a club rule setting the order of betting was refused, "without which
    some game could not be ruled on": laws 53 and A1 still set it."""
    rule = {**SHIPPED["rules"][0], "enforced_by": "procedure", "exception_to": ["L53"], "checks": [],
            "defines": {"bet_order": {"first": {"right_of": "dealer"}}}}
    code, _, err = run("house", "check", str(house_file(tmp_path, {"name": "orders", "rules": [rule],
                                                                    "disable": ["H1"]})))
    assert code == 0, err


def test_a_club_rules_own_defaults_that_disagree_under_with_are_its_fault(tmp_path):
    """The club declares a fine that goes with a flag, and defaults that disagree: the
    message blamed `parameters/fines_on`, a line the file does not have, and said "set both"."""
    rule = {**SHIPPED["rules"][0], "parameters": {
        **SHIPPED["rules"][0]["parameters"], "fines_on": {"default": True, "type": "boolean"},
        "fine_amount": {"default": 0, "type": "whole_number", "minimum": 0, "maximum": 5, "with": {"fines_on": 2}}}}
    code, _, err = run("house", "check", str(house_file(tmp_path, {"name": "fines", "rules": [rule]})))
    assert code == 2 and err.endswith("rules/H1/parameters/fine_amount: its default 0 does not agree with "
                                      "fines_on's, true: H1 has fine_amount 2 where fines_on is true\n"), err


def test_club_rules_that_are_exceptions_to_one_another_are_refused(tmp_path):
    """Two club fines for one misdeal, each an exception to the other: `house check` read
    the file cleanly, and where both held each set the other aside: neither fined anyone."""
    first = {**SHIPPED["rules"][0], "exception_to": ["H2"]}
    second = {**first, "id": "H2", "exception_to": ["H1"], "parameters": {}}
    rules = json.loads(json.dumps([first, second]))  # two copies, not one written twice (no YAML alias)
    code, _, err = run("house", "check", str(house_file(tmp_path, {"name": "fines", "rules": rules})))
    assert code == 2 and err.endswith("rules: H1 and H2 are exceptions to one another (H1 to H2 to H1): where they "
                                      "hold together each sets the next aside, and none applies\n"), err


@pytest.mark.parametrize("fmt, said", [("markdown", "**Example:** none (its house file names no case)."),
                                       ("html", "None: its house file names no case.")])
def test_a_club_rule_without_a_case_is_not_said_to_be_one_no_log_can_show(tmp_path, fmt, said):
    """The rule book said of a club rule whose house file names no case "no hand log can
    show this rule", which is said of the laws no log can show (L81's), not of a rule with
    checks that a log shows."""
    path = house_file(tmp_path, club(cases=[]))
    code, out, _ = run("rulebook", "--house", str(path), "--format", fmt)
    assert code == 0 and said in out


@pytest.mark.parametrize("exception_to, defines, text, law, named", [
    (["L4", "L41"], {"cut_by": {"left_of": "dealer"}},
     "players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1; dealt\n",
     "L4", "by the rules in force the cut of Ann's pack belongs to Bob"),
    (["L18"], {"next_dealer": {"right_of": "dealer"}},
     "players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1; dealt\n"
     "Cat passes; Dan passes; Ann passes; Bob passes\nBob draws for deal 2c\n",
     "L18", "the deal passes as the rules in force pass it"),
])
def test_a_finding_under_a_clubs_setting_names_no_place_the_laws_default_gives(tmp_path, exception_to, defines,
                                                                                text, law, named):
    """Item 26: a finding's words name what is in force. Where a club's rule sets who cuts
    or who deals next, law 4's finding said the cut "belongs to Bob, on the right of the
    dealer" of the player on the dealer's left, and law 18's that the deal passes to the left."""
    house = house_file(tmp_path, club(checks=[], exception_to=exception_to, defines=defines))
    log = tmp_path / "night.hand"
    log.write_text(text, encoding="utf-8")
    code, out, err = run("check", str(log), "--house", str(house), "--format", "json")
    found = [f["summary"] for f in json.loads(out)["reports"][0]["findings"] if f["id"] == law]
    assert found and named in found[0] and "right of" not in found[0] and "to the left" not in found[0], found


def test_a_clubs_order_of_the_deal_naming_no_one_first_is_said_in_one_line(tmp_path, rulebook):
    """A club's `deal_order: {first: opener}` names no one while the cards come (no one has
    opened): a hand's share of the deal so far cannot be reckoned, and the check says so,
    as it does of an order of betting naming no one; it ended in an internal error (KeyError)."""
    path = house_file(tmp_path, club(checks=[], exception_to=["L7"], defines={"deal_order": {"first": "opener"}}))
    case = cases_dir() / "l12-wrong-count-announced-while-the-deal-goes-on-about-a-hand-still-being-dealt.json"
    report = check_file(case, apply_house(rulebook, read_house(str(path))))
    assert report["status"] == "invalid"
    assert "the order of the deal in force names no player to be dealt first" in report["error"]["message"]


def test_a_clubs_next_dealer_naming_no_one_is_said_in_one_line(tmp_path, rulebook):
    """A club's `next_dealer: {value: last_to_equal}` names no one where no stake made the
    stakes equal: the game's next dealer was null, against the report's schema, and the
    HTML report ended in an internal error (AttributeError); the check says so now."""
    path = house_file(tmp_path, club(checks=[], exception_to=["L18"],
                                     defines={"next_dealer": {"value": "last_to_equal"}}))
    report = check_file(cases_dir() / "l13-foul-hand-lifted.json", apply_house(rulebook, read_house(str(path))))
    assert report["status"] == "invalid"
    assert "the rule in force for who deals the next game names no player" in report["error"]["message"]


@pytest.mark.parametrize("table, said", [({}, "Cat opened with a stack of unknown"),
                                         ({"stacks": {"Ann": 20, "Bob": 20, "Cat": 20, "Dan": 20}},
                                          "Cat opened with a stack of 20")])
def test_a_number_a_summary_says_is_unknown_where_the_log_does_not_say_it(tmp_path, rulebook, table, said):
    """`{stack_of_actor}` without the players' stacks (vocabulary.md: "else unknown") was
    said "no one", as a person who is none is."""
    check = {"when": {"on": ["open"]}, "then": [], "player": "actor",
             "summary": "{actor} opened with a stack of {stack_of_actor}"}
    path = house_file(tmp_path, club(checks=[check]))
    log = json.loads((cases_dir() / "l13-foul-hand-lifted.json").read_text(encoding="utf-8"))
    log["table"].update(table)
    report = check_log(log, rulebook=apply_house(rulebook, read_house(str(path))))
    assert [f["summary"] for f in report["findings"] if f["id"] == "H1"] == [said]


def test_a_club_rule_asked_for_without_its_house_file_says_where_it_is_listed():
    """`law H1` without the house file: "`arbiter laws` lists them all", where they do not list
    a club's rule; and with it, the JSON linked the club's rule to Peel's book."""
    code, _, err = run("law", "H1")
    assert code == 2 and err == ("arbiter: no rule 'H1': `arbiter laws --house FILE` lists a club's own rules, H1, "
                                 "H2 …, with the laws\n")
    code, out, _ = run("law", "H1", "--house", "jacks-to-open", "--format", "json")
    assert code == 0 and json.loads(out)["link"] is None
    code, _, err = run("law", "H1", "--house", "blaze")  # a house given, which declares no club rule
    assert code == 2 and err == ("arbiter: no rule 'H1': the house rules blaze declare no such club rule "
                                 "(`arbiter laws --house FILE` lists them)\n")
    code, out, _ = run("law", "L30", "--house", "jacks-to-open", "--format", "json")
    assert json.loads(out)["link"].startswith("https://www.gutenberg.org/")


@pytest.mark.parametrize("rule_id, linked", [("A1", False), ("A5", False), ("D1", True), ("L1", True)])
def test_only_a_rule_of_peels_book_links_it(rule_id, linked):
    """The arbiter's own rules (A1 …) are "marked as not Peel's" (SPEC §1), with no page of
    his: their JSON linked his book as a law's does."""
    code, out, _ = run("law", rule_id, "--format", "json")
    assert code == 0 and (json.loads(out)["link"] is not None) == linked


@pytest.mark.parametrize("shows, winners", [
    ("Cat shows (Th Td Ts 9c 5s) original (Th Td 9c 5s 2c)\nDan shows (Qh Qd 8c 7s 4d)\n", []),
    # named after the pool was taken at the last show: too late to change who took it (H1's reading)
    ("Cat shows (Th Td Ts 9c 5s)\nDan shows (Qh Qd 8c 7s 4d)\n"
     "Cat shows (Th Td Ts 9c 5s) original (Th Td 9c 5s 2c)\n", ["Cat"])])
def test_jacks_to_open_judges_the_openers_hand_as_known_when_the_pool_is_taken(shows, winners):
    """jacks-to-open's H1 reading: the opener's original hand, known when the pool is taken
    (his first show naming it), keeps a winner without knaves from claiming it; named only
    after the last show due, it comes too late: unlike a jack-pot's opener (law 33), he is not
    asked for it before the pool is paid."""
    from arbiter.notation import parse_checked

    log = parse_checked("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                        "dealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
                        "Cat discards 1; Cat asks 1; Cat gets 1\nDan discards 1; Dan asks 1; Dan gets 1\n"
                        "Cat plays 2; Dan plays 2\n" + shows, "x.hand")[0]
    report = check_log(log, apply_house(load_rulebook(), read_house("jacks-to-open")))
    assert report["games"][0]["winners"] == winners
    assert ("H1" in [f["id"] for f in report["findings"]]) == (not winners)


def test_no_jackpots_under_every_player_antes_returns_each_ante(tmp_path, rulebook):
    """A club's whole agreement: no jack-pots (H1: "the ante and straddles shall be returned")
    with every player anteing (A1). The antes are no one's stake, and H1 gave back stakes
    only: the four antes stayed in the pool and carried over, against its words."""
    data = yaml.safe_load(shipped_house_files()["no-jackpots"].read_text(encoding="utf-8"))
    data["parameters"] = {"ante_from_every_player": True}
    housed = apply_house(rulebook, read_house(str(house_file(tmp_path, data))))
    text = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts\n"
            "Bob antes 1; Cat antes 1; Dan antes 1; Ann antes 1\ndealt\n"
            "Bob passes; Cat passes; Dan passes; Ann passes\nBob deals\n")
    report = check_log(parse_checked(text, "x.hand")[0], housed)
    assert [(f["id"], f["player"]) for f in report["findings"]] == [("H1", p) for p in ("Bob", "Cat", "Dan", "Ann")]
    assert all("ante of 1 is returned" in f["summary"] for f in report["findings"])
    assert report["games"][0]["pool"] == 0 and set(report["net"].values()) == {0}
    assert report["games"][0]["next"] == {"dealer": "Bob", "jackpot": None}
