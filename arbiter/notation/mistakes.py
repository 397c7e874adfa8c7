"""What a syntax error names: the word written where something else was expected, and
the nearest of the words expected to it. Functions of the text alone, leaves of the
parser (`parser.py`), which places them at a line and column."""

from __future__ import annotations

import difflib


def past_words_written_right(text: str, pos: int, phrases: list[str]) -> tuple[int, list[str]]:
    """Where phrases of several words were expected and the first of them are written
    right (`dealer answer 2` for `dealer answers`), the first word written wrong, and
    the rest of the phrases that begin as written: the word to name and to mend."""
    line = text[pos:].split("\n", 1)[0]
    while phrases and (first := line.split(maxsplit=1)[:1]) and all(
            len(words := phrase.split()) > 1 and words[0] == first[0] for phrase in phrases):
        skipped = line.index(first[0]) + len(first[0])
        skipped += len(line[skipped:]) - len(line[skipped:].lstrip(" \t"))
        pos, line = pos + skipped, line[skipped:]
        phrases = [phrase.split(maxsplit=1)[1] for phrase in phrases]
    return pos, phrases


def typed(text: str, pos: int) -> str:
    """The word written at `pos` (none at the end of a line), as `found` names it."""
    words = text[pos:pos + 200].split("\n", 1)[0].split()
    return words[0].split(";", 1)[0] if words else ""


def nearest(text: str, pos: int, words: list[str]) -> str:
    """` (did you mean 'plays'?)`: the nearest of `words` to the word written at `pos`, if any is near."""
    written = typed(text, pos)
    if any(word.split()[0] == written for word in words):  # written right: what follows it is wrong
        return ""
    close = difflib.get_close_matches(written, words, n=1) if written else []
    return f" (did you mean {close[0]!r}?)" if close else ""


def found(text: str, pos: int) -> str:
    """What is written at `pos`, as an error names it: `'x2'`, `the end of the line`."""
    rest = text[pos:pos + 200]
    if not rest:
        return "the end of the text"
    if rest[0] == "\n":
        return "the end of the line"
    if rest[0].isspace():  # a space, a tab, or any other white space (a form feed, U+2028 …)
        return repr(rest[0])
    chunk = rest.split("\n", 1)[0].split()[0]
    chunk = chunk.split(";", 1)[0] or ";"  # the word, not the `;` ending its statement; or that `;`
    return repr(chunk if len(chunk) <= 24 else chunk[:23] + "…")
