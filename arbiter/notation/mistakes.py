"""What a syntax error names: the word written where something else was expected, and
the nearest of the words expected to it. Functions of the text alone, leaves of the
parser (`parser.py`), which places them at a line and column."""

from __future__ import annotations

import difflib


def past_words_written_right(text: str, pos: int, phrases: list[str]) -> tuple[int, list[str]]:
    """Where phrases of several words were expected and the first of them are written
    right (`takes bak` for `takes back`, `dealer answer 2` for `dealer answers`), the first
    word written wrong, and the rest of the phrases that begin as written: the word to
    name and to mend. Phrases whose first words stand written just before `pos` (the
    parser took them) are their rest already (`face up inn pack`: `in pack`)."""
    before = text[:pos].rsplit("\n", 1)[-1].split()
    rests = [" ".join(words[k:]) for words in map(str.split, phrases)
             for k in [next((k for k in range(min(len(words) - 1, len(before)), 0, -1)
                             if before[len(before) - k:] == words[:k]), 0)] if k]
    phrases = rests or phrases
    line = text[pos:].split("\n", 1)[0]
    while first := line.split(maxsplit=1)[:1]:
        begun = [phrase.split(maxsplit=1)[1] for phrase in phrases
                 if len(phrase.split()) > 1 and phrase.split()[0] == first[0]]
        if not begun:
            break
        skipped = line.index(first[0]) + len(first[0])
        skipped += len(line[skipped:]) - len(line[skipped:].lstrip(" \t"))
        pos, line, phrases = pos + skipped, line[skipped:], begun
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
    # a phrase's first word stands for it (`tkes` is nearer `takes`, of `takes back`, than `antes`)
    firsts = {word.split()[0]: word for word in words[::-1] if word.split()[0] not in words}
    close = difflib.get_close_matches(written, list(dict.fromkeys([*words, *firsts])), n=1) if written else []
    return f" (did you mean {firsts.get(close[0], close[0])!r}?)" if close else ""


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
