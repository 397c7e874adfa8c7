"""How long arbiter takes on the inputs the hardening tests hold to their work (a script, not a test).

The tests count the work (`tests/test_hardening.py`: ten times the events, ten times the
calls; only the first bad event taken through `jsonschema`), so that a loaded machine
cannot fail them; the seconds are measured here, each the best of `--runs`, `arbiter
check FILE --format jsonl` in a process of its own, start-up included:

  1. a sound log of 20,000 events (a shipped session's games over and over), and with
     `--million` one of a million events;
  2. 5 MB that are no log: white space, one string, an array of numbers;
  3. 50,000 events each bad, and 50,000 good events before one bad one.

Usage: python benchmarks/bench_long_logs.py [--runs 3] [--million]
The figures depend on the machine, and on what else runs on it.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import tempfile
from pathlib import Path
from typing import Any

from timing import best_wall  # benchmarks/timing.py: the script's own folder is on sys.path

CASES = Path(__file__).resolve().parent.parent / "cases"
TABLE = {"players": ["Ann", "Bob"], "limit": 10, "ante": 1}


def long_log(events: int) -> dict[str, Any]:
    base = json.loads(next(CASES.glob("game-betting*.json")).read_text(encoding="utf-8"))
    repeated = (base["events"] * (events // len(base["events"]) + 1))[:events]
    return {**{key: base[key] for key in ("format", "version", "table")}, "events": repeated}


def bad_log(events: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "peel-draw-poker-log", "version": 1, "table": TABLE, "events": events}


def inputs(million: bool) -> dict[str, bytes]:
    logs = {"20,000 events": json.dumps(long_log(20_000)).encode()}
    if million:
        logs["a million events"] = json.dumps(long_log(1_000_000)).encode()
    size = 5 << 20
    logs |= {"5 MB of white space": b" " * size, "a 5 MB string": b'"' + b"a" * size + b'"',
             "a 5 MB array": b"[" + b"0," * (size // 2) + b"0]"}
    logs["50,000 bad events"] = json.dumps(bad_log([{"type": "flop"}] * 50_000)).encode()
    late = [{"type": "speak", "player": "Ann"}] * 50_000 + [{"type": "play", "player": "Ann", "stake": -1}]
    logs["50,000 good events, then a bad one"] = json.dumps(bad_log(late)).encode()
    return logs


def seconds(path: Path, runs: int) -> float:
    return best_wall([sys.executable, "-m", "arbiter", "check", str(path), "--format", "jsonl"], runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--million", action="store_true", help="also a log of a million events (about 20 s a run)")
    options = parser.parse_args()
    print(f"{platform.python_implementation()} {platform.python_version()}, {platform.machine()}; "
          f"best of {options.runs}, start-up included")
    with tempfile.TemporaryDirectory() as folder:
        for name, data in inputs(options.million).items():
            path = Path(folder) / "log.json"
            path.write_bytes(data)
            print(f"  {name:<36} {seconds(path, options.runs):7.2f} s")


if __name__ == "__main__":
    main()
