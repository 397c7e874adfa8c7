"""The command line: thin wrappers that parse options, call the library and print.

One module per group of commands (check, laws, disputes, explain, rulebook, quiz,
notation, table, serve, simulate), each loaded when one of its commands is run; click
reads every command line (`arbiter.cli.app`).
"""

from __future__ import annotations

from arbiter.cli.app import cli, main

__all__ = ["cli", "main"]
