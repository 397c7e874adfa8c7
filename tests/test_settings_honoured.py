"""What the rule files say, the engine does: every setting a rule file defines and every
parameter it declares is read, and changes what the arbiter decides. Beside the test
that every word of the vocabulary is implemented (test_rulebook.py).

Each setting is taken out of the rule book in turn, and the shipped cases replayed: some
report must change (or the replay must refuse the log, having nothing to go on).
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from arbiter import hands
from arbiter.checker import check_log
from arbiter.cli import cli
from arbiter.resources import cases_dir
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.model import Rulebook, hand_rules, rule_from_dict
from tests.conftest import case_files, load_case

BOOK = load_rulebook()
SETTINGS = sorted({name for rule in BOOK.rules.values() for name in rule.defines})
# Settings read outside the replay, by a command answering from the same data.
READ_BY_COMMANDS = {"referee": ["referee", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann",
                                "--disputants", "Bob,Ann", "--format", "json"]}


def without(setting: str) -> Rulebook:
    rules = {rid: rule_from_dict({**rule.to_dict(), "defines": {k: v for k, v in rule.defines.items() if k != setting}},
                                 rule.file)
             for rid, rule in BOOK.rules.items()}
    return replace(BOOK, rules=rules)


# The shipped cases, those played under a house file too (the only ones giving the players' stacks).
CASES = [*case_files(), *sorted((cases_dir() / "house").glob("*.json"))]


def reports(rulebook: Rulebook) -> list[str]:
    out = []
    for path in CASES:
        log = load_case(path)
        log.pop("meta")
        report = check_log(log, rulebook)
        out.append(json.dumps([report["status"], report["findings"], report["ledger"], report["games"],
                               report["error"] and report["error"]["message"]], sort_keys=True))
    return out


@pytest.fixture(scope="module")
def as_shipped() -> list[str]:
    return reports(BOOK)


# Settings the engine reads to answer whose turn it is, which `arbiter table` asks.
READ_BY_TURNS = {"show_order"}


@pytest.mark.parametrize("setting", [s for s in SETTINGS if s not in set(READ_BY_COMMANDS) | READ_BY_TURNS])
def test_taking_a_setting_out_changes_some_decision(setting, as_shipped):
    assert reports(without(setting)) != as_shipped, f"nothing reads `{setting}`"


@pytest.mark.parametrize("setting", sorted(READ_BY_COMMANDS))
def test_a_setting_read_by_a_command_changes_its_answer(setting, monkeypatch):
    from click.testing import CliRunner

    import arbiter.cli.disputes as disputes

    shipped = CliRunner().invoke(cli, READ_BY_COMMANDS[setting])
    monkeypatch.setattr(disputes, "build_rulebook", lambda house: without(setting))
    changed = CliRunner().invoke(cli, READ_BY_COMMANDS[setting])
    assert (shipped.exit_code, shipped.output) != (changed.exit_code, changed.output)


def test_the_show_order_decides_whose_hand_is_due():
    from arbiter.engine.replay import Replay
    from arbiter.live.position import read_position

    game = """players Ann Bob Cat; limit 10; ante 1
Ann deals; Ann shuffles; Cat cuts; Bob antes 1
dealt Bob 5, Cat 5, Ann 5
Cat opens 2; Ann plays 2; Bob plays 2
Bob discards 0; Cat discards 0; Ann discards 0
Cat plays 4; Ann plays 4; Bob plays 4
"""
    due = [read_position(game, "g.hand", Replay.compile(book)).replay.board.turns.show_due()
           for book in (BOOK, without("show_order"))]
    assert due[0] == ["Cat", "Ann", "Bob"] and due[1] != due[0]


def test_every_parameter_is_read():
    """A parameter changed by a house file changes some decision or the value of some hand;
    the evaluator's are those `hand_rules` hands to arbiter/hands.py."""
    read: set[str] = set()

    class Recording(dict):
        def __getitem__(self, name):
            read.add(name)
            return super().__getitem__(name)

    hand_rules(Recording(BOOK.parameters), BOOK.hands)
    declared = {name for rule in BOOK.rules.values() for name in rule.parameters}
    evaluator_reads = {name for rule in BOOK.rules.values() if rule.evaluator for name in rule.evaluator.get("reads", ())}
    assert evaluator_reads <= read, "an evaluator block's `reads` names only what hand_rules reads"
    assert read <= declared
    assert isinstance(hand_rules(BOOK.parameters, BOOK.hands), hands.HandRules)


def test_every_hand_an_evaluator_block_names_is_one_the_evaluator_knows():
    for rule in BOOK.rules.values():
        named = (rule.evaluator or {}).get("hands", "all")
        if named != "all":
            assert set(named) <= set(hands.CLASS_NAMES), rule.id


# A valid value other than Peel's for each parameter a rule file declares.
OTHER_VALUES = {
    "cards_per_hand": 4, "pack_size": 32, "joker": True,
    "max_ante_fraction_of_limit": 0.25, "max_straddle_fraction_of_limit": 0.25,
    "opening_multiple_of_ante": 3, "false_opener_penalty_antes": 3,
    "first_straddle_multiple_of_ante": 3, "straddle_increase_antes": 2,
    "jackpot_openers": ["QQ", "KK"], "jackpot_series_after_last": "stay",
    "hand_order": ["fours", "sequence_flush", "full", "flush", "sequence", "threes", "two_pairs", "pair",
                   "high_card"],
    "ace_in_sequences": "low_or_high", "hearts_break_ties": False, "two_pairs_odd_card_decides": True,
    "ante_from_every_player": True, "table_stakes": True, "limit_multiple_after_draw": 2,
    "wild_cards": ["2c", "2d", "2h", "2s"],
}


def test_every_parameter_has_another_value_to_try():
    assert set(OTHER_VALUES) == set(BOOK.parameters)


@pytest.mark.parametrize("name", sorted(OTHER_VALUES))
def test_changing_a_parameter_changes_some_decision(name, as_shipped):
    changed = replace(BOOK, parameters={**BOOK.parameters, name: OTHER_VALUES[name]})
    assert reports(changed) != as_shipped, f"nothing reads `{name}`"
