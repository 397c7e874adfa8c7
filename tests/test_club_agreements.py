"""A club's whole agreement in its house file (law 81; issue 22): a stake returned, every
player's ante, table stakes, hands declared in data, and club rules easy to write and
check before play (`arbiter house check`).

The shipped agreements and their hand-worked cases are replayed by tests/test_house_files.py;
here, what each new word or setting does, and the one-line refusals.
"""

from __future__ import annotations

import json

import pytest
import yaml

from arbiter.checker import check_log
from arbiter.errors import HouseRulesError
from arbiter.rulebook.house import apply_house, read_house
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
     "parameters/hand_order: unknown hand(s) ['big_bobtail']"),
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
