"""What may come next (SPEC §3 item 28): `arbiter.next_acts`, `arbiter next`, and the
property that every act the simulator makes in turn, by the laws, is among the acts the
answer allowed at that point, with its number within the bounds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import jsonschema
import pytest

import arbiter
import arbiter.events
from arbiter.checker import replay_log
from arbiter.engine.next_acts import next_acts
from arbiter.engine.replay import Replay
from arbiter.errors import HouseRulesError
from arbiter.live.position import words
from arbiter.notation import parse_checked
from arbiter.resources import cases_dir, schema_path
from arbiter.rulebook.house import apply_house, read_house
from arbiter.rulebook.loader import load_rulebook
from arbiter.simulator import simulate_log
from tests.conftest import in_process

RULEBOOK = load_rulebook()
SCHEMA = jsonschema.Draft202012Validator(json.loads(schema_path("next").read_text(encoding="utf-8")))
HEAD = "players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
DISPUTE = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
           "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 3; Cat gets 2\n")


def answer_to(text: str, house: Any = None) -> dict[str, Any]:
    log, _ = parse_checked(text, "x.hand")
    answer = arbiter.next_acts(log, house)
    SCHEMA.validate(answer)
    return answer


def act(answer: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(a for a in answer["acts"] if a["type"] == kind)


# --- the issue's positions -------------------------------------------------------------------
def test_a_jumped_first_speaker_plays_at_the_opening_minimum():
    answer = answer_to(HEAD + "dealt\nDan opens 2\n")
    assert answer["player"] == "Cat" and answer["phase"] == "say"
    assert act(answer, "play") == {"type": "play", "minimum": 2, "maximum": 12}
    assert {"type": "pass"} in answer["acts"]


def test_after_a_straddle_the_least_opening_is_double_it_and_the_most_the_limit_over_it():
    answer = answer_to(HEAD + "Cat straddles 2\ndealt\n")
    assert answer["player"] == "Dan"
    assert act(answer, "open") == {"type": "open", "minimum": 4, "maximum": 12}  # D3, D1


def test_a_straddle_made_in_the_say_is_the_last_straddle_for_the_least_and_the_most():
    """Reading 8: a straddle out of turn counts as the last straddle as it is made, in the
    say too (Dan's, after Cat has passed). The least opening was reckoned on it (D3) and
    the most on the ante (21), and `check` called an opening of 22 a D1 raise over the limit."""
    answer = answer_to(HEAD + "dealt\nCat passes; Dan straddles 2\n")
    assert answer["player"] == "Dan"
    assert act(answer, "open") == {"type": "open", "minimum": 4, "maximum": 12}  # D3; D1 over his 2


@pytest.mark.parametrize("say, player, kind, least, most", [
    ("Dan opens 2; Ann straddles 2", "Cat", "play", 2, 12),  # once the game is opened (reading 24), D3's least is set
    ("Cat passes; Cat straddles 2", "Dan", "open", 2, 11),  # by one out of the game: it changes nothing else (reading 25)
    # in a jack-pot, where every player antes, no one straddles (reading 56): the most is the limit over 0 (SPEC 28)
    ("Cat passes; Dan passes; Ann passes; Bob passes\nBob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; "
     "Ann antes 1; Bob antes 1\ndealt\nDan straddles 2", "Cat", "open", 2, 10),
])
def test_a_straddle_that_cannot_be_the_last_straddle_moves_neither_least_nor_most(say, player, kind, least, most):
    """A straddle in the say after the game is opened, by a player who has passed, or in a
    jack-pot, stands as his stake but is not the last straddle: the least stake was
    reckoned on it, double the 2, and `check` called a stake of 2 an opening short (L25)."""
    answer = answer_to(HEAD + f"dealt\n{say}\n")
    assert answer["player"] == player
    assert act(answer, kind) == {"type": kind, "minimum": least, "maximum": most}
    log, _ = parse_checked(HEAD + f"dealt\n{say}\n{player} {'plays' if kind == 'play' else 'opens'} {least}\n", "x.hand")
    last = len(log["events"]) - 1
    assert not [f for f in arbiter.check_log(log)["findings"] if f["event"] == last]  # the least offered is lawful


@pytest.mark.parametrize("head, say, player, rest", [
    (HEAD + "dealt\n", "Cat passes; Cat straddles 4; Dan opens 2", "Ann", "Ann plays 2; Bob passes"),  # one passed
    (HEAD + "dealt\n", "Cat passes; Dan opens 2; Ann straddles 4; Ann passes", "Bob", "Bob plays 2"),  # after the open
    (HEAD + "Cat antes 3\ndealt\n", "Cat passes; Dan opens 2", "Ann", "Ann plays 2; Bob passes"),  # a second ante
])
def test_a_stake_that_changes_nothing_raises_no_one_after_it(head, say, player, rest):
    """Reading 25: a straddle that cannot be the last straddle, or a second ante (no say,
    L20's reading), stands as its maker's stake and changes nothing else. It moved the most
    offered after it (Ann was offered a play of 2 to 14 on Cat's dead 4), and `check` held
    the players still in to make it good at the draw (L36), then ruled their stands short
    (L54)."""
    answer = answer_to(head + say + "\n")
    assert answer["player"] == player and act(answer, "play") == {"type": "play", "minimum": 2, "maximum": 12}
    first, second = ("Dan", "Ann") if player == "Ann" else ("Bob", "Dan")  # the draw from the dealer's left
    drawing = answer_to(head + f"{say}; {rest}\n")
    assert drawing["player"] == first and [a["type"] for a in drawing["acts"]][0] == "discard"  # no make-good first
    log, _ = parse_checked(head + f"{say}; {rest}\n{first} discards 1; {first} gets 1; {second} discards 1; "
                           f"{second} gets 1\nDan plays 2; {player} plays 2\n", "x.hand")
    assert {f["id"] for f in arbiter.check_log(log)["findings"]} <= {"L20", "L21", "D2"}  # no L36, no L54


@pytest.mark.parametrize("straddles", ["Cat straddles 2", "Dan straddles 4", "Cat straddles 2; Dan straddles 4"])
def test_a_stake_given_back_leaves_a_second_ante_raising_no_one(straddles):
    """A club gives back a straddle (no-straddling's H1): the highest stake fell to the
    largest stake left, Dan's second ante of 3, though it raised no one (L20's reading): Bob
    was offered a play of 2 to 23, and `check` held Bob and Ann to make good 3 at the draw
    (L36), then ruled their stands short (L54). The highest is of the stakes that raised;
    where Dan's own straddle over his second ante is given back, his 3 is again the second
    ante's (the first mend counted what was left of his straddle)."""
    say = HEAD + f"Dan antes 3; {straddles}\ndealt\nCat passes; Dan passes; Ann opens 2"
    answer = answer_to(say + "\n", house="no-straddling")
    assert answer["player"] == "Bob" and act(answer, "play") == {"type": "play", "minimum": 2, "maximum": 12}
    log, _ = parse_checked(say + "; Bob plays 2\nBob discards 1; Bob gets 1; Ann discards 1; Ann gets 1\n"
                           "Ann plays 2; Bob plays 2\n", "x.hand")
    house = apply_house(RULEBOOK, read_house("no-straddling"))
    assert {f["id"] for f in arbiter.check_log(log, house)["findings"]} == {"L20", "H1"}  # no L36, no L54


def test_a_dead_straddle_counts_once_its_maker_stakes_in_turn():
    """Ann straddles 4 once the game is opened (it raises no one), then plays 4 in her turn:
    her play is a raise to 4, and the most after it is the limit over 4, as `check` allows.
    Where her straddle raised no one, her play, putting in nothing more, raised no one either."""
    say = HEAD + "dealt\nCat passes; Dan opens 2; Ann straddles 4; Ann plays 4\n"
    assert act(answer_to(say), "play") == {"type": "play", "minimum": 4, "maximum": 14}
    log, _ = parse_checked(say + "Bob plays 14\n", "x.hand")
    assert not [f for f in arbiter.check_log(log)["findings"] if f["event"] == len(log["events"]) - 1]


@pytest.mark.parametrize("asked, discard, said", [
    (3, {"type": "discard", "minimum": 3, "maximum": 3}, "Cat to draw: they discard 3 cards, the number they asked "
                                                         "for, or pass"),
    (None, {"type": "discard", "minimum": 0, "maximum": 5}, "Cat to draw: they discard up to 5 cards and ask for "
                                                            "as many, stand pat, or pass")])
def test_one_who_asked_before_he_discarded_is_offered_the_discard_of_that_number(asked, discard, said):
    """L44: Cat asks for 3 before discarding: a discard of any other number makes his demand
    other than his discard, which `check` finds; `next` offered any discard up to five."""
    text = DISPUTE.split("Bob discards")[0] + "Bob discards 2; Bob gets 2\n" + (f"Cat asks {asked}\n" if asked else "")
    answer = answer_to(text)
    assert answer["player"] == "Cat" and answer["acts"][0] == discard and words(answer) == said
    log, _ = parse_checked(text + f"Cat discards {discard['minimum']}\n", "x.hand")
    assert "L44" not in [f["id"] for f in arbiter.check_log(log)["findings"]]


def test_a_bettor_still_owed_cards_is_offered_no_bet_while_the_dealer_owes_them():
    """Cat bets before the dealer has given himself his 2: the dealer, next to bet, is to
    give them first; his bet is not among the others, for it would raise a hand of three
    (L48), as `check` then finds. It was offered."""
    text = DISPUTE.split("Bob discards")[0] + "Bob discards 0; Cat discards 0; Ann discards 2\nCat plays 5\n"
    answer = answer_to(text)
    assert answer["player"] == "Ann" and answer["acts"] == [{"type": "give", "to": "Ann", "count": 2}]
    assert answer["others"] == []
    log, _ = parse_checked(text + "Ann plays 5\n", "x.hand")
    assert "L48" in [f["id"] for f in arbiter.check_log(log)["findings"]]


def test_a_law_46_ruling_for_more_than_was_given_owes_the_make_good():
    answer = answer_to(DISPUTE + "Cat claims 3 dealer says 2 testimony (Bob 3)\n")
    assert answer["player"] == "Ann"
    assert answer["acts"] == [{"type": "give", "to": "Cat", "count": 1}]
    assert answer["owed"] == [{"by": "Ann", "to": "Cat", "what": "give", "cards": 1, "law": "L43"}]
    given = answer_to(DISPUTE + "Cat claims 3 dealer says 2 testimony (Bob 3)\nCat gets 1\n")
    assert given["player"] == "Ann" and given["owed"] == [] and given["acts"][0]["type"] == "discard"


def test_an_early_bet_whose_turn_passes_last_is_the_stake_that_made_them_equal():
    """L59's reading of "the last player" for a stake out of turn (reading 24: it counts as
    made when its turn comes): Eve bets 4 before Dan, who meets it; Eve's turn then passes
    last, so the show begins to her left: Cat, the next still in."""
    text = ("players Ann Bob Cat Dan Eve; limit 20; ante 1\nAnn deals; Ann shuffles; Eve cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Eve plays 2; Ann passes; Bob passes\n"
            "Cat discards 0; Dan discards 0; Eve discards 0\nCat plays 4; Eve plays 4; Dan plays 4\n")
    answer = answer_to(text)
    assert (answer["player"], answer["phase"], answer["acts"][0]) == ("Cat", "show", {"type": "show"})
    assert {"type": "play", "minimum": 5, "maximum": 24, "player": "Eve"} in answer["others"]  # her act again: a raise
    shown = answer_to(text + "Eve shows (Tc Td 8c 5d 2d)\n")
    assert (shown["phase"], shown["player"]) == ("show", "Cat")


def test_under_table_stakes_one_who_drew_short_may_still_show_for_what_he_has_not_make_good():
    """Cat, with 1 left beside her stake of 2, stood pat short of Dan's 6: `next` offered her
    the late make-good of 6 (which A5 then rewrote as all she has), where at her turn it had
    offered a show for 3. Her counters bind her: a show for what she has."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1; house table-stakes; stacks Ann 10, Bob 10, Cat 3, Dan 10\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 6; Ann plays 6; "
            "Bob plays 6\nBob discards 0; Cat discards 0\n")
    answer = answer_to(text)
    assert {"type": "demand_show", "minimum": 3, "maximum": 3, "player": "Cat"} in answer["others"], answer
    assert not [o for o in answer["others"] if o["type"] == "play"]
    assert words(answer).startswith("Cat may still demand a show for 3, or Dan to draw"), words(answer)


@pytest.mark.parametrize("text, sum_, given", [
    ("players Ann Bob Cat; limit 10; ante 1; house table-stakes; stacks Ann 30, Bob 30, Cat 5\n"
     "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat opens 2; Ann plays 8; Bob plays 8\n"
     "Bob discards 0; Cat discards 1\n", 5, ""),
    ("players Ann Bob Cat Dan; limit 10; ante 1; house table-stakes; stacks Ann 30, Bob 30, Cat 3, Dan 30\n"
     "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 6; Ann passes; Bob passes\n"
     "Cat discards 1; Dan discards 1\n", 3, "; Cat gets 1; Dan gets 1")])
def test_a_show_for_what_he_has_offered_while_he_is_owed_cards_raises_none(text, sum_, given):
    """Table stakes: Cat discarded short of the highest stake and is still owed her card;
    `next` offers her a show for what she has, in place of the make-good she cannot make.
    `check` took that show as her first act after the draw and found her four cards a foul
    hand (L48); a make-good there raises nothing (reading 10), nor does the show that
    stands in for it: while others are still to draw (Ann, the dealer), and while the
    dealer, all having discarded, still owes the cards of the draw (L35's reading)."""
    assert {"type": "demand_show", "minimum": sum_, "maximum": sum_, "player": "Cat"} in answer_to(text)["others"]
    log, _ = parse_checked(text + f"Cat demands show {sum_}{given}\n", "x.hand")
    assert [f["id"] for f in replay_log(log, apply_house(RULEBOOK, read_house("table-stakes")))["findings"]] == ["L36"]


@pytest.mark.parametrize("text, who, sum_", [
    # short of the opening's least (2), with 1 on the table: a show for it, before anyone has opened
    ("players Ann Bob Cat; limit 10; ante 1; house table-stakes; stacks Ann 30, Bob 30, Cat 1\n"
     "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n", "Cat", 1),
    # jumped by Kit's opening out of turn (all he has, 8), Jay says at the opening's least, 10, and has 8
    ("players Bob Jay Kit Lou; limit 20; ante 5; house table-stakes; stacks Bob 8, Jay 8, Kit 8, Lou 8\n"
     "Lou deals; Lou shuffles; Kit cuts; Bob antes 5\ndealt\nKit opens 15\n", "Jay", 8),
    # Kit's early 15 counts at his turn; the say may end with his and Lou's turns passing: he
    # must meet Lou's early 30, and has 5 besides his 15
    ("players Bob Jay Kit Lou; limit 20; ante 5; house table-stakes; stacks Bob 100, Jay 100, Kit 20, Lou 100\n"
     "Lou deals; Lou shuffles; Kit cuts; Bob antes 5\ndealt\nKit opens 15; Lou plays 30; Bob passes; Jay passes\n",
     "Kit", 20)])
def test_a_show_for_all_he_has_offered_short_of_the_stake_his_turn_asks_is_no_l60(text, who, sum_):
    """Table stakes (A5, L60): `next` offers a show for all he has to one who cannot make
    the stake his turn asks, the opening's least before a stake is made in turn (L25, item
    24), and the stake he must meet where that is more; `check` measured him against the
    highest stake (the ante's 1, Kit's early 8) and found the show he was offered law 60's
    irregularity: he could call; and, before a stake made in turn, against the opening's
    least alone (Kit's 15 meets 10, but not Lou's 30)."""
    assert {"type": "demand_show", "minimum": sum_, "maximum": sum_} in answer_to(text)["acts"]
    log, _ = parse_checked(text + f"{who} demands show {sum_}\n", "x.hand")
    report = replay_log(log, apply_house(RULEBOOK, read_house("table-stakes")))
    assert "L60" not in [f["id"] for f in report["findings"]]


@pytest.mark.parametrize("winner, offered", [("Cat", True), ("Dan", True), ("Ann", False)])
def test_a_win_recorded_at_the_show_offers_the_next_deal_beside_the_shows(winner, offered):
    """Reading 44: a win recorded while hands are due at the show, for a player still in,
    is the fact where no hand shown decides, should the next deal come; `check` ends the
    game there, and `next` asked only for the shows, the next deal offered nowhere. One
    recorded for a player who passed ends nothing (A3)."""
    text = (HEAD + "dealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 0; Dan discards 0\n"
            f"Cat plays 2; Dan plays 2\n{winner} wins\n")
    answer = answer_to(text)
    assert (answer["player"], [a["type"] for a in answer["acts"]]) == ("Cat", ["show", "pass"])
    assert ({"type": "deal", "dealer": "Bob"} in answer["others"]) is offered
    log, _ = parse_checked(text + "Bob deals\n", "x.hand")
    assert replay_log(log)["games"][0]["complete"]


def test_one_all_in_before_his_act_out_of_turn_has_no_turn_to_come():
    """Table stakes: Cat opened with all he has, then after the draw said a play of 3 out of
    turn (L53); Ann and Bob stood. His act was held as an early stake whose turn was still
    to come, and `next` offered him a play of 3 or a pass, where `check` closed the betting
    at the next act: he takes no further part (A5), and the hands are shown."""
    text = ("players Ann Bob Cat; limit 10; ante 1; house table-stakes; stacks Ann 20, Bob 20, Cat 3\n"
            "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat opens 3; Ann plays 3; Bob plays 3\n"
            "Bob discards 0; Cat discards 0; Ann discards 0\nCat plays 3; Ann plays 3; Bob plays 3\n")
    answer = answer_to(text)
    assert (answer["phase"], answer["player"]) == ("show", "Cat"), answer


def test_no_stake_is_offered_past_what_a_log_may_record():
    """At a limit of 10⁹, `next` offered a play of 1e9 to 2e9, and the table wrote a raise to
    2e9 that the log's bound (a stake is at most 10⁹) made invalid: the most offered is that
    bound, and a straddle past it is not offered."""
    text = ("players Ann Bob Cat Dan; limit 1000000000; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt\nCat opens 1000000000\n")
    assert act(answer_to(text), "play") == {"type": "play", "minimum": 10**9, "maximum": 10**9}
    log, _ = parse_checked(text + "Dan plays 1000000000\n", "x.hand")
    assert replay_log(log)["status"] == "ok"


def test_the_shipped_cases_show_their_hands_in_the_order_next_gives():
    """The cases teach law 59's order (from the left of the stake that made the stakes equal,
    else from where the betting begins): four had their shows in seat order, which nothing
    judges (L59's reading), so `next` and the case disagreed unseen. A show a finding falls
    on, or a player's second show, is the case's point, not the order's."""
    wrong = []
    for path in sorted(cases_dir().glob("*.json")) + sorted((cases_dir() / "house").glob("*.json")):
        log = json.loads(path.read_text(encoding="utf-8"))
        house = log["meta"].get("house")  # a house case, under its house (its laws-alone order may differ)
        book = apply_house(RULEBOOK, read_house(house)) if house else RULEBOOK
        flagged = {f["event"] for f in replay_log(log, book)["findings"]}
        shown: set[str] = set()  # those who have shown in the game
        for index, event in enumerate(log["events"]):
            if event["type"] == "deal":
                shown.clear()
            if event["type"] != "show" or index in flagged or event["player"] in shown:
                continue
            shown.add(event["player"])
            answer = arbiter.next_acts({**log, "events": log["events"][:index]}, book)
            due = {a.get("player") for a in answer["acts"] + answer["others"] if a["type"] == "show"}
            if event["player"] != answer["player"] and event["player"] not in due:
                wrong.append((path.name, index, event["player"], answer["player"]))
    assert wrong == []


def test_a_law_46_ruling_below_the_discard_takes_over_what_the_pack_run_out_owed():
    """Item 28 and law 43's reading (the cards are owed once: the ruling takes over what law
    41 owed): Dan asks 3 and is given the pack's last card; the evidence settles his demand
    at 2, below his discard. Once the pack is made up the dealer owes 1, the deficiency,
    and may give the discard's 2 instead (law 44), not 1 of law 43 and 1 of law 41."""
    text = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2; Dan plays 2\n"
            + "".join(f"{name} passes\n" for name in ("Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Ann", "Bob"))
            + "Cat discards 1; Cat asks 1; Cat gets 1\nDan discards 3; Dan asks 3; Dan gets 1\n"
            "Dan claims 3 dealer says 2 testimony (Bob 2)\ndiscards collected; Ann shuffles; Jon cuts\n")
    answer = answer_to(text)
    assert answer["owed"] == [{"by": "Ann", "to": "Dan", "what": "give", "cards": 1, "law": "L43"}]
    assert answer["acts"] == [{"type": "give", "to": "Dan", "count": 1}, {"type": "give", "to": "Dan", "count": 2}]


@pytest.mark.parametrize("draw, owed, acts", [
    # given his discard, the pack's last card: nothing is owed, no pack made up; the betting begins
    ("Dan discards 1; Dan asks 3; Dan gets 1\n", [], ["play", "pass"]),
    # given 1 of his discard of 2 (he asked 3) as the pack ran out: the rest of the discard, 1, from the pack made
    # up, not the rest of the demand (its give would be the number asked: L45's foul hand)
    ("Dan discards 2; Dan asks 3; Dan gets 1\ndiscards collected; Ann shuffles; Jon cuts\n", [("L41", 1)],
     ["give 1"]),
    # asked 2 of his discard of 3: the discard's rest, 2, is due
    ("Dan discards 3; Dan asks 2; Dan gets 1\ndiscards collected; Ann shuffles; Jon cuts\n", [("L41", 2)],
     ["give 2"]),
])
def test_a_wrong_demand_when_the_pack_runs_out_owes_the_rest_of_the_discard(draw, owed, acts):
    """Item 11 ("if he gives the discard, all is well") against law 41: Dan asks for another
    number than his discard as the pack runs out. What comes to him from the discards made
    up is what his discard still lacks, whatever he asked, and doing what `next` says is no
    finding (check would call the demanded number a foul hand, or a collection with nothing
    owed irregular)."""
    text = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2; Dan plays 2\n"
            + "".join(f"{name} passes\n" for name in ("Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Ann", "Bob"))
            + "Cat discards 1; Cat asks 1; Cat gets 1\n" + draw)
    answer = answer_to(text)
    assert [(o["law"], o["cards"]) for o in answer["owed"]] == owed
    offered = [f"{a['type']} {a['count']}" if a["type"] == "give" else a["type"] for a in answer["acts"]]
    assert offered == acts
    if owed:
        before = [f["id"] for f in replay_log(parse_checked(text, "x.hand")[0])["findings"]]
        after = replay_log(parse_checked(text + f"Dan gets {owed[0][1]}\n", "x.hand")[0])["findings"]
        assert [f["id"] for f in after] == before


def test_while_others_are_still_to_discard_the_dealer_may_first_give_what_the_pack_holds():
    """Law 41 and item 28: at ten players two cards are left; Bob asks for 3 and Cat is still
    to discard (law 41's order: she discards first), but the dealer may first give Bob the 2
    the pack holds, offered among the others; given, they raise no finding and the last card
    is owed from the discards made up (L41). Only what the pack holds is offered, and not the
    number of a wrong demand it would complete (L45)."""
    head = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2\n"
            + "".join(f"{name} plays 2\n" for name in ("Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Ann", "Bob")))
    answer = answer_to(head + "Bob discards 3; Bob asks 3\n")
    assert answer["player"] == "Cat" and {"type": "give", "dealer": "Ann", "to": "Bob", "count": 2} in answer["others"]
    assert "Ann may first give Bob 2 cards from the pack, or Cat to draw" in words(answer)
    given = replay_log(parse_checked(head + "Bob discards 3; Bob asks 3; Bob gets 2\n", "x.hand")[0])
    assert given["findings"] == []
    after = answer_to(head + "Bob discards 3; Bob asks 3; Bob gets 2\n")
    assert [(o["to"], o["cards"], o["law"]) for o in after["owed"]] == [("Bob", 1, "L41")]
    wrong = answer_to(head + "Bob discards 3; Bob asks 2\n")  # the pack's 2 would be the number asked: foul (L45)
    assert wrong["player"] == "Cat" and not [o for o in wrong["others"] if o["type"] == "give"], wrong


def test_where_the_pack_holds_only_a_card_exposed_to_the_first_owed_another_may_first_be_given_it():
    """Law 41's reading ("the dealer may first give what the pack holds ... offered beside
    the gathering") with law 40: at ten players Cat is given the pack's 2, one exposed; it
    goes back to the pack, not to be given her. Dan asks 1 and Ann stands pat: the pack's
    one card is no card for Cat, but is Dan's to be given before the discards are gathered
    (the first owed cannot be supplied from it, and it was not offered). Given, it raises
    no finding."""
    head = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2; Dan plays 2\n"
            + "".join(f"{name} passes\n" for name in ("Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"))
            + "Ann plays 2; Bob passes\nCat discards 2; Cat asks 2; Cat gets 2 exposed 1\n"
            "Dan discards 1; Dan asks 1; Ann discards 0\n")
    answer = answer_to(head)
    assert answer["acts"] == [{"type": "collect_discards"}]
    assert {"type": "give", "dealer": "Ann", "to": "Dan", "count": 1} in answer["others"]
    given = replay_log(parse_checked(head + "Dan gets 1\n", "x.hand")[0])
    assert [f["id"] for f in given["findings"]] == ["L40"]


def test_an_excess_taken_back_is_owed_until_the_dealer_gives_again():
    """Item 28 and law 42 ("the dealer shall take back and return to the pack"): the excess
    pointed out is owed back until the dealer gives again, who takes it back first; it was
    still said to go back to him once it had been given to Cat."""
    head = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2; Dan plays 2\n"
            + "".join(f"{name} passes\n" for name in ("Eve", "Fay", "Gus", "Hal", "Ivy", "Jon"))
            + "Ann plays 2; Bob plays 2\nBob discards 1; Bob asks 1; Bob gets 2; Cat points out excess about Bob\n"
            "Cat discards 1; Cat asks 1\n")
    owed = [o["what"] for o in answer_to(head)["owed"]]
    assert owed == ["return_excess", "give"]
    assert [o["what"] for o in answer_to(head + "Cat gets 1\n")["owed"]] == []
    # a second excess after a give again: only it is owed back, not the first with it (the hand's whole excess)
    again = ("players Ann Bob Cat Dan Eve; limit 20; ante 1\nAnn deals; Ann shuffles; Eve cuts; Bob antes 1; dealt\n"
             "Cat opens 2; Dan plays 2; Eve plays 2; Ann plays 2; Bob plays 2\n"
             "Bob discards 2; Bob asks 2; Bob gets 3; Bob points out excess; Bob gets 1; Bob points out excess\n")
    assert [(o["what"], o["cards"]) for o in answer_to(again)["owed"]] == [("return_excess", 1)]


def test_a_card_exposed_where_the_pack_holds_only_it_is_owed_from_the_discards_made_up():
    """Item 28 and law 41's reading ("a pack holding only cards exposed to him runs short as
    an empty one does"): Bob, given one of his two exposed and then the pack's other card,
    is owed his last card from the discards made up, from then until it is given (nothing
    was said owed while the others stood pat and the pack was made up)."""
    head = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2\n"
            + "".join(f"{name} plays 2\n" for name in ("Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Ann", "Bob"))
            + "Bob discards 2; Bob asks 2; Bob gets 1 exposed 1; Bob gets 1\n")
    stood = "".join(f"{name} discards 0\n" for name in ("Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Ann"))
    for text in (head, head + stood, head + stood + "discards collected; Ann shuffles\n"):
        gives = [(o["to"], o["cards"], o["law"]) for o in answer_to(text)["owed"] if o["what"] == "give"]
        assert gives == [("Bob", 1, "L41")], text


def test_a_short_pointed_out_after_the_pack_ran_out_takes_over_what_law_41_owed():
    """Law 43's reading ("the cards are owed once: the ruling takes over what law 41
    owed"): Dan asks 2 of his 3 discarded and is given the pack's last card; a short
    pointed out makes good the 1 his demand lacks, and the pack made up owes nothing
    beside it: the discard's 2 is offered instead (law 44), not 1 of law 43 and 1 of law
    41, as a dispute settling the same demand owes."""
    head = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2; Dan plays 2\n"
            + "".join(f"{name} passes\n" for name in ("Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Ann", "Bob"))
            + "Cat discards 1; Cat asks 1; Cat gets 1\nDan discards 3; Dan asks 2; Dan gets 1\n")
    made_up = "discards collected; Ann shuffles; Jon cuts\n"
    for ruling in ("Dan points out short\n", "Dan claims 2 dealer says 1 testimony (Bob 2)\n"):
        answer = answer_to(head + ruling + made_up)
        assert answer["owed"] == [{"by": "Ann", "to": "Dan", "what": "give", "cards": 1, "law": "L43"}], ruling
        assert answer["acts"] == [{"type": "give", "to": "Dan", "count": 1}, {"type": "give", "to": "Dan", "count": 2}]


def test_once_every_discard_is_made_up_no_second_making_up_is_offered():
    """Law 41's reading ("once every discard has been made up into the pack, none is left
    to make it up from again"): Dan is given five of the six discards made up, three more
    than he asked, and the pack holds one for Eve's two. The dealer gives her that card, not
    a second gathering of discards there are none of; after it nothing can supply her last
    card: it stays owed, no act is offered for it (a gathering then changes nothing), and the
    betting comes next."""
    head = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2; Dan plays 2; Eve plays 2\n"
            + "".join(f"{name} passes\n" for name in ("Fay", "Gus", "Hal", "Ivy", "Jon", "Ann"))
            + "Bob plays 2\nBob discards 1; Bob asks 1; Bob gets 1\nCat discards 1; Cat asks 1; Cat gets 1\n"
            "Dan discards 2; Dan asks 2\nEve discards 2; Eve asks 2\ndiscards collected; Ann shuffles; Jon cuts\n"
            "Dan gets 5\n")
    answer = answer_to(head)
    assert answer["player"] == "Ann" and answer["acts"] == [{"type": "give", "to": "Eve", "count": 1}], answer
    for spent in ("Eve gets 1\n", "Eve gets 1; discards collected; Ann shuffles; Jon cuts\n"):
        answer = answer_to(head + spent)
        assert answer["player"] == "Cat" and {a["type"] for a in answer["acts"]} == {"play", "pass"}, spent
        assert answer["owed"] == [{"by": "Ann", "to": "Eve", "what": "give", "cards": 1, "law": "L41"}], spent
        findings = replay_log(parse_checked(head + spent, "x.hand")[0])["findings"]
        assert [(f["id"], f["severity"]) for f in findings] == [("L41", "ruling")], spent


def test_a_question_the_dealer_must_answer_waits_for_his_answer():
    """Law 49 ("the dealer shall answer correctly") and its reading: a question asked by
    one who has drawn, before he raised his cards or bet, is owed its answer; `next` asks
    it of the dealer (`asks`) once the dealer has drawn (before it his answer has no count
    to be true to, and L49 judges none), while the play goes on, until he answers. A
    question from one who has not drawn is owed nothing, and nothing is asked."""
    text = DRAWN + "Bob discards 2; Bob gets 2\n"
    answer = answer_to(text + "Bob asks dealer\n")
    assert answer["asks"] == [] and answer["player"] == "Cat"  # the dealer has not drawn yet
    for draw in ("Ann discards 0\n", "Ann discards 1; Ann gets 1\n"):
        answer = answer_to(text + "Bob asks dealer\nCat discards 0\nDan discards 0\n" + draw)
        assert answer["asks"] == [{"of": "Ann", "what": "cards drawn", "about": "Bob", "law": "L49"}]
        assert answer["player"] == "Cat" and "Ann answers Bob how many cards the dealer drew (dealer answers COUNT; L49)" in words(answer)
    waiting = answer_to(text + "Bob asks dealer\nCat discards 0\nDan discards 0\nAnn discards 1\n")
    assert waiting["asks"] == [] and waiting["player"] == "Ann"  # discarded, not yet given his draw
    # given cards before his discard (L35's reading), he has drawn them: L49 judges his answer, and it is asked
    given = answer_to(text + "Bob asks dealer\nCat discards 0\nDan discards 0\nAnn gets 2\n")
    assert given["asks"] == [{"of": "Ann", "what": "cards drawn", "about": "Bob", "law": "L49"}]
    assert answer_to(text + "Bob asks dealer\nAnn discards 0; dealer answers 0\n")["asks"] == []
    assert answer_to(text + "Cat asks dealer\n")["asks"] == []  # Cat has not drawn
    # asked twice, one question: asked once of the dealer, and one answer answers it
    assert len(answer_to(text + "Bob asks dealer\nBob asks dealer\nCat discards 0\nDan discards 0\nAnn discards 0\n")
               ["asks"]) == 1
    assert answer_to(text + "Bob asks dealer\nBob asks dealer\nAnn discards 0; dealer answers 0\n")["asks"] == []
    # asked again once answered, the same question: the answer given answers it (it was asked again)
    drawn = text + "Bob asks dealer\nCat discards 0\nDan discards 0\nAnn discards 0\ndealer answers 0\n"
    assert answer_to(drawn + "Bob asks dealer\n")["asks"] == []
    assert answer_to(text + "Ann discards 0; Ann asks dealer\n")["asks"] == []  # the dealer's own question is none


@pytest.mark.parametrize("draw, owed, law, gives", [
    # a deficiency pointed out (L43), its make-good's card exposed (L40): that card is owed, the discard beside it
    ("Bob discards 3; Bob asks 2; Bob gets 1; Bob points out short; Bob gets 1 exposed 1", 1, "L40", [1, 2]),
    # a card exposed first, the shortfall pointed out, and the evidence settling a smaller demand (L46)
    ("Bob discards 4; Bob asks 5; Bob gets 2 exposed 1; Bob points out short; "
     "Bob claims 5 dealer says 2 testimony (Dan 2)", 1, "L43", [1, 3]),
])
def test_a_rulings_make_good_whose_card_was_exposed_is_owed_as_the_ruling_said(draw, owed, law, gives):
    """Item 28 and law 43's reading: once a ruling has made good what he was short of the
    number asked, the dealer owes that, with the discard offered beside it (law 44), not
    the whole discard alone, even where a card was exposed (L40)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            f"Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n{draw}\n")
    answer = answer_to(text)
    assert answer["owed"] == [{"by": "Ann", "to": "Bob", "what": "give", "cards": owed, "law": law}]
    assert answer["acts"] == [{"type": "give", "to": "Bob", "count": count} for count in gives]


def test_a_hand_made_foul_owes_no_card_back_and_nothing_made_good():
    """L42 then L46: the excess taken back on the demand taken to be the discard, then the
    evidence settles the number the dealer gave: the hand is foul (L45), and `next` owed
    the retired player the card back (and the ruling a make-good) besides."""
    text = DISPUTE.replace("Cat gets 2", "Cat gets 4") + "Cat points out excess\n"
    assert answer_to(text)["owed"] == [{"by": "Ann", "to": "Cat", "what": "return_excess", "cards": 1, "law": "L42"}]
    answer = answer_to(text + "Cat claims 3 dealer says 4 testimony (Bob 4)\n")
    assert answer["owed"] == [] and answer["player"] == "Ann" and answer["acts"][0]["type"] == "discard"


def test_an_excess_to_take_back_is_owed_until_the_player_raises_his_cards():
    """Reading 55: the L42 ruling takes the excess back (no event records it), and it is
    listed as owed, through the dealer's own draw and the betting, until the player raises
    his cards; a refund or a penalty stays owed until the next deal."""
    text = DISPUTE.replace("Cat gets 2", "Cat gets 4") + "Cat points out excess\n"
    owed = [{"by": "Ann", "to": "Cat", "what": "return_excess", "cards": 1, "law": "L42"}]
    assert answer_to(text)["owed"] == owed
    assert answer_to(text + "Ann discards 0\n")["owed"] == owed
    assert answer_to(text + "Ann discards 0\nCat lifts\n")["owed"] == []


def test_a_ruling_that_waits_for_its_witness_asks_and_offers_no_discard():
    answer = answer_to(DISPUTE + "Cat claims 3 dealer says 2\n")
    assert answer["asks"] == [{"of": "Bob", "what": "number", "about": "Cat", "law": "L46"}]
    assert answer["acts"] == [] and answer["others"] == []  # not the rest of Cat's give, whose number waits
    # reading 55: nothing else is offered, nor the demand of a disputant who has recorded none
    waiting = answer_to(HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
                               "Bob discards 3; Bob claims 2 dealer says 3\n")
    assert (waiting["player"], waiting["acts"], waiting["others"]) == ("Dan", [], [])


@pytest.mark.parametrize("opening, cat_least, bob_may_pass", [(4, 6, False), (6, 6, False), (8, 8, True)])
def test_an_ante_after_an_early_stake_is_part_of_it_when_his_turn_comes(opening, cat_least, bob_may_pass):
    """Reading 24: Bob stakes 5 before the shuffle, then antes 1: his early stake is 6, the
    stake Cat meets once Bob's turn passes (L26), and Bob, short only of a stake over 6,
    may pass at his turn only then; next offered Cat a play of 5 and Bob a pass he could
    not make in turn, judging the early stake by the 5 alone."""
    text = ("players Ann Bob Cat Dan; limit 5; ante 1\nAnn deals; Bob plays 5; Ann shuffles; Dan cuts; "
            f"Bob antes 1\nCat straddles 2\ndealt\nDan passes; Ann opens {opening}\n")
    answer = answer_to(text)
    assert answer["player"] == "Cat" and act(answer, "play")["minimum"] == cat_least
    assert ({"type": "pass", "player": "Bob"} in answer["others"]) == bob_may_pass


@pytest.mark.parametrize("house, text", [
    (None, HEAD + "dealt\nAnn demands show 1; Bob demands show 1; Cat passes; Dan passes\n"),
    ("table-stakes", "players Ann Bob Cat Dan; limit 10; ante 1; house table-stakes; stacks Ann 1, Bob 1, Cat 9, Dan 9\n"
                     "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat passes; Dan passes; Ann straddles 1\n"),
])
def test_where_no_act_can_come_in_the_says_last_turns_it_ends_there_unopened(house, text):
    """L61 and A5's reading: the turns left in the say are those of players who demanded a
    show for a sum (out of turn) or staked all they have (an ante, a straddle in the say):
    no act can come in them, so the say is over at the last act, no one opened (L29), and
    Bob deals the jack-pot. With two such turns left, check waited for a later act (and
    next offered the draw, whose discard check called law 35's)."""
    answer = answer_to(text)
    assert (answer["phase"], answer["player"], answer["acts"]) == ("over", "Bob", [{"type": "deal"}])
    assert answer["jackpot"] == {"number": 1, "openers": "JJ"}
    log, _ = parse_checked(text, "x.hand")
    report = replay_log(log, apply_house(RULEBOOK, read_house(house)) if house else None)
    assert report["games"][0]["complete"] and report["findings"][-1]["id"] == "L29"
    assert report["findings"][-1]["event"] == len(log["events"]) - 1


def test_a_show_for_a_sum_demanded_out_of_turn_raises_no_one_when_his_turn_passes():
    """L61 and reading 24: Dan demands a show for 3 before Cat, the first to say, opens
    for 2. Dan's turn passes with his show, which raises no one: Ann meets Cat's 2, as
    check measures (no L26 for a play of 2); next asked her for 3."""
    text = HEAD + "dealt\nDan demands show 3; Cat opens 2\n"
    answer = answer_to(text)
    assert answer["player"] == "Ann" and act(answer, "play") == {"type": "play", "minimum": 2, "maximum": 12}
    log, _ = parse_checked(text + "Ann plays 2\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L25"]  # Dan's act out of turn, and no more


def test_early_raises_all_round_come_back_to_the_first_early_bettor_to_meet_them():
    """turns.md and SPEC 28: Dan, Ann and Bob bet 4, 6 and 8 before their turns; Cat, the
    first to bet, passes. Dan's 4, Ann's 6 and Bob's 8 count as their turns come, and the
    turn comes round to Dan to meet 8 (Bob, at the highest, owes no act: his pass would be
    out of turn)."""
    text = HEAD + ("dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
                   "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\n"
                   "Dan plays 4; Ann plays 6; Bob plays 8; Cat passes\n")
    answer = answer_to(text)
    assert answer["player"] == "Dan" and answer["acts"][:2] == [{"type": "play", "minimum": 8, "maximum": 18},
                                                                 {"type": "pass"}]
    assert not any(act["player"] == "Dan" for act in answer["others"])


def test_two_rulings_waiting_for_their_witness_are_both_asked_the_first_made_first():
    """SPEC 28: the answer says what a ruling waits for: with Cat's and Dan's disputes both
    waiting for Bob's number, both are asked, Cat's first; one answered, the other stays."""
    draw = ("Bob discards 2; Bob gets 3; Bob claims 3 dealer says 3 unable (Dan Cat)\n"
            "Cat discards 1; Cat gets 2; Cat claims 1 dealer says 2 testimony (Dan 1)\n"
            "Dan discards 3; Dan gets 2; Dan claims 3 dealer says 2\n")
    text = HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n" + draw
    answer = answer_to(text)
    assert answer["player"] == "Bob" and answer["acts"] == []
    assert answer["asks"] == [{"of": "Bob", "what": "number", "about": "Cat", "law": "L46"},
                              {"of": "Bob", "what": "number", "about": "Dan", "law": "L46"}]
    answered = answer_to(text + "Dan claims 3 dealer says 2 testimony (Bob 3)\n")
    assert answered["asks"] == [{"of": "Bob", "what": "number", "about": "Cat", "law": "L46"}]


@pytest.mark.parametrize("house, jackpot", [({"parameters": {"table_stakes": True, "ante_from_every_player": True}}, ""),
                                           ("table-stakes", "Cat passes; Dan passes; Ann passes; Bob passes\n")])
def test_an_ante_of_all_he_had_refunded_with_a_foul_hand_is_not_owed_again(house, jackpot):
    """A5's reading: an ante of all he has is the ante the laws count. Cat antes 2 with 1;
    her hand foul, the 1 is refunded (L14), and `next` said she owed the ante of 1 again
    (L20, in a jack-pot L30): recorded, it took her refund back into the pool."""
    table = "players Ann Bob Cat Dan; limit 20; ante 2; stacks Ann 20, Bob 20, Cat 1, Dan 20\n"
    if jackpot:  # the ante-man's game, no one opens: every player antes the jack-pot
        text = (table + "Ann deals; Ann shuffles; Dan cuts; Bob antes 2\ndealt\n" + jackpot
                + "Bob deals; Bob shuffles; Ann cuts; Cat antes 2; Dan antes 2; Ann antes 2; Bob antes 2\n"
                "dealt Cat 4, Dan 5, Ann 5, Bob 5\nCat lifts\n")
    else:
        text = (table + "Ann deals; Ann shuffles; Dan cuts; Bob antes 2; Cat antes 2; Dan antes 2; Ann antes 2\n"
                "dealt Bob 5, Cat 4, Dan 5, Ann 5\nCat lifts\n")
    answer = answer_to(text, house=house)
    assert [o["what"] for o in answer["owed"]] == ["refund"], answer["owed"]


CONTESTED = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
             "dealt Ann 5, Bob 5, Cat 5, Dan 5\nCat passes; Dan passes; Ann passes; Bob passes\n"
             "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n"
             "dealt Ann 5, Bob 5, Cat 5, Dan 5\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
             "Cat discards 3; Cat asks 3; Cat gets 3\nDan discards 3; Dan asks 3; Dan gets 3\n"
             "Cat plays 3; Dan plays 3\nCat shows (Jh Tc Td 9c 3d); Dan shows (9h 9d 8c 6s 5d)\n")


@pytest.mark.parametrize("original, jackpot", [("Jh Qs Tc 5s 2h", {"number": 2, "openers": "QQ"}),
                                               ("Jh Jd Tc 5s 2h", None)])
def test_a_jack_pot_openers_hand_shown_after_he_won_the_show_ends_the_game(original, jackpot):
    """L33 and item 28: Cat, the opener, wins the show; `next` asks for her opening hand,
    and she shows it (her hand again, with `original`). `check` ruled on it there, but the
    claim still waited: `next` offered her another show and the jack-pot just played. The
    game is over: the next dealer deals, without knaves the next jack-pot (QQ)."""
    asked = answer_to(CONTESTED)
    assert asked["asks"] == [{"of": "Cat", "what": "opening hand", "law": "L33"}]
    answer = answer_to(CONTESTED + f"Cat shows (Jh Tc Td 9c 3d) original ({original})\n")
    assert (answer["phase"], answer["player"], answer["acts"]) == ("over", "Cat", [{"type": "deal"}])
    assert answer["asks"] == [] and answer["jackpot"] == jackpot


@pytest.mark.parametrize("paid, owed", [("", []), ("; Dan antes 2", ["refund"])])
def test_one_retired_with_a_foul_hand_owes_no_jack_pot_ante(paid, owed):
    """L14 and item 28: Dan, dealt six in a jack-pot, lifts them and retires. `next` said he
    owed his ante (L30), short or unpaid; paid after the lift, the dealer's refund (L14) of
    his ante never followed. He owes none: what he paid is refunded him."""
    text = (HEAD + "dealt\nCat passes; Dan passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 3; Ann antes 3; Bob antes 3" + paid + "\n"
            "dealt Cat 5, Dan 6, Ann 5, Bob 5\nDan lifts\n").replace("ante 1", "ante 3")
    assert [o["what"] for o in answer_to(text)["owed"]] == owed
    ordinary = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts\ndealt Bob 4\nBob lifts\n"
    assert answer_to(ordinary)["owed"] == []  # the ante-man's, in a game only he antes


def test_a_card_dealt_once_the_dealing_is_over_is_his_and_no_more_is_owed_to_fill_his_hand():
    """L7's reading (the card stays with its player) and item 28: Cat discards one and the
    dealer deals her a card with a `card` event; `next` still owed her the card of her draw,
    and given it, her hand of six was foul when raised (L48)."""
    text = (HEAD + "dealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 1\ncard to Cat\n")
    answer = answer_to(text)
    assert answer["owed"] == [] and answer["player"] == "Dan", answer
    # discarding two, he is owed one: the discard's two is offered no more, which would make six (L48)
    two = answer_to(text.replace("Cat discards 1", "Cat discards 2"))
    assert (two["player"], two["acts"]) == ("Ann", [{"type": "give", "to": "Cat", "count": 1}]), two


def test_a_disputant_given_his_discard_waits_for_no_number_and_the_betting_waits_for_one():
    """L46's reading: a ruling waits for its witness's number "while a correction could
    still follow from it"; where the cards given are the discard, none can (law 44: all is
    well), and the witness was asked until Cat bet, no one offered the betting. Where one can
    (Cat given 2 of her 1), the betting waits for the number while the dealer gives himself
    his cards too: `next` said "then Cat to bet" until his give, then withheld it."""
    head = ("players Ann Bob Cat; limit 20; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 1; Bob asks 1; Bob gets 1\nCat discards 1\n"
            "Cat claims 1 dealer says 2\n")
    given = answer_to(head + "Cat gets 1\nAnn discards 2; Ann gets 2\n")
    assert given["asks"] == [] and given["player"] == "Cat" and {a["type"] for a in given["acts"]} == {"play", "pass"}
    excess = answer_to(head + "Cat gets 2\nCat points out excess\n")  # taken back, she holds her discard's number
    assert excess["asks"] == [{"of": "Bob", "what": "number", "about": "Cat", "law": "L46"}]  # 2 asked: L45's foul
    for dealer in ("Ann discards 2\n", "Ann discards 2; Ann gets 2\n"):
        waiting = answer_to(head + "Cat gets 2\n" + dealer)
        assert waiting["asks"] == [{"of": "Bob", "what": "number", "about": "Cat", "law": "L46"}], dealer
        assert not [o for o in waiting["others"] if o["type"] in ("play", "pass")], dealer


def test_while_the_witness_is_asked_the_dealer_gives_what_he_owes_another():
    """SPEC 28: the answer says what is owed and what a ruling waits for, both, and while
    the dealer owes cards in the draw he is the player to act: Cat's discard, which waits
    for no ruling, is given while Dan is asked the number Bob demanded; Bob's own cards
    wait for it."""
    answer = answer_to(HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
                              "Bob discards 2; Bob gets 3; Cat discards 1\nBob claims 2 dealer says 3\n")
    assert answer["asks"] == [{"of": "Dan", "what": "number", "about": "Bob", "law": "L46"}]
    assert answer["owed"] == [{"by": "Ann", "to": "Cat", "what": "give", "cards": 1, "law": "L39"}]
    assert answer["player"] == "Ann" and answer["acts"] == [{"type": "give", "to": "Cat", "count": 1}]
    short = answer_to(HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
                             "Bob discards 2; Bob gets 1; Cat discards 1\nBob claims 2 dealer says 1\n")
    assert short["player"] == "Ann" and short["acts"] == [{"type": "give", "to": "Cat", "count": 1}]
    assert not [o for o in short["others"] if o["type"] == "give"]  # Bob's rest waits for the number (reading 55)
    waiting = answer_to(HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
                               "Bob discards 3; Bob claims 2 dealer says 3\n")
    assert waiting["player"] == "Dan" and waiting["acts"] == []


def test_the_ante_is_owed_before_the_deal_and_the_straddle_offered_after_it():
    answer = answer_to("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals\n")
    assert answer["player"] == "Ann" and answer["acts"] == [{"type": "shuffle"}]
    assert {"type": "ante", "amount": 1, "player": "Bob"} in answer["others"]
    assert answer["owed"] == [{"by": "Bob", "to": "pool", "what": "ante", "amount": 1, "law": "L20"}]
    answer = answer_to(HEAD)
    assert answer["player"] == "Cat" and answer["acts"] == [{"type": "straddle", "amount": 2}]  # D2
    assert {"type": "dealt", "hands": {"Bob": 5, "Cat": 5, "Dan": 5, "Ann": 5}, "dealer": "Ann"} in answer["others"]


@pytest.mark.parametrize("before, straddle", [
    ("Ann deals; Ann shuffles; Dan cuts\n", "Cat straddles 2"),  # no ante staked yet
    ("Ann deals; Ann shuffles; Bob antes 1\ncard to Bob\nCat points out uncut\n", "Cat straddles 2"),  # a misdeal
    ("Ann deals; Ann shuffles; Bob antes 1\ncard to Bob\nCat points out uncut\nAnn deals; Ann shuffles; Dan cuts\n",
     "Cat straddles 2"),  # the new deal, which needs no new straddles (reading 7)
])
def test_where_no_straddle_is_offered_one_made_is_out_of_turn(before, straddle):
    """Law 21 and item 28: `next` offers no straddle before the ante is staked nor after a
    misdeal, and `check` finds one made there out of turn, the one turn model for both."""
    text = "players Ann Bob Cat Dan; limit 20; ante 1\n" + before
    assert all(act["type"] != "straddle" for act in [*answer_to(text)["acts"], *answer_to(text)["others"]])
    log, _ = parse_checked(text + straddle + "\n", "x.hand")
    report = arbiter.check_log(log)
    assert ("L21", len(log["events"]) - 1, "Cat") in {(f["id"], f["event"], f["player"]) for f in report["findings"]}


def test_the_deal_is_offered_only_once_the_pack_is_cut():
    """L4: the pack is cut before every deal; dealing uncut was offered beside the cut
    (the deal stands, L9, but a card dealt and the want of a cut pointed out is a misdeal, L8)."""
    answer = answer_to("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Bob antes 1\n")
    assert answer["player"] == "Dan" and answer["acts"] == [{"type": "cut"}]
    assert not [o for o in answer["others"] if o["type"] in ("dealt", "card")]
    cut = answer_to("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Bob antes 1; Dan cuts\n")
    assert {"type": "card", "to": "Bob", "dealer": "Ann"} in cut["others"]


def test_a_later_player_may_straddle_past_one_who_lets_his_right_go(tmp_path):
    """L21, item 8: a player who lets his right go does not end it; a later player in turn
    may still increase the last straddle (only the first straddle was offered)."""
    text = ("players Ann Bob Cat Dan Eve; limit 10; ante 1\n"
            "Ann deals; Ann shuffles; Eve cuts; Bob antes 1; Cat straddles 2\n")
    answer = answer_to(text)
    assert answer["player"] == "Dan" and answer["acts"] == [{"type": "straddle", "amount": 3}]
    assert [o["player"] for o in answer["others"] if o["type"] == "straddle"] == ["Eve", "Ann"]
    path = tmp_path / "straddle.json"
    path.write_text(json.dumps(parse_checked(text, "x.hand")[0]), encoding="utf-8")
    code, out, _ = in_process("next", str(path))
    assert code == 0 and "Dan may straddle 3 (if they let it go, Eve or Ann may), or Ann deals the cards (dealt)" in out


def test_the_ante_offered_is_at_most_half_the_limit():
    """L19: a table's ante over half the limit is offered and owed at the most the law
    allows (an ante of 6 at a limit of 10 was offered, and found L19 when made)."""
    answer = answer_to("players Ann Bob Cat Dan; limit 10; ante 6\nAnn deals; Ann shuffles; Dan cuts\n")
    assert answer["player"] == "Bob" and answer["acts"] == [{"type": "ante", "amount": 5}]
    assert answer["owed"] == [{"by": "Bob", "to": "pool", "what": "ante", "amount": 5, "law": "L20"}]
    # at a limit of 1 no ante is within the bound: the table's is offered, never 0 (no log can hold it)
    one = answer_to("players Ann Bob Cat Dan; limit 1; ante 1\nAnn deals; Ann shuffles; Dan cuts\n")
    assert one["acts"] == [{"type": "ante", "amount": 1}]


def test_an_ante_unpaid_at_the_first_card_stays_owed_until_the_next_deal():
    """Reading 55: antes due (L20, L30) are owed until the next deal: one not paid when the
    cards went out is still owed in the say (it vanished at the first card), and a late
    payment then is taken into the pool."""
    jackpot = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
               "dealt\nCat passes; Dan passes; Ann passes; Bob passes\n"
               "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1\ndealt\n")
    answer = answer_to(jackpot)
    assert answer["player"] == "Cat" and answer["phase"] == "say"
    assert answer["owed"] == [{"by": "Bob", "to": "pool", "what": "ante", "amount": 1, "law": "L30"}]
    assert answer_to(jackpot + "Bob antes 1\n")["owed"] == []
    ordinary = answer_to("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts\ndealt\n")
    assert ordinary["owed"] == [{"by": "Bob", "to": "pool", "what": "ante", "amount": 1, "law": "L20"}]


def test_a_refund_is_owed_until_the_next_deal():
    text = HEAD + "dealt Bob 4, Cat 5, Dan 5, Ann 5\nBob lifts\n"
    answer = answer_to(text)
    assert {"by": "Ann", "to": "Bob", "what": "refund", "amount": 1, "law": "L14"} in answer["owed"]
    assert answer["player"] == "Cat"  # the say goes on without the foul hand


def test_a_game_over_is_dealt_next_by_the_player_to_the_left_and_a_misdeal_by_the_same_dealer():
    answer = answer_to(HEAD + "dealt\nCat opens 2; Dan passes; Ann passes; Bob passes\n")
    assert answer["phase"] == "over" and answer["player"] == "Bob" and answer["acts"] == [{"type": "deal"}]
    assert answer["others"] == [{"type": "win", "player": "Cat"}]
    # the win recorded, it is not offered again (the page showed its button after it)
    assert answer_to(HEAD + "dealt\nCat opens 2; Dan passes; Ann passes; Bob passes\nCat wins\n")["others"] == []
    answer = answer_to(HEAD + "card to Bob; face up in pack\n")
    assert answer["player"] == "Ann" and answer["acts"] == [{"type": "deal"}]


def test_a_jackpot_opener_left_alone_is_asked_for_his_hand():
    text = HEAD + "dealt\nDan passes; Ann passes; Bob passes; Cat passes\n" \
                  "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n" \
                  "dealt\nCat opens 2; Dan passes; Ann passes; Bob passes\n"
    answer = answer_to(text)
    assert answer["player"] == "Cat" and answer["acts"] == [{"type": "show"}]
    assert answer["asks"] == [{"of": "Cat", "what": "opening hand", "law": "L33"}]


def test_while_a_winning_opener_is_asked_for_his_openers_the_jackpot_is_the_one_in_play():
    """`next`'s schema: `jackpot` is the jack-pot in play, or once the game is over the next
    game's. Cat, the opener, wins at the show with a hand he drew to; the game waits for
    his openers (phase `show`): the jack-pot in play is the first, knaves."""
    text = HEAD + "dealt\nDan passes; Ann passes; Bob passes; Cat passes\n" \
                  "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n" \
                  "dealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n" \
                  "Cat discards 3; Cat asks 3; Cat gets 3; Dan discards 1; Dan asks 1; Dan gets 1\n" \
                  "Cat plays 4; Dan plays 4\nCat shows (Jh Jc Js 7c 7d); Dan shows (Td Ts 5h 5s 9h)\n"
    answer = answer_to(text)
    assert (answer["phase"], answer["player"], answer["jackpot"]) == ("show", "Cat", {"number": 1, "openers": "JJ"})


@pytest.mark.parametrize("cards, jackpot_next", [("Jc Jd 8h 9s Kc", None), ("4c 5d 8h 9s Kc", "QQ")])
def test_a_jackpot_opener_left_alone_shows_his_openers_though_the_log_names_them(cards, jackpot_next):
    """SPEC 28: a jack-pot opener left alone is to act with `show` (L33), the next deal
    waiting among the others; the log names his hand, so nothing is asked. His claim is
    judged at his show (reading 47: the `original` he shows comes first), and until then
    the answer says what the hand the log knows would give: where the cards
    he named hold the openers he has the pool; where they lack them the false opener's
    penalty is owed, and the next jack-pot of the series follows. Then the next dealer deals."""
    text = HEAD + "dealt\nDan passes; Ann passes; Bob passes; Cat passes\n" \
                  "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n" \
                  f"dealt\nCat passes; Dan opens 2 ({cards}); Ann passes; Bob passes\n"
    answer = answer_to(text)
    assert answer["player"] == "Dan" and answer["acts"] == [{"type": "show"}] and answer["asks"] == []
    assert {"type": "deal", "dealer": "Cat"} in answer["others"]
    # unshown, his claim is settled by the hand the log knows, as `check` settles it at the log's end
    assert (answer["jackpot"] or {}).get("openers") == jackpot_next
    assert [o["law"] for o in answer["owed"]] == ([] if jackpot_next is None else ["L33"])
    assert ({"type": "win", "player": "Dan"} in answer["others"]) == (jackpot_next is None)
    answer = answer_to(text + f"Dan shows ({cards})\n")
    assert answer["player"] == "Cat" and answer["acts"] == [{"type": "deal"}]
    assert (answer["jackpot"] or {}).get("openers") == jackpot_next
    assert [o["law"] for o in answer["owed"]] == ([] if jackpot_next is None else ["L33"])


@pytest.mark.parametrize("early, least", [(3, 3), (1, 1)])
def test_in_the_say_an_early_stake_binds_those_after_its_turn_not_the_opening_minimum(early, least):
    """SPEC 24: Dan's opening out of turn binds those after him once his turn has come, and
    counts as the last increase: Ann, after him, meets it (3, or a short 1), not the
    opening minimum of 2; Dan, who may say again, is offered a raise of his stake, or, short
    of the opening minimum, that minimum (item 24: his turn passes unless he raises). What
    `next` offers, `check` accepts without a finding."""
    text = HEAD + f"dealt\nDan opens {early}\nCat passes\n"
    answer = answer_to(text)
    assert answer["player"] == "Ann" and act(answer, "play")["minimum"] == least
    assert [o["minimum"] for o in answer["others"] if o.get("player") == "Dan"] == [early + 1 if early >= 2 else 2]
    log, _ = parse_checked(text + f"Ann plays {least}\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L25"]  # Dan's act out of turn, and no more


@pytest.mark.parametrize("his_act", ["Dan passes", "Dan demands show 3"])
def test_an_early_sayer_short_at_his_turn_is_offered_his_pass_beside_the_make_good(his_act):
    """Item 24: an early stake short of the stake to meet when its turn comes is made good or
    passed then; his pass is in turn (it was offered no pass, and one recorded was L25 again;
    then offered, but not said in the words);
    so is a show for what he has (L60's reading: from his stake up, by the laws alone),
    as where he is the one to act."""
    text = HEAD + "dealt\nDan opens 2\nCat opens 4\n"
    answer = answer_to(text)
    assert answer["player"] == "Ann"
    assert [o for o in answer["others"] if o.get("player") == "Dan"] == [
        {"type": "play", "minimum": 4, "maximum": 14, "player": "Dan"}, {"type": "pass", "player": "Dan"},
        {"type": "demand_show", "minimum": 2, "maximum": 3, "player": "Dan"}]
    # named once, whatever he is offered, and his pass said (it was left out of the words)
    assert words(answer).startswith("Dan may say again (play 4 to 14, pass or a show for 2 to 3; ")
    log, _ = parse_checked(text + his_act + "\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L25"]  # his open out of turn, and no more


def test_after_an_early_show_for_a_sum_the_game_is_still_to_open():
    """L61, item 28: a show for a sum demanded out of turn opens nothing when its turn
    passes: the next sayer is offered `open` from the opening minimum (he was offered a
    `play` from the ante, and check found an opening of 1 short, L25)."""
    answer = answer_to(HEAD + "dealt\nDan demands show 1\nCat passes\n")
    assert answer["player"] == "Ann" and act(answer, "open") == {"type": "open", "minimum": 2, "maximum": 11}


def test_once_a_stake_counts_in_turn_the_stake_offered_is_a_play():
    """SPEC 28: `open` is offered before the game is opened, `play` after; an early stake
    counts at its owner's turn (SPEC 24), so once Dan's turn has passed with the stake he
    made before the deal, Ann meets it with a `play`: never an `open` below the opening
    minimum. What `next` offers, `check` accepts without a finding."""
    text = HEAD + "Dan plays 1\ndealt\nCat passes\n"
    answer = answer_to(text)
    assert answer["player"] == "Ann" and [a["type"] for a in answer["acts"]] == ["play", "pass"]
    assert act(answer, "play")["minimum"] == 1
    log, _ = parse_checked(text + "Ann plays 1\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L25"]  # Dan's stake before the deal


def test_in_the_say_one_whose_stake_was_raised_may_show_for_a_sum():
    """L60 in the say: Bob's ante of 1 is raised to 8, and he may stake what he has for a
    show; Ann, who has staked nothing, has no bet raised and is offered none. After his
    demand the say is over, and he is first to draw."""
    text = HEAD + "dealt\nCat opens 2\nDan plays 8\n"
    assert "demand_show" not in [a["type"] for a in answer_to(text)["acts"]]  # Ann's say
    answer = answer_to(text + "Ann passes\n")
    assert answer["player"] == "Bob" and act(answer, "demand_show") == {"type": "demand_show", "minimum": 1,
                                                                       "maximum": 7}
    answer = answer_to(text + "Ann passes\nBob demands show 3\n")
    assert (answer["player"], answer["phase"]) == ("Bob", "draw") and act(answer, "discard")


def test_when_every_turn_left_in_the_say_is_an_early_sayers_the_draw_is_next():
    """SPEC 9 and 24: the say goes round once, and an early sayer's turn passes without an
    act. Dan opens and Ann plays out of turn, then Bob passes out of turn and Cat plays in
    turn: Dan's and Ann's turns pass, so the say is over and Bob's is the first draw (Cat,
    the first still in from the dealer's left); each early sayer may still raise instead."""
    text = HEAD + "dealt\nDan opens 2\nAnn plays 2\nBob passes\nCat plays 2\n"
    answer = answer_to(text)
    assert (answer["player"], answer["phase"]) == ("Cat", "draw") and act(answer, "discard")
    assert {o["player"] for o in answer["others"] if o["type"] == "play"} == {"Dan", "Ann"}
    log, _ = parse_checked(text + "Cat discards 0\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L25", "L25", "L25"]  # the three early acts, no more


def test_where_the_early_bettors_turns_all_passing_close_the_betting_the_show_is_offered():
    """SPEC 24 and 28: Ann and Bob stand out of turn, Cat and Dan in turn: once Ann's turn and
    then Bob's pass, every player has acted and the stakes are equal, so the show is what
    comes next (it looked at Bob's turn alone), and a show then is no finding. Bob's act
    again is a raise (item 24: his stake equals the preceding one, so his turn passes
    unless he raises): he was offered 'play (2 to 12) or pass', as if he must act."""
    text = HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n" \
                  "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\n" \
                  "Ann plays 2\nBob plays 2\nCat plays 2\nDan plays 2\n"
    answer = answer_to(text)
    assert (answer["player"], answer["phase"], answer["acts"]) == ("Cat", "show", [{"type": "show"}, {"type": "pass"}])
    assert [o for o in answer["others"] if o["player"] == "Bob"] == [
        {"type": "play", "minimum": 3, "maximum": 12, "player": "Bob"}]
    log, _ = parse_checked(text + "Cat shows (Kh Kd Ks 5c 2h)\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L53", "L53"]  # the two early stands, no L59


@pytest.mark.parametrize("others", ["", "Cat passes\n"])
def test_an_early_bettor_left_alone_beside_a_show_for_a_sum_has_no_one_to_bet_against(others):
    """L61's reading: where one player besides the demander is left, his stake meeting the
    highest, the betting ends and the hands are shown. Bob bet early; Ann, first to bet,
    demands a show for less: `next` offered Bob a raise "again", and `check` took one
    without a finding, where in turn it is law 59's."""
    players = "Ann Bob Cat" if others else "Ann Bob"
    text = (f"players {players}; limit 10; ante 1\nAnn deals; Ann shuffles; Bob cuts; Bob antes 1\ndealt\n"
            + ("Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 0; Ann discards 0\n" if others else
               "Ann opens 2; Bob plays 2\nBob discards 0; Ann discards 0\n")
            + "Bob plays 6\n" + others + "Ann demands show 4\n")
    answer = answer_to(text)
    assert (answer["phase"], answer["player"]) == ("show", "Ann") and not answer["others"]
    log, _ = parse_checked(text + "Bob plays 10\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]][-1] == "L59"


def test_a_stake_by_one_out_of_the_game_passes_no_early_bettors_turn():
    """SPEC 25: a stake by one who passed moves counters into the pool (L56) and changes
    nothing else. Ann, out, staked while Bob's early raise waited for his turn to pass: it
    passed his turn, so `next` no longer offered his raise again, and his raise was then
    ruled out of turn (L53)."""
    text = HEAD + "dealt\nCat opens 2; Dan plays 2; Ann passes; Bob plays 2\n" \
                  "Bob discards 0; Cat discards 0; Dan discards 0\nCat plays 5\nBob plays 7\nDan plays 7\n"
    before = answer_to(text)
    assert {"type": "play", "minimum": 8, "maximum": 17, "player": "Bob"} in before["others"]
    assert answer_to(text + "Ann plays 9\n") == before
    log, _ = parse_checked(text + "Ann plays 9\nBob plays 10\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L53", "L27"]  # Bob's early raise, Ann's late stake


def test_once_all_have_drawn_a_make_good_is_no_longer_offered():
    """SPEC 10: one who drew without making good may make good later in the draw; once all
    have drawn a stake is a bet (Dan's, out of turn: L53), so `next` offers none."""
    text = HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 4; Bob plays 4\nBob discards 0\n" \
                  "Cat plays 4; Cat discards 0\nDan discards 0\n"
    assert {"type": "play", "minimum": 4, "maximum": 4, "player": "Dan"} in answer_to(text)["others"]
    answer = answer_to(text + "Ann discards 0\n")
    assert answer["player"] == "Cat" and not [o for o in answer["others"] if o["type"] == "play"]


def test_while_the_dealer_owes_the_cards_of_the_draw_a_make_good_is_still_offered_and_no_bet():
    """L35's reading: the draw ends once every player still in has had his turn and been
    given all he is owed. All have discarded, but the dealer, out, has given nothing: Cat,
    who drew without making good (L36), may still make good, and `check` finds it no bet
    (no L48 for her hand of four). It began the betting, and the gives were L35's."""
    text = HEAD + "dealt\nCat opens 2; Dan plays 4; Ann passes; Bob passes\nCat discards 1; Dan discards 1\n"
    answer = answer_to(text)
    assert answer["player"] == "Ann" and answer["acts"] == [{"type": "give", "to": "Cat", "count": 1}]
    assert {"type": "play", "minimum": 4, "maximum": 4, "player": "Cat"} in answer["others"]
    log, _ = parse_checked(text + "Cat plays 4; Cat gets 1; Dan gets 1\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L36"]
    assert answer_to(text + "Cat plays 4; Cat gets 1; Dan gets 1\n")["player"] == "Cat"  # first to bet (L53)


@pytest.mark.parametrize("act", ["Bob passes", "Bob lifts", "Bob plays 2", "Bob demands show 1", "Bob stands"])
def test_a_hand_found_foul_at_the_show_by_any_act_leaves_it_as_a_pass_does(act: str) -> None:
    """L59's reading: Bob, the last hand due, raises six cards at the show (L48) and
    retires; Cat's hand, shown, takes the pool, and the next dealer is to deal. The game
    stood with no one to act and the pool unpaid."""
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Ann plays 2; Bob demands show 1\nBob discards 1; Bob gets 2\nCat discards 0; "
            "Ann discards 0\nCat plays 2; Ann passes\nCat shows (4c 6d 7h 9s Jc)\n" + act + "\n")
    log, _ = parse_checked(text, "x.hand")
    report = replay_log(log)
    assert [f["id"] for f in report["findings"]] == ["L48"]
    assert (report["games"][0]["winners"], report["games"][0]["complete"]) == (["Cat"], True)
    answer = answer_to(text)
    assert (answer["player"], answer["acts"]) == ("Bob", [{"type": "deal"}]), answer


def test_a_say_that_raises_a_foul_hand_opens_nothing():
    """Reading 5: a first say counts as the lift where none is recorded, and the hand is
    foul from that lift, before the say; the say is one finding (L13), its stake is
    forfeit in the pool, and it opens nothing, exactly as a `lift` recorded before it.
    So Dan, next, may open at double the ante, and a stake of 1 is judged short (L25)."""
    for lift in ("", "Cat lifts\n"):
        text = HEAD + "dealt Bob 5, Cat 4, Dan 5, Ann 5\n" + lift + "Cat opens 2\n"
        answer = answer_to(text)
        assert answer["player"] == "Dan" and act(answer, "open")["minimum"] == 2
        log, _ = parse_checked(text + "Dan plays 1\n", "x.hand")
        report = replay_log(log)
        assert [f["id"] for f in report["findings"]] == ["L13", *(["L63"] if lift else []), "L25"]
        assert report["games"][0]["opened_by"] == "Dan"


def test_a_hand_found_foul_by_a_lift_may_end_the_betting():
    """SPEC 15: the betting ends when every player still in has acted since the last
    increase and the stakes are equal. Bob's four cards, raised after Cat's bet and Ann's
    call, retire him: the hands are shown, beginning left of Ann, whose stake made them equal."""
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 3; Bob asks 3; Bob gets 2\n"
            "Cat discards 0; Ann discards 0\nCat plays 4; Ann plays 4\n")
    assert answer_to(text)["player"] == "Bob"
    answer = answer_to(text + "Bob lifts\n")
    assert (answer["player"], answer["phase"]) == ("Cat", "show")


def test_a_claim_left_unshown_until_the_next_deal_is_settled_at_its_games_last_event():
    """Law 33: a jack-pot opener left alone, whose hand is not recorded, has his claim
    settled when the next deal ends his game, as of his game's last event (the last
    pass), not the new deal: the ruling and the pool's payment cite that event."""
    text = HEAD + "dealt\nDan passes; Ann passes; Bob passes; Cat passes\n" \
                  "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n" \
                  "dealt\nCat opens 2; Dan passes; Ann passes; Bob passes\nCat deals\n"
    log, _ = parse_checked(text, "x.hand")
    last = len(log["events"]) - 2
    assert log["events"][last] == {"type": "pass", "player": "Bob"}
    report = replay_log(log)
    assert [(f["id"], f["game"], f["event"]) for f in report["findings"] if f["id"] == "L33"] == [("L33", 2, last)]
    assert [(line["to"], line["event"]) for line in report["ledger"] if line["what"] == "win"] == [("Cat", last)]
    assert [g["game"] for g in report["games"]] == [1, 2, 3]


def test_before_the_opening_an_early_play_does_not_raise_the_most_a_stake_may_be():
    """SPEC 28: before the opening the highest stake is the ante's or the last straddle's;
    Dan's play of 6 out of turn counts only from his turn (SPEC 24). Cat may open from 2 to
    21, the ante plus the limit, and an open of 26 raises the highest stake by more than
    the limit (D1). An early `open` opens the game (SPEC 24): then the highest is his."""
    head = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
    assert act(answer_to(head + "Dan plays 6\n"), "open") == {"type": "open", "minimum": 2, "maximum": 21}
    log, _ = parse_checked(head + "Dan plays 6\nCat opens 26\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L25", "D1"]
    assert act(answer_to(head + "Dan opens 6\n"), "play")["maximum"] == 26


def test_an_early_play_that_will_open_at_its_turn_raises_the_most_of_those_after_it():
    """SPEC 24 and 28: Cat passes; Dan's early play of 5 counts at his turn, the first stake
    in turn: it opens the game. Ann, after him, meets 5 and may go to 5 plus the limit;
    `check` takes 15 with no D1 and finds D1 at 16."""
    text = HEAD + "dealt\nDan plays 5\nCat passes\n"
    assert act(answer_to(text), "play") == {"type": "play", "minimum": 5, "maximum": 15}
    for stake, found in ((15, ["L25"]), (16, ["L25", "D1"])):
        log, _ = parse_checked(text + f"Ann plays {stake}\n", "x.hand")
        assert [f["id"] for f in replay_log(log)["findings"]] == found


def test_a_card_exposed_in_a_replacement_is_owed_once():
    """L40: Bob discards 2; of the 2 given one is exposed, and of the 1 given in its place
    one is exposed again: he holds 4 and is owed 1, not 2."""
    text = HEAD + "dealt\nCat passes; Dan passes; Ann opens 2; Bob plays 2\nBob discards 2\n" \
                  "Bob gets 2 exposed 1\nBob gets 1 exposed 1\n"
    answer = answer_to(text)
    assert (answer["player"], answer["acts"]) == ("Ann", [{"type": "give", "to": "Bob", "count": 1}])


@pytest.mark.parametrize("discarded, asked", [(3, 2), (2, 3)])
def test_after_a_wrong_demand_a_short_pointed_out_asks_for_the_deficiency_of_the_number_asked(discarded, asked):
    """Reading 11 read literally (its law 46 sentence: `arbiter table` asks for the give the
    ruling names): Cat asks for another number than she discarded and is given 1; a short
    pointed out (L43) asks the dealer to make good the number asked, and following it gives
    her that number, a foul hand (L45); law 44 lets him give the discard instead, with no
    further finding, and the answer offers that give beside the law's. Given, all is well:
    nothing more is owed, though the ruling named the deficiency of the number asked."""
    text = HEAD + (f"dealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
                   f"Cat discards {discarded}; Cat asks {asked}; Cat gets 1\nBob points out short about Cat\n")
    answer = answer_to(text)
    assert (answer["player"], answer["acts"]) == ("Ann", [{"type": "give", "to": "Cat", "count": asked - 1},
                                                          {"type": "give", "to": "Cat", "count": discarded - 1}])
    assert [(o["cards"], o["law"]) for o in answer["owed"]] == [(asked - 1, "L43")]
    found = {}
    for given in (asked - 1, discarded - 1):
        log, _ = parse_checked(text + f"Cat gets {given}\n", "x.hand")
        found[given] = [f["id"] for f in arbiter.check_log(log)["findings"]]
    assert found == {asked - 1: ["L44", "L43", "L45"], discarded - 1: ["L44", "L43"]}
    after = answer_to(text + f"Cat gets {discarded - 1}\n")
    assert after["owed"] == [] and after["player"] == "Dan"


def test_a_make_good_that_reaches_the_discard_ends_the_debt_of_a_wrong_demand():
    """Reading 11 and law 44: Bob asks for 4 of the 3 he discarded and is given 2; the short
    pointed out owes the deficiency of the number asked (2). One card brings him to his
    discard: all is well, and nothing is owed (a second card would make the hand foul, L45)."""
    text = HEAD + ("dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
                   "Bob discards 3; Bob asks 4; Bob gets 2\nBob points out short\n")
    answer = answer_to(text)
    assert answer["acts"] == [{"type": "give", "to": "Bob", "count": 2}, {"type": "give", "to": "Bob", "count": 1}]
    after = answer_to(text + "Bob gets 1\n")
    assert after["owed"] == [] and after["player"] == "Cat" and act(after, "discard")["maximum"] == 5


def test_one_who_demanded_a_show_and_is_left_alone_takes_the_pool():
    """SPEC 10: when only one player is left in, he takes the pool and there is no draw,
    a show for a sum made in the say (L60) or not."""
    answer = answer_to(HEAD + "dealt\nCat opens 2; Dan passes; Ann passes\nBob demands show 1\nCat passes\n")
    assert (answer["phase"], answer["player"]) == ("over", "Bob") and {"type": "win", "player": "Bob"} in \
        answer["others"]


def test_house_rules_change_the_bounds():
    answer = answer_to(HEAD + "dealt\n", house={"parameters": {"opening_multiple_of_ante": 3}})
    assert act(answer, "open")["minimum"] == 3


def test_house_rules_may_be_given_by_a_path_or_as_read_house_reads_them(tmp_path):
    """A `Path` was read as a house file's data ("a house-rules file is a mapping"), and what
    `read_house` returns was refused for the keys it adds ('_file', '_sha256')."""
    house = tmp_path / "club.yaml"
    house.write_text("parameters: {opening_multiple_of_ante: 3}\n")
    for given in (house, str(house), read_house(str(house))):
        assert act(answer_to(HEAD + "dealt\n", house=given), "open")["minimum"] == 3, given


@pytest.mark.parametrize("house, says", [
    ({"parameter": {"opening_multiple_of_ante": 3}}, "'parameter' was unexpected"),
    ({"parameters": None}, "parameters: None is not of type 'object'"),
    ({"parameters": {"opening_multipel_of_ante": 3}}, "unknown parameter"),
    (5, "a house-rules file is a mapping"),
])
def test_house_rules_given_as_data_are_held_to_the_house_files_schema(house, says):
    """SPEC §5: an unknown name is an error, never silently ignored; the data of a house
    file given to the API is the file's, and a key mistyped (`parameter`) was passed over
    as if no house rules had been given."""
    with pytest.raises(HouseRulesError, match=says):
        answer_to(HEAD + "dealt\n", house=house)


JACKPOT_OPENER_ALONE = (HEAD + "dealt\nCat passes; Dan passes; Ann passes; Bob passes\n"
                        "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n"
                        "dealt\nCat passes; Dan opens 2; Ann passes; Bob passes\n")


def test_a_rule_a_house_switched_off_bounds_nothing_and_asks_nothing():
    """SPEC 28 and 27: the answer comes from the rules in force. With D1 off no stake is too
    high but the log's own bound (a stake is at most 10⁹); with L22 off the straddle due is offered though over half the limit; with L33 off
    a jack-pot opener left alone is not asked to show, and the next dealer deals."""
    text = HEAD + "Cat straddles 2\ndealt\nDan opens 30\n"
    assert act(answer_to(text), "play")["maximum"] == 40
    assert act(answer_to(text, house={"disable": ["D1"]}), "play")["maximum"] == arbiter.events.MAX_STAKE
    straddle = "players Ann Bob Cat Dan; limit 4; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n" \
               "Cat straddles 2\n"
    assert answer_to(straddle)["player"] == "Ann"
    answer = answer_to(straddle, house={"disable": ["L22"]})
    assert (answer["player"], answer["acts"]) == ("Dan", [{"type": "straddle", "amount": 3}])
    assert answer_to(JACKPOT_OPENER_ALONE)["acts"] == [{"type": "show"}]
    answer = answer_to(JACKPOT_OPENER_ALONE, house={"disable": ["L33"]})
    assert (answer["player"], answer["acts"], answer["asks"]) == ("Cat", [{"type": "deal"}], [])


def test_a_clubs_own_rule_forbids_what_it_finds_irregular():
    """SPEC 28, house rules included: a club rule is a check, so `next` tries each stake or
    straddle it would offer and leaves out what the rule finds irregular. Under
    `no-straddling` no straddle is offered; under `no-check-raise` Cat, who stood, may
    only call the 5 bet since, or pass; what it offers draws no finding."""
    answer = answer_to(HEAD, house="no-straddling")
    assert "straddle" not in [a["type"] for a in [*answer["acts"], *answer["others"]]]
    plain = answer_to(HEAD)
    assert (plain["player"], plain["acts"]) == ("Cat", [{"type": "straddle", "amount": 2}])
    text = HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n" \
                  "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\nCat plays 2; Dan plays 5; Ann plays 5\n" \
                  "Bob plays 5\n"
    assert act(answer_to(text, house="no-check-raise"), "play") == {"type": "play", "minimum": 5, "maximum": 5}
    assert act(answer_to(text), "play")["maximum"] == 15


def test_one_who_cannot_meet_the_stake_under_table_stakes_is_told_he_may_pass_or_show(tmp_path):
    """A5 and L60: Bob has 6 counters and faces a stake of 8; the answer offers no play, only
    a pass or a show for all he has ("stakes all he has": 6, no less), and the words say so
    (they said only "Bob to act")."""
    log = tmp_path / "g.hand"
    log.write_text("players Ann Bob Cat; limit 10; ante 1; stacks Ann 20, Bob 6, Cat 20\n"
                   "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat opens 2; Ann plays 2; Bob plays 2\n"
                   "Bob discards 0; Cat discards 0; Ann discards 0\nCat plays 8; Ann plays 8\n", encoding="utf-8")
    code, out, _ = in_process("next", str(log), "--house", "table-stakes", "--format", "json")
    assert code == 0 and [a["type"] for a in json.loads(out)["acts"]] == ["pass", "demand_show"]
    code, out, _ = in_process("next", str(log), "--house", "table-stakes")
    assert code == 0 and out == "Bob to bet: pass or demand a show for 6\n"


@pytest.mark.parametrize("stack", [8, 30])
def test_under_table_stakes_one_who_can_meet_the_stake_is_offered_no_show_for_a_sum(stack):
    """L60's show is for one who has "not funds to call the raise"; under table stakes his
    funds are known (A5): Bob, with 8 or 30 counters facing a stake of 8, may play or pass,
    and is offered no show for a sum (with no stacks known, the arbiter does not know his
    funds, and a show from his stake up is offered beside the play)."""
    text = (f"players Ann Bob Cat; limit 10; ante 1; stacks Ann 20, Bob {stack}, Cat 20\n"
            "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat opens 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 0; Cat discards 0; Ann discards 0\nCat plays 8; Ann plays 8\n")
    answer = answer_to(text, house="table-stakes")
    assert answer["player"] == "Bob" and [a["type"] for a in answer["acts"]] == ["play", "pass"]
    assert "demand_show" in [a["type"] for a in answer_to(text)["acts"]]


@pytest.mark.parametrize("call", ["Bob plays 6", "Bob plays 8", "Bob plays 12", "Bob demands show 6"])
def test_under_table_stakes_all_he_has_short_of_the_call_makes_nothing_equal(call):
    """Reading 15 (the hands are shown from the left of the player whose stake made the
    stakes equal) and A5 (the laws judge the stake he could make, not the number recorded):
    Ann's call of Cat's 12 makes them equal; Bob's all he has, 6, short of it, makes nothing
    equal, whatever number records it, so Bob, on Ann's left, shows first."""
    text = ("players Ann Bob Cat; limit 10; ante 1; stacks Ann 20, Bob 6, Cat 20\n"
            "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat opens 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 0; Cat discards 0; Ann discards 0\nCat plays 12; Ann plays 12\n" + call + "\n")
    answer = answer_to(text, house="table-stakes")
    assert (answer["phase"], answer["player"]) == ("show", "Bob")


def test_under_table_stakes_no_straddle_beyond_what_he_has_is_offered(tmp_path):
    """A5, docs/house-rules.md: `next` offers no stake beyond what a player has. Cat has 1
    counter and the straddle due is 2: none is offered, and the dealer deals."""
    log = tmp_path / "g.hand"
    log.write_text("players Ann Bob Cat Dan; limit 10; ante 1; stacks Ann 20, Bob 20, Cat 1, Dan 20\n"
                   "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\n", encoding="utf-8")
    assert in_process("next", str(log)) == (0, "Cat may straddle 2, or Ann deals the cards (dealt)\n", "")
    assert in_process("next", str(log), "--house", "table-stakes") == (0, "Ann deals the next card (card to Bob)\n", "")


def test_under_table_stakes_one_whose_ante_is_all_he_has_is_not_asked_to_say():
    """A5 and L61: Bob antes the 1 counter he has; once Cat opens and the others have said,
    his say would come, but he can stake nothing more: it passes, and the draw is next,
    his first (reading: a player who has staked all he has takes no further part in the
    betting). Without table stakes he may borrow, and is asked."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 1, Cat 20, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 2; Ann passes\n")
    answer = answer_to(text, house="table-stakes")
    assert (answer["phase"], answer["player"], answer["others"]) == ("draw", "Bob", [])
    peel = answer_to(text)
    assert (peel["phase"], peel["player"]) == ("say", "Bob")


def test_under_table_stakes_a_jackpot_ante_of_all_he_has_opens_nothing_when_his_say_passes():
    """A5, L61 and item 28 (in a jack-pot `open` is offered at every say): Cat antes her one
    counter into the jack-pot and says first; her turn passes without an act and opens
    nothing, so Dan is offered an opening from twice the ante, not a play from 0; and where
    Cat, with 1 left, cannot open, no show for 0 is offered."""
    first = ("players Ann Bob Cat Dan; limit 20; ante {a}; stacks Ann 20, Bob 20, Cat {c}, Dan 20\n"
             "Ann deals; Ann shuffles; Dan cuts; Bob antes {a}\ndealt\nCat passes; Dan passes; Ann passes; Bob passes\n"
             "Bob deals; Bob shuffles; Ann cuts; Cat antes {a}; Dan antes {a}; Ann antes {a}; Bob antes {a}\ndealt\n")
    answer = answer_to(first.format(a=1, c=1), house="table-stakes")
    assert (answer["player"], answer["acts"]) == ("Dan", [{"type": "open", "minimum": 2, "maximum": 19},
                                                         {"type": "pass"}])
    answer = answer_to(first.format(a=2, c=3), house="table-stakes")
    assert (answer["player"], answer["acts"]) == ("Cat", [{"type": "pass"},
                                                         {"type": "demand_show", "minimum": 1, "maximum": 1}])


@pytest.mark.parametrize("claim", ["Ann claims 2 dealer says 3", "Ann claims 3 dealer says 2 testimony (Bob 3)"])
def test_the_dealers_own_dispute_settles_nothing(claim):
    """Law 46's dispute is between a player and the dealer: one the log records by the
    dealer over his own draw takes no evidence and settles no demand, so nothing follows
    from it (no L46, no L44) and `next` offers no give; his draw is law 47's alone."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 2; Ann gets 3\n")
    before = replay_log(parse_checked(text, "x.hand")[0])["findings"]
    log, _ = parse_checked(text + claim + "\n", "x.hand")
    assert [(f["id"], f["event"]) for f in before] == [("L47", 13)]
    assert replay_log(log)["findings"] == before
    assert not any(act["type"] == "give" for act in answer_to(text + claim + "\n")["acts"])


def test_the_card_passed_over_in_the_deal_is_asked_for_first_then_the_deal_goes_on():
    """L7's reading: Ann gives Dan his second card before Cat's; Cat's is owed first, and
    once made good the deal goes on from Dan's left, with Ann."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "card to Bob; card to Cat; card to Dan; card to Ann; card to Bob; card to Dan\n")
    assert answer_to(text)["acts"] == [{"type": "card", "to": "Cat"}]
    assert answer_to(text + "card to Cat\n")["acts"] == [{"type": "card", "to": "Ann"}]


@pytest.mark.parametrize("short", ["Ann 4", "Ann 3"])
def test_a_dealer_left_short_by_the_shorthand_deals_himself_next_with_no_finding(short):
    """L7's reading ("passing any who already holds five"): after `dealt Bob 5, Cat 5, Ann
    4` the next card is Ann's own, not Bob's (he holds five), and giving it is in order."""
    text = f"players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt Bob 5, Cat 5, {short}\n"
    assert answer_to(text)["acts"] == [{"type": "card", "to": "Ann"}]
    text += "card to Ann\n" * (5 - int(short[-1]))
    log, _ = parse_checked(text + "Cat opens 2; Ann passes; Bob passes\n", "x.hand")
    assert replay_log(log)["findings"] == []


def test_under_table_stakes_all_she_has_bet_out_of_turn_that_raises_is_met_at_her_turn():
    """A5 and reading 24: after the draw Ann bets the 6 she has before Cat, first to bet;
    Cat and Dan stand at 2 in their turns. Ann's turn then passes, her 6 the last increase
    (a stake, not a show for a sum: it is more than the 2 she had to meet), so the betting
    is not over: Cat is to meet it, not the hands to be shown."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 6, Bob 20, Cat 20, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob passes\n"
            "Cat discards 0; Dan discards 0; Ann discards 0\nAnn plays 6; Cat plays 2; Dan plays 2\n")
    answer = answer_to(text, house="table-stakes")
    assert (answer["phase"], answer["player"]) == ("betting", "Cat")
    assert act(answer, "play") == {"type": "play", "minimum": 6, "maximum": 20}


def test_under_table_stakes_the_bounds_follow_the_ante_made_not_the_ante_recorded():
    """A5 (the laws judge the stake he could make), L25 and D1: Bob has 1 counter and the
    log records an ante of 3; the ante made is 1, so Cat may open from 2 to 21, and an
    opening of 22 raises the ante's stake by more than the limit."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 30, Bob 1, Cat 30, Dan 30\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 3\ndealt\n")
    assert act(answer_to(text, house="table-stakes"), "open") == {"type": "open", "minimum": 2, "maximum": 21}
    assert act(answer_to(text), "open") == {"type": "open", "minimum": 6, "maximum": 23}
    log, _ = parse_checked(text + "Cat opens 22\n", "x.hand")
    log["table"]["house"] = "table-stakes"
    assert [(f["id"], f["event"]) for f in arbiter.check_log(log)["findings"]] == [("A5", 3), ("D1", 5)]


@pytest.mark.parametrize("kind", ["open", "play"])
def test_once_the_game_is_opened_an_open_is_judged_as_a_play(kind):
    """D4, D5 and reading 10: an `open` recorded after the game is opened is a play. At his
    turn to draw Bob, raised to 4, stakes 24 (D4: he must make it 4; D1: 20 over it); in
    the betting Cat stands at 24 and, raised to 28, stakes 25 (D5: she retires). Before, an
    `open` passed D4 and D5."""
    text = HEAD + ("dealt\nCat opens 2; Dan plays 4; Ann passes; Bob plays 2\n"
                   f"Bob {kind}s 24\nBob discards 0; Cat plays 24; Cat discards 0; Dan plays 24; Dan discards 0\n"
                   f"Cat plays 24; Dan plays 28; Bob plays 28; Cat {kind}s 25\n")
    log, _ = parse_checked(text, "x.hand")
    assert [(f["id"], f["event"]) for f in arbiter.check_log(log)["findings"]] == [
        ("L26", 8), ("D1", 9), ("D4", 9), ("D5", 18)]


def test_at_the_draw_one_whose_stake_was_raised_may_also_show_for_a_sum_short_of_it():
    """D4, L60 and L61: at her turn to draw Cat, her 2 raised to 6, makes it good, passes, or
    shows for a sum from her stake to one short of the highest, as in the betting; `check`
    takes a show at either bound with no finding."""
    text = HEAD + "dealt\nCat opens 2; Dan plays 6; Ann plays 6; Bob plays 6\nBob discards 0\n"
    answer = answer_to(text)
    assert (answer["player"], answer["acts"]) == ("Cat", [{"type": "play", "minimum": 6, "maximum": 6},
                                                         {"type": "pass"},
                                                         {"type": "demand_show", "minimum": 2, "maximum": 5}])
    for stake in (2, 5):
        log, _ = parse_checked(text + f"Cat demands show {stake}; Cat discards 0\n", "x.hand")
        assert arbiter.check_log(log)["findings"] == []


def test_under_table_stakes_one_who_cannot_make_good_at_the_draw_may_show_for_what_he_has():
    """D4 with A5 and L60: at his turn to draw Cat must make her stake 6, and has 4 in all:
    she is offered a pass or a show for all she has, 4 (A5: "stakes all he has"), which
    `check` takes with no finding."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1; stacks Ann 20, Bob 20, Cat 4, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 6; Ann plays 6; Bob plays 6\n"
            "Bob discards 0\n")
    answer = answer_to(text, house="table-stakes")
    assert (answer["player"], answer["acts"]) == ("Cat", [{"type": "pass"},
                                                         {"type": "demand_show", "minimum": 4, "maximum": 4}])
    log, _ = parse_checked(text + "Cat demands show 4; Cat discards 0\n", "x.hand")
    log["table"]["house"] = "table-stakes"
    assert [f["id"] for f in arbiter.check_log(log)["findings"]] == []


def test_arbiter_next_prints_the_answer_in_words_and_as_json(tmp_path):
    log = tmp_path / "g.hand"
    log.write_text(HEAD + "Cat straddles 2\ndealt\n", encoding="utf-8")
    code, out, _ = in_process("next", str(log))
    assert (code, out) == (0, "Dan's say: open (4 to 12) or pass\n")
    code, out, _ = in_process("next", str(log), "--format", "json")
    assert code == 0 and json.loads(out)["acts"][0] == {"type": "open", "minimum": 4, "maximum": 12}
    log.write_text(DISPUTE + "Cat claims 3 dealer says 2 testimony (Bob 3)\n", encoding="utf-8")
    assert in_process("next", str(log))[1] == "Ann gives Cat 1 card\n"
    log.write_text("players Ann Bob\nAnn deals\n", encoding="utf-8")
    code, _, err = in_process("next", str(log))
    assert code == 2 and err.count("\n") == 1
    broken = tmp_path / "g.json"  # a JSON log whose replay breaks: its error names the file too, as a text log's
    broken.write_text(json.dumps({"format": "peel-draw-poker-log", "version": 1, "events": [
        {"type": "discard", "player": "Bob", "count": 1}], "table": {"players": ["Ann", "Bob"], "limit": 2, "ante": 1}}))
    code, _, err = in_process("next", str(broken))
    assert code == 2 and err.startswith(f"arbiter: {broken}: event 0 (discard by Bob)")


def test_the_schema_ships():
    code, out, _ = in_process("schema", "next")
    assert code == 0 and json.loads(out)["title"].startswith("What may come next")


# --- every position of every case fits the schema ------------------------------------------------
def test_every_position_of_every_case_is_answered_as_the_schema_says(rulebook):
    rules = Replay.compile(rulebook)
    for path in sorted(cases_dir().glob("*.json")):
        log = json.loads(path.read_text(encoding="utf-8"))
        replay = Replay(log, rules)
        for k, event in enumerate(log["events"]):
            SCHEMA.validate(next_acts(replay))
            replay.step(k, event)


# --- the property: what the laws' players do is what the answer allowed -------------------------
TURNLESS = {"lift", "speak", "point_out", "divulge", "take_back", "ask_dealer", "dealer_answer", "dealer_tells",
            "dispute", "face_up_in_pack"}
NUMBER = {"open": "stake", "play": "stake", "demand_show": "stake", "discard": "count", "ante": "amount",
          "straddle": "amount", "give": "count", "demand": "count"}
ACTOR = {"deal": "dealer", "give": None, "card": None, "dealt": None, "collect_discards": None}


def allowed(answer: dict[str, Any], event: dict[str, Any]) -> bool:
    """Is the event among the acts the answer allows, its number within the bounds?"""
    kind = event["type"]
    field = ACTOR.get(kind, "player")
    actor = event.get(field) if field else None
    offered = [(answer["player"], a) for a in answer["acts"]]
    offered += [(a.get("player") or a.get("dealer"), a) for a in answer["others"]]
    for who, act_ in offered:
        if act_["type"] != kind or (field and who is not None and who != actor):
            continue
        if act_.get("to") is not None and act_["to"] != event.get("to"):
            continue
        number = NUMBER.get(kind)
        value = event.get(number) if number else None
        if "minimum" in act_ and not act_["minimum"] <= value <= act_["maximum"]:
            continue
        fixed = act_.get(number) if number else None
        if fixed is not None and value != fixed:
            continue
        return True
    return False


def game_of(game: Any, event: dict[str, Any]) -> int:
    """The number of the game an event belongs to: a `deal` begins the next one, unless it
    deals again after a misdeal."""
    number = game.number if game is not None else 0
    new_game = event["type"] == "deal" and (game is None or not game.deal.misdealt or game.resolved)
    return number + new_game


def run_property(seeds: range, rulebook: Any) -> int:
    rules = Replay.compile(rulebook)
    checked = 0
    for seed in seeds:
        log, truth = simulate_log(seed, 2 + seed % 9, 6, 0.0 if seed % 4 else 0.7)
        planted = {p["game"] for p in truth["planted"]}  # a game with a plant in it may go as the laws never would
        irregular = {f["event"] for f in replay_log(log, rulebook)["findings"] if f["severity"] == "irregularity"}
        replay = Replay(log, rules)
        for k, event in enumerate(log["events"]):
            game = replay.board.game
            dealers = event["type"] in ("dealt", "card", "give", "collect_discards") and game is not None
            actor = game.dealer if dealers else event.get("player") or event.get("dealer")
            # a shuffle by another than the dealer, or by the dealer again, is a right at any time before the
            # deal (L3: he shuffles last), no turn's
            shuffled = event["type"] == "shuffle" and game is not None and (
                actor != game.dealer or game.dealer in game.deal.shufflers)
            # an act out of turn still waiting for its turn: the simulator's players read it their own way
            waiting = game is not None and bool(game.early)
            lawful = (k not in irregular and event["type"] not in TURNLESS and not shuffled and not waiting
                      and game_of(game, event) not in planted)
            if lawful:
                answer = next_acts(replay)
                assert allowed(answer, event), (seed, k, event, answer)
                checked += 1
            replay.step(k, event)
    return checked


def test_every_act_in_turn_is_one_the_answer_allowed(rulebook):
    assert run_property(range(120), rulebook) > 10_000


@pytest.mark.slow
def test_every_act_in_turn_is_one_the_answer_allowed_in_many_sessions(rulebook):
    run_property(range(120, 2120), rulebook)


@pytest.mark.parametrize("heading, index", [("## What may come next", 0), ("## Python API", 1)])
def test_the_api_pages_examples_run(heading, index):
    """docs/api.md's examples of `arbiter.next_acts` and of a house's rule book do what
    they say, each in a fresh process after `import arbiter` alone (the house example
    named modules that only an earlier call had loaded)."""
    from tests.conftest import REPO
    from tests.test_docs import fenced_blocks

    page = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    block = fenced_blocks(page[page.index(heading):])[index]
    assert block[0].startswith("import arbiter")
    done = subprocess.run([sys.executable, "-c", "\n".join(block)], capture_output=True, text=True, timeout=60,
                          cwd=REPO)
    assert done.returncode == 0 and done.stderr == "", done.stderr


def test_the_dealer_may_give_what_the_pack_holds_before_the_discards_are_gathered(tmp_path):
    """Law 41 makes only more cards than remain given out of order: the case's give of the
    one card left, the rest from the discards made up, is judged in order, and was never
    offered (only the gathering was). Both are offered now; the cards owed stay owed."""
    path = cases_dir() / "l41-the-last-drawer-given-what-the-pack-holds-gets-the-rest-from-the-discards.json"
    case = json.loads(path.read_text(encoding="utf-8"))
    log = {**case, "events": case["events"][:20]}
    answer = arbiter.next_acts(log)
    assert answer["player"] == "Ann"
    assert answer["acts"] == [{"type": "collect_discards"}, {"type": "give", "to": "Dan", "count": 1}]
    assert {"by": "Ann", "to": "Dan", "what": "give", "cards": 3, "law": "L39"} in answer["owed"]
    assert case["events"][20] == {"type": "give", "to": "Dan", "count": 1}  # what the case's dealer did: in order
    saved = tmp_path / "prefix.json"
    saved.write_text(json.dumps(log), encoding="utf-8")
    code, out, err = in_process("next", str(saved))
    assert code == 0 and "or first gives Dan 1 card from the pack" in out and "Ann owes Dan 3 cards (L39)" in out
    # asked for 1, the card the pack holds: given him, it is the wrong number he asked for, a foul hand (L45)
    wrong = {**case, "events": case["events"][:19] + [{"type": "demand", "player": "Dan", "count": 1}]}
    assert arbiter.next_acts(wrong)["acts"] == [{"type": "collect_discards"}]


def test_the_api_pages_dask_recipe_checks_the_logs_as_the_pool_does():
    """docs/api.md's Dask bag of the paths, with its `check`, gives each log's report (it
    read the files' lines, `read_text`, and a log over several lines failed to parse)."""
    pytest.importorskip("dask.bag")
    from tests.conftest import REPO
    from tests.test_docs import fenced_blocks

    page = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    recipe = re.search(r"`(dask\.bag\.[^`]+)`", page).group(1)
    pool = fenced_blocks(page)[0]
    check = "\n".join(pool[:pool.index('if __name__ == "__main__":')])  # the imports and `check`, as the page has them
    script = (f"{check}\nimport dask.bag\npaths = sorted(pathlib.Path('cases').glob('l1*.json'))[:6]\n"
              f"reports = {recipe}.compute(scheduler='synchronous')\n"
              "assert [r['findings'] for r in reports] == [check(p)['findings'] for p in paths] and len(reports) == 6\n"
              "assert all(r['status'] != 'invalid' for r in reports)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=REPO)
    assert done.returncode == 0 and done.stderr == "", done.stderr


@pytest.mark.parametrize("text, passer, first", [
    # Bob, the ante, opens out of turn; the others play: his turn is the say's last, and passing ends it
    (HEAD + "dealt\nBob opens 2\nCat plays 2; Dan plays 2; Ann plays 2\n", "Bob", "Bob"),
    # Ann bets out of turn; Cat and Dan meet it: her turn passing closes the betting
    (HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob passes\nCat discards 0; Dan discards 0; "
            "Ann discards 0\nAnn plays 4\nCat plays 4\nDan plays 4\n", "Ann", "Cat")])
def test_an_early_actors_pass_where_his_turn_passing_ends_the_round_is_no_finding(text, passer, first):
    """SPEC 24 and 28: an early actor's turn passes unless he raises, so his pass after it is
    out of turn, except where his turn passing ends the say (his pass is at his turn to
    draw) or closes the betting (his pass is at the show, whose order is not judged):
    `check` finds nothing in it. `next` offers the act that comes then, the first draw or
    the first show, with its pass."""
    answer = answer_to(text)
    assert {"type": "pass"} in answer["acts"] and answer["player"] == first
    log, _ = parse_checked(text + f"{passer} passes\n", "x.hand")
    assert [f["event"] for f in replay_log(log)["findings"]] == [f["event"] for f in replay_log(
        parse_checked(text, "x.hand")[0])["findings"]]


@pytest.mark.parametrize("phase, head", [
    ("say", HEAD + "dealt\nDan opens 30\nCat opens 2\n"),
    ("betting", HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
                "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\nDan bets 30\nCat bets 2\n")])
def test_an_early_stake_over_the_limit_is_judged_at_its_turn_whatever_he_does_then(phase, head):
    """SPEC 24 ("what he does there is judged as for anyone (D1)") and 28: at Dan's turn his
    early 30 raises the others' highest, 2, by more than the limit of 10, found once, at the
    event that brings his turn (Cat's), whatever he does there. What he adds then is an
    increase over the highest stake, his own included (D1's reading): `next` offers him his
    raise up to 40 (it offered nothing, as if any stake would be found again; his turn
    passes unless he raises, item 24), and a stake of 30 or 35 there draws no further
    finding."""
    answer = answer_to(head)
    assert answer["phase"] == phase
    assert [o for o in answer["others"] if o.get("player") == "Dan"] == [
        {"type": "play", "minimum": 31, "maximum": 40, "player": "Dan"}]
    early = "L25" if phase == "say" else "L53"
    for stake in (30, 35):
        log, _ = parse_checked(head + f"Dan plays {stake}\n", "x.hand")
        assert [f["id"] for f in replay_log(log)["findings"]] == [early, "D1"]


def test_an_early_stake_within_the_limit_may_be_raised_by_the_limit_again_at_its_turn():
    """SPEC 24: Dan's early bet of 8 counts at his turn as the last increase (6 over Cat's 2);
    a raise he makes then is an increase over his 8: to 18 is within the limit of 10, to 19
    is D1. `next` offers him a raise, 9 to 18 (at 8 his turn passes, item 24)."""
    head = (HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\nDan bets 8\nCat bets 2\n")
    assert [o for o in answer_to(head)["others"] if o.get("player") == "Dan"] == [
        {"type": "play", "minimum": 9, "maximum": 18, "player": "Dan"}]
    for stake, found in ((18, ["L53"]), (19, ["L53", "D1"])):
        log, _ = parse_checked(head + f"Dan plays {stake}\n", "x.hand")
        assert [f["id"] for f in replay_log(log)["findings"]] == found


BETTING = (HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
           "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\n")


@pytest.mark.parametrize("text, found", [
    # another's early stake, its turn not yet come, does not count in what Dan's raises
    (HEAD + "dealt\nDan opens 15\nAnn plays 20\nCat passes\nBob passes\n", ["L25", "L25", "D1"]),
    (BETTING + "Dan bets 15\nAnn bets 20\nCat bets 2\nBob passes\n", ["L53", "L53", "D1"]),
    # his turn comes when every other player has passed, and he is left alone
    (HEAD + "dealt\nBob opens 15\nCat passes; Dan passes; Ann passes\n", ["L25", "D1"]),
    (BETTING + "Bob bets 15\nCat passes; Dan passes; Ann passes\n", ["L53", "D1"]),
    # a show for a sum at his turn, as any act there (his 15 meeting the highest, no one raised him: L60)
    (HEAD + "dealt\nDan opens 15\nCat opens 2\nDan demands show 15\n", ["L25", "D1", "L60"]),
    # within the limit of the preceding stake: nothing but the act out of turn
    (HEAD + "dealt\nBob opens 11\nCat passes; Dan passes; Ann passes\n", ["L25"])])
def test_an_early_stake_is_judged_at_its_turn_over_the_preceding_stake_made_in_turn(text, found):
    """SPEC 24 (the early stake "counts as the last increase from that moment") and D1: at
    its maker's turn it raises the preceding stake made in turn by more than the limit of 10,
    whatever comes then (each of these went without D1)."""
    log, _ = parse_checked(text, "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == found


def test_an_early_actor_after_one_over_the_limit_is_judged_at_his_own_turn_and_may_raise():
    """SPEC 24 and 28: Dan's early 30 is over the limit of 10 at his turn (over Cat's 2),
    found as Cat's opening brings his turn; what he adds there is judged over the highest
    stake (D1's reading): he is offered a raise of his 30 up to 45. Ann's early 35 counts at her turn,
    after Dan's, over his 30: within the limit, so she may raise by the limit again, to 45,
    and a stake of 45 there is no finding of hers."""
    text = HEAD + "dealt\nDan opens 30\nAnn plays 35\nCat opens 2\n"
    answer = answer_to(text)
    assert [o for o in answer["others"] if o["type"] != "pass"] == [
        {"type": "play", "minimum": 31, "maximum": 45, "player": "Dan"},
        {"type": "play", "minimum": 36, "maximum": 45, "player": "Ann"}]
    log, _ = parse_checked(text + "Ann plays 45\n", "x.hand")
    assert [(f["id"], f["player"]) for f in replay_log(log)["findings"]] == [
        ("L25", "Dan"), ("L25", "Ann"), ("D1", "Dan")]


DRAWN = HEAD + "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"


@pytest.mark.parametrize("owing, law", [
    ("Bob discards 2; Bob asks 2; Bob gets 1\nDan points out short about Bob\n", "L43"),  # a deficiency
    ("Bob discards 2; Bob asks 2; Bob gets 2 exposed 1\n", "L40"),  # a card exposed
    ("Bob discards 1; Bob asks 1\n", "L39")])  # the discard itself, not yet given
def test_cards_owed_when_the_betting_begins_are_still_given_first(owing, law):
    """L39's interpretation: the dealer's debt outlasts the turns to draw. Once Cat has
    bet, the dealer is to give what he owes Bob; Dan's turn to bet waits among the others;
    the give is Bob's draw (no L35), and Bob then bets with five cards (no L48)."""
    text = DRAWN + owing + "Cat discards 0; Dan discards 0; Ann discards 0\nCat bets 4\n"
    answer = answer_to(text)
    assert (answer["player"], answer["phase"]) == ("Ann", "betting")
    assert answer["acts"] == [{"type": "give", "to": "Bob", "count": 1}]
    assert answer["owed"] == [{"by": "Ann", "to": "Bob", "what": "give", "cards": 1, "law": law}]
    assert {"type": "play", "minimum": 4, "maximum": 14, "player": "Dan"} in answer["others"]
    given = answer_to(text + "Bob gets 1\n")
    assert (given["player"], given["owed"]) == ("Dan", [])
    log, _ = parse_checked(text + "Bob gets 1\nDan passes; Ann passes; Bob plays 4\n", "x.hand")
    ids = [f["id"] for f in replay_log(log)["findings"]]
    assert "L35" not in ids and "L48" not in ids


def test_once_he_has_bet_short_nothing_more_is_owed_him():
    """L48 and L35: Bob bets before the card owed him comes: his four cards are raised and
    foul; a give to him after that is law 35, and nothing is owed him."""
    text = DRAWN + "Bob discards 1; Bob asks 1\nCat discards 0; Dan discards 0; Ann discards 0\n" \
                   "Cat bets 4; Dan passes; Ann passes; Bob plays 4\n"
    assert answer_to(text)["owed"] == []
    log, _ = parse_checked(text + "Bob gets 1\n", "x.hand")
    assert [f["id"] for f in replay_log(log)["findings"]] == ["L48", "L35"]


@pytest.mark.parametrize("cat, first", [("Cat demands show 6", "Cat"), ("Cat plays 10", "Dan")])
def test_after_a_raise_that_only_shows_for_a_sum_meet_the_hands_are_due_from_where_the_betting_began(cat, first):
    """L59's reading: the hands are shown from the left of the one whose stake made the
    stakes equal; where none did, from the seat the betting began at. Dan raises to 10 and
    Ann and Cat each demand a show for a sum: Dan's raise made the stakes unequal, so the
    hands are due from Cat, where the betting began (`next` named Ann, left of the raiser).
    Cat's call of 10 makes them equal: from his left, Dan."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob passes\nCat discards 0; Dan discards 0; Ann discards 0\n"
            f"Cat plays 2; Dan plays 10; Ann demands show 5; {cat}\n")
    answer = answer_to(text)
    assert (answer["phase"], answer["player"]) == ("show", first)
    assert {a["type"] for a in answer["acts"]} == {"show", "pass"}


def test_cards_owed_to_one_who_staked_all_he_has_are_given_at_the_show():
    """L39's interpretation with A5: Bob, all in, takes no part in the betting, so he has not
    raised his cards when it closes; the two still owed him are given at the show (no L35),
    and he shows five cards (no L48). Cat's bet made the stakes unequal and the passes left
    him alone to bet: no stake made them equal, so the hands are due from Cat, where the
    betting began (L59's reading), Cat first."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 2, Cat 20, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 2; Bob asks 2\nCat discards 0; Dan discards 0; Ann discards 0\n"
            "Cat bets 4; Dan passes; Ann passes\n")
    answer = answer_to(text, house="table-stakes")
    assert (answer["player"], answer["phase"], answer["acts"]) == ("Ann", "show", [{"type": "give", "to": "Bob",
                                                                                   "count": 2}])
    assert {"type": "show", "player": "Cat"} in answer["others"]
    log, _ = parse_checked(text + "Bob gets 2\nCat shows (Ks Kd 4c 5d 8h)\nBob shows (7c 7d 7h 2s 9c)\n", "x.hand")
    log["table"]["house"] = "table-stakes"
    report = arbiter.check_log(log)
    assert [f["id"] for f in report["findings"]] == ["A5"] and report["net"]["Bob"] == 6


@pytest.mark.parametrize("draw, owed", [
    ("Bob asks 3; Bob gets 2 exposed 1\n", [("give", 1, "L40")]),  # the card exposed is owed again, the one short not
    ("Bob asks 3; Bob gets 2\n", []),  # short, not pointed out: nothing owed (item 11)
    # pointed out, the deficiency counts the card already owed for the one exposed once (reading 11): each law's
    # share as its finding owes it, the card exposed (L40) and the one short (L43)
    ("Bob asks 3; Bob gets 2 exposed 1\nDan points out short about Bob\n", [("give", 1, "L40"), ("give", 1, "L43")]),
    ("Bob asks 3; Bob gets 1 exposed 1\n", [("give", 3, "L39")]),  # every card given exposed: he has been given none
    # asked for 2 of the 3 he discarded, given 2 with one exposed: the discard is due (L44), 2 more, not 1 (L45)
    ("Bob asks 2; Bob gets 2 exposed 1\n", [("give", 2, "L39")])])
def test_what_a_short_give_owes_is_the_card_exposed_and_the_shortfall_pointed_out(draw, owed):
    """Items 11 and 28: a give short of the number asked owes its deficiency only once it is
    pointed out (L43); a card exposed in it is owed again at once (L40); after a demand
    other than the discard, the discard is owed (L44). Doing what `next` says raises no
    finding of its own."""
    text = DRAWN + "Bob discards 3; " + draw
    answer = answer_to(text)
    assert [(o["what"], o["cards"], o["law"]) for o in answer["owed"]] == owed
    if owed:
        before = [f["id"] for f in replay_log(parse_checked(text, "x.hand")[0])["findings"]]
        log, _ = parse_checked(text + f"Bob gets {sum(cards for _, cards, _ in owed)}\n", "x.hand")
        assert [f["id"] for f in replay_log(log)["findings"]] == before


@pytest.mark.parametrize("draw, rest", [
    ("Bob discards 3; Bob asks 3; Bob gets 2\n", 1),  # the rest of what he asked
    ("Bob discards 3; Bob gets 1\n", 2),  # no demand recorded: his discard
    ("Bob discards 3; Bob asks 4; Bob gets 2\n", 1),  # more than his discard asked: the discard (L44)
    ("Bob discards 3; Bob asks 2; Bob gets 1\n", 2),  # fewer asked: the discard, not the 1 that makes it foul (L45)
    ("Bob discards 3; Bob asks 2; Bob gets 2\n", None),  # given the wrong number asked: foul (L45), nothing to finish
    ("Bob discards 3; Bob asks 3; Bob gets 2; Bob lifts\n", None),  # raised: judged by L48
    ("Bob discards 3; Bob asks 3; Bob gets 2\nCat discards 0; Dan discards 0; Ann discards 0\nCat bets 2\n",
     None),  # after the first bet only cards owed may come (reading 11)
])
def test_the_rest_of_a_give_not_pointed_out_is_offered_among_the_others_and_never_owed(draw, rest):
    """Reading 10 and items 11 and 28: a give of fewer than he asked, not pointed out, owes
    nothing (law 43 makes good only once it is pointed out), but the dealer may still give
    the rest, in parts, until the player raises his cards or the first bet: the rest of the
    discard is offered among the others, the next to draw (or to bet) still to act; given,
    it raises no finding and he holds five cards."""
    text = DRAWN + draw
    answer = answer_to(text)
    gives = [(o["dealer"], o["to"], o["count"]) for o in answer["others"] if o["type"] == "give"]
    assert gives == ([("Ann", "Bob", rest)] if rest else []), answer
    assert not [o for o in answer["owed"] if o["what"] == "give"] and answer["player"] != "Ann", answer
    if rest:
        assert f"Ann may still give Bob the rest of his discard ({rest} card" in words(answer, {"Bob": "he"})
        given = replay_log(parse_checked(text + f"Bob gets {rest}\n", "x.hand")[0])
        before = replay_log(parse_checked(text, "x.hand")[0])
        assert [f["id"] for f in given["findings"]] == [f["id"] for f in before["findings"]]
        later = answer_to(text + f"Bob gets {rest}\nCat discards 0; Dan discards 0; Ann discards 0\n")
        assert later["player"] == "Cat" and not [o for o in later["others"] if o["type"] == "give"], later


def test_the_rest_of_a_give_is_offered_only_of_what_the_pack_holds_for_him():
    """Ten players: the pack holds only Ks, exposed to Cat (law 40), while discards remain
    to make it up from (law 41): the rest of her discard cannot come from it now. It was
    offered ("Ann may still give Cat the rest of their discard"), and check rules the give
    law 40's."""
    log = json.loads((cases_dir() / "l40-a-card-exposed-to-two-players-is-given-to-neither.json").read_text())
    log["events"] = log["events"][:19]  # Ks exposed giving Cat, As given her: one more of her discard to come
    answer = arbiter.next_acts(log)
    assert not [o for o in answer["others"] if o["type"] == "give"] and answer["player"] == "Dan", answer


def test_one_still_short_while_the_pack_holds_nothing_for_him_is_offered_no_bet():
    """The same deal, all drawn: the dealer is to make up the pack, and Cat, first to bet,
    still lacks one card of her discard, which the pack cannot give her yet. Her bet was
    offered among the others, and check rules it a hand of four raised (L48)."""
    log = json.loads((cases_dir() / "l40-a-card-exposed-to-two-players-is-given-to-neither.json").read_text())
    log["events"] = log["events"][:28]  # all have drawn; the pack holds only Ks, exposed to Cat and Dan
    answer = arbiter.next_acts(log)
    assert answer["acts"] == [{"type": "collect_discards"}], answer
    assert not [o for o in answer["others"] if o.get("player") == "Cat"], answer
    log["events"].append({"type": "play", "player": "Cat", "stake": 2})
    assert "L48" in [f["id"] for f in arbiter.check_log(log)["findings"]]


def test_the_rest_of_a_give_the_pack_holds_none_of_for_him_waits_for_the_pack_made_up():
    """The same deal with no one else owed: Cat, given one of her two, is short, and the
    pack holds only Ks, exposed to her. `next` made her bet the act to come (check rules it
    L48); the dealer makes up the pack first (L41), shuffles it, has it cut, and gives her
    the rest, the first bet waiting for it."""
    log = json.loads((cases_dir() / "l40-a-card-exposed-to-two-players-is-given-to-neither.json").read_text())
    log["events"] = log["events"][:19] + [{"type": "discard", "player": p, "count": 0}
                                          for p in ("Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Joe", "Ann")]
    for then, (player, acts) in [({"type": "collect_discards"}, ("Ann", [{"type": "collect_discards"}])),
                                 ({"type": "shuffle", "player": "Ann"}, ("Ann", [{"type": "shuffle"}])),
                                 ({"type": "cut", "player": "Joe"}, ("Joe", [{"type": "cut"}])),
                                 (None, ("Ann", [{"type": "give", "to": "Cat", "count": 1}]))]:
        answer = arbiter.next_acts(log)
        assert (answer["player"], answer["acts"]) == (player, acts), answer
        assert not [o for o in answer["others"] if o.get("player") == "Cat"], answer
        log["events"] += [then] if then else []


@pytest.mark.parametrize("drawn, bettor", [
    ("Bob discards 3; Bob gets 2\nCat discards 0; Dan discards 0; Ann discards 0\n", "Cat"),
    ("Bob discards 0\nCat discards 3; Cat gets 2\nDan discards 0; Ann discards 0\n", None),  # Cat bets first
])
def test_once_all_have_drawn_the_rest_of_a_give_in_parts_comes_before_the_first_bet(drawn, bettor):
    """Reading 10 (case l35-a-give-in-parts-to-the-last-to-draw-is-his-draw): all have drawn,
    one given 2 of his 3, not pointed out: the draw is not over, and the dealer gives the rest
    first, owing nothing (L43), the first bet waiting among the others; but not a bet by the
    one still short, which would raise a hand of four (L48: it steered him into a foul)."""
    answer = answer_to(DRAWN + drawn)
    short = "Cat" if bettor is None else "Bob"
    assert (answer["player"], answer["phase"], answer["acts"]) == ("Ann", "draw",
                                                                   [{"type": "give", "to": short, "count": 1}])
    assert answer["owed"] == [] and words(answer, {short: "he"}).startswith(
        f"Ann gives {short} the rest of his discard (1 card)")  # owed to no one (L43): not said as a debt
    waiting = {o["player"] for o in answer["others"] if o["type"] in ("play", "pass")}
    assert waiting == ({bettor} if bettor else set()), answer
    given = replay_log(parse_checked(DRAWN + drawn + f"{short} gets 1\n", "x.hand")[0])
    assert given["findings"] == []


def test_no_give_is_offered_from_a_pack_made_up_before_its_shuffle_and_cut():
    """Law 41: the discards gathered, the pack made up is shuffled and cut before any card of
    it is given: the rest of a give in parts is not offered until then (given, it was L41's
    irregularity), nor the bet of the one still short (L48)."""
    text = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1; dealt\nCat opens 2; Dan plays 2\n"
            + "".join(f"{name} passes\n" for name in ("Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Ann", "Bob"))
            + "Cat discards 2; Cat gets 1\nDan discards 3\ndiscards collected\n")
    answer = answer_to(text)
    assert (answer["player"], answer["acts"]) == ("Ann", [{"type": "shuffle"}])
    assert not [o for o in answer["others"] if o["type"] in ("give", "play", "pass")], answer


def test_a_jackpot_ante_paid_short_owes_the_rest_and_paying_it_completes_the_ante():
    """Items 17 and 28 (L30): Cat pays 1 of the jack-pot ante of 2, an irregularity; the
    other 1 is still owed, offered as her ante, and paying it completes her one sum equal
    to the ante: no second finding."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 2\nAnn deals; Ann shuffles; Dan cuts; Bob antes 2\ndealt\n"
            "Cat passes; Dan passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 2; Ann antes 2; Bob antes 2\n")
    answer = answer_to(text)
    assert [(o["by"], o["amount"]) for o in answer["owed"] if o["what"] == "ante"] == [("Cat", 1)]
    assert {"type": "ante", "amount": 1} in answer["acts"] + [
        {k: v for k, v in a.items() if k != "player"} for a in answer["others"] if a.get("player") == "Cat"]
    short = [f["id"] for f in replay_log(parse_checked(text, "x.hand")[0])["findings"]]
    completed, _ = parse_checked(text + "Cat antes 1\n", "x.hand")
    assert short == ["L29", "L30"] and [f["id"] for f in replay_log(completed)["findings"]] == short
    assert answer_to(text + "Cat antes 1\n")["owed"] == []


def test_an_early_stake_over_the_limit_is_found_at_the_event_that_brings_its_turn():
    """SPEC 24 and §4 (`event`: where the law could first be applied): Dan's early 30 counts
    from his turn, which Cat's open brings; the D1 is found there, though the log ends
    with it, and not again at Dan's act (before, at the next event, or not at all)."""
    head = HEAD + "dealt\nDan opens 30\nCat opens 2\n"
    found = [(f["id"], f["event"]) for f in replay_log(parse_checked(head, "x.hand")[0])["findings"]]
    assert found == [("L25", 5), ("D1", 6)]
    log, _ = parse_checked(head + "Dan plays 35\nAnn passes\n", "x.hand")
    assert [(f["id"], f["event"]) for f in replay_log(log)["findings"]] == found


def test_under_table_stakes_no_ante_beyond_what_he_has_is_owed_and_all_he_has_is_no_fault():
    """A5: Bob, the ante, has 1 counter: the ante owed and offered is 1, not 2; and in a
    jack-pot Ann, who antes all she has, short of the ante, is no L30 but A5's ruling (no
    one is at fault for having no more), whether the log records the 2 due or the 1 she has."""
    answer = answer_to("players Ann Bob Cat; limit 10; ante 2; stacks Ann 20, Bob 1, Cat 20\nAnn deals\n",
                       house="table-stakes")
    assert [(o["by"], o["amount"]) for o in answer["owed"]] == [("Bob", 1)]
    for recorded in ("2", "1"):  # more than she has, or just all she has
        text = ("players Ann Bob Cat; limit 10; ante 2; stacks Ann 1, Bob 20, Cat 20\n"
                "Ann deals; Ann shuffles; Cat cuts; Bob antes 2\ndealt\nCat passes; Ann passes; Bob passes\n"
                f"Bob deals; Bob shuffles; Ann cuts; Cat antes 2; Ann antes {recorded}; Bob antes 2\ndealt\n")
        log, _ = parse_checked(text, "x.hand")
        log["table"]["house"] = "table-stakes"
        assert [f["id"] for f in arbiter.check_log(log)["findings"]] == ["L29", "A5"], recorded


def test_no_deal_is_offered_that_the_pack_cannot_hold(tmp_path):
    """A house's seven cards each at a table of eight: 56 cards from a pack of 52. `next`
    offered the deal (and, card by card, the 53rd card), which the replay then refused as
    invalid; it now says in one line that no deal can come."""
    house = tmp_path / "seven.yaml"
    house.write_text("parameters: {cards_per_hand: 7}\n", encoding="utf-8")
    text = "players Ann Bob Cat Dan Eve Fay Gus Hal; limit 20; ante 1\nAnn deals; Ann shuffles; Hal cuts; Bob antes 1\n"
    with pytest.raises(arbiter.errors.ArbiterError, match="the pack of 52 cannot deal 7 cards to each of 8 players"):
        answer_to(text, str(house))
    seven = answer_to(text.replace(" Hal;", ";").replace("Hal cuts", "Gus cuts"), str(house))  # 49 cards: dealt
    assert any(a["type"] == "dealt" and set(a["hands"].values()) == {7} for a in seven["acts"] + seven["others"])


def test_an_ante_unpaid_in_a_void_deal_is_still_owed_in_the_new_deal():
    """Reading 7: the new deal after a misdeal needs no new ante, the ante paid staying in
    the pool; one never paid is still owed (until the next deal, reading 55). `next` owed it
    after the misdeal, and forgot it once the pack was taken up again."""
    head = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts\n"
            "card to Bob; card to Cat\nface up in pack\n")
    owed = [{"by": "Bob", "to": "pool", "what": "ante", "amount": 1, "law": "L20"}]
    assert answer_to(head)["owed"] == owed
    assert answer_to(head + "Ann deals; Ann shuffles; Cat cuts\n")["owed"] == owed
    assert answer_to(head + "Ann deals; Ann shuffles; Cat cuts\nBob antes 1\n")["owed"] == []
    paid = head.replace("Cat cuts\n", "Cat cuts; Bob antes 1\n", 1)
    assert answer_to(paid + "Ann deals; Ann shuffles; Cat cuts\n")["owed"] == []


def test_a_dispute_that_settles_the_demand_at_the_discard_owes_only_what_it_lacks():
    """Law 43's "each card is owed once" with law 46: Bob asks for 4 of his 3 discarded, is
    given 2 and a short pointed out owes 2 (of the 4 asked); the evidence then settles his
    demand at 3, his discard: he lacks 1, and 1 is owed, not the 2 of the demand replaced."""
    text = DRAWN + "Bob discards 3; Bob asks 4; Bob gets 2\nBob points out short\n" \
                   "Bob claims 3 dealer says 4 testimony (Dan 3)\n"
    answer = answer_to(text)
    assert answer["acts"] == [{"type": "give", "to": "Bob", "count": 1}]
    assert answer["owed"] == [{"by": "Ann", "to": "Bob", "what": "give", "cards": 1, "law": "L43"}]


def test_a_card_exposed_then_a_short_ruled_on_a_demand_below_the_discard_owes_the_number_asked():
    """Laws 40, 43 and 44: Bob asks for 2 of his 3, and the one card given is exposed (owed
    again, L40); a short pointed out makes good the number asked (2 in all), and the
    discard (3) is offered beside it, as where no card was exposed. Each law's share is
    owed as its finding owes it: the card exposed (L40) and the one short (L43)."""
    text = DRAWN + "Bob discards 3; Bob asks 2; Bob gets 1 exposed 1\nBob points out short\n"
    answer = answer_to(text)
    assert answer["acts"] == [{"type": "give", "to": "Bob", "count": 2}, {"type": "give", "to": "Bob", "count": 3}]
    assert [(o["law"], o["cards"]) for o in answer["owed"]] == [("L40", 1), ("L43", 1)]


def test_a_card_exposed_then_a_dispute_decided_above_the_discard_owes_only_the_card_exposed():
    """Item 28's "what is owed (cards to give [L40, L43])" and law 44: Bob discards 1 and the
    card given him is exposed (owed again, L40); the evidence then settles his demand at 2
    (L46, a wrong demand, L44). The dealer was giving the discard, the card exposed to be
    replaced in its stead: all is well, and the ruling makes nothing good (law 43's make-good
    of the demand, given, would be the wrong number, law 45). `next` owes the card exposed."""
    text = DRAWN + "Bob discards 1; Bob gets 1 exposed 1\nBob claims 2 dealer says 1 testimony (Dan 2)\n"
    effects = [(e["type"], e["count"]) for f in replay_log(parse_checked(text, "x.hand")[0])["findings"]
               for e in f["effects"] if e["type"] in ("owe_cards", "make_good")]
    assert effects == [("owe_cards", 1)]
    answer = answer_to(text)
    assert [(o["law"], o["cards"]) for o in answer["owed"]] == [("L40", 1)]
    assert answer["acts"][0] == {"type": "give", "to": "Bob", "count": 1}
    given = replay_log(parse_checked(text + "Bob gets 1\nCat discards 0\nDan discards 0\nAnn discards 0\nCat plays 2\n"
                                     "Dan plays 2\nAnn plays 2\nBob plays 2\n", "x.hand")[0])
    assert [f["id"] for f in given["findings"]] == ["L40", "L46", "L44"]  # his discard, replaced: no L45, no L48


def test_one_given_a_card_before_his_discard_is_offered_no_stand_on_six():
    """L35's reading: a card the dealer gives a player before he discards counts towards
    his discard. Holding six, he must discard at least one: standing pat would keep six, a
    foul hand when raised (L48); discarding one, he is owed nothing more."""
    text = DRAWN + "Cat gets 1\nBob discards 0\n"
    answer = answer_to(text)
    assert answer["player"] == "Cat" and act(answer, "discard") == {"type": "discard", "minimum": 1, "maximum": 6}
    after = answer_to(text + "Cat discards 1\n")
    assert after["owed"] == [] and after["player"] == "Dan"


@pytest.mark.parametrize("act", ["Bob antes 1", "Ann shuffles", "Dan cuts", "Cat straddles 2"])
def test_a_log_that_ends_with_the_game_made_ready_before_its_first_deal_is_valid(act):
    """Item 1 and item 28: the ante put up, or the pack shuffled and cut, before the first
    deal is that game's beginning, and the deal may yet follow: `check` finds the log as
    far as it goes valid, with no game yet and nothing moved, where `next` answers after
    it; a say before any deal, the log ending there, had no game to be made in (invalid):
    what may come next is the deal it waits for, after which the log stands, the say that
    game's, out of turn (L25)."""
    text = f"players Ann Bob Cat Dan; limit 20; ante 1\n{act}\n"
    log, _ = parse_checked(text, "x.hand")
    report = replay_log(log)
    assert (report["status"], report["games"], report["findings"]) == ("ok", [], [])
    assert answer_to(text)["phase"] == "before_deal"
    said, _ = parse_checked("players Ann Bob Cat Dan; limit 20; ante 1\nDan plays 2\n", "x.hand")
    assert replay_log(said)["status"] == "invalid"
    assert {a["type"] for a in answer_to("players Ann Bob Cat Dan; limit 20; ante 1\nDan plays 2\n")["acts"]} \
        == {"draw_for_deal", "deal"}
    dealt, _ = parse_checked("players Ann Bob Cat Dan; limit 20; ante 1\nDan plays 2\nAnn deals; Ann shuffles; "
                             "Dan cuts; Bob antes 1\ndealt\n", "x.hand")
    assert [f["id"] for f in replay_log(dealt)["findings"]] == ["L25"]


def test_under_table_stakes_an_early_sayer_who_cannot_meet_at_his_turn_may_pass_or_show_all_he_has():
    """Item 24 with A5 and L60: Dan opens 2 out of turn with 5 in all; Cat's 6 leaves him
    short when his turn comes, and he cannot meet it: he is offered a pass or a show for all
    he has, 5, which `check` takes as his act at his turn."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 20, Cat 20, Dan 5\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nDan opens 2\nCat plays 6\n")
    answer = answer_to(text, house="table-stakes")
    assert [o for o in answer["others"] if o.get("player") == "Dan"] == [
        {"type": "pass", "player": "Dan"}, {"type": "demand_show", "minimum": 5, "maximum": 5, "player": "Dan"}]
    log, _ = parse_checked(text + "Dan demands show 5\n", "x.hand")
    log["table"]["house"] = "table-stakes"
    assert [f["id"] for f in arbiter.check_log(log)["findings"]] == ["L25"]


@pytest.mark.parametrize("stack", [3, 20])
def test_once_the_draw_is_over_the_answer_is_in_the_betting_and_says_so(stack):
    """Item 28: when every player still in has drawn, the answer is the first bet, in the
    phase `betting`, told as a bet; Cat, left with no counter beyond his stake by a refund
    he paid under table stakes (L16), may only stand or pass: told as a bet too, never as
    a make-good at his turn to draw (he has drawn)."""
    text = (f"players Ann Bob Cat; limit 10; ante 1; stacks Ann 20, Bob 20, Cat {stack}\n"
            "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ncard to Bob\nCat speaks\ndealt Bob 3, Cat 5, Ann 5\n"
            "Cat opens 2\nBob lifts\nAnn plays 2\nCat discards 1; Cat gets 1; Ann discards 1; Ann gets 1\n")
    answer = answer_to(text, house="table-stakes")
    assert (answer["player"], answer["phase"]) == ("Cat", "betting")
    assert words(answer).startswith("Cat to bet: play (2") and "to draw" not in words(answer)


@pytest.mark.parametrize(("house", "acts"), [
    (None, [{"type": "play", "minimum": 4, "maximum": 24}, {"type": "pass"},
            {"type": "demand_show", "minimum": 2, "maximum": 3}]),
    ("table-stakes", [{"type": "pass"}, {"type": "demand_show", "minimum": 3, "maximum": 3}]),
])
def test_the_first_bettor_who_drew_without_making_good_may_show_for_what_he_has(house, acts):
    """L36, L60 and item 28: Cat drew at 2 with the highest stake 4 (no make-good); the
    betting opens with her: she meets the 4, passes, or shows for a sum, as any bettor
    raised; under table stakes, with 3 in all, she cannot meet it: a pass or a show for all
    she has (she was offered a play of 4 she could not pay, and no show)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 30, Bob 30, Cat 3, Dan 30\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 4; Ann passes; Bob plays 4\n"
            "Bob discards 0; Cat discards 0\nDan discards 0\n")
    answer = answer_to(text, house=house)
    assert (answer["player"], answer["phase"], answer["acts"]) == ("Cat", "betting", acts)


def test_an_early_stake_found_over_the_limit_at_its_turn_may_still_be_raised_within_it():
    """D1's reading: Dan's early 30 is judged when Cat's opening brings his turn (12 over the
    limit of 20 above the 2 he had to meet); what he adds at his turn is an increase over
    the highest stake, his own included: `next` offers him a raise up to 50 (it offered nothing,
    as if any stake of his would draw the finding again), and his 45 draws none."""
    case = json.loads((cases_dir() / "d1-a-stake-out-of-turn-raised-again-at-his-turn-is-judged-by-the-limit.json")
                      .read_text(encoding="utf-8"))
    events = case["events"]
    cut = next(k for k, e in enumerate(events) if e == {"type": "open", "player": "Cat", "stake": 2}) + 1
    answer = arbiter.next_acts({**case, "events": events[:cut]})
    assert [o for o in answer["others"] if o["player"] == "Dan"] == [
        {"type": "play", "minimum": 31, "maximum": 50, "player": "Dan"}]
    found = [(f["id"], f["event"]) for f in replay_log({**case, "events": events[:cut + 1]})["findings"]]
    assert found == [("L25", cut - 2), ("D1", cut - 1)]


def test_under_table_stakes_the_one_left_betting_meets_an_all_in_raise_before_the_show():
    """Item 15 and A5: Dan's all he has, 6, raises Bob's 2; Ann passes and Cat is all in:
    Bob alone still bets, but his stake is short of the raise: he meets it or passes (the
    betting closed at once, and his call was law 59's stake after the close)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 50, Bob 50, Cat 4, Dan 6\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\nCat plays 4; Dan plays 6; Ann passes\n")
    answer = answer_to(text, house="table-stakes")
    assert (answer["player"], answer["phase"], answer["acts"][0]) == (
        "Bob", "betting", {"type": "play", "minimum": 6, "maximum": 26})
    log, _ = parse_checked(text + "Bob plays 6\n", "x.hand")
    log["table"]["house"] = "table-stakes"
    assert "L59" not in [f["id"] for f in arbiter.check_log(log)["findings"]]


@pytest.mark.parametrize("seats", ["Ann Bob Cat Dan", "Cat Dan Ann Bob", "Dan Ann Bob Cat"])
def test_where_no_stake_made_the_bets_equal_the_show_order_is_the_tables_not_the_listings(seats):
    """Item 15: the show's order is set by the seats round the table; where no stake in the
    betting made the stakes equal (a show for a sum at the first bet, the last other
    passing; under table stakes, every one still in all in), it runs in the betting's
    order, from the seat it begins at (left of the ante, Cat's): the same whichever player
    the log lists first (it began with the first name listed)."""
    text = (f"players {seats}; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 4; Ann passes; Bob plays 4\n"
            "Bob discards 0; Cat discards 3; Cat asks 3; Cat gets 3; Dan discards 1; Dan asks 1; Dan gets 1\n"
            "Cat demands show 3; Dan passes\n")
    answer = answer_to(text)
    assert (answer["phase"], answer["player"]) == ("show", "Cat")
    all_in = (f"players {seats}; limit 20; ante 1; stacks Ann 100, Bob 100, Cat 3, Dan 3\n"
              "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt Bob 5, Cat 5, Dan 5, Ann 5\n"
              "Cat opens 2; Dan plays 3; Ann passes; Bob passes; Cat plays 3\nCat discards 0; Dan discards 0\n")
    answer = answer_to(all_in, house="table-stakes")
    assert (answer["phase"], answer["player"]) == ("show", "Cat")


def test_under_table_stakes_a_say_left_to_players_all_in_closes_at_the_last_pass():
    """A5 (the turn of one who staked all he has passes without an act) and L29: Bob's ante
    and Cat's straddle are all they have; Dan and Ann pass: every turn left passes, no one
    opened, at Ann's pass: the game is over and `next` says so (it offered Bob the draw,
    whose discard was then law 35's; two all-in turns left were passed only at a later act)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 2; stacks Ann 20, Bob 2, Cat 4, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 2; Cat straddles 4\ndealt Bob 5, Cat 5, Dan 5, Ann 5\n"
            "Dan passes; Ann passes\n")
    answer = answer_to(text, house="table-stakes")
    assert (answer["phase"], answer["player"], answer["acts"]) == ("over", "Bob", [{"type": "deal"}])
    log, _ = parse_checked(text, "x.hand")
    log["table"]["house"] = "table-stakes"
    l29 = [f for f in arbiter.check_log(log)["findings"] if f["id"] == "L29"]
    assert [f["event"] for f in l29] == [7]


def test_an_ante_is_owed_until_the_game_is_decided_as_the_replay_takes_it():
    """Reading 55: a jack-pot ante unpaid at the first card was still `owed` while the
    opener left alone was to show; paid then, the replay held it for the next game (the
    game decided), and `check` booked nothing for this one: the answer asked for an act
    whose counters went elsewhere."""
    jackpot = ("players Ann Bob Cat Dan; limit 20; ante 2\nAnn deals; Ann shuffles; Dan cuts; Bob antes 2\ndealt\n"
               "Cat passes; Dan passes; Ann passes; Bob passes\nBob deals; Bob shuffles; Ann cuts; Cat antes 2; "
               "Dan antes 2; Bob antes 2\ndealt\nCat opens 4\n")
    asked = answer_to(jackpot)
    assert {"by": "Ann", "to": "pool", "what": "ante", "amount": 2, "law": "L30"} in asked["owed"]
    alone = answer_to(jackpot + "Dan passes; Ann passes; Bob passes\n")
    assert alone["player"] == "Cat" and alone["acts"] == [{"type": "show"}]
    assert [debt for debt in alone["owed"] if debt["what"] == "ante"] == []


@pytest.mark.parametrize("house, said", [
    (None, "Cat to draw: first they make their stake 4 or demand a show for 2 to 3, then discard; or they pass"),
    ("table-stakes", "Cat to draw: first they demand a show for 3, then discard; or they pass")])
def test_the_turn_to_draw_of_one_short_says_a_pass_ends_his_part(house, said):
    """D4: at his turn to draw one short makes good (or shows for a sum) and then draws, or
    passes; the words said "first they pass or demand a show for 3, then discard", as if one
    who passed then drew."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 30, Bob 30, Cat 3, Dan 30\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 4; Ann passes; Bob passes\n")
    assert words(answer_to(text, house)) == said


@pytest.mark.parametrize("played, said", [
    ("Cat opens 2; Dan plays 4; Ann passes; Bob passes\nCat discards 2; Cat gets 2\n",  # Cat drew short (L36)
     "Cat may still make good (4), or Dan to draw: they discard up to 5 cards and ask for as many, stand pat, or pass"),
    ("Cat opens 2; Dan plays 2; Ann plays 2; Bob passes\nCat discards 0; Dan discards 1\nAnn discards 0\n"
     "Cat plays 2\n",  # the dealer owes Dan his card in the betting: the give first; Dan's bet, which would
     "Ann gives Dan 1 card"),  # raise a hand of four (L48), is not offered among the others until then
    ("Cat opens 2\nBob plays 4\nDan plays 4\nAnn plays 4\n",  # Bob's early 4 met at his turn, the say's last:
     "Bob may still stake (5 to 24), or Bob to draw: they discard up to 5 cards and ask for as many, stand pat, "
     "or pass"),  # it passes unless he raises (item 24), the draw beside it: a raise, not a make-good
    ("Dan plays 4\nCat passes\n",  # Dan said early, his turn come: his own bounds, not only Ann's
     "Dan may say again (play 5 to 24; the early act stands and the turn may pass), or Ann's say: play (4 to 24) or "
     "pass"),
    ("Cat opens 2; Dan plays 4; Ann passes; Bob passes\nCat discards 2\n",  # her cards first; she may still make good
     "Cat may still make good (4), or Ann gives Cat 2 cards"),
    ("Bob opens 2\nCat plays 5\nDan plays 5\nAnn plays 5\n",  # Bob's early say, short, comes again beside his
     "Bob may still stake (5 to 25), or Bob may still demand a show for 2 to 4, or Bob to draw: first they make "
     "their stake 5 or demand a show for 2 to 4, then discard; or they pass"),  # draw: not "then Bob to bet"
    ("Cat opens 2; Dan plays 2; Ann plays 2; Bob passes\nCat discards 0; Dan discards 0\nAnn discards 1\n",
     "Ann gives themselves 1 card; then Cat to bet: play (2 to 22) or pass"),  # not "Ann gives Ann"
    ("", "Bob antes 1")])  # not "Bob antes 1; owed: Bob owes the ante of 1 (L20)"
def test_next_says_in_words_every_act_and_bound_its_answer_holds(played, said):
    """SPEC 28: the words say what the answer says. The draw's words left out one who may
    still make good; the dealer's give in the betting the bet waiting behind it; an early
    sayer's own stakes were not given; an ante offered was said owed besides."""
    text = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts\n" + (
        "Bob antes 1\ndealt\n" + played if played else "")
    assert words(answer_to(text)) == said


def test_behind_the_dealers_give_a_show_left_with_no_bet_is_said_as_the_show():
    """Those still in have all shown for a sum but the opener (table stakes): no bet is left
    after the draw, and the words said "then Eve to bet: pass", where the answer offers her
    show or pass."""
    text = ("players Ann Bob Cat Dan Eve Fay Gus Hal; limit 10; ante 1; stacks Ann 3, Bob 6, Cat 40, Dan 40, Eve 15, "
            "Fay 6, Gus 3, Hal 40\nAnn deals; Ann shuffles; Hal cuts; Bob antes 1\ndealt\nCat passes; Dan passes; "
            "Eve opens 4; Fay passes; Gus demands show 3; Hal passes; Ann demands show 3; Bob passes\n"
            "Eve discards 1; Eve gets 1; Gus discards 2; Gus gets 2; Ann discards 2\n")
    answer = answer_to(text, "table-stakes")
    assert {o["type"] for o in answer["others"] if o.get("player") == "Eve"} == {"show", "pass"}
    assert words(answer) == "Ann gives themselves 2 cards; then the hands are shown: Eve shows or passes"


def test_behind_the_dealers_give_the_early_bettors_show_is_said_too():
    """The show the early bettors' turns passing would bring is said beside the waiting
    bet, as it is without a give first (it was left out)."""
    log = json.loads((cases_dir() / "l53-an-early-bettors-turn-waits-behind-the-dealers-own-give.json").read_text())
    log["events"] = log["events"][:13]
    assert words(arbiter.next_acts(log), {"Ann": "she"}) == (
        "Ann gives herself 1 card; then Bob may bet again (play 3 to 12; the early act stands and the turn may "
        "pass), or the hands are shown: Cat shows or passes")


def test_what_the_dealer_owes_himself_is_said_with_his_pronoun():
    """The `owed:` words of the dealer's own draw read "Ann owes herself 2 cards", not "Ann
    owes Ann 2 cards"; the page's owed list says the same."""
    log = json.loads((cases_dir() / "l49-the-dealers-draw-the-pack-ran-out-in-counts-the-cards-still-owed-him.json")
                     .read_text())
    log["events"] = log["events"][:29]
    answer = arbiter.next_acts(log)
    assert {"by": "Ann", "to": "Ann", "what": "give"}.items() <= answer["owed"][0].items()
    assert words(answer, {"Ann": "she"}).endswith("; owed: Ann owes herself 2 cards (L41)")


def test_with_the_draw_over_but_for_the_dealers_debt_the_first_bet_waits_among_the_others():
    """Reading 11: cards owed once all have drawn are given first, the bettor's turn waiting
    among the others; the case goes on with Cat's bet, which `check` takes as regular, where
    `next` offered the dealer's give alone."""
    log = json.loads((cases_dir() / "l39-cards-owed-may-still-be-given-once-the-betting-has-begun.json").read_text())
    log["events"] = log["events"][:18]
    answer = arbiter.next_acts(log)
    assert (answer["player"], [a["type"] for a in answer["acts"]]) == ("Ann", ["give"])
    assert {"type": "pass", "player": "Cat"} in answer["others"]
    assert any(o["type"] == "play" and o["player"] == "Cat" for o in answer["others"]), answer
    assert words(answer).startswith("Ann gives Bob 1 card; then Cat to bet: play (")


@pytest.mark.parametrize("rest, said", [
    ("Cat plays 4; Dan plays 4\n", "Ann gives Bob 2 cards; then Ann to bet: play (4 to 24), pass"),
    ("Cat plays 2; Dan plays 4; Ann passes; Cat plays 4\n",
     "Ann gives Bob 2 cards; then the hands are shown: Dan shows or passes")])
def test_the_turn_that_waits_behind_the_dealers_give_is_said_his_own_and_a_show_too(rest, said):
    """Reading 11: the bettor's or the shower's turn waits among the others while the dealer
    gives what he owes. The line left it out where the waiting bettor was the dealer himself,
    and at the show; the answer had it."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob demands show 1\n"
            "Bob discards 2; Cat discards 0; Dan discards 0; Ann discards 0\n")
    assert words(answer_to(text + rest)).startswith(said), words(answer_to(text + rest))


def test_a_first_bettor_still_owed_cards_is_offered_no_bet_while_the_dealer_gives():
    """Reading 11, L48: Cat, the first to bet, is owed her make-good (L46's ruling): a bet of
    hers before it would raise a hand of four (L48), so no bet waits among the others."""
    log = json.loads((cases_dir() / "l48-dispute-make-good-not-given-lifted-foul.json").read_text())
    log["events"] = log["events"][:13]
    answer = arbiter.next_acts(log)
    assert answer["acts"][0]["type"] == "give" and answer["acts"][0]["to"] == "Cat", answer
    assert not any(o.get("player") == "Cat" and o["type"] in ("play", "pass") for o in answer["others"]), answer


@pytest.mark.parametrize("prefix, first", [(29, "Ann gathers the discards"), (30, "Ann shuffles"), (31, "Gus cuts"),
                                           (32, "Ann gives Fay 3 cards")])
def test_the_first_bet_waits_through_every_step_of_the_pack_made_up_after_the_draw(prefix, first):
    """Reading 11, L41: all have drawn; the dealer makes up the pack from the discards to give
    what he owes. Cat's bet waited at the collection, the shuffle and the gives, not at the
    cut (its actor is not the dealer)."""
    log = json.loads((cases_dir() / "l41-discards-collected-though-the-pack-suffices-make-up-no-pack.json").read_text())
    log["events"] = log["events"][:prefix]
    said = words(arbiter.next_acts(log))
    assert said.startswith(first) and "; then Cat to bet: play (2 to 22) or pass" in said, said


def test_a_card_exposed_in_the_second_part_of_a_give_is_owed_again():
    """Law 40 and reading 10: Bob asks for his 3 and is given them in parts, 1 and then 2 with
    one exposed: the card exposed is owed again (2 of his 3 given face down), as it is in a
    give of all 3 at once; it was held that no more were due after the first part."""
    for gives in ("Bob gets 1\nBob gets 2 exposed 1\n", "Bob gets 3 exposed 1\n"):
        text = DRAWN + "Bob discards 3; Bob asks 3\n" + gives
        effects = [(f["id"], e["type"], e["count"]) for f in replay_log(parse_checked(text, "x.hand")[0])["findings"]
                   for e in f["effects"]]
        assert effects == [("L40", "owe_cards", 1)], gives
        answer = answer_to(text)
        assert answer["owed"] == [{"by": "Ann", "to": "Bob", "what": "give", "cards": 1, "law": "L40"}], gives


def test_an_early_stake_short_of_the_opening_after_a_straddle_is_offered_the_opening_minimum():
    """D3 and item 24: Dan's 2, staked before the cards, counts at his turn, the first say
    after Cat's straddle of 2: the least opening is 4 (double the last straddle), and a
    stake of 3 there is an opening short (L25). He is offered 4, not one more than his
    stake (a raise is offered from one more than his stake only where it already meets
    the least at his turn)."""
    case = json.loads((cases_dir() / "l21-a-straddle-in-turn-after-a-stake-before-the-cards-is-the-last-straddle.json")
                      .read_text(encoding="utf-8"))
    events = case["events"][:7]
    assert events[-1]["type"] == "dealt" and events[-2] == {"type": "straddle", "player": "Cat", "amount": 2}
    answer = arbiter.next_acts({**case, "events": events})
    dan = [o for o in answer["others"] if o.get("player") == "Dan" and o["type"] == "play"]
    assert [o["minimum"] for o in dan] == [4]
    findings = replay_log({**case, "events": [*events, {"type": "play", "player": "Dan", "stake": 4}]})["findings"]
    assert [f["id"] for f in findings if f["event"] == 7] == []


def test_a_pack_holding_only_the_card_exposed_to_him_gives_him_nothing_until_made_up():
    """Ten players, two cards left in the pack: Ann gives Bob his 2, one face up, which goes
    back to the pack and is not to be given him (L40). The pack holds that card alone:
    `next` offered "Ann gives Bob 1 card" where Bob discarded 2 (and, where he discarded 3,
    the L41 procedure): the others draw first and the pack is made up (L41), in both."""
    players = "Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon".split()
    text = (f"players {' '.join(players)}; limit 20; ante 1\nAnn deals; Ann shuffles; Jon cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; " + "; ".join(f"{p} plays 2" for p in players[3:] + players[:2]) + "\n"
            "Bob discards 2; Bob asks 2; Bob gets 2 exposed 1\n")
    answer = answer_to(text)
    assert answer["player"] == "Cat" and [a["type"] for a in answer["acts"]] == ["discard", "pass"]
    assert answer["owed"] == [{"by": "Ann", "to": "Bob", "what": "give", "cards": 1, "law": "L40"}]


@pytest.mark.parametrize("asked", [1, 2])
def test_the_pack_runs_short_where_it_holds_only_the_cards_exposed_to_the_one_owed(asked):
    """Ten players, two cards left: Bob asks 1 (or 2) and is given 2, both face up. The pack
    holds those two alone, which are not to be given him (L40): `next` offered him a card
    from it (the count of cards exposed and still owed, 1, taken for those back in the
    pack, 2), and where it offered the make-up, `check` ruled gathering the discards law
    41's irregularity, the pack holding as many cards as were owed. It has run short: Cat
    draws, the discards are made up (a ruling), and Bob is given from the pack made up."""
    players = "Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon".split()
    text = (f"players {' '.join(players)}; limit 20; ante 1\nAnn deals; Ann shuffles; Jon cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; " + "; ".join(f"{p} passes" for p in players[3:] + players[:1]) + "; Bob plays 2\n"
            f"Bob discards {asked}; Bob asks {asked}; Bob gets 2 exposed 2\n")
    assert answer_to(text)["player"] == "Cat"
    made_up = text + "Cat discards 0\ndiscards collected; Ann shuffles; Jon cuts\n"
    log, _ = parse_checked(made_up, "x.hand")
    assert [(f["id"], f["severity"]) for f in replay_log(log)["findings"]] == [("L40", "irregularity"),
                                                                                ("L41", "ruling")]
    assert answer_to(made_up)["acts"] == [{"type": "give", "to": "Bob", "count": asked}]


def test_a_pack_made_up_holding_only_cards_exposed_to_him_is_given_from_with_nothing_left_to_collect():
    """The pack made up, and exposures again leave it holding only cards exposed to Bob:
    `next` offered gathering the discards again and again (none was left), and `check`
    ruled each empty gathering a make-up; with no discard to make it up from he is given
    from what it holds. And a give from a pack holding only cards exposed to him, while
    discards could make it up, is law 40's: it gives him one of them."""
    players = "Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon".split()
    head = (f"players {' '.join(players)}; limit 20; ante 1\nAnn deals; Ann shuffles; Jon cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; " + "; ".join(f"{p} plays 2" for p in players[3:] + players[:2]) + "\n")
    made_up = (head + "Bob discards 2; Bob asks 2; Bob gets 2 exposed 2\n"
               + "; ".join(f"{p} discards 0" for p in players[2:] + players[:1])
               + "\ndiscards collected; Ann shuffles; Jon cuts\nBob gets 2 exposed 1\n")
    assert answer_to(made_up)["acts"] == [{"type": "give", "to": "Bob", "count": 1}]
    log, _ = parse_checked(head + "Bob discards 2; Bob asks 2; Bob gets 2 exposed 1\nBob gets 1\n", "x.hand")
    found = [(f["id"], f["event"]) for f in replay_log(log)["findings"]]
    assert found == [("L40", 17), ("L40", 18)]


def test_cards_exposed_to_two_players_may_each_go_to_the_other():
    """Two cards left: one exposed to Bob, then one to Cat, both back in the pack; the
    dealer gives Bob one (Cat's) and then Cat one (Bob's), each lawful (law 40 forbids a
    card only to the one it was exposed to). The pack was counted as still holding Cat's
    exposed card after Bob's give, and the give to Cat was ruled law 40's, `next` asking the
    others to draw first."""
    players = "Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon".split()
    text = (f"players {' '.join(players)}; limit 20; ante 1\nAnn deals; Ann shuffles; Jon cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; " + "; ".join(f"{p} plays 2" for p in players[3:] + players[:2]) + "\n"
            "Bob discards 1; Bob asks 1; Bob gets 1 exposed 1\nCat discards 1; Cat asks 1; Cat gets 1 exposed 1\n"
            "Bob gets 1\n")
    assert answer_to(text)["acts"] == [{"type": "give", "to": "Cat", "count": 1}]
    log, _ = parse_checked(text + "Cat gets 1\n", "x.hand")
    assert [(f["id"], f["event"]) for f in replay_log(log)["findings"]] == [("L40", 17), ("L40", 20)]


def test_a_give_takes_others_exposed_cards_first_then_the_rest_then_his_own():
    """The pack holds 3: one exposed to Cat, one to Bob, one not. A give of 3 to Bob took all
    three, his own among them; the count of the cards the give took from the rest was
    counted twice, and his own was held to be still in the pack."""
    from arbiter.state import Deal, Hand

    hands = {player: Hand() for player in ("Bob", "Cat", "Dan")}
    deal = Deal(number=1, began=0, dealer="Dan", redeal=False, hands=hands, pack_remaining=3)
    hands["Cat"].exposed_back = hands["Bob"].exposed_back = 1
    deal.take_from_pack("Bob", 2, 0)  # Cat's and the other: his own stays
    assert (hands["Bob"].exposed_back, hands["Cat"].exposed_back, deal.pack_remaining) == (1, 0, 1)
    deal.take_from_pack("Bob", 1, 0)  # his own, the last
    assert (hands["Bob"].exposed_back, deal.pack_remaining) == (0, 0)
    hands["Cat"].exposed_back = hands["Bob"].exposed_back = 1
    deal.pack_remaining = 3
    deal.take_from_pack("Bob", 3, 0)
    assert (hands["Bob"].exposed_back, hands["Cat"].exposed_back) == (0, 0)


def test_a_clubs_fine_for_a_misdeal_paid_as_the_new_deal_begins_is_not_owed_after_it():
    """SPEC 28: a penalty is owed "until it is paid or the next deal". A club's fine for a
    misdeal is ruled, and paid, at the new deal (its H1's reading): a second misdeal in the
    new deal was answered "owed: Ann pays as penalty 1 to the pool (H1)", the first fine,
    paid, where the second is not due until the deal after it."""
    start = [{"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Dan"}]
    log = {"format": "peel-draw-poker-log", "version": 1,
           "table": {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 10, "ante": 1},
           "events": [*start, {"type": "ante", "player": "Bob", "amount": 1}, {"type": "card", "to": "Bob"},
                      {"type": "face_up_in_pack"}, *start, {"type": "card", "to": "Bob"}, {"type": "face_up_in_pack"}]}
    book = apply_house(RULEBOOK, read_house("misdeal-costs-an-ante"))
    assert [(m["from"], m["amount"], m["rule"]) for m in replay_log(log, book)["ledger"] if m["what"] == "penalty"] \
        == [("Ann", 1, "H1")]
    answer = arbiter.next_acts(log, book)
    assert answer["owed"] == [] and answer["player"] == "Ann"


def test_the_words_name_the_form_the_table_reads_as_the_act_offered():
    """What `next` says, typed at the table, is read as the act offered: "or Ann deals", typed,
    began a new deal (L29, L18), where the answer offers the cards; "Ann takes back 1 card given
    to Bob in excess" was typed as Ann's `take_back` (L27) of cards she never threw down; and
    "Ann answers" is no form (the dealer's is `dealer answers COUNT`)."""
    head = "players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
    for so_far, offered in ((head, {"type": "dealt", "hands": {}}), (head + "card to Bob\n", {"type": "card", "to": "Cat"})):
        form = words(answer_to(so_far)).rsplit("(", 1)[1].removesuffix(")")  # the form in brackets, typed
        log, _ = parse_checked(so_far + form + "\n", "x.hand")
        assert {**log["events"][-1], **({"hands": {}} if offered["type"] == "dealt" else {})} == offered
    case = json.loads((cases_dir() / "l42-excess-pointed-out-returned.json").read_text(encoding="utf-8"))
    cut = next(k for k, e in enumerate(case["events"]) if e["type"] == "point_out") + 1
    said = words(arbiter.next_acts({**case, "events": case["events"][:cut]}, None))
    assert "Ann takes back" not in said and "given to Bob in excess goes back to Ann (L42)" in said

