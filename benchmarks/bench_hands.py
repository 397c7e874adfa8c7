"""How fast ``arbiter.hands`` ranks hands, in hands per second (a script, not a test).

(a) ``evaluate`` on cards already parsed to ints; (b) ``parse_cards`` then
``evaluate`` on the card strings a log holds. The hands are dealt at random from one
pack with a fixed seed; each figure is the best of several runs, since the best run
is the one least disturbed by the rest of the machine. The tables are built before
timing starts; their one-off cost is printed apart. It times the arbiter that Python
imports: the installed build (a script's own folder is first on `sys.path`, not the
checkout), as `bench_check.py` does.

    pip install . && python3 benchmarks/bench_hands.py [--hands 200000] [--runs 3] [--seed 1891]
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from arbiter.cards import card_str, parse_cards
from arbiter.hands import DEFAULT_RULES, HandRules, evaluate


def cpu_name() -> str:
    """The processor's marketing name where Linux tells it, else what platform knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def best_rate(work: Callable[[], object], count: int, runs: int) -> float:
    """Items per second of the fastest of ``runs`` calls of ``work``."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return count / best


def rank_parsed(hands: Sequence[tuple[int, ...]], rules: HandRules) -> None:
    for hand in hands:
        evaluate(hand, rules)


def rank_strings(hands: Sequence[list[str]], rules: HandRules) -> None:
    for hand in hands:
        evaluate(parse_cards(hand), rules)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1891)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    parsed = [tuple(rng.sample(range(52), 5)) for _ in range(args.hands)]
    strings = [[card_str(card) for card in hand] for hand in parsed]
    rules = DEFAULT_RULES

    start = time.perf_counter()
    evaluate(parsed[0], rules)  # the first hand: one entry of the rule set's table
    first = time.perf_counter() - start

    print(f"Python {platform.python_version()} ({platform.python_implementation()}) "
          f"on {platform.system()} {platform.machine()}, {cpu_name()}")
    print(f"{args.hands:,} random hands, best of {args.runs} runs, rules: Peel's defaults")
    print(f"  first hand (its table entry made on demand): {first * 1000:.2f} ms")
    rate = best_rate(lambda: rank_parsed(parsed, rules), args.hands, args.runs)
    print(f"  (a) parsed cards:         {rate:12,.0f} hands/s")
    rate = best_rate(lambda: rank_strings(strings, rules), args.hands, args.runs)
    print(f"  (b) strings, parse+rank:  {rate:12,.0f} hands/s")


if __name__ == "__main__":
    main()
