"""The rule book compiled to Python (`arbiter/engine/codegen.py`) against the interpreter.

The closures of `expressions.py` are the reference (`ARBITER_INTERPRET=1`): every shipped
case, under Peel's laws and under every shipped house file, and simulated sessions give
the same whole report (and the same table after every event) both ways. The generated
source holds every check, is current for Peel's rule book as shipped, keeps the values of
rule and house files as data, and is never run from a stale or foreign file.
"""

from __future__ import annotations

import ast
import json
import os
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from arbiter.checker import check_file, replay_with_trace
from arbiter.engine import codegen
from arbiter.engine.compiled import CompiledRules
from arbiter.engine.expressions import Binding
from arbiter.engine.replay import Replay
from arbiter.engine.table import BINDING
from arbiter.resources import cases_dir, rules_dir
from arbiter.rulebook.house import apply_house, read_house, shipped_house_files
from arbiter.rulebook.model import rule_from_dict
from arbiter.rulebook.vocabulary.grammar import BOOLEAN_FACTS, NUMBERS, PERSONS
from arbiter.simulator import simulate_log
from arbiter.state import Phase

CASES = sorted([*cases_dir().glob("*.json"), *cases_dir().glob("house/*.json"), *cases_dir().glob("text/*.hand")])
HOUSES = sorted(shipped_house_files())
SESSIONS = [(20_000 + seed, 2 + seed % 9, 10) for seed in range(40)]  # 400 games in the normal run
SLOW_SESSIONS = [(30_000 + seed, 2 + seed % 9, 10) for seed in range(1_000)]  # 10,000 games
PLANT_RATES = (0.0, 0.3, 0.6, 1.0)


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    """The checks of house rule books are written to a cache of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("ARBITER_INTERPRET", raising=False)


@pytest.fixture(scope="module")
def rulebooks(rulebook):
    """Peel's rule book and one under each shipped house file."""
    return {"peel": rulebook, **{name: apply_house(rulebook, read_house(name)) for name in HOUSES}}


def _both_ways(monkeypatch, run):
    """`run()` with the generated checks, then with the interpreter."""
    generated = run()
    monkeypatch.setenv("ARBITER_INTERPRET", "1")
    interpreted = run()
    monkeypatch.delenv("ARBITER_INTERPRET")
    return generated, interpreted


def test_the_generated_checks_decide_every_trigger_and_the_interpreter_none(rulebooks):
    for name, rulebook in rulebooks.items():
        generated = Replay.compile(rulebook)
        interpreted = Replay.compile(rulebook, interpret=True)
        assert set(generated.deciders) == set(generated.by_trigger), name
        assert interpreted.deciders == {}, name
        assert generated.by_trigger is interpreted.by_trigger  # the same checks, drafted alike


def test_the_environment_variable_selects_the_interpreter(rulebook, monkeypatch):
    monkeypatch.setenv("ARBITER_INTERPRET", "1")
    assert Replay.compile(rulebook).deciders == {}
    monkeypatch.setenv("ARBITER_INTERPRET", "0")
    assert Replay.compile(rulebook).deciders


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_every_case_gives_the_same_report_both_ways_under_every_house(path, rulebooks, monkeypatch):
    for name, rulebook in rulebooks.items():
        generated, interpreted = _both_ways(monkeypatch, lambda: check_file(path, rulebook))
        assert generated == interpreted, name


def _sessions_agree(sessions, rulebooks, monkeypatch):
    books = list(rulebooks.values())
    findings = 0
    for seed, players, games in sessions:
        log, _ = simulate_log(seed, players, games, PLANT_RATES[seed % len(PLANT_RATES)])
        rulebook = books[0] if seed % 2 else books[seed // 2 % len(books)]  # Peel's for half of them
        generated, interpreted = _both_ways(monkeypatch, lambda: replay_with_trace(log, rulebook))
        assert generated == interpreted, f"seed {seed}"
        findings += len(generated[0]["findings"])
    assert findings > len(sessions)  # the plants were found: the checks held, not only failed


def test_simulated_games_give_the_same_reports_and_tables_both_ways(rulebooks, monkeypatch):
    _sessions_agree(SESSIONS, rulebooks, monkeypatch)


@pytest.mark.slow
def test_ten_thousand_simulated_games_give_the_same_reports_both_ways(rulebooks, monkeypatch):
    _sessions_agree(SLOW_SESSIONS, rulebooks, monkeypatch)


def test_a_wrong_decider_is_caught_by_the_comparison(rulebook, monkeypatch):
    """The comparison can fail: a trigger whose generated function drops its last check
    changes the report of a case that check concerns."""
    path = cases_dir() / "l19-ante-over-half-limit.json"
    rules = Replay.compile(rulebook)
    right = rules.deciders["ante"]
    monkeypatch.setitem(rules.deciders, "ante", lambda ctx, actor, draft: right(ctx, actor, draft)[:-1])
    generated, interpreted = _both_ways(monkeypatch, lambda: check_file(path, rulebook))
    assert generated != interpreted


def _generated_tree(rules: CompiledRules) -> ast.Module:
    return ast.parse(codegen.generate_source(rules))


def _table(tree: ast.Module) -> dict:
    (found,) = [node.value for node in tree.body if isinstance(node, ast.Assign) and node.targets[0].id == "CHECKS"]
    return ast.literal_eval(found)


def test_every_check_of_every_rule_in_force_is_in_the_generated_module(rulebooks):
    for name, rulebook in rulebooks.items():
        rules = Replay.compile(rulebook, interpret=True)
        tree = _generated_tree(rules)
        table = _table(tree)
        functions = {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
        expected = 0
        for rule in rulebook.in_order():
            for index, check in enumerate(rule.checks):
                for trigger in check.on:
                    if trigger == "followed":
                        continue
                    held = (rule.id, index) in table.get(trigger, ())
                    assert held == rulebook.active(rule.id), (name, rule.id, index, trigger)
                    assert f"decide_{trigger}" in functions or not held
                    expected += held
        assert expected == sum(len(checks) for checks in table.values()) > 100


def test_the_shipped_module_is_current(rulebook):
    """Peel's rule book ships its generated checks beside compiled.json, as that is
    shipped. When this fails after a rule changed, any replay in the checkout rewrites
    the file; after a change to the generator, raise `codegen.GENERATOR_VERSION` too."""
    shipped = (rules_dir() / codegen.SHIPPED_NAME).read_text(encoding="utf-8")
    assert shipped == codegen.generate_source(Replay.compile(rulebook, interpret=True))


def test_a_house_rule_book_has_another_hash_and_its_checks_go_to_the_user_cache(rulebooks, tmp_path):
    peel = codegen.rulebook_hash(Replay.compile(rulebooks["peel"], interpret=True))
    for name in HOUSES:
        stamp = codegen.rulebook_hash(Replay.compile(rulebooks[name], interpret=True))
        assert stamp != peel, name
    rules = Replay.compile(_fresh(rulebooks["blaze"]))
    written = codegen.cache_dir() / f"{codegen.CACHE_PREFIX}{codegen.rulebook_hash(rules)}.py"
    assert rules.deciders and written.exists()
    assert written.stat().st_mode & 0o777 == 0o600
    assert written.parent.stat().st_mode & 0o777 == 0o700


def _fresh(rulebook):
    """A copy of the rule book (compiled anew, not taken from the per-book caches)."""
    return rulebook.replace()


def test_a_stale_or_tampered_cache_file_is_never_run(rulebooks, tmp_path):
    rulebook = rulebooks["joker"]
    rules = Replay.compile(rulebook, interpret=True)
    stamp = codegen.rulebook_hash(rules)
    cached = codegen.cache_dir() / f"{codegen.CACHE_PREFIX}{stamp}.py"
    cached.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    marker = tmp_path / "ran"
    payload = f"open({str(marker)!r}, 'w').close()\n"
    for text in (
        payload,  # no stamp at all
        f"RULEBOOK_HASH = {'0' * 64!r}\n" + payload,  # another rule book's
        f"\nRULEBOOK_HASH = {stamp!r}\n" + payload,  # the stamp, but not our checks: no builtins to open with
    ):
        cached.write_text(text)
        os.chmod(cached, 0o600)
        assert Replay.compile(_fresh(rulebook)).deciders
        assert not marker.exists()
        assert cached.read_text() == codegen.generate_source(rules)  # replaced by the right one
    cached.write_text(f"\nRULEBOOK_HASH = {stamp!r}\n" + payload)
    os.chmod(cached, 0o666)  # anyone could have written it: not read
    assert Replay.compile(_fresh(rulebook)).deciders and not marker.exists()


CLUB_RULE = """\
rules:
  - id: H1
    section: play
    title: A test of values that look like code
    authority: house
    source: {{}}
    text: A value of a rule is data, whatever it says.
    enforced_by: finding
    severity: irregularity
    parameters: {{}}
    defines: {{}}
    checks:
      - when:
          "on": [divulge]
          if:
            any:
              - {{phase: {value}}}
              - {{pointed_out: {{issue: {value}, about: actor}}}}
        then: []
        player: actor
        summary: "{{actor}} divulged"
    interpretations: []
    cases: []
"""

NASTY = [
    "__import__('os').system('touch pwned')",
    "x'); __import__('os').system('touch pwned'); ('",
    'say"\n__import__("os")\n#',
    "\\' + open('/etc/passwd').read() + \\'",
    "{actor}\u2028\x00",
]


@pytest.mark.parametrize("value", NASTY)
def test_values_of_a_house_file_that_look_like_code_stay_data(value, rulebook, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    house = tmp_path / "nasty.yaml"
    house.write_text(CLUB_RULE.format(value=json.dumps(value)), encoding="utf-8")
    housed = apply_house(rulebook, read_house(str(house)))
    rules = Replay.compile(housed, interpret=True)
    tree = _generated_tree(rules)
    constants = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)]
    assert constants.count(value) == 2  # the phase and the issue, each one literal of that very text
    called = {node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    assert called <= {"arithmetic", "each_round", "draft"} | {n for n in called if n[:2] in ("w_", "f_", "p_")}
    assert not any(isinstance(node, (ast.Import, ast.ImportFrom)) for node in ast.walk(tree))
    log = json.loads((cases_dir() / "l28-retired-player-divulges.json").read_text())
    generated, interpreted = _both_ways(monkeypatch, lambda: replay_with_trace(log, housed))
    assert generated == interpreted
    assert Replay.compile(housed).deciders["divulge"]
    assert not (tmp_path / "pwned").exists()


@pytest.mark.parametrize("value", [float("nan"), float("inf"), {1: "a"}, (1, 2), b"x", {"k": object()}])
def test_what_is_not_plain_data_is_never_written_as_source(value):
    with pytest.raises(codegen.CodegenError):
        codegen.literal(value)


def test_a_text_whose_repr_lies_is_refused():
    class Sly(str):
        def __repr__(self) -> str:
            return "__import__('os')"

    with pytest.raises(codegen.CodegenError):
        codegen.literal(Sly("say"))


@pytest.mark.parametrize("value", [*NASTY, 0, -3, 0.5, 1e300, True, None, ["JJ", "QQ"], {"a": [1, None]}])
def test_a_literal_reads_back_as_the_same_value(value):
    assert ast.literal_eval(codegen.literal(value)) == value


def test_a_word_whose_name_is_not_an_identifier_sends_the_rule_book_to_the_interpreter(rulebook):
    word = "dealer or __import__('os')"
    binding = Binding({**BINDING.words, word: BINDING.words["dealer"]}, BINDING.functions, BINDING.predicates)
    data = json.loads(textwrap.dedent("""\
        {"id": "H1", "section": "play", "title": "t", "authority": "house", "source": {}, "text": "t",
         "enforced_by": "finding", "severity": "irregularity", "checks": [
           {"when": {"on": ["divulge"], "if": {"eq": ["actor", "WORD"]}}, "player": "actor", "summary": "s"}]}
    """).replace("WORD", word))
    odd = rulebook.replace(rules={**rulebook.rules, "H1": rule_from_dict(data)})
    rules = CompiledRules(odd, binding)
    with pytest.raises(codegen.CodegenError):
        codegen.generate_source(rules)
    assert codegen.generated_deciders(rules) == {}


def test_generated_source_for_a_changed_rule_book_is_not_taken_from_the_shipped_file(rulebook):
    """A parameter changed by a house file changes the hash: the shipped module (Peel's)
    is passed over, and the generated checks inline the house's value."""
    housed = apply_house(rulebook, {"name": "t", "parameters": {"max_ante_fraction_of_limit": 0.25}})
    rules = Replay.compile(housed, interpret=True)
    assert codegen.rulebook_hash(rules) != codegen.rulebook_hash(Replay.compile(rulebook, interpret=True))
    assert "0.25" in codegen.generate_source(rules)
    assert Replay.compile(housed).deciders
    assert (codegen.cache_dir() / f"{codegen.CACHE_PREFIX}{codegen.rulebook_hash(rules)}.py").exists()


def test_the_cache_keeps_only_the_last_rule_books_written(rulebook, monkeypatch):
    monkeypatch.setattr(codegen, "CACHE_KEEP", 3)
    stamps = []
    for fraction in (0.125, 0.25, 0.375, 0.4, 0.45):
        housed = apply_house(rulebook, {"name": "t", "parameters": {"max_ante_fraction_of_limit": fraction}})
        assert Replay.compile(housed).deciders
        stamps.append(codegen.rulebook_hash(Replay.compile(housed, interpret=True)))
    kept = {path.name for path in codegen.cache_dir().glob(f"{codegen.CACHE_PREFIX}*.py")}
    assert kept == {f"{codegen.CACHE_PREFIX}{stamp}.py" for stamp in stamps[-3:]}


# --- any condition the vocabulary can write: the same verdicts, the same exceptions --------
PEOPLE = st.recursive(
    st.sampled_from(sorted(set(PERSONS) - {"penalty", "win", "late_stake"})),
    lambda inner: st.builds(lambda f, p: {f: p}, st.sampled_from(["left_of", "right_of"]), inner),
    max_leaves=2)
NUMBER = st.recursive(
    st.one_of(st.sampled_from(sorted(NUMBERS)), st.integers(-2, 40), st.none(),
              st.sampled_from([{"param": "opening_multiple_of_ante"}, {"param": "max_ante_fraction_of_limit"}]),
              st.builds(lambda f, p: {f: p}, st.sampled_from(["stake_of", "hand_size_of", "discard_of", "given_to"]),
                        PEOPLE)),
    lambda inner: st.one_of(
        st.builds(lambda f, a, b: {f: [a, b]}, st.sampled_from(["add", "sub", "mul", "min", "max"]), inner, inner),
        st.builds(lambda a, b: {"first_of": [a, b]}, inner, inner)),
    max_leaves=3)
CONDITION = st.recursive(
    st.one_of(
        st.sampled_from(sorted(BOOLEAN_FACTS)),
        st.builds(lambda op, a, b: {op: [a, b]}, st.sampled_from(["lt", "le", "gt", "ge", "eq", "ne"]), NUMBER, NUMBER),
        st.builds(lambda op, a, b: {op: [a, b]}, st.sampled_from(["eq", "ne"]), PEOPLE, PEOPLE),
        st.builds(lambda f, p: {f: p}, st.sampled_from(["in_game", "foul", "stood", "winner", "spoke",
                                                         "bet_after_draw", "is_set"]), PEOPLE),
        st.builds(lambda n: {"is_set": n}, NUMBER),
        st.builds(lambda p: {"in": [p, "disputants"]}, PEOPLE),
        st.builds(lambda name: {"phase": name}, st.sampled_from([str(p) for p in Phase])),
        st.builds(lambda name: {"out_of_turn": name}, st.sampled_from(["say", "bet", "draw", "deal", "show"]))),
    lambda inner: st.one_of(
        st.builds(lambda f, parts: {f: parts}, st.sampled_from(["all", "any"]), st.lists(inner, min_size=1, max_size=3)),
        st.builds(lambda c: {"not": c}, inner)),
    max_leaves=6)
TRIGGERS_TRIED = ["play", "pass", "open", "card", "give", "discard", "deal", "show", "deal_finished", "say_closed"]
LOGS = [cases_dir() / name for name in ("game-betting-six-players-straddle-jackpot-shared-pool.json",
                                        "game-deal-six-players-misdeal-false-opener.json",
                                        "l33-false-opener-penalty.json")]


def _club_rule(trigger: str, conditions: list, for_each: list[bool]) -> dict:
    checks = [{"when": {"on": [trigger], "if": condition, **({"for_each": "players"} if each else {})},
               "then": [], "player": "each" if each else "actor", "summary": "{actor}: a condition held"}
              for condition, each in zip(conditions, for_each)]
    return {"name": "random", "rules": [{
        "id": "H1", "section": "play", "title": "Random conditions", "authority": "house", "source": {},
        "text": "Conditions drawn at random.", "enforced_by": "finding", "severity": "irregularity",
        "parameters": {}, "defines": {}, "checks": checks, "interpretations": [], "cases": []}]}


def _outcome(run):
    try:
        return run()
    except Exception as exc:  # the same exception, raised at the same place, is the same outcome
        return ("raised", type(exc).__name__, str(exc))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(trigger=st.sampled_from(TRIGGERS_TRIED), conditions=st.lists(CONDITION, min_size=1, max_size=4),
       for_each=st.lists(st.booleans(), min_size=4, max_size=4))
def test_any_condition_gives_the_same_verdicts_and_exceptions_both_ways(rulebook, trigger, conditions, for_each):
    housed = apply_house(rulebook, _club_rule(trigger, conditions, for_each))
    generated_rules, interpreted_rules = Replay.compile(housed), Replay.compile(housed, interpret=True)
    assert generated_rules.deciders.get(trigger)
    for path in LOGS:
        log = json.loads(path.read_text(encoding="utf-8"))

        def replayed(rules):
            replay = Replay(log, rules, trace=True)
            replay.run()
            return replay.findings, replay.table.ledger.entries, replay.games_report, replay.trace

        assert _outcome(lambda: replayed(generated_rules)) == _outcome(lambda: replayed(interpreted_rules))
