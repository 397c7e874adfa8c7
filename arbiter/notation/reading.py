"""Reading a log in either form: JSON, or the text notation, told apart by name or content.

A text log is parsed, then checked by the very schema and checks a JSON log meets
(`read_log_bytes`), so the two forms can never be held to different rules; an error
found there is given back with the line and column of the part it concerns.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Callable, NoReturn

from arbiter.errors import LogError
from arbiter.reading import read_log_bytes
from arbiter.reading.limits import NotUTF8, encoding_hint, utf8_text

if TYPE_CHECKING:
    from arbiter.notation.parser import Parsed
    from arbiter.notation.reckoning import Reckon

TEXT_SUFFIX = ".hand"
JSON_SUFFIX = ".json"
LOG_SUFFIXES = (JSON_SUFFIX, TEXT_SUFFIX)  # what `arbiter check` reads in a folder


def is_text_log(data: bytes, name: str) -> bool:
    """`*.hand` is text, `*.json` is JSON; anything else (standard input, `*.log` …) is text
    when it begins as a text log must, with a word or a `#` comment."""
    if name.endswith(TEXT_SUFFIX):
        return True
    if name.endswith(JSON_SUFFIX):
        return False
    head = data.removeprefix(b"\xef\xbb\xbf").lstrip(b" \t\r\n")[:1]
    return head == b"#" or head.isalpha()


def read_any_log(data: bytes, name: str) -> dict[str, Any]:
    """A log read and checked, whichever its form (`arbiter check`, `arbiter convert`)."""
    return read_text_log(data, name) if is_text_log(data, name) else read_log_bytes(data, name)


def read_text_log(data: bytes, name: str) -> dict[str, Any]:
    """A text log's document, checked against the schema; errors say the line and column."""
    return parse_checked(decode(data, name), name)[0]


def decode(data: bytes, name: str) -> str:
    try:
        text = utf8_text(data)
    except NotUTF8 as exc:
        before = data[:exc.offset].decode("utf-8-sig")  # what precedes the byte decodes
        _refuse(before, f"not UTF-8: byte 0x{exc.byte:02x} cannot be decoded{encoding_hint(data)}", name)
    if (at := text.find("\0")) >= 0:  # no text log holds one; UTF-16 without its mark holds many
        _refuse(text[:at], f"not a text log: a NUL byte{encoding_hint(data)}", name)
    return text


def _refuse(before: str, detail: str, name: str) -> NoReturn:
    """Refuse where the text `before` ends: its columns are characters, after any
    byte-order mark, as the parser counts them."""
    from arbiter.notation.parser import NotationError

    error = NotationError(before.count("\n") + 1, len(before) - before.rfind("\n"), detail)
    error.file = name
    raise error from None


def parse_checked(text: str, name: str, reckon: Reckon | None = None) -> tuple[dict[str, Any], Parsed]:
    """The checked document and where its parts stand (the table session needs both);
    `reckon` reads the words players say by the game in play (the words alone without it)."""
    from arbiter.notation.parser import NotationError, parse_text  # only a text log needs the parser
    from arbiter.notation.reckoning import Reckoning

    try:
        parsed = parse_text(text, reckon or Reckoning)
    except NotationError as error:
        error.file = name
        raise
    try:
        log = read_log_bytes(json.dumps(parsed.log).encode("ascii"), name)
    except LogError as error:
        line, column = parsed.where(error.path)
        located = NotationError(line, column, error.message, error.path, error.event)
        located.file = name
        raise located from None
    return log, parsed


Locate = Callable[[LogError], LogError]


def text_locator(data: bytes, name: str) -> Locate | None:
    """For a text log, what says an error the replay finds in one of its events (a discard
    before any deal) or in its table (house rules it names that cannot be used) at the line
    and column where that part was written, as the schema's errors are said; None for a
    JSON log, whose errors' paths point into it already. The text is parsed again only
    when there is an error to place."""
    if not is_text_log(data, name):
        return None

    def locate(error: LogError) -> LogError:
        from arbiter.notation.parser import parse_text

        located = placed(error, lambda: parse_text(decode(data, name)))
        if located is not error:
            located.file = error.file or name
        return located

    return locate


def placed(error: LogError, parsed: Callable[[], Parsed]) -> LogError:
    """An error the replay finds in an event (or the table) said at the line and column where
    that part was written (`parsed`, asked only then); one placed already, or of no part, as
    it is."""
    from arbiter.notation.parser import NotationError

    if isinstance(error, NotationError) or not error.path:
        return error
    line, column = parsed().where(error.path)
    return NotationError(line, column, error.message, error.path, error.event)
