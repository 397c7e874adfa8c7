"""A `win` recorded before the pool is taken takes nothing (reading 25): the pool is taken
when an uncalled bet wins or at the last show due, and the win is judged then, as of its
own event (A3). Where the log never shows the hands due at the show, the game's last
event takes the pool as before: the hands shown decide, and where none was, the recorded
win (reading 44); where it ends before the betting closed, the game is unfinished."""

from __future__ import annotations

import copy
from typing import Any

from arbiter.checker import check_log
from arbiter.resources import cases_dir
from tests.conftest import load_case

CASE = cases_dir() / "a3-win-recorded-before-the-last-show.json"  # Cat shows, Cat's win, Dan shows
WIN = 14  # the index of Cat's recorded win


def report_of(events: list[dict[str, Any]]) -> dict[str, Any]:
    log = copy.deepcopy(load_case(CASE))
    log["events"] = events
    return check_log(log)


def findings(report: dict[str, Any]) -> list[tuple[str, int, str]]:
    return [(f["id"], f["event"], f["player"]) for f in report["findings"]]


def test_a_win_before_the_last_show_is_judged_at_its_event_and_the_findings_keep_their_order():
    """Bob, who passed, stakes between the win and Dan's show: his L27 (event 15) comes
    after the A3 of the win (event 14), though the A3 is decided at Dan's show."""
    events = load_case(CASE)["events"]
    late = {"type": "open", "player": "Bob", "stake": 2}
    report = report_of([*events[:WIN + 1], late, *events[WIN + 1:]])
    assert findings(report) == [("A3", WIN, "Cat"), ("L27", WIN + 1, "Bob")]
    assert report["games"][0]["winners"] == ["Dan"]
    assert report["net"] == {"Ann": 0, "Bob": -2, "Cat": -2, "Dan": 4}  # Bob's late counter went to the pool


def test_a_win_before_hands_that_are_never_shown_takes_the_pool_among_the_hands_shown():
    events = load_case(CASE)["events"][:WIN + 1]  # Dan never shows
    report = report_of(events)
    assert findings(report) == []
    assert report["games"][0]["winners"] == ["Cat"] and report["games"][0]["complete"]
    assert [(line["event"], line["to"], line["amount"]) for line in report["ledger"] if line["what"] == "win"] == \
        [(WIN, "Cat", 5)]


def test_the_next_deal_ends_the_wait_for_the_hands_due():
    events = load_case(CASE)["events"][:WIN + 1]
    report = report_of([*events, {"type": "deal", "dealer": "Bob"}])
    assert report["games"][0]["winners"] == ["Cat"]
    assert [line["event"] for line in report["ledger"] if line["what"] == "win"] == [WIN]


def test_a_win_recorded_before_any_hand_is_shown_is_the_fact_where_none_is_shown_after():
    events = load_case(CASE)["events"]
    shows = [k for k, event in enumerate(events) if event["type"] == "show"]
    report = report_of([*events[:shows[0]], {"type": "win", "player": "Dan"}])
    assert findings(report) == []
    assert report["games"][0]["winners"] == ["Dan"]


BETTING = cases_dir() / "a3-win-recorded-in-the-betting-takes-nothing.json"  # Cat bets 5, Cat's win, Dan calls


def test_a_win_recorded_before_the_betting_closes_leaves_an_unfinished_game_unfinished():
    """Reading 25: a `win` does not take the pool. Where the log ends in the betting, no
    bet uncalled and no hand shown, the laws have given the pool to no one: the game is
    unfinished (§4: `complete` false, `next` null) and every counter stays in the pool."""
    events = load_case(BETTING)["events"]
    win = next(k for k, event in enumerate(events) if event["type"] == "win")
    log = copy.deepcopy(load_case(BETTING))
    log["events"] = events[:win + 1]
    report = check_log(log)
    assert findings(report) == []
    assert report["games"][0]["complete"] is False and report["games"][0]["next"] is None
    assert [line for line in report["ledger"] if line["what"] == "win"] == []
    assert report["games"][0]["pool"] == 11 and report["net"] == {"Ann": -2, "Bob": -2, "Cat": -5, "Dan": -2}
