"""The rule files: every law present, Peel's words exact, parameters named by SPEC §1,
the compiled form in step with the YAML, and malformed files refused clearly."""

from __future__ import annotations

import json
import re
import shutil

import pytest

from arbiter.errors import HouseRulesError, RuleFileError, UnknownRuleError
from arbiter.rulebook.house import apply_house
from arbiter.rulebook.loader import (
    COMPILED_NAME,
    compile_rules,
    load_compiled,
    rule_files,
    rulebook_from_compiled,
    source_hash,
    write_compiled,
)
from arbiter.rulebook.model import normalise_id
from tests.conftest import SHARED, rules_dir

SPEC_PARAMETERS = {
    "cards_per_hand": 5,
    "pack_size": 52,
    "max_ante_fraction_of_limit": 0.5,
    "max_straddle_fraction_of_limit": 0.5,
    "opening_multiple_of_ante": 2,
    "jackpot_openers": ["JJ", "QQ", "KK"],
    "jackpot_series_after_last": "repeat",
    "false_opener_penalty_antes": 2,
    "ace_in_sequences": "low",
    "hearts_break_ties": True,
    "hand_order": ["sequence_flush", "fours", "full", "flush", "sequence", "threes", "two_pairs", "pair",
                   "high_card"],
    "joker": False,
}
NOT_SHOWN = {"L56", "L57", "L62", "L80", "L81"}
RULINGS = {"L9", "L29", "L31", "L32", "L38", "L41", "L42", "L43", "L46", "L50"}


def test_every_law_and_description_rule_is_present(rulebook):
    ids = set(rulebook.rules)
    assert {f"L{n}" for n in range(1, 82)} <= ids
    assert {f"D{n}" for n in range(1, 8)} <= ids
    assert {"A1", "A2", "A3", "A4"} <= ids


def test_rules_come_in_book_order(rulebook):
    order = [r.id for r in rulebook.in_order()]
    assert order[:3] == ["L1", "L2", "L3"]
    assert order.index("L81") < order.index("D1") < order.index("A1")


@pytest.mark.parametrize("name, default", SPEC_PARAMETERS.items())
def test_spec_parameters_exist_with_their_defaults(rulebook, name, default):
    assert rulebook.parameters[name] == default


def test_each_parameter_is_defined_by_one_rule(rulebook):
    owners = rulebook.parameter_owner()
    assert owners["cards_per_hand"] and owners["jackpot_openers"]
    assert sum(len(r.parameters) for r in rulebook.rules.values()) == len(owners)


def test_laws_no_log_can_show_say_why(rulebook):
    for rule_id in NOT_SHOWN:
        rule = rulebook.get(rule_id)
        assert rule.enforced_by == "not_shown"
        assert len(rule.not_shown_because) > 20


def test_rulings_are_rulings_and_arbiter_rules_are_marked_not_peels(rulebook):
    for rule_id in RULINGS:
        assert rulebook.get(rule_id).severity == "ruling", rule_id
    for rule in rulebook.rules.values():
        assert rule.is_peel == (not rule.id.startswith("A"))


def test_misprints_are_corrected_and_recorded(rulebook):
    expected = {"L15": "being dealt.", "L21": "no other player shall do so", "L25": "shall pass",
                "L46": "If there be a dispute", "L47": "forfeit his stake in that game",
                "L78": "on the right of the dealer", "L81": "if one or more rules be abrogated"}
    for rule_id, reading in expected.items():
        rule = rulebook.get(rule_id)
        assert reading in rule.text, rule_id
        assert any(reading.split()[-1] in c["reading"] for c in rule.corrections), rule_id


def _normal(text: str) -> str:
    text = re.sub(r"\[\d+\]", " ", text).replace("_", "").replace("\u00b9", "")
    return " ".join(text.split())


@pytest.mark.skipif(not (SHARED / "laws" / "peel-poker-chapter.txt").exists(), reason="shared/ laws not beside the repo")
def test_law_texts_are_peels_words(rulebook):
    chapter = (SHARED / "laws" / "peel-poker-chapter.txt").read_text(encoding="utf-8")
    laws_part = chapter[chapter.index("_The Deal_"):] if "_The Deal_" in chapter else chapter
    body = _normal(laws_part)
    for number in range(1, 82):
        rule = rulebook.get(f"L{number}")
        text = rule.text
        for correction in rule.corrections:
            text = text.replace(correction["reading"], correction["printed"])
        assert _normal(f"{number}. {text}") in body, f"L{number} differs from Peel's text"


def test_compiled_form_is_current():
    """The shipped `compiled.json` is its rule files' (run `python -m arbiter.rulebook.loader`)."""
    folder = rules_dir()
    shipped = json.loads((folder / COMPILED_NAME).read_text(encoding="utf-8"))
    assert shipped["source_hash"] == source_hash(folder, rule_files(folder)), "run: python -m arbiter.rulebook.loader"
    assert compile_rules(folder)["rules"] == shipped["rules"]


def test_a_changed_rule_file_is_compiled_in_memory_and_nothing_is_written(tmp_path):
    folder = tmp_path / "rules"
    shutil.copytree(rules_dir(), folder)
    target = folder / "deal" / "L13.yaml"
    target.write_text(target.read_text().replace("a foul hand\n", "a foul hand (changed)\n", 1))
    before = {path: path.stat().st_mtime_ns for path in folder.rglob("*")}
    compiled = load_compiled(folder)
    rule = next(r for r in compiled["rules"] if r["id"] == "L13")
    assert rule["title"].endswith("(changed)")
    assert {path: path.stat().st_mtime_ns for path in folder.rglob("*")} == before  # no file written or touched
    write_compiled(folder)  # when asked
    assert load_compiled(folder)["source_hash"] == json.loads((folder / COMPILED_NAME).read_text())["source_hash"]


@pytest.mark.parametrize("mutation, field", [
    (lambda s: s.replace('"on": [raise_hand]', '"on": [lfit]'), "checks/0/when/on"),
    (lambda s: s.replace("section: deal", "section: nowhere"), "section"),
    (lambda s: s.replace("- foul_hand: actor", "- explode: actor"), "checks/0/then/0"),
    (lambda s: s + "\nunexpected: 1\n", ""),
])
def test_a_malformed_rule_file_names_the_file_and_the_field(tmp_path, mutation, field):
    folder = tmp_path / "rules"
    shutil.copytree(rules_dir(), folder)
    (folder / COMPILED_NAME).unlink()
    target = folder / "deal" / "L13.yaml"
    target.write_text(mutation(target.read_text()))
    with pytest.raises(RuleFileError) as error:
        load_compiled(folder)
    assert "L13.yaml" in str(error.value)
    assert error.value.field.startswith(field)


def test_a_rule_file_named_after_another_rule_is_refused(tmp_path):
    folder = tmp_path / "rules"
    shutil.copytree(rules_dir(), folder)
    (folder / "deal" / "L13.yaml").rename(folder / "deal" / "L99.yaml")
    with pytest.raises(RuleFileError, match="named L13.yaml"):
        compile_rules(folder)


def test_ids_are_read_loosely_and_unknown_ids_refused(rulebook):
    assert normalise_id(" l013 ") == "L13"
    assert rulebook.get("l46").id == "L46"
    with pytest.raises(UnknownRuleError):
        rulebook.get("L99")


def test_house_rules_change_parameters_and_switch_rules_off(rulebook):
    house = apply_house(rulebook, {"parameters": {"jackpot_openers": ["JJ"]}, "disable": ["l15"], "_file": "h.yaml"})
    assert house.parameters["jackpot_openers"] == ["JJ"]
    assert not house.active("L15") and house.active("L16")
    assert rulebook.parameters["jackpot_openers"] == ["JJ", "QQ", "KK"], "the laws themselves are untouched"


@pytest.mark.parametrize("house, message", [
    ({"parameters": {"no_such_thing": 1}}, "unknown parameter"),
    ({"disable": ["L99"]}, "unknown rule ID"),
    ({"parameters": {"cards_per_hand": "five"}}, "not a whole number"),
    ({"parameters": {"hearts_break_ties": 1}}, "not true or false"),
])
def test_bad_house_rules_are_errors_not_ignored(rulebook, house, message):
    with pytest.raises(HouseRulesError, match=message):
        apply_house(rulebook, {**house, "_file": "h.yaml"})


def test_rulebook_round_trips_through_its_dict_form(rulebook):
    rule = rulebook.get("L46")
    again = rulebook_from_compiled({"rules": [rule.to_dict()]}).get("L46")
    assert again.to_dict() == rule.to_dict()  # every field of its checks included


def test_every_word_of_the_vocabulary_is_documented_for_rule_writers():
    """The grammar is in rules/README.md; every declared word is on the generated vocabulary page."""
    from arbiter.render.vocabulary_page import render_vocabulary_page
    from arbiter.rulebook.vocabulary import grammar as vocabulary

    readme = (rules_dir() / "README.md").read_text(encoding="utf-8")
    grammar = [vocabulary.TRIGGERS, vocabulary.DEFINES, vocabulary.CONSTANTS]
    missing = [word for group in grammar for word in group if not re.search(r"[`{]" + word + r"\b", readme)]
    assert not missing, f"undocumented in rules/README.md: {missing}"
    page = render_vocabulary_page()
    words = [vocabulary.PREDICATES, vocabulary.BOOLEAN_FACTS, vocabulary.PERSONS, vocabulary.NUMBERS,
             vocabulary.FUNCTIONS, vocabulary.EFFECTS, vocabulary.EVENT_FLAGS]
    missing = [word for group in words for word in group if f"| `{word}` |" not in page]
    assert not missing, f"not on docs/vocabulary.md: {missing}"


def test_a_house_hand_order_the_evaluator_does_not_know_is_refused(rulebook):
    order = ["blazes", *rulebook.parameters["hand_order"]]
    with pytest.raises(HouseRulesError, match="blazes"):
        apply_house(rulebook, {"parameters": {"hand_order": order}, "_file": "h.yaml"})


def test_the_engine_binds_every_declared_word_and_applies_every_effect():
    """The compiler's binding is the declarations: a word the checks accept is one the engine can
    evaluate, and nothing else is bound."""
    from arbiter.engine.board import APPLY, BINDING
    from arbiter.rulebook.vocabulary import grammar as vocabulary

    words = {*vocabulary.PERSONS, *vocabulary.NUMBERS, *vocabulary.BOOLEAN_FACTS}
    assert set(BINDING.words) == words
    assert set(BINDING.functions) == set(vocabulary.FUNCTIONS)
    assert set(vocabulary.VALUE_FUNCTIONS) - set(BINDING.functions) == set(vocabulary.GRAMMAR_FUNCTIONS)
    assert set(BINDING.predicates) == set(vocabulary.PREDICATES)
    assert set(APPLY) == set(vocabulary.EFFECTS)


def test_a_word_declared_twice_is_refused():
    from arbiter.rulebook.vocabulary.registry import Words

    words: Words[object] = Words("person")
    words.add("dealer", "the dealer", object())
    with pytest.raises(ValueError, match="declared twice"):
        words.add("dealer", "the dealer again", object())


def test_every_implemented_by_names_a_real_function(rulebook):
    """A rule whose logic lives in the engine's Python says where; each place exists."""
    import importlib

    named = 0
    for rule in rulebook.rules.values():
        for where in rule.implemented_by:
            path, qualname = where.split(":")
            module = importlib.import_module("arbiter." + path.removesuffix(".py").replace("/", "."))
            target = module
            for part in qualname.split("."):
                target = getattr(target, part)
            assert callable(target), where
            named += 1
    assert named >= 20
    for rule_id in ("L61", "L6", "D6", "L39", "L78", "L79"):  # procedures with neither checks nor settings
        assert rulebook.get(rule_id).implemented_by, rule_id


def test_every_declared_word_is_used_by_some_rule():
    """A word no rule uses is dead code in the vocabulary: it goes (the shipped house files count)."""
    import json

    import yaml

    from arbiter.rulebook.vocabulary import grammar as vocabulary

    texts = []
    for path in rules_dir().rglob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for rule in data.get("rules", []) if "name" in data else [data]:  # a house file's club rules
            texts.append(json.dumps([rule.get("checks"), rule.get("defines")]))
    used = "\n".join(texts)
    words = [*vocabulary.PERSONS, *vocabulary.NUMBERS, *vocabulary.BOOLEAN_FACTS, *vocabulary.FUNCTIONS,
             *vocabulary.PREDICATES, *vocabulary.EFFECTS, *vocabulary.CONSTANTS]
    unused = [word for word in words
              if not re.search(r"(?<![A-Za-z_.])" + word + r"(?![A-Za-z])", used)]
    assert not unused, unused
    assert not [flag for flag in vocabulary.EVENT_FLAGS if f"event.{flag}" not in used]
