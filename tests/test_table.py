"""`arbiter table`, driven as a user drives it: lines on standard input, and a real
pseudo-terminal (Tab completion, Ctrl-C, a process killed mid-game and resumed). The
log it leaves checks to the same report as the same game written by hand."""

from __future__ import annotations

import os
import pty
import select
import signal
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from arbiter.checker import check_file
from arbiter.cli import cli, main
from arbiter.engine.replay import Replay
from arbiter.live.completion import candidates
from arbiter.live.position import next_to_act, read_position
from arbiter.notation import event_line, parse_checked, table_line, write_text
from arbiter.reading import read_log_bytes
from arbiter.resources import cases_dir
from arbiter.rulebook.loader import load_rulebook
from tests.conftest import REPO, ruling

GAME = cases_dir() / "game-deal-six-players-misdeal-false-opener.json"  # five games, irregular
JACKPOTS = cases_dir() / "game-jackpot-five-players-knaves-queens-opened.json"  # five games, a jack-pot chain
FOUL = cases_dir() / "l13-foul-hand-lifted.json"


def load(path: Path) -> dict:
    return read_log_bytes(path.read_bytes(), str(path))


def typed_lines(path: Path) -> list[str]:
    """The case's events as a person types them: one a line."""
    return [event_line(event) for event in load(path)["events"]]


def options(path: Path) -> list[str]:
    table = load(path)["table"]
    return ["--players", ",".join(table["players"]), "--limit", str(table["limit"]), "--ante", str(table["ante"])]


def run(*args: str, input: str):
    return CliRunner().invoke(cli, ["table", *args], input=input)


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(["table", *args])
    out, err = capsys.readouterr()
    return exited.value.code, out, err


# --- scripted input ------------------------------------------------------------------


def test_a_whole_game_typed_in_checks_like_the_game_written_by_hand(tmp_path):
    log = tmp_path / "night.hand"
    lines = typed_lines(GAME)
    script = [*lines[:20], "Ann plys 4", "Bob wins", "undo", *lines[20:], "quit"]
    result = run(str(log), *options(GAME), input="\n".join(script) + "\n")
    assert result.exit_code == 0, result.output
    assert ruling(check_file(log)) == ruling(check_file(GAME))
    text = log.read_text(encoding="utf-8")
    assert "# refused: Ann plys 4\n" in text  # nothing typed is lost: a refused line is kept as a comment
    assert "Bob wins\nundo  # takes back line " in text  # the line taken back stays, and so does the undo
    for finding in check_file(GAME)["findings"]:
        assert finding["summary"] in result.output
    assert "refused: expected what Ann does" in result.output and "(did you mean 'plays'?)" in result.output
    assert "took back line" in result.output and "Bob wins" in result.output
    assert "game 1 is over" in result.output and "game 5" in result.output


def test_the_rulings_are_worded_in_the_pronouns_the_header_gives_as_check_words_them(tmp_path):
    """`table.pronouns` are for the rulings' words: the table read its rulings out with
    "they" where `check` and `explain` said "he" (its own next line used them)."""
    log = tmp_path / "night.hand"
    log.write_text("players Ann Bob Cat Dan; limit 20; ante 1; pronouns Bob he, Cat she\n"
                   "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\n", encoding="utf-8")
    result = run(str(log), input="dealt Bob 4, Cat 5, Dan 5, Ann 5\nBob lifts\nquit\n")
    assert result.exit_code == 0, result.output
    said = "Bob's hand is foul: he retires and forfeits his stake"
    assert said in result.output and "they retire" not in result.output, result.output
    assert check_file(log)["findings"][0]["effects"][0]["type"] == "foul_hand"


@pytest.mark.parametrize("typed, noted", [("undo # oops", " (oops)"), ("undo\t# oops", " (oops)"),
                                          ("undo#oops", " (oops)"), ("  undo   ", "")])
def test_a_command_with_a_comment_after_it_is_the_command(tmp_path, typed, noted):
    """The notation reads a comment after any statement: `undo # oops` was refused ("expected
    a player's name, found '#'") and `undo\t# oops` written as a line, taking back the last
    without the table saying which. The comment is kept in the line the undo writes (it was
    dropped, where the file holds every line entered)."""
    log = tmp_path / "night.hand"
    log.write_text("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\n"
                   "dealt\nCat opens 2\n", encoding="utf-8")
    result = run(str(log), input=f"{typed}\nnext # what now?\nquit\n")
    assert result.exit_code == 0, result.output
    assert "took back line 4: Cat opens 2" in result.output and "next: Cat's say: open" in result.output
    assert log.read_text(encoding="utf-8").endswith(f"Cat opens 2\nundo  # takes back line 4: Cat opens 2{noted}\n")


def test_a_player_named_as_a_command_is_written_in_quotes_and_his_acts_are_recorded(tmp_path):
    """A line the page writes for a player named `help` (the notation's writer, as for
    `dealer`) is his act, not the table's command: the notation quotes every command word."""
    from arbiter.live.session import COMMANDS
    from arbiter.notation.grammar import RESERVED, TABLE_COMMANDS, UNDO

    assert set(COMMANDS) == {*TABLE_COMMANDS, UNDO} and set(COMMANDS) <= RESERVED
    log = tmp_path / "night.hand"
    said = ["help deals".replace("help", '"help"'), event_line({"type": "shuffle", "player": "help"}),
            "Cat cuts", "Bob antes 1", "dealt", event_line({"type": "pass", "player": "next"})]
    assert said[-1] == '"next" passes'
    result = run(str(log), "--players", "help,Bob,next,Cat", "--limit", "20", "--ante", "1",
                 input="\n".join([*said, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert '"next" passes' in log.read_text(encoding="utf-8") and "refused" not in log.read_text(encoding="utf-8")


def test_a_stand_by_one_passed_over_in_the_draw_stands_pat_and_ends_no_ones_draw(tmp_path):
    """Law 38 and SPEC item 10: Cat's discard passes Bob over (he forfeits his draw); Bob's
    "stands" while Dan and Ann still draw is his standing pat, as the notation reads the
    same words in a file (an L35 that changes nothing), not a bet that would end their draw
    (L38 for each of them)."""
    log = tmp_path / "night.hand"
    said = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 5, Cat 5, Dan 5, Ann 5", "Cat opens 2",
            "Dan calls", "Ann calls", "Bob calls", "Cat draws 1", "Cat gets 1", "Bob stands", "Dan draws 2",
            "Dan gets 2", "Ann stands"]
    result = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join([*said, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "Bob discards 0  # Bob stands\n" in log.read_text(encoding="utf-8")
    assert [(f["id"], f["player"]) for f in check_file(log)["findings"]] == [("L35", "Cat"), ("L38", "Bob"),
                                                                             ("L35", "Bob")]


def test_a_stand_once_the_say_is_over_but_for_early_sayers_turns_is_at_the_draw(tmp_path):
    """SPEC 24 and 28: Dan opened, Ann and Bob called out of turn, and Cat passed in turn;
    the early sayers' turns are still to pass (each unless he raises), and `next` has Bob
    to draw. His "stands" is his standing pat, as `next` says; the table read the game's
    phase (still the say) for the answer's, and refused it as a stand in the say."""
    log = tmp_path / "night.hand"
    said = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Dan opens 2", "Ann calls", "Bob calls",
            "Cat passes", "Bob stands"]
    result = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join([*said, "quit"]) + "\n")
    assert result.exit_code == 0, result.output
    assert "refused" not in result.output
    assert log.read_text(encoding="utf-8").endswith("Bob discards 0  # Bob stands\n")


def test_a_ruling_is_read_out_with_the_laws_words_the_moment_it_arises(tmp_path):
    log = tmp_path / "foul.hand"
    script = [part for line in typed_lines(FOUL) for part in (line, "next")]
    output = run(str(log), *options(FOUL), input="\n".join(script) + "\n").output
    after_each = output.split("next: ")[1:]  # [k]: what line k brought, after the `next` before it
    lift = typed_lines(FOUL).index("Bob lifts")
    assert "[L13 irregularity] line 7: Bob lifted a hand of 4 cards: a foul hand" in after_each[lift]
    assert "Law 13: \u201cIf any player have more or less than five cards dealt to him" in after_each[lift]
    assert "\u2192 Ann refunds 1 to Bob" in after_each[lift]
    assert sum("[L13" in part for part in after_each) == 1  # once, when it arises
    assert "[L13" not in "".join(after_each[:lift])


def test_a_game_over_whose_opener_must_show_says_so_as_the_engine_does(tmp_path):
    """SPEC 28: `table` says only what the engine's answer says. A jack-pot's opener left
    alone shows first (L33): the line that ends the play names that, not the next deal;
    and the pool waits for it (it said "Dan takes 14 … before the pool is paid", and
    `status` had paid it), the game over at his show."""
    log = tmp_path / "jackpot.hand"
    lines = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 2", "dealt", "Cat passes; Dan passes; Ann passes; Bob passes",
             "Bob deals; Bob shuffles; Ann cuts; Cat antes 2; Dan antes 2; Ann antes 2; Bob antes 2", "dealt",
             "Cat passes; Dan opens 4; Ann passes; Bob passes", "undo", "Cat passes; Dan opens 4; Ann passes; Bob passes",
             "status", "Dan shows (Jh Jd 9c 8s 3h)", "status"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "2",
                 input="\n".join(lines) + "\n").output
    waits = output.index("game 2 is played out; the pool waits. Next: Dan shows their opening hand before the pool is "
                         "paid (L33), then Cat deals the next game.")
    shown = output.index("game 2 is over: Dan takes 14. Next: Cat deals.")
    assert waits < output.index("game 2 is no longer played out") < output.index("pool 14; stakes") < shown \
        < output.index("pool 0; stakes")
    assert "Dan takes 14" not in output[:shown]
    assert "game 1 is over: no one opened; the pool stays. Next: Bob deals, a jack-pot with JJ or better" in output


def test_an_opener_whose_hand_the_log_knows_is_ruled_at_once_and_an_undo_of_his_show_withdraws_nothing(tmp_path):
    """Held for his show like an unknown hand, an undo of the show said the L33 ruling
    "withdrawn" while `next` still owed its penalty: the log knows his hand, so the end is
    known and said at the last pass, and his show and its undo change nothing of it."""
    log = tmp_path / "known.hand"
    lines = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat passes; Dan passes; Ann passes; Bob passes",
             "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1",
             "dealt Ann 5, Bob 5, Cat (Th Tc 9d 5s 2c), Dan 5", "Cat opens 2; Dan passes; Ann passes; Bob passes",
             "Cat shows (Th Tc 9d 5s 2c)", "undo"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(lines) + "\n").output
    assert "[L33 irregularity] line 7" in output and "game 2 is over: no one takes the pool; it stays." in output
    assert "withdrawn" not in output and "played out" not in output and "no longer over" not in output


def test_a_call_refused_in_a_jack_pot_after_a_stake_out_of_turn_gives_the_true_reason(tmp_path):
    """Dan staked 2 out of turn (L25) in a jack-pot; Cat's call, refused before the opening,
    was told "no one has staked since the deal", which the table had just recorded untrue."""
    log = tmp_path / "jackpot.hand"
    lines = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat passes; Dan passes; Ann passes; Bob passes",
             "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1", "dealt",
             "Dan plays 2", "Cat calls"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(lines) + "\n").output
    assert "refused: nothing to call before the game is opened: open, or pass" in output
    assert "no one has staked" not in output


def test_status_next_evidence_referee_and_help(tmp_path):
    log = tmp_path / "t.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 5, Cat 5, Dan 5, Ann 5",
              "Cat opens 2; Dan plays 2", "status", "next", "evidence Bob unable Cat", "evidence",
              "Ann passes; Bob plays 2", "Bob discards 3; Bob claims 3 dealer says 2 unable (Dan) testimony (Cat 2)",
              "evidence", "referee Ann Bob", "referee", "help", "status now"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "game 1, deal 1: Ann deals; an ordinary game; the say" in output
    assert "pool 5; stakes: Bob 1, Cat 2, Dan 2, Ann 0" in output
    assert "still in: Bob, Cat, Dan, Ann" in output
    assert output.count("next: Ann's say: play (2 to 22) or pass") == 2
    # law 46 at this table: Ann deals, Bob disputes, Cat on the dealer's right cannot say: Dan
    assert "The witness is Dan (L46).\n\n1. Bob: passed over, a party to the dispute." in output
    assert "evidence: name the player who disputes with the dealer" in output
    assert "[L46 ruling] line 6: " in output  # the dispute recorded: the replay's own ruling
    assert output.count("The witness is Cat (L46).") == 1  # `evidence` alone: the dispute of this deal
    # the same answers as `arbiter evidence` and `arbiter referee` give for this table
    alone = CliRunner().invoke(cli, ["evidence", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann",
                                     "--disputant", "Bob", "--unable", "Cat"]).output
    assert alone.startswith("The witness is Dan (L46).") and alone.rstrip("\n") in output
    alone = CliRunner().invoke(cli, ["referee", "--players", "Ann,Bob,Cat,Dan", "--dealer", "Ann",
                                     "--disputants", "Ann,Bob"]).output
    assert alone.startswith("The referee is Dan") and alone.rstrip("\n") in output
    assert "referee: name the persons disputing" in output
    assert "Commands:" in output and "PLAYER discards COUNT [CARDS]" in output
    assert "the words players say" in output and "PLAYER calls             = PLAYER plays STAKE" in output
    assert "status takes nothing after it" in output


def test_evidence_for_a_player_named_reads_his_own_dispute_not_the_last_of_the_deal(tmp_path):
    """Law 46 (SPEC item 13): the witness is the dealer's left unless he is among the `unable`
    of that dispute. `evidence Cat` took Dan's later dispute's `unable (Bob)` for Cat's and
    named Dan, where `check` rules Cat's dispute on Bob's evidence."""
    log = tmp_path / "t.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 5, Cat 5, Dan 5, Ann 5",
              "Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2", "Bob discards 0",
              "Cat discards 2; Cat gets 2; Cat claims 2 dealer says 3 testimony (Bob 2)",
              "Dan discards 2; Dan gets 2; Dan claims 2 dealer says 3 unable (Bob) testimony (Cat 2)",
              "evidence Cat", "evidence"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(script) + "\n").output
    told = output.split("The witness is ")[1:]
    assert [answer.split(" ")[0] for answer in told] == ["Bob", "Cat"]  # Cat's dispute; the last, Dan's (Bob unable)
    assert "\n1. Bob: the witness." in told[0] and "1. Bob: passed over, unable to give evidence." in told[1]


def test_evidence_names_a_player_called_unable_and_refuses_an_empty_name_or_one_twice(tmp_path):
    """The first word after `evidence` is the disputant's name, even the word `unable` where a
    player is so called; an empty name is no player (the usage line said nothing of why), and
    one named twice among those unable is refused, as `arbiter evidence` refuses it."""
    log = tmp_path / "t.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt",
              '"unable" opens 2; Dan plays 2; Ann passes; Bob passes',
              '"unable" discards 1; "unable" claims 1 dealer says 2 unable (Bob) testimony (Dan 1)', '"unable" gets 1',
              "Dan discards 2; Dan claims 2 dealer says 3 testimony (Bob 2)",
              'evidence "unable"', 'evidence ""', "evidence Dan unable Bob Bob"]
    output = run(str(log), "--players", "Ann,Bob,unable,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert output.count("The witness is ") == 1 and "The witness is Dan (L46)." in output  # his own: Bob unable
    assert "evidence: '' is not one of the players Ann, Bob, unable, Dan" in output
    assert "evidence: Bob named twice among those unable" in output


def test_a_number_or_a_word_after_a_command_that_takes_none_is_said_as_what_it_is(tmp_path):
    """A bare `7` with no question asked, and `undo 3`, were refused as "expected a
    player's name, found '7'": neither is a name, and neither was meant as one."""
    log = tmp_path / "t.hand"
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
                 input="Ann deals\n7\nundo 3\n").output
    assert "refused: no ruling waits for a number now" in output
    assert "undo takes nothing after it" in output and "player's name" not in output
    assert log.read_text(encoding="utf-8").splitlines()[1:] == ["Ann deals", "# refused: 7"]  # kept, as a refused line is
    # while the dealer owes an answer (L49), a number is no answer of his: his is written in words
    asked = run(str(tmp_path / "d.hand"), "--players", "Ann,Bob,Cat", "--limit", "10", "--ante", "1",
                input="Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat opens 2; Ann plays 2; Bob plays 2\n"
                      "Bob discards 1; Bob gets 1; Cat discards 1; Cat gets 1; Ann discards 2; Ann gets 2\n"
                      "Bob asks dealer\n2\n").output
    assert "refused: no ruling waits for a number; the dealer's answer is written 'dealer answers N'" in asked, asked


def test_a_commands_names_are_read_as_the_log_writes_them(tmp_path):
    """`O'Brien` is a plain word in the notation, and the table writes it so: a command
    read its names as a shell does, and found an unclosed quotation in it. `quit` takes
    nothing after it, as every other command but the chains'."""
    log = tmp_path / "t.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; O'Brien antes 1", "dealt", "evidence O'Brien",
              'referee "O\'Brien" Cat', 'evidence "O\'Brien', "quit now", "status"]
    output = run(str(log), "--players", "Ann,O'Brien,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "The witness is Dan (L46).\n\n1. O'Brien: passed over, a party to the dispute." in output
    assert "The referee is Ann (L77)." in output
    assert "evidence: the quoted string is not closed before the end of the line" in output
    assert "quit takes nothing after it" in output and "still in: O'Brien, Cat, Dan, Ann" in output


def test_status_says_where_the_game_stands_as_the_engine_does(tmp_path):
    """SPEC 28: `table` says only what the engine's answer says. Once the dealer has drawn
    the draw is over (turns.md) and the betting is next: `status` said "the draw" until
    someone bet, from the replay's own phase, beside a `next` of the betting."""
    log = tmp_path / "t.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat opens 2; Dan plays 2; Ann plays 2; "
              "Bob plays 2", "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0", "status"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "game 1, deal 1: Ann deals; an ordinary game; the betting after the draw" in output
    assert "next: Cat to bet" in output


def test_status_says_what_a_foul_hand_put_in_beside_the_stakes(tmp_path):
    """Cat bets 6 holding six, given two for her one (L48): his stake, no stake to call, stays 2,
    and the pool holds his 6. `status` said "pool 10; stakes: Bob 2, Cat 2, Ann 2" beside a net
    of -6 for him; it says what each put in this game too, as the quiz does."""
    log = tmp_path / "t.hand"
    script = ["Ann deals; Ann shuffles; Cat cuts; Bob antes 1", "dealt", "Cat opens 2; Ann plays 2; Bob plays 2",
              "Bob discards 0; Cat discards 1; Cat asks 1; Cat gets 2; Ann discards 0", "Cat plays 6", "status"]
    output = run(str(log), "--players", "Ann,Bob,Cat", "--limit", "10", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "pool 10; stakes: Bob 2, Cat 2, Ann 2; put in the pool this game: Bob 2, Cat 6, Ann 2" in output


def test_after_a_foul_hand_shown_the_game_goes_on_to_the_last_hand_due(tmp_path):
    """Reading 20 (L64): the only other player's show is still due, and the pool is taken
    at it. The table, replaying the log so far, said "game 1 is over: Dan takes 9" at the
    foul show (the log then ended there), and took it back without a word at his."""
    log = tmp_path / "t.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat opens 2; Dan plays 2; Ann passes; "
              "Bob passes", "Cat discards 0; Dan discards 0", "Cat plays 4; Dan plays 4",
              "Cat shows (Ac Ad Ah 9s 9c 3d)", "status"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "is over" not in output and "Dan takes" not in output
    assert "pool 9; stakes:" in output and "next: the hands are shown: Dan shows or passes" in output


def test_a_win_recorded_while_hands_are_due_at_the_show_ends_the_game_at_the_last_show(tmp_path):
    """Reading 44: a win recorded at the show with hands still due ends the game only where
    the log ends there. At the table the hands are shown next (the engine's answer), so the
    table said "game 1 is over: Dan takes 5. Next: the hands are shown: Cat shows or
    passes", and then gave the pool to Cat at the shows without another word."""
    log = tmp_path / "t.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat opens 2; Dan plays 2; Ann passes; "
              "Bob passes", "Cat discards 0; Dan discards 0", "Cat plays 2; Dan plays 2", "Dan wins",
              "Cat shows (Kh Kd 2c 3d 4s)", "Dan shows (Qh Qd 2s 3c 4d)"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "Dan takes" not in output
    assert output.count("is over") == 1 and "game 1 is over: Cat takes 5. Next: Bob deals." in output


@pytest.mark.parametrize("ann, ruled", [("2h 3h 4h 5h 7h", False), ("2h 3h 4h 5h 8d", True)])
def test_a_win_recorded_while_hands_are_due_is_ruled_at_the_last_show(tmp_path, ann, ruled):
    """Reading 44: Ann's win, recorded before the shows, is judged when the pool is taken.
    The table said "[A3 irregularity] … a win for Ann, whom the laws do not make the
    winner" at Cat's show (the log, ending there, gives Cat the pool as it stands), then
    "withdrawn: [A3] …" at Ann's, nothing taken back, her heart flush the best. The ruling
    waits for the end the table tells: none where her hand is best, A3 where it is not."""
    script = ["Ann deals; Ann shuffles; Cat cuts; Bob antes 1", f"dealt Bob 5, Cat (2s 3s 4s 5s 7s), Ann ({ann})",
              "Cat opens 2; Ann plays 2; Bob passes", "Cat stands; Ann stands", "Cat stands; Ann stands", "Ann wins",
              "Cat shows (2s 3s 4s 5s 7s)", f"Ann shows ({ann})"]
    output = run(str(tmp_path / "t.hand"), "--players", "Ann,Bob,Cat", "--limit", "10", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "withdrawn" not in output
    assert output.count("[A3 irregularity]") == ruled
    assert f"game 1 is over: {'Cat' if ruled else 'Ann'} takes 5." in output


def test_between_the_shows_the_pool_and_the_nets_stand_as_the_game_is_played(tmp_path):
    """Reading 44: Ann's win recorded, Cat shown, Ann's show due: the game goes on at the
    table, and `status` said "pool 0" and Cat's net +3, the log's end paying her the pool
    as it stands, while it said the show was still to come."""
    script = ["Ann deals; Ann shuffles; Cat cuts; Bob antes 1", "dealt Bob 5, Cat (2s 3s 4s 5s 7s), Ann (2h 3h 4h 5h 7h)",
              "Cat opens 2; Ann plays 2; Bob passes", "Cat stands; Ann stands", "Cat stands; Ann stands", "Ann wins",
              "Cat shows (2s 3s 4s 5s 7s)", "status"]
    output = run(str(tmp_path / "t.hand"), "--players", "Ann,Bob,Cat", "--limit", "10", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "pool 5; stakes: Bob 1, Cat 2, Ann 2" in output and "net so far: Ann -2, Bob -1, Cat -2" in output


def test_a_false_openers_show_says_the_games_end_again_as_it_now_is(tmp_path):
    """Cat opens the jack-pot, her hand not recorded, and is left alone: "game 2 is over:
    Cat takes 7", as it stands; her show is false (L33): the pool stays and the next game is
    the next jack-pot, and the table said the ruling but not the end it changed."""
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat passes; Dan passes; Ann passes; Bob passes",
              "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1", "dealt",
              "Cat opens 2", "Dan passes; Ann passes; Bob passes", "Cat shows (2c 3d 5h 7s 9c)"]
    output = run(str(tmp_path / "j.hand"), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
                 input="\n".join(script) + "\n").output
    shown = output[output.index("[L33 irregularity]"):]
    assert "game 2 is over: no one takes the pool; it stays. Next: Cat deals, a jack-pot with QQ or better to open." \
        in shown, output


def test_a_ruling_moved_to_a_later_event_is_neither_said_again_as_new_nor_withdrawn(tmp_path):
    """The audit's jack-pot: Ann opens with tens, dealt known, and is left alone: L33 is ruled
    at the last pass, the game's last event as it stands; her show moves it there. The table
    said it again and then "withdrawn: [L33] …" in the same words, as if the penalty went."""
    log = tmp_path / "j.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt",
              "Bob passes; Cat passes; Dan passes; Ann passes",
              "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1",
              "dealt Cat (2c 3d 5h 7s 9c), Dan (2d 3h 5s 7c 9d), Ann (Th Td 8c 5d 2s), Bob (2h 3s 4c 6d 8d)",
              "Cat passes; Dan passes; Ann opens 2", "Bob passes; Cat passes; Dan passes",
              "Ann shows (Th Td 8c 5d 2s)"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert output.count("[L33 irregularity]") == 1 and "withdrawn" not in output
    assert [f["id"] for f in check_file(log, load_rulebook())["findings"]].count("L33") == 1


def test_an_undo_of_the_line_that_ended_a_game_says_the_game_is_no_longer_over(tmp_path):
    """The audit's session: Dan's show ended game 1 (Cat takes 5); undone, the table said
    only "took back line 9", then "game 1 is over: Dan takes 5" at the next show, the first
    end never taken back in words."""
    log = tmp_path / "g.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat opens 2; Dan plays 2; Ann passes; "
              "Bob passes", "Cat discards 0; Dan discards 0", "Cat plays 2; Dan plays 2",
              "Cat shows (Kh Kd 2c 3d 4s)", "Dan shows (Qh Qd 2s 3c 4d)", "undo", "Dan shows (Ah Ad 2s 3c 4d)"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
                 input="\n".join(script) + "\n").output
    said = output[output.index("Cat takes 5"):]
    assert said.index("game 1 is no longer over") < said.index("game 1 is over: Dan takes 5")


def test_undo_takes_back_the_last_line_and_the_replay_ignores_it(tmp_path):
    log = tmp_path / "u.hand"
    script = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 4, Cat 5, Dan 5, Ann 5", "Bob lifts",
              "undo", "Dan points out wrong count about Bob", "undo", "undo", "undo", "undo"]
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="\n".join(script) + "\n").output
    assert "withdrawn: [L13] line 4: Bob lifted a hand of 4 cards: a foul hand" in output
    assert "[L12 irregularity]" in output and "withdrawn: [L12] line 6:" in output
    assert output.count("took back line") == 4 and "nothing to undo" in output
    text = log.read_text(encoding="utf-8")
    assert text.count("\nundo  # takes back line ") == 4 and "Bob lifts" in text
    assert load_text_events(log) == []


def load_text_events(path: Path) -> list:
    from arbiter.notation import read_text_log

    return read_text_log(path.read_bytes(), str(path))["events"]


def test_a_line_the_replay_cannot_take_is_refused_and_kept(tmp_path):
    log = tmp_path / "r.hand"
    output = run(str(log), "--players", "Ann,Bob", "--limit", "20", "--ante", "1",
                 input="Bob discards 2\nEve deals\nAnn deals\n").output
    assert "refused: event 0 (discard by Bob): no deal has begun" in output
    assert "refused: event 0 (deal by Eve): 'dealer' names 'Eve', who is not seated" in output
    assert log.read_text(encoding="utf-8").splitlines()[1:] == [
        "# refused: Bob discards 2", "# refused: Eve deals", "Ann deals"]


def test_where_every_player_antes_checks_before_any_stake_is_refused_as_check_refuses_it(tmp_path):
    """A house's every-ante game (the antes no one's stake, as in a jack-pot): `checks`
    before anyone has staked is no act, as the notation reads the file (the table wrote
    `Cat plays 0`, an opening of 0, which `check` would not have read from its words)."""
    house = tmp_path / "every.yaml"
    house.write_text("parameters: {ante_from_every_player: true}\n", encoding="utf-8")
    log = tmp_path / "e.hand"
    output = run(str(log), "--players", "Ann,Bob,Cat", "--limit", "10", "--ante", "1", "--house", str(house),
                 input="Ann deals; Ann shuffles; Cat cuts; Bob antes 1; Cat antes 1; Ann antes 1\ndealt\n"
                       "Bob passes\nCat checks\nCat opens 2\n").output
    assert "nothing to check: no one has staked since the deal (where every player antes" in output
    assert log.read_text(encoding="utf-8").splitlines()[-2:] == ["# refused: Cat checks", "Cat opens 2"]


def test_a_check_before_the_game_is_opened_is_refused_as_next_offers_no_play(tmp_path):
    """`Cat checks` at the first say was written `Cat plays 0`, and Bob's, all having passed
    to him, `Bob plays 1` (the ante): each an opening short (L25), a checker made opener."""
    log = tmp_path / "c.hand"
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat checks\n"
                       "Cat passes; Dan passes; Ann passes\nBob checks\n").output
    assert output.count("refused: nothing to check before the game is opened: open, or pass") == 2, output
    assert [line for line in log.read_text(encoding="utf-8").splitlines() if "checks" in line] == [
        "# refused: Cat checks", "# refused: Bob checks"]


def test_a_line_the_replay_cannot_take_is_refused_with_its_column_marked(tmp_path):
    """docs/table.md: a line that asks for what the table does not hold (a discard before
    any deal) is refused with the column marked, as `check` places it; the table said the
    reason alone, where a line the notation could not read had its caret."""
    log = tmp_path / "e.hand"
    log.write_text("players Ann Bob Cat; limit 10; ante 1\n", encoding="utf-8")
    output = run(str(log), input="Ann discards 1\nAnn deals; Bob adds 4\n").output
    assert "refused: event 0 (discard by Ann): no deal has begun: a deal event must come first\n  Ann discards 1\n  ^" \
        in output, output
    assert "(table.stacks)\n  Ann deals; Bob adds 4\n             ^" in output, output


def test_a_call_before_the_game_is_opened_is_refused_as_next_offers_no_play(tmp_path):
    """`next` offers Dan an open or a pass, no play to meet: `Dan calls` was written
    `Dan plays 1` (the ante), a short opening `check` then finds irregular (L25). The table
    reads a call as the play offered, and there is none."""
    log = tmp_path / "c.hand"
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat passes\nDan calls\n"
                       "Dan opens 2\n").output
    assert "refused: nothing to call before the game is opened: open, or pass" in output, output
    assert log.read_text(encoding="utf-8").splitlines()[-2:] == ["# refused: Dan calls", "Dan opens 2"]


def test_a_call_by_one_short_of_the_stake_under_table_stakes_is_refused(tmp_path):
    """Table stakes: Bob, with 1 left beside his ante of 1, is offered a pass or a show for
    2, no play to meet Cat's 4; `Bob calls` was written `Bob plays 4`, a play `next` never
    offered."""
    short = tmp_path / "short.hand"
    short.write_text("players Ann Bob Cat; limit 10; ante 1; house table-stakes; stacks Ann 20, Bob 2, Cat 20\n"
                     "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat opens 4; Ann plays 4\n",
                     encoding="utf-8")
    output = run(str(short), input="next\nBob calls\n").output
    assert "next: Bob's say: pass, or demand a show for 2" in output, output
    assert ("refused: Bob is offered no play to call here: one short of the stake (table stakes) passes or shows "
            "for what he has (next says what may be done)") in output, output
    assert short.read_text(encoding="utf-8").splitlines()[-1] == "# refused: Bob calls"


def test_a_call_by_an_early_sayer_short_under_table_stakes_is_refused(tmp_path):
    """Ann, with 4 counters, said 3 early; Dan, jumped, made it 5. At her turn `next` offers
    her a pass or a show for 4, no play: her `calls` was written `Ann plays 5`, a stake she
    could not make (A5 then read it as all she has), where in her own turn it is refused."""
    short = tmp_path / "short.hand"
    short.write_text("players Ann Bob Cat Dan; limit 20; ante 1; house table-stakes; stacks Ann 4, Bob 20, Cat 20, "
                     "Dan 20\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Ann plays 3; "
                     "Dan plays 5\n", encoding="utf-8")
    output = run(str(short), input="Ann calls\n").output
    assert ("refused: Ann is offered no play to call here: one short of the stake (table stakes) passes or shows "
            "for what he has (next says what may be done)") in output, output
    assert short.read_text(encoding="utf-8").splitlines()[-1] == "# refused: Ann calls"


def test_a_call_by_one_offered_nothing_out_of_his_turn_is_the_highest_stake_recorded_and_judged(tmp_path):
    """Dan has passed; `next` offers him nothing. His `calls` is an act outside the answer:
    read as the notation reads it, the highest stake, written so and judged (law 27), as
    the table records what was done (SPEC item 28: the answer guides, the laws judge)."""
    log = tmp_path / "c.hand"
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1",
                 input="Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\nCat opens 2; Dan passes\nDan calls\n").output
    assert "L27" in output, output
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "Dan plays 2  # Dan calls"


@pytest.mark.parametrize("played, said, written", [
    ("Cat opens 2; Ann plays 2\nDan plays 2\n", "Ann calls", "Ann plays 2  # Ann calls"),
    ("Cat opens 2; Ann plays 2\nDan plays 2\n", "Ann raises 2", "Ann plays 4  # Ann raises 2"),
    ("Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\nBob discards 0; Cat discards 0; Dan discards 0; "
     "Ann discards 0\nDan plays 2; Cat plays 2\n", "Dan calls", "Dan plays 2  # Dan calls")])
def test_an_early_actors_call_at_his_turn_keeps_his_stake(tmp_path, played, said, written):
    """Ann said 2 before Dan, who then met it; at her turn her stake meets the stake she must
    meet, and `next` offers her only a raise (item 24: her turn passes without one). Her
    call was written as that raise's least, `Ann plays 3`, a raise she never made (and
    `raises 2` as 5), where a file's `calls` is her 2 kept; the same in the betting."""
    log = tmp_path / "c.hand"
    log.write_text("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                   "dealt\n" + played, encoding="utf-8")
    run(str(log), input=said + "\n")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == written


@pytest.mark.parametrize("said, written", [("Cat calls", "Cat plays 2  # Cat calls"),
                                            ("Cat raises 3", "Cat plays 5  # Cat raises 3"),
                                            ("Cat passes\nDan calls", "Dan plays 2  # Dan calls")])
def test_in_a_jack_pot_opened_out_of_turn_a_jumped_players_call_is_the_play_offered(tmp_path, said, written):
    """Item 24 and item 28: in a jack-pot Ann opens 2 before Cat, the first to speak; `next`
    offers Cat (and, she passing, Dan) a play from 2. A call is that play, and a raise is by
    its amount over it, as `check` reads the same words in a file; the table read them as
    over her own stake of nothing (`Cat plays 0`, then ruled to have opened short, L25),
    taking her for an early actor whose own stake already met what she had to meet."""
    head = ("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            "Cat passes; Dan passes; Ann passes; Bob passes\n"
            "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1\ndealt\n"
            "Ann opens 2\n")
    log = tmp_path / "c.hand"
    log.write_text(head, encoding="utf-8")
    output = run(str(log), input=said + "\n").output
    assert "opened short" not in output, output
    assert log.read_text(encoding="utf-8").splitlines()[-1] == written
    as_typed = tmp_path / "typed.hand"
    as_typed.write_text(head + said + "\n", encoding="utf-8")
    assert check_file(log)["findings"] == check_file(as_typed)["findings"]


def test_a_ruling_the_log_still_makes_is_not_said_withdrawn_when_a_later_line_holds_the_game(tmp_path):
    """docs/table.md: rulings are withdrawn by `undo`. Ann, who passed, was recorded as the
    winner (A3); `Cat wins` then left the game to be decided at its end (the hands still due),
    and the table said the A3 ruling "withdrawn", which `check` of the file still makes."""
    log = tmp_path / "w.hand"
    log.write_text("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                   "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2; Dan plays 2; Ann passes; Bob passes\n"
                   "Cat discards 0; Dan discards 0\nCat plays 2; Dan plays 2\nAnn wins\n", encoding="utf-8")
    said = run(str(log), input="Cat wins\n").output
    assert "withdrawn" not in said, said
    assert "A3" in [f["id"] for f in check_file(log)["findings"]]


def test_a_jack_pot_opener_who_won_the_show_has_the_pool_wait_for_his_opening_hand(tmp_path):
    """docs/table.md: a jack-pot opener's end is told with the ruling on his hand, at his
    show. Cat, the opener, wins at the show, her opening hand unknown: the table said
    nothing (the pool waits only for an opener left alone); her hand shown with `original`,
    it said neither the L33 ruling nor the game's end, and its net left out her penalty."""
    from tests.test_next_acts import CONTESTED
    table, _, rest = CONTESTED.partition("\n")
    log = tmp_path / "c.hand"
    log.write_text(table + "\n", encoding="utf-8")
    said = run(str(log), input=rest).output
    assert "game 2 is played out; the pool waits." in said, said
    shown = run(str(log), input="Cat shows (Jh Tc Td 9c 3d) original (Jh Qs Tc 5s 2h)\n").output
    assert "[L33 irregularity]" in shown and "game 2 is over: no one takes the pool; it stays." in shown, shown
    assert "Cat -6" in shown


def test_under_table_stakes_a_call_after_a_stake_beyond_his_counters_is_written_as_the_engine_read_it(tmp_path):
    """docs/notation.md: the words alone read no house file. Dan, with 8, raises to 12
    under table stakes: all he has, 8 (A5). At the table Ann's `calls` is the play `next`
    offers, 8, written so; the same words in a file meet the 12 said (a raise of 4 by the
    words alone, which is why the table writes the events, the words beside them)."""
    head = ("players Ann Bob Cat Dan; limit 20; ante 1; house table-stakes; stacks Ann 30, Bob 30, Cat 30, Dan 8\n"
            "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt Bob 5, Cat 5, Dan 5, Ann 5\n"
            "Cat opens 2; Dan raises 10\n")
    log = tmp_path / "c.hand"
    log.write_text(head, encoding="utf-8")
    run(str(log), input="Ann calls\n")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "Ann plays 8  # Ann calls"
    words, _ = parse_checked(head + "Ann calls\n", "typed.hand")
    assert words["events"][-1] == {"type": "play", "player": "Ann", "stake": 12}


@pytest.mark.parametrize("said, written", [("Cat calls", "Cat plays 2  # Cat calls"),
                                            ("Cat raises 2", "Cat plays 4  # Cat raises 2")])
def test_a_call_or_a_raise_at_ones_turn_to_show_is_read_as_a_file_reads_it(tmp_path, said, written):
    """The betting closed, Cat's turn is to show: `next` offers her no play. Her call or raise
    is an act outside the answer, read as the notation reads it (the highest stake, and 2
    more) and judged (L59), as `check` reads the same words in a file: the table refused the
    call, and read the raise as a stake of 2 (2 over nothing)."""
    head = ("players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\n"
            "Cat opens 2; Ann passes; Bob plays 2\nBob discards 0; Cat discards 0\nCat plays 2; Bob plays 2\n")
    log = tmp_path / "c.hand"
    log.write_text(head, encoding="utf-8")
    output = run(str(log), input=said + "\n").output
    assert "L59" in output, output
    assert log.read_text(encoding="utf-8").splitlines()[-1] == written
    as_typed = tmp_path / "typed.hand"
    as_typed.write_text(head + said + "\n", encoding="utf-8")
    assert check_file(log)["net"] == check_file(as_typed)["net"]


@pytest.mark.parametrize("said_before, said, written", [
    ("Cat opens 2\n", "Cat stands", "Cat discards 0  # Cat stands"),  # his say made, others still to say
    ("Cat opens 2; Dan plays 2; Ann passes; Bob passes\n", "Ann stands", "Ann discards 0  # Ann stands"),  # passed
])
def test_a_stand_by_one_whose_say_is_made_is_standing_pat_as_a_file_reads_it(tmp_path, said_before, said, written):
    """The notation's rule: one whose say is made (he opened, played or passed) stands pat,
    the say going round once. The table refused Cat's stand in the say (others still to
    say), and wrote Ann's, who had passed, as a play of her stake of nothing (L27) where a
    file reads a discard of none (L35)."""
    head = ("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
            + said_before)
    log = tmp_path / "s.hand"
    log.write_text(head, encoding="utf-8")
    run(str(log), input=said + "\n")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == written
    as_typed = tmp_path / "typed.hand"
    as_typed.write_text(head + said + "\n", encoding="utf-8")
    assert [f["id"] for f in check_file(log)["findings"]] == [f["id"] for f in check_file(as_typed)["findings"]]
    assert "L35" in [f["id"] for f in check_file(log)["findings"]]


def test_a_stand_by_one_retired_with_a_foul_hand_in_the_say_is_refused_as_a_file_refuses_it(tmp_path):
    """Bob's hand of four, lifted, is foul: he is out, but has made no say (the words show
    none), so his stand in the say has no reading, at the table as in a file."""
    log = tmp_path / "f.hand"
    log.write_text("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                   "dealt Bob 4, Cat 5, Dan 5, Ann 5\nBob lifts\n", encoding="utf-8")
    output = run(str(log), input="Bob stands\n").output
    assert "Bob stands in the say before the draw, which has no stand" in output, output
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "# refused: Bob stands"


def test_resuming_goes_on_where_the_log_stops(tmp_path):
    log = tmp_path / "night.hand"
    lines = typed_lines(JACKPOTS)
    half = len(lines) // 2
    run(str(log), *options(JACKPOTS), input="\n".join(lines[:half]) + "\n")
    resumed = run(str(log), input="\n".join(lines[half:]) + "\n")
    assert f"Resumed {log}: {half} events in 3 games." in resumed.output
    assert "so far, line " in resumed.output  # the rulings so far, one line each
    assert ruling(check_file(log)) == ruling(check_file(JACKPOTS))


def test_what_the_command_refuses(tmp_path, capsys):
    new = tmp_path / "new.hand"
    code, _, err = run_main(capsys, str(new), "--players", "Ann,Bob")
    assert code == 2 and "a new table needs --players, --limit and --ante" in err and not new.exists()
    code, _, err = run_main(capsys, str(new), "--players", "Ann", "--limit", "2", "--ante", "1")
    assert code == 2 and "give 2 to 10 players" in err and not new.exists()
    text = tmp_path / "text.json"  # the notation under a JSON log's name: told to convert it, which then failed
    text.write_text("players Ann Bob; limit 4; ante 1\n", encoding="utf-8")
    code, _, err = run_main(capsys, str(text))
    assert code == 2 and "the text notation under a JSON log's name" in err and "name it *.hand" in err
    for name in ("new.json", ".json"):  # `.json` alone is no suffix to Path, but the readers take it for JSON
        code, _, err = run_main(capsys, str(tmp_path / name), "--players", "Ann,Bob", "--limit", "2", "--ante", "1")
        assert code == 2 and "name it *.hand" in err and not (tmp_path / name).exists()
    (tmp_path / "gone.hand").symlink_to(tmp_path / "no-such-folder" / "x.hand")  # it said "File exists"
    code, _, err = run_main(capsys, str(tmp_path / "gone.hand"), "--players", "Ann,Bob", "--limit", "2", "--ante", "1")
    assert code == 2 and "gone.hand: a link to no file" in err
    new.write_text("players Ann Bob; limit 20; ante 1\n")
    code, _, err = run_main(capsys, str(new), "--players", "Ann,Bob")
    assert code == 2 and "exists: resume it without --players" in err
    # its header says its house rules (here none): a --house would have played it under others than `check` reads
    code, _, err = run_main(capsys, str(new), "--house", "no-jackpots")
    assert code == 2 and "exists: resume it without --house" in err
    code, _, err = run_main(capsys, str(FOUL))
    assert code == 2 and "a JSON log: the table keeps the text notation; convert it first" in err
    broken = tmp_path / "broken.hand"
    broken.write_text("players Ann Bob; limit 20; ante 1\nAnn dels\n")
    code, _, err = run_main(capsys, str(broken))
    assert code == 2 and "broken.hand: line 2, column 5: expected what Ann does" in err


def test_one_log_is_kept_by_one_session_at_a_time(tmp_path):
    from arbiter.errors import LogReadError
    from arbiter.live.journal import Journal

    log = tmp_path / "t.hand"
    first = Journal.create(log, "players Ann Bob; limit 20; ante 1")
    with pytest.raises(LogReadError, match="another `arbiter table` or `arbiter serve` is keeping this log"):
        Journal.resume(log)
    first.close()
    Journal.resume(log).close()


def test_a_resumed_log_is_read_once_it_is_kept(tmp_path, monkeypatch):
    """Read before its lock was taken, a second table kept what it read while the first
    went on, then cut the first's lines off as the torn end it had seen."""
    import fcntl

    from arbiter.live import journal

    log = tmp_path / "t.hand"
    journal.Journal.create(log, "players Ann Bob; limit 20; ante 1").close()
    reading = journal.read_source

    def read_while_kept(path):
        with open(path, "rb") as other:  # another process's descriptor: refused while the log is kept
            with pytest.raises(BlockingIOError):
                fcntl.flock(other, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return reading(path)

    monkeypatch.setattr(journal, "read_source", read_while_kept)
    journal.Journal.resume(log).close()


def test_what_a_terminal_sends_that_is_no_text_is_refused_not_a_crash(tmp_path):
    from arbiter.live.journal import Journal
    from arbiter.live.session import TableSession

    said: list[str] = []
    session = TableSession(Journal.create(tmp_path / "t.hand", "players Ann Bob; limit 20; ante 1"),
                           load_rulebook(), said.append)
    assert session.handle("Ann d\udcffeals") and session.handle("\x1b[AAnn deals")
    assert session.handle("# a remark\0") and session.handle("Ann deals -- a\0b")  # a NUL made the log unreadable
    assert [line for line in said if line.startswith("refused")] == [
        "refused: expected what Ann does (adds, antes, asks, asks dealer, claims, cuts, deals, demands show, discards, "
        "divulges, draws for deal, gets, lifts, opens, passes, plays, points out, shows, shuffles, speaks, "
        "straddles, takes back, wins), found 'd?eals' (did you mean 'deals'?)",
        "refused: expected a player's name, found '\\x1b[AAnn'"]
    session.journal.close()
    assert (tmp_path / "t.hand").read_text(encoding="utf-8").splitlines()[1:] == [
        "# refused: Ann d?eals", "# refused: \x1b[AAnn deals", "# a remark?", "Ann deals -- a?b"]
    assert check_file(tmp_path / "t.hand")["status"] == "ok"


# --- the position: who acts next -------------------------------------------------------


@pytest.mark.parametrize("path", sorted(cases_dir().glob("game-*.json")), ids=lambda p: p.stem)
def test_next_names_whoever_the_hand_written_game_has_act_next(path):
    """At each point of the shipped whole games where the next event is a player's turn
    to say, draw or bet, `next` names the player the game has act."""
    rules = Replay.compile(load_rulebook())
    log = load(path)
    log.pop("meta", None)
    findings = {f["event"] for f in check_file(path)["findings"]}
    checked = 0
    for k, event in enumerate(log["events"]):
        if event["type"] not in ("open", "play", "pass", "discard") or k in findings or k == 0:
            continue
        text = write_text({**log, "events": log["events"][:k]})
        position = read_position(text, "x.hand", rules)
        game = position.replay.board.game
        if game is None or game.phase not in ("say", "draw", "betting") or game.resolved:
            continue
        said = next_to_act(position)
        if "gives" in said:  # the dealer still owes someone his cards
            continue
        assert said.startswith((f"{event['player']}'s say", f"{event['player']} to")), (k, event, said)
        checked += 1
    assert checked >= 10


def test_completion_offers_names_then_verbs_then_the_parts():
    players, commands = ["Ann", "Bob", "Mary Ann"], ["status", "next"]
    assert candidates("", players, commands)[:3] == ["Ann", "Bob", '"Mary Ann"']
    assert {"dealt", "dealer", "card", "status"} <= set(candidates("", players, commands))
    assert "status" not in candidates("Ann deals; ", players, commands)
    assert {"plays", "passes", "opens", "discards", "asks"} <= set(candidates("Bob ", players, commands))
    assert candidates("Bob points ", players, commands) == ["out"]
    assert candidates("Bob points out wrong count ", players, commands) == ["about"]
    assert candidates("Bob points out wrong count about ", players, commands) == ["Ann", "Bob", '"Mary Ann"']
    assert candidates("Bob asks ", players, commands) == ["dealer"]
    assert candidates("Bob claims 3 dealer ", players, commands) == ["says"]
    assert candidates("Bob claims 3 dealer says 2 unable (Ann ", players, commands) == ["Ann", "Bob", '"Mary Ann"']
    assert candidates("Bob shuffles face up ", players, commands) == ["below", "not"]
    assert candidates("dealer ", players, commands) == ["tells", "answers"]


# --- a real terminal ----------------------------------------------------------------------


class Terminal:
    """`arbiter table` on a pseudo-terminal, read with a deadline on every wait."""

    def __init__(self, cwd: Path, *args: str) -> None:
        env = {**os.environ, "TERM": "dumb", "PYTHONPATH": str(REPO)}
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the terminal is its standard input and output
            os.chdir(cwd)
            # Ctrl-C heard, as a shell at a terminal starts a command: a SIGINT ignored here (some earlier
            # test of the run leaves it so) would be ignored by the child too, and Python then installs
            # no KeyboardInterrupt for it
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            os.execve(sys.executable, [sys.executable, "-m", "arbiter", "table", *args], env)
        self.seen = b""

    def expect(self, text: str, timeout: float = 30) -> str:
        deadline = time.monotonic() + timeout
        while text.encode() not in self.seen:
            ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"waited for {text!r}; the terminal shows:\n{self.seen.decode(errors='replace')}")
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the child has gone and closed the terminal
                chunk = b""
            if not chunk:
                raise AssertionError(f"ended before {text!r}:\n{self.seen.decode(errors='replace')}")
            self.seen += chunk
        end = self.seen.index(text.encode()) + len(text)
        shown, self.seen = self.seen[:end], self.seen[end:]
        return shown.decode(errors="replace")

    def type(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def line(self, text: str) -> str:
        """Type a line and wait for the next prompt: what the session said in between."""
        self.type(text + "\r")
        return self.expect("table> ")

    def interrupt(self) -> str:
        """Ctrl-C, pressed again if need be: CPython's readline misses a SIGINT that lands
        between two of its reads, as a person at the keyboard sometimes sees."""
        for _ in range(5):
            self.type("\x03")
            try:
                return self.expect("interrupted", timeout=3) + self.expect("\n")
            except AssertionError:
                continue
        raise AssertionError(f"Ctrl-C was not heeded:\n{self.seen.decode(errors='replace')}")

    def kill(self) -> None:
        os.kill(self.pid, signal.SIGKILL)

    def exit_code(self, timeout: float = 30) -> int:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:  # drain, so that a child writing its last words is not blocked
                if select.select([self.fd], [], [], 0.05)[0]:
                    self.seen += os.read(self.fd, 65536)
            except OSError:
                pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
        self.kill()
        raise AssertionError("the session did not end")


def test_on_a_terminal_tab_completes_and_each_line_is_on_disk_before_the_prompt(tmp_path):
    log = tmp_path / "t.hand"
    terminal = Terminal(tmp_path, "t.hand", "--players", "Ann,Bob,Cat,Dan", "--limit", "20", "--ante", "1")
    terminal.expect("table> ")
    terminal.type("An\tdea\t\r")  # Ann deals, completed
    terminal.expect("table> ")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "Ann deals"
    terminal.type("Ann shu\t; Dan cu\t; Bob an\t1\r")
    terminal.expect("table> ")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "Ann shuffles ; Dan cuts ; Bob antes 1"
    said = terminal.line("next")
    assert "next: Cat may straddle 2, or Ann deals the cards (dealt)" in said
    terminal.type("Bob plays 2 -- typed, not entered")  # no Enter: Ctrl-C drops only this
    terminal.expect("not entered")  # echoed: readline holds it and waits for more
    assert "interrupted: every line entered is saved in t.hand" in terminal.interrupt()
    assert terminal.exit_code() == 130
    assert load_text_events(log) == [
        {"type": "deal", "dealer": "Ann"}, {"type": "shuffle", "player": "Ann"}, {"type": "cut", "player": "Dan"},
        {"type": "ante", "player": "Bob", "amount": 1}]


def test_a_game_of_several_deals_killed_mid_game_and_resumed_loses_nothing(tmp_path):
    """The whole game typed at a terminal; the process killed (SIGKILL: no chance to tidy
    up) in the middle of a game; resumed from the file; the rest typed; the log checks
    to the same report as the game written by hand."""
    log = tmp_path / "night.hand"
    lines = typed_lines(GAME)
    cut = next(k for k in range(len(lines) // 2, len(lines)) if lines[k].split()[1] in ("plays", "discards"))
    terminal = Terminal(tmp_path, "night.hand", *options(GAME))
    terminal.expect("table> ")
    for line in lines[:cut]:
        terminal.line(line)
    terminal.kill()
    assert terminal.exit_code() == -signal.SIGKILL
    assert log.read_text(encoding="utf-8").splitlines()[1:] == lines[:cut]  # every line entered, in order

    terminal = Terminal(tmp_path, "night.hand")
    assert f"Resumed night.hand: {cut} events" in terminal.expect("table> ")
    said = "".join(terminal.line(line) for line in lines[cut:])
    assert "game 5 is over" in said
    terminal.type("quit\r")
    assert "The log is saved in night.hand" in terminal.expect("net so far")
    assert terminal.exit_code() == 0
    assert ruling(check_file(log)) == ruling(check_file(GAME))


def test_the_header_the_table_writes_is_the_notations(tmp_path):
    run(str(tmp_path / "h.hand"), "--players", "Ann,Mary Ann,dealer", "--limit", "20", "--ante", "1", input="")
    text = (tmp_path / "h.hand").read_text(encoding="utf-8")
    assert text == table_line({"players": ["Ann", "Mary Ann", "dealer"], "limit": 20, "ante": 1}) + "\n"
    assert text == 'players Ann "Mary Ann" "dealer"; limit 20; ante 1\n'


WITNESS_ASKED = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat opens 2; Dan plays 2; Ann plays 2; Bob plays 2",
                 "Bob draws 1; Bob gets 1", "Cat discards 3; Cat gets 2", "Cat claims 3 dealer says 2"]


def test_the_witnesss_number_may_carry_a_comment_as_any_command(tmp_path):
    """docs/table.md: "a comment may follow one, as it may any line". `3 # Bob heard three`
    was refused ("expected a player's name, found '3'") where `3` was taken: the comment is
    kept on the line the answer writes."""
    log = tmp_path / "t.hand"
    run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
        input="\n".join([*WITNESS_ASKED, "3 # Bob heard three"]) + "\n")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == \
        "Cat claims 3 dealer says 2 testimony (Bob 3)  # Bob heard three"


def test_the_witnesss_number_stays_asked_when_other_acts_come_between_and_undo_takes_back_the_answer(tmp_path):
    """SPEC 28: while a law 46 ruling waits for its witness, the witness is asked and no
    discard is offered; a word to the dealer meanwhile does not answer it. The number
    typed is the dispute written again with the testimony, in a line of its own, so
    `undo` takes back the answer and the question is asked again (it took back the
    dispute itself)."""
    log = tmp_path / "t.hand"
    asked = "next: what number did Bob hear Cat ask for? (L46)"
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
                 input="\n".join([*WITNESS_ASKED, "Dan speaks", "next", "3", "next", "undo", "next"]) + "\n").output
    assert output.count(asked) == 2, output
    assert "next: Ann gives Cat 1 card" in output
    lines = log.read_text(encoding="utf-8").splitlines()
    assert lines[-3:-1] == ["Dan speaks", "Cat claims 3 dealer says 2 testimony (Bob 3)"]
    assert lines[-1].startswith("undo")
    assert [f["id"] for f in check_file(log)["findings"]].count("L46") == 1


def test_the_witnesss_number_is_a_number_of_cards(tmp_path):
    """The number typed for a law 46 witness is 0 to the cards in a hand, as serve's page
    bounds it: a 9 is refused and the question stays asked."""
    log = tmp_path / "t.hand"
    output = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
                 input="\n".join([*WITNESS_ASKED, "9", "next"]) + "\n").output
    assert "refused: the cards the witness heard asked for are 0 to 5, not 9" in output
    assert "next: what number did Bob hear Cat ask for? (L46)" in output
    assert "testimony" not in log.read_text(encoding="utf-8")
    assert log.read_text(encoding="utf-8").splitlines()[-1] == "# refused: 9"  # kept, as every refused line is


def test_a_digit_int_cannot_read_is_no_witnesss_number(tmp_path):
    """`²` is a digit to `str.isdigit`, and `int` refuses it: typed where the witness's
    number is asked, it was an internal error. It is a line like any other, refused as one."""
    log = tmp_path / "t.hand"
    result = run(str(log), "--players", "Ann,Bob,Cat,Dan", "--limit", "10", "--ante", "1",
                 input="\n".join([*WITNESS_ASKED, "\u00b2", "next"]) + "\n")
    assert result.exit_code == 0 and "internal error" not in result.output
    assert "next: what number did Bob hear Cat ask for? (L46)" in result.output
    assert "testimony" not in log.read_text(encoding="utf-8")


def test_interrupted_at_a_json_table_the_last_words_are_a_json_line_too(tmp_path, monkeypatch):
    """`--format json`: "each thing the table says is one JSON line {"say": ...}"; Ctrl-C
    printed a bare line and the words in plain text."""
    import json

    from arbiter.cli.table import play
    from arbiter.live.journal import Journal

    class Interrupted:
        def readline(self) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr(sys, "stdin", Interrupted())
    said: list[str] = []
    journal = Journal.create(tmp_path / "t.hand", "players Ann Bob; limit 20; ante 1")
    assert play(journal, load_rulebook(), False, False, lambda text: said.append(json.dumps({"say": text}))) == 130
    assert json.loads(said[-1])["say"] == f"interrupted: every line entered is saved in {tmp_path / 't.hand'}"


def test_a_stand_refused_under_table_stakes_is_said_as_a_stand_and_help_says_how_words_are_read(tmp_path):
    """`Cat stands`, one short of the stake under table stakes, was refused as "no play to
    check", without what he may do; and `help` said a call is "the highest stake to meet in
    the game so far", where the table writes the play `next` offers (a jumped player's)."""
    short = tmp_path / "short.hand"
    short.write_text("players Ann Bob Cat Dan; limit 20; ante 1; house table-stakes; stacks Ann 30, Bob 30, Cat 5, "
                     "Dan 30\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\ndealt\n"
                     "Cat opens 2; Dan plays 2; Ann passes; Bob passes\nCat discards 0; Dan discards 0\n"
                     "Cat plays 2; Dan plays 10\n", encoding="utf-8")
    output = run(str(short), input="Cat stands\nhelp\n").output
    assert ("refused: Cat is offered no play to stand here: one short of the stake (table stakes) passes or shows "
            "for what he has") in output, output
    assert "Here a call, a check, a raise and a stand take their stake from what next offers" in output
    say = tmp_path / "say.hand"  # in the say, a stand is none: he was told to write 'plays', offered him no more
    say.write_text("players Ann Bob Cat; limit 10; ante 1; house table-stakes; stacks Ann 20, Bob 3, Cat 20\n"
                   "Ann deals; Ann shuffles; Cat cuts; Bob antes 1\ndealt\nCat opens 4; Ann plays 4\n", encoding="utf-8")
    assert "write 'demands show' or 'passes'" in run(str(say), input="Bob stands\n").output
