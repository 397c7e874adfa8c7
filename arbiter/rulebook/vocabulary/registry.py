"""How a word of the vocabulary is declared: once, with its English and its meaning.

A word (`dealer`), a function (`stake_of`), a predicate (`in_game`) or an effect
(`penalty`) is declared in the module of its kind by one call that gives its name, the
phrase `arbiter law` reads it back with, the Python that gives its meaning on a board,
the parameters that meaning reads, and a note for rule writers. The compiler's binding,
the rule files' checks, the read-back and `docs/vocabulary.md` all come from these
declarations, so adding a word touches its module and the rule that uses it, nothing else.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Iterator, Mapping, TypeVar

Meaning = TypeVar("Meaning", bound=Callable[..., Any])


class Entry(Generic[Meaning]):
    """One declared word: its name, its phrase (with `{0}`, `{1}` or named slots for its
    arguments), its meaning, the parameters its meaning reads, for an effect the words a
    report says of what it did and its records' `type` where it is not the effect's name,
    a note for rule writers, of what the phrase leaves out; and its types (`types.py`):
    the kind of value it gives, and the kind its argument must be (one kind, or a kind for
    each named operand)."""

    def __init__(self, name: str, phrase: str, meaning: Meaning, reads: tuple[str, ...] = (),
                 says: Callable[..., str] | None = None, record: str = "", note: str = "", value: str = "",
                 takes: Takes = None) -> None:
        self.name = name
        self.phrase = phrase
        self.meaning = meaning
        self.reads = reads
        self.says = says
        self.record = record
        self.note = note
        self.value = value
        self.takes = takes

    @property
    def record_type(self) -> str:
        return self.record or self.name


# What a function, predicate or effect takes: nothing (None), one kind, or a kind for each
# named operand.
Takes = str | Mapping[str, str] | None


class Words(Generic[Meaning]):
    """The declared words of one kind, in the order declared; `value` and `takes` are the
    kinds its words give and take unless a word declares its own."""

    def __init__(self, kind: str, value: str = "", takes: Takes = None) -> None:
        self.kind = kind
        self.value = value
        self.takes = takes
        self.entries: dict[str, Entry[Meaning]] = {}

    def add(self, name: str, phrase: str, meaning: Meaning, reads: tuple[str, ...] = (),
            says: Callable[..., str] | None = None, record: str = "", note: str = "", value: str = "",
            takes: Takes = None) -> None:
        if name in self.entries:
            raise ValueError(f"the {self.kind} {name!r} is declared twice")
        self.entries[name] = Entry(name, phrase, meaning, reads, says, record, note, value or self.value,
                                   takes if takes is not None else self.takes)

    def __call__(self, name: str, phrase: str, reads: tuple[str, ...] = (), says: Callable[..., str] | None = None,
                 record: str = "", note: str = "", value: str = "",
                 takes: Takes = None) -> Callable[[Meaning], Meaning]:
        """`add` as a decorator, for a meaning that takes more than a line."""
        def declare(meaning: Meaning) -> Meaning:
            self.add(name, phrase, meaning, reads, says, record, note, value, takes)
            return meaning

        return declare

    def __iter__(self) -> Iterator[Entry[Meaning]]:
        return iter(self.entries.values())

    def __getitem__(self, name: str) -> Entry[Meaning]:
        return self.entries[name]

    def __contains__(self, name: object) -> bool:
        return name in self.entries

    def phrases(self) -> Mapping[str, str]:
        return {name: entry.phrase for name, entry in self.entries.items()}

    def notes(self) -> Mapping[str, str]:
        return {name: entry.note for name, entry in self.entries.items() if entry.note}

    def meanings(self) -> Mapping[str, Meaning]:
        return {name: entry.meaning for name, entry in self.entries.items()}
