"""What the benchmarks share: a command's wall time, best of several runs (the best run is
the one the rest of the machine disturbed least). Imports nothing of arbiter's."""

from __future__ import annotations

import subprocess
import time


def best_wall(command: list[str], runs: int = 10) -> float:
    """Seconds of the fastest of `runs` runs of `command`, its output thrown away."""
    return best_walls([command], runs)[0]


def best_walls(commands: list[list[str]], runs: int = 10) -> list[float]:
    """Seconds of the fastest of `runs` runs of each command, run in turn (one of each, then
    again), so that a spell of a busy machine falls on all of them alike; outputs thrown away."""
    best = [float("inf")] * len(commands)
    for _ in range(runs):
        for i, command in enumerate(commands):
            started = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            best[i] = min(best[i], time.perf_counter() - started)
    return best
