"""`arbiter quiz`: questions from the shipped cases, answers checked, explained and scored."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from arbiter.cli import cli
from arbiter.quiz import NOTHING_FURTHER, build_quiz, consequence, question_for, read_law, shipped_cases


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(cli, ["quiz", *args], input=input)


@pytest.fixture(scope="module")
def cases(rulebook):
    return shipped_cases(rulebook)


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("answer", ["L13", "13", "l13", " law 13 ", "Law13", "L013"])
def test_a_law_may_be_named_as_one_likes(answer):
    assert read_law(answer) == "L13"


def test_right_answers_score_and_the_explanation_quotes_the_law(rulebook):
    questions = build_quiz(rulebook, seed=11, count=3)
    typed = "".join(f"{q.law.lower().lstrip('l')}\n{q.answer + 1}\n" for q in questions)  # "13", not "L13"
    result = run("--seed", "11", "--questions", "3", input=typed)
    assert result.exit_code == 0, result.output
    assert "Your score: 6 of 6." in result.output
    assert result.output.count("Right") == 6
    for question in questions:
        assert flat(question.law_text) in flat(result.output)
        assert flat(question.summary) in flat(result.output)
        for line in question.why:
            assert flat(line) in flat(result.output)


def test_wrong_answers_do_not_score_and_are_corrected(rulebook):
    questions = build_quiz(rulebook, seed=11, count=3)
    typed = "".join(f"D99\n{(q.answer + 1) % len(q.choices) + 1}\n" for q in questions)
    result = run("--seed", "11", "--questions", "3", input=typed)
    assert result.exit_code == 0, result.output
    assert "Your score: 0 of 6." in result.output
    for question in questions:
        assert f"Not so: it is {question.law}" in result.output
        assert f"Not so: the answer is {question.answer + 1}." in result.output
        assert flat(question.law_text) in flat(result.output)  # explained all the same


def test_half_right_scores_half(rulebook):
    question = build_quiz(rulebook, seed=5, count=1)[0]
    result = run("--seed", "5", "--questions", "1", input=f"{question.law}\n{(question.answer + 1) % 4 + 1}\n")
    assert "Your score: 1 of 2." in result.output


def test_the_same_seed_asks_the_same_questions():
    first = json.loads(run("--seed", "7", "--questions", "6", "--format", "json").output)
    again = json.loads(run("--seed", "7", "--questions", "6", "--format", "json").output)
    other = json.loads(run("--seed", "8", "--questions", "6", "--format", "json").output)
    assert first == again
    assert [q["case"] for q in first["questions"]] != [q["case"] for q in other["questions"]]
    assert first["seed"] == 7 and len(first["questions"]) == 6
    assert len({q["case"] for q in first["questions"]}) == 6  # one question per case


def test_json_questions_carry_their_answers(rulebook):
    document = json.loads(run("--seed", "3", "--questions", "4", "--format", "json").output)
    for question in document["questions"]:
        assert 0 <= question["answer"] < len(question["choices"])
        assert question["law_text"] == " ".join(rulebook.get(question["law"]).text.split())
        assert question["story"][-1]["event"] == question["event"]


def test_no_seed_draws_one_and_says_which(rulebook):
    result = run("--questions", "1", "--format", "json")
    seed = json.loads(result.output)["seed"]
    assert json.loads(run("--seed", str(seed), "--questions", "1", "--format", "json").output) == \
        json.loads(result.output)


def test_more_questions_than_cases_asks_each_case_once(cases):
    with_findings = sum(1 for case in cases if case.report["findings"])
    document = json.loads(run("--seed", "1", "--questions", "1000", "--format", "json").output)
    assert len(document["questions"]) == with_findings


def test_every_shipped_case_with_findings_can_make_a_question_of_each_finding(cases, rulebook):
    rng = random.Random(0)
    with_findings = [case for case in cases if case.report["findings"]]
    assert len(with_findings) > 50
    for case in with_findings:
        for finding in case.report["findings"]:
            question = question_for(case, finding, cases, rulebook, rng)
            where = f"{case.name}, {finding['id']} at event {finding['event']}"
            assert question.accepts_law(finding["id"]), where
            assert question.choices[question.answer] == consequence(finding["effects"]), where
            assert len(question.choices) == 4 and len(set(question.choices)) == 4, where
            assert question.story and question.story[-1]["event"] == finding["event"], where
            assert question.law_text == " ".join(rulebook.get(finding["id"]).text.split()), where
            assert question.why, where


def test_a_wrong_choice_is_never_what_a_law_ruled_at_that_event_orders(cases, rulebook):
    rng = random.Random(1)
    for case in cases:
        for finding in case.report["findings"]:
            question = question_for(case, finding, cases, rulebook, rng)
            ruled_here = {consequence(f["effects"]) for f in case.report["findings"] if f["event"] == finding["event"]
                          and f["effects"]}
            wrong = set(question.choices) - {question.choices[question.answer]}
            assert not wrong & ruled_here, f"{case.name}: {wrong & ruled_here}"


def test_a_finding_that_orders_nothing_answers_nothing_further(cases, rulebook):
    case, finding = next((c, f) for c in cases for f in c.report["findings"] if not f["effects"])
    question = question_for(case, finding, cases, rulebook, random.Random(2))
    assert question.choices[question.answer] == NOTHING_FURTHER


def test_the_story_stops_at_the_event_and_keeps_what_follows_back(cases, rulebook):
    case = next(c for c in cases if c.name == "l13-foul-hand-lifted")
    finding = case.report["findings"][0]
    question = question_for(case, finding, cases, rulebook, random.Random(0))
    assert question.story[-1]["event"] == finding["event"]
    assert case.log["events"][question.story[0]["event"]]["type"] == "deal"  # the game told from its deal
    told = " ".join(step["words"] for step in question.story)
    assert "lifts" in question.story[-1]["words"]
    assert "refund" not in told and "Still in" not in question.story[-1]["words"]  # the answer, not given away
