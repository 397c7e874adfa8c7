"""What the benchmarks share: a command's wall time, best of several runs (the best run is
the one the rest of the machine disturbed least). Imports nothing of arbiter's."""

from __future__ import annotations

import subprocess
import time


def best_wall(command: list[str], runs: int = 10) -> float:
    """Seconds of the fastest of `runs` runs of `command`, its output thrown away."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        best = min(best, time.perf_counter() - started)
    return best
