"""`arbiter simulate`: hand logs of whole sessions played by the laws, with planted irregularities."""

from __future__ import annotations

import json
import math
import os
import re
from typing import TYPE_CHECKING, Any

import click

from arbiter.cli.app import OUT_FOLDER, Count, cli
from arbiter.cli.output import echo
from arbiter.render.formats import SPOKEN_FORMATS
from arbiter.rulebook.model import rule_sort_key
from arbiter.words import plural

if TYPE_CHECKING:
    from pathlib import Path


class Probability(click.FloatRange):
    """A rate from 0 to 1. click's range lets NaN through, for every comparison with it is
    false; the simulator would then refuse it as a defect of its own."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        rate = super().convert(value, param, ctx)
        if math.isnan(rate):
            self.fail(f"{value!r} is not a number from 0 to 1.", param, ctx)
        return rate


@cli.command()
@click.option("--out", "out", required=True, metavar="DIR", multiple=True, callback=OUT_FOLDER,
              help="Folder to write the logs into (and their truth files into DIR/truth).")
@click.option("--logs", type=Count(1, 1_000_000), default=10, metavar="N", show_default=True, help="How many logs.")
@click.option("--games", type=Count(1, 200), default=8, metavar="N", show_default=True, help="Games per log.")
@click.option("--players", type=Count(2, 10), default=None, metavar="N",
              help="Players per log, one number from 2 to 10 [default: each log's own, drawn by the seed].")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed: the same seed writes the same logs.")
@click.option("--plant", "plant", type=Probability(0.0, 1.0), default=0.0, show_default=True, metavar="RATE",
              help="Chance per game of being given one irregularity or ruling to carry, planted where the "
                   "game comes to its moment (at 1, about two games in three carry one); each log's truth goes "
                   "into DIR/truth.")
@click.option("--format", "fmt", type=click.Choice(SPOKEN_FORMATS), default="text", show_default=True,
              help="How to report what was written.")
def simulate(out: str, logs: int, games: int, players: int | None, seed: int, plant: float, fmt: str) -> None:
    """Write simulated hand logs of whole sessions played by the laws (DIR/sim-00001.json ...);
    with --plant, irregularities of known laws and, for each log, what arbiter must find
    (DIR/truth/sim-00001.truth: out of the way of `arbiter check DIR`, which reads logs only)."""
    from pathlib import Path

    from arbiter.json_lines import to_json
    from arbiter.resources import TRUTH_FOLDER, TRUTH_SUFFIX
    from arbiter.simulator import simulate_log
    from arbiter.simulator.session import log_seed

    try:  # each log's own seed is written in it: one past the digits Python writes (4,300) cannot be
        str(log_seed(seed, 1)), str(log_seed(seed, logs))
    except ValueError:
        raise click.BadParameter("too long: each log's own seed, a million times it and its number, is written in "
                                 "the log", param_hint="--seed") from None
    folder = Path(out)
    truths = folder / TRUTH_FOLDER
    before = _simulated_already(folder, TRUTH_FOLDER)
    if before is not None:  # a second run would leave the first's logs and truths beside its own, and false
        raise click.UsageError(f"{out} already holds simulated files ({before}): give a new or empty folder")
    try:
        (truths if plant > 0 else folder).mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise click.UsageError(f"cannot create {out}: {exc.strerror or exc}") from None
    events = planted = 0
    laws: set[str] = set()
    for number in range(1, logs + 1):
        log, truth = simulate_log(log_seed(seed, number), players, games, plant)
        name = log_name(number, logs)
        try:
            (folder / f"{name}.json").write_text(to_json(log), encoding="utf-8")
            if plant > 0:
                (truths / f"{name}{TRUTH_SUFFIX}").write_text(to_json(truth), encoding="utf-8")
        except OSError as exc:
            raise click.ClickException(f"cannot write {folder / name}: {exc.strerror or exc}") from None
        events += len(log["events"])
        irregular = [p for p in truth["planted"] if p["severity"] == "irregularity"]
        planted += len(irregular)
        laws.update(p["id"] for p in irregular)
    if fmt == "json":
        echo(json.dumps({"out": str(folder), "logs": logs, "games": logs * games, "events": events,
                               "planted": planted, "laws": sorted(laws, key=rule_sort_key)}))
        return
    line = f"wrote {plural(logs, 'log')} ({plural(logs * games, 'game')}, {plural(events, 'event')}) to {folder}"
    if plant > 0:
        line += (f"; planted {plural(planted, 'irregularity', 'irregularities')} of {plural(len(laws), 'law')}, "
                 f"the truth in {truths}")
    echo(line)


def log_name(number: int, logs: int) -> str:
    """`sim-00001`: as wide as the last number, so that a folder's walk (in code-point
    order) reports the logs in the order written, past sim-99999 too."""
    return f"sim-{number:0{max(5, len(str(logs)))}d}"


def _simulated_already(folder: Path, truths: str) -> str | None:
    """A file an earlier run left in the folder: a log `sim-…json`, or a truth file
    `sim-….truth` in its truth folder (a folder of the user's own, `truth` too, may hold
    anything else)."""
    for where, pattern in ((folder, r"sim-\d+\.json"), (folder / truths, r"sim-\d+\.truth")):
        try:
            found = next((entry.name for entry in os.scandir(where) if re.fullmatch(pattern, entry.name)), None)
        except OSError:  # no folder yet (or none to read: its making says why)
            continue
        if found is not None:
            return found if where == folder else f"{truths}/{found}"
    return None
