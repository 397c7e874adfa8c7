"""Where a house file changes a law's number, every command that shows the law quotes
Peel's words unchanged and says beside them what the house sets (SPEC §3 item 26)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from arbiter.cli import main
from arbiter.resources import cases_dir
from arbiter.rulebook.house import apply_house
from arbiter.rulebook.in_force import house_notes, parameters_of

CASE = str(cases_dir() / "l33-false-opener-penalty.json")  # findings under L25 and L33
NOTES = ["House rule: opening_multiple_of_ante is 3 (Peel: 2)", "House rule: false_opener_penalty_antes is 3 (Peel: 2)"]
PEEL_L25 = "stake a sum at least double the amount of ante."
PEEL_L33 = "If a player open a Jack-pot and win the stakes, he shall show his hand"  # found with or without the house


@pytest.fixture
def house(tmp_path):
    path = tmp_path / "club.yaml"
    path.write_text("parameters: {opening_multiple_of_ante: 3, false_opener_penalty_antes: 3}\n", encoding="utf-8")
    return str(path)


def in_process(*args: str) -> str:
    with CliRunner().isolation() as (out, _err, _):
        try:
            main(list(args))
        except SystemExit as exited:
            assert exited.code in (0, 1), exited.code
    return out.getvalue().decode()


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("command, notes", [
    (["law", "L25"], NOTES[:1]),
    (["law", "L25", "--format", "markdown"], NOTES[:1]),
    (["rulebook"], NOTES),
    (["rulebook", "--format", "html"], NOTES),
    (["explain", CASE], NOTES),
    (["explain", CASE, "--format", "markdown"], [n.replace("_", "\\_") for n in NOTES]),
    (["check", CASE], NOTES),
    (["check", CASE, "--format", "html"], NOTES),
])
def test_peels_words_stand_and_the_house_value_is_said_beside_them(house, command, notes):
    peel = PEEL_L25 if command[0] in ("law", "rulebook") else PEEL_L33
    plain = in_process(*command)
    assert peel in flat(plain) and "House rule:" not in plain
    with_house = in_process(*command, "--house", house)
    assert peel in flat(with_house)
    for note in notes:
        assert note in flat(with_house)


@pytest.mark.parametrize("command", [["check"], ["check", "--format", "markdown"], ["check", "--format", "html"],
                                     ["check", "--jobs", "2"], ["explain"]])
def test_the_house_the_logs_table_names_is_said_as_the_option_says_it(house, tmp_path, command):
    """The house rules a log's table names are the ones its rulings are quoted with, in
    every format, as where `--house` names them (the table and Markdown forms quoted the
    run's rule book, and said nothing of them)."""
    log = json.loads(open(CASE, encoding="utf-8").read())
    log["table"]["house"] = "club.yaml"  # the fixture's file, beside the log
    named = tmp_path / "named.json"
    named.write_text(json.dumps(log), encoding="utf-8")
    paths = [str(named), str(named)] if "--jobs" in command else [str(named)]  # two logs, for the workers
    said = flat(in_process(*command, *paths))
    with_option = flat(in_process(*command, *[CASE] * len(paths), "--house", house))
    for note in NOTES:
        note = note.replace("_", "\\_") if "markdown" in command else note
        assert said.count(note) == with_option.count(note) > 0


def test_the_listing_of_the_laws_names_what_the_house_changes(house):
    """`laws --house` showed the rules as `laws` does, Peel's "double the ante" and
    "two antes" in the titles, and said nothing of the house's numbers, in any format."""
    assert "House rules" not in in_process("laws")
    listed = flat(in_process("laws", "--house", house))
    assert ("House rules club: opening_multiple_of_ante = 3 (L25; Peel: 2); false_opener_penalty_antes = 3 (L33; "
            "Peel: 2).") in listed
    rules = {r["id"]: r["house_rules"] for r in json.loads(in_process("laws", "--format", "json", "--house", house))}
    assert rules["L25"] == NOTES[:1] and rules["L33"] == NOTES[1:] and rules["L29"] == []


def test_the_listing_of_the_laws_names_no_change_where_the_house_restates_peels_value(tmp_path):
    """A house file writing Peel's own 0.5 changes nothing: the listing said "= 0.5 (L19;
    Peel: 0.5)" where `law L19` and the JSON gave no note."""
    restated = tmp_path / "h2.yaml"
    restated.write_text("name: h2\nparameters: {max_ante_fraction_of_limit: 0.5}\n", encoding="utf-8")
    assert "House rules h2: no parameter changed." in in_process("laws", "--house", str(restated))


def test_the_json_forms_carry_the_notes(house):
    detail = json.loads(in_process("law", "L33", "--format", "json", "--house", house))
    assert detail["house_rules"] == NOTES[1:]
    assert detail["parameters_allowed"] == {"false_opener_penalty_antes": "a whole number from 0 to 100"}
    steps = json.loads(in_process("explain", CASE, "--format", "json", "--house", house))
    laws = {r["law"]["id"]: r["law"]["house_rules"] for s in steps for r in s["rulings"]}
    assert laws["L25"] == NOTES[:1] and laws["L33"] == NOTES[1:] and laws["L29"] == []
    book = json.loads(in_process("rulebook", "--format", "json", "--house", house))
    notes = {r["id"]: r["house_rules"] for s in book for r in s["rules"] if r["house_rules"]}
    # D3, L25's exception, restates its "double"; L60 reads the opening's least (a show short of it, at table stakes)
    assert notes == {"L25": NOTES[:1], "D3": NOTES[:1], "L33": NOTES[1:], "L60": NOTES[:1]}


def test_a_rule_concerns_the_parameters_it_defines_or_reads(rulebook):
    assert parameters_of(rulebook.get("L13")) == ["cards_per_hand"]  # read, defined by L7
    assert parameters_of(rulebook.get("L70")) == ["ace_in_sequences", "hearts_break_ties"]  # its evaluator reads them
    house = apply_house(rulebook, {"parameters": {"hearts_break_ties": False}, "_file": "h.yaml"})
    assert house_notes(house.get("L70"), house) == ["House rule: hearts_break_ties is false (Peel: true)"]
    assert house_notes(house.get("L25"), house) == []


def test_a_rule_concerns_the_parameters_behind_the_words_it_uses(rulebook):
    """L30 writes `jackpot_minimum`, no `{param: …}`: the minimum is an entry of `jackpot_openers`."""
    assert "jackpot_openers" in parameters_of(rulebook.get("L30"))
    house = apply_house(rulebook, {"parameters": {"jackpot_openers": ["QQ"]}, "_file": "h.yaml"})
    note = "House rule: jackpot_openers is QQ (Peel: JJ, QQ, KK)"
    assert {rule_id: house_notes(house.get(rule_id), house) for rule_id in ("L29", "L30", "L32", "L33", "L25")} == {
        "L29": [note], "L30": [note], "L32": [note], "L33": [note], "L25": []}


def test_a_rule_concerns_the_parameters_its_words_state_though_another_declares_them(rulebook):
    """SPEC 26: D6's words list "2 knaves, 2 queens, 2 kings" and L21's increase the straddle
    "by the amount of the ante": each `quotes` the parameter L32 and D2 declare, so a house
    that changes it is said beside these words too."""
    house = apply_house(rulebook, {"parameters": {"jackpot_openers": ["JJ"], "straddle_increase_antes": 2},
                                   "_file": "h.yaml"})
    assert house_notes(house.get("D6"), house) == ["House rule: jackpot_openers is JJ (Peel: JJ, QQ, KK)"]
    assert house_notes(house.get("L21"), house) == ["House rule: straddle_increase_antes is 2 (Peel: 1)"]
    assert house_notes(house.get("L22"), house) == []


def test_a_law_a_club_rule_sets_aside_says_so_beside_peels_words():
    """`law L21 --house no-straddling` showed L21 as enforced, with no word that the club's
    H1 decides every straddle instead (its `exception_to`)."""
    said = flat(in_process("law", "L21", "--house", "no-straddling"))
    assert "If he does not straddle, no other player shall do so" in said
    assert "House rule: H1 (No straddling; a straddle made is returned) is an exception to this law" in said
    assert "House rule: H1" not in flat(in_process("law", "L21"))


def test_a_law_the_arbiters_rule_sets_aside_under_a_houses_value_says_so():
    """Under table stakes A5 rules all he has where law 54 would retire him, but `law L54
    --house table-stakes` said Peel's words and nothing of it, where a club's own rule in
    the same place was noted; without the value (Peel's game) nothing is said."""
    said = flat(in_process("law", "L54", "--house", "table-stakes"))
    assert "House rule: table_stakes is true: A5 (" in said and "is an exception to this law" in said
    assert "A5 (" not in flat(in_process("law", "L54"))
    assert "A5 (" not in flat(in_process("law", "L54", "--house", "blaze"))


def test_what_every_player_anteing_and_the_joker_bring_in_is_said_where_it_acts(tmp_path):
    """Under a house with every player anteing, law 53 said "first the player to the left of
    the player who staked the ante" with no word of A1, which decides the first bet; under
    the joker, law 65 said nothing of the wild card its evaluator reads."""
    house = tmp_path / "every.yaml"
    house.write_text("parameters:\n  ante_from_every_player: true\n", encoding="utf-8")
    for law in ("L23", "L24", "L53"):
        said = flat(in_process("law", law, "--house", str(house)))
        assert "House rule: ante_from_every_player is true: A1 (" in said and "exception to this law" in said, law
        assert "A1 (" not in flat(in_process("law", law))
    assert "House rule: joker is true (Peel: false)" in flat(in_process("law", "L65", "--house", "joker"))


def test_a_hand_the_house_ranks_is_said_beside_the_order_of_the_hands():
    """SPEC 26: under `big-bobtail` no teaching command said what a big bobtail is, only its
    place in `hand_order`; L65's own hands (a blaze, a skip) are said in its machine form."""
    said = flat(in_process("law", "L65", "--house", "big-bobtail"))
    assert "House rule: A hand said in data, a big bobtail: four of the five cards, in sequence, all of one suit." in said
    assert "a big bobtail:" not in flat(in_process("law", "L65"))


def test_a_club_rule_switched_off_or_excepting_only_sometimes_says_so(rulebook):
    """The note beside a law a club rule sets aside said it "decides instead where it holds"
    when the house had switched the club rule off, and left out the condition of an
    exception that holds only sometimes (`exception_where`), where both findings stand."""
    from arbiter.rulebook.house import read_house, shipped_house_files

    club = read_house(str(shipped_house_files()["no-straddling"]))
    off = apply_house(rulebook, {**club, "disable": ["H1"]})
    assert not [note for note in house_notes(off.get("L21"), off) if "H1" in note]
    sometimes = apply_house(rulebook, {**club, "rules": [{**club["rules"][0], "exception_to": ["L21"],
                                                          "exception_where": {"L21": {"phase": "say"}}}]})
    assert [note for note in house_notes(sometimes.get("L21"), sometimes) if "H1" in note] == [
        "House rule: H1 (No straddling; a straddle made is returned) is an exception to this law, and decides "
        "instead where it holds and the game is in its say phase"]
