"""What `arbiter check` takes, declared once, as data, without click.

Click builds the command from these declarations (`arbiter.cli.check`); the start path
(`arbiter.cli.start`) reads a plain command line by the same declarations, so that
`arbiter check LOG` need not import click (some 18 ms). "Plain" is narrow on purpose:
each token a path or a declared option in its plain form, each value one click would
take as it is. Anything else (`--help`, `-qj2`, `--`, a value out of range, an option
given twice) is left to click, which reads it, or says what is wrong with it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

COMMAND = "check"


class Option(NamedTuple):
    """One option of a command, as click declares it."""

    flags: tuple[str, ...]  # ("--jobs", "-j")
    name: str  # the parameter it sets
    help: str
    metavar: str | None = None
    choices: tuple[str, ...] = ()  # the value is one of these words
    between: tuple[int, int] | None = None  # the value is an integer in this range
    default: str | int | None = None
    flag: bool = False  # takes no value: present or not
    multiple: bool = False  # may be given again: the values gathered in a tuple


def split_names(text: str) -> list[str]:
    """`--ignore L13,L15` and `--players Ann,Bob`: the comma-separated names."""
    return [name.strip() for name in text.split(",") if name.strip()]


HOUSE = Option(("--house",), "house", "House-rules file (YAML), or the name of a shipped one.", metavar="FILE")

CHECK_OPTIONS = (
    Option(("--format",), "fmt", "Output format (html: one self-contained page per log).",
           choices=("table", "json", "jsonl", "markdown", "html"), default="table"),
    Option(("--out",), "out_dir", "With --format html: write one page per log into DIR "
           "(needed for several logs; one log's page goes to standard output without it).", metavar="DIR"),
    HOUSE,
    Option(("--jobs", "-j"), "jobs", "Processes to check logs in parallel.", between=(1, 64), default=1),
    Option(("--scheduler",), "scheduler", "Check on a Dask cluster: the address of its scheduler "
           "(e.g. tcp://10.0.0.5:8786); the workers read the paths. Needs: pip install 'arbiter[dask]'.",
           metavar="ADDRESS"),
    Option(("--ignore",), "ignore", "Drop these rules' findings before the status is set.", metavar="ID[,ID]",
           multiple=True),
    Option(("--select",), "select", "Keep only these rules' findings.", metavar="ID[,ID]", multiple=True),
    Option(("--exit-zero",), "exit_zero", "Exit 0 even if irregularities are found (never hides exit 2).",
           flag=True),
    Option(("--quiet", "-q"), "quiet", "No progress bar and no summary line.", flag=True),
)


def initial(option: Option) -> Any:
    """The value an option's parameter has when it is not given, as click gives it."""
    return () if option.multiple else False if option.flag else option.default


def read_plainly(args: list[str]) -> dict[str, Any] | None:
    """The parameters click would pass to `check` for `args` (`check PATH... [OPTIONS]`),
    when the command line is plain; None for any other, which click must read."""
    if not args or args[0] != COMMAND:
        return None
    by_flag = {flag: option for option in CHECK_OPTIONS for flag in option.flags}
    values = {option.name: initial(option) for option in CHECK_OPTIONS}
    given: set[str] = set()
    paths: list[str] = []
    rest = iter(args[1:])
    for arg in rest:
        if arg == "-" or not arg.startswith("-"):
            paths.append(arg)
            continue
        flag, equals, text = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        option = by_flag.get(flag)
        if option is None or (option.name in given and not option.multiple) or (option.flag and equals):
            return None
        given.add(option.name)
        if option.flag:
            values[option.name] = True
            continue
        value = _value(option, text if equals else next(rest, None))
        if value is None:
            return None
        values[option.name] = values[option.name] + (value,) if option.multiple else value
    return {"paths": tuple(paths), **values} if paths else None


def _value(option: Option, text: str | None) -> str | int | None:
    """The value as click would convert it, or None where click must judge it."""
    if text is None or text.startswith("-"):
        return None
    if option.choices:
        return text if text in option.choices else None
    if option.between:
        low, high = option.between
        return int(text) if text.isascii() and text.isdigit() and low <= int(text) <= high else None
    return text
