"""`arbiter explain`: every shipped case told event by event, rulings at their events,
pool figures as the trace has them, and each game's end with the next game."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from arbiter.checker import replay_with_trace
from arbiter.cli import main
from arbiter.notation import read_text_log, write_text
from arbiter.reading import read_log_file
from arbiter.render.story import tell
from arbiter.resources import cases_dir
from arbiter.rulebook.house import apply_house, read_house
from arbiter.seats import POOL
from tests.conftest import ARBITER, json_log_from_text

CASES = sorted(cases_dir().glob("*.json")) + sorted((cases_dir() / "house").glob("*.json"))
POOL_WORDS = re.compile(r"The pool now holds (\d+)\.|The pool is now (empty)\.")


def _rulebook_for(log: dict, rulebook):
    house = log.get("meta", {}).get("house")
    return apply_house(rulebook, read_house(house)) if house else rulebook


def _story(path, rulebook):
    log = read_log_file(path)
    book = _rulebook_for(log, rulebook)
    report, trace = replay_with_trace(log, book, file=str(path))
    return log, report, trace, tell(log, report, trace, book)


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(list(args))
    out, err = capsys.readouterr()
    return exited.value.code, out, err


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_case_is_told_with_each_ruling_at_its_event(path, rulebook):
    log, report, trace, steps = _story(path, rulebook)
    assert report["error"] is None
    events = [s for s in steps if s["kind"] == "event"]
    assert [s["event"] for s in events] == list(range(len(log["events"])))
    assert all(s["text"] for s in steps)
    told = [(s["event"], r["game"], r["id"], r["summary"], r["severity"], r["player"])
            for s in events for r in s["rulings"]]
    found = [(f["event"], f["game"], f["id"], f["summary"], f["severity"], f["player"]) for f in report["findings"]]
    assert told == found
    book = _rulebook_for(log, rulebook)  # a club rule (H1) is in the house file's rule book only
    for step in events:
        for ruling in step["rulings"]:
            assert ruling["law"]["words"] == " ".join(book.get(ruling["id"]).text.split())


def pool_moved(report, game, upto):
    """What the ledger moved into a game's pool (less what it paid out) up to an event."""
    return sum(e["amount"] if e["to"] == POOL else -e["amount"] if e["from"] == POOL else 0
               for e in report["ledger"] if e["game"] == game and e["event"] <= upto)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_pool_figures_are_the_ledgers(path, rulebook):
    """The pool told after each event is what the game's pool came with (the trace's at its
    first event, a carried pool included) and what the ledger moved since; at the game's end,
    its `pool` less what its winners took. The trace kept at an event misses what a game's
    end pays as of it (a pool taken when the log ends), which the story told before."""
    log, report, trace, steps = _story(path, rulebook)
    # an act put up before the next deal moves the counters into that game's pool, not the one in play at it
    touched = {(e["event"], e["game"]) for e in report["ledger"] if POOL in (e["from"], e["to"])}
    games = {g["game"]: g for g in report["games"]}
    came: dict[int, int] = {}
    for step in steps:
        k, game = step["event"], step["game"]
        if game is None:
            assert step["pool"] == trace[k].get("pool")  # none before the first deal
            continue
        # an event told ahead of its game's deal (an ante put up for it) is not yet in the pool the replay kept
        came.setdefault(game, trace[k].get("pool", 0) - (pool_moved(report, game, k) if trace[k]["game"] == game else 0))
        if step["kind"] == "game_end":
            # a game's `pool` is net of what it gave back (reading 30): less what its winners took
            assert step["pool"] == games[game]["pool"] - sum(e["amount"] for e in report["ledger"] if e["game"] == game
                                                             and e["from"] == POOL and e["what"] == "win")
            continue
        assert step["pool"] == came[game] + pool_moved(report, game, k)
        said = POOL_WORDS.findall(step["text"])
        if (k, game) in touched:
            assert len(said) == 1, step["text"]
            number, empty = said[0]
            assert (0 if empty else int(number)) == step["pool"]
        else:
            assert not said, step["text"]
        for entry in (e for e in report["ledger"] if e["event"] == k):
            assert f" {entry['amount']} " in f" {step['text']} ".replace("(", " ").replace(")", " ")


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_each_game_ends_with_its_winner_and_the_next_game(path, rulebook):
    log, report, trace, steps = _story(path, rulebook)
    ends = [s for s in steps if s["kind"] == "game_end"]
    assert [s["game"] for s in ends] == [g["game"] for g in report["games"]]
    for step, game in zip(ends, report["games"]):
        # a game ends with its last event, unless an act for the next game (an ante put up before its
        # deal, entered in it by the ledger) comes first: the story tells that in the next game, as the report does
        ahead = [e["event"] for e in report["ledger"] if e["game"] > game["game"] and trace[e["event"]]["game"] == game["game"]]
        last = max(k for k, t in enumerate(trace) if t["game"] == game["game"])
        assert step["event"] == (min(ahead) - 1 if ahead else last)
        if game["next"]:
            assert f"Next game: {game['next']['dealer']} deals" in step["text"]
            assert ("jack-pot no." in step["text"]) == bool(game["next"]["jackpot"])
        else:
            assert "before the game is over" in step["text"]
        for winner in game["winners"]:
            assert winner in step["text"]


def test_text_tells_who_dealt_staked_and_lifted_and_quotes_the_law(capsys):
    code, out, _ = run(capsys, "explain", str(cases_dir() / "l13-foul-hand-lifted.json"))
    assert code == 0
    flat = " ".join(out.split())
    assert "Game 1 begins: Ann deals." in flat
    assert "Bob puts 1 into the pool (the ante, law 20). The pool now holds 1." in flat
    assert "Bob lifts the cards from the table." in flat
    assert "L13 (irregularity): Bob lifted a hand of 4 cards: a foul hand" in flat
    assert "Ann refunds 1 to Bob" in flat
    assert "Law 13: \u201cIf any player have more or less than five cards dealt to him" in flat
    assert "Next game: Bob deals; an ordinary game." in flat
    # the ruling is printed under its event, before the next event
    assert flat.index("Bob lifted a hand") < flat.index("Cat opens the game")


def test_equal_best_hands_are_told_equal_with_the_law_they_share_by(capsys):
    """A pool shared was told without a law, where every other show names the law that
    decided it: a learner expects the ace beside Cat's two pairs to win."""
    code, out, _ = run(capsys, "explain",
                       str(cases_dir() / "game-betting-six-players-straddle-jackpot-shared-pool.json"))
    flat = " ".join(out.split())
    assert "At the show Cat's two pairs and Dan's are equal (law 76: hands identical in value share the pool)." \
        in flat
    code, out, _ = run(capsys, "explain", str(cases_dir() / "a4-odd-counters-three-way-share.json"))
    assert "At the show Dan's hand of no pair, Eve's and Ann's are equal (law 76: " in " ".join(out.split())  # all three


def test_a_new_deal_by_another_dealer_is_no_deal_again_and_names_no_one_out(capsys):
    """Ann's misdeal, dealt anew by Bob (L10's irregularity): the story said "Bob deals
    again", of one who had not dealt, and "Still in: ..." at the deal, no one having gone
    out (the list runs from the dealer's left, which the new dealer moved)."""
    code, out, _ = run(capsys, "explain", str(cases_dir() / "l10-redeal-by-wrong-dealer.json"))
    flat = " ".join(out.split())
    assert code == 0 and "Bob makes the new deal: deal 2 of game 1." in flat
    assert "Bob deals again" not in flat and "Still in" not in flat
    code, out, _ = run(capsys, "explain", str(cases_dir() / "l12-wrong-count-announced-misdeal.json"))
    assert "Ann deals again: deal 2 of game 1." in " ".join(out.split())


@pytest.mark.parametrize("pronouns, about, said", [
    ("", "", "Bob says that they were given fewer cards than asked for. "
             "* L43 (ruling): Bob pointed out that they were given fewer cards than they demanded"),
    ("; pronouns Bob he", "", "Bob says that he was given fewer cards than asked for. "
                             "* L43 (ruling): Bob pointed out that he was given fewer cards than he demanded"),
    ("", " about Bob", "Bob says that they were given fewer cards"),
])
def test_one_who_points_out_his_own_short_give_is_not_named_twice(capsys, tmp_path, pronouns, about, said):
    """Teaching output reads as English: "Bob says that he was given …", not "that Bob
    was"; a point about another player names him (the `{named:P:was}` template field)."""
    log = json_log_from_text(tmp_path / "g.json", (
        f"players Ann Bob Cat Dan; limit 20; ante 1{pronouns}\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
        "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
        f"Bob discards 3; Bob asks 3; Bob gets 2; Bob points out short{about}\n"))
    code, out, _ = run(capsys, "explain", str(log))
    assert said in " ".join(out.split())
    other = json_log_from_text(tmp_path / "o.json", (
        "players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
        "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
        "Bob discards 3; Bob asks 3; Bob gets 2; Cat points out short about Bob\n"))
    code, out, _ = run(capsys, "explain", str(other))
    assert "Cat says that Bob was given fewer cards than asked for. " \
           "* L43 (ruling): Cat pointed out that Bob was given fewer cards than they demanded" in " ".join(out.split())


def test_a_point_out_is_told_as_the_players_word_not_as_a_fact(capsys):
    """A wrong number announced before any card is dealt announces no fact (L12, L13's
    readings): the story told "Cat points out that Bob was dealt the wrong number of cards",
    a fact the case says was not so, in `explain` and in the quiz's question on it."""
    case = cases_dir() / "l13-a-wrong-number-announced-before-the-first-card-does-not-spare-the-hand-lifted.json"
    code, out, _ = run(capsys, "explain", str(case))
    told = " ".join(out.split())
    assert "Cat says that Bob was dealt the wrong number of cards." in told and "points out" not in told


@pytest.mark.parametrize("events, told", [
    # an ante and a straddle before any deal, none following: nothing is staked (no game, no ledger), they wait
    ([{"type": "ante", "player": "Bob", "amount": 1}, {"type": "straddle", "player": "Cat", "amount": 2}],
     ["Bob puts up an ante before the first deal: it waits for the game it is for.",
      "Cat puts up a straddle before the first deal: it waits for the game it is for."]),
    # a say held for a deal that never comes is refused at the log's end, as of its own event: told up to it
    ([{"type": "ante", "player": "Bob", "amount": 1}, {"type": "open", "player": "Dan", "stake": 4}],
     ["Bob puts up an ante before the first deal: it waits for the game it is for."]),
])
def test_what_waits_for_a_deal_that_never_comes_is_told_as_waiting(capsys, tmp_path, events, told):
    """The story said "Bob stakes the ante." and "Cat straddles." where the report moved
    nothing (no game), and told a say the replay then refused at its event ("Dan opens the
    game"), before the error line, as done."""
    log = tmp_path / "early.json"
    log.write_text(json.dumps({"format": "peel-draw-poker-log", "version": 1, "events": events,
                               "table": {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 20, "ante": 1}}))
    code, out, _ = run(capsys, "explain", str(log), "--format", "json")
    assert [step["text"] for step in json.loads(out)] == told


@pytest.mark.parametrize("table, events, told", [
    # the second straddle, before the deal, is game 1's (L21, D2 rule on it): it waits for nothing
    ({}, [{"type": "straddle", "player": "Cat", "amount": 2}, {"type": "straddle", "player": "Cat", "amount": 2}],
     "Cat straddles."),
    # under table stakes, nothing on the table: game 1's A5 says no ante is staked
    ({"house": "table-stakes", "stacks": {"Ann": 10, "Bob": 0, "Cat": 10, "Dan": 10}},
     [{"type": "ante", "player": "Bob", "amount": 1}], "Bob antes with nothing on the table: no ante is staked."),
])
def test_what_a_game_has_ruled_on_before_its_deal_does_not_wait(capsys, tmp_path, table, events, told):
    """A stake before the deal that its game has taken or ruled on is told as the game's:
    "waits for the game it is for" was said of a straddle game 1 had ruled irregular, and of
    an ante its A5 ruling said was no ante, each ruling printed beneath it."""
    log = tmp_path / "early.json"
    log.write_text(json.dumps({"format": "peel-draw-poker-log", "version": 1,
                               "table": {"players": ["Ann", "Bob", "Cat", "Dan"], "limit": 20, "ante": 1, **table},
                               "events": [*events, {"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"},
                                          {"type": "cut", "player": "Dan"}, {"type": "dealt", "hands": {}}]}))
    code, out, _ = run(capsys, "explain", str(log), "--format", "json")
    assert json.loads(out)[len(events) - 1]["text"] == told


def test_markdown_has_a_heading_per_game_and_quotes(capsys):
    code, out, _ = run(capsys, "explain", str(cases_dir() / "l31-second-jackpot-queens-to-open.json"),
                       "--format", "markdown")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("## ")] == ["## Game 1", "## Game 2", "## Game 3"]
    assert "> Law 31, *" in out
    assert "no one may open without two queens or better" in out


def test_json_is_the_list_of_steps(capsys, rulebook):
    path = cases_dir() / "l33-false-opener-penalty.json"
    code, out, _ = run(capsys, "explain", str(path), "--format", "json")
    assert code == 0
    steps = json.loads(out)
    assert all({"event", "text", "rulings"} <= set(step) for step in steps)
    assert steps == json.loads(json.dumps(_story(path, rulebook)[3]))
    (l33,) = [r for s in steps for r in s["rulings"] if r["id"] == "L33"]
    assert l33["effects"][0] == "Cat cannot claim the pool"


def test_house_rules_change_the_story(capsys):
    path = str(cases_dir() / "house" / "joker-makes-a-sequence-flush.json")
    code, plain, _ = run(capsys, "explain", path)
    assert code == 0 and "L1 (irregularity)" in plain
    code, house, _ = run(capsys, "explain", path, "--house", "joker")
    assert code == 0
    assert "House rules in force: joker" in house and "L1 (" not in house
    assert "Dan shows Jo Kh Qh Jh Th: a sequence flush." in house


def test_a_stake_of_all_he_has_is_told_as_the_stake_he_could_make(capsys, tmp_path):
    """A5: the laws judge the stake he could make, not the number recorded, and the story
    tells the same: Bob's call of 8 with 4 left is a stake of all he has, 6, short of 8."""
    path = str(cases_dir() / "house" / "table-stakes-a-call-for-what-he-has.json")
    code, told, _ = run(capsys, "explain", path, "--house", "table-stakes")
    flat = " ".join(told.split())
    assert "Bob stakes all they have: a stake of 6 (4 more), short of the highest, 8. Bob puts 4" in flat
    code, plain, _ = run(capsys, "explain", path)
    assert "Bob plays: a stake of 8 (6 more), equal to the highest." in " ".join(plain.split())
    exact = json_log_from_text(tmp_path / "exact.json", write_text(read_log_file(path)).replace("Bob plays 8", "Bob plays 6"))
    code, told, _ = run(capsys, "explain", str(exact), "--house", "table-stakes")  # his stack, to the counter
    assert "Bob stakes all they have: a stake of 6 (4 more), short of the highest, 8." in " ".join(told.split())


def test_an_ante_with_nothing_on_the_table_is_told_and_ruled_as_no_ante(capsys, tmp_path):
    """L20's reading under table stakes: a player with no counters cannot ante. Bob's ante
    with none was ruled "anted 1 with 0 … antes all he has" and told "Bob stakes the ante",
    and one event later Cat's straddle "before the ante was staked" (L21): the ruling and
    the story say no ante is staked, as L21 does."""
    text = ("players Ann Bob Cat; limit 10; ante 1; stacks Ann 10, Bob 0, Cat 10\n"
            "Ann deals; Ann shuffles; Cat cuts; Bob antes 1; Cat straddles 2\ndealt\n")
    path = json_log_from_text(tmp_path / "zero.json", text)
    code, told, _ = run(capsys, "explain", str(path), "--house", "table-stakes")
    flat = " ".join(told.split())
    assert "Bob antes with nothing on the table: no ante is staked." in flat and "Bob stakes the ante" not in flat
    assert "Bob anted 1 with nothing on the table: under table stakes they cannot ante, and no ante is staked" in flat
    assert "Cat straddled before the ante was staked" in flat


def test_an_opening_and_a_show_demanded_beyond_his_counters_are_told_as_the_stake_he_could_make(capsys, tmp_path):
    """A5, as for a play: an `open` of 4 with 1 on the table is all he has, 1, short of the
    straddle, and opens nothing (the report's `opened_by` is null); an open of all he has
    that meets the minimum opens the game; a show demanded for 12 with 4 left is for 6."""
    path = str(cases_dir() / "house" / "table-stakes-all-he-has-short-of-the-straddle-opens-nothing.json")
    flat = " ".join(run(capsys, "explain", path, "--house", "table-stakes")[1].split())
    assert "Dan stakes all they have: a stake of 1 (1 more), short of the highest, 2. It opens nothing." in flat
    assert "Dan opens the game" not in flat
    head = ("players Ann Bob Cat Dan; limit 20; ante 1; stacks Ann 20, Bob 6, Cat 4, Dan 30\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n")
    opened = json_log_from_text(tmp_path / "opened.json", head + "Cat opens 8; Dan plays 4\n")
    flat = " ".join(run(capsys, "explain", str(opened), "--house", "table-stakes")[1].split())
    assert "Cat opens the game with all they have: a stake of 4." in flat
    shown = json_log_from_text(tmp_path / "shown.json", head.replace("Cat 4", "Cat 30") + (
        "Cat opens 2; Dan plays 2; Ann passes; Bob plays 2\nBob discards 0; Cat discards 0; Dan discards 0\n"
        "Cat plays 12; Dan plays 12; Bob demands show 12\n"))
    flat = " ".join(run(capsys, "explain", str(shown), "--house", "table-stakes")[1].split())
    assert "Bob demands a show for a sum: a stake of 6 in all, everything left. Bob puts 4" in flat
    # the arbiter knows only what the log gives: a show made as asked is not told as all he has
    case = cases_dir() / "l60-a-show-for-a-sum-demanded-with-no-raise-to-call-is-irregular-and-stands.json"
    flat = " ".join(run(capsys, "explain", str(case))[1].split())
    assert "Cat demands a show for a sum: a stake of 2 in all." in flat and "everything left" not in flat
    # demanded again: a stake like any other of his, his sum as it was (L61); it was told as a new show for 5
    case = cases_dir() / "l61-a-show-demanded-again-changes-his-sum-in-nothing.json"
    flat = " ".join(run(capsys, "explain", str(case))[1].split())
    assert "Bob demands a show, the stake already a show for a sum: 5 in all; the sum stays as it was (law 61)." in flat


def test_parts_taken_under_law_60_are_told_as_parts_even_when_equal(capsys, tmp_path):
    """Law 60: Bob's fours take his sum, 14, and Fay's full, the next best hand, the rest,
    also 14: told as what each took, not as a pool they "share" (law 76's word for equal
    hands), which beside "Bob's fours beat Fay's full" said the opposite."""
    text = ("players Ann Bob Cat Dan Eve Fay; limit 20; ante 1\nAnn deals; Ann shuffles; Fay cuts; Bob antes 1\n"
            "Cat straddles 2; Dan straddles 3\ndealt Bob 5, Cat 5, Dan 5, Eve 5, Fay 5, Ann 5\n"
            "Eve opens 6; Fay plays 10; Ann passes; Bob demands show 3; Cat passes; Dan passes\n"
            "Bob discards 0; Eve plays 10; Eve discards 0; Fay discards 0; Eve plays 10; Fay plays 10\n"
            "Bob shows (9c 9d 9h 9s 2c); Eve shows (Tc 8d 6d 5h 2d); Fay shows (Kc Kd Ks 3d 3s)\n")
    flat = " ".join(run(capsys, "explain", str(json_log_from_text(tmp_path / "g.json", text)))[1].split())
    assert "Of the pool of 28, Bob takes 14 and Fay 14." in flat and "share the pool" not in flat


def test_equal_hands_share_the_pool_even_with_an_odd_counter(capsys, tmp_path):
    """Law 76 and A4: Cat's and Dan's equal sequences share the pool of 5, the odd counter
    to Cat: told as sharing, with what each took (it said "Of the pool of 5, Cat takes 3
    and Dan 2", as for the parts of a show for a sum)."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
            "Cat discards 0; Dan discards 0; Cat plays 2; Dan plays 2\n"
            "Cat shows (6c 7d 8s 9c Ts); Dan shows (6d 7s 8c 9d Tc)\n")
    flat = " ".join(run(capsys, "explain", str(json_log_from_text(tmp_path / "g.json", text)))[1].split())
    assert "Cat and Dan share the pool of 5: Cat takes 3 and Dan 2." in flat


def test_an_ante_after_the_pool_is_taken_is_told_as_waiting_for_its_game(capsys, tmp_path):
    """An ante put up once the game is over belongs to the next game, whose deal judges it
    (law 20, as `check` does): told "Bob has staked this game's", as though a second ante
    of the game over, where `check` has no finding until the next deal."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan passes; Ann passes; Bob passes\nDan antes 1\n")
    flat = " ".join(run(capsys, "explain", str(json_log_from_text(tmp_path / "g.json", text)))[1].split())
    assert "Dan puts up an ante before the next deal: it waits for the game it is for." in flat, flat
    assert "has staked this game's" not in flat


def test_a_ruling_on_a_game_cut_off_by_the_next_deal_is_told_as_of_its_own_game(capsys, tmp_path):
    """Law 9 judges an uncut deal at the event that finishes it: where the next game's deal
    cuts it off, that deal. The story tells the ruling there, saying it is game 1's, as the
    report's finding is (it was told as one of game 2's, and printed so on its sheet)."""
    text = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Bob antes 1\ncard to Bob\n"
            "card to Cat\nBob deals; Bob shuffles; Ann cuts\n")
    path = json_log_from_text(tmp_path / "g.json", text)
    flat = " ".join(run(capsys, "explain", str(path))[1].split())
    assert "Game 2 begins: Bob deals." in flat and "L9 (ruling, game 1): Ann dealt without a cut" in flat, flat
    page = run(capsys, "explain", str(path), "--format", "html")[1]
    assert "game 1, event 5" in page and "game 2, event 5" not in page


def test_standard_input(capsys, monkeypatch):
    import io
    import sys

    data = (cases_dir() / "l13-foul-hand-lifted.json").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, _ = run(capsys, "explain", "-")
    assert code == 0 and out.startswith("-\n") and "Bob lifts the cards" in out


def test_a_log_that_breaks_down_is_told_as_far_as_it_goes_then_exit_2(capsys, tmp_path):
    log = {"format": "peel-draw-poker-log", "version": 1,
           "table": {"players": ["Ann", "Bob"], "limit": 20, "ante": 1},
           "events": [{"type": "draw_for_deal", "player": "Ann", "card": "2c"},
                      {"type": "discard", "player": "Ann", "count": 1}]}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(log))
    code, out, err = run(capsys, "explain", str(path))
    assert code == 2
    assert "Ann draws 2c for the deal." in out
    assert err.count("\n") == 1 and "event 1 (discard by Ann)" in err
    # told under house rules, it says so, as far as it goes too (the line was left out)
    code, out, err = run(capsys, "explain", str(path), "--house", "blaze")
    assert code == 2 and "House rules in force: blaze (" in out, out


@pytest.mark.parametrize("args, message", [
    (["explain", "no-such-log.json"], "cannot read the file"),
    (["explain", "CASE", "--house", "no-such-house"], "no such file, nor a shipped house-rules name"),
    (["explain", "CASE", "--format", "pdf"], "Invalid value for '--format'"),
])
def test_errors_are_one_line_and_exit_2(capsys, args, message):
    args = [str(cases_dir() / "l13-foul-hand-lifted.json") if a == "CASE" else a for a in args]
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize(("case", "law", "words"), [
    ("l69-heart-flush-beats-higher-flush", "law 69", "flush beats"),
    ("l70-equal-sequences-heart-wins", "law 70", "sequence beats"),
    ("l73-two-pairs-second-pair", "law 73", "two pairs beat"),
    ("l65-sequence-flush-beats-fours", "law 65", "sequence flush beats"),
])
def test_the_story_names_the_law_that_decided_the_show(case, law, words, rulebook):
    *_, steps = _story(cases_dir() / f"{case}.json", rulebook)
    end = " ".join(step["text"] for step in steps if step["kind"] == "game_end")
    decided = re.search(r"At the show [^(]*\(([^:]*):", end)
    assert decided and decided.group(1) == law and words in end, end


def test_equal_hands_that_share_name_no_deciding_law(rulebook):
    """No law of the hands decided between them: the rule they share by is named, no hand beats."""
    *_, steps = _story(cases_dir() / "l73-equal-two-pairs-share.json", rulebook)
    said = [step["text"] for step in steps if "At the show" in step["text"]]
    assert len(said) == 1 and " are equal (law 76: " in said[0] and " beat" not in said[0]


@pytest.mark.parametrize("case", [
    "l01-a-card-given-again-in-the-draw-the-hand-dealt-it-keeps-it",
    "l01-a-card-shown-in-two-hands-the-second-does-not-compete",
])
def test_a_show_another_law_decided_names_no_hand_that_beat(case, rulebook):
    """The best hand shown did not win (law 1 took it out): the order of the hands decided
    nothing, so the end of the game names no hand beating another."""
    _, report, _, steps = _story(cases_dir() / f"{case}.json", rulebook)
    assert report["games"][0]["winners"]
    assert not any("At the show" in step["text"] for step in steps)


def test_a_hand_that_cannot_be_valued_is_beaten_by_no_one(tmp_path, rulebook):
    """Law 1 (SPEC item 21): Dan shows the Ac that Cat showed; his hand cannot be valued and
    does not compete, so Cat takes the pool and no law of the hands decided it."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
            "Cat discards 0; Dan discards 0; Cat plays 4; Dan plays 4\n"
            "Cat shows (Ac Kd 9h 7s 3c); Dan shows (Ac Qd 9s 7h 2d)\n")
    _, report, _, steps = _story(json_log_from_text(tmp_path / "seen-twice.json", text), rulebook)
    assert report["games"][0]["winners"] == ["Cat"] and "L1" in [f["id"] for f in report["findings"]]
    assert not any("At the show" in step["text"] for step in steps)


@pytest.mark.parametrize(("case", "event", "told"), [
    ("l33-a-second-open-is-a-play-the-first-opener-is-judged", 21, "Eve plays: a stake of 2 (2 more), equal to"),
    ("l33-the-openers-hand-is-the-one-he-opened-with-a-later-open-is-a-play", 21,
     "Dan plays: a stake of 4 (2 more), equal to"),
])
def test_an_open_once_the_game_is_opened_is_told_as_a_play(case, event, told, rulebook):
    """Reading 24: the first to open is the opener; a later `open` is told as the play it is,
    and the cards it names are not told as an opening hand."""
    *_, steps = _story(cases_dir() / f"{case}.json", rulebook)
    [text] = [step["text"] for step in steps if step["event"] == event]
    assert text.startswith(told) and "opens the game" not in text, text


def test_a_bare_dealt_is_five_cards_to_each_player(capsys, tmp_path):
    log = tmp_path / "bare.hand"
    log.write_text("players Ann Bob Cat; limit 20; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n",
                   encoding="utf-8")
    code, out, _ = run(capsys, "explain", str(log))
    assert code == 0 and "Ann deals 5 cards to each player." in out


def test_the_law_that_decided_the_show_says_what_the_house_sets_beside_it(rulebook):
    """Item 26: under a house that sets hearts_break_ties false, Cat's heart flush is no
    longer first; the story names law 69 and says beside its title what the house sets."""
    house = apply_house(rulebook, {"parameters": {"hearts_break_ties": False}})
    *_, steps = _story(cases_dir() / "l69-heart-flush-beats-higher-flush.json", house)
    end = " ".join(step["text"] for step in steps if step["kind"] == "game_end")
    assert "house rule: hearts_break_ties is false (Peel: true))" in " ".join(end.split())


def test_a_pool_taken_in_unequal_parts_says_what_each_took_not_that_they_share(capsys):
    """Law 60: Bob's show for a sum takes 9, the next best hand (Cat's) the rest, 10. The end
    of the game said they "share the pool", which is law 76's equal share of equal hands."""
    code, out, _ = run(capsys, "explain", str(cases_dir() / "l60-show-for-a-sum-demanded-in-the-say.json"))
    flat = " ".join(out.split())
    assert "Of the pool of 19, Bob takes 9 and Cat 10." in flat and "share" not in flat


def test_an_ante_put_up_before_its_games_deal_is_told_in_that_game(capsys, tmp_path):
    """The report enters Cat's ante, put up after game 1 is over and before Bob's deal, in
    game 2 (L20's reading); the story told it in game 1, whose pool it never reached."""
    log = tmp_path / "early-ante.hand"
    log.write_text("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\n"
                   "dealt Bob 5, Cat 5, Ann 5\nCat opens 2; Ann passes; Bob passes\nCat antes 1\n"
                   "Bob deals; Bob shuffles; Ann cuts\ndealt Cat 5, Ann 5, Bob 5\nAnn opens 2\n", encoding="utf-8")
    code, out, _ = run(capsys, "explain", str(log), "--format", "json")
    steps = json.loads(out)
    ante = next(s for s in steps if s["event"] == 8 and s["kind"] == "event")
    assert (ante["game"], ante["pool"]) == (2, 1)
    assert [s["event"] for s in steps if s["kind"] == "game_end"][0] == 7
    opening = next(s for s in steps if s["event"] == 13)
    assert opening["pool"] == 3


def test_a_jack_pot_ante_put_up_before_its_deal_is_told_as_the_jack_pot_ante(capsys):
    """Told in its own game (a jack-pot), an ante put up before the deal is its jack-pot
    ante, as after the deal, not a stake of the game in play at it (SPEC §2: a jack-pot's
    antes are no one's stake)."""
    code, out, _ = run(capsys, "explain", str(cases_dir() / "l30-jackpot-antes-put-up-before-its-deal-are-its-own.json"),
                       "--format", "json")
    steps = {s["event"]: s for s in json.loads(out) if s["kind"] == "event"}
    for k, player in zip((9, 10, 11, 12), ("Ann", "Bob", "Cat", "Dan")):
        assert steps[k]["text"].startswith(f"{player} pays the jack-pot ante."), steps[k]["text"]


def test_a_game_whose_stakes_were_all_given_back_leaves_nothing_in_the_pool(capsys):
    """no-jackpots: every stake given back, the end of the game said "its 0 stay for the
    next game"."""
    code, out, _ = run(capsys, "explain", str(cases_dir() / "house" / "no-one-opens-the-stakes-are-returned.json"),
                       "--house", "no-jackpots")
    flat = " ".join(out.split())
    assert "No one opened it. Nothing is left in the pool." in flat and "its 0 stay" not in flat


def test_a_stake_kept_short_of_a_bet_is_no_stand_and_a_pool_no_one_takes_is_counted(tmp_path, rulebook):
    """D5's stand meets no bet: Dan keeping 2 against Cat's 5 stakes short (L54), told so,
    not as a stand; a show for a sum is told as what it is, with no raise assumed; a pool no
    one takes says how many counters stay (one counter 'stays')."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "dealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 0; Dan discards 0\n"
            "Cat plays 5; Dan plays 2\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1\ndealt\nDan passes; Ann passes; Bob passes; Cat passes\n")
    _, report, _, steps = _story(json_log_from_text(tmp_path / "kept.json", text), rulebook)
    assert [step["text"] for step in steps if step.get("event") == 12][0].startswith(
        "Dan keeps the stake at 2, short of the highest, 5.")
    assert "L54" in [f["id"] for f in report["findings"]]
    assert any("No one takes the pool: its 1 counter stays for the next game." in step["text"] for step in steps)
    shown = _story(cases_dir() / "l60-show-for-a-sum-best-hand.json", rulebook)[3]
    assert any("demands a show for a sum: a stake of" in step["text"] for step in shown)
    assert not any("cannot meet the raise" in step["text"] for step in shown)


def test_a_word_to_the_dealer_is_not_told_as_in_the_deal_where_no_deal_is_in_play(capsys, tmp_path):
    """SPEC 7: between a misdeal and the new deal no deal is in play, and a word to the
    dealer then is no L15. The story told every word as "during the deal"; it tells the
    word, and the finding, where there is one, says when it was."""
    path = json_log_from_text(tmp_path / "word.json", (
        "players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
        "card to Bob\nface up in pack\nDan speaks\nAnn deals; Ann shuffles; Dan cuts\ndealt\n"))
    code, told, _ = run(capsys, "explain", str(path))
    flat = " ".join(told.split())
    assert "Dan speaks to the dealer." in flat and "during the deal" not in flat and "L15" not in flat


@pytest.mark.parametrize("case, event, words", [
    # law 13: the say that lifts a foul hand opens nothing, and the story said "opens the game"
    ("l13-foul-hand-say-opens-nothing-jackpot-follows", 5, "Cat opens with a stake of 2 (2 more), but it opens nothing."),
    # reading 24: the first stake in turn opens the game whatever word records it; it was told as a raise
    ("l25-first-stake-recorded-as-a-play-opens-the-game", 5, "Cat opens the game, with a stake recorded as a play"),
    ("l25-an-early-play-opens-the-jackpot-at-its-turn", 17, "Dan stakes 2 (2 more), before the game is opened."),
    ("l25-an-early-play-opens-the-jackpot-at-its-turn", 18, "Dan's stake, made out of turn, opens the game as Dan's"),
    # D5: one stands after the draw; in the say an early stake's turn passes
    ("l25-acts-between-a-misdeal-and-the-new-deal", 16, "Cat keeps the stake at 2."),
    # SPEC 25: after the pool is taken no counters move, and the story said "2 more"
    ("l58-stake-after-uncalled-win", 8, "Cat names a stake of 4 once the pool is taken."),
    # L28: a show by one who passed is in no show; it was told as any show
    ("l28-a-player-who-passed-shows-his-cards-at-the-show", 12, "Bob, out of the game, shows As Ah Ac Ad 2c"),
    ("l28-a-player-who-passed-shows-his-cards-at-the-show", 13, "Cat shows Kc Kd 7h 7s 2d"),
])
def test_the_story_tells_an_opening_as_the_report_counts_it(case, event, words, rulebook):
    """The story's sentence at an event says what the replay made of it: who opened, and
    when; a stake that opens nothing; no stand before the draw; no counters after the pool."""
    *_, steps = _story(cases_dir() / f"{case}.json", rulebook)
    told = next(step["text"] for step in steps if step["event"] == event and step["kind"] != "game_end")
    assert words in " ".join(told.split())


HEAD = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
        "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 2; Ann passes; Bob plays 2\n")


@pytest.mark.parametrize("rest, event, words", [
    # SPEC 25: a show demanded by one who passed changes nothing; it was told as his show for 2
    ("Bob discards 0; Cat discards 0; Dan discards 0\nCat plays 4; Dan passes; Dan demands show 6\n", 14,
     "Dan names a stake of 6, which changes nothing in the game but the counters it puts in the pool."),
    # D5: one stands once he has drawn; a stake kept at his turn to draw is no stand
    ("Bob discards 0; Cat plays 2; Cat discards 2\n", 10, "Cat keeps the stake at 2."),
    # SPEC 24: Cat, jumped by Dan's bet out of turn, meets the stake made in turn: a stand, not short of 5
    ("Bob discards 0; Cat discards 0; Dan discards 0\nDan plays 5; Cat plays 2\n", 13,
     "Cat stands, keeping the stake at 2."),
])
def test_the_story_tells_a_stake_as_the_replay_counts_it(rest, event, words, tmp_path, rulebook):
    """A stake that can change nothing, a stake kept before the draw, and a stand by one an
    early bet jumped, each told as the replay counts it."""
    *_, steps = _story(json_log_from_text(tmp_path / "stake.json", HEAD + rest), rulebook)
    told = next(step["text"] for step in steps if step["event"] == event and step["kind"] != "game_end")
    assert words in " ".join(told.split())


@pytest.mark.parametrize("case, event, words", [
    ("l48-foul-bet-while-others-draw-ends-nothing", 12, "Cat stakes 15 (13 more) and retires from the game"),
    ("l63-bet-with-foul-hand-lost", 18, "Dan names a stake of 4, which changes nothing in the game but the counters it puts in the pool."),
    ("l59-stake-after-the-close-and-after-the-pool", 14, "Bob names a stake of 6, which changes nothing in the game but the counters it puts in the pool."),
])
def test_a_stake_that_raises_no_one_is_told_as_no_raise(case, event, words, rulebook):
    """A bet that raises a foul hand (L48), a stake by one out (L63), a stake after the
    betting has closed (L59): none raises anyone, and each was told as a raise."""
    *_, steps = _story(cases_dir() / f"{case}.json", rulebook)
    told = next(step["text"] for step in steps if step["event"] == event and step["kind"] != "game_end")
    assert words in " ".join(told.split())


def test_a_pass_by_one_already_out_is_not_told_as_giving_up_the_game(tmp_path, rulebook):
    """A pass by a player who passed before gives up nothing: the story said "passes and
    gives up the game" a second time."""
    text = HEAD.replace("Ann passes; Bob plays 2\n", "Ann passes; Ann passes\n")
    *_, steps = _story(json_log_from_text(tmp_path / "again.json", text), rulebook)
    told = {step["event"]: " ".join(step["text"].split()) for step in steps if step["kind"] != "game_end"}
    assert told[7].startswith("Ann passes and gives up the game.")
    assert told[8].startswith("Ann, already out of the game, passes.")


def test_a_pass_before_the_cards_is_told_as_leaving_him_in_the_game(tmp_path, rulebook):
    """Law 57 (reading 24): a pass before the cards are dealt is a statement of intent, and
    his say comes in his turn. The story told "Cat passes and gives up the game" over the
    ruling that says so, and then had her open and win; after the game is over, a pass
    gives up nothing either."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
            "Cat passes\ndealt\nCat opens 2; Dan passes; Ann passes; Bob passes\nCat passes\n")
    *_, steps = _story(json_log_from_text(tmp_path / "early.json", text), rulebook)
    told = {step["event"]: " ".join(step["text"].split()) for step in steps if step["kind"] != "game_end"}
    assert told[4].startswith("Cat passes, and is still in the game.")
    assert told[7].startswith("Dan passes and gives up the game.")
    assert told[10].startswith("Cat passes once the game is over.")


@pytest.mark.parametrize("say, words", [("Dan plays 5", "Dan stakes 5 (5 more), before the game is opened."),
                                        ("Dan opens 5", "Dan opens the game: a stake of 5.")])
def test_a_say_before_the_first_deal_is_told_as_a_stake_that_counts(say, words, tmp_path, rulebook):
    """Reading 24: a stake before the log's first deal stands as his stake in the deal to
    come. With no game in play yet, the story took it for a stake by one out of the game
    ("changes nothing")."""
    text = f"players Ann Bob Cat Dan; limit 10; ante 1\n{say}\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
    *_, steps = _story(json_log_from_text(tmp_path / "before.json", text), rulebook)
    told = " ".join(next(step["text"] for step in steps if step["event"] == 0).split())
    assert told.startswith(words) and "changes nothing" not in told


@pytest.mark.parametrize("case, event, words", [
    # L20: the ante staked again by its player, after a misdeal; the story told "stakes the ante"
    ("l20-the-ante-staked-again-after-a-misdeal-is-an-irregularity-the-counters-stay", 10,
     "Bob puts up 1 more as an ante: 2 in all."),
    ("l20-the-ante-staked-by-its-player-after-another-staked-it-is-a-second-ante", 4,
     "Bob stakes an ante; Cat has staked this game's."),
    # L30: a second jack-pot ante, put up before the jack-pot's deal, is told in the jack-pot
    ("l30-a-second-jackpot-ante-by-one-who-has-paid", 13, "Dan puts up 1 more as a jack-pot ante: 2 in all."),
    ("l30-a-second-jackpot-ante-by-one-who-has-paid", 12, "Dan pays the jack-pot ante."),
    ("l30-jackpot-antes-put-up-before-its-deal-are-its-own", 10, "Bob pays the jack-pot ante."),
])
def test_an_ante_after_the_games_ante_is_told_as_one_more(case, event, words, rulebook):
    """An ante after the game's (or, where every player antes, after his own) was told as
    the game's ante, though the finding beside it says it is a second one; an ante put up
    before its jack-pot's deal is that jack-pot's, not a second one beside the last game's."""
    *_, steps = _story(cases_dir() / f"{case}.json", rulebook)
    told = next(step["text"] for step in steps if step["event"] == event and step["kind"] != "game_end")
    assert " ".join(told.split()).startswith(words)


@pytest.mark.parametrize("lines, said", [
    # a show demanded in the say raises a short hand (L13): the stake made is the one recorded, not 0
    ("dealt Bob 5, Cat 5, Dan 4, Ann 5\nCat opens 2; Dan demands show 1\n",
     "Dan demands a show for a sum: a stake of 1 in all"),
    # a `dealt` that deals no card says so, not "Ann deals: ."
    ("dealt\nCat opens 2\ndealt Bob 0, Cat 0, Dan 0, Ann 0\n", "Ann deals no card."),
    # a player a `dealt` does not name received the full hand (the log's schema), as the replay deals it: he is told
    ("dealt\nCat opens 2\ndealt Cat 1\n", "Ann deals: 1 card to Cat, 5 cards to Ann, 5 cards to Bob, 5 cards to Dan."),
    # discards gathered though the pack suffices make up no pack (L41's reading)
    ("dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\nBob discards 1; Bob gets 1\ndiscards collected\n",
     "The discards are gathered up; the pack is not made up of them."),
    # the dealer's own claim is no dispute with the dealer (L46's reading): no evidence is taken
    ("dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 0; Dan discards 0\n"
     "Ann discards 1; Ann claims 1 dealer says 2 testimony (Bob 1)\n",
     "Ann, the dealer, records a dispute over their own draw (1 against 2): law 46's dispute is between a player "
     "and the dealer, so none is made and no evidence is taken."),
])
def test_the_story_says_what_the_act_did(capsys, tmp_path, lines, said):
    log = json_log_from_text(tmp_path / "x.json", "players Ann Bob Cat Dan; limit 20; ante 1\n"
                                                  "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\n" + lines)
    code, out, _ = run(capsys, "explain", str(log))
    assert said in " ".join(out.split())


def test_a_log_that_breaks_down_mid_replay_is_told_as_far_as_it_goes_with_its_figures(capsys, tmp_path):
    """docs/laws.md: such a log is told as far as it goes, then the error line and exit 2.
    It was told in bare words: no counters put in or taken, no pool, no ruling (the
    report was `check`'s invalid one, which holds none); `check` still holds none."""
    played = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
              "Dan opens 2; Cat passes; Ann plays 2; Bob passes\n")
    log = tmp_path / "broken.hand"
    log.write_text(played + "Dan discards 6\n", encoding="utf-8")
    code, out, err = run(capsys, "explain", str(log))
    assert code == 2 and "Dan cannot discard 6 cards" in err
    told = " ".join(out.split())
    assert "Bob puts 1 into the pool (the ante, law 20). The pool now holds 1." in told
    assert "* L25 (irregularity): Dan acted out of turn in the say before the draw" in told
    assert "Ann puts 2 into the pool (a stake, law 25). The pool now holds 5." in told
    code, out, _ = run(capsys, "check", "--format", "json", str(log))
    report = json.loads(out)["reports"][0]
    assert code == 2 and (report["findings"], report["ledger"], report["games"]) == ([], [], [])


def test_a_hand_shown_again_is_told_as_changing_nothing_and_the_first_is_compared(capsys, tmp_path):
    """L59's reading: the hand first shown competes. The story compared the last shown
    (Cat's four aces, never dealt her) and told the second show as any other."""
    log = tmp_path / "twice.hand"
    log.write_text("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                   "dealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 0; Dan discards 0\n"
                   "Cat plays 2; Dan plays 2\nCat shows (Kc Kd 5h 7s 9c)\nCat shows (Ac Ad Ah As Kh)\n"
                   "Dan shows (Qc Qd 5s 7c 9d)\n", encoding="utf-8")
    code, out, _ = run(capsys, "explain", str(log))
    told = " ".join(out.split())
    assert code == 0 and "Cat has shown a hand already: the hand shown first stands, and this changes nothing." in told
    assert "At the show Cat's pair beats Dan's pair (law 74" in told


def test_a_hand_shown_with_a_card_seen_twice_is_told_as_one_that_cannot_be_valued(capsys, tmp_path):
    """L1's reading: such a hand does not compete. The story valued it ("a pair")
    beside the finding that says it cannot be valued."""
    log = tmp_path / "seen.hand"
    log.write_text("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                   "dealt\nCat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 0; Dan discards 0\n"
                   "Cat plays 2; Dan plays 2\nCat shows (Kc Kd 5h 7s 9c)\nDan shows (Qc Qd 5h 7c 9d)\n",
                   encoding="utf-8")
    code, out, _ = run(capsys, "explain", str(log))
    told = " ".join(out.split())
    assert code == 0 and "Dan shows Qc Qd 5h 7c 9d: a hand that cannot be valued, with a card seen twice." in told
    assert "Cat shows Kc Kd 5h 7s 9c: a pair." in told, told


def test_a_stake_while_the_openers_claim_waits_is_not_told_as_after_the_pool_is_taken(capsys):
    """Reading 25: the pool is not taken while a jack-pot opener's claim waits for his show
    (L33); the story said "once the pool is taken" beside "Dan puts 3 into the pool"."""
    code, out, _ = run(capsys, "explain", str(cases_dir() / "l27-stake-while-the-openers-claim-waits-goes-into-the-pool.json"))
    told = " ".join(out.split())
    assert code == 0 and "21 Dan names a stake of 3, which changes nothing in the game but the counters it puts in the pool. Dan puts 3 into the pool" in told
    assert "once the pool is taken" not in told


@pytest.mark.parametrize("case, told", [
    ("l25-jumped-first-speaker-plays-short", "6 Cat plays: a stake of 1 (1 more), short of the stake to meet, 2."),
    ("d1-a-stake-out-of-turn-raised-again-at-his-turn-is-judged-by-the-limit",
     "6 Cat plays: a stake of 2 (2 more), equal to the stake to meet."),
    ("l53-early-raise-binds-from-its-turn", "12 Cat raises: a stake of 4 (2 more), 2 over the stake to meet.")])
def test_a_jumped_player_is_told_against_the_stake_to_meet(capsys, case, told):
    """SPEC 24: the jumped first speaker may open or play at the opening minimum. The story
    measured his stake against the ante ("a stake of 1, equal to the highest" beside law
    25's finding that 1 is short; "2, 1 over the highest" for the least that opens). Then
    it called that least "the highest" (and Cat's 4 in the betting "2 over the highest",
    Ann's early 6 on the table), where "the highest" elsewhere, as in D1, counts an early
    stake: it is the stake he must meet."""
    code, out, _ = run(capsys, "explain", str(cases_dir() / f"{case}.json"))
    assert code == 0 and told in " ".join(out.split())


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a file name of any bytes is Linux's")
@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_a_file_name_not_in_utf_8_is_named_in_words_the_story_can_hold(tmp_path, fmt):
    """The story's heading named the file with its raw byte: Markdown not UTF-8."""
    log = tmp_path / os.fsdecode(b"b_\xff.json")
    log.write_bytes((cases_dir() / "l13-foul-hand-lifted.json").read_bytes())
    done = subprocess.run([*ARBITER, "explain", str(log), "--format", fmt], capture_output=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "\\xff.json" in done.stdout.decode("utf-8").replace("\\\\", "\\")


def test_hands_equal_but_for_the_joker_are_told_as_the_joker_decides(capsys):
    """Dan's joker called a king pairs his king, as Cat's kings: equal hands but for the
    joker's edge (p. 41). The story said "Dan's pair beats Cat's pair (law 74: …)", a law
    that did not decide it."""
    case = cases_dir() / "house" / "joker-called-king-beats-the-real-king.json"
    code, out, _ = run(capsys, "explain", str(case), "--house", "joker")
    told = " ".join(out.split())
    assert code == 0 and ("At the show Dan's pair beats Cat's pair, equal to it but for the joker, whose edge decides "
                          "(house rule: joker is true).") in told


@pytest.mark.parametrize("case, event, told", [
    ("l59-show-before-the-close-judges-no-cards", 13, "Dan shows 2c 3c 4c 5c: 4 cards."),  # changes nothing (L59)
    ("l48-show-before-the-close-raises-a-foul-hand", 14, "Dan shows Qh Qs Qc 5h 2s 2c: 6 cards, a foul hand."),
    ("l64-foul-hand-at-the-show-other-player-claims", 14, "Dan shows Ac Ad Ah 9s 9c 3d: 6 cards, a foul hand."),
    # five shown of six held, the show his first act after the draw (L48): foul, not "a full hand"
    ("l48-a-show-that-is-the-first-act-after-the-draw-raises-six-cards", 16, "Bob shows Kc Kd Kh 5h 5d: a foul hand."),
])
def test_a_show_before_the_close_is_not_called_a_foul_hand_unless_it_raised_one(rulebook, case, event, told):
    """The story said "4 cards, a foul hand" of a show before the betting had closed, whose
    ruling (L59) says it changes nothing and judges no cards; the quiz asked it so. A show
    that raises a foul hand (L48), or one at the show (L64), is one."""
    _, _, _, steps = _story(cases_dir() / f"{case}.json", rulebook)
    assert next(s["text"] for s in steps if s.get("event") == event).startswith(told)


def _cats_show_told(text: str, rulebook) -> tuple[dict, str]:
    """A log in the notation checked, and the story's words for Cat's show."""
    log = read_text_log(text.encode(), "cat.hand")
    report, trace = replay_with_trace(log, rulebook, file="cat.hand")
    return report, next(step["text"] for step in tell(log, report, trace, rulebook)
                        if step["text"].startswith("Cat shows"))


def test_a_jack_pot_openers_show_left_alone_is_not_called_a_foul_hand(rulebook):
    """Left alone, he shows for law 33 alone (L64's reading: it does not make him foul), and
    takes the pool: the story said "4 cards, a foul hand" on the line that paid him."""
    text = ("players Ann Bob Cat; limit 20; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat passes; Ann passes; Bob passes\nBob deals; Bob shuffles; Ann cuts; Cat antes 1; Ann antes 1; "
            "Bob antes 1\ndealt Cat (Jc Jd 9h 6s 3c), Ann 5, Bob 5\nCat opens 2; Ann plays 2; Bob passes\n"
            "Cat discards 3 (9h 6s 3c); Cat asks 3; Cat gets 3 (Th 5c 5d); Ann discards 0\nCat plays 4; Ann passes\n"
            "Cat shows (Jc Jd Th 5c) original (Jc Jd 9h 6s 3c)\n")
    report, told = _cats_show_told(text, rulebook)
    assert told.startswith("Cat shows Jc Jd Th 5c: 4 cards. ") and "foul" not in told
    assert report["net"]["Cat"] == 5


def test_a_foul_hand_with_a_card_seen_twice_is_told_foul(rulebook):
    """Four cards shown, one seen twice: law 64 made the hand foul, L1 beside it; the story
    said only "a hand that cannot be valued, with a card seen twice", the foul hand untold."""
    text = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Dan plays 2; Ann plays 2; Bob passes\nCat discards 0; Dan discards 0; Ann discards 0\n"
            "Cat plays 2; Dan plays 2; Ann plays 2\nCat shows (7c 7c 7h 3s)\nDan shows (Kc Kd 4h 6s Tc)\n"
            "Ann shows (4c 4d 9h Ts 2d)\n")
    report, told = _cats_show_told(text, rulebook)
    assert told.startswith("Cat shows 7c 7c 7h 3s: 4 cards, a foul hand.")
    assert {f["id"] for f in report["findings"]} == {"L1", "L64"}


@pytest.mark.parametrize("case, told, untold", [
    ("l40-a-card-exposed-before-the-discard-leaves-the-whole-discard-owed", "1 card, face up.", "1 of them"),
    ("l02-tie-never-settled-another-deals", "unsettled among Ann and Bob: one", "among Ann, Bob"),
])
def test_one_card_face_up_and_a_list_of_two_read_as_english(capsys, case, told, untold):
    """"gives Bob 1 card, 1 of them face up", and "the tie among Ann, Bob", where every other
    list says "and" ("Still in: Bob, Dan and Ann")."""
    _, out, _ = run(capsys, "explain", str(cases_dir() / f"{case}.json"))
    assert told in " ".join(out.split()) and untold not in out


def test_a_game_the_log_leaves_unfinished_is_told_with_its_opener(rulebook):
    """The end of a game the log leaves unfinished said who dealt and what the pool holds, not
    who opened it, which the report's game gives (`opened_by`)."""
    *_, steps = _story(cases_dir() / "a3-a-win-recorded-for-a-player-who-passed-leaves-the-game-unfinished.json",
                       rulebook)
    end = " ".join(next(step["text"] for step in steps if step["kind"] == "game_end").split())
    assert end == "End of game 1, dealt by Ann. Opened by Cat. The log ends before the game is over; the pool holds 5."


@pytest.mark.parametrize("case", ["l21-a-straddle-by-one-who-has-passed-stands-as-her-stake-and-raises-no-one",
                                  "l20-a-second-ante-by-one-who-then-passes-raises-no-one"])
def test_a_stake_that_raised_no_one_is_no_highest_to_fall_short_of(case, rulebook):
    """The story reckoned the highest stake over every stake: Ann's play of 2 was told "short of
    the highest, 4" over Cat's dead straddle, where check, next and the readings have her equal."""
    *_, steps = _story(cases_dir() / f"{case}.json", rulebook)
    told = {step["event"]: " ".join(step["text"].split()) for step in steps if step["kind"] != "game_end"}
    assert told[8].startswith("Ann plays: a stake of 2 (2 more), equal to the highest.")
    assert (told[16], told[17]) == ("Dan stands, keeping the stake at 2.", "Ann stands, keeping the stake at 2.")

