"""`check_log(log, ignore=..., select=...)` takes a rule ID, several in one string, or a
list; an ID not in the rule book is a ValueError, never passed over in silence. A rule
book made for each log (a club's, through the API) leaves nothing behind it."""

from __future__ import annotations

import copy
import gc
import json
import os
from dataclasses import replace

import pytest

import arbiter
from arbiter import checker
from arbiter.checker import check_bytes, check_file, check_log, replay_with_trace
from arbiter.engine.compiled import CompiledRules
from arbiter.errors import UnknownRuleError
from arbiter.notation import parse_checked
from arbiter.render.story import tell
from arbiter.resources import cases_dir
from arbiter.rulebook.house import apply_house
from arbiter.rulebook.loader import load_rulebook
from tests.conftest import load_case

FOUL = cases_dir() / "l13-foul-hand-lifted.json"  # one L13 finding


def ids(report: dict) -> list[str]:
    return sorted({f["id"] for f in report["findings"]})


def test_the_case_has_the_findings_the_tests_drop():
    assert ids(check_log(load_case(FOUL))) == ["L13"]


@pytest.mark.parametrize("ignore", ["L13", "l13", ["L13"], ("L13",), "L13,L15", ["L13", "L15"], "L13,", ",L13"])
def test_ignore_takes_a_string_or_a_list(ignore):
    report = check_log(load_case(FOUL), ignore=ignore)
    assert ids(report) == [] and report["status"] == "ok"


@pytest.mark.parametrize("select", ["L13", ["L13"], "L13,L15"])
def test_select_takes_a_string_or_a_list(select):
    assert ids(check_log(load_case(FOUL), select=select)) == ["L13"]
    assert ids(check_log(load_case(FOUL), select="L15")) == []


@pytest.mark.parametrize("option, value", [
    ("ignore", "L99"), ("ignore", ["L13", "X1"]), ("select", "L1,L0"), ("select", [13]), ("ignore", "99"),
    ("ignore", 13), ("select", b"L13"),  # one ID, refused as one: a TypeError, and b"L13" refused as 76, its first byte
])
def test_an_unknown_id_is_refused_as_an_unknown_rule(option, value):
    """A typed error, arbiter's own, as `--ignore` refuses the ID on the command line."""
    with pytest.raises(UnknownRuleError, match=f"^{option}: unknown rule ID"):
        check_log(load_case(FOUL), **{option: value})
    with pytest.raises(UnknownRuleError, match=f"^{option}: unknown rule ID"):
        check_file(FOUL, **{option: value})
    with pytest.raises(UnknownRuleError, match=f"^{option}: unknown rule ID"):  # a file not read: refused the same
        check_file(FOUL.with_name("no-such-log.json"), **{option: value})
    with pytest.raises(UnknownRuleError, match=f"^{option}: unknown rule ID"):  # whatever the log: an invalid one too
        check_log({"x": 1}, **{option: value})
    with pytest.raises(UnknownRuleError, match=f"^{option}: unknown rule ID"):
        check_bytes(b"not a log", "x.json", **{option: value})


@pytest.mark.parametrize("given", ["blaze", "", 0, {"parameters": {}}, FOUL])
def test_a_rule_book_that_is_not_one_is_refused_in_words(given):
    """A house's name, path or data given as `rulebook` failed deep in the replay
    (AttributeError: no `replay_form`), and `""` or 0 was taken for the laws' own."""
    for check in (lambda: check_log(load_case(FOUL), rulebook=given), lambda: check_file(FOUL, rulebook=given),
                  lambda: check_file(FOUL.with_name("no-such-log.json"), rulebook=given)):  # was an AttributeError
        with pytest.raises(TypeError, match=r"^rulebook: a rule book, not \w+ \(house rules: apply_house"):
            check()


def test_a_filter_given_as_a_generator_is_read_once_and_kept():
    """The check of the IDs read the generator, and the findings were then filtered by an
    empty one: `ignore=(i for i in ["L13"])` ignored nothing."""
    assert ids(check_log(load_case(FOUL), ignore=(i for i in ["L13"]))) == []
    assert ids(check_file(FOUL, select=(i for i in ["L13"]))) == ["L13"]
    assert ids(check_log(load_case(FOUL), select=(i for i in ["L15"]))) == []


@pytest.mark.parametrize("option", ["ignore", "select"])
@pytest.mark.parametrize("blank", [None, "", ",", " , ", []])
def test_no_filter_given_as_none_or_blank_is_no_filter(option, blank):
    """None was a TypeError; and `select=","` selected nothing: an irregular log reported
    ok, every finding left out, where `select=""` and `select=[]` left all in. A value
    naming no ID is no filter (the command line refuses it: `--select ,`, exit 2)."""
    report = check_log(load_case(FOUL), **{option: blank})
    assert ids(report) == ["L13"] and "filtered" not in report


def test_a_rule_book_made_for_each_log_takes_its_compiled_form_with_it():
    """Before, each rule book's compiled form was kept for ever, by its id: 100,000 logs
    each checked under a rule book of its own held 11 GB. Now it goes with its rule book,
    and the house rule books that logs' tables name are kept for a few rule books only."""
    log = load_case(FOUL)
    housed = copy.deepcopy(log)
    housed["table"]["house"] = "no-straddling"
    gc.collect()
    before = sum(isinstance(o, CompiledRules) for o in gc.get_objects())
    for n in range(2 * checker.KEPT_HOUSES):
        rulebook = apply_house(load_rulebook(), {"_file": f"club-{n}.yaml"})
        assert ids(check_log(log, rulebook)) == ["L13"]
        rulebook = replace(load_rulebook())  # a rule book of Peel's own, under which a table may name a house
        report = check_log(housed, rulebook)
        assert report["provenance"]["house"]["name"] == "no-straddling" and ids(report) == ["L13"]
    del rulebook
    gc.collect()
    kept = sum(isinstance(o, CompiledRules) for o in gc.get_objects()) - before
    assert kept <= 2 * checker.KEPT_HOUSES  # the house rule books kept, each with its own
    assert len(checker._HOUSED) <= checker.KEPT_HOUSES
    assert all(base is not housed_book and housed_book.house for base, housed_book in checker._HOUSED.values())


@pytest.mark.parametrize("early", [{"type": "open", "player": "Cat", "stake": 2},
                                   {"type": "ante", "player": "Bob", "amount": 1},
                                   {"type": "face_up_in_pack"}])
def test_an_act_before_the_draw_for_the_deal_waits_for_the_first_deal(early):
    """Reading 1: what a table does before the log's first deal is the first game's, even
    before the draw for the deal (an act queued there was tried with no game, and the log
    refused as invalid); a log that ends before any deal has no game to hold a say (invalid),
    but the ante put up or a card seen in the pack waits for the deal that may yet come
    (valid, no game, nothing moved)."""
    draws = [{"type": "draw_for_deal", "player": p, "card": c} for p, c in zip("Ann Bob Cat Dan".split(),
                                                                               ["2c", "9c", "Kc", "5c"])]
    game = [{"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Dan"},
            {"type": "dealt", "hands": {"Bob": 5, "Cat": 5, "Dan": 5, "Ann": 5}}]
    table = {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 20, "ante": 1}
    report = check_log({"format": "peel-draw-poker-log", "version": 1, "table": table,
                        "events": [early, *draws, *game]})
    assert report["status"] != "invalid" and report["games"][0]["dealer"] == "Ann"
    alone = check_log({"format": "peel-draw-poker-log", "version": 1, "table": table, "events": [early, *draws]})
    if early["type"] == "open":
        assert alone["status"] == "invalid" and alone["error"]["event"] == 0
        assert alone["error"]["message"].endswith("a say before any deal, and no deal follows: it belongs to no game")
    else:
        assert (alone["status"], alone["games"], alone["ledger"]) == ("ok", [], [])


@pytest.mark.parametrize("between", ["", "Bob antes 1\n", "Cat adds 5\n"])
def test_an_ante_paid_late_or_counters_added_leave_an_early_sayers_turn_where_it_was(between):
    """Item 24: an act that is no say (a jack-pot ante paid late, counters added) does not
    pass an early sayer's turn: his make-good after it is in his turn (it was L25 again)."""
    text = ("players Ann Bob Cat; limit 10; ante 1; stacks Ann 20, Bob 20, Cat 20\n"
            "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Ann antes 1\nAnn opens 2\ndealt\n"
            f"Cat opens 4\n{between}Ann plays 4\n")
    report = check_log(parse_checked(text, "x.hand")[0])
    # no one opened game 1; Ann's open before the cards; Bob's ante unpaid at the first card; no more
    assert [f["id"] for f in report["findings"]] == ["L29", "L25", "L30"]


@pytest.mark.parametrize("questions, asker", [("Bob asks dealer\nCat plays 4\nCat asks dealer\n", "Bob"),
                                             ("Cat plays 4\nCat asks dealer\nBob asks dealer\n", "Bob"),
                                             ("Cat asks dealer\nCat plays 4\nCat asks dealer\n", "Cat")])
def test_the_dealers_answer_is_owed_to_a_question_asked_in_time_though_one_excused_came_after(questions, asker):
    """L49, item 14: the answer is for the question the dealer had to answer, asked before the
    asker bet, not for a later one law 50 excuses (the wrong answer then went unfound)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Ann 5, Bob 5, Cat 5, Dan 5\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 1; Bob asks 1; Bob gets 1; Cat discards 3; Cat asks 3; Cat gets 3\n"
            "Dan discards 0; Ann discards 2; Ann asks 2; Ann gets 2\n" + questions + "dealer answers 3\n")
    report = check_log(parse_checked(text, "x.hand")[0])
    assert [(f["id"], f["player"]) for f in report["findings"]] == [("L50", "Cat"), ("L49", "Ann")]
    assert f"answered {asker} wrongly" in report["findings"][-1]["summary"]


@pytest.mark.parametrize("questions, answered", [
    ("Bob asks dealer\nCat asks dealer\ndealer answers 2\ndealer answers 3\n", "Cat"),  # the second owed too
    ("Dan asks dealer\nCat asks dealer\ndealer answers 3\n", "Cat")])  # Dan passed in the say: not owed
def test_each_answer_is_for_the_first_owed_question_still_waiting(questions, answered):
    """L49, item 14: questions wait for their answers in turn; one the dealer need not
    answer (the asker did not draw) does not take the answer meant for an owed one."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Ann 5, Bob 5, Cat 5, Dan 5\nCat opens 2; Dan passes; Ann plays 2; Bob plays 2\n"
            "Bob discards 1; Bob asks 1; Bob gets 1; Cat discards 3; Cat asks 3; Cat gets 3\n"
            "Ann discards 2; Ann asks 2; Ann gets 2\n" + questions)
    findings = check_log(parse_checked(text, "x.hand")[0])["findings"]
    assert [(f["id"], f["player"]) for f in findings] == [("L49", "Ann")]
    assert f"answered {answered} wrongly" in findings[0]["summary"]


@pytest.mark.parametrize("last, status", [("Qs", "irregular"), ("", "irregular"), ("Jo", "irregular")])
def test_a_joker_dealt_where_the_pack_has_none_is_a_card_beyond_it_and_the_deal_may_go_past_52(last, status):
    """SPEC 1 ("anything a table could physically do wrong is an irregularity") and law 1:
    ten hands of five name a joker in place of the queen of spades, and three cards follow,
    the queen among them: fifty-three cards, the pack's 52 and the joker it held beyond them.
    The joker is L1's, and the deal goes on (it was refused as invalid, more cards dealt than
    the pack of 52 holds, while the same card given in the draw was judged). A second joker,
    one more beyond the pack's own, lets one more card come; an unnamed card past them does not:
    invalid."""
    players = "Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon".split()
    pack = [r + s for s in "cdhs" for r in "23456789TJQKA"]
    cards = [c for c in pack if c not in ("Ks", "As", "Qs")] + ["Jo"]
    hands = {p: cards[i * 5:(i + 1) * 5] for i, p in enumerate(players[1:] + players[:1])}
    events = [{"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Jon"},
              {"type": "ante", "player": "Bob", "amount": 1}, {"type": "dealt", "hands": hands},
              {"type": "card", "to": "Bob", "card": "Ks"}, {"type": "card", "to": "Cat", "card": "As"},
              {"type": "card", "to": "Dan", **({"card": last} if last else {})}]
    table = {"players": players, "limit": 20, "ante": 1}
    report = check_log({"format": "peel-draw-poker-log", "version": 1, "table": table, "events": events})
    assert report["status"] == status and report["findings"][0]["id"] == "L1", report["error"]
    beyond = check_log({"format": "peel-draw-poker-log", "version": 1, "table": table,
                        "events": [*events, {"type": "card", "to": "Eve"}]})
    assert beyond["status"] == ("irregular" if last == "Jo" else "invalid")


def test_an_original_hand_stated_at_the_show_is_told_as_stated():
    """SPEC 18: Cat opens a jack-pot with the hand the log deals her, 2c 3d 4h 6s 8c, without
    the knaves (L30 at the open, "whatever follows"), is left alone and shows it, stating
    another original hand with two knaves. Law 33 reads the original hand "from
    `show.original`, else `open.cards`, else the dealt cards where known": she claims the
    pool (no L33). The story told the hand she stated "as dealt", against its own deal."""
    log = {"format": "peel-draw-poker-log", "version": 1,
           "table": {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 20, "ante": 1},
           "events": [{"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"},
                      {"type": "cut", "player": "Dan"}, {"type": "ante", "player": "Bob", "amount": 1},
                      {"type": "dealt", "hands": {}},
                      *({"type": "pass", "player": p} for p in ("Cat", "Dan", "Ann", "Bob")),
                      {"type": "deal", "dealer": "Bob"}, {"type": "shuffle", "player": "Bob"},
                      {"type": "cut", "player": "Ann"},
                      *({"type": "ante", "player": p, "amount": 1} for p in ("Cat", "Dan", "Ann", "Bob")),
                      {"type": "dealt", "hands": {"Cat": ["2c", "3d", "4h", "6s", "8c"]}},
                      {"type": "open", "player": "Cat", "stake": 2},
                      *({"type": "pass", "player": p} for p in ("Dan", "Ann", "Bob")),
                      {"type": "show", "player": "Cat", "cards": ["2c", "3d", "4h", "6s", "8c"],
                       "original": ["Jh", "Jd", "4h", "6s", "8c"]}]}
    report = check_log(log)
    assert [(f["id"], f["event"]) for f in report["findings"]] == [("L29", 8), ("L30", 17)]
    assert report["games"][1]["winners"] == ["Cat"] and report["games"][1]["next"]["jackpot"] is None
    report, trace = replay_with_trace(log, load_rulebook(), "x.json")
    told = " ".join(step["text"] for step in tell(log, report, trace, load_rulebook()))
    assert "The original hand, as stated: Jh Jd 4h 6s 8c." in told and "as dealt" not in told


def test_a_dealer_given_all_the_pack_holds_draws_the_rest_from_the_discards_made_up():
    """L41 with L47: the pack runs out in the dealer's own give; the rest comes from the
    discards made up, and his draw is then his discard (his hand was foul at the short give)."""
    text = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 5, Eve 5, Fay 5, Gus 5, Hal 5, Ivy 5, Jon 5, Ann 5\n"
            "Cat opens 2; Dan plays 2; Eve passes; Fay passes; Gus passes; Hal passes; Ivy passes; Jon passes\n"
            "Ann plays 2; Bob passes\nCat discards 0; Dan discards 0\nAnn discards 3; Ann asks 3; Ann gets 2\n"
            "discards collected; Ann shuffles; Jon cuts\nAnn gets 1\nCat plays 4; Dan passes; Ann passes\n")
    assert [f["id"] for f in check_log(parse_checked(text, "x.hand")[0])["findings"]] == ["L41"]


def test_a_card_given_to_a_dealer_who_passed_is_law_35s_not_his_draw():
    """L35, L47: a dealer who passed has no draw; a card given him after the draw is an act
    when none can come (it was L47, a foul hand of one already out)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
            "Cat discards 0; Dan discards 0; Ann gets 1\nCat plays 4; Dan passes\n")
    findings = check_log(parse_checked(text, "x.hand")[0])["findings"]
    assert [(f["id"], f["event"], f["effects"]) for f in findings] == [("L35", 11, [])]


@pytest.mark.parametrize("give, found", [
    ("Ann gets 2 exposed 1", ["L40"]),  # the dealer given what the pack holds, a card face up: owed, not foul
    ("Cat gets 1 (Kc)", ["L1"])])  # a second copy of his own card: one finding, at the give
def test_what_the_pack_cannot_supply_is_owed_and_a_copy_in_his_own_hand_is_found_once(give, found):
    """L41 with L40 and L47; L1. Ten players leave two cards: Ann, the dealer, discards three
    and is given the two, one face up: she is owed one for it (L40) and one from the discards
    made up, her draw not yet other than her discard (L47 found her foul). A card given
    while its first copy is in the same hand is found as it comes, not again at the show."""
    text = ("players Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon; limit 20; ante 1\n"
            "Ann deals; Ann shuffles; Jon cuts; Bob antes 1\n"
            "dealt Bob 5, Cat (Kc Kd Kh 7s 2d), Dan 5, Eve 5, Fay 5, Gus 5, Hal 5, Ivy 5, Jon 5, Ann 5\n"
            "Cat opens 2; Dan plays 2; Eve passes; Fay passes; Gus passes; Hal passes; Ivy passes; Jon passes\n"
            "Ann plays 2; Bob passes\n")
    if give.startswith("Ann"):
        text += "Cat discards 0; Dan discards 0\nAnn discards 3; Ann asks 3; " + give + "\n"
    else:
        text += "Cat discards 1 (2d); Cat asks 1; " + give + "\nDan discards 0; Ann discards 0\n" \
                "Cat plays 2; Dan plays 2; Ann plays 2\nCat shows (Kc Kd Kh 7s Kc)\n"
    assert [f["id"] for f in check_log(parse_checked(text, "x.hand")[0])["findings"]] == found


def test_a_card_given_to_one_who_has_left_the_game_is_law_35s():
    """L35: a give in the draw to a player who passed, the dealer included, changes nothing
    (it went unfound)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
            "Cat discards 0; Ann gets 1; Bob gets 1; Dan discards 0\n")
    findings = check_log(parse_checked(text, "x.hand")[0])["findings"]
    assert [(f["id"], f["event"], f["player"]) for f in findings] == [("L35", 10, "Ann"), ("L35", 11, "Ann")]


@pytest.mark.parametrize("dealt, say, found", [
    ("Bob 5", "Cat opens 2; Dan plays 2; Ann plays 2; Bob passes", ["L35"]),  # he passed in the say
    ("Bob 4", "Bob lifts; Cat opens 2; Dan plays 2; Ann plays 2", ["L13", "L35"])])  # his hand foul (L13)
def test_a_discard_by_one_who_has_left_the_game_says_so(dealt, say, found):
    """L35: one who passed (or whose hand is foul) has no turn to draw; his discard is
    none, and its finding says he had left the game, not that he drew out of turn."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            f"dealt {dealt}, Cat 5, Dan 5, Ann 5\n{say}\nBob discards 2\n")
    findings = check_log(parse_checked(text, "x.hand")[0])["findings"]
    assert [f["id"] for f in findings] == found
    assert "Bob discarded, but" in findings[-1]["summary"], findings
    assert "had left the game: the discard changes nothing" in findings[-1]["summary"], findings


def test_a_short_give_the_pack_runs_out_in_is_owed_whether_or_not_a_demand_is_recorded():
    """L41, L39: with no `demand` recorded the number due is the discard; the rest of a give
    the pack ran out in is owed from the discards made up all the same (it was after the
    draw, L35, and the hand foul, L48)."""
    case = load_case(cases_dir() / "l41-the-last-drawer-given-what-the-pack-holds-gets-the-rest-from-the-discards.json")
    case["events"] = [e for e in case["events"] if e["type"] != "demand"]
    assert [f["id"] for f in check_log(case)["findings"]] == ["L41"]


def test_in_a_deal_listed_whole_the_first_copy_of_a_card_is_the_one_dealt_first_round_by_round():
    """L1, §2: `dealt` is a deal made in proper order, a card to each in turn: the k-th cards
    listed come out in the k-th round, so Dan's first card comes out before Cat's third and
    Cat's copy is the second, as the same deal written card by card says."""
    hands = {"Bob": ["2c", "3c", "4c", "5c", "7c"], "Cat": ["Ah", "Ad", "Kh", "As", "9d"],
             "Dan": ["Kh", "Ks", "Kc", "6s", "3d"], "Ann": ["Qh", "Qd", "8c", "4h", "2s"]}
    head = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
    tail = ("Cat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 0; Dan discards 0\n"
            "Cat plays 2; Dan plays 2\nCat shows (Ah Ad Kh As 9d)\nDan shows (Kh Ks Kc 6s 3d)\n")
    whole = "dealt " + ", ".join(f"{p} ({' '.join(c)})" for p, c in hands.items()) + "\n"
    cards = "".join(f"card to {p} {hands[p][k]}\n" for k in range(5) for p in hands)
    for deal in (whole, cards):
        report = check_log(parse_checked(head + deal + tail, "x.hand")[0])
        assert [f["id"] for f in report["findings"]] == ["L1"] and report["games"][0]["winners"] == ["Dan"]


def _game_then(after: str) -> dict:
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan passes; Ann passes; Bob passes\n" + after)
    return parse_checked(text, "x.hand")[0]


def test_what_is_put_up_or_done_for_the_next_deal_is_that_deals():
    """Reading 1: once a game is over, the ante put up and the pack shuffled and cut before
    the next deal are the next game's (an L20 fell on game 1, and an L4 and an L9 on game 2);
    where the log ends before that deal, they move nothing (game 1's pool took 4, its
    winner 3). After a misdeal, the pack shuffled and cut before the new deal is its own."""
    played = check_log(_game_then("Bob shuffles; Ann cuts; Cat antes 1\nBob deals\ndealt\nDan opens 2; Ann passes; "
                                  "Bob passes; Cat passes\n"))
    assert played["findings"] == [] and [g["pool"] for g in played["games"]] == [3, 3]
    ended = check_log(_game_then("Cat antes 1\n"))
    assert ended["findings"] == [] and ended["games"][0]["pool"] == 3 and ended["net"]["Cat"] == 1
    redealt = check_log(parse_checked(
        "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
        "card to Bob\nface up in pack\nAnn shuffles; Dan cuts\nAnn deals\ndealt\n", "x.hand")[0])
    assert [f["id"] for f in redealt["findings"]] == ["L10"]


@pytest.mark.parametrize("ruled", [
    {"type": "point_out", "player": "Cat", "issue": "short", "about": "Dan"},
    {"type": "dispute", "player": "Dan", "claims": 3, "dealer_says": 1, "testimony": {"Bob": 3}}])
def test_a_shortfall_of_a_give_the_pack_ran_out_in_is_made_good_by_law_43_and_owed_once(ruled):
    """L43 with L41 (reading 11 has no exception for an empty pack): the rest of Dan's give,
    owed from the discards made up, pointed out or settled by law 46 before he raises his
    cards, is law 43's deficiency: a make_good of two, and two owed, not four."""
    case = load_case(cases_dir() / "l41-the-last-drawer-given-what-the-pack-holds-gets-the-rest-from-the-discards.json")
    case["events"] = case["events"][:21] + [ruled]
    ruling = check_log(case)["findings"][-1]
    assert ruling["id"] in ("L43", "L46") and ruling["player"] == "Dan"
    assert [e for e in ruling["effects"] if e["type"] == "make_good"] == [{"type": "make_good", "player": "Dan",
                                                                          "count": 2}]
    assert [(o["to"], o["cards"]) for o in arbiter.next_acts(case)["owed"] if o["what"] == "give"] == [("Dan", 2)]


def test_a_show_demanded_by_one_who_then_passed_keeps_no_show_open():
    """L59, L60: Bob demanded a show for his ante in the say and passed at his draw; at
    the show Cat and Dan pass, and Ann, the one left, takes the pool (the show waited for
    her, and after her pass no one was left to take it)."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob demands show 1\nBob passes\n"
            "Cat discards 0; Dan discards 0; Ann discards 0\nCat plays 2; Dan plays 2; Ann plays 2\n"
            "Cat passes; Dan passes\n")
    log = parse_checked(text, "x.hand")[0]
    game = check_log(log)["games"][0]
    assert (game["winners"], game["pool"], game["complete"]) == (["Ann"], 7, True)
    assert arbiter.next_acts(log)["acts"][0]["type"] == "deal"


JACKPOT = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
           "Cat passes; Dan passes; Ann passes; Bob passes\n"
           "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\ndealt\n")


@pytest.mark.parametrize("opening, shown, ruled", [
    # four cards named (no knaves among them): not known to lack the minimum; his five shown, undrawn, hold them
    ("Cat opens 2 (Kc Qd 2h 3s)", "Cat shows (Jc Jd 2h 3s 5d)", []),
    # four cards named and four shown: the hand is not known, and no penalty is assumed (L33's ruling);
    # left alone, his show is law 33's, not law 64's: no foul hand
    ("Cat opens 2 (Jc Jd 2h 3s)", "Cat shows (Jc Jd 2h 3s)", [("L33", "ruling")])])
def test_a_jackpot_opener_s_hand_is_not_known_by_other_than_a_whole_hand(opening, shown, ruled):
    """L30, L33, L64: cards named that are not a whole hand do not make the original hand
    known, so it is not 'known to lack the minimum' (L30: it was, and he paid L33's
    penalty)."""
    text = JACKPOT + f"{opening}; Dan passes; Ann passes; Bob passes\n{shown}\n"
    report = check_log(parse_checked(text, "x.hand")[0])
    assert [(f["id"], f["severity"]) for f in report["findings"]] == [("L29", "ruling"), *ruled]
    assert report["games"][1]["winners"] == ["Cat"]


def test_what_the_dealer_owes_after_an_exposed_card_in_the_last_give_of_the_pack_is_owed_whole():
    """SPEC 28 (owed: cards to give, L40; the rest from the discards made up, L41): the last
    card of the pack given to Dan face up, he is owed one for it and two more; `next`
    listed only the one."""
    case = load_case(cases_dir() / "l41-the-last-drawer-given-what-the-pack-holds-gets-the-rest-from-the-discards.json")
    case["events"] = case["events"][:20] + [{"type": "give", "to": "Dan", "count": 1, "exposed": 1}]
    owed = [(o["cards"], o["law"]) for o in arbiter.next_acts(case)["owed"] if o["what"] == "give"]
    assert owed == [(1, "L40"), (2, "L41")]
    # the pack holds only the card exposed: it is made up first, then all three are given in one give
    assert arbiter.next_acts(case)["acts"] == [{"type": "collect_discards"}]
    made_up = [{"type": "collect_discards"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Jon"}]
    case["events"] += made_up
    assert arbiter.next_acts(case)["acts"] == [{"type": "give", "to": "Dan", "count": 3}]
    # one given of the three: the two still owed stay owed though the pack made up could supply them
    case["events"].append({"type": "give", "to": "Dan", "count": 1})
    assert arbiter.next_acts(case)["acts"] == [{"type": "give", "to": "Dan", "count": 2}]


def test_a_wrong_demands_card_exposed_leaves_the_discard_owed():
    """SPEC 28 with 11 (L40: the exposed card 'shall not be given to the player'): Bob
    discards two and asks for one; the one card Ann gives is face up. Nothing is given
    yet, so `next` offers the discard, as it did before the give, not the one card that
    would make the hand foul (L45); given it, all is well."""
    case = load_case(cases_dir() / "l45-the-demanded-card-exposed-then-the-discard-given-all-is-well.json")
    case["events"] = case["events"][:12]
    assert arbiter.next_acts(case)["acts"] == [{"type": "give", "to": "Bob", "count": 2}]
    case["events"].append({"type": "give", "to": "Bob", "count": 1})  # the number asked for: foul at this give
    assert [(f["id"], f["event"]) for f in check_log(case)["findings"]][-1] == ("L45", 12)


def test_cards_given_before_the_discard_count_towards_it():
    """SPEC 10, 11, 28: Ann gives Cat a card before Cat discards. Cat's discard of two in
    her turn is no L35; the dealer owes her the one card more (`next`), and her wrong
    demand of one is L44 alone: given the one, she holds her discard's number, all is
    well (no L45 at the demand, nor at the give)."""
    case = load_case(cases_dir() / "l35-a-card-given-before-the-discard-does-not-take-the-turn-to-draw.json")
    case["events"] = case["events"][:11] + [{"type": "discard", "player": "Cat", "count": 2}]
    assert arbiter.next_acts(case)["acts"] == [{"type": "give", "to": "Cat", "count": 1}]
    case["events"].append({"type": "demand", "player": "Cat", "count": 1})
    assert [f["id"] for f in check_log(case)["findings"]] == ["L44"]
    case["events"].append({"type": "give", "to": "Cat", "count": 1})
    assert [f["id"] for f in check_log(case)["findings"]] == ["L44"]
    assert arbiter.next_acts(case)["player"] == "Dan"


def test_a_stake_after_the_pool_is_taken_raises_no_hand():
    """SPEC 25: after the pool is taken a stake is the law's that closed the game (L58) and
    changes nothing: it is not the first act that raises a short hand (L48), which it was."""
    log = {"format": "peel-draw-poker-log", "version": 1,
           "table": {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 20, "ante": 1}, "events": [
        {"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Dan"},
        {"type": "ante", "player": "Bob", "amount": 1}, {"type": "dealt", "hands": {"Bob": 5, "Cat": 5, "Dan": 5, "Ann": 5}},
        {"type": "open", "player": "Cat", "stake": 2}, {"type": "play", "player": "Dan", "stake": 2},
        {"type": "pass", "player": "Ann"}, {"type": "pass", "player": "Bob"},
        {"type": "discard", "player": "Cat", "count": 1}, {"type": "give", "to": "Cat", "count": 0},
        {"type": "discard", "player": "Dan", "count": 1}, {"type": "give", "to": "Dan", "count": 0},
        {"type": "play", "player": "Cat", "stake": 2},  # raises four cards: foul (L48), Dan alone takes the pool
        {"type": "play", "player": "Dan", "stake": 2}]}
    report = check_log(log)
    assert [(f["id"], f["event"], f["player"]) for f in report["findings"]] == [("L48", 13, "Cat"), ("L58", 14, "Dan")]
    assert report["net"] == {"Ann": 0, "Bob": -1, "Cat": -2, "Dan": 3}


def test_a_demand_or_a_dealers_cards_before_the_discard_are_judged_at_the_discard():
    """SPEC 11 and 12: a demand made before the discard is L44 once the discard shows it
    wrong; the dealer given more than he then discards has drawn other than his discard
    (L47, at once). Neither was judged: the demand's check and the dealer's asked for a
    discard the log had not yet made."""
    case = load_case(cases_dir() / "l35-a-card-given-before-the-discard-does-not-take-the-turn-to-draw.json")
    asked_first = case["events"][:9] + [{"type": "demand", "player": "Bob", "count": 2},
                                        {"type": "discard", "player": "Bob", "count": 3}]
    assert [(f["id"], f["event"]) for f in check_log({**case, "events": asked_first})["findings"]] == [("L44", 10)]
    others = [{"type": "discard", "player": p, "count": 0} for p in ("Bob", "Cat", "Dan")]
    dealer_first = case["events"][:9] + others + [{"type": "give", "to": "Ann", "count": 2},
                                                  {"type": "discard", "player": "Ann", "count": 1}]
    assert [(f["id"], f["event"]) for f in check_log({**case, "events": dealer_first})["findings"]] == [("L47", 13)]


def test_a_game_the_next_deal_cuts_off_before_any_card_was_not_opened():
    """SPEC 17 and L29 (reading 29): cut off by the next deal before a card was dealt, no
    one opened the game: the ruling at its last event, and the next game is a jack-pot (it
    was ruled only once a card had been dealt)."""
    case = load_case(cases_dir() / "l29-a-game-the-next-deal-cuts-off-before-anyone-opened-it-was-not-opened.json")
    case["events"] = case["events"][:4] + case["events"][6:9]  # Bob's ante, then Bob deals, shuffles, Ann cuts
    report = check_log(case)
    assert [(f["id"], f["event"]) for f in report["findings"]] == [("L29", 3)]
    assert report["games"][0]["next"] == {"dealer": "Bob", "jackpot": {"number": 1, "openers": "JJ"}}


@pytest.mark.parametrize("again, dealer, found, asked", [
    (["Cat Kc"], "Ann", [], "Ann"),                    # Cat alone drew again: Ann and Bob may still draw lower
    (["Ann 7c", "Bob 7d"], "Cat", [], "Cat"),          # Cat has yet to draw in the new round
    (["Ann 7c", "Bob 4d"], "Ann", ["L2"], "Cat"),      # Bob's 4 is below Ann's 7; Cat may still draw lower
    (["Cat Kc", "Cat 2s", "Ann 9c"], "Cat", ["L2"], "Bob"),  # Cat's second card, in one round, counts for
    # nothing: her king is above Ann's 9, and Bob has yet to draw
    (["Cat Kc", "Ann 9c", "Bob 5d"], "Ann", ["L2"], None)])  # the round over: Bob's 5 is the lowest
def test_a_round_of_drawing_again_for_the_deal_is_decided_once_each_of_the_tied_has_drawn(again, dealer, found, asked):
    """L2 ("such players only shall draw again") and SPEC 28: three tie with twos. Until each
    of them has drawn in the new round its lowest card is not known, so whoever of them drew
    the lowest so far or has yet to draw may deal with no finding, as `next` asks the next
    of them to draw. (It was decided by the cards drawn so far, and `next` disagreed.)"""
    draws = "".join(f"{p} draws for deal {c}\n" for p, c in
                    [("Ann", "2c"), ("Bob", "2d"), ("Cat", "2h"), ("Dan", "9s")] + [tuple(a.split()) for a in again])
    head = "players Ann Bob Cat Dan; limit 20; ante 1\n" + draws
    text = head + f"{dealer} deals; {dealer} shuffles\n"
    assert [f["id"] for f in check_log(parse_checked(text, "x.hand")[0])["findings"] if f["id"] == "L2"] == found
    answer = arbiter.next_acts(parse_checked(head, "x.hand")[0], None)
    assert answer["acts"] == ([{"type": "draw_for_deal"}] if asked else [{"type": "deal"}])
    assert answer["player"] == (asked or "Bob")


@pytest.mark.parametrize("draws, dealer, found, asked", [
    (["Ann 2c"], "Bob", [], "Bob"),                              # Bob, Cat and Dan may still draw lower
    (["Ann 2c", "Bob 5c", "Cat 9c"], "Dan", [], "Dan"),          # Dan has yet to draw: he may draw an ace
    (["Ann 2c", "Bob 5c", "Cat 9c"], "Bob", ["L2"], "Dan"),      # unsettled between Ann and Dan alone
    (["Ann 2c", "Bob 2d", "Bob 3c", "Ann 4c"], "Bob", [], "Cat"),  # the deuces are no tie yet: the
    # second cards count for nothing, and Cat and Dan have yet to draw
    (["Ann 2c", "Bob 2d", "Bob 3c", "Ann 4c", "Cat As", "Dan Kd"], "Bob", ["L2"], None)])  # Cat's ace
def test_the_first_round_of_the_draw_for_the_deal_is_over_once_every_player_has_drawn(draws, dealer, found, asked):
    """Law 2: the players "shall each draw a card", and only those then tied for the lowest
    draw again. Until every seated player has drawn, the lowest card is not known: those who
    drew the lowest so far and those yet to draw may deal with no finding, and a card drawn
    again counts for nothing, as in a round among the tied. (Two deuces drawn first were
    taken as a tie settled by their second cards, Cat's ace thrown away; and an unfinished
    first round was decided by its cards so far, where `next` asked the next to draw.)"""
    head = "players Ann Bob Cat Dan; limit 20; ante 1\n" + "".join(f"{p} draws for deal {c}\n" for p, c in
                                                                 (d.split() for d in draws))
    report = check_log(parse_checked(head + f"{dealer} deals; {dealer} shuffles\n", "x.hand")[0])
    assert [f["id"] for f in report["findings"] if f["id"] == "L2"] == found
    answer = arbiter.next_acts(parse_checked(head, "x.hand")[0], None)
    assert answer["acts"] == ([{"type": "draw_for_deal"}] if asked else [{"type": "deal"}])
    assert answer["player"] == (asked or "Cat")


@pytest.mark.parametrize("after, message", [
    ("Cat points out wrong count about Dan\n", "the deal was declared void (a misdeal)"),
])
def test_a_card_dealt_with_no_deal_in_play_is_invalid(after, message):
    """Readings 1 and 7: after a misdeal no deal is in play until a new `deal`: a card then
    needs the state that is absent, and the error names the event, its type and what must
    come first. A card dealt after the deal is finished, in play, is law 7's irregularity
    instead (case l07-a-card-dealt-after-the-deal-is-finished-is-out-of-order), and so is
    one dealt once the game is over (below)."""
    dealt = "dealt Bob 5, Cat 5, Dan 4, Ann 5\n"
    text = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n" + dealt
    log, _ = parse_checked(text + after + "card to Bob\nBob deals\n", "x.hand")
    report = check_log(log)
    at = len(log["events"]) - 2
    assert report["status"] == "invalid" and report["error"]["event"] == at
    assert message in report["error"]["message"] and f"event {at} (card to Bob)" in report["error"]["message"]


@pytest.mark.parametrize("after", ["Cat opens 2; Dan passes; Ann passes; Bob passes\n",
                                   "Cat passes; Dan passes; Ann passes; Bob passes\n"])
def test_a_card_dealt_once_the_game_is_over_is_law_7s(after):
    """Reading 1: a table can deal a card once the pool is taken (or no one opened), before a
    new deal: it is the dealer's irregularity (L7), and the game stands as it ended; it made
    the whole log invalid (case l07-a-card-dealt-after-the-pool-is-taken-changes-nothing)."""
    text = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
    before = check_log(parse_checked(text + after, "x.hand")[0])
    log, _ = parse_checked(text + after + "card to Bob\n", "x.hand")
    report = check_log(log)
    assert report["status"] == "irregular" and [(f["id"], f["event"]) for f in report["findings"]][-1] == \
        ("L7", len(log["events"]) - 1)
    assert (report["net"], report["games"]) == (before["net"], before["games"])


def test_a_whole_deal_with_no_deal_in_play_names_its_dealer():
    """Item 25: an invalid event's message names its index, its type and the player: a
    `dealt` names no one, and the message said "event 5 (dealt)"; the dealer in play is
    the one who deals it."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 4, Ann 5\nCat points out wrong count about Dan\ndealt\n")
    report = check_log(parse_checked(text, "x.hand")[0])
    assert report["error"]["message"].startswith("event 6 (dealt by Ann): the deal was declared void")


@pytest.mark.parametrize("who", ["Bob", "Cat"])
def test_a_discard_between_a_misdeal_and_the_new_deal_is_no_time_to_draw_whoever_makes_it(who):
    """Reading 7: between a misdeal and the new deal no deal is in play, and no one holds
    cards. A discard then is law 35's (no time to draw), the same for all: one dealt no card
    before the misdeal made the log invalid ("cannot discard 1 card, holding 0")."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Bob antes 1\ncard to Bob\n"
            f"Cat points out uncut\n{who} discards 1\n")
    report = check_log(parse_checked(text, "x.hand")[0])
    assert [(f["id"], f["player"]) for f in report["findings"]] == [("L8", "Ann"), ("L35", who)]


def test_the_remainder_after_a_show_for_a_sum_is_paid_by_law_60():
    """Law 60's last sentence moves the remainder ("the holder of the next best hand shall
    claim the remainder of the pool"): the ledger cites it for the demander's sum and for
    the remainder alike; a pool won at a show with no sum demanded is law 59's."""
    def wins(case: str) -> list[tuple[str, str]]:
        log = load_case(cases_dir() / f"{case}.json")
        return [(m["to"], m["rule"]) for m in check_log(log)["ledger"] if m["what"] == "win"]

    assert wins("l60-two-shows-for-a-sum-the-second-takes-from-the-rest") == [
        ("Dan", "L60"), ("Ann", "L60"), ("Cat", "L60")]  # two demanders' sums, then Cat's remainder
    assert wins("l76-equal-hands-shown-for-a-sum-share-what-the-rule-gives")[-1] == ("Cat", "L60")
    assert wins("l59-show-begins-left-of-last-caller") == [("Ann", "L59")]


@pytest.mark.parametrize("before", [
    "Cat opens 2\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n",  # a stake before the deal (item 24)
    "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt Bob 4, Cat 5, Dan 5, Ann 5\nCat opens 2\n"
    "Dan points out wrong count about Bob\nAnn deals; Ann shuffles; Dan cuts\ndealt\n",  # a stake in a void deal
])
def test_a_sixth_card_straight_after_the_deal_is_of_the_dealing_whatever_was_staked_before_it(before):
    """L7's reading and reading 4: a card straight after the last card of the deal is still
    of the dealing (the hand is judged by law 13 when raised), though an early stake, held
    for the say, was made before the deal or in a void one; after a lift it is law 7's."""
    head = "players Ann Bob Cat Dan; limit 20; ante 1\n"
    log, _ = parse_checked(head + before + "card to Bob\nBob lifts\ncard to Cat\n", "x.hand")
    found = [(f["id"], f["event"]) for f in check_log(log)["findings"] if f["id"] in ("L7", "L13")]
    events = len(log["events"])
    assert found == [("L13", events - 2), ("L7", events - 1)]


@pytest.mark.parametrize("opening, dealt, found", [
    ("Dan opens 2 (2c 3d 4h 5s 7c)\n", "Jc Jd 4h 6s 8c", []),  # cards named before any is dealt are no hand
    ("Dan opens 2 (2c 3d 4h 5s 7c)\n", "Tc Td 4h 6s 8c", [("L30", 17)]),  # judged once, on the hand dealt
    # opened between a misdeal and the new deal: the void deal's hand (tens) is no hand; the new one has knaves
    ("dealt Cat 5, Dan (Tc Td 4h 6s 8c), Ann 4, Bob 5\nAnn points out wrong count\nDan opens 2\n"
     "Bob deals; Bob shuffles; Ann cuts\n", "Jc Jd 4h 6s 8c", []),
])
def test_a_jack_pot_opened_before_its_cards_is_judged_once_on_the_hand_then_dealt(opening, dealt, found):
    """L30's reading (reading 18, 'whatever follows'): an opening made before the cards of
    the deal are dealt is judged when the deal is finished, on the hand dealt him; the
    cards it names, or a void deal's, are not his hand."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat passes; Dan passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n"
            + opening + f"dealt Cat 5, Dan ({dealt}), Ann 5, Bob 5\nCat passes; Ann passes; Bob passes\n")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log)
    assert [(f["id"], f["event"]) for f in report["findings"] if f["id"] == "L30"] == found
    assert ("L33" in [f["id"] for f in report["findings"]]) == bool(found)


def test_the_discards_collected_though_the_pack_held_enough_are_no_ruling_that_it_ran_short():
    """Law 41 ("if the dealer have not sufficient cards remaining"): with eight players,
    twelve cards are left; each draws one, and the dealer collects the discards though five
    remain for his one: his irregularity, not the ruling that the pack ran short. A stray
    cut in the draw, no pack made up, is no cut of one."""
    head = ("players Ann Bob Cat Dan Eve Fay Gus Hal; limit 20; ante 1\nAnn deals; Ann shuffles; Hal cuts; "
            "Bob antes 1\ndealt\nCat opens 2; Dan plays 2; Eve plays 2; Fay plays 2; Gus plays 2; Hal plays 2; "
            "Ann plays 2; Bob plays 2\n")
    draws = "".join(f"{p} discards 1; {p} asks 1; {p} gets 1\n" for p in "Bob Cat Dan Eve Fay Gus Hal".split())
    log, _ = parse_checked(head + draws + "Ann discards 1; Ann asks 1\ndiscards collected\nAnn shuffles; Hal cuts\n"
                           "Ann gets 1\n", "x.hand")
    found = [(f["id"], f["severity"], f["player"]) for f in check_log(log)["findings"]]
    assert found == [("L41", "irregularity", "Ann")]
    log, _ = parse_checked(head + "Bob discards 3; Bob asks 3; Bob gets 3\nGus cuts\n", "x.hand")
    assert check_log(log)["findings"] == []


@pytest.mark.parametrize("where", [
    "Cat opens 2\n",  # in the say
    "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 0; Ann discards 0\n",  # the draw ended
    "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 0; Ann discards 0\nCat plays 4\n",  # betting
    "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 0; Ann discards 0\n"
    "Cat plays 4; Ann passes; Bob passes\n",  # the pool taken
])
def test_discards_collected_when_no_draw_can_come_are_one_finding_of_law_35(where):
    """Reading 25's words for the acts of the draw, and item 24's one finding: the discards
    collected when no draw can come are law 35's alone, the dealer's (law 41's 'the pack had
    not run short' and 'before every player still to draw had discarded' are for the draw)."""
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            f"{where}discards collected\n")
    log, _ = parse_checked(text, "x.hand")
    findings = check_log(log)["findings"]
    assert [(f["id"], f["player"]) for f in findings] == [("L35", "Ann")] and "changes nothing" in findings[0]["summary"]


@pytest.mark.parametrize("antes, said", [
    ("Cat antes 1\nCat antes 1\n", ["for Bob to stake it", "Cat staked the ante again, having staked it"]),
    ("Dan antes 1\nCat antes 1\n", ["for Bob to stake it", "Cat staked the ante after Dan had staked it"]),
    ("Cat antes 1\nBob antes 1\n", ["for Bob to stake it", "Bob staked the ante after Cat had staked it"]),
])
def test_an_ante_after_the_games_ante_is_told_as_a_second_ante(antes, said):
    """L20's reading: the wrong player's finding is for the game's ante; any ante after it,
    whoever stakes it, is a second ante, which stays in the pool as his stake."""
    text = "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts\n" + antes
    report = check_log(parse_checked(text, "antes.hand")[0])
    assert [f["id"] for f in report["findings"]] == ["L20", "L20"]
    assert all(words in f["summary"] for words, f in zip(said, report["findings"]))


@pytest.mark.parametrize("remade", [("shuffle", "cut", "shuffle"), ("cut", "shuffle")])
def test_the_pack_made_up_is_shuffled_then_cut(remade):
    """L41's reading: the discards collected are shuffled, then cut; a shuffle after the cut
    leaves the pack uncut again (law 4's reading), and the first give from it is law 41's."""
    log = load_case(cases_dir() / "l41-pack-runs-short-discards-reshuffled.json")
    events = log["events"]
    at = next(k for k, e in enumerate(events) if e["type"] == "collect_discards") + 1
    while events[at]["type"] in ("shuffle", "cut"):
        del events[at]
    made = [{"type": kind, "player": "Ann" if kind == "shuffle" else "Gus"} for kind in remade]
    events[at:at] = made
    report = check_log(log)
    give = at + len(made)
    assert [(f["id"], f["severity"], f["event"]) for f in report["findings"] if f["event"] >= at - 1] == [
        ("L41", "ruling", at - 1), ("L41", "irregularity", give)]


@pytest.mark.parametrize("cutter", ["Jon", "Dan"])
def test_once_the_pack_made_up_is_spent_its_shuffle_and_cut_are_no_finding(cutter):
    """L41's reading: once every discard is made up and the pack so made is spent, there is
    no pack to cut; a shuffle then left it "uncut" and the cut by any but the dealer's
    right-hand player was ruled law 41's (the shipped case, its gathering of nothing left out)."""
    log = load_case(cases_dir() / "l41-once-every-discard-is-made-up-none-is-left-to-make-up-the-pack-again.json")
    events = log["events"]
    gathering = [k for k, e in enumerate(events) if e["type"] == "collect_discards"][-1]
    del events[gathering]
    events[gathering + 1]["player"] = cutter  # the shuffle, then the cut
    report = check_log(log)
    assert [(f["id"], f["severity"], f["event"]) for f in report["findings"]] == [
        ("L41", "ruling", gathering - 5), ("L41", "irregularity", gathering + 2)]


@pytest.mark.parametrize("answer, wrong", [("2", False), ("1", True)])
def test_the_dealers_draw_given_in_two_parts_counts_both_though_the_first_made_it_foul(answer, wrong):
    """L49: "the dealer shall answer correctly" how many cards he drew. Ann discards 2 and
    gives herself 1, then 1: the first give, not her discard, makes her hand foul (L47, item
    12), and the second changes nothing (L35), but she took both: her true answer, 2, was
    ruled wrong ("the dealer drew 1 card"), and 1 right."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob passes\n"
            "Cat discards 3; Cat gets 3; Dan discards 1; Dan gets 1; Ann discards 2; Ann gets 1; Ann gets 1\n"
            f"Dan asks dealer; dealer answers {answer}\n")
    findings = check_log(parse_checked(text, "x.hand")[0])["findings"]
    assert [f["id"] for f in findings] == ["L47", "L35"] + (["L49"] if wrong else [])
    assert not wrong or "the dealer drew 2 cards" in findings[-1]["summary"]


@pytest.mark.parametrize("draw, found", [
    # a card exposed in his foul give, owed him (L40), is paid by the card he gives himself next: 2 in all
    ("Ann discards 3; Ann gets 2 exposed 1; Ann gets 1\n", ["L40", "L47", "L35"]),
    # his discard given whole, a card after the betting has begun is not of his draw (L35): 2
    ("Ann discards 2; Ann gets 2\nCat plays 4\nAnn gets 1\n", ["L35"]),
    # foul with 1 of his 2, the betting begun: the card given him then is not of his draw either: 1
    ("Ann discards 2; Ann gets 1\nCat plays 4\nAnn gets 1\n", ["L47", "L35", "L49"]),
    # the pack ran out in his give of 3 (1 given, 2 awaited, L41), his hand raised foul (L48), then the 2 given:
    # they are the 2 awaited, 3 in all (5 were counted)
    ("Ann discards 3; Ann gets 1\nAnn lifts\nAnn gets 2\n", ["L48", "L35", "L41"]),
])
def test_the_dealers_draw_counts_no_card_twice_nor_one_given_out_of_the_draw(draw, found):
    """L49, the regression hunt after the dealer's foul draw was counted whole: the card owed
    for one exposed was counted beside the card that paid it, and a card given once the
    betting had begun, which changes nothing, made his true answer of 2 wrong ("drew 3")."""
    short = "L41" in found  # six at the table, the pack left with 1 card for the dealer's draw
    text = ("players Ann Bob Cat Dan Eve Fay; limit 20; ante 1\nAnn deals; Ann shuffles; Fay cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Eve plays 2; Fay plays 2; Ann plays 2; Bob plays 2\n"
            + "".join(f"{p} discards 5; {p} gets 5\n" for p in ("Bob", "Cat", "Dan", "Eve")) + "Fay discards 1; Fay gets 1\n"
            if short else
            "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob passes\nCat discards 2; Cat gets 2; Dan discards 1; Dan gets 1\n"
            ) + draw + f"Dan asks dealer; dealer answers {3 if short else 2}\n"
    assert [f["id"] for f in check_log(parse_checked(text, "x.hand")[0])["findings"]] == found


FOUL_FIRST = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
              "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
              "Cat discards 0; Dan discards 0\nCat plays 4; Dan plays 4\nCat shows (Jc Jd 8h 5s)\n")


@pytest.mark.parametrize("then, found, winners, taken_at", [
    ("Bob deals\n", [], ["Dan"], 13),  # the next deal first: the only other player claims unshown (law 64)
    ("Dan wins\n", [], ["Dan"], 14),  # a win recorded for him: the same
    ("Dan shows (9c 9d 4s 4h 2d)\n", [], ["Dan"], 14),  # his show, still due, takes it (the last hand due, L59)
    ("Dan shows (9c 9d 4s 4h)\n", [("L64", "Dan")], [], None),  # foul too: no hand can win, and the pool stays
    ("Dan shows (Jc 9d 4s 4h 2d)\n", [("L1", "Ann")], [], None),  # Cat's knave again: his hand cannot be valued
])
def test_after_a_foul_hand_shown_the_only_other_player_claims_with_his_show_still_due(then, found, winners, taken_at):
    """Reading 20 (L64): a hand shown foul leaves the pool to the best other hand; the only
    other player's show is still due and judged as any other. He took the pool at the
    foul show, and his own foul hand shown after it was no finding and still won; where
    no hand shown could win, the game was left unfinished."""
    report = check_log(parse_checked(FOUL_FIRST + then, "x.hand")[0])
    assert [(f["id"], f["player"]) for f in report["findings"]] == [("L64", "Cat"), *found]
    game = report["games"][0]
    assert (game["winners"], game["complete"], game["next"]) == (winners, True, {"dealer": "Bob", "jackpot": None})
    assert [entry["event"] for entry in report["ledger"] if entry["what"] == "win"] == \
        ([taken_at] if taken_at is not None else [])
    ended = check_log(parse_checked(FOUL_FIRST, "x.hand")[0])  # the log ends with his show still due: mid-game
    assert (ended["games"][0]["complete"], ended["games"][0]["winners"], ended["net"]["Dan"]) == (False, [], -4)
    assert arbiter.next_acts(parse_checked(FOUL_FIRST, "x.hand")[0])["acts"][0] == {"type": "show"}


@pytest.mark.parametrize("passer", ["Ann", "Bob", "Cat"])
def test_a_pass_at_the_show_by_one_already_out_leaves_the_only_other_players_show_due(passer):
    """A pass at the show that leaves one player gives him the pool then (L59's reading): a
    pass by one already out (who passed in the say, or the foul hand's own holder) leaves
    no one, and gave Dan, left alone by Cat's foul hand, the pool without his show."""
    report = check_log(parse_checked(FOUL_FIRST + f"{passer} passes\n", "x.hand")[0])
    assert (report["games"][0]["complete"], report["games"][0]["winners"], report["net"]["Dan"]) == (False, [], -4)
    assert arbiter.next_acts(parse_checked(FOUL_FIRST + f"{passer} passes\n", "x.hand")[0])["acts"][0] == \
        {"type": "show"}


SHOWN_TWICE = ("players Ann Bob Cat; limit 20; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\n"
               "dealt Bob (Qh Qd 8c 6s 3h), Cat (Ah Ad 9c 4s 3d), Ann (Kh Kd Kc 5s 2h)\n"
               "Cat opens 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 0; Ann discards 0\n"
               "Cat plays 4; Ann plays 4; Bob plays 4\nCat shows (Ah Ad 9c 4s 3d); Ann shows (Kh Kd Kc 5s 2h)\n")


@pytest.mark.parametrize("again", ["(Ah Ad Ac As 3d)", "(Ah Ad 9c 4s 2c)"])
@pytest.mark.parametrize("when", ["before", "after"])
def test_a_hand_shown_again_with_other_cards_changes_nothing(again, when):
    """L59's reading: a player shows his hand once. Cat showed aces, Ann three kings; Cat
    shown again with four aces before Bob's show took the pool with them, no finding."""
    last = "Bob shows (Qh Qd 8c 6s 3h)\n"
    text = SHOWN_TWICE + (f"Cat shows {again}\n" + last if when == "before" else last + f"Cat shows {again}\n")
    report = check_log(parse_checked(text, "x.hand")[0])
    assert (report["findings"], report["games"][0]["winners"]) == ([], ["Ann"])
    assert report["net"] == {"Ann": 8, "Bob": -4, "Cat": -4}


def test_a_stake_lower_than_his_own_in_the_say_is_law_55s_alone():
    """Item 15: a stake lower than the player's own is [L55], his old stake standing. In
    the say, L26 also said "the stake stands" of the lower one: two findings contradicting
    each other on one act. The old stake, short, is made good at the draw (D4)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 2; Ann passes; Bob plays 0\n")
    log = parse_checked(text, "x.hand")[0]
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"]] == [("L55", 8)]
    assert arbiter.next_acts(log)["acts"][0] == {"type": "play", "minimum": 2, "maximum": 2}


def test_an_invalid_report_says_the_house_rules_it_was_read_under():
    """docs/house-rules.md: the report says which house rules were in force; a log that
    breaks down under them said so only in its provenance (`house_rules` null, no line)."""
    from arbiter.render.report import render_text
    from arbiter.rulebook.house import read_house

    log, _ = parse_checked("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\n"
                           "dealt\nCat opens 2; Ann plays 2; Bob plays 2\nBob discards 6\n", "x.hand")
    housed = apply_house(load_rulebook(), read_house("blaze"))
    report = check_log(log, housed)
    assert report["status"] == "invalid" and report["house_rules"]["name"] == "blaze", report
    assert render_text(report, housed).endswith("  house rules: blaze\n")
    assert "house_rules" not in check_log(log)  # by the laws alone, none


@pytest.mark.parametrize("change, found", [
    ({22: {"type": "cut", "player": "Ann"}}, [("L41", 20, None), ("L41", 22, "Ann")]),  # the cut is Fay's
    ({18: {"type": "discard", "player": "Gus", "count": 2}, 21: None, 22: None, 23: {"type": "give", "to": "Gus",
                                                                                     "count": 2}},
     [("L41", 20, "Gus")]),  # the pack held the 2 owed: collected though it sufficed
])
def test_law_41_judges_the_pack_made_up_once_the_betting_has_begun_as_in_the_draw(change, found):
    """The dealer still owes himself cards after the first bet: the discards collected are
    law 41's, in the betting as in the draw. A cut by another than the dealer's right-hand
    player went unjudged there, and a collection though the pack sufficed was law 35's 'no
    time to draw' (the cards were still owed)."""
    case = load_case(cases_dir() / "l41-the-pack-made-up-for-the-dealers-own-draw-once-the-betting-has-begun.json")
    events = dict(enumerate(case["events"]))
    events.update(change)
    case["events"] = [event for _, event in sorted(events.items()) if event is not None]
    report = check_log(case)
    assert [(f["id"], f["event"], f["player"]) for f in report["findings"] if f["id"] in ("L41", "L35")] == found



def test_findings_come_in_the_order_of_their_events():
    """An uncut deal cut off by the next game's deal is judged at that deal (L9, event 5);
    the game's end, no one having opened, as of its last event (L29, event 4), once that
    deal has come: the report lists L29 first, as the events came (it listed L9 first)."""
    table = {"players": ["Ann", "Bob", "Cat"], "limit": 10, "ante": 1}
    events = [{"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"},
              {"type": "ante", "player": "Bob", "amount": 1}, {"type": "card", "to": "Bob"},
              {"type": "card", "to": "Cat"}, {"type": "deal", "dealer": "Bob"}]
    report = check_log({"format": "peel-draw-poker-log", "version": 1, "table": table, "events": events})
    assert [(f["id"], f["event"]) for f in report["findings"]] == [("L29", 4), ("L9", 5)]


def test_a_wrong_argument_is_told_in_the_callers_words():
    """`check_log(log, house="blaze")` was "replay_log() got an unexpected keyword argument
    'house'", a function the caller never called; `apply_house(None, …)` an AttributeError
    deep inside. Each says what it takes, and how a rule book with house rules is made."""
    from arbiter.rulebook.house import apply_house, read_house

    with pytest.raises(TypeError, match=r"check_log\(\) takes no 'house'.*apply_house\(load_rulebook\(\)"):
        check_log(load_case(FOUL), house="blaze")
    for path in (FOUL, FOUL.parent / "absent.json"):  # check_file said replay_log's, or took it unsaid unread
        with pytest.raises(TypeError, match=r"check_file\(\) takes no 'house'"):
            check_file(path, house="blaze")
    for data, file in ((FOUL.read_bytes(), None), (FOUL.read_text(), "x.json"), (memoryview(b"{}"), "x.json")):
        with pytest.raises(TypeError, match=r"check_bytes\(\) takes the log's bytes and its file's name"):
            check_bytes(data, file)  # an AttributeError or hashlib's words, deep inside
    assert check_file(os.fsencode(FOUL))["file"] == str(FOUL)  # not "b'…'"
    assert check_file(b"nul\0.json")["status"] == "invalid"  # as the name as text is, not a TypeError inside
    with pytest.raises(TypeError, match=r"apply_house's rule book: a rule book, not NoneType"):
        apply_house(None, read_house("blaze"))


@pytest.mark.parametrize("after, found", [
    ("", ["L11"]),  # a sixth card to Bob, straight after the last of the deal: still of the dealing (L7)
    ("Bob lifts\n", ["L7", "L11"])])  # once the dealing is over: law 7's irregularity, and law 11's
def test_a_card_dealt_face_up_is_law_11s_whenever_it_comes(after, found):
    """L6 and L11's reading: a card dealt face up is the one breach of law 6 a log shows,
    reported under L11. One dealt after the fifth round (the deal finished) had no finding."""
    from arbiter.notation import parse_checked

    text = ("players Ann Bob Cat; limit 20; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\n"
            + "card to Bob; card to Cat; card to Ann\n" * 5 + after + "card to Bob Ah exposed\n")
    findings = check_log(parse_checked(text, "x.hand")[0])["findings"]
    assert [f["id"] for f in findings] == found, findings


def test_a_path_given_as_bytes_finds_the_house_file_beside_the_log(tmp_path):
    """check_file(b'…') read the log, then joined its folder, bytes, with the house file's
    name, text: a TypeError, where the same path as text gives the report."""
    (tmp_path / "club.yaml").write_text("name: club\nparameters: {max_ante_fraction_of_limit: 0.25}\n", "utf-8")
    log = dict(load_case(FOUL), table={**load_case(FOUL)["table"], "house": "club.yaml"})
    path = tmp_path / "g.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert check_file(os.fsencode(path)) == check_file(path) and check_file(path)["house_rules"]["name"] == "club"
