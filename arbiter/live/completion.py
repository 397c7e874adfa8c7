"""Tab completion at the table: the players' names, the event words (the forms' and the
words players say: `calls`, `raises to`, `stands pat` …), the commands.

`candidates` is the whole of the logic (and is tested on its own); `install` hands it
to readline where the terminal has it. The words come from the grammar, so completion
knows exactly what the parser will read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from arbiter.notation.grammar import (
    KEYWORD_FORMS,
    SUBJECT_FORMS,
    SYNONYMS,
    Choice,
    Counts,
    Flag,
    Form,
    Hands,
    Keyed,
    Name,
    Names,
    Opt,
    Part,
)
from arbiter.notation.writer import name_text

if TYPE_CHECKING:
    from arbiter.live.session import TableSession


_WORD = re.compile(r"[^\s(),;]+")
# What may follow a player's name: the forms, then the words players say, as forms of their own.
SAID_FORMS = [*SUBJECT_FORMS, *(Form(s.type, s.subject, s.words, s.parts) for s in SYNONYMS)]


def candidates(before: str, players: list[str], commands: list[str]) -> list[str]:
    """The words that may come next, given the line before the word being completed."""
    statement = before.rsplit(";", 1)[-1]
    words = _WORD.findall(statement)
    names = [name_text(p) for p in players]
    if statement.rfind("(") > statement.rfind(")"):  # inside brackets: cards, or names after these words
        opened = _WORD.findall(statement[: statement.rfind("(")])
        return names if opened and opened[-1] in ("unable", "testimony") else []
    if not words:
        firsts = [*names, *dict.fromkeys(f.words[0] for f in KEYWORD_FORMS)]
        return firsts + (commands if ";" not in before else [])
    named = _named(statement, names)
    forms, typed = (SAID_FORMS, _WORD.findall(named)) if named is not None else (KEYWORD_FORMS, words)
    found: list[str] = []
    for form in forms:
        verb = list(form.words)
        if len(typed) < len(verb) and typed == verb[:len(typed)]:
            found.append(verb[len(typed)])
        elif typed[:len(verb)] == verb:
            found += _after(form, typed[len(verb):], names)
    return list(dict.fromkeys(found))


def _named(statement: str, names: list[str]) -> str | None:
    """What follows the player's name that begins the statement (a quoted name may hold
    spaces: `"Mary Ann" pl`), or None if it begins with no name."""
    said = statement.lstrip()
    for name in names:
        rest = said[len(name):]
        if said.startswith(name) and (not rest or rest[0].isspace()):
            return rest
    return None


def _after(form: Form, typed: list[str], names: list[str]) -> list[str]:
    """What may follow the verb: the next word of a phrase begun, names after a phrase that
    takes them (`about`), else the phrases of the parts not yet given, and names where a
    part with no words of its own takes them."""
    groups: list[tuple[list[tuple[str, ...]], bool]] = []  # each part's phrases; names follow them
    for part in form.parts:
        inner: Part = part.part if isinstance(part, Opt) else part
        if isinstance(inner, Keyed):
            groups.append(([inner.words], isinstance(inner.part, (Name, Names, Counts))))
        elif isinstance(inner, Flag):
            groups.append(([inner.words, ("not", *inner.words)], False))
        elif isinstance(inner, Choice):
            groups.append(([tuple(words.split()) for words, _ in inner.choices], False))
        elif isinstance(inner, (Name, Hands)):
            groups.append(([()], True))  # names, with no words before them
    for phrases, names_follow in groups:
        for words in phrases:
            if words and names_follow and typed[-len(words):] == list(words):
                return names
            for n in range(1, len(words)):
                if typed[-n:] == list(words[:n]):
                    return [words[n]]
    given = [i for i, (phrases, _) in enumerate(groups)
             if any(w and _within(list(w), typed) for w in phrases) or (phrases == [()] and typed)]
    found: list[str] = []
    for phrases, names_follow in groups[given[-1] + 1:] if given else groups:
        for words in phrases:
            found += [words[0]] if words else names if names_follow else []
    return list(dict.fromkeys(found))


def _within(words: list[str], typed: list[str]) -> bool:
    return any(typed[i:i + len(words)] == words for i in range(len(typed) - len(words) + 1))


def install(session: "TableSession") -> None:
    """Complete with Tab, where the terminal has readline (GNU or libedit)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - a Python built without readline: no completion
        return
    from arbiter.live.session import COMMANDS

    def complete(text: str, state: int) -> str | None:
        before = readline.get_line_buffer()[: readline.get_begidx()]
        options = [w for w in candidates(before, session.players, list(COMMANDS)) if w.startswith(text)]
        return options[state] + " " if state < len(options) else None  # a word done: on to the next

    readline.set_completer(complete)
    readline.set_completer_delims(" \t;(),")
    if "libedit" in (readline.__doc__ or ""):  # pragma: no cover - macOS
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
