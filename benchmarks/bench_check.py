"""How fast arbiter checks hand logs, end to end, on a simulated corpus.

Prints four figures (README, "Speed"):
  1. games per second, end to end (read, validate, replay, report as JSON lines), with
     1 and 2 jobs;
  2. wall time of `arbiter check` on one log, start-up included (best of 5);
  3. hands ranked per second by the evaluator (benchmarks/bench_hands.py);
  4. peak memory (max RSS) of `arbiter check --format jsonl` over 10,000 and 100,000
     logs: flat in the number of logs.

Usage: python benchmarks/bench_check.py [--logs 2000] [--games 8] [--memory-logs 100000]
A script, not a test: the figures depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arbiter.bulk import check_many, gather
from arbiter.render.report import render_jsonl
from arbiter.simulator import simulate_log

HERE = Path(__file__).resolve().parent


def write_corpus(folder: Path, logs: int, games: int) -> int:
    """`logs` simulated sessions of `games` games each (clean and planted mixed); the games written."""
    folder.mkdir(parents=True, exist_ok=True)
    total = 0
    for seed in range(logs):
        log, _ = simulate_log(seed, None, games, 0.2 if seed % 2 else 0.0)
        (folder / f"sim-{seed:06d}.json").write_text(json.dumps(log))
        total += games
    return total


def games_per_second(folder: Path, jobs: int) -> tuple[float, int, float]:
    paths = list(gather([str(folder)]))
    started = time.perf_counter()
    games = 0
    with open(os.devnull, "w") as sink:
        for report in check_many(paths, None, {"ignore": [], "select": None}, jobs):
            games += len(report["games"])
            sink.write(render_jsonl(report) + "\n")
    seconds = time.perf_counter() - started
    return games / seconds, games, seconds


def arbiter_command() -> list[str]:
    script = Path(sys.executable).parent / "arbiter"
    return [str(script)] if script.exists() else [sys.executable, "-m", "arbiter"]


def one_log_wall(folder: Path) -> float:
    log = next(iter(sorted(folder.glob("*.json"))))
    best = float("inf")
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([*arbiter_command(), "check", str(log), "--quiet"], stdout=subprocess.DEVNULL, check=False)
        best = min(best, time.perf_counter() - started)
    return best


def peak_memory(folder: Path, count: int) -> float:
    """Max RSS in MiB of one `arbiter check --format jsonl` over `count` logs (hard links of the corpus)."""
    sources = sorted(folder.glob("*.json"))
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp)
        for i in range(count):
            link = target / f"{i // 1000:03d}" / f"log-{i:06d}.json"
            link.parent.mkdir(exist_ok=True)
            os.link(sources[i % len(sources)], link)
        code = (
            "import resource, subprocess, sys\n"
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        )
        out = subprocess.run([sys.executable, "-c", code, *arbiter_command(), "check", str(target),
                              "--format", "jsonl", "--quiet"], capture_output=True, text=True, check=True)
        return int(out.stdout.strip()) / 1024


def hands_per_second() -> str:
    out = subprocess.run([sys.executable, str(HERE / "bench_hands.py")], capture_output=True, text=True, check=True)
    return "\n".join(line for line in out.stdout.splitlines() if "hands/s" in line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=2000)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--memory-logs", type=int, default=100_000)
    args = parser.parse_args()
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        games = write_corpus(corpus, args.logs, args.games)
        print(f"corpus: {args.logs} simulated logs, {games} games")
        for jobs in (1, 2):
            rate, counted, seconds = games_per_second(corpus, jobs)
            print(f"  end to end, {jobs} job{'s' if jobs > 1 else ''}: {rate:,.0f} games/s "
                  f"({counted} games in {seconds:.2f} s)")
        print(f"  one log, `arbiter check` wall time (best of 5): {one_log_wall(corpus) * 1000:.0f} ms")
        print(hands_per_second())
        for count in sorted({10_000, args.memory_logs}):
            print(f"  peak memory, {count:,} logs, --format jsonl: {peak_memory(corpus, count):.0f} MiB")
        shutil.rmtree(corpus, ignore_errors=True)


if __name__ == "__main__":
    main()
