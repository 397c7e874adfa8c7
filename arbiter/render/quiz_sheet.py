"""The quiz on paper (`arbiter quiz --format html`): a sheet for a class, the answers at the end.

The questions come first, each as the terminal asks it (the game so far, the table just
before the event, the two parts to answer, the choices), and name neither the case nor
the law; the answers follow on a page of their own when printed, so that they can be
kept back and handed out after. One page, its style inline, no script: it opens the same
anywhere and prints as it shows.
"""

from __future__ import annotations

import html
from typing import Sequence

from arbiter.quiz import Question, case_words, moment_words, ruling_words, seating_words

CSS = """
* { box-sizing: border-box; }
body { margin: 0; background: #fdfbf6; color: #1d1b16; font: 16px/1.5 Georgia, "Palatino Linotype", serif; }
main { max-width: 46rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
h1 { font-size: 1.8rem; line-height: 1.2; margin: 0 0 0.3rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.4rem; border-bottom: 2px solid #1d1b16; }
.note { color: #6b6455; font-style: italic; margin: 0.2rem 0; }
section { break-inside: avoid; border-bottom: 1px solid #d9d2c3; padding-bottom: 0.8rem; }
ol.story { padding-left: 2.6rem; margin: 0.3rem 0; }
ol.story li { margin: 0.1rem 0; overflow-wrap: anywhere; }
.table { background: #f6f1e6; padding: 0.3rem 0.7rem; border-radius: 4px; overflow-wrap: anywhere; }
.ask { font-weight: bold; margin: 0.6rem 0 0.2rem; }
.blank { display: inline-block; min-width: 6rem; border-bottom: 1px solid #1d1b16; }
ol.choices { margin: 0.2rem 0; }
.answers { break-before: page; }
.answers h3 { font-size: 1.05rem; margin: 1.2rem 0 0.2rem; }
blockquote { margin: 0.4rem 0; padding: 0.3rem 0.9rem; border-left: 3px solid #7a2e1f; background: #f6f1e6; }
ul.why { padding-left: 1.2rem; margin: 0.2rem 0; }
@media print { body { background: none; font-size: 12pt; } main { max-width: none; padding: 0; } }
"""


def render_quiz_html(questions: Sequence[Question], seed: int) -> str:
    """The quiz sheet: every question, then every answer; `seed` says how to ask the same again."""
    many = "question" if len(questions) == 1 else "questions"
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>A quiz on the laws of Draw Poker</title>",
        f"<style>{CSS}</style></head>",
        "<body><main>",
        "<header><h1>A quiz on the laws of Draw Poker</h1>",
        f'<p class="note">{len(questions)} {many} from the cases, by W. H. Peel\u2019s laws (1891) (seed {seed}: '
        f"--seed {seed} asks the same again). For each, name the law that applies, then choose what follows "
        "from it. The answers are at the end.</p></header>",
        *(_question(question, number) for number, question in enumerate(questions, 1)),
        '<div class="answers"><h2>Answers</h2>',
        *(_answer(question, number) for number, question in enumerate(questions, 1)),
        "</div></main></body></html>",
    ]) + "\n"


def _question(question: Question, number: int) -> str:
    story = "".join(f'<li value="{told["event"]}">{_h(told["words"])}</li>' for told in question.story)
    choices = "".join(f"<li>{_h(choice)}</li>" for choice in question.choices)
    before, ask = moment_words(question)
    return (f'<section id="q{number}"><h2>Question {number}</h2><p>{_h(seating_words(question))}</p>'
            f'<p>Game {question.game}, as it went:</p><ol class="story">{story}</ol>'
            f'<p class="table">{_h(before)}</p><p class="ask">{_h(ask)}</p>'
            '<p>a. Which law applies? <span class="blank">&nbsp;</span></p>'
            f'<p>b. What follows from it?</p><ol class="choices">{choices}</ol></section>')


def _answer(question: Question, number: int) -> str:
    ruling = "".join(f"<p>{_h(line)}</p>" for line in ruling_words(question))
    why = "".join(f"<li>{_h(line)}</li>" for line in question.why)
    return (f'<section id="a{number}"><h3>Question {number}: {question.law}, '
            f"{_h(question.law_title.lower())}; choice {question.answer + 1}</h3>"
            f"<p>{_h(question.choices[question.answer])}.</p>"
            f"<blockquote>\u201c{_h(question.law_text)}\u201d</blockquote>{ruling}"
            f'<ul class="why">{why}</ul><p class="note">{_h(case_words(question))}</p></section>')


def _h(text: str) -> str:
    return html.escape(text)
