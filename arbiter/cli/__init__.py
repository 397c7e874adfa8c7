"""The command line: thin wrappers that parse options, call the library and print.

One module per group of commands; importing them registers them on `cli`.
"""

from arbiter.cli import (  # noqa: F401  (importing a module registers its commands)
    check,
    disputes,
    explain,
    laws,
    notation,
    quiz,
    rulebook,
    simulate,
    table,
)
from arbiter.cli.app import cli, main

__all__ = ["cli", "main"]
