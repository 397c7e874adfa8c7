"""`arbiter quiz`: which law applies, and what follows? Asked from the shipped cases.

The learner may stop at any moment (`quit`, Ctrl-D, Ctrl-C) and is given the score so
far; an answer that is not understood is asked again with a hint, never marked wrong.
When the answers come from a pipe they are echoed, so a scripted run reads as a session.
"""

from __future__ import annotations

import json
import random
import sys

import click

from arbiter.bulk import build_rulebook
from arbiter.cli.app import Count, cli, split_names
from arbiter.quiz import Question, build_quiz, explanation_lines, laws_to_ask, question_lines, read_law, shipped_cases
from arbiter.render.formats import QUIZ_FORMATS
from arbiter.rulebook.model import SECTIONS, Rulebook

QUIT = {"quit", "q", "exit", "stop"}
LAW_HINT = "Name a law: L13, 13 or law 13 (quit ends the quiz)."


class Stop(Exception):
    """The learner ended the quiz: `quit`, Ctrl-D or Ctrl-C (`interrupted`)."""

    def __init__(self, interrupted: bool) -> None:
        super().__init__()
        self.interrupted = interrupted


def answer(prompt: str) -> str:
    """One line typed after the prompt; `quit`, end of input and Ctrl-C raise Stop."""
    click.echo(f"{prompt}: ", nl=False)
    try:
        line = sys.stdin.readline()
    except KeyboardInterrupt:
        click.echo("")
        raise Stop(interrupted=True) from None
    if not line:
        click.echo("")
        raise Stop(interrupted=False)
    typed = line.strip()
    if not sys.stdin.isatty():
        click.echo(typed)
    if typed.lower() in QUIT:
        raise Stop(interrupted=False)
    return typed


def ask_law(rulebook: Rulebook) -> str:
    """A rule ID, asked until the answer names a rule of the book."""
    while True:
        typed = answer("Which law applies? (e.g. L13)")
        named = read_law(typed)
        if named in rulebook.rules:
            return named
        click.echo(LAW_HINT if typed in ("", "?", "help") else f"{typed!r} names no law here. {LAW_HINT}")


def ask_choice(count: int) -> int:
    """A number from 1 to `count`, asked until it is one."""
    while True:
        typed = answer(f"Your choice (1-{count})")
        if typed.isascii() and typed.isdigit() and 1 <= int(typed) <= count:  # `²` is a digit int() refuses
            return int(typed)
        click.echo(f"Answer with a number from 1 to {count} (quit ends the quiz).")


@cli.command()
@click.option("--seed", type=int, help="Fix the questions and their order (without it, a seed is drawn and shown).")
@click.option("--questions", "count", type=Count(1, None), default=5, metavar="N", show_default=True,
              help="How many questions (at most one per case with a finding).")
@click.option("--law", "named", metavar="ID[,ID]", multiple=True, help="Ask only these laws.")
@click.option("--section", type=click.Choice(SECTIONS),
              help="Ask only the laws of this section (with --law: those too).")
@click.option("--format", "fmt", type=click.Choice(QUIZ_FORMATS), default="text", show_default=True,
              help="text: ask them; json: print the questions and their answers, asking nothing; html: a quiz "
                   "sheet for a class, the answers at the end.")
def quiz(seed: int | None, count: int, named: tuple[str, ...], section: str | None, fmt: str) -> int:
    """Learn the laws from the cases: see a game up to an irregularity, name the law, say what follows."""
    seed = random.randrange(10_000) if seed is None else seed
    rulebook = build_rulebook(None)
    cases = shipped_cases(rulebook)
    asked = [law for value in named for law in split_names(value)]
    if named and not asked:  # `--law ""`: a slip, not a quiz on every law
        raise click.BadParameter(f"{' '.join(named)!r} names no law", param_hint="--law")
    laws = laws_to_ask(rulebook, cases, asked, section)
    questions = build_quiz(rulebook, seed, count, laws, cases)
    if fmt == "json":
        click.echo(json.dumps({"seed": seed, "questions": [q.to_dict() for q in questions]},
                              indent=2, ensure_ascii=False))
        return 0
    if fmt == "html":
        from arbiter.render.quiz_sheet import render_quiz_html  # only the sheet needs it

        click.echo(render_quiz_html(questions, seed), nl=False)
        return 0
    many = "question" if len(questions) == 1 else "questions"
    click.echo(f"{len(questions)} {many} from the cases (seed {seed}: --seed {seed} asks the same again).")
    score: list[bool] = []  # one entry per part answered: right or not
    try:
        for number, question in enumerate(questions, 1):
            _ask(question, number, len(questions), rulebook, score)
    except Stop as stop:
        click.echo(f"\nStopped. Your score: {sum(score)} of {len(score)}.")
        return 130 if stop.interrupted else 0
    click.echo(f"\nYour score: {sum(score)} of {len(score)}.")
    return 0


def _ask(question: Question, number: int, total: int, rulebook: Rulebook, score: list[bool]) -> None:
    """Ask one question's two parts, say whether each answer is right (kept in `score`), explain."""
    click.echo("")
    click.echo("\n".join(question_lines(question, number, total)))
    score.append(question.accepts_law(ask_law(rulebook)))
    if score[-1]:
        click.echo(f"Right: {question.law}, {question.law_title.lower()}.")
    else:
        click.echo(f"Not so: it is {question.law}, {question.law_title.lower()}.")
    click.echo(f"What follows from {question.law}?")
    for choice, text in enumerate(question.choices, 1):
        click.echo(f"  {choice}. {text}")
    score.append(ask_choice(len(question.choices)) == question.answer + 1)
    if score[-1]:
        click.echo("Right.")
    else:
        click.echo(f"Not so: the answer is {question.answer + 1}.")
    click.echo("Why:")
    click.echo("\n".join(f"  {line}" for line in explanation_lines(question)))
