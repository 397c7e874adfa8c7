"""What the simulator shows of the engine (docs/simulate.md): recall and precision of
`arbiter check` on seeded sessions whose truth the simulator wrote (a script, not a test:
tests/test_simulate.py holds the same on fewer games in every run).

A finding counts as found when its law, event and player match one the truth lists; one
the truth does not list is found beyond it.

    python3 benchmarks/simulated_recall.py [--sessions 120] [--games 25]
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from arbiter import check_log
from arbiter.simulator import simulate_log

RUNS = (("every game planted (plant_rate 1.0)", 1.0, 3000), ("no game planted (plant_rate 0.0)", 0.0, 5000))


def _key(finding: dict[str, Any]) -> tuple[Any, ...]:
    return finding["id"], finding["event"], finding["player"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=120, help="sessions a run (seeds from 3000 and 5000)")
    parser.add_argument("--games", type=int, default=25, help="games a session")
    args = parser.parse_args()
    print("| run | games | planted | findings expected | found | found beyond the truth |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name, rate, first in RUNS:
        games = planted = expected = found = beyond = 0
        for seed in range(first, first + args.sessions):
            log, truth = simulate_log(seed, None, args.games, rate)
            report = check_log(log)
            wanted = Counter(_key(f) for f in truth["findings"])
            got = Counter(_key(f) for f in report["findings"])
            games += len(report["games"])
            planted += len(truth["planted"])
            expected += sum(wanted.values())
            found += sum((wanted & got).values())
            beyond += sum((got - wanted).values())
        print(f"| {name} | {games:,} | {planted:,} | {expected:,} | {found:,} | {beyond:,} |")


if __name__ == "__main__":
    main()
