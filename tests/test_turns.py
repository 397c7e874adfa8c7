"""Whose turn it is: one model (engine/turns.py) for the say and the betting, asked by the
engine's judgements and by `arbiter table`'s "next" alike.

The readings (cases/README.md 18 and 20): an act out of turn is one finding, the actor's;
it stands and does not move the turn; the players it jumped act in their turn with no
finding; the early actor's turn passes without an act if his stake meets the preceding
in-turn stake, and from then his stake binds those after him.
"""

from __future__ import annotations

import pytest

from arbiter.engine.replay import Replay
from arbiter.errors import LogError
from arbiter.live.position import next_to_act, read_position
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.vocabulary.board import ROUNDS

HEAD = """players Ann Bob Cat; limit 10; ante 1
Ann deals; Ann shuffles; Cat cuts; Bob antes 1
dealt Bob (Kc Kd 7h 5s 2c), Cat (Qc Qd 9h 6s 3c), Ann (Ac Ad 8h 4s 3d)
Cat opens 2; Ann plays 2; Bob plays 2
Bob discards 0; Cat discards 0; Ann discards 0
"""


@pytest.fixture(scope="module")
def rules():
    return Replay.compile(load_rulebook())


def position_after(text: str, rules):
    return read_position(text, "t.hand", rules)


def test_the_issue_example_rules_only_the_one_who_bet_out_of_turn(rules):
    """The issue's table: Ann bets before Cat; Cat and Bob then bet in their turn."""
    position = position_after(HEAD + "Ann plays 4; Cat plays 4; Bob plays 4\n", rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L53", "Ann")]
    assert position.replay.board.game.phase == "show"  # the bets equal, every player has acted


def test_after_a_bet_out_of_turn_the_turn_stays_with_the_one_jumped(rules):
    position = position_after(HEAD + "Ann plays 4\n", rules)
    assert position.replay.board.turns.chain() == ["Cat"]
    assert next_to_act(position).startswith("Cat to bet")


def test_when_the_turn_reaches_the_early_bettor_he_may_act_again_or_the_next_may_bet(rules):
    position = position_after(HEAD + "Ann plays 4; Cat plays 4\n", rules)
    assert position.replay.board.turns.chain() == ["Ann", "Bob"]
    said = next_to_act(position)
    assert said.startswith("Ann may bet again") and "or Bob to bet" in said


def test_the_early_bettor_raising_at_his_own_turn_is_no_finding(rules):
    position = position_after(HEAD + "Ann plays 4; Cat plays 4; Ann plays 6\n", rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L53", "Ann")]
    assert position.replay.board.turns.chain() == ["Bob"]
    assert position.replay.board.game.preceding == 6


def test_a_short_early_stake_must_be_made_good_at_its_turn(rules):
    """Ann bet 4 early; Cat raises to 6 in turn: Ann's 4 no longer meets it, so the turn is hers
    alone, and Bob betting then is out of turn."""
    position = position_after(HEAD + "Ann plays 4; Cat plays 6\n", rules)
    assert position.replay.board.turns.chain() == ["Ann"]
    position = position_after(HEAD + "Ann plays 4; Cat plays 6; Bob plays 6\n", rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L53", "Ann"), ("L53", "Bob")]


def test_a_say_out_of_turn_leaves_the_say_with_the_first_yet_to_say(rules):
    head = HEAD.split("Cat opens")[0]
    position = position_after(head + "Ann opens 2\n", rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L25", "Ann")]
    assert next_to_act(position).startswith("Cat's say")
    position = position_after(head + "Ann opens 2; Cat plays 2\n", rules)
    assert position.replay.board.turns.chain() == ["Ann", "Bob"]


def test_the_early_sayers_turn_passes_at_the_draw_and_the_say_closes(rules):
    """Bob, the last to say, said early: once Cat and Ann have said, the say may close when the
    draw begins, with no finding for the draw."""
    head = HEAD.split("Cat opens")[0]
    position = position_after(head + "Bob plays 2; Cat opens 2; Ann plays 2\n", rules)
    assert position.replay.board.turns.chain() == ["Bob"]
    position = position_after(head + "Bob plays 2; Cat opens 2; Ann plays 2; Bob discards 0\n", rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L25", "Bob")]
    assert position.replay.board.game.phase == "draw"


def test_the_show_order_setting_decides_whose_hand_is_due(rules):
    """`show_order` (L59) names who shows first: the left of the player whose stake made the
    bets equal; here Bob's call, so Cat, Ann, Bob."""
    position = position_after(HEAD + "Cat plays 4; Ann plays 4; Bob plays 4\n", rules)
    assert position.replay.board.turns.show_due() == ["Cat", "Ann", "Bob"]
    position = position_after(HEAD + "Cat plays 4; Ann plays 4; Bob plays 4; Cat shows (Qc Qd 9h 6s 3c)\n", rules)
    assert next_to_act(position) == "the hands are shown: Ann shows or passes"
    # a player whose hand is due may pass and give up his claim (SPEC §2's `pass` at the show, L59)
    assert position.answer["player"] == "Ann" and position.answer["acts"] == [{"type": "show"}, {"type": "pass"}]


def test_a_stake_before_the_deal_is_a_say_out_of_turn_that_stands_as_his_stake(rules):
    position = position_after("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; "
                              "Bob antes 1; Cat opens 2; Ann passes\ndealt Bob 5, Cat 5, Ann 5\n", rules)
    assert [(f["id"], f["player"], f["event"]) for f in position.findings] == [("L25", "Cat", 4), ("L25", "Ann", 5)]
    game = position.replay.board.game
    assert position.replay.board.ledger.pool == 3 and game.stakes["Cat"] == 2  # Cat's 2 is his stake (L55)
    assert game.still_in == {"Ann", "Bob", "Cat"}  # Ann's pass without cards is a statement of intent (L57)
    assert game.early == {"Cat"} and game.early_stake("Cat") == 2  # held as early: his stake meets the ante, so his say may pass
    assert position.replay.board.turns.chain() == ["Cat", "Ann"]


def test_one_passed_over_in_the_straddling_may_not_straddle_afterwards(rules):
    """Only No. 1's refusal ends the straddling (reading 8): Eve straddles past Dan, who
    then straddles out of turn."""
    head = "players Ann Bob Cat Dan Eve; limit 20; ante 1\nAnn deals; Ann shuffles; Eve cuts; Bob antes 1\n"
    position = position_after(head + "Cat straddles 2; Eve straddles 3\n", rules)
    assert position.findings == []
    position = position_after(head + "Cat straddles 2; Eve straddles 3; Dan straddles 4\n", rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L21", "Dan")]
    position = position_after(head + "Dan straddles 2\n", rules)  # No. 1 (Cat) did not: no one else may
    assert [(f["id"], f["player"]) for f in position.findings] == [("L21", "Dan")]


def test_after_a_misdeal_only_cards_dealt_need_the_new_deal(rules):
    """Between a misdeal and the new deal no deal is in play: a stake then is L25's, as before
    any deal, and changes nothing but the counters; a card dealt needs a new `deal` first
    (that state is absent: the log is invalid, and says so)."""
    head = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\n"
            "card to Bob; card to Cat; face up in pack 5h\n")
    position = position_after(head + "Cat opens 2\n", rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L10", "Ann"), ("L25", "Cat")]
    assert position.replay.board.ledger.pool == 3 and position.replay.board.game.phase == "before_deal"
    with pytest.raises(LogError, match=r"event 7 \(card to Ann\): the deal was declared void \(a misdeal\): a new deal"):
        position_after(head + "card to Ann\n", rules)


@pytest.mark.parametrize(("where", "misdeal"), [
    ("face up in pack\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\n", False),  # before any deal: no deal in play
    ("Ann deals; Ann shuffles; Cat cuts; Bob antes 1\nface up in pack\n", True),  # taken up, no card yet (law 10's time)
    ("Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ncard to Bob\nface up in pack\n", True),
    ("Ann deals; Ann shuffles; Cat cuts; Bob antes 1\nface up in pack\nface up in pack\n", True),  # one misdeal
])
def test_a_card_found_face_up_is_a_misdeal_from_the_deal_until_it_is_finished(rules, where, misdeal):
    """Law 10: "before the deal is finished", from the `deal` that begins it (SPEC §2), the
    first card not waited for; a card found before any deal, or again before the new deal,
    is none (reading 7)."""
    position = position_after("players Ann Bob Cat; limit 10; ante 1\n" + where, rules)
    assert [(f["id"], f["player"]) for f in position.findings] == ([("L10", "Ann")] if misdeal else [])
    assert position.replay.board.game.deal.misdealt is misdeal


@pytest.mark.parametrize(("between", "found"), [
    ("", [("L10", "Ann"), ("L20", "Bob")]),  # no ante ever staked: judged at the new deal's first card
    ("Bob antes 1; Cat straddles 2\n", [("L10", "Ann")]),  # ante and straddle in turn: no card had gone by
])
def test_a_misdeal_before_the_first_card_leaves_the_first_card_to_judge_the_ante(rules, between, found):
    """A misdeal before any card (law 10's time, from the `deal`) leaves the game's first
    card to the new deal: what is due by it is judged there (L20), and the turn to straddle
    has not gone by (L21)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles\nface up in pack\n"
            f"Ann deals; Ann shuffles; Dan cuts\n{between}dealt\n")
    assert [(f["id"], f["player"]) for f in position_after(text, rules).findings] == found


def test_every_round_a_rule_may_name_has_a_turn_to_ask(rules):
    """`{out_of_turn: ROUND}` names one of `ROUNDS` (the grammar refuses any other): the
    board answers whose turn it is in each, and knows no other."""
    board = position_after(HEAD + "Cat plays 2\n", rules).replay.board
    turns = {round_name: board.turn_of(round_name) for round_name in ROUNDS}
    # the deal went round from Ann's left; Cat, left of the ante (Bob's), may straddle; all
    # have said and drawn; Cat bet first (left of the ante) and Ann is next
    assert {name: turns.pop(name) for name in ("deal", "straddle", "say", "draw", "bet")} == {
        "deal": "Bob", "straddle": "Cat", "say": None, "draw": None, "bet": "Ann"}
    assert list(turns) == ["show"] and turns["show"] in board.game.still_in
    with pytest.raises(ValueError, match="unknown round 'bets'"):
        board.turn_of("bets")


@pytest.mark.parametrize("act", ["Kit plays 15", "Kit demands show 15", "Kit passes"])
def test_an_early_opening_is_the_preceding_stake_from_its_turn_whatever_its_maker_then_does(rules, act):
    """Item 24: an early stake counts from its maker's turn, as the last increase. Kit opens
    15 and Lou raises to 30, both early; at Kit's turn he keeps, shows for or passes on his
    15, and Lou's 30 is judged (D1) over it: 15 more, within the limit. Where Kit showed for
    it or passed, the 30 was judged over the ante's 5, as if Kit's opening had never counted.
    His show is no L60: his turn and Lou's may pass without an act, and the say ends so; the
    stake he must meet is Lou's 30, at his turn to draw (as `next` offers the show there)."""
    text = ("players Bob Jay Kit Lou; limit 20; ante 5\nLou deals; Lou shuffles; Kit cuts; Bob antes 5\ndealt\n"
            f"Kit opens 15; Lou plays 30; Bob passes; Jay passes; {act}\n")
    position = position_after(text, rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L25", "Kit"), ("L25", "Lou"), ("L25", "Bob")]


def test_an_early_sayers_show_at_his_turn_leaves_the_say_to_those_after_him(rules):
    """Kit's show for his early 15 at his turn is no L60 (the say may end with every turn
    left passing: he meets the 30 at his draw), and it closes nothing: Lou's turn is still
    his, and his raise to 40 there is a say in turn, not a stake in the draw (D4)."""
    text = ("players Bob Jay Kit Lou; limit 20; ante 5\nLou deals; Lou shuffles; Kit cuts; Bob antes 5\ndealt\n"
            "Kit opens 15; Lou plays 30; Bob plays 30; Jay passes; Kit demands show 15; Lou plays 40\n")
    position = position_after(text, rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L25", "Kit"), ("L25", "Lou"), ("L25", "Bob")]
    assert position.replay.board.game.phase == "say"


def test_an_early_bettors_show_is_measured_at_the_turn_he_acts_at(rules):
    """Ann stood at 2 and Bob raised to 4, both early; Cat, first to bet, passes. Ann's turn
    may pass (her 2 meets the 2 made in turn), and it comes round again after Bob's, whose 4
    then counts: she acts at that turn, and `next` offers her a show for 2 to 3 there. Her
    show for 2 is for one whose bet is raised: no L60 (it was one against her own 2)."""
    said = HEAD + "Ann plays 2; Bob plays 4; Cat passes\n"
    assert {"type": "demand_show", "minimum": 2, "maximum": 3} in position_after(said, rules).answer["acts"]
    position = position_after(said + "Ann demands show 2\n", rules)
    assert [(f["id"], f["player"]) for f in position.findings] == [("L53", "Ann"), ("L53", "Bob")]


@pytest.mark.parametrize("act", ["Cat plays 14", "Cat demands show 14"])
def test_an_early_bet_is_the_preceding_stake_from_its_turn_though_its_maker_then_shows_for_it(rules, act):
    """The same in the betting after the draw: Cat bets 14 and Dan raises to 30, both early;
    at Cat's turn she keeps her 14, or demands a show for it, and Dan's 30 is 16 over it,
    within the limit. Where she showed for it, the 30 was judged over Bob's stand at 4 (D1).
    Her show is law 60's: Dan's 30, its turn not come, raised no one, and her turn passing
    would not end the betting (Ann is still to meet the 30), so the show is at her turn."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 2\nDan deals; Dan shuffles; Cat cuts; Ann antes 2\ndealt\n"
            "Bob opens 4; Cat plays 4; Dan plays 4; Ann plays 4\n"
            "Ann discards 0; Bob discards 0; Cat discards 0; Dan discards 0\n"
            f"Cat plays 14; Dan plays 30; Bob plays 4; {act}\n")
    position = position_after(text, rules)
    shown = [("L60", "Cat")] if "show" in act else []
    assert [(f["id"], f["player"]) for f in position.findings] == [("L53", "Cat"), ("L53", "Dan"), *shown]
