"""How fast arbiter checks hand logs, end to end, beside a bare interpreter, a floor and a peer.

Prints, all measured in the same run (docs/speed.md):
  1. end to end (`arbiter check DIR --format jsonl`, start-up included): games/s and
     events/s with 1 and 2 jobs;
  2. the floor: the same files read and `json.loads`ed, one dict look-up an event;
  3. in one process, four-player sessions read from their bytes and checked
     (`check_bytes`: JSON, schema, replay, report): games/s and µs an event, for the
     build this interpreter imports and, with `--compiled PYTHON`, for the build that
     interpreter imports (e.g. `.venv-compiled/bin/python`, installed with
     ARBITER_COMPILE=1): the same logs in the same run;
  4. the peer: PokerKit's PHH parse-and-replay of four-player no-limit deuce-to-seven
     single-draw hands (if `pokerkit` is installed: `pip install 'arbiter[bench]'`; it says
     so if not), and arbiter's games/s over PokerKit's hands/s. The peer and each build are
     measured in turn, each in a child process of its own (the best of three passes), for
     three rounds, and the best of each is kept: a spell of a busy machine falls on all of
     them alike;
  5. one log: `arbiter check LOG` wall time, table and `--format json`, beside
     `python -c pass` (the three run in turn, best of 15 each), and where its imports'
     time goes (`-X importtime` run outside the checkout, so that it is the installed
     build's; each module's own time summed by package: arbiter's by subpackage);
  6. peak memory (max RSS of any process of the run) of `arbiter check --format jsonl`
     over 10,000 and 100,000 distinct logs: real copies (each with its own `meta`), not
     links, so every log is read and checked.

Usage: python benchmarks/bench_check.py [--logs 2000] [--games 8] [--compiled PYTHON]
       [--memory-logs 10000 100000]
A script, not a test: the figures depend on the machine (and on what else runs on it).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from timing import best_walls  # benchmarks/timing.py: the script's own folder is on sys.path

from arbiter.simulator import simulate_log

HERE = Path(__file__).resolve().parent
ROUNDS = 3  # the peer and each build measured in turn, the best of each kept
ONE_LOG_RUNS = 15


def write_corpus(folder: Path, logs: int, games: int, players: int | None = None) -> tuple[int, int]:
    """`logs` simulated sessions of `games` games each (clean and planted mixed), of
    `players` players (2 to 7 by the seed where None): (games, events)."""
    folder.mkdir(parents=True, exist_ok=True)
    total_games = total_events = 0
    for seed in range(logs):
        log, _ = simulate_log(seed, players, games, 0.2 if seed % 2 else 0.0)
        (folder / f"sim-{seed:06d}.json").write_text(json.dumps(log))
        total_games += games
        total_events += len(log["events"])
    return total_games, total_events


def arbiter_command() -> list[str]:
    script = Path(sys.executable).parent / "arbiter"
    return [str(script)] if script.exists() else [sys.executable, "-m", "arbiter"]


def end_to_end(folder: Path, jobs: int) -> tuple[int, float]:
    """The games `arbiter check` counted, and its wall time, start-up included."""
    started = time.perf_counter()
    done = subprocess.run([*arbiter_command(), "check", str(folder), "--format", "jsonl", "--jobs", str(jobs)],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - started
    return json.loads(done.stderr.splitlines()[-1])["summary"]["games"], seconds


def floor(folder: Path) -> float:
    """Seconds to read and parse every log and look at each event once: what no checker beats."""
    started = time.perf_counter()
    for path in sorted(folder.glob("*.json")):
        for event in json.loads(path.read_bytes())["events"]:
            event["type"]
    return time.perf_counter() - started


def import_breakdown(log: str, shown: int = 12) -> str:
    """Where `arbiter check LOG --format json` spends its imports: each module's own
    time (`-X importtime`, which inflates it somewhat), summed by package."""
    with tempfile.TemporaryDirectory() as elsewhere:  # `-c` puts the working folder first on sys.path
        done = subprocess.run([sys.executable, "-X", "importtime", "-c", "from arbiter.cli import main; main()",
                               "check", os.path.abspath(log), "--format", "json"], capture_output=True, text=True,
                              cwd=elsewhere)
    groups: dict[str, int] = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, _, name = line.removeprefix("import time:").split("|")
        parts = name.strip().split(".")
        group = ".".join(parts[:2]) if parts[0] == "arbiter" else parts[0]
        groups[group] = groups.get(group, 0) + int(own)
    total = sum(groups.values())
    top = sorted(groups.items(), key=lambda item: -item[1])[:shown]
    return (f"  imports of one log (--format json): {total / 1000:.1f} ms in {len(groups)} packages; "
            + ", ".join(f"{name} {us / 1000:.1f}" for name, us in top))


# Run in a child process as the builds are (`in_process`): four-handed draw hands played at
# random by PokerKit and written as PHH, then parsed and replayed action by action, best of
# three passes.
PEER = """
import json, random, time
from pokerkit import Automation, HandHistory, NoLimitDeuceToSevenLowballSingleDraw
automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
               Automation.CHIPS_PULLING)
rng = random.Random(1)
texts = []
for _ in range(500):
    game = NoLimitDeuceToSevenLowballSingleDraw(automations, True, 0, (1, 2), 2)
    state = game((200,) * 4, 4)
    while state.status:
        if state.can_stand_pat_or_discard():
            hole = state.hole_cards[state.stand_patter_or_discarder_index]
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, 3)))
        elif state.can_fold() and rng.random() < 0.2:
            state.fold()
        elif state.can_complete_bet_or_raise_to() and rng.random() < 0.2:
            state.complete_bet_or_raise_to(state.min_completion_betting_or_raising_to_amount)
        elif state.can_check_or_call():
            state.check_or_call()
        else:
            state.fold()
    texts.append(HandHistory.from_game_state(game, state).dumps())
best = float("inf")
for _ in range(3):
    started = time.perf_counter()
    actions = 0
    for text in texts:
        history = HandHistory.loads(text)
        for _ in history:  # every state, action by action
            pass
        actions += len(history.actions)
    best = min(best, time.perf_counter() - started)
print(json.dumps({"hands": len(texts), "actions": actions, "seconds": best}))
"""


def peer_pass() -> dict[str, Any] | None:
    """PokerKit's PHH parse-and-replay of four-player draw hands, in a child process;
    None where PokerKit is not installed."""
    if importlib.util.find_spec("pokerkit") is None:
        return None
    with tempfile.TemporaryDirectory() as elsewhere:
        done = subprocess.run([sys.executable, "-c", PEER], capture_output=True, text=True, check=True, cwd=elsewhere)
    return dict(json.loads(done.stdout))


# Run by each interpreter measured (this one, and --compiled's): the four-player corpus
# read from its bytes and checked in one process, best of three passes.
IN_PROCESS = """
import json, sys, time
from pathlib import Path
from typing import Any
import arbiter.engine.replay
from arbiter.checker import check_bytes
paths = sorted(Path(sys.argv[1]).glob("*.json"))
data = [(p.read_bytes(), str(p)) for p in paths]
games = sum(len(check_bytes(raw, name)["games"]) for raw, name in data)
events = sum(len(json.loads(raw)["events"]) for raw, _ in data)
best = float("inf")
for _ in range(3):
    started = time.perf_counter()
    for raw, name in data:
        check_bytes(raw, name)
    best = min(best, time.perf_counter() - started)
compiled = not arbiter.engine.replay.__file__.endswith(".py")
print(json.dumps({"games": games, "events": events, "seconds": best, "compiled": compiled}))
"""


def in_process(python: str, corpus: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as elsewhere:  # the installed build, not the checkout
        done = subprocess.run([python, "-c", IN_PROCESS, str(corpus)], capture_output=True, text=True, check=True,
                              cwd=elsewhere)
    return dict(json.loads(done.stdout))


def version(package: str) -> str:
    from importlib.metadata import version as installed

    return installed(package)


def peak_memory(folder: Path, count: int, jobs: int, fmt: str) -> float:
    """Max RSS in MiB of any process of one `arbiter check --format FMT` over `count`
    distinct logs: real copies of the corpus, each with its own `meta`."""
    sources = [json.loads(p.read_bytes()) for p in sorted(folder.glob("*.json"))]
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp)
        for i in range(count):
            copy = target / f"{i // 1000:03d}" / f"log-{i:06d}.json"
            copy.parent.mkdir(exist_ok=True)
            copy.write_text(json.dumps({**sources[i % len(sources)], "meta": {"copy": i}}))
        code = (
            "import resource, subprocess, sys\n"
            "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
        )
        out = subprocess.run([sys.executable, "-c", code, *arbiter_command(), "check", str(target),
                              "--format", fmt, "--quiet", "--jobs", str(jobs)],
                             capture_output=True, text=True, check=True)
        return int(out.stdout.strip()) / 1024


def hands_per_second() -> str:
    out = subprocess.run([sys.executable, str(HERE / "bench_hands.py")], capture_output=True, text=True, check=True)
    return "\n".join(line for line in out.stdout.splitlines() if "hands/s" in line)


def speed(corpus: Path, logs: int, games_a_log: int, compiled: str | None) -> None:
    """Items 1 to 5 of the module's docstring."""
    games, events = write_corpus(corpus, logs, games_a_log)
    print(f"corpus: {logs} simulated logs, {games} games, {events} events")
    rates = {}
    for jobs in (1, 2):
        counted, seconds = end_to_end(corpus, jobs)
        rates[jobs] = counted / seconds
        print(f"  end to end, {jobs} job{'s' if jobs > 1 else ''}: {counted / seconds:,.0f} games/s, "
              f"{events / seconds:,.0f} events/s ({counted} games in {seconds:.2f} s, start-up included)")
    print(f"  --jobs 2 / --jobs 1: {rates[2] / rates[1]:.2f}x")
    seconds = floor(corpus)
    print(f"  floor (read, json.loads, one look-up an event): {games / seconds:,.0f} games/s, "
          f"{events / seconds:,.0f} events/s")
    four = corpus.parent / "four-players"
    four_games, four_events = write_corpus(four, max(logs // 4, 50), games_a_log, players=4)
    print(f"four-player corpus: {four_games} games, {four_events} events")
    pythons = [sys.executable, *([compiled] if compiled else [])]
    peer: dict[str, Any] | None = None
    best = [float("inf")] * len(pythons)
    rates: list[dict[str, Any]] = []
    for _ in range(ROUNDS):  # in turn, so that a spell of a busy machine falls on each alike
        this_peer = peer_pass()
        if this_peer is not None and (peer is None or this_peer["seconds"] < peer["seconds"]):
            peer = this_peer
        rates = [in_process(python, four) for python in pythons]
        best = [min(b, rate["seconds"]) for b, rate in zip(best, rates)]
    peer_rate = peer["hands"] / peer["seconds"] if peer else None
    for rate, seconds in zip(rates, best):
        build = "compiled (mypyc)" if rate["compiled"] else "pure Python"
        ratio = f", {rate['games'] / seconds / peer_rate:.1f}x PokerKit's hands/s" if peer_rate else ""
        print(f"  in one process, {build}: {rate['games'] / seconds:,.0f} games/s, "
              f"{seconds / rate['events'] * 1e6:.2f} µs an event{ratio}")
    if peer is None:
        print("  peer: PokerKit is not installed (pip install 'arbiter[bench]'): no peer figure")
    else:
        print(f"  peer: PokerKit {version('pokerkit')} PHH parse-and-replay: {peer_rate:,.0f} hands/s, "
              f"{peer['actions'] / peer['seconds']:,.0f} actions/s ({peer['hands']} four-handed no-limit "
              f"deuce-to-seven single-draw hands, {peer['actions'] / peer['hands']:.1f} actions a hand)")
    log = str(next(iter(sorted(corpus.glob("*.json")))))
    bare, table, as_json = best_walls([[sys.executable, "-c", "pass"], [*arbiter_command(), "check", log],
                                       [*arbiter_command(), "check", log, "--format", "json"]], ONE_LOG_RUNS)
    print(f"  one log, `arbiter check` wall time (best of {ONE_LOG_RUNS}, the three commands in turn): "
          f"{table * 1000:.1f} ms (table), {as_json * 1000:.1f} ms (--format json); `python -c pass`: "
          f"{bare * 1000:.1f} ms ({table / bare:.1f}x, {as_json / bare:.1f}x)")
    print(import_breakdown(log))
    print(hands_per_second())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--logs", type=int, default=2000)
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--compiled", metavar="PYTHON",
                        help="also measure, in the same run, the build this interpreter imports (e.g. "
                             ".venv-compiled/bin/python, installed with ARBITER_COMPILE=1)")
    parser.add_argument("--memory-logs", type=int, nargs="*", default=[10_000, 100_000])
    parser.add_argument("--memory-games", type=int, default=1, help="games in each log of the memory corpus")
    parser.add_argument("--memory-jobs", type=int, default=2)
    parser.add_argument("--memory-formats", nargs="+", default=["jsonl"], help="formats whose peak memory to measure")
    parser.add_argument("--memory-only", action="store_true", help="measure only the peak memory")
    args = parser.parse_args()
    if args.compiled:  # the builds are run from elsewhere: a path given from here is resolved here
        found = shutil.which(args.compiled)
        if found is None:
            parser.error(f"--compiled: no interpreter {args.compiled!r}")
        args.compiled = os.path.abspath(found)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {platform.python_version()} on {platform.system()} {platform.machine()}, {os.cpu_count()} cores, "
          f"load average {load:.1f} at the start")
    with tempfile.TemporaryDirectory() as tmp:
        if not args.memory_only:
            speed(Path(tmp) / "corpus", args.logs, args.games, args.compiled)
        memory = Path(tmp) / "memory"
        write_corpus(memory, min(2000, max(args.memory_logs, default=0)), args.memory_games)
        for fmt in args.memory_formats:
            for count in sorted(args.memory_logs):
                print(f"  peak memory, {count:,} distinct logs of {args.memory_games} game(s), --format {fmt} "
                      f"--jobs {args.memory_jobs}: {peak_memory(memory, count, args.memory_jobs, fmt):.0f} MiB")


if __name__ == "__main__":
    main()
