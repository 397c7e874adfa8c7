"""The bytes of a log, and the limits that keep one input from taking the machine: its
size, its depth, its numbers, the counts of cards, the strings no output can write.

They are checked here, before anything else is asked of a log, and by a fixed measure:
the verdict must not depend on the machine's memory or on how deep the caller's stack
happens to be.
"""

from __future__ import annotations

import codecs
import os
import re
import stat
import sys
from typing import Any, Final, Iterable, NoReturn, Protocol, Sequence

from arbiter.errors import LogReadError

# The most digits Python turns into an int from text, or back (4300): a longer int can be
# neither read from a log nor written out again.
INT_DIGITS: Final = sys.int_info.default_max_str_digits
TOO_LONG_INT: Final = 10**INT_DIGITS

# A log larger than this is not read: a runaway file (or /dev/zero) must not take the
# machine's memory from the other logs of a run. A million events take some 60 MB, and
# (read as they come, `STREAM_ABOVE_BYTES`) under 300 MB of memory to check.
MAX_LOG_BYTES = 256 * 1024 * 1024
# A log larger than this is read event by event (`read_log_lazily`): its events are parsed
# twice, once to check them and once for the replay, and never held all at once (a million
# events parsed whole take a gigabyte). A smaller log is parsed whole, which is faster.
STREAM_ABOVE_BYTES = 8 * 1024 * 1024
# A hand log nests 5 levels deep, its `meta` a few more. Deeper is refused at a fixed
# depth, so the verdict does not depend on how deep the caller's stack happens to be.
MAX_DEPTH: Final = 100
TOO_DEEP = f"not readable: the JSON is nested too deeply (more than {MAX_DEPTH} levels)"
# A cheap test before the walk of a document; compiled by `re` when a log first holds a
# `\u` escape (start-up: docs/speed.md).
LONE_SURROGATE_ESCAPE = r"\\u[dD][89a-fA-F]"


def may_hold_surrogate(text: str) -> bool:
    """Could the JSON text escape a surrogate (`\\uD800`…)? Only such an escape can give a lone one."""
    return "\\u" in text and re.search(LONE_SURROGATE_ESCAPE, text) is not None


_CHUNK = 1 << 20


_KINDS: Final = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a character device"),
                 (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISDIR, "a folder"))


def not_regular(mode: int) -> str | None:
    """What a file of this mode is, in words, if it is not a regular file (a named pipe,
    a folder ...): a walk does not open it, nor does the table resume it, for reading it
    would block or fail; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_source(path: str | os.PathLike[str]) -> bytes:
    """The bytes of the file at ``path``: a regular file, or a pipe or device named on
    purpose (``<(zcat log.json.gz)``), never more than ``MAX_LOG_BYTES``. Raises
    ``LogReadError`` (with ``file`` set) when it cannot be read or is too large."""
    name = os.fspath(path)
    try:
        with open(path, "rb", buffering=0) as fh:
            status = os.fstat(fh.fileno())
            if not stat.S_ISREG(status.st_mode):
                return read_stream(fh)
            if status.st_size > MAX_LOG_BYTES:
                raise _too_large(f"{status.st_size:,} bytes")
            # One read of the size the file has (and a byte more, to see it end): no buffer
            # of the largest size a log may have. A file that grew meanwhile, or a short
            # read, reads on.
            data = fh.read(status.st_size + 1)
            if len(data) == status.st_size:
                return data
            if len(data) > MAX_LOG_BYTES:
                raise _too_large(f"more than {MAX_LOG_BYTES:,} bytes")
            return data + read_stream(fh, MAX_LOG_BYTES - len(data))
    except LogReadError as exc:
        exc.file = name
        raise
    except OSError as exc:
        raise LogReadError(f"cannot read the file: {exc.strerror or exc}", file=name) from None
    except UnicodeEncodeError:  # a name given as data, holding a lone surrogate no file system byte gives
        raise LogReadError("cannot read the file: its name holds a lone surrogate, which no file name "
                           "can", file=name) from None
    except ValueError:  # a name given as data, holding a NUL, which no file name can
        raise LogReadError("cannot read the file: its name holds a NUL character, which no file name can",
                           file=name.replace("\0", "\\0")) from None


class _Readable(Protocol):
    """What `read_stream` reads: a binary file, standard input's buffer, a pipe."""

    def read(self, size: int, /) -> bytes: ...


def read_stream(stream: _Readable, limit: int | None = None) -> bytes:
    """All of a binary stream (standard input, a pipe), never more than ``MAX_LOG_BYTES``
    (``limit`` more bytes, for the rest of a file begun). Read in chunks, so that a
    small log takes a small buffer."""
    limit = MAX_LOG_BYTES if limit is None else limit
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise _too_large(f"more than {MAX_LOG_BYTES:,} bytes")
    return b"".join(chunks)


def _too_large(size: str) -> LogReadError:
    return LogReadError(f"too large to read: {size}; arbiter reads at most {MAX_LOG_BYTES:,} bytes "
                        f"({MAX_LOG_BYTES >> 20} MiB) of a hand log or of a report of one")


def check_depth(value: object, depth: int = 1) -> None:
    """Raise if ``value`` nests deeper than ``MAX_DEPTH`` (iteratively). The message and
    the empty path are those of a document too deep for the parser itself, so that a log
    gets the same report whichever of the two limits it meets."""
    stack: list[tuple[object, int]] = [(value, depth)]
    children: Iterable[object]
    while stack:
        value, depth = stack.pop()
        if type(value) is dict:
            children = value.values()
        elif type(value) is list:
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise LogReadError(TOO_DEEP)
        stack.extend((child, depth + 1) for child in children if type(child) in (dict, list))


def duplicate_key(items: Sequence[tuple[str, Any]]) -> str | None:
    """The first key an object's pairs give twice, which JSON's reader would let the last
    value decide: a log, a `meta` line or a kept report that says two things says neither."""
    first: dict[str, int] = {}  # key -> the index of its first appearance
    return next((key for i, (key, _) in enumerate(items) if first.setdefault(key, i) != i), None)


class NotJSON(Exception):
    """What Python's JSON reader takes and JSON has not, met by the hooks of a reader that
    refuses it (a `meta` line's, a kept report's; the reader of a log records it instead,
    to say where it stands): `a duplicate key 'net'`, `NaN, which is no number JSON allows`."""


def unique_pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
    """The `object_pairs_hook` that refuses a key given twice."""
    obj = dict(items)
    if len(obj) != len(items):
        raise NotJSON(f"a duplicate key {duplicate_key(items)!r}")
    return obj


def no_constant(name: str) -> NoReturn:
    """The `parse_constant` that refuses NaN, Infinity and -Infinity."""
    raise NotJSON(f"{name}, which is no number JSON allows")


def encoding_hint(data: bytes) -> str:
    """What to say of bytes that are no UTF-8 text, or hold a NUL, where they look like
    another encoding of Unicode, as a Windows editor may save a log: UTF-32 or UTF-16 by
    their byte-order marks, or UTF-16 without one, every other byte zero (ASCII text)."""
    if data[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return " (it looks like UTF-32: save it as UTF-8)"
    head = data[:64]
    evens, odds = head[0::2], head[1::2]
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or (len(head) >= 4 and (
            (not odds.strip(b"\0") and b"\0" not in evens) or (not evens.strip(b"\0") and b"\0" not in odds))):
        return " (it looks like UTF-16: save it as UTF-8)"
    return ""


class NotUTF8(ValueError):
    """Bytes that are no UTF-8: `offset` is the first that cannot be decoded, counted in the
    file, a byte-order mark before the text included (as a NUL's offset is counted)."""

    def __init__(self, data: bytes, offset: int) -> None:
        super().__init__(f"byte 0x{data[offset]:02x} at offset {offset}")
        self.offset = offset
        self.byte = data[offset]


def utf8_text(data: bytes) -> str:
    """The text of UTF-8 bytes, a byte-order mark before it passed over. Raises `NotUTF8`:
    the decoder counts its offset after the mark, which would name the wrong byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        mark = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
        raise NotUTF8(data, exc.start + mark) from None


def nul_byte(data: bytes) -> str | None:
    """Where a NUL byte stands, which no JSON and no text log holds: `a NUL byte at offset 1
    (line 1)`, with the hint of another encoding where the bytes look like it."""
    at = data.find(b"\0")
    if at < 0:
        return None
    line = data.count(b"\n", 0, at) + 1
    return f"a NUL byte at offset {at} (line {line}){encoding_hint(data)}"
