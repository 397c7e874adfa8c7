"""What every command writes to the terminal: `echo` writes as `click.echo` does, a long
report a megabyte at a time (and hands the text to click whenever click would change
it); `failed` and `aborted` end a command in one line and an exit code.

arbiter writes no escape sequence of its own, but what it repeats may hold one: a log's
file name, a note. Written to a terminal, such text could set its title, write a link or
move the cursor: there, every control character but the line breaks and tabs is taken
out first (click strips only colours, and only where the output is not a terminal)."""

from __future__ import annotations

import codecs
import errno
import io
import os
import signal
import sys
from typing import IO, TYPE_CHECKING, Callable, Iterable

import click

from arbiter.errors import ArbiterError
from arbiter.escapes import CONTROLS, without_escapes
from arbiter.report import EXIT_INVALID

if TYPE_CHECKING:
    from arbiter.bulk import LeftOut


def not_a_file_read(output: str | os.PathLike[str], read: Iterable[str | None]) -> None:
    """`-o` naming a file the command reads (its log, its house file) would put the output
    where the input was, and the input could not be read again: refused, exit 2."""
    for path in read:
        if path is None or path == "-":
            continue
        try:
            same = os.path.samefile(output, path)
        except OSError:  # one of them is no file (the output not yet written, a shipped house's name)
            same = False
        if same:
            raise click.UsageError(f"-o {os.fspath(output)} is the file read ({path}): write to another file")


def failed(exc: Exception) -> int:
    """Say why a command could not go on, in one line; the exit code. (A closed standard
    output never comes here: click ends the command on it first; `check` meets it itself.)"""
    if isinstance(exc, ArbiterError):
        said = f"arbiter: {exc}"
    elif isinstance(exc, OSError):  # the machine refused (a full disk, a closed stream): no fault of ours to report
        said = f"arbiter: cannot go on: {exc.strerror or exc}"
    else:
        said = f"arbiter: internal error: {type(exc).__name__}: {exc} (please report it)"
    return last_word(lambda: echo(said, err=True))


def last_word(say: Callable[[], None]) -> int:
    """Say why a command ends (`say`), as far as standard error takes it: where it cannot
    (a full disk behind it), the exit code still says so, 2, never the 1 of an irregular
    log that Python gives an error nothing catches."""
    try:
        say()
    except OSError:
        pass
    return EXIT_INVALID


def output_closed() -> None:
    """The reader closed standard output (`| head`): what is still unwritten goes nowhere,
    so that the exit, flushing it, does not fail (Python's advice for SIGPIPE)."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # no file behind the stream (a test's capture): nothing is flushed to a pipe
        pass


class _ClosedOutput(io.TextIOBase):
    """Standard output closed before the command began (`>&-`): what is written to it is
    refused as the machine refuses a write to a full disk, so that the command ends with
    exit 2 and says so, not with 0 and its output lost."""

    encoding = "utf-8"

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        raise OSError(errno.EBADF, "standard output is closed")


def closed_streams_opened() -> None:
    """A standard stream closed before the command began is None in Python: standard
    input then reads as empty (as `< /dev/null`), standard output refuses what is written
    to it (`_ClosedOutput`), standard error writes nowhere."""
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")


def warn_left_out(left_out: LeftOut) -> None:
    """One line for the truth files of `arbiter simulate` met among the logs: no logs, so
    no reports, but not passed over in silence either."""
    if left_out.count:
        echo(f"arbiter: warning: {left_out.words()}", err=True)


def aborted(cause: BaseException | None) -> int:
    """A command click ended (`click.Abort`): by Ctrl-C, the shell's code for SIGINT, as
    `check` and the quiz give it (130); else (an end of input at a prompt) exit 2."""
    if isinstance(cause, KeyboardInterrupt):
        last_word(lambda: echo("arbiter: stopped by SIGINT", err=True))
        return 128 + signal.SIGINT
    return last_word(lambda: echo("arbiter: aborted", err=True))


def echo(text: str, err: bool = False, nl: bool = True) -> None:
    """Write `text` (and a new line) to standard output or error, and flush, as
    `click.echo` does; where click would change the text (an ANSI escape to strip, a
    stream that is not UTF-8 text) it is handed to click."""
    stream: IO[str] | None = sys.stderr if err else sys.stdout
    if stream is None:
        return
    if stream.isatty() and CONTROLS.search(text):  # ESC among them
        text = without_escapes(text)
    if "\x1b" in text or not _utf8_text(stream):
        import click

        click.echo(text, err=err, nl=nl)
        return
    for start in range(0, len(text), _PIECE):  # a long log's report is tens of MB: never copied whole
        stream.write(text[start:start + _PIECE])
    if nl:
        stream.write("\n")
    stream.flush()


_PIECE = 1 << 20  # characters written at a time


def _utf8_text(stream: IO[str]) -> bool:
    encoding = getattr(stream, "encoding", None)
    try:
        return (isinstance(stream, io.TextIOBase) and isinstance(encoding, str)
                and codecs.lookup(encoding).name == "utf-8")
    except LookupError:
        return False
