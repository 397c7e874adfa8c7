"""A law 46 dispute settled after the give is the point-out laws 42 and 43 ask for
(readings 11, 39): the number the witness settles rules as that number demanded before
the give and then pointed out would. Compared over every discard, demand and give at a
table of four, with cards exposed in the give (law 40) and without: what is made good or
taken back, whether the hand ends foul, and what `next` says is owed. (A give in parts
is left out: with the demand on record, law 45 judges its first part at once.)"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from arbiter import check_log, next_acts

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SAY = [{"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Dan"},
       {"type": "ante", "player": "Bob", "amount": 1}, {"type": "dealt", "hands": {p: 5 for p in PLAYERS}},
       {"type": "open", "player": "Cat", "stake": 2}, {"type": "play", "player": "Dan", "stake": 2},
       {"type": "play", "player": "Ann", "stake": 2}, {"type": "play", "player": "Bob", "stake": 2}]
# the others stand pat and all stand after the draw; Bob's stand raises his cards (law 48 judges them)
REST = [*({"type": "discard", "player": p, "count": 0} for p in ("Cat", "Dan", "Ann")),
        *({"type": "play", "player": p, "stake": 2} for p in ("Cat", "Dan", "Ann", "Bob"))]


def log(events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "peel-draw-poker-log", "version": 1,
            "table": {"players": PLAYERS, "limit": 10, "ante": 1}, "events": events}


def pointed_out(discard: int, demand: int, give: int, exposed: int) -> list[dict[str, Any]]:
    """The demand on record, the give, and the excess or shortfall pointed out before the raise."""
    face_down = give - exposed
    events = [{"type": "discard", "player": "Bob", "count": discard}, {"type": "demand", "player": "Bob", "count": demand},
              {"type": "give", "to": "Bob", "count": give, "exposed": exposed}]
    if face_down != demand:
        events.append({"type": "point_out", "player": "Bob", "issue": "excess" if face_down > demand else "short"})
    return events


def disputed(discard: int, demand: int, give: int, exposed: int) -> list[dict[str, Any]]:
    """No demand on record: the give, then a dispute whose witness (Dan, at the dealer's right) settles it."""
    return [{"type": "discard", "player": "Bob", "count": discard},
            {"type": "give", "to": "Bob", "count": give, "exposed": exposed},
            {"type": "dispute", "player": "Bob", "claims": demand, "dealer_says": demand + 1,
             "testimony": {"Dan": demand}}]


def ruled(report: dict[str, Any]) -> dict[str, Any]:
    cards = sorted((e["type"], e["count"]) for f in report["findings"] for e in f.get("effects", ())
                   if e["type"] in ("make_good", "return_excess"))
    return {"cards": cards, "foul": sorted(f["id"] for f in report["findings"] if f["id"] in ("L45", "L48"))}


def owed(answer: dict[str, Any]) -> list[tuple[str, int]]:
    return sorted((debt["what"], debt["cards"]) for debt in answer["owed"])


GRID = [(d, m, g, x) for d, m, g in itertools.product(range(1, 6), range(6), range(1, 6)) if m != d
        for x in sorted({0, 1, g}) if x <= g]


@pytest.mark.parametrize("discard,demand,give,exposed", GRID,
                         ids=[f"discard{d}-demand{m}-give{g}-exposed{x}" for d, m, g, x in GRID])
def test_a_dispute_settled_after_the_give_rules_as_the_demand_pointed_out(discard, demand, give, exposed):
    by_point, by_dispute = pointed_out(discard, demand, give, exposed), disputed(discard, demand, give, exposed)
    assert owed(next_acts(log(SAY + by_dispute))) == owed(next_acts(log(SAY + by_point)))
    assert ruled(check_log(log(SAY + by_dispute + REST))) == ruled(check_log(log(SAY + by_point + REST)))


def test_the_discard_given_after_a_wrong_demand_settled_is_all_well():
    """Law 44: the dealer may give the discard whatever was asked; a dispute that settles
    another number then takes nothing back and makes nothing good (reading 11)."""
    for demand in (1, 3):
        report = check_log(log(SAY + disputed(2, demand, 2, 0) + REST))
        assert ruled(report) == {"cards": [], "foul": []}
        assert [f["id"] for f in report["findings"]] == ["L46", "L44"]


def test_a_give_while_the_witness_is_asked_is_the_players_draw():
    """A give to the disputant while his ruling waits for the witness's number, the last to
    draw and short of his discard, is the rest of his draw, not a give after the draw (law
    35: it changed nothing, and the number then owed the card again): given his discard,
    all is well whatever number the witness then gives."""
    head = [*SAY[:6], {"type": "play", "player": "Dan", "stake": 2}, {"type": "pass", "player": "Ann"},
            {"type": "pass", "player": "Bob"}, {"type": "discard", "player": "Cat", "count": 0},
            {"type": "discard", "player": "Dan", "count": 2}, {"type": "give", "to": "Dan", "count": 1},
            {"type": "dispute", "player": "Dan", "claims": 2, "dealer_says": 1}]
    for number in (1, 2):
        report = check_log(log([*head, {"type": "give", "to": "Dan", "count": 1},
                                {"type": "dispute", "player": "Dan", "claims": 2, "dealer_says": 1,
                                 "testimony": {"Bob": number}}]))
        assert "L35" not in [f["id"] for f in report["findings"]]
        assert ruled(report)["cards"] == []
        answer = next_acts(log([*head, {"type": "give", "to": "Dan", "count": 1}]))
        assert answer["owed"] == []


def test_a_dispute_over_no_draw_gives_its_own_reason():
    """A dispute over a draw never made changes nothing (law 35's reading); its words say
    why that draw is none: the game over, the disputant gone from it with no draw, or no
    draw of his made yet (his turn passed over by a later discard, law 38)."""
    passed_over = [{"type": "discard", "player": "Cat", "count": 1}, {"type": "give", "to": "Cat", "count": 1},
                   {"type": "discard", "player": "Bob", "count": 2}]
    gone = [{"type": "pass", "player": "Bob"}, {"type": "discard", "player": "Cat", "count": 0}]
    over = [*({"type": "discard", "player": p, "count": 0} for p in ("Bob", "Cat", "Dan", "Ann")),
            *({"type": "pass", "player": p} for p in ("Cat", "Dan", "Ann"))]
    dispute = {"type": "dispute", "player": "Bob", "claims": 2, "dealer_says": 3, "testimony": {"Dan": 3}}
    for events, reason in ((passed_over, "turn to draw passed over"), (gone, "had left the game with no draw"),
                           (over, "when the game was over")):
        summaries = [f["summary"] for f in check_log(log(SAY + events + [dispute]))["findings"]
                     if f["event"] == len(SAY + events) and f["id"] == "L35"]
        assert len(summaries) == 1 and reason in summaries[0], summaries
