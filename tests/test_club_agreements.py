"""A club's whole agreement in its house file (law 81; issue 22): a stake returned, every
player's ante, table stakes, hands declared in data, and club rules easy to write and
check before play (`arbiter house check`).

The shipped agreements and their hand-worked cases are replayed by tests/test_house_files.py;
here, what each new word or setting does, and the one-line refusals.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import arbiter
from arbiter.checker import check_log
from arbiter.errors import HouseRulesError
from arbiter.notation import parse_checked
from arbiter.resources import cases_dir
from arbiter.rulebook.house import apply_house, read_house, shipped_house_files
from tests.conftest import in_process as run

BOBTAIL = {"name": "bobtail", "hands": {"big_bobtail": {"cards": 4, "sequence": True, "suited": True,
                                                        "words": "a big bobtail"}},
           "parameters": {"hand_order": ["sequence_flush", "fours", "big_bobtail", "full", "flush", "sequence",
                                         "threes", "two_pairs", "pair", "high_card"]}}


def house_file(tmp_path, data: dict, name: str = "club.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


# --- hands declared in the house file (item 4) -------------------------------------------------
def test_a_house_declares_a_hand_and_places_it(tmp_path, rulebook):
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, BOBTAIL))))
    assert set(book.hands) == {"blaze", "skip_sequence", "big_bobtail"} and book.house["hands"] == ["big_bobtail"]
    log = {"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann", "Bob"], "limit": 10, "ante": 1}, "events": [
        {"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Bob"},
        {"type": "ante", "player": "Bob", "amount": 1},
        {"type": "dealt", "hands": {"Bob": ["5h", "6h", "7h", "8h", "Kc"], "Ann": ["Ac", "Ad", "Ah", "Ks", "Kd"]}},
        {"type": "open", "player": "Ann", "stake": 2}, {"type": "play", "player": "Bob", "stake": 2},
        {"type": "discard", "player": "Bob", "count": 0}, {"type": "discard", "player": "Ann", "count": 0},
        {"type": "play", "player": "Bob", "stake": 2}, {"type": "play", "player": "Ann", "stake": 2},
        {"type": "show", "player": "Bob", "cards": ["5h", "6h", "7h", "8h", "Kc"]},
        {"type": "show", "player": "Ann", "cards": ["Ac", "Ad", "Ah", "Ks", "Kd"]}]}
    assert check_log(log, book)["games"][0]["winners"] == ["Bob"]      # the bobtail beats a full
    assert check_log(log, rulebook)["games"][0]["winners"] == ["Ann"]  # by the laws, Bob has no pair


@pytest.mark.parametrize("change, message", [
    ({"hands": {"blaze": {"suited": True}}}, "hands/blaze: already a hand the evaluator knows"),
    ({"hands": {"flush": {"suited": True}}}, "hands/flush: already a hand the evaluator knows"),
    ({"hands": {"big_bobtail": {"cards": 4, "sequence": True, "step": 5}}}, "hands/big_bobtail/step"),
    ({"hands": {"big_bobtail": {"cards": 4}}}, "hands/big_bobtail: says nothing of what makes it"),
    ({"hands": {"big_bobtail": {"cards": 4, "sequence": True, "suited": True, "colour": "red"}}},
     "hands/big_bobtail: Additional properties are not allowed ('colour' was unexpected)"),
    ({"hands": {}, "parameters": {"hand_order": [*BOBTAIL["parameters"]["hand_order"]]}},
     "parameters/hand_order: unknown hand(s) ['big_bobtail']; known: those declared (blaze, skip_sequence)"),
])
def test_a_bad_hand_is_refused_in_one_line(tmp_path, rulebook, change, message):
    path = house_file(tmp_path, {**BOBTAIL, **change})
    code, out, err = run("house", "check", str(path))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and message in err, err
    with pytest.raises(HouseRulesError):
        apply_house(rulebook, read_house(str(path)))


# --- writing a club rule (item 5) --------------------------------------------------------------
def test_house_check_reads_a_house_file_alone_and_says_its_rules_in_words(tmp_path):
    code, out, err = run("house", "check", "no-jackpots")
    assert code == 0 and err == ""
    assert "Switched off:\n  L29  An unopened game leaves the pool" in out
    assert "H1  When no one opens, the stakes are returned and no jack-pot follows" in out
    assert "is given back to each player out of the pool" in " ".join(out.split())
    code, out, err = run("house", "check", str(house_file(tmp_path, BOBTAIL)), "--format", "json")
    summary = json.loads(out)
    assert code == 0 and summary["hands"][0]["name"] == "big_bobtail" and summary["hands"][0]["placed"]
    assert "four of the five cards, in sequence, all of one suit" in summary["hands"][0]["in_words"]
    assert summary["parameters"][0]["name"] == "hand_order" and summary["parameters"][0]["rule"] == "L65"
    assert summary["parameters"][0]["default_from"] == "Peel"


def test_house_check_says_whose_a_parameters_default_is(tmp_path):
    """docs/house-rules.md: each parameter beside the rule book's value, and whose it is: a
    club's own rule's default is the club's, never Peel's (as `law` and `check` say)."""
    club = yaml.safe_load(Path(shipped_house_files()["exposed-at-the-say"]).read_text(encoding="utf-8"))
    code, out, _ = run("house", "check", str(house_file(tmp_path, {**club, "parameters": {
        "exposed_card_penalty_antes": 2}})))
    assert code == 0 and "exposed_card_penalty_antes = 2  (H1, the club's own rule: 1)" in out
    code, out, _ = run("house", "check", str(house_file(tmp_path, {"parameters": {"wild_cards": ["2c", "2d"]}})))
    assert "wild_cards = 2c, 2d  (L65; Peel: none)" in out  # an empty default is said, not left blank
    code, out, _ = run("house", "check", "progressive-openers")
    assert "jackpot_openers = JJ, QQ, KK, AA  (L32; Peel: JJ, QQ, KK)" in out


def _defining(**defines) -> dict:
    return {"name": "orders", "rules": [{
        "id": "H1", "section": "play", "title": "The club's orders", "authority": "house", "source": {},
        "text": "The club's orders.", "enforced_by": "procedure", "severity": "irregularity", "parameters": {},
        "defines": defines, "exception_to": ["L20", "L23", "L24", "A1", "L53"], "checks": [], "interpretations": [],
        "cases": []}]}


@pytest.mark.parametrize("defines, message", [
    ({"ante_by": {"first": "dealer"}}, "rules/0/defines/ante_by: names a person, such as {left_of: dealer}"),
    ({"say_order": {"last": "dealer"}}, "rules/0/defines/say_order: gives no `first`"),
    ({"bet_order": {"first": "limit"}}, "rules/0/defines/bet_order/first: a player is wanted, and 'limit' is"),
    ({"ante_by": {"value": "ante"}}, "rules/0/defines/ante_by/value: a player is wanted"),
])
def test_a_setting_the_engine_cannot_read_is_refused_in_one_line(tmp_path, defines, message):
    code, out, err = run("house", "check", str(house_file(tmp_path, _defining(**defines))))
    assert code == 2 and len(err.strip().splitlines()) == 1 and message in err, err


def test_a_club_may_have_the_dealer_ante_and_an_order_that_names_no_one_stops_one_log(tmp_path, rulebook):
    """`ante_by: {value: dealer}` works; an order beginning with one who is not there (no
    opener yet) makes the log invalid in one line, never an internal error."""
    case = cases_dir() / "l23-first-say-left-of-ante-clean-game.json"
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, _defining(ante_by={"value": "dealer"})))))
    report = check_log(json.loads(case.read_text()), book)
    assert report["status"] == "irregular" and report["findings"][0]["id"] == "L20"  # Bob antes, not Ann
    odd = _defining(say_order={"first": {"left_of": "opener"}, "last": "dealer"})
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, odd, "odd.yaml"))))
    report = check_log(json.loads(case.read_text()), book)
    assert report["status"] == "invalid" and "names no player to begin this round" in report["error"]["message"]


def test_laws_marks_a_rule_the_house_switched_off():
    code, out, _ = run("laws", "--house", "no-jackpots")
    assert code == 0
    assert [line.split()[0] for line in out.splitlines() if "off (house rules)" in line] == ["L29"]


# --- every player antes, every game (item 2) ----------------------------------------------------
EVERY = {"name": "every-ante", "parameters": {"ante_from_every_player": True}}
EVERY_GAME = """players Ann Bob Cat Dan; limit 10; ante 1
Ann deals; Ann shuffles; Dan cuts; Bob antes 1; Cat antes 1; Dan antes 1
dealt Bob 5, Cat 5, Dan 5, Ann 5
Bob opens 2; Cat passes; Dan passes; Ann passes
"""


def test_every_player_antes_and_the_say_begins_left_of_the_dealer(tmp_path, rulebook):
    from arbiter.checker import check_bytes

    book = apply_house(rulebook, read_house(str(house_file(tmp_path, EVERY))))
    report = check_bytes(EVERY_GAME.encode(), "every.hand", book)
    assert [(f["id"], f["event"], f["player"]) for f in report["findings"]] == [("L20", 6, "Ann")]  # Ann's ante unpaid
    assert [(e["from"], e["rule"], e["what"]) for e in report["ledger"][:3]] == [
        ("Bob", "L20", "ante"), ("Cat", "L20", "ante"), ("Dan", "L20", "ante")]
    assert report["games"][0]["winners"] == ["Bob"] and report["net"] == {"Ann": 0, "Bob": 2, "Cat": -1, "Dan": -1}
    peel = check_bytes(EVERY_GAME.encode(), "every.hand", rulebook)  # by the laws Cat, Dan antes are out of turn
    assert {f["id"] for f in peel["findings"]} >= {"L20", "L25"}


@pytest.mark.parametrize("again, event", [
    ("Bob antes 1\n", 6),  # in the same deal
    ("Ann antes 1\ndealt Bob 4, Cat 5, Dan 5, Ann 5\nCat points out wrong count about Bob\n"
     "Ann deals; Ann shuffles; Dan cuts; Cat antes 1\n", 12),  # in the new deal after a misdeal, which needs none
])
def test_where_every_player_antes_an_ante_staked_again_is_law_20s(tmp_path, rulebook, again, event):
    """L20's reading: where every player antes, an ante staked again by one who has
    staked it is law 20's irregularity, his; it stays in the pool, no one's stake."""
    from arbiter.checker import check_bytes

    book = apply_house(rulebook, read_house(str(house_file(tmp_path, EVERY))))
    head = "players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1; Cat antes 1; " \
           "Dan antes 1\n"
    report = check_bytes((head + again).encode(), "every.hand", book)
    again_found = [f for f in report["findings"] if f["id"] == "L20" and f["event"] == event]
    assert len(again_found) == 1 and "again" in again_found[0]["summary"]
    assert any(e["event"] == event and e["to"] == "pool" for e in report["ledger"])  # it stays in the pool
    assert all(e["to"] == "pool" for e in report["ledger"])  # nothing is returned


@pytest.mark.parametrize("cat, found", [
    ("Cat antes 2", [("L20", 4)]),  # past the table's ante in one payment, as in two (below)
    ("Cat antes 1; Cat antes 1", [("L20", 5)]),
    ("Cat antes 6", [("L19", 4)]),  # past law 19's bound (half the limit): law 19's, not a second finding
])
def test_where_every_player_antes_an_ante_past_the_tables_is_law_20s_in_one_payment_or_two(
        tmp_path, rulebook, cat, found):
    """L20's reading: where every player antes, each antes the table's ante, no more; the
    same sum is judged alike paid at once or in two payments, and stays in the pool."""
    from arbiter.checker import check_bytes

    book = apply_house(rulebook, read_house(str(house_file(tmp_path, EVERY))))
    text = f"players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1; {cat}; " \
           "Dan antes 1; Ann antes 1\ndealt Bob 5, Cat 5, Dan 5, Ann 5\nBob opens 2; Cat passes; Dan passes; Ann passes\n"
    report = check_bytes(text.encode(), "every.hand", book)
    assert [(f["id"], f["event"]) for f in report["findings"]] == found
    paid = sum(int(word) for word in cat.replace(";", " ").split() if word.isdigit())
    assert report["net"]["Cat"] == -paid and report["games"][0]["pool"] == 3 + paid + 2


# --- property: ledgers and stacks balanced under any house drawn from the vocabulary (issue 22) ---------
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from arbiter.hands import DEFAULT_HAND_ORDER  # noqa: E402
from tests.test_fuzz import RULEBOOK, agreeing, allowed_values  # noqa: E402
from tests.test_hardening import assert_steady, mutated_logs  # noqa: E402

RANK_WORDS = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]


@st.composite
def shapes(draw) -> dict:
    """A hand said in data that the evaluator can make: any of its keys, consistent."""
    cards = draw(st.integers(2, 5))
    shape: dict = {"cards": cards}
    if draw(st.booleans()):
        shape["sequence"] = True
        shape["step"] = draw(st.integers(1, 3))
    if draw(st.booleans()):
        shape["suited"] = True
    if draw(st.booleans()):
        groups, left = [], cards
        while left:
            groups.append(draw(st.integers(1, min(left, 4))))
            left -= groups[-1]
        shape["groups"] = groups
    if draw(st.booleans()):
        shape["ranks"] = draw(st.lists(st.sampled_from(RANK_WORDS), min_size=1, max_size=13, unique=True))
    if draw(st.booleans()):
        shape["one_of_each"] = draw(st.lists(st.lists(st.sampled_from(RANK_WORDS), min_size=1, max_size=4),
                                             min_size=cards, max_size=cards))
    if not any(key in shape for key in ("sequence", "suited", "groups", "ranks", "one_of_each")):
        shape["suited"] = True
    shape["odd_cards_decide"] = draw(st.booleans())
    return shape


@st.composite
def club_houses(draw) -> dict:
    """Any parameters the rule book declares (table stakes, every player's ante, the limit
    after the draw among them), and hands declared in data placed anywhere in hand_order."""
    names = draw(st.sets(st.sampled_from(sorted(RULEBOOK.declared)), max_size=5))
    parameters = agreeing({name: draw(allowed_values(RULEBOOK.declared[name])) for name in sorted(names)})
    hands = {f"club_hand_{'abc'[i]}": draw(shapes()) for i in range(draw(st.integers(0, 3)))}
    if hands or draw(st.booleans()):
        extras = [*hands, *draw(st.lists(st.sampled_from(sorted(RULEBOOK.hands)), unique=True))]
        parameters["hand_order"] = draw(st.permutations([*DEFAULT_HAND_ORDER, *extras]))
    return {"parameters": parameters, **({"hands": hands} if hands else {})}


@st.composite
def logs_with_stacks(draw) -> dict:
    """A mutated case or played game, most often with the players' stacks and counters added."""
    log = draw(mutated_logs())
    players = log["table"]["players"]
    if draw(st.integers(0, 3)):
        log["table"]["stacks"] = {p: draw(st.integers(0, 30)) for p in players}
        for _ in range(draw(st.integers(0, 3))):
            at = draw(st.integers(0, len(log["events"])))
            log["events"].insert(at, {"type": "add_counters", "player": draw(st.sampled_from(players)),
                                      "amount": draw(st.integers(1, 20))})
    return log


def assert_stacks_balanced(log: dict, report: dict, table_stakes: bool) -> None:
    """Each stack after the last game is what the player brought (at first, added, borrowed)
    and his net; no stack is below zero; under table stakes no one borrows."""
    stacks = log["table"].get("stacks")
    if stacks is None or report["status"] == "invalid" or not report["games"]:
        return
    borrowed = {p: sum(g.get("borrowed", {}).get(p, 0) for g in report["games"]) for p in stacks}
    added = {p: sum(e["amount"] for e in log["events"] if e.get("type") == "add_counters" and e["player"] == p)
             for p in stacks}
    last = report["games"][-1]["stacks"]
    assert last == {p: stacks[p] + added[p] + borrowed[p] + report["net"][p] for p in stacks}
    assert all(n >= 0 for game in report["games"] for n in game["stacks"].values())
    assert not (table_stakes and any(borrowed.values()))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(logs_with_stacks(), club_houses())
def test_ledgers_and_stacks_balance_under_any_house_from_the_vocabulary(log, house):
    try:
        book = apply_house(RULEBOOK, {**house, "_file": "club.yaml"})
    except HouseRulesError as error:  # only a hand the order names twice, or Peel's missing, is refused
        raise AssertionError(error) from None
    report = check_log(log, book)
    assert_steady(report)
    assert_stacks_balanced(log, report, book.parameters["table_stakes"])


def test_under_table_stakes_a_say_before_the_cards_beyond_his_counters_is_all_he_has():
    """A5 with reading 24: a stake said before the cards stands as his stake in the deal
    that follows; under table stakes one beyond his counters is all he has, a show for that
    sum, as it is once the cards are out (it was a plain short stake, and he was raised)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 20, Cat 20, Dan 3\n"
            "Dan plays 5\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n")
    log, _ = parse_checked(text, "x.hand")
    log["table"]["house"] = "table-stakes"
    findings = check_log(log)["findings"]
    assert [(f["id"], f["event"], f["player"], [e["type"] for e in f["effects"]]) for f in findings] == [
        ("L25", 0, "Dan", []), ("A5", 0, "Dan", ["all_in"])]


@pytest.mark.parametrize("before, stack, opened", [
    ("Bob antes 1; Cat straddles 2; Dan opens 4\ndealt\n", 1, None),  # the straddle to meet: 1 is short
    ("Bob antes 1; Dan opens 2\ndealt\n", 0, None),  # nothing: short of the ante
    ("Bob antes 1; Dan opens 2\ndealt\n", 1, "Dan"),  # all he has meets the ante: it opens as made (reading 24)
    ("Bob antes 1; Cat straddles 2\ndealt\nDan opens 4\n", 1, None),  # the same once the cards are out
])
def test_under_table_stakes_all_he_has_short_of_the_stake_to_meet_opens_nothing(before, stack, opened):
    """A5's reading (law 61): all he has, short of the stake he must meet, is a show for
    that sum and opens nothing, before the cards as after them; when every other player
    passes, no one opened (L29). All he has that meets it opens as it is made, before the
    cards as after them (reading 24: the opener is the first to open, in turn or not)."""
    text = (f"players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 20, Cat 20, Dan {stack}\n"
            "Ann deals; Ann shuffles; Dan cuts\n" + before + "Ann passes; Bob passes; Cat passes\n")
    log, _ = parse_checked(text, "x.hand")
    log["table"]["house"] = "table-stakes"
    report = check_log(log)
    assert report["games"][0]["opened_by"] == opened
    assert ("L29" in [f["id"] for f in report["findings"]]) == (opened is None)


def test_under_table_stakes_a_stake_of_all_he_has_short_of_the_call_is_a_show_for_it():
    """A5: one who cannot meet a bet stakes all he has and the show is for that sum, whether
    the stake recorded is beyond his counters or exactly them: no short stake (L54)."""
    case = json.loads((cases_dir() / "house" / "table-stakes-a-bet-beyond-his-counters-short-of-the-call-is-all-he-has.json")
                      .read_text(encoding="utf-8"))
    expected = case["meta"]["expect"]["net"]
    for stake in (6, 8):  # all he has (4 besides his 2), and beyond it
        log = json.loads(json.dumps(case))
        log["events"][13]["stake"] = stake
        log["table"]["house"] = "table-stakes"
        report = check_log(log)
        assert [(f["id"], [e["type"] for e in f["effects"]]) for f in report["findings"]] == [("A5", ["all_in"])]
        assert report["net"] == expected


@pytest.mark.parametrize("stake, found", [(11, ["D4", "A5"]), (15, ["D4", "A5"]), (8, [])])
def test_under_table_stakes_all_he_has_above_the_stake_at_the_draw_is_still_d4s_raise(stake, found):
    """A5 is the exception to D4 only for all he has at most the stake to meet (its
    `exception_where`): Dan, at 2 with 9 on the table against 8, stakes 11 (all he has) or
    15 (beyond it, all he has again): a raise in the draw, D4, beside A5's all in. Before
    the exception had its condition, A5 silenced D4 here. A make-good of 8 is no finding."""
    case = json.loads((cases_dir() / "house" / "table-stakes-all-he-has-above-the-stake-at-the-draw-is-a-raise-d4.json")
                      .read_text(encoding="utf-8"))
    case["events"][14]["stake"] = stake
    case["events"] = case["events"][:15]
    case["table"]["house"] = "table-stakes"
    report = check_log(case)
    assert [f["id"] for f in report["findings"] if f["event"] == 14] == found
    if found:  # D4 names the stake he could make, all he has, not the number recorded (A5's reading)
        assert "Dan made their stake 11 in the draw" in report["findings"][0]["summary"]


@pytest.mark.parametrize("opening", [1, 8, 50])
def test_under_table_stakes_an_opening_is_judged_as_the_stake_he_could_make(opening):
    """A5 with L25 and D1: Cat has 1 counter. Whatever he records, 1, 8 or 50, he stakes all
    he has, 1: an opening short of the minimum (L25: a recorded 8 escaped it) and no raise
    over the limit (D1: a recorded 50 was one of 49); all he has is all-in, so when Dan
    raises no make-good is asked of him (L36: he was raised with no counters left)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 20, Cat 1, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            f"Cat opens {opening}\nDan plays 2\nAnn passes\nBob passes\nCat discards 0\nDan discards 0\n")
    log, _ = parse_checked(text, "x.hand")
    log["table"]["house"] = "table-stakes"
    report = check_log(log)
    assert [(f["id"], f["event"], [e["type"] for e in f["effects"]]) for f in report["findings"]] == [
        ("L25", 5, []), ("A5", 5, ["all_in"])]
    assert "a stake of 1, all they have, less than" in report["findings"][0]["summary"]
    assert report["findings"][0]["summary"].endswith("nothing to make good with")


@pytest.mark.parametrize("written", [5, 2])
def test_under_table_stakes_an_ante_and_a_straddle_are_judged_as_made(written):
    """A5 with L19, L22 and D2: Bob has 2 counters and Cat 4 (limit 8, ante 1). Bob's ante,
    5 or 2 as written, is the 2 he has: no more than half the limit (L19); Cat's straddle
    is then due at twice it, 4; written as 9 or 4 it is the 4 she has: no L22, no D2. By the
    laws alone (they borrow) a 5 and a 9 are each more than half the limit, and 9 is not
    twice 5."""
    text = ("players Ann Bob Cat Dan; limit 8; ante 1; stacks Ann 20, Bob 2, Cat 4, Dan 20\n"
            f"Ann deals; Ann shuffles; Dan cuts; Bob antes {written}; Cat straddles {written * 2 - 1 if written > 2 else 4}\n"
            "dealt\n")
    log, _ = parse_checked(text, "x.hand")
    log["table"]["house"] = "table-stakes"
    house = [(f["id"], f["event"]) for f in check_log(log)["findings"]]
    assert house == [("A5", 3), ("A5", 4)]
    del log["table"]["house"]
    laws = [f["id"] for f in check_log(log)["findings"]]
    assert laws == (["L19", "L22", "D2"] if written == 5 else [])


def test_under_table_stakes_one_with_no_counters_owes_no_ante_and_is_no_fault():
    """A5 with L20 and item 28: Bob, the ante-man, has no counters. `next` owes no ante and
    offers the deal; dealt so, the deal is no L20 (no one is at fault for having none).
    Written, his ante makes none: no straddle of 0 is offered, and the opening is reckoned
    on the table's ante, 2 to 20, never a stake of 0."""
    head = "players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 0, Cat 20, Dan 20\nAnn deals; Ann shuffles; Dan cuts\n"
    for ante in ("", "Bob antes 1\n"):
        log, _ = parse_checked(head + ante, "x.hand")
        answer = arbiter.next_acts(log, "table-stakes")
        assert (answer["owed"], sorted(a["type"] for a in answer["acts"])) == ([], ["card", "dealt"]), ante
        log, _ = parse_checked(head + ante + "dealt\n", "x.hand")
        opening = next(a for a in arbiter.next_acts(log, "table-stakes")["acts"] if a["type"] == "open")
        assert (opening["minimum"], opening["maximum"]) == (2, 20), ante
        log["table"]["house"] = "table-stakes"
        assert [f["id"] for f in check_log(log)["findings"]] == (["A5"] if ante else []), ante


def test_a_straddle_of_all_she_has_given_back_leaves_her_with_counters_and_her_say(tmp_path, rulebook):
    """A club's no-straddling with table stakes: Cat straddles the 2 she has (A5: all she
    has), and the club gives the straddle back (no-straddling's H1): with her 2 on the table
    again she no longer stakes all she has, so the say begins with her (law 23) at the
    opening minimum, 2, all she has; before, she stayed all in with a stake of 0, the say
    passed her by, and she could take the pool staking nothing."""
    club = yaml.safe_load(shipped_house_files()["no-straddling"].read_text(encoding="utf-8"))
    club["parameters"] = {"table_stakes": True}
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, club))))
    head = ("players Ann Bob Cat Dan; limit 10; ante 1; stacks Ann 20, Bob 20, Cat 2, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1; Cat straddles 2\ndealt\n")
    log, _ = parse_checked(head, "x.hand")
    answer = arbiter.next_acts(log, book)
    assert answer["player"] == "Cat" and {"type": "open", "minimum": 2, "maximum": 2} in answer["acts"]
    log, _ = parse_checked(head + "Dan opens 2; Ann passes; Bob passes\n", "x.hand")
    report = check_log(log, book)
    assert [(f["id"], f["event"], f["player"]) for f in report["findings"]] == [
        ("A5", 4, "Cat"), ("H1", 4, "Cat"), ("L25", 6, "Dan"), ("L25", 7, "Ann"), ("L25", 8, "Bob")]


def test_a_check_raise_written_beyond_his_counters_is_judged_as_the_stake_he_made(tmp_path, rulebook):
    """A club's no-check-raise with table stakes: Dan stood at 2, has 6 in all, and writes 8
    when the bet has come to 6: he stakes all he has, 6, a call (A5), and there is nothing
    to give back. The club's rule measured the raise from the 8 written: it gave him 2 back,
    his all-in was undone and the betting opened again."""
    club = yaml.safe_load(shipped_house_files()["no-check-raise"].read_text(encoding="utf-8"))
    club["parameters"] = {"table_stakes": True}
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, club))))
    text = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 20, Cat 20, Dan 6\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
            "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\n"
            "Cat plays 2; Dan plays 2; Ann plays 4; Bob plays 6; Cat plays 6; Dan plays 8\n")
    log, _ = parse_checked(text, "x.hand")
    report = check_log(log, book)
    assert [(f["id"], f["event"], [e["type"] for e in f["effects"]]) for f in report["findings"]] == [
        ("A5", 18, ["all_in"])]
    assert report["net"]["Dan"] == -6
    answer = arbiter.next_acts(log, book)
    assert answer["player"] == "Ann" and {"type": "play", "minimum": 6, "maximum": 20} in answer["acts"]


@pytest.mark.parametrize("antes", ["Bob antes 14; Cat antes 10; Dan antes 10; Ann antes 10", ""],
                         ids=["one-over-law-19s-bound", "none-staked"])
def test_where_every_player_antes_the_ante_is_never_past_law_19s_bound(tmp_path, rulebook, antes):
    """The ante owed is the table's 12 cut to law 19's 10: one staked over it (L19), or none
    staked yet, made the ante 12, the opening's least 24 above its most of 20, and an opening
    of 20 L25. The words say the ante owed, 10, as `next` does."""
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, EVERY))))
    head = "players Ann Bob Cat Dan; limit 20; ante 12\nAnn deals; Ann shuffles; Dan cuts\n"
    log, _ = parse_checked(head + antes + "\ndealt\n", "x.hand")
    assert [(a["type"], a.get("minimum"), a.get("maximum")) for a in arbiter.next_acts(log, book)["acts"]] == [
        ("open", 20, 20), ("pass", None, None)]
    log, _ = parse_checked(head + antes + "\ndealt\nBob opens 20\n", "x.hand")
    findings = check_log(log, book)["findings"]
    assert "L25" not in {f["id"] for f in findings}
    assert all("the ante of 10 " in f["summary"] for f in findings if f["id"] == "L20")


def test_where_every_player_antes_and_law_19_is_switched_off_the_ante_is_the_tables(tmp_path, rulebook):
    """A house without law 19 has no bound: the ante owed is the table's 12 everywhere (next
    owed 12, while the opening's least, L20's words and a refund were reckoned on 10). A
    second ante is said as what he paid, not as the ante he owed (having staked 12, not 10)."""
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, {**EVERY, "disable": ["L19"]}))))
    head = "players Ann Bob Cat Dan; limit 20; ante 12\nAnn deals; Ann shuffles; Dan cuts\n"
    log, _ = parse_checked(head, "x.hand")
    assert {o["amount"] for o in arbiter.next_acts(log, book)["owed"]} == {12}
    log, _ = parse_checked(head + "Bob antes 12; Cat antes 12; Dan antes 12; Ann antes 12\n"
                           "dealt Ann 5, Bob 5, Cat 4, Dan 5\nCat lifts\nBob opens 20\n", "x.hand")
    report = check_log(log, book)
    assert [(f["id"], f["summary"].split(",")[0]) for f in report["findings"]] == [
        ("L13", "Cat lifted a hand of 4 cards: a foul hand"), ("L25", "Bob opened the game with a stake of 20")]
    assert [(e["to"], e["amount"]) for e in report["ledger"] if e["what"] == "refund"] == [("Cat", 12)]
    # an ante past the table's in one payment is law 20's, as in two: law 19's bound took it, switched off
    log, _ = parse_checked(head + "Bob antes 14\n", "x.hand")
    assert [(f["id"], f["summary"].split(":")[0]) for f in check_log(log, book)["findings"]] == [
        ("L20", "Bob staked 14 as the ante, more than the ante of 12")]
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, EVERY))))
    log, _ = parse_checked(head + "Bob antes 12; Bob antes 1\n", "x.hand")
    assert [f["summary"].split(":")[0] for f in check_log(log, book)["findings"] if f["id"] == "L20"] == [
        "Bob staked the ante again, having staked 12"]


@pytest.mark.parametrize("bob", ["Bob antes 10; Bob antes 4", "Bob antes 14"])
def test_where_every_player_antes_a_foul_hand_is_refunded_the_ante_he_owed_not_more(tmp_path, rulebook, bob):
    """What he put in past the ante he owed stays in the pool (L20): the refund of law 14 gave
    him back all 14, as a jack-pot's does not (one ante, L30)."""
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, EVERY))))
    log, _ = parse_checked("players Ann Bob Cat Dan; limit 20; ante 12\nAnn deals; Ann shuffles; Dan cuts\n"
                           f"{bob}; Cat antes 10; Dan antes 10; Ann antes 10\n"
                           "dealt Bob 6, Cat 5, Dan 5, Ann 5\nBob lifts\n", "x.hand")
    refunds = [(e["from"], e["to"], e["amount"]) for e in check_log(log, book)["ledger"] if e["what"] == "refund"]
    assert refunds == [("Ann", "Bob", 10)]


def test_where_every_player_antes_an_ante_at_law_19s_bound_staked_again_is_law_20s(tmp_path, rulebook):
    """Law 19 caps the table's ante of 3 at 2, half the limit of 4: an ante of 2 is the
    ante, and a second one is staked again; a first ante short of it, completed, is not."""
    from arbiter.checker import check_bytes

    book = apply_house(rulebook, read_house(str(house_file(tmp_path, EVERY))))
    head = "players Ann Bob Cat Dan; limit 4; ante 3\nAnn deals; Ann shuffles; Dan cuts\n"
    again = check_bytes((head + "Bob antes 2\nBob antes 2\n").encode(), "every.hand", book)
    assert [(f["id"], f["event"]) for f in again["findings"]] == [("L20", 4)]
    completed = check_bytes((head + "Bob antes 1\nBob antes 1\n").encode(), "every.hand", book)
    assert completed["findings"] == []
    past = check_bytes((head + "Bob antes 1\nBob antes 2\n").encode(), "every.hand", book)  # 3, past the bound
    assert [(f["id"], f["event"]) for f in past["findings"]] == [("L20", 4)]


LEAST_OPENING = {"name": "dear-openings", "rules": [{
    "id": "H1", "section": "play", "title": "An opening of at least five", "authority": "house", "source": {},
    "text": "No player shall open the game for less than five counters.", "enforced_by": "finding",
    "severity": "irregularity", "parameters": {}, "defines": {},
    "checks": [{"when": {"on": ["open"], "if": {"all": [{"phase": "say"}, {"not": "opened"},
                                                        {"lt": ["stake_made", 5]}]}},
                "then": [], "player": "actor", "summary": "{actor} opened for {stake_made}, less than five"}],
    "interpretations": ["The club's choice."], "cases": []}]}


def test_next_leaves_out_the_stakes_a_club_forbids_at_the_low_end_too(tmp_path, rulebook):
    """docs/table.md: what the club's rule finds irregular is left out of the stakes offered,
    a least opening of its own as a most: open from 5, not from the laws' 2."""
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, LEAST_OPENING))))
    log, _ = parse_checked("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; "
                           "Bob antes 1\ndealt\n", "x.hand")
    answer = arbiter.next_acts(log, book)
    assert answer["player"] == "Cat" and {"type": "open", "minimum": 5, "maximum": 21} in answer["acts"]


def test_a_check_raise_beyond_the_limit_is_the_clubs_call_alone(rulebook):
    """no-check-raise's reading: a check-raise beyond the limit counts as a call, which
    raises no one: H1 alone, D1 (which would let the stake stand) set aside."""
    book = apply_house(rulebook, read_house(str(shipped_house_files()["no-check-raise"])))
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 0; Dan discards 0; "
            "Ann discards 0\nCat plays 2; Dan plays 5; Ann plays 5; Bob plays 5; Cat plays 30\n")
    report = check_log(parse_checked(text, "x.hand")[0], book)
    assert [(f["id"], f["event"]) for f in report["findings"]] == [("H1", 17)]
    assert report["net"] == {"Ann": -5, "Bob": -5, "Cat": -5, "Dan": -5}


@pytest.mark.parametrize("stack, penalty, paid, said", [
    (1, 1, 0, "under table stakes Bob pays nothing of the 1, having nothing on the table"),
    (2, 2, 1, "under table stakes Bob pays 1 of the 2, all he has"),
    (5, 2, 2, None)])
def test_a_penalty_table_stakes_cut_short_says_what_he_paid(tmp_path, rulebook, stack, penalty, paid, said):
    """A club's exposed-at-the-say with table stakes: Bob, the ante, shows a card in the say.
    The penalty is `penalty` antes, but no one pays beyond what he has on the table (A5):
    the finding's words named the full penalty where he paid less, or nothing at all."""
    club = yaml.safe_load(shipped_house_files()["exposed-at-the-say"].read_text(encoding="utf-8"))
    club["parameters"] = {**club.get("parameters", {}), "table_stakes": True,
                          "exposed_card_penalty_antes": penalty}
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, club))))
    text = (f"players Ann Bob Cat; limit 10; ante 1; stacks Ann 10, Bob {stack}, Cat 10; pronouns Bob he\n"
            "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nBob divulges\n")
    log, _ = parse_checked(text, "x.hand")
    finding = next(f for f in check_log(log, book)["findings"] if f["id"] == "H1")
    assert [e["amount"] for e in finding["effects"] if e["type"] == "penalty"] == ([paid] if paid else [])
    assert (said in finding["summary"]) if said else "under table stakes" not in finding["summary"]


def test_where_every_player_antes_in_an_ordinary_game_the_ante_offered_is_within_law_19(tmp_path, rulebook):
    """A house's every-player ante in an ordinary game is judged by law 19 (only a
    jack-pot's antes are law 30's): `next` owed each player the table's ante of 11, which
    `check` then found over one-half the limit of 20, four times."""
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, EVERY))))
    head = "players Ann Bob Cat Dan; limit 20; ante 11\nAnn deals; Ann shuffles; Dan cuts\n"
    log, _ = parse_checked(head, "x.hand")
    owed = arbiter.next_acts(log, book)["owed"]
    assert [(o["by"], o["amount"]) for o in owed] == [("Bob", 10), ("Cat", 10), ("Dan", 10), ("Ann", 10)]
    log, _ = parse_checked(head + "Bob antes 10; Cat antes 10; Dan antes 10; Ann antes 10\ndealt\n", "x.hand")
    assert check_log(log, book)["findings"] == []
    # the ante at law 19's bound is the ante, which the opening's least is reckoned on: 2 times 10, not 2 times 11
    # (22, above the most of 20: no opening could be made, and `next` offered Bob a pass alone)
    assert [(a["type"], a.get("minimum"), a.get("maximum")) for a in arbiter.next_acts(log, book)["acts"]] == [
        ("open", 20, 20), ("pass", None, None)]
    log, _ = parse_checked(head + "Bob antes 10; Cat antes 10; Dan antes 10; Ann antes 10\ndealt\nBob opens 20\n",
                           "x.hand")
    assert check_log(log, book)["findings"] == []


def test_under_table_stakes_a_stake_in_the_draw_by_one_all_in_is_d4s():
    """A5 then D4: Bob is all in at 3 in the say; his stake of 8 at his turn to draw made
    a second A5 ruling (all in again), which set D4 aside: it is a stake by one whose stake
    is a show for a sum, D4's irregularity, and changes nothing."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1; stacks Ann 20, Bob 3, Cat 20, Dan 20\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 8; Ann passes\n"
            "Bob plays 8\nBob plays 8\n")
    log, _ = parse_checked(text, "x.hand")
    log["table"]["house"] = "table-stakes"
    assert [(f["id"], f["event"]) for f in check_log(log)["findings"]] == [("A5", 8), ("D4", 9)]


def test_only_a_rulings_payment_cut_short_is_said_in_a_finding():
    """The words of a payment cut to the payer's counters belong to the ruling that names
    the sum: a jack-pot ante cut short under table stakes (A5's own ruling says all he has)
    gave its clause to whichever finding came next at that event."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1; stacks Ann 20, Bob 20, Cat 20, Dan 0\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat passes; Dan passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\ndealt\n")
    log, _ = parse_checked(text, "x.hand")
    log["table"]["house"] = "table-stakes"
    assert not [f["summary"] for f in check_log(log)["findings"] if "under table stakes Dan pays" in f["summary"]]


@pytest.mark.parametrize("cat", ["Cat opens 4", "Cat passes"])
def test_under_table_stakes_all_he_has_out_of_turn_that_meets_the_stake_opens_as_it_is_made(cat):
    """Reading 24 (item 24: the opener is the first to open, in turn or not) with A5: Dan
    opens out of turn with all he has, 2, which meets the jack-pot's opening of double the
    ante: he opens it as he stakes, and his hand, lacking the openers, is law 30's then.
    Cat, jumped, may only play: her 4 recorded as an open is a play, and at Dan's turn his
    2, short of it, is a show for that sum, but he stays the opener. Whether Cat raises or
    passes, Dan is the opener. (Until the twenty-sixth round his turn decided: Cat's 4 made
    her the opener.)"""
    head = ("players Ann Bob Cat Dan; limit 10; ante 1; stacks Ann 20, Bob 20, Cat 20, Dan 3\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat passes; Dan passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\n"
            "dealt Cat (Ah Ad 9s 6d 2c), Dan (Th Td 9c 8c 3d), Ann 5, Bob 5\n")
    log, _ = parse_checked(head + "Dan opens 5\n", "x.hand")
    log["table"]["house"] = "table-stakes"
    offered = arbiter.next_acts(log)
    assert offered["player"] == "Cat" and "open" not in {a["type"] for a in offered["acts"]}
    log, _ = parse_checked(head + f"Dan opens 5\n{cat}\nAnn passes; Bob passes\n", "x.hand")
    log["table"]["house"] = "table-stakes"
    report = check_log(log)
    assert report["games"][1]["opened_by"] == "Dan"
    assert [(f["id"], f["event"]) for f in report["findings"] if f["id"] == "L30"] == [("L30", 17)]


def test_next_offers_no_stake_again_to_one_who_staked_all_he_has_out_of_turn():
    """A5: his say passes without an act: he can stake nothing more. Dan staked all he has
    (5) out of turn; when Cat has opened, `next` names Ann, and offers Dan no stake again
    (it offered him "a play of 5 to 5", his own stake)."""
    text = ("players Ann Bob Cat Dan; limit 10; ante 1; stacks Ann 20, Bob 20, Cat 20, Dan 5\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nDan plays 8\nCat opens 2\n")
    log, _ = parse_checked(text, "x.hand")
    log["table"]["house"] = "table-stakes"
    answer = arbiter.next_acts(log)
    assert answer["player"] == "Ann" and not any(o.get("player") == "Dan" for o in answer["others"])


def test_a_raise_the_club_gives_back_leaves_the_stakes_equal_and_the_show_begins_left_of_its_maker():
    """no-check-raise: Cat stood, Dan bet 5, Cat raised to 9 and had 4 given back: her stake
    of 5 made the stakes equal, and the hands are shown from her left (L59), as after a
    call; `next` named Cat to show first, the raise having left no one as its maker."""
    from arbiter import next_acts
    from arbiter.notation import parse_checked

    text = ("players Ann Bob Cat Dan; limit 10; ante 1; house no-check-raise\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
            "Cat discards 3; Cat asks 3; Cat gets 3; Dan discards 1; Dan asks 1; Dan gets 1\nCat plays 2; Dan plays 5\n"
            "Cat plays 9\n")
    answer = next_acts(parse_checked(text, "x.hand")[0])
    assert (answer["phase"], answer["player"]) == ("show", "Dan"), answer


def _noting(rule_id: str, **more) -> dict:
    """A club rule that notes, when no one opens, each player's stake (one finding a player)."""
    return {"id": rule_id, "section": "jack-pot", "title": f"{rule_id} notes each stake", "authority": "house",
            "source": {}, "text": "When no one opens, each stake is noted.", "enforced_by": "finding",
            "severity": "ruling", "parameters": {}, "defines": {}, "interpretations": [], "cases": [],
            "checks": [{"when": {"on": ["say_closed"], "for_each": "players",
                                 "if": {"all": [{"not": "opened"}, {"gt": [{"stake_of": "each"}, 0]}]}},
                        "then": [], "player": "each", "summary": f"{rule_id} notes {{each}}'s stake"}], **more}


def test_a_conditional_exception_of_a_for_each_check_is_judged_for_its_player(tmp_path, rulebook):
    """H2 is the exception to H1 only where the player's stake is above 1: of Bob's ante (1)
    and Cat's straddle (2), only Cat's H1 finding gives way. The condition was asked once
    the round of players was over, with no player: it never held."""
    house = {"name": "noting", "description": "two notes", "rules": [
        _noting("H1"), _noting("H2", exception_to=["H1"], exception_where={"H1": {"gt": [{"stake_of": "each"}, 1]}})]}
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, house))))
    log, _ = parse_checked("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts\n"
                           "Bob antes 1; Cat straddles 2\ndealt\nDan passes; Ann passes; Bob passes; Cat passes\n",
                           "x.hand")
    found = [(f["id"], f["player"]) for f in check_log(log, book)["findings"] if f["id"] != "L29"]
    assert found == [("H1", "Bob"), ("H2", "Bob"), ("H2", "Cat")]


def test_a_number_the_event_does_not_give_is_said_unknown_not_none(tmp_path, rulebook):
    """`{number:V:noun}` of a value the event or the log does not give (a pass has no card
    count; stacks not given): "an unknown number of cards", where it said "None cards"."""
    rule = _noting("H1")
    rule["checks"][0]["summary"] = "{each} with {number:event.count:card} and {number:stack_of_each:counter}"
    book = apply_house(rulebook, read_house(str(house_file(tmp_path, {"name": "n", "description": "n",
                                                                        "rules": [rule]}))))
    log, _ = parse_checked("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts\nBob antes 1\n"
                           "dealt\nCat passes; Ann passes; Bob passes\n", "x.hand")
    said = [f["summary"] for f in check_log(log, book)["findings"] if f["id"] == "H1"]
    assert said == ["Bob with an unknown number of cards and an unknown number of counters"]


def test_house_check_in_markdown_is_a_page_saying_what_the_text_says(tmp_path):
    """`house check --format markdown` printed the text, as `--help` offered Markdown: a
    heading a section, a bullet an item, the club's words quoted, names escaped."""
    code, text, _ = run("house", "check", str(house_file(tmp_path, BOBTAIL)))
    code_md, page, _ = run("house", "check", str(house_file(tmp_path, BOBTAIL)), "--format", "markdown")
    assert code == code_md == 0 and page != text
    assert page.startswith("# ") and "\n## Parameters\n" in page and "\n## Hands\n" in page
    assert "- big\\_bobtail: A hand said in data, a big bobtail: four of the five cards, in sequence" in page
    assert "## Club rules\n\nNone." in page
