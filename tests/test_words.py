"""Plain English in the rulings: plurals, pronouns, what --ignore/--select leave out, law 46's default."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from arbiter.checker import check_log
from arbiter.cli import cli
from arbiter.notation import read_text_log, write_text
from arbiter.render.report import render_text
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.vocabulary.effects import SAYS, effect_words
from arbiter.words import fold, plural, pronoun_of
from tests.conftest import REPO, case_files, case_report, load_case

L13 = "cases/l13-foul-hand-lifted.json"


def check(*args: str) -> str:
    return CliRunner().invoke(cli, ["check", *args]).output


def test_counts_take_their_plural():
    assert [plural(1, "card"), plural(2, "card"), plural(0, "finding")] == ["1 card", "2 cards", "0 findings"]
    out = check(str(REPO / L13))
    assert "1 log checked: 0 ok, 1 irregular, 0 invalid; 1 finding, 1 game in" in out
    out = check(str(REPO / L13), str(REPO / "cases/l46-no-one-can-give-evidence.json"))
    assert "2 logs checked" in out and "1 game" not in out


def test_no_card_s_anywhere_in_the_effects_of_the_cases():
    for path in case_files():
        report = case_report(path)
        for finding in report["findings"]:
            for effect in finding["effects"]:
                assert "(s)" not in effect_words(effect), (path.name, effect)
    for count in (1, 3):
        for kind in ("return_excess", "make_good", "owe_cards"):
            words = SAYS[kind]({"player": "Bob", "count": count}, None)
            assert ("1 card " in words or words.endswith("1 card")) if count == 1 else "3 cards" in words


def test_law_46_with_no_one_to_give_evidence_takes_the_discard_as_the_demand():
    report = case_report(REPO / "cases/l46-no-one-can-give-evidence.json")
    evidence = next(e for f in report["findings"] for e in f["effects"] if e["type"] == "evidence")
    assert effect_words(evidence) == ("no one can give evidence (passed over: Bob, unable; Dan, the disputant; Ann, the "
                                      "dealer; Cat, unable): the discard is taken as the number demanded (2 cards)")
    assert effect_words({"type": "evidence", "witness": "Cat", "demanded": 1}) == "Cat's evidence decides: 1 card demanded"


@pytest.mark.parametrize(("option", "words"), [("--ignore", "; findings of L13 left out (--ignore)"),
                                              ("--select", "; only findings of L13 kept (--select)")])
def test_ignore_and_select_say_that_findings_were_left_out(option, words):
    out = check(str(REPO / L13), option, "L13")
    assert out.rstrip("\n").endswith(words)
    assert words not in check(str(REPO / L13))


@pytest.mark.parametrize("fmt", ["table", "markdown", "html"])
def test_a_filter_that_left_nothing_out_says_so_not_that_every_act_is_lawful(fmt, tmp_path):
    """docs/check.md: with --ignore or --select the report says how many findings were left
    out and by which, never that every act is as the laws require; a filter that left none
    out said that sentence and nothing of the filter."""
    out = check(str(REPO / "cases" / "l23-first-say-left-of-ante-clean-game.json"), "--select", "L4",
                "--format", fmt, *(["--out", str(tmp_path)] if fmt == "html" else []))
    if fmt == "html":
        out = "".join(page.read_text(encoding="utf-8") for page in tmp_path.glob("*.html"))
    assert "No finding left out by --select L4." in out
    assert "every act is as the laws require" not in out


def test_a_player_is_they_unless_the_log_gives_a_pronoun():
    log = load_case(REPO / L13)
    foul = {"type": "foul_hand", "player": "Bob"}
    assert effect_words(foul) == "Bob's hand is foul: they retire and forfeit their stake"
    assert effect_words(foul, {"Bob": "he"}) == "Bob's hand is foul: he retires and forfeits his stake"
    assert effect_words(foul, {"Bob": "she"}) == "Bob's hand is foul: she retires and forfeits her stake"
    assert pronoun_of("Ann", {"Bob": "he"}).subject == "they"
    log["table"]["pronouns"] = {"Bob": "he"}
    report = check_log(log)
    assert report["pronouns"] == {"Bob": "he"}
    assert "he retires and forfeits his stake" in render_text(report, load_rulebook())


def test_a_pronoun_that_is_not_he_she_or_they_makes_the_log_invalid():
    log = load_case(REPO / L13)
    log["table"]["pronouns"] = {"Bob": "it"}
    report = check_log(log)
    assert report["status"] == "invalid" and "'he', 'she', 'they'" in report["error"]["message"]


def test_the_notation_writes_and_reads_the_pronouns():
    log = load_case(REPO / L13)
    log["table"]["pronouns"] = {"Bob": "he", "Ann": "she"}
    text = write_text(log)
    assert "ante 1; pronouns Bob he, Ann she\n" in text
    assert read_text_log(text.encode(), "x.hand") == log


def test_the_schema_documents_the_pronouns():
    schema = json.loads(CliRunner().invoke(cli, ["schema", "log"]).output)
    assert schema["properties"]["table"]["properties"]["pronouns"]["additionalProperties"] == {
        "enum": ["he", "she", "they"]}


@pytest.mark.parametrize(("exposed", "words"), [(1, "Ann exposed 1 card in giving"), (2, "Ann exposed 2 cards in giving")])
def test_cards_exposed_in_the_draw_are_counted_with_their_plural(exposed: int, words: str) -> None:
    text = (
        "players Ann Bob Cat Dan; limit 20; ante 1\n\nAnn deals\nAnn shuffles\nDan cuts\nBob antes 1\n"
        "dealt Bob 5, Cat 5, Dan 5, Ann 5\nCat opens 2\nDan plays 2\nAnn passes\nBob plays 2\n"
        f"Bob discards 3\nBob asks 3\nBob gets 3 exposed {exposed}\n"
    )
    (finding,) = [f for f in check_log(read_text_log(text.encode(), "x.hand"))["findings"] if f["id"] == "L40"]
    assert finding["summary"].startswith(words) and "what is exposed goes back to the pack" in finding["summary"]


@pytest.mark.parametrize("rule", ["A1", "D1"])
def test_a_laws_words_are_never_folded_at_a_hyphen_or_a_dash(rule):
    """`arbiter law A1` printed "jack-" and "pot" on two lines, D1 "Limit." and "--The":
    joined again, they were not the rule's words."""
    words = " ".join(load_rulebook().rules[rule].text.split())
    out = CliRunner().invoke(cli, ["law", rule]).output
    folded = [line.strip() for line in out.splitlines() if line.startswith("  ") and line.strip()]
    assert words in " ".join(folded), out
    assert fold("a jack-pot", 8) == ["a", "jack-pot"]


def test_the_evidence_says_whom_law_46_passed_over_and_why():
    """SPEC §4: `evidence` holds those considered, each with why he was passed over; every
    report's words said only the witness and the number."""
    effect = {"type": "evidence", "witness": "Dan", "demanded": 3,
              "considered": [{"player": "Bob", "passed_over_because": "unable"},
                             {"player": "Cat", "passed_over_because": "disputant"},
                             {"player": "Dan", "passed_over_because": None}]}
    assert effect_words(effect) == "Dan's evidence decides: 3 cards demanded (passed over: Bob, unable; Cat, the disputant)"


@pytest.mark.parametrize("singular, plural", [
    ("retires", "retire"), ("watches", "watch"), ("passes", "pass"), ("is", "are"), ("has", "have"),
    ("does", "do"), ("goes", "go"), ("tries", "try"), ("buzzes", "buzz"), ("dies", "die"),
    ("had", "had"), ("must", "must"), ("cannot", "cannot"),
])
def test_a_verb_after_they_as_a_house_rules_words_may_write_it(singular, plural):
    """docs/house-rules.md: `{verb:P:pays}` is "pays", or "pay" after "they". A club's words
    with other verbs read "they doe", "they goe", "they trie", "they ha", "they mus"."""
    from arbiter.words import PRONOUNS

    assert PRONOUNS["they"].verb(singular) == plural and PRONOUNS["she"].verb(singular) == singular
