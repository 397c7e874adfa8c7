"""The table's log on disk: the text notation, only ever appended to, one line at a time.

Each line is written with one `os.write` of the file opened for appending (unbuffered:
nothing waits in a buffer to be flushed) and `os.fsync`ed before the session reads
the next line, so Ctrl-C, a killed process or a crash loses nothing that was entered.
Nothing is ever rewritten: a line taken back is taken back by a later `undo` line.

One thing is only read when it is settled: a last line with no end, as a file cut
short leaves it (a crash mid-write, a disk full, a copy cut at half a line or in the
middle of a character). On resume it is held apart (`unfinished`); the session either
ends it, if it reads as a line of the log, or tears it off and keeps its text as a
`# torn:` comment in its place, so that the game can go on and nothing typed is lost.
"""

from __future__ import annotations

import os
from pathlib import Path

from arbiter.errors import LogReadError
from arbiter.notation.reading import JSON_SUFFIX, decode, is_text_log
from arbiter.reading import not_regular, read_source


def refuse_new_name(path: Path) -> None:
    """A name no new game can be kept under: *.json, for the table writes the text notation,
    which that name would belie; a link to no file (dangling, or in a loop of links), which
    is neither a log to resume nor a name a file can be made under."""
    if path.name.endswith(JSON_SUFFIX):  # as the readers take it (`.json` alone too, no suffix to Path)
        raise LogReadError("the table keeps its log in the text notation: name it *.hand", file=str(path))
    if path.is_symlink():
        raise LogReadError("a link to no file (it leads nowhere, or round a loop of links): give the game file "
                           "itself", file=str(path))


class Journal:
    """An open log file and the text it holds."""

    def __init__(self, path: Path, fd: int, text: str, unfinished: bytes = b"") -> None:
        self.path = path
        self.fd = fd
        self.text = text
        self.unfinished = unfinished  # the bytes after the last line end, not yet settled

    @classmethod
    def create(cls, path: Path, first_line: str) -> "Journal":
        """A new log holding `first_line` (the table); refuses to overwrite a file."""
        refuse_new_name(path)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_EXCL, 0o644)
        except OSError as exc:
            raise LogReadError(f"cannot create the log: {exc.strerror or exc}", file=str(path)) from None
        journal = cls(path, _locked(fd, path), "")
        journal.append(first_line)
        sync_folder(path)
        return journal

    @classmethod
    def resume(cls, path: Path) -> "Journal":
        """An existing text log, opened to go on where it stops: a regular file, for the
        table appends to it (a named pipe would block, waiting for a writer)."""
        try:
            kind = not_regular(os.stat(path).st_mode)
        except OSError as exc:
            raise LogReadError(f"cannot read the file: {exc.strerror or exc}", file=str(path)) from None
        if kind is not None:
            raise LogReadError(f"not a regular file ({kind}): the table keeps its log in a file", file=str(path))
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise LogReadError(f"cannot write to the log: {exc.strerror or exc}", file=str(path)) from None
        fd = _locked(fd, path)  # before it is read: a second table would read what the first then extends
        try:
            data = read_source(path)
            if not is_text_log(data, str(path)):
                if is_text_log(data, ""):  # by its content, text; by its name, JSON
                    raise LogReadError("the text notation under a JSON log's name, which every reader takes for "
                                       "JSON: name it *.hand", file=str(path))
                raise LogReadError("a JSON log: the table keeps the text notation; convert it first with "
                                   f"`arbiter convert {path} --to text -o {path.with_suffix('.hand')}`",
                                   file=str(path))
            ended = data.rfind(b"\n") + 1
            text = decode(data[:ended], str(path))
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, text, data[ended:])

    def unfinished_text(self) -> str | None:
        """The unfinished last line as text; None if it is cut in the middle of a character."""
        try:
            return self.unfinished.decode("utf-8-sig" if not self.text else "utf-8")
        except UnicodeDecodeError:
            return None

    def end_last_line(self) -> None:
        """The unfinished last line stands: end it, so the next line starts a line of its own."""
        self.text += self.unfinished_text() or ""
        self.unfinished = b""
        self.write("\n")

    def tear_off_last_line(self, mark: str) -> str:
        """The unfinished last line does not read: take its bytes off the end of the file and
        write them back as a comment line `MARK text` (undecodable bytes as U+FFFD). The
        comment line, as written."""
        comment = f"{mark} {self.unfinished.decode('utf-8', 'replace')}"
        os.ftruncate(self.fd, os.fstat(self.fd).st_size - len(self.unfinished))
        self.unfinished = b""
        self.append(comment)
        return comment

    def append(self, line: str) -> None:
        """One line, on the disk when this returns."""
        self.write(line + "\n")

    def write(self, text: str) -> None:
        data = memoryview(text.encode("utf-8"))
        while data:
            data = data[os.write(self.fd, data):]
        os.fsync(self.fd)
        self.text += text

    def line(self, number: int) -> str:
        """The text of line `number` (from 1)."""
        return self.text.split("\n")[number - 1]

    def close(self) -> None:
        os.close(self.fd)


def _locked(fd: int, path: Path) -> int:
    """The file descriptor, once this process alone keeps the log: two sessions appending
    to one log would interleave their games. The lock goes with the process, however it ends."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no advisory locks on this platform
        return fd
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise LogReadError("another `arbiter table` or `arbiter serve` is keeping this log", file=str(path)) from None
    return fd


def sync_folder(path: Path) -> None:
    """A new file's name is durable once its folder is synced too."""
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:  # pragma: no cover - a folder that cannot be opened (some platforms)
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - file systems that cannot sync a folder
        pass
    finally:
        os.close(fd)
