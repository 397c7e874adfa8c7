"""The optional compiled build: `ARBITER_COMPILE=1 pip install .` compiles the engine and
the leaves it stands on with mypyc; without the variable nothing is compiled (the pure
Python package, the default). Everything else is declared in pyproject.toml."""

from __future__ import annotations

import os

from setuptools import setup

# The replay and what it calls an event at a time, and the one pass that vouches for each
# event of a sound log (reading/sound.py, with the checks it asks, reading/checks.py). The
# rest (the exact reading, the command line, the renderers, the rule book's loader) runs
# once a log or once a run, and stays Python.
COMPILED = [
    "arbiter/cards.py",
    "arbiter/seats.py",
    "arbiter/state.py",
    "arbiter/findings.py",
    "arbiter/words.py",
    "arbiter/reading/checks.py",
    "arbiter/reading/sound.py",
    "arbiter/engine/acts/betting.py",
    "arbiter/engine/acts/dealing.py",
    "arbiter/engine/acts/drawing.py",
    "arbiter/engine/acts/ending.py",
    "arbiter/engine/acts/showing.py",
    "arbiter/engine/board.py",
    "arbiter/engine/chain.py",
    "arbiter/engine/compiled.py",
    "arbiter/engine/expressions.py",
    "arbiter/engine/judge.py",
    "arbiter/engine/ledger.py",
    "arbiter/engine/replay.py",
    "arbiter/engine/showdown.py",
    "arbiter/engine/turns.py",
    "arbiter/rulebook/model.py",
    "arbiter/rulebook/vocabulary/board.py",
    "arbiter/rulebook/vocabulary/effects.py",
    "arbiter/rulebook/vocabulary/facts.py",
    "arbiter/rulebook/vocabulary/functions.py",
    "arbiter/rulebook/vocabulary/numbers.py",
    "arbiter/rulebook/vocabulary/persons.py",
    "arbiter/rulebook/vocabulary/predicates.py",
    "arbiter/rulebook/vocabulary/registry.py",
]

if os.environ.get("ARBITER_COMPILE") == "1":
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()
