"""Every shipped case replays to the result worked out by hand in its `meta.expect`.

The comparison is the one `cases/README.md` describes: status, the findings in order
(id, severity, event, player, and the effects where the case gives them), each
player's net, and each game's expected keys. Every ledger balances.
"""

from __future__ import annotations

import re

import pytest

from arbiter.checker import replay_log
from arbiter.notation import parse_checked
from arbiter.rulebook.model import normalise_id
from arbiter.seats import POOL
from tests.conftest import case_files, case_report, load_case, pools_balance

CASES = case_files()


def _finding_key(finding: dict) -> tuple:
    return (finding["id"], finding["severity"], finding["event"], finding["player"])


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_replays_to_its_expected_result(path):
    case = load_case(path)
    expect = case["meta"]["expect"]
    report = case_report(path)
    assert report["error"] is None, report["error"]
    got = [_finding_key(f) for f in report["findings"]]
    want = [_finding_key(f) for f in expect["findings"]]
    assert got == want, "\n".join(f"{f['id']} event {f['event']}: {f['summary']}" for f in report["findings"])
    for wanted, finding in zip(expect["findings"], report["findings"]):
        if "effects" in wanted:
            assert finding["effects"] == wanted["effects"], f"effects of {finding['id']} at event {finding['event']}"
    assert report["status"] == expect["status"]
    if "net" in expect:
        assert report["net"] == expect["net"]
    for wanted, game in zip(expect.get("games", []), report["games"]):
        for key, value in wanted.items():
            assert game[key] == value, f"game {game['game']}: {key}"
    assert len(report["games"]) >= len(expect.get("games", []))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_ledger_balances(path):
    report = case_report(path)
    net = report["net"]
    pool = sum(e["amount"] for e in report["ledger"] if e["to"] == POOL) - sum(
        e["amount"] for e in report["ledger"] if e["from"] == POOL)
    assert pool >= 0
    assert sum(net.values()) + pool == 0
    assert all(e["amount"] > 0 and e["rule"] for e in report["ledger"])
    pools_balance(report)  # each game's pool is what its winners took plus what it carried over


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case_names_the_laws_it_shows_and_they_list_it(path, rulebook):
    case = load_case(path)
    laws = case["meta"]["laws"]
    assert laws, "a case shows at least one law"
    for rule_id in laws:
        rule = rulebook.get(rule_id)
        assert path.stem in rule.cases, f"{rule_id}'s `cases` should list {path.stem}"
    prefix = path.stem.split("-")[0]
    assert prefix == "game" or normalise_id(prefix) in {normalise_id(law) for law in laws}, \
        "a case is named after the first law it shows, or is a whole game"



def test_every_rule_a_case_expects_a_finding_of_lists_it(rulebook):
    """SPEC §1: a rule's entry carries the cases that show it; a case whose expected
    findings cite it shows it, whether or not its `meta.laws` names it (L29 left out twelve)."""
    unlisted = sorted({(finding["id"], path.stem) for path in CASES
                       for finding in load_case(path)["meta"]["expect"]["findings"]
                       if path.stem not in rulebook.get(finding["id"]).cases})
    assert not unlisted, f"rules whose `cases` should list these: {unlisted}"


def test_every_law_a_log_can_show_has_a_case(rulebook):
    missing = [r.id for r in rulebook.in_order() if r.enforced_by != "not_shown" and not r.cases]
    assert not missing, f"laws without a case: {missing}"


def test_every_case_a_rule_lists_exists(rulebook):
    stems = {p.stem for p in CASES}
    for rule in rulebook.rules.values():
        assert set(rule.cases) <= stems, f"{rule.id} lists a case that does not exist"


def test_the_l27_ruling_says_the_passed_players_counters_stay_in_the_pool():
    """Law 27: he who passes "shall forfeit unconditionally his stake": the ruling on what
    he does after says his counters stay in the pool, and the ledger gives him none back;
    once the pool is taken no counters move (reading 25), and the ruling says that instead."""
    for name, words in [("l27-passed-hand-taken-back", "every counter they have put in stays in the pool"),
                        ("l27-stake-after-pass-and-discard-after-draw",
                         "every counter they have put in stays in the pool"),
                        ("l58-stake-after-uncalled-win", "the pool was taken: no counters move")]:
        report = case_report(next(p for p in CASES if p.stem == name))
        ruling = next(f for f in report["findings"] if f["id"] == "L27")
        assert words in ruling["summary"], (name, ruling["summary"])
        assert not [e for e in report["ledger"] if e["to"] == ruling["player"]], name


def test_the_l63_ruling_after_the_pool_is_taken_says_no_counters_move():
    """Reading 25: after the pool is taken no counters move; Ann, the dealer, whose hand
    is foul by law 47, stakes once Cat's uncalled bet has taken it."""
    log, _ = parse_checked("players Ann Bob Cat Dan; limit 20; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                           "dealt\nCat opens 2; Dan passes; Ann plays 2; Bob passes\nCat discards 0\n"
                           "Ann discards 2; Ann gets 1; Ann gets 1\nCat plays 2; Ann plays 2\n", "x.hand")
    report = replay_log(log)
    ruling = next(f for f in report["findings"] if f["id"] == "L63")
    assert ruling["event"] == 14 and "after the pool was taken: no counters move" in ruling["summary"]
    assert not [e for e in report["ledger"] if e["event"] == 14]


def test_a_stake_by_a_stander_retired_by_d5_is_d5s_not_l27s():
    """Reading 25: a stake by one whose part is closed is judged under the law that closed
    it. Cat stood, and when the turn came round again staked 2 against 4: D5 retires her;
    her stake of 4 after that is D5's too, not law 27's (she never passed), and its 2
    counters go to the pool, not yet taken."""
    log, _ = parse_checked("players Ann Bob Cat Dan; limit 10; ante 1\nAnn deals; Ann shuffles; Dan cuts; Bob antes 1\n"
                           "dealt\nCat opens 2; Dan plays 2; Ann plays 2; Bob plays 2\n"
                           "Bob discards 0; Cat discards 0; Dan discards 0; Ann discards 0\n"
                           "Cat plays 2; Dan plays 4; Ann plays 4; Bob plays 4; Cat plays 2\nCat plays 4\n", "x.hand")
    report = replay_log(log)
    assert [(f["id"], f["event"], f["player"]) for f in report["findings"]] == [("D5", 17, "Cat"), ("D5", 18, "Cat")]
    assert [(e["from"], e["amount"]) for e in report["ledger"] if e["event"] == 18] == [("Cat", 2)]


def test_a_sharer_of_a_show_for_a_sum_paid_nothing_is_no_winner():
    """§4: `winners` are those paid from the pool. In a jack-pot Ann and Bob, equal two
    pairs, both show for a sum of 0: law 60 gives them Dan's ante, 1, which cannot be split;
    the odd counter goes to Ann (A4), Bob is paid nothing, and Cat, next best, the rest."""
    log, _ = parse_checked(
        "players Ann Bob Cat Dan Eve; limit 20; ante 1\nAnn deals; Ann shuffles; Eve cuts; Bob antes 1\n"
        "dealt\nCat passes; Dan passes; Eve passes; Ann passes; Bob passes\n"
        "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Eve antes 1; Ann antes 1; Bob antes 1\n"
        "dealt Cat (Qc Qd 4h 4s 3d), Dan (2h 3h 6d 8s Tc), Eve (Jc Jd 6c 7d 8c), Ann (Kc Kd 5h 5s 2c), "
        "Bob (Kh Ks 5d 5c 9h)\nCat opens 2; Dan passes; Eve plays 2; Ann demands show 0; Bob demands show 0\n"
        "Cat discards 0; Eve discards 0; Ann discards 0; Bob discards 0\nCat plays 2; Eve plays 2\n"
        "Ann shows (Kc Kd 5h 5s 2c); Bob shows (Kh Ks 5d 5c 9h); Cat shows (Qc Qd 4h 4s 3d); "
        "Eve shows (Jc Jd 6c 7d 8c)\n", "x.hand")
    report = replay_log(log)
    assert [(e["to"], e["amount"]) for e in report["ledger"] if e["what"] == "win"] == [("Ann", 1), ("Cat", 9)]
    assert report["games"][1]["winners"] == ["Cat", "Ann"]


NOTED = sorted(CASES[0].parent.glob("**/*.json"))


@pytest.mark.parametrize("path", NOTED, ids=[p.stem for p in NOTED])
def test_the_movements_a_cases_notes_tell_are_the_ledgers(path):
    """A case teaches by its `why` notes ("Event 16: pool -> Cat 8 (win …)"): each movement
    of counters they tell is a line of the ledger at that event. Nine notes named the win
    recorded after the pool was paid, or the show before the opener's, not the event that
    pays it."""
    meta = load_case(path)["meta"]
    ledger = {(line["from"], line["to"], line["amount"], line["event"])
              for line in case_report(path, meta.get("house"))["ledger"]}
    told = [(m[2], m[3], int(m[4]), int(m[1])) for note in meta["expect"].get("why", [])
            for m in re.finditer(r"Events? (\d+): (\w+) -> (\w+) (\d+)", note)]
    assert [movement for movement in told if movement not in ledger] == []
