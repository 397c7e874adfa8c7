"""`arbiter check`: replay hand logs and rule on them, one log or thousands.

Click's command and its options; the run itself is `arbiter.cli.checking.run_check`.
"""

from __future__ import annotations

from typing import Any

import click

from arbiter.cli.app import HOUSE, IGNORE, OUT_FOLDER, SELECT, Count, cli
from arbiter.cli.checking import run_check
from arbiter.render.formats import CHECK_FORMATS


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(CHECK_FORMATS), default="table", show_default=True,
              help="Output format (html: one self-contained page per log).")
@click.option("--out", "out_dir", metavar="DIR", multiple=True, callback=OUT_FOLDER,
              help="With --format html: write one page per log into DIR (needed for several logs; one log's page "
                   "goes to standard output without it).")
@HOUSE
@click.option("--jobs", "-j", "jobs", type=Count(1, 64), default=1, metavar="N", show_default=True,
              help="Processes to check logs in parallel.")
@click.option("--scheduler", "scheduler", metavar="ADDRESS",
              help="Check on a Dask cluster: the address of its scheduler (e.g. tcp://10.0.0.5:8786); the workers "
                   "read the paths. Needs: pip install 'arbiter[dask]'.")
@IGNORE
@SELECT
@click.option("--exit-zero", "exit_zero", is_flag=True,
              help="Exit 0 even if irregularities are found (never hides exit 2).")
@click.option("--quiet", "-q", "quiet", is_flag=True,
              help="No progress bar and no summary line (json's and jsonl's summary, part of those formats, stay).")
def check(**params: Any) -> int:
    """Replay hand logs against the laws: files (JSON, or the text notation), folders (every *.json
    and *.hand below) or - for stdin."""
    return run_check(**params)
