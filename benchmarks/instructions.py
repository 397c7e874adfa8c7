"""Machine instructions an event, counted by valgrind: the one figure of arbiter's speed that
the rest of a shared machine cannot disturb.

A timing on this machine moves some 10% between runs, so a change worth 2% cannot be seen
in one; an instruction count moves by under 0.1%. The same simulated sessions are checked
in one process (`check_bytes`: JSON, schema, replay, report) once and then three times,
each run under `valgrind --tool=cachegrind`, and the difference over the two passes it
adds, divided by their events, is the instructions an event: start-up and the reading of
the corpus cancel out. Instructions are not time (a cache miss costs more than an add),
so docs/speed.md gives this beside the timings of bench_check.py, not instead of them.

Usage: python benchmarks/instructions.py [--sessions 100] [--python PYTHON ...]
Needs valgrind (`apt install valgrind`). Each PYTHON is an interpreter whose installed
arbiter is measured (the pure build's, the compiled build's); by default this one. Run
from outside the checkout, so that `import arbiter` is the installed build. A script, not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from bench_check import write_corpus  # the script's own folder is on sys.path

# Run under valgrind by each interpreter measured: the corpus checked PASSES times.
CHECK = """
import sys
from pathlib import Path
from arbiter.checker import check_bytes
logs = [path.read_bytes() for path in sorted(Path(sys.argv[1]).glob("*.json"))]
for _ in range(int(sys.argv[2])):
    for raw in logs:
        check_bytes(raw, "log")
"""


def instructions(python: str, corpus: Path, passes: int) -> int:
    """Instructions of one run of CHECK over the corpus, `passes` times."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           python, "-c", CHECK, str(corpus), str(passes)],
                          capture_output=True, text=True, check=False, cwd=corpus.parent)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{python} did not check the corpus under valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sessions", type=int, default=100, help="four-player sessions of 8 games (default 100)")
    parser.add_argument("--python", nargs="+", default=[sys.executable], help="interpreters to measure")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt install valgrind)")
    found = [shutil.which(python) for python in args.python]  # run from the corpus's folder: resolved here
    if None in found:
        parser.error(f"--python: no interpreter {args.python[found.index(None)]!r}")
    args.python = [os.path.abspath(python) for python in found if python is not None]
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        _, events = write_corpus(corpus, args.sessions, 8, players=4)  # bench_check's four-player corpus
        print(f"{args.sessions} four-player sessions of 8 games, {events:,} events, half with planted irregularities")
        for python in args.python:
            each = (instructions(python, corpus, 3) - instructions(python, corpus, 1)) / 2 / events
            print(f"{python}: {each:,.0f} instructions an event")


if __name__ == "__main__":
    main()
