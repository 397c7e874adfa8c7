"""The command line: thin wrappers that parse options, call the library and print.

One module per group of commands; importing them registers them on `cli`.
"""

from arbiter.cli import check, disputes, laws, simulate  # noqa: F401  (registers the commands)
from arbiter.cli.app import cli, main

__all__ = ["cli", "main"]
