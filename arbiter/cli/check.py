"""`arbiter check`: replay hand logs and rule on them, one log or thousands.

Click's command, built from the options declared in `arbiter.cli.check_options`; the run
itself is `arbiter.cli.checking.run_check`, which the start path calls without click.
"""

from __future__ import annotations

from typing import Any, Callable

import click

from arbiter.cli.app import as_click, cli
from arbiter.cli.check_options import CHECK_OPTIONS
from arbiter.cli.checking import UsageProblem, run_check


def _with_options(command: Callable[..., Any]) -> Callable[..., Any]:
    for option in reversed(CHECK_OPTIONS):  # as decorators stacked in their order of declaration
        command = as_click(option)(command)
    return command


@cli.command()
@click.argument("paths", nargs=-1, required=True)
@_with_options
def check(**params: Any) -> int:
    """Replay hand logs against the laws: files (JSON, or the text notation), folders (every *.json
    and *.hand below) or - for stdin."""
    try:
        return run_check(**params)
    except UsageProblem as problem:
        raise click.UsageError(str(problem)) from None
