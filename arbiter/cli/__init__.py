"""The command line: thin wrappers that parse options, call the library and print.

One module per group of commands (check, laws, disputes, explain, rulebook, quiz,
notation, table, serve, simulate), each loaded when one of its commands is run. The
console script is `arbiter.cli.start.main`, which runs a plain `arbiter check` without
importing click; `cli` (the click group) is loaded when it is asked for.
"""

from __future__ import annotations

from typing import Any

from arbiter.cli.start import main

__all__ = ["cli", "main"]


def __getattr__(name: str) -> Any:
    if name == "cli":  # click's group: imported on first use, not by the console script
        from arbiter.cli.app import cli

        return cli
    raise AttributeError(f"module 'arbiter.cli' has no attribute {name!r}")
