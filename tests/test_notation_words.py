"""The words players use (issue 19, item 6): `raises N`, `calls`, `draws N`, `stands pat`
and `stands` read as the very events of the forms, their stakes and the draw or the
betting reckoned from the events recorded in the game so far; `convert` writes the forms.
The reckoning is held to the engine's own: every shipped case and simulated sessions,
written with the words wherever the replay says they mean the event recorded, read back
to the identical events."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from arbiter.checker import check_bytes, check_file, replay_log
from arbiter.cli import cli
from arbiter.engine.replay import Replay
from arbiter.live.completion import candidates
from arbiter.notation import NotationError, parse_text, read_text_log, write_text
from arbiter.notation.grammar import RESERVED, SYNONYMS
from arbiter.notation.reckoning import Reckoning
from arbiter.notation.writer import event_line, name_text, table_line
from arbiter.reading import read_log_bytes
from arbiter.resources import cases_dir
from arbiter.simulator import simulate_log
from arbiter.state import Phase
from tests.conftest import case_files

HEAD = "players Ann Bob Cat Dan; limit 20; ante 1\n"
DEALT = HEAD + "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"


def events(text: str) -> list[dict]:
    return read_text_log(text.encode(), "x.hand")["events"]


def last(text: str, n: int = 1) -> list[dict]:
    return events(text)[-n:]


def refused(text: str) -> NotationError:
    with pytest.raises(NotationError) as raised:
        read_text_log(text.encode(), "x.hand")
    return raised.value


# --- each word ----------------------------------------------------------------------------


def test_raises_by_an_amount_over_the_highest_stake():
    said = DEALT + "Cat opens 2; Dan raises 3\n"
    assert last(said) == [{"type": "play", "player": "Dan", "stake": 5}]
    assert last(said + "Ann raises to 9; Bob raises 1\n", 2) == [{"type": "play", "player": "Ann", "stake": 9},
                                                               {"type": "play", "player": "Bob", "stake": 10}]
    # over the straddle, the highest stake before the opening
    straddled = HEAD + "Ann deals; Ann shuffles; Dan cuts; Bob antes 1; Cat straddles 2\ndealt\nDan opens 4; Ann raises 2\n"
    assert last(straddled) == [{"type": "play", "player": "Ann", "stake": 6}]


def test_a_raise_is_placed_at_its_number_and_is_by_one_or_more():
    parsed = parse_text(DEALT + "Cat opens 2; Dan raises 3\n")
    assert parsed.where("/events/6/stake") == (4, 25)
    error = refused(DEALT + "Cat opens 2; Dan raises 0\n")
    assert (error.line, error.column) == (4, 25) and "a raise is by 1 or more counters" in error.detail
    error = refused(DEALT + "Cat opens 2; Dan raises x\n")
    assert "expected 'to' or a number of counters (1 or more), found 'x'" in error.detail


def test_calls_takes_the_highest_stake():
    assert last(DEALT + "Cat opens 2; Dan raises to 5; Ann calls\n") == [{"type": "play", "player": "Ann", "stake": 5}]


def test_calls_after_a_misdeal_takes_the_stakes_made_before_it():
    """The report: `Dan calls` refused after a misdeal, the ante and straddle being made
    before it (a new deal after a misdeal is of the same game, and needs no new ante)."""
    said = HEAD + """Ann deals; Ann shuffles; Bob antes 1; Cat straddles 2
card to Bob; card to Cat; card to Dan; Dan points out uncut
Ann deals; Ann shuffles; Dan cuts
dealt
Dan calls; Ann raises 2; Bob calls; Cat checks
"""
    assert last(said, 4) == [{"type": "play", "player": "Dan", "stake": 2}, {"type": "play", "player": "Ann", "stake": 4},
                             {"type": "play", "player": "Bob", "stake": 4}, {"type": "play", "player": "Cat", "stake": 2}]
    # without the misdeal the new deal is a new game: its stakes begin again
    with pytest.raises(NotationError, match="nothing to call"):
        events(said.replace("Dan points out uncut", "Dan passes; Ann passes; Bob passes; Cat passes"))


@pytest.mark.parametrize(("found", "misdeal"), [
    ("Ann deals; Ann shuffles; Dan cuts; Bob antes 1\nface up in pack\n", True),  # before the first card: law 10's
    ("Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ncard to Bob; face up in pack\n", True),
    ("Ann deals; Ann shuffles; Bob antes 1\npoints out uncut\nDan cuts\n", False),  # law 8 waits for the cards
    ("Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 5; Dan passes; Ann passes; Bob passes\n"
     "face up in pack\n", False),  # the deal was finished: it stands, and the next deal is a new game
    ("Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nface up in pack\nCat opens 5; Dan passes; Ann passes; "
     "Bob passes\n", False),  # a whole deal made (`dealt`) is finished at once: every player has his cards
    ("Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ncard to Bob\ndealt Bob 4, Cat 5, Dan 5, Ann 5\nface up in pack\n"
     "Cat opens 5; Dan passes; Ann passes; Bob passes\n", False),  # after a card, a `dealt` is no card: it finishes the deal
])
def test_a_misdeal_as_the_words_show_it_is_one_the_laws_make(rulebook, found, misdeal):
    """A call in the next deal takes the stakes of the game that deal is in: the last
    game's after a misdeal, its own after a deal that stood, as the engine has it (reading
    7; the audit's `face up in pack` after the betting priced a call at the last game's 5)."""
    said = HEAD + found.replace("points out", "Dan points out") + (
        "Bob deals; Bob shuffles; Ann cuts; Cat antes 1\n" if not misdeal else "Ann deals; Ann shuffles; Dan cuts\n")
    said += "dealt\n" + ("Cat opens 5; Dan calls\n" if misdeal else "Dan opens 2; Ann calls\n")
    stake = 5 if misdeal else 2
    assert last(said) == [{"type": "play", "player": "Dan" if misdeal else "Ann", "stake": stake}]
    report = replay_log(read_text_log(said.encode(), "x.hand"), rulebook)
    assert [game["deals"] for game in report["games"]] == ([2] if misdeal else [1, 1])


def test_in_a_jack_pot_the_antes_are_no_ones_stake():
    jackpot = HEAD + """Ann deals; Ann shuffles; Dan cuts; Bob antes 1
dealt
Cat passes; Dan passes; Ann passes; Bob passes
Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1
dealt
"""
    why = "no one has staked since the deal (where every player antes, as in a jack-pot, the antes are no one's stake"
    assert f"nothing to call: {why}" in refused(jackpot + "Cat calls\n").detail
    # nor to check: a play of his own stake, 0, would be an opening, and a false one (the table wrote it so)
    assert f"nothing to check: {why}" in refused(jackpot + "Cat checks\n").detail
    assert last(jackpot + "Cat bets 2; Dan calls; Ann raises 1; Bob checks\n", 4) == [
        {"type": "open", "player": "Cat", "stake": 2}, {"type": "play", "player": "Dan", "stake": 2},
        {"type": "play", "player": "Ann", "stake": 3}, {"type": "play", "player": "Bob", "stake": 0}]


@pytest.mark.parametrize("said, stake", [
    ("Bob antes 3\ndealt\nCat opens 2; Dan passes; Ann passes; Bob checks\n", 4),  # his antes, 1 and 3, his stake
    ("Bob antes 3\ndealt\nCat passes; Dan opens 2; Ann calls\n", 2),  # a second ante raises no one (L20)
    ("dealt\nCat opens 2; Dan straddles 4; Dan calls\n", 4),  # a straddle that raised no one: still his stake
    ("dealt\nCat opens 2; Dan straddles 4; Ann calls\n", 2),  # ... which the others need not meet
])
def test_a_call_meets_what_the_replay_counts_and_never_lowers_his_own_stake(said, stake):
    """A second ante and a straddle that cannot be the last stand as their makers' stakes and
    raise no one (the readings of L20 and L21). The words read Bob's check as 3 (his last ante
    alone), Ann's call as 3 over his second ante, and Dan's call as 2 under his own straddle of
    4, which `check` then ruled a stake lowered (L55)."""
    text = HEAD + "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\n" + said
    assert last(text)[0]["stake"] == stake
    log = read_text_log(text.encode(), "x.hand")
    assert "L55" not in [f["id"] for f in check_bytes(json.dumps(log).encode(), "x.json")["findings"]]


def test_at_three_a_second_ante_is_no_jack_pot_to_the_words():
    """Two of three players anteing is a second ante, not a jack-pot's antes: Ann's call read as
    2, below her own ante of 3, which `check` ruled a stake lowered (L55)."""
    text = ("players Ann Bob Cat; limit 20; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1; Ann antes 3\n"
            "dealt\nCat bets 2; Ann calls\n")
    assert last(text) == [{"type": "play", "player": "Ann", "stake": 3}]


def test_a_stand_in_the_draw_after_one_given_nothing_staked_is_standing_pat():
    """Bob stood before the dealer gave him his card: a stake of one given no card of his draw
    begins no betting (L48's reading), so Cat's `stands`, her turn to draw come, is standing
    pat; the words read it as the betting's stand, and `check` passed her over (L38)."""
    text = DEALT + "Cat opens 2; Dan calls; Ann calls; Bob calls\nBob draws 1; Bob stands; Bob gets 1\nCat stands\n"
    assert last(text) == [{"type": "discard", "player": "Cat", "count": 0}]


def test_in_a_jack_pot_a_straddle_is_nothing_to_call():
    """Cat's straddle in a jack-pot raises no one: her own `calls` read as a play of 0, which
    `check` then ruled an opening short (L25) and a stake lowered (L55); the table refused it."""
    jackpot = HEAD + """Ann deals; Ann shuffles; Dan cuts; Bob antes 1
dealt
Cat passes; Dan passes; Ann passes; Bob passes
Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1
Cat straddles 2
dealt
"""
    assert "nothing to call" in refused(jackpot + "Cat calls\n").detail


@pytest.mark.parametrize("said", ["dealt\nCat checks", "dealt\nCat passes; Dan passes; Ann passes; Bob checks",
                                  "Cat straddles 2\ndealt\nDan checks", "Cat straddles 2\ndealt\nDan passes; Cat checks"])
def test_in_any_game_a_check_before_the_opening_is_refused(said):
    """`Cat checks` before anyone opened was `Cat plays 0`: an opening short (L25), Cat the
    opener and the winner of Bob's ante; Bob's was `plays 1`, his ante; after a straddle
    (no opening: SPEC item 9), Dan's was `plays 0` and the straddler's `plays 2`. Open or pass."""
    text = HEAD + "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\n" + said + "\n"
    assert "nothing to check before the game is opened: open, or pass" in refused(text).detail


def test_a_bet_after_a_play_opens_and_a_check_after_it_plays_his_own_stake():
    """The words alone do not know whose turn it is (docs/notation.md): a `plays` before any
    `opens` may be out of turn and open nothing, so `bets` after it is still an `opens`;
    `checks` after it is a `plays` of his own stake, some stake being there to check to.
    `check` then rules each as the laws read it (here Cat's play in turn opened)."""
    said = HEAD + "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat plays 2; "
    assert last(said + "Dan bets 4\n") == [{"type": "open", "player": "Dan", "stake": 4}]
    assert last(said + "Dan checks\n") == [{"type": "play", "player": "Dan", "stake": 0}]
    report = check_bytes((said + "Dan checks\n").encode(), "x.hand")
    assert [f["id"] for f in report["findings"]] == ["L26"] and report["games"][0]["opened_by"] == "Cat"


def test_draws_is_a_discard_and_a_demand_and_draws_0_stands_pat():
    said = DEALT + "Cat opens 2; Dan plays 2; Ann passes; Bob plays 2\nBob draws 3; Cat draws 0\n"
    assert last(said, 3) == [{"type": "discard", "player": "Bob", "count": 3},
                             {"type": "demand", "player": "Bob", "count": 3},
                             {"type": "discard", "player": "Cat", "count": 0}]
    assert last(said + "Dan stands pat\n") == [{"type": "discard", "player": "Dan", "count": 0}]


def test_draws_for_deal_is_still_the_draw_for_the_deal():
    assert events(HEAD + "Ann draws for deal 2c; Bob draws for deal Kd\n") == [
        {"type": "draw_for_deal", "player": "Ann", "card": "2c"}, {"type": "draw_for_deal", "player": "Bob", "card": "Kd"}]
    error = refused(HEAD + "Ann deals\nBob draws fro deal\n")
    assert (error.line, error.column) == (3, 11) and "expected 'for deal' or a number of cards, found 'fro'" in error.detail


def test_draws_places_both_its_events_and_a_note_goes_with_the_last():
    said = DEALT + "Cat opens 2; Dan plays 2; Ann passes; Bob plays 2\nBob  draws 3 -- the dealer was slow\n"
    parsed = parse_text(said)
    assert parsed.log["events"][-2:] == [{"type": "discard", "player": "Bob", "count": 3},
                                         {"type": "demand", "player": "Bob", "count": 3, "note": "the dealer was slow"}]
    assert parsed.event_lines[-2:] == [5, 5]
    discard, demand = len(parsed.log["events"]) - 2, len(parsed.log["events"]) - 1
    for k in (discard, demand):
        assert parsed.where(f"/events/{k}") == (5, 1) and parsed.where(f"/events/{k}/player") == (5, 1)
        assert parsed.where(f"/events/{k}/count") == (5, 12)
    assert parsed.where(f"/events/{demand}/note") == (5, 17)
    assert "/note" not in parsed.event_at[discard]
    # `undo` takes back the whole line, both events
    assert parse_text(said + "undo\n").log["events"] == parsed.log["events"][:-2]


@pytest.mark.parametrize(("line", "column", "wanted"), [
    ("Eve draws 2", 1, "event 5 (discard by Eve): 'player' names 'Eve', who is not seated"),
    ("Bob  draws 99999999999999999999", 12, "a number out of bounds: 20 digits"),
    ("Bob draws", 10, "expected 'for deal' or a number of cards, found the end of the line"),
    ("Bob draws 3 (Ah)", 13, "expected a note ('-- …'), ';' or the end of the line, found '(Ah)'"),
])
def test_an_error_in_draws_is_placed_in_its_line(line, column, wanted):
    error = refused(DEALT + line + "\n")
    assert (error.line, error.column) == (4, column), str(error)
    assert wanted in error.detail


def test_convert_writes_the_forms_verbs(tmp_path):
    said = tmp_path / "said.hand"
    said.write_text(DEALT + "Cat bets 2; Dan raises 2; Ann folds; Bob calls\nBob stands\nCat calls; Cat draws 3\n"
                    "Dan draws 1 -- one card\nCat stands; Dan raises 2; Bob calls; Cat calls\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["convert", str(said), "--to", "text"])
    assert result.exit_code == 0, result.output
    assert result.output.endswith("""dealt
Cat opens 2
Dan plays 4
Ann passes
Bob plays 4
Bob discards 0
Cat plays 4
Cat discards 3
Cat asks 3
Dan discards 1
Dan asks 1 -- one card
Cat plays 4
Dan plays 6
Bob plays 6
Cat plays 6
""")
    for word in (" bets ", " raises", " calls", " folds", " stands", " draws "):
        assert word not in result.output
    # and the forms convert back and forth without loss
    forms = tmp_path / "forms.hand"
    forms.write_text(result.output, encoding="utf-8")
    as_json = CliRunner().invoke(cli, ["convert", str(forms), "--to", "json"]).output
    assert CliRunner().invoke(cli, ["convert", "-", "--to", "text"], input=as_json).output == result.output


# --- stands: standing pat at the draw, a stand in the betting after it ---------------------------

SAY = DEALT + "Cat opens 2; Dan plays 4; Ann passes; Bob plays 4\n"  # Bob, left of the dealer, draws first


@pytest.mark.parametrize(("after", "meant"), [
    # the first to draw, his say made: no one has discarded yet
    ("Bob stands", {"type": "discard", "player": "Bob", "count": 0}),
    # the draw begun
    ("Bob discards 2; Cat calls; Cat stands", {"type": "discard", "player": "Cat", "count": 0}),
    # the draw begun, and a player still to draw making good first (D4)
    ("Bob draws 2; Bob gets 2; Cat calls; Cat stands", {"type": "discard", "player": "Cat", "count": 0}),
    # passed over (Cat drew first), and every other player still in has drawn: the draw is over,
    # he has lost his (L38), and his stand is the betting's
    ("Cat plays 4; Cat discards 1; Dan discards 1; Bob stands", {"type": "play", "player": "Bob", "stake": 4}),
    # a player who has drawn, the others still to draw: a stand, which begins the betting (L38 for them)
    ("Bob discards 2; Bob stands", {"type": "play", "player": "Bob", "stake": 4}),
    # after the draw
    ("Bob discards 2; Cat plays 4; Cat discards 1; Dan discards 0; Cat stands",
     {"type": "play", "player": "Cat", "stake": 4}),
    # a player still to draw making good does not begin the betting: he stands pat
    ("Bob discards 2; Cat plays 4; Dan stands", {"type": "discard", "player": "Dan", "count": 0}),
    # the betting begun by a bet of a player who has drawn while others are yet to draw (L38 for them)
    ("Bob draws 2; Bob gets 2; Bob raises 2; Dan stands", {"type": "play", "player": "Dan", "stake": 4}),
    # ... but not by one of a player given no card of his draw yet: no cards drawn to raise (L48's reading)
    ("Bob discards 2; Bob raises 2; Dan stands", {"type": "discard", "player": "Dan", "count": 0}),
])
def test_stands_is_standing_pat_at_the_draw_and_a_stand_after_it(after, meant):
    assert last(SAY + after + "\n") == [meant]


def test_stands_in_the_say_is_refused_with_the_words_to_use():
    error = refused(DEALT + "Cat opens 2; Dan stands\n")
    assert (error.line, error.column) == (4, 18)
    assert error.detail == ("Dan stands in the say before the draw, which has no stand (Peel's stand comes after the "
                            "draw): write 'plays', 'calls' or 'passes' (at the draw, 'stands pat')")
    assert "expected 'pat', a note ('-- …'), ';' or the end of the line, found 'up'" in refused(SAY + "Bob stands up\n").detail
    assert refused(DEALT + "Cat stands\n").detail.endswith("write 'opens' or 'passes' (at the draw, 'stands pat')")


GAME = HEAD + """Ann deals; Ann shuffles; Dan cuts; Bob antes 1
dealt Bob (Ah Ad Ac 7s 2d), Cat (Kh Kd 9c 8s 3h), Dan (Qh Qd Jc 5s 4h), Ann (9h 8d 6c 4s 3c)
Cat bets 2; Dan raises 2; Ann folds; Bob calls
Bob stands
Cat calls; Cat draws 3; Cat gets 3 (Ks 5c 2h)
Dan draws 2; Dan gets 2 (Qs 6d)
Cat stands; Dan raises 2; Bob calls; Cat calls
Cat shows (Kh Kd Ks 5c 2h); Dan shows (Qh Qd Qs 6d Jc); Bob shows (Ah Ad Ac 7s 2d)
"""


def test_a_game_in_the_words_players_say_is_ruled_clean():
    """`Bob stands` at his draw once read as a stake: Cat's discard was then out of turn
    (L35) and Bob lost his draw (L38). Read as standing pat, the game is as the laws require."""
    report = check_bytes(GAME.encode(), "said.hand")
    assert report["status"] == "ok" and report["findings"] == [], report["findings"]
    assert report["net"] == {"Ann": 0, "Bob": 12, "Cat": -6, "Dan": -6}
    misread = check_bytes(GAME.replace("Bob stands\n", "Bob plays 4\n").encode(), "said.hand")
    assert [f["id"] for f in misread["findings"]] == ["L35", "L38"]


# --- the words at the table ---------------------------------------------------------------------


def test_completion_offers_the_words_players_say():
    players, commands = ["Ann", "Bob", "Mary Ann"], ["status"]
    offered = candidates("Bob ", players, commands)
    assert {"calls", "raises", "bets", "checks", "stands", "folds", "draws", "plays", "discards"} <= set(offered)
    assert candidates("Bob raises ", players, commands) == ["to"]
    assert candidates("Bob stands ", players, commands) == ["pat"]
    assert candidates("Bob draws ", players, commands) == ["for"]
    assert candidates("Bob draws for ", players, commands) == ["deal"]
    assert candidates("Bob calls; Ann ", players, commands) == offered
    assert candidates('"Mary Ann" ', players, commands) == offered  # a quoted name with a space
    assert candidates('"Mary Ann" points ', players, commands) == ["out"]


def test_the_table_takes_the_words(tmp_path):
    log = tmp_path / "t.hand"
    typed = GAME.splitlines()[1:]
    result = CliRunner().invoke(cli, ["table", str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante",
                                      "1"], input="\n".join(typed) + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert "refused" not in result.output and "[L" not in result.output
    assert "game 1 is over: Bob takes 18" in result.output
    # SPEC 28: a line whose words took a stake or a meaning from the game is written as the
    # engine read them, the words kept as a comment; the others as typed
    assert log.read_text(encoding="utf-8") == HEAD + """Ann deals; Ann shuffles; Dan cuts; Bob antes 1
dealt Bob (Ah Ad Ac 7s 2d), Cat (Kh Kd 9c 8s 3h), Dan (Qh Qd Jc 5s 4h), Ann (9h 8d 6c 4s 3c)
Cat opens 2; Dan plays 4; Ann passes; Bob plays 4  # Cat bets 2; Dan raises 2; Ann folds; Bob calls
Bob discards 0  # Bob stands
Cat plays 4; Cat discards 3; Cat asks 3; Cat gets 3 (Ks 5c 2h)  # Cat calls; Cat draws 3; Cat gets 3 (Ks 5c 2h)
Dan draws 2; Dan gets 2 (Qs 6d)
Cat plays 4; Dan plays 6; Bob plays 6; Cat plays 6  # Cat stands; Dan raises 2; Bob calls; Cat calls
Cat shows (Kh Kd Ks 5c 2h); Dan shows (Qh Qd Qs 6d Jc); Bob shows (Ah Ad Ac 7s 2d)
"""
    assert check_file(log)["net"] == check_bytes(GAME.encode(), "said.hand")["net"]


def test_the_table_reads_a_call_by_the_engine_not_by_the_words_alone(tmp_path):
    """SPEC 28: `arbiter table` says only what the engine's answer says. Cat, her hand foul
    (four cards lifted, L13), stakes 9: the engine counts no stake of hers (L63), so Ann's
    call is a play of 2, as `next` offered (the words alone reckon 9). The file holds the 2."""
    log = tmp_path / "t.hand"
    typed = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 5, Cat 4, Dan 5, Ann 5", "Cat lifts",
             "Dan opens 2", "Cat plays 9", "Ann calls"]
    result = CliRunner().invoke(cli, ["table", str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante",
                                      "1"], input="\n".join(typed) + "\nquit\n")
    assert result.exit_code == 0, result.output
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "Ann plays 2  # Ann calls"
    assert check_file(log)["net"]["Ann"] == -2


# --- the reckoning is the engine's ------------------------------------------------------------


def in_words(log: dict, rules) -> str:
    """The log written with the words players say wherever the replay says they mean the
    event recorded: a stake equal to the highest is a call, above it a raise by the
    difference; a stake unchanged in the betting a stand; a discard of 0 at the draw a
    stand; a discard and the same demand a draw; a first open a bet; a pass a fold."""
    replay = Replay(log, rules)
    recorded = log["events"]
    lines = [table_line(log["table"])]
    k = 0
    while k < len(recorded):
        event, game = recorded[k], replay.board.game
        stakes, highest = (dict(game.stakes), game.highest_stake()) if game else ({}, 0)
        phase, opened = (game.phase, game.opener is not None) if game else (None, False)
        replay.step(k, event)
        now = replay.board.game.phase if replay.board.game else None
        line = event_line(event)
        kind = event["type"]
        if "note" not in event and "player" in event and game is not None:
            who = name_text(event["player"])
            # `stands` is read by the phase as the notation reckons it, from the words alone: it is
            # written where that reading is the replay's (a bet that raised a foul hand, say, is
            # no bet to the replay, but the words cannot know the hand was foul)
            reckoned = Reckoning(recorded[:k], log["table"]["players"]).at_draw(event["player"])
            if kind == "play" and event["stake"] == stakes[event["player"]] and phase in (Phase.DRAW, Phase.BETTING) \
                    and now in (Phase.BETTING, Phase.SHOW) and reckoned is False:
                line = f"{who} stands"
            elif kind == "play" and event["stake"] == highest:
                line = f"{who} calls"
            elif kind == "play" and event["stake"] > highest:
                line = f"{who} raises {event['stake'] - highest}"
            elif kind == "open" and not opened and "cards" not in event:
                line = f"{who} bets {event['stake']}"
            elif kind == "pass":
                line = f"{who} folds"
            elif kind == "discard" and "cards" not in event and event["count"] == 0 and phase == Phase.DRAW \
                    and reckoned is True:
                line = f"{who} stands"
            elif kind == "discard" and "cards" not in event and event["count"] and k + 1 < len(recorded) \
                    and recorded[k + 1] == {"type": "demand", "player": event["player"], "count": event["count"]}:
                k += 1
                replay.step(k, recorded[k])
                line = f"{who} draws {event['count']}"
        lines += [""] * (kind == "deal") + [line]
        k += 1
    return "\n".join(lines) + "\n"


CASES = case_files()


@pytest.fixture(scope="module")
def rules(rulebook):
    return Replay.compile(rulebook)


def test_every_case_in_the_words_players_say_reads_as_the_case(rules):
    said_in_all = set()
    for path in CASES:
        case = read_log_bytes(path.read_bytes(), str(path))
        said = in_words(case, rules)
        said_in_all |= {word for word in ("calls", "raises", "stands", "draws", "bets", "folds") if f" {word}" in said}
        assert parse_text(said).log["events"] == case["events"], path.name
    assert said_in_all == {"calls", "raises", "stands", "draws", "bets", "folds"}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), plant_rate=st.sampled_from([0.0, 0.3]))
def test_simulated_sessions_in_the_words_players_say_read_as_recorded(rules, seed, plant_rate):
    log, _ = simulate_log(seed, None, 6, plant_rate)
    log = read_log_bytes(json.dumps(log).encode(), "x.json")
    assert parse_text(in_words(log, rules)).log["events"] == log["events"]


def test_the_text_cases_in_the_words_convert_to_the_forms(rules):
    for path in sorted((cases_dir() / "text").glob("*.hand")):
        case = read_text_log(path.read_bytes(), str(path))
        bare = {key: value for key, value in case.items() if key != "meta"}
        assert write_text(read_text_log(in_words(case, rules).encode(), "said.hand")) == write_text(bare), path.name


def test_a_longer_phrase_is_tried_before_the_phrase_it_begins():
    for i, earlier in enumerate(SYNONYMS):
        for later in SYNONYMS[i + 1:]:
            assert later.words[:len(earlier.words)] != earlier.words, (earlier.words, later.words)


def test_at_the_table_a_call_is_no_open_and_a_note_keeps_the_line_to_itself(tmp_path):
    """SPEC 28: in a jack-pot before the opening the answer offers an open, no play: `calls`
    is refused there, as the notation refuses it, not written as an opening (the caller
    would be the opener, and a false one). A line whose words carry a note is written as
    its events with the note, the words not added after it (a note runs to the line's end)."""
    log = tmp_path / "t.hand"
    typed = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat passes; Dan passes; Ann passes; Bob passes",
             "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1", "dealt",
             "Cat calls", "Cat bets 2 -- first"]
    result = CliRunner().invoke(cli, ["table", str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante",
                                      "1"], input="\n".join(typed) + "\nquit\n")
    assert "refused: nothing to call" in result.output
    assert log.read_text(encoding="utf-8").splitlines()[-2:] == ["# refused: Cat calls", "Cat opens 2 -- first"]
    assert read_text_log(log.read_bytes(), "t.hand")["events"][-1]["note"] == "first"


def test_the_names_the_notation_docs_say_are_quoted_are_the_words_that_begin_a_statement():
    """docs/notation.md lists the names written in quotes because each begins a statement
    of its own; `house` and `pronouns` were missing from the list, and an unquoted
    `house` there read as the table's house rules."""
    text = (Path(__file__).parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    sentence = " ".join(text.split("begins a statement of its own (", 1)[1].split(")", 1)[0].split())
    assert set(re.findall(r"`([a-z]+)`", sentence)) == set(RESERVED)
    assert all(name_text(word) == json.dumps(word) for word in RESERVED)
