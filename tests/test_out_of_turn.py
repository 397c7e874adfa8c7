"""No finding falls on an innocent, and an act out of turn is one finding (SPEC §3 item 24,
docs/readings.md reading 24): a property of simulated play.

The simulator plays whole sessions by the laws (clean, and with planted irregularities of
every kind, misdeals among them). From each log this test makes another in which one
player's lawful act, made in his own turn in the say or the betting, is made early
instead, out of turn, at a moment chosen at random:

- in the same round, while it is another player's turn to say or bet (in ordinary games
  and jack-pots, with straddles or without, after a show for a sum);
- before the cards of the deal are dealt: in a new game once the ante and straddles are
  staked, or between a misdeal and the new deal (a stake then is a say out of turn).

By the laws the early act stands and does not move the turn (L55, L57): the players he
jumped act in their turn as before, and when his own turn comes it passes without an act.
So the second log must be ruled exactly as the first, plus one finding, the early actor's,
at his early act ([L25] in the say or before the deal, [L53] after the draw): no finding
on anyone whose act was in turn and lawful, one finding for the one act out of turn. The
nets and the games are unchanged, and every game's pool equals what its winners take plus
what carries over (SPEC §4).

A pass made before the cards are dealt is a statement of intent (L57) that changes
nothing: it is added early without taking his pass in turn away. Moved within a round,
a pass retires its maker at once; those moves are made where they leave the round as it
was (two players or more still in through the jumped players' turns).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

import pytest

from arbiter.checker import replay_log
from arbiter.engine.acts.betting import BETTING_ACTS
from arbiter.engine.replay import TURNLESS_EVENTS, Replay
from arbiter.simulator import simulate_log
from tests.conftest import pools_balance

SAY_ACTS = ("open", "play", "pass")
STAKES = ("open", "play")
ROUND_LAW = {"say": "L25", "betting": "L53", "before_deal": "L25"}


class Before(NamedTuple):
    """The table just before an event: where the game stands and who may act in turn."""

    game: int | None
    deal: int
    phase: str | None
    chain: tuple[str, ...]
    stake: int  # the event's actor's stake
    still_in: frozenset[str]
    early: bool  # someone has acted out of turn and his turn has not come


def table_before_each_event(log: dict[str, Any], rules: Any) -> list[Before]:
    replay = Replay(log, rules)
    seen = []
    for k, event in enumerate(log["events"]):
        game = replay.board.game
        actor = event.get("player")
        if game is None:
            seen.append(Before(None, 0, None, (), 0, frozenset(), False))
        else:
            seen.append(Before(game.number, len(game.deals), str(game.phase), tuple(replay.board.turns.chain()),
                               game.stakes.get(actor, 0) if actor else 0, frozenset(game.still_in),
                               bool(game.early)))
        replay.step(k, event)
    return seen


def named_at(report: dict[str, Any]) -> set[tuple[int, str]]:
    return {(f["event"], f["player"]) for f in report["findings"] if f["player"]}


def lawful_in_turn(log: dict[str, Any], before: list[Before], report: dict[str, Any]) -> list[int]:
    """The say and betting acts made in turn that no finding names."""
    named = named_at(report)
    return [k for k, event in enumerate(log["events"])
            if event["type"] in SAY_ACTS and before[k].phase in ("say", "betting")
            and event["player"] in before[k].chain and (k, event["player"]) not in named]


class Move(NamedTuple):
    """The act at `source` made at `target` instead (or as well, where `keep`)."""

    source: int
    target: int
    keep: bool
    law: str

    def log(self, log: dict[str, Any]) -> dict[str, Any]:
        events = list(log["events"])
        act = events[self.source]
        if not self.keep:
            del events[self.source]
        events.insert(self.target, {**act, "note": "made early, out of turn"})
        return {**log, "events": events}

    def index(self, k: int) -> int:
        """Where event `k` of the first log stands in the second."""
        if k == self.source and not self.keep:
            return self.target
        moved_down = 0 if self.keep else (k > self.source)
        return k + (k >= self.target) - moved_down


def moves(log: dict[str, Any], before: list[Before], report: dict[str, Any]) -> list[Move]:
    """Every early act this log allows for one of its lawful acts in turn."""
    events = log["events"]
    named = named_at(report)
    found = []
    for source in lawful_in_turn(log, before, report):
        act, now = events[source], before[source]
        player, phase = act["player"], now.phase
        if acts_next(events, source, player):
            continue  # made early, his turn would still be open for that act: the two logs differ
        # within the round: before another player's act in turn, while he was not to act
        for target in range(source - 1, -1, -1):
            then = before[target]
            if (then.game, then.deal, then.phase) != (now.game, now.deal, phase):
                break
            other = events[target]
            if other.get("player") == player:
                break  # not before his own earlier act: he is early for one turn, not two
            if other["type"] == "demand_show":
                break  # a show for a sum takes from those in the game when it was demanded
            if (target, other.get("player")) in named:
                break  # the jumped act lawfully: an early stake raises the most they may stake (D1)
            if other["type"] not in SAY_ACTS or player in then.chain:
                continue
            if other["player"] not in then.chain or player not in then.still_in or then.early:
                continue  # (one act out of turn at a time: a planted one may already wait for its turn)
            if phase == "betting" and act["type"] != "pass" and act["stake"] <= now.stake:
                continue  # a stand moved early is no stand (D5, A2 read the stands made in turn)
            if act["type"] == "pass" and len(now.still_in) < 3:
                continue  # an early pass must not leave one player alone before the jumped have acted
            found.append(Move(source, target, False, ROUND_LAW[phase]))
        # before the cards of this deal are dealt, once the ante and straddles are staked
        if phase == "say":
            taken_up = next(k for k in range(source, -1, -1) if events[k]["type"] == "deal")
            first_card = next(k for k in range(taken_up, source) if events[k]["type"] in ("card", "dealt"))
            if all_lawful(events, first_card, source, named):
                found.append(Move(source, first_card, act["type"] == "pass", "L25"))
    return found


def all_lawful(events: list[dict[str, Any]], start: int, end: int, named: set[tuple[int, str]]) -> bool:
    """Are the acts from `start` to `end` (not included) all lawful, none named by a finding?"""
    return not any((k, events[k].get("player")) in named for k in range(start, end))


def acts_next(events: list[dict[str, Any]], source: int, player: str) -> bool:
    """Is the next act after `source` that takes a turn (not a lift, a word …) his own stake
    or pass? Where his act is made early, his turn is still to come there, and that act
    would be his act in turn."""
    for event in events[source + 1:]:
        if event["type"] not in TURNLESS_EVENTS:
            return event["type"] in BETTING_ACTS and event.get("player") == player
    return False


def between_misdeal_and_new_deal(log: dict[str, Any], before: list[Before], report: dict[str, Any]) -> list[Move]:
    """A lawful say of a new deal made early, before that deal is taken up: between the
    misdeal and the new deal."""
    events = log["events"]
    found = []
    for source in lawful_in_turn(log, before, report):
        if before[source].phase != "say" or before[source].deal < 2 or acts_next(events, source, events[source]["player"]):
            continue
        new_deal = next(k for k in range(source, -1, -1) if events[k]["type"] == "deal")
        act = events[source]
        if all_lawful(events, new_deal, source, named_at(report)):
            found.append(Move(source, new_deal, act["type"] == "pass", "L25"))
    return found


def key(finding: dict[str, Any], index: Any = lambda k: k) -> tuple[Any, ...]:
    return finding["id"], finding["severity"], finding["game"], index(finding["event"]), finding["player"]


def check_move(log: dict[str, Any], report: dict[str, Any], move: Move, rulebook: Any) -> None:
    moved = move.log(log)
    got = replay_log(moved, rulebook)
    where = f"{move} ({log['events'][move.source]})"
    assert got["error"] is None, (where, got["error"])
    actor = log["events"][move.source]["player"]
    expected = Counter(key(f, move.index) for f in report["findings"])
    early = [f for f in got["findings"] if f["event"] == move.target and f["player"] == actor]
    assert [f["id"] for f in early] == [move.law], (where, early)
    expected[key(early[0])] += 1
    assert Counter(map(key, got["findings"])) == expected, (where, _diff(expected, got))
    assert got["net"] == report["net"], where
    assert got["games"] == report["games"], where
    pools_balance(got)


def _diff(expected: Counter[Any], got: dict[str, Any]) -> str:
    found = Counter(map(key, got["findings"]))
    return f"missing {dict(expected - found)}; extra {dict(found - expected)}"


_compiled: dict[int, Any] = {}


def _rules(rulebook: Any) -> Any:
    if id(rulebook) not in _compiled:
        _compiled[id(rulebook)] = Replay.compile(rulebook)
    return _compiled[id(rulebook)]


def run_sessions(seeds: range, rulebook: Any) -> Counter[str]:
    """Each session's log, and one early act of each kind it allows per game, checked;
    what was tried, counted by where the act was made."""
    tried: Counter[str] = Counter()
    rules = _rules(rulebook)
    for seed in seeds:
        rng = random.Random(seed)
        log, _ = simulate_log(seed, 2 + seed % 9, 4 + seed % 5, 0.0 if seed % 3 else 0.8)
        report = replay_log(log, rulebook)
        pools_balance(report)
        before = table_before_each_event(log, rules)
        by_game: dict[tuple[int | None, str], list[Move]] = {}
        for move in moves(log, before, report) + between_misdeal_and_new_deal(log, before, report):
            then = before[move.target]
            where = "misdeal" if then.deal > 1 and then.phase == "before_deal" else then.phase or "none"
            by_game.setdefault((before[move.source].game, where), []).append(move)
        for (_, where), candidates in sorted(by_game.items(), key=lambda item: (item[0][0] or 0, item[0][1])):
            move = rng.choice(candidates)
            check_move(log, report, move, rulebook)
            tried[where] += 1
            tried[log["events"][move.source]["type"]] += 1
            game = before[move.source].game
            started = next(k for k in range(move.target, -1, -1) if log["events"][k]["type"] == "deal")
            earlier = {e["type"] for e in log["events"][started:move.target]}
            tried["in a jack-pot"] += bool(report["games"][game - 1]["jackpot"])
            tried["with straddles"] += "straddle" in earlier
            tried["after a show for a sum"] += "demand_show" in earlier
    return tried


def test_an_act_made_early_is_one_finding_and_no_one_else_is_touched(rulebook):
    tried = run_sessions(range(240), rulebook)
    for where in ("open", "play", "pass", "say", "betting", "before_deal", "misdeal", "in a jack-pot",
                  "with straddles", "after a show for a sum"):
        assert tried[where] > 0, (where, tried)


@pytest.mark.slow
def test_an_act_made_early_is_one_finding_in_thousands_of_sessions(rulebook):
    run_sessions(range(240, 3240), rulebook)
