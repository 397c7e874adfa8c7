"""`arbiter quiz`: which law applies, and what follows? Asked from the shipped cases."""

from __future__ import annotations

import json
import random

import click

from arbiter.cli.app import cli, rulebook_with
from arbiter.quiz import Question, build_quiz, explanation_lines, question_lines


@cli.command()
@click.option("--seed", type=int, help="Fix the questions and their order (without it, a seed is drawn and shown).")
@click.option("--questions", "count", type=click.IntRange(1, None), default=5, show_default=True,
              help="How many questions (at most one per case with a finding).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: ask them; json: print the questions and their answers, asking nothing.")
def quiz(seed: int | None, count: int, fmt: str) -> int:
    """Learn the laws from the cases: see a game up to an irregularity, name the law, say what follows."""
    seed = random.randrange(10_000) if seed is None else seed
    questions = build_quiz(rulebook_with(None), seed, count)
    if fmt == "json":
        click.echo(json.dumps({"seed": seed, "questions": [q.to_dict() for q in questions]},
                              indent=2, ensure_ascii=False))
        return 0
    many = "question" if len(questions) == 1 else "questions"
    click.echo(f"{len(questions)} {many} from the cases (seed {seed}: --seed {seed} asks the same again).")
    score = sum(_ask(question, number, len(questions)) for number, question in enumerate(questions, 1))
    click.echo(f"\nYour score: {score} of {2 * len(questions)}.")
    return 0


def _ask(question: Question, number: int, total: int) -> int:
    """Ask one question's two parts, say whether each answer is right, explain; the points won."""
    click.echo("")
    click.echo("\n".join(question_lines(question, number, total)))
    points = 0
    named = click.prompt("Which law applies? (e.g. L13)", type=str)
    if question.accepts_law(named):
        points += 1
        click.echo(f"Right: {question.law}, {question.law_title.lower()}.")
    else:
        click.echo(f"Not so: it is {question.law}, {question.law_title.lower()}.")
    click.echo(f"What follows from {question.law}?")
    for choice, text in enumerate(question.choices, 1):
        click.echo(f"  {choice}. {text}")
    picked = click.prompt(f"Your choice (1-{len(question.choices)})", type=click.IntRange(1, len(question.choices)))
    if picked == question.answer + 1:
        points += 1
        click.echo("Right.")
    else:
        click.echo(f"Not so: the answer is {question.answer + 1}.")
    click.echo("Why:")
    click.echo("\n".join(f"  {line}" for line in explanation_lines(question)))
    return points
