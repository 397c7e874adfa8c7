"""Terminal escape sequences and control characters, taken out of text from outside.

A name a terminal shows (a log's file name, a game file's, an address given) may hold
escape sequences: CSI, which moves the cursor or changes colours, and OSC, which sets the
window's title or writes a link. `printable` makes such text one harmless line (what
`arbiter serve` prints of names and of the traffic's log); `without_escapes` keeps its
lines and tabs (every command's output to a terminal, `cli/output.py`). And text that no
output can hold at all: a lone surrogate (`has_lone_surrogate`), which a log or a house
file is refused for, and which a file name whose bytes are not UTF-8 is read as
(`shown_path` names such a file in words every output can hold).
"""

from __future__ import annotations

import re

# ESC [ … final (CSI); ESC ] … BEL or ESC \ (OSC, and the other strings: DCS, SOS, PM, APC);
# ESC and its one command (the rest, with any intermediate characters); and the one-byte
# C1 forms of the first two (CSI 0x9b; OSC 0x9d, DCS 0x90, …). Every one begins with a
# character of CONTROLS: text with none of them has no escape, and ESCAPES and BLANKS are
# compiled by `re` only when first asked (start-up: docs/speed.md).
ESCAPES = (r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?"
           r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"
           r"|\x1b[\x20-\x2f]*[\x30-\x7e]?")
CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1f\x7f-\x9f]")  # what is left that a terminal obeys
BLANKS = r"[\t\n\x0b\x0c\r]+"


def printable(text: str) -> str:
    """`text` with every terminal escape sequence taken out, its other control characters
    too, and line breaks made spaces: what a terminal shows as it is, on one line. Nearly
    every name is printable already, and is asked without compiling a pattern (start-up)."""
    if text.isprintable():
        return text
    return CONTROLS.sub("", re.sub(BLANKS, " ", re.sub(ESCAPES, "", text)))


def without_escapes(text: str) -> str:
    """`text` with every terminal escape sequence and other control character taken out,
    its line breaks and tabs kept: a report as a terminal shows it, driving nothing."""
    return CONTROLS.sub("", re.sub(ESCAPES, "", text))


def has_lone_surrogate(s: str) -> bool:
    """JSON's \\uD800-\\uDFFF escapes that form no pair leave a str that no output can
    encode; a raw one cannot get past strict UTF-8 decoding."""
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def shown_path(path: str) -> str:
    """A path as a report names it. Python reads a file name whose bytes are not UTF-8 with
    each such byte as a lone surrogate (PEP 383), which no UTF-8 output can hold: a JSON
    report would not be UTF-8, an HTML page could not be written. Each such byte is shown
    as `\\xNN`, as Python shows bytes; any other name is itself."""
    if not has_lone_surrogate(path):
        return path
    try:
        raw = path.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate no file system byte gives (a name from elsewhere)
        return path.encode("utf-8", "backslashreplace").decode("utf-8")
    return raw.decode("utf-8", "backslashreplace")
