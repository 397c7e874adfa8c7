"""The console script's first steps: `arbiter check LOG` without importing click.

Importing click takes some 18 ms, more than checking a log of a few games. A plain
`check` command line (`arbiter.cli.check_options.read_plainly`) is read by the same
declarations click's command is built from, and run by the same function
(`arbiter.cli.checking.run_check`); any other command line, and any mistake of usage,
goes to click, which says it with the usage line as it always has. What the run prints,
and how an error ends it, are the same either way: both write through `output.py`.
"""

from __future__ import annotations

import errno
import os
import sys
from typing import Any

from arbiter.cli.output import aborted, echo, failed

_COMPLETION = "_ARBITER_COMPLETE"  # click's shell completion asks by this variable


def main(argv: list[str] | None = None) -> None:
    """The console script: every error is one line on stderr and exit code 2, never a traceback."""
    args = sys.argv[1:] if argv is None else list(argv)
    params = None if os.name == "nt" or _COMPLETION in os.environ else _plain(args)
    if params is None:
        return _with_click(args)
    from arbiter.cli.checking import UsageProblem, run_check

    try:
        code = run_check(**params)
    except UsageProblem:  # said by click, with the usage line: nothing was printed yet
        return _with_click(args)
    except (EOFError, KeyboardInterrupt):
        echo("", err=True)  # as click does: the blank line closes the terminal's ^C echo
        code = aborted()
    except OSError as exc:
        if exc.errno != errno.EPIPE:
            code = failed(exc)
        else:  # as click does: the reader went away; exit 1, and the last flush may not complain
            _silence_stdout()
            code = 1
    except Exception as exc:  # noqa: BLE001 - the promise is: never a traceback
        code = failed(exc)
    sys.exit(code)


def _plain(args: list[str]) -> dict[str, Any] | None:
    from arbiter.cli.check_options import read_plainly

    return read_plainly(args)


def _with_click(args: list[str]) -> None:
    from arbiter.cli.app import main as click_main

    click_main(args)


def _silence_stdout() -> None:
    """Standard output to /dev/null, so that the flush at exit finds no closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
