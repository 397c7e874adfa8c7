"""The rule book compiled to Python source: one function per trigger deciding all its checks.

Why: evaluating the closure trees of `expressions.py` was some 40% of a replay, a call
per node. Here each trigger's checks become one generated function whose conditions
are plain Python expressions over the replay's state: `and`/`or`/`not`, comparisons
with the interpreter's None semantics, `ctx.event.get(...)`, the parameters in force
as constants (they are fixed for a rule book), and the vocabulary's words, functions
and predicates as local names bound from the context's `Binding` (never imported: the
context may change class). A word used by two checks of one trigger is computed once:
the state does not change while a trigger is decided (conditions and drafts have no
side effects), except `each`, so the checks of `for_each` share nothing. The parts of
`all`/`any` are tested in the interpreter's order (`expressions.cost`), so the verdicts
and any exception are the same. The interpreter stays the reference:
`ARBITER_INTERPRET=1` selects it, and tests/test_codegen.py holds both equal.

The source is written beside `compiled.json` for Peel's own rule book (shipped, held
current by a test) and to a user cache for a house rule book, named by and stamped with
`rulebook_hash`. Each module holds the whole `rulebook_key` it was generated from
(everything the source depends on), and its functions are bound only if that is the
rule book's own: a stale module is replaced, never used.

Safety: rule and house files are user data, and none of their text is spliced into the
source. It is made of fixed text written here, of literals through `literal()` (the
`repr` of exact str, int, finite float, bool and None, and lists and str-keyed dicts of
them: a Python literal of the same value and nothing else), and of names checked to be
identifiers and in the Binding or the vocabulary, always behind a prefix of ours
(`w_`, `f_`, `p_`, `decide_`). Executing the generated text therefore runs only code
written here; it is executed with no builtins, so even a mistake here could not reach
`__import__` or `open`. The shipped module is the package's own, as trusted as its
code. A cache file could be replaced by someone else: nothing of it runs unless the
user owns it and its folder, no one else may write either, and it bears the rule book's
stamp.
"""

from __future__ import annotations

import json
import math
import os
from types import CodeType
from typing import TYPE_CHECKING, Any, Iterable, Mapping

from arbiter.engine.compiled import CompiledCheck, CompiledRules, Decider, each_round
from arbiter.engine.expressions import ARITHMETIC, arithmetic, cost
from arbiter.rulebook.vocabulary.grammar import COMPARISONS, CONSTANTS, LITERAL_ARGUMENTS, TRIGGERS, VALUE_FUNCTIONS

if TYPE_CHECKING:  # pathlib costs 3 ms to import: only a cache miss needs it
    from pathlib import Path

GENERATOR_VERSION = 5  # part of the hash: raise it whenever the source written here changes
SHIPPED_NAME = "compiled_checks.py"  # beside compiled.json, for Peel's own rule book
CACHE_PREFIX = "checks-"
CACHE_KEEP = 32  # generated modules kept in the user cache, the last written
_OPERATORS = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
assert set(_OPERATORS) == set(COMPARISONS)


class CodegenError(ValueError):
    """Something of the rule book the generator will not write as source (the
    interpreter then decides that rule book)."""


class _Unset:
    """The answer of a shared call not computed yet in this decision."""


UNSET = _Unset()


def literal(value: Any) -> str:
    """`value` as a Python literal, for plain data only (exact types, finite floats)."""
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return repr(value)
    if kind is float:
        if not math.isfinite(value):
            raise CodegenError(f"{value!r} cannot be written as a literal")
        return repr(value)
    if kind is list:
        return "[" + ", ".join(literal(item) for item in value) + "]"
    if kind is dict:
        return "{" + ", ".join(f"{_key(k)}: {literal(v)}" for k, v in value.items()) + "}"
    raise CodegenError(f"a value of type {kind.__name__} cannot be written as a literal")


def _key(key: Any) -> str:
    if type(key) is not str:
        raise CodegenError(f"a mapping key must be text, got {key!r}")
    return repr(key)


def _name(prefix: str, name: Any, known: Iterable[str]) -> str:
    """A generated identifier for a vocabulary name: checked, then prefixed."""
    if type(name) is not str or not name.isidentifier() or name not in known:
        raise CodegenError(f"{name!r} is not a name of the vocabulary")
    return prefix + name


def rulebook_key(rules: CompiledRules) -> str:
    """Everything the generated source depends on, as canonical JSON: the generator's
    version, each trigger's checks (rule, index, condition, `for_each`) in order, and the
    parameters in force. House rules change these, so they are included."""
    data = {
        "generator": GENERATOR_VERSION,
        "triggers": {trigger: [[c.rule.id, c.index, c.check.condition, c.for_each] for c in checks]
                     for trigger, checks in rules.by_trigger.items()},
        "parameters": rules.parameters,
    }
    try:
        text = json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise CodegenError(f"the rule book is not plain data: {exc}") from None
    return text


def rulebook_hash(rules: CompiledRules) -> str:
    """The SHA-256 of `rulebook_key`: a cached module's name and stamp. (Only a house rule
    book's checks need it: `hashlib` costs 2.5 ms to import, Peel's shipped module is
    held to the whole key instead.)"""
    return _digest(rulebook_key(rules))


def _digest(key: str) -> str:
    import hashlib

    return hashlib.sha256(key.encode()).hexdigest()


class _Function:
    """One trigger's decide function being written: its temporaries, and the calls it
    makes once. A word, a predicate or a function applied to the same operands gives the
    same answer on the same state, so where one is written twice among the checks
    sharing a state, the first use computes it and the others read it back."""

    def __init__(self, module: _Module, shared: Mapping[str, str] | None = None) -> None:
        self.module = module
        self.shared = shared or {}  # the call's key: the local that keeps its answer
        self.temps = 0
        self.uses: dict[str, int] = {}  # the calls written, by key, and how often

    def temp(self) -> str:
        self.temps += 1
        return f"t{self.temps}"

    def once(self, key: str, call: str) -> str:
        """`call`, or the answer it gave earlier in this decision when it is shared."""
        self.uses[key] = self.uses.get(key, 0) + 1
        kept = self.shared.get(key)
        if kept is None:
            return call
        return f"({kept} if {kept} is not unset else ({kept} := {call}))"

    def word(self, name: str) -> str:
        bound = _name("w_", name, self.module.words)
        self.module.used_words.add(name)
        return self.once(f"w {name}", f"{bound}(ctx)")

    def value(self, node: Any) -> str:
        if node is None or type(node) in (bool, int, float):
            return literal(node)
        if isinstance(node, str):
            if node.startswith("event."):
                return f"ctx.event.get({literal(node[len('event.'):])})"
            if node in CONSTANTS:
                return literal(node)
            return self.word(node)
        if isinstance(node, list):
            return "[" + ", ".join(self.value(item) for item in node) + "]"
        if not isinstance(node, dict) or len(node) != 1:
            raise CodegenError(f"unknown value {node!r}")
        (name, arg), = node.items()
        if name == "param":
            return self.module.parameter(arg)
        if name in ARITHMETIC:
            return f"arithmetic({literal(name)}, [{', '.join(self.value(part) for part in arg)}])"
        if name == "first_of":
            text = "None"
            for option in reversed(arg):
                t = self.temp()
                text = f"({t} if ({t} := {self.value(option)}) is not None else {text})"
            return text
        function = _name("f_", name, self.module.functions if name in VALUE_FUNCTIONS else ())
        self.module.used_functions.add(name)
        t = self.temp()
        return self.once(f"f {node!r}", f"(None if ({t} := {self.value(arg)}) is None else {function}(ctx, {t}))")

    def condition(self, node: Any) -> str:
        if node is None or node is True:
            return "True"
        if isinstance(node, str):
            if node.startswith("event."):  # a yes-or-no field of the event
                return f"(not not ctx.event.get({literal(node[len('event.'):])}))"  # no builtins in there
            return self.word(node)
        if not isinstance(node, dict) or len(node) != 1:
            raise CodegenError(f"unknown condition {node!r}")
        (name, arg), = node.items()
        if name in ("all", "any"):
            parts = [self.condition(part) for part in sorted(arg, key=cost)]
            joiner = " and " if name == "all" else " or "
            return "(" + joiner.join(parts) + ")" if parts else ("True" if name == "all" else "False")
        if name == "not":
            return f"(not {self.condition(arg)})"
        if name in _OPERATORS:
            return self.comparison(_OPERATORS[name], arg)
        predicate = _name("p_", name, self.module.predicates)
        self.module.used_predicates.add(name)
        return self.once(f"p {node!r}", f"{predicate}(ctx, {self.arguments(name, arg)})")

    def comparison(self, operator: str, sides: Any) -> str:
        """Both sides evaluated, left first; with None on either side only `eq`/`ne` can hold."""
        left, right = sides
        a, b = self.value(left), self.value(right)
        if operator in ("==", "!="):
            return f"({a} {operator} {b})"
        if _plain(right):
            t = self.temp()
            return f"(({t} := {a}) is not None and {t} {operator} {b})"
        if _plain(left):
            t = self.temp()
            return f"(({t} := {b}) is not None and {a} {operator} {t})"
        t, u = self.temp(), self.temp()
        return f"((({t} := {a}) is not None) & (({u} := {b}) is not None) and {t} {operator} {u})"

    def arguments(self, predicate: str, arg: Any) -> str:
        if predicate in LITERAL_ARGUMENTS or isinstance(arg, bool):
            return literal(arg)
        if isinstance(arg, dict) and not (len(arg) == 1 and next(iter(arg)) in VALUE_FUNCTIONS):
            parts = (f"{_key(key)}: {literal(value) if key in LITERAL_ARGUMENTS else self.value(value)}"
                     for key, value in arg.items())
            return "{" + ", ".join(parts) + "}"
        return self.value(arg)


def _plain(node: Any) -> bool:
    """A literal other than None: its side of a comparison needs no test."""
    return node is not None and type(node) in (bool, int, float)


class _Module:
    """The generated module being written: the names it binds and its constants."""

    def __init__(self, rules: CompiledRules) -> None:
        binding = rules.binding
        if binding is None:
            raise CodegenError("the rules were compiled without a binding")
        self.rules = rules
        self.words, self.functions, self.predicates = binding.words, binding.functions, binding.predicates
        self.used_words: set[str] = set()
        self.used_functions: set[str] = set()
        self.used_predicates: set[str] = set()
        self.constants: dict[str, str] = {}  # literal text: its name

    def parameter(self, name: Any) -> str:
        """A parameter in force, as a constant bound once; one the rule book lacks is
        asked of the context, as the interpreter does (and fails as it does)."""
        if type(name) is str and name in self.rules.parameters:
            text = literal(self.rules.parameters[name])
            return self.constants.setdefault(text, f"k{len(self.constants)}")
        return f"ctx.param({literal(name)})"

    def decide_function(self, trigger: str, checks: list[CompiledCheck]) -> list[str]:
        plain = [c.check.condition for c in checks if not c.for_each]
        counting = _Function(self)
        for node in plain:
            counting.condition(node)
        shared = {key: f"s{n}" for n, key in enumerate(k for k, uses in counting.uses.items() if uses > 1)}
        body = _Function(self, shared)
        name = _name("decide_", trigger, TRIGGERS)
        lines = [f"    def {name}(ctx, actor, draft):", "        ctx.actor = actor", "        held = []"]
        lines += [f"        {kept} = unset" for kept in shared.values()]
        for index, check in enumerate(checks):
            found = f"held.append(draft(C_{trigger}[{index}]))"
            if check.for_each:
                lines += ["        players = each_round(ctx)",
                          "        if players is None:",
                          f"            if {_Function(self).condition(check.check.condition)}:",
                          f"                {found}",
                          "        else:",
                          "            for each in players:",
                          "                ctx.each = each",
                          f"                if {_Function(self).condition(check.check.condition)}:",
                          f"                    {found}",
                          "            ctx.each = None"]
            else:
                lines += [f"        if {body.condition(check.check.condition)}:", f"            {found}"]
        lines += ["        return held", ""]
        return lines


def generate_source(rules: CompiledRules) -> str:
    """The Python source deciding every trigger's checks of `rules`, stamped with the rule
    book's hash and holding its whole key (raises CodegenError for what it will not write)."""
    key = rulebook_key(rules)
    module = _Module(rules)
    triggers = sorted(rules.by_trigger)
    functions: list[str] = []
    for trigger in triggers:
        functions += module.decide_function(trigger, rules.by_trigger[trigger])
    table = "".join(f"    {literal(trigger)}: ({''.join(f'({literal(c.rule.id)}, {c.index}), ' for c in checks)}),\n"
                    for trigger, checks in ((t, rules.by_trigger[t]) for t in triggers))
    head = [
        '"""Generated by arbiter.engine.codegen from the rule book: do not edit (see that module)."""',
        "",
        f"RULEBOOK_HASH = {literal(_digest(key))}",
        f"GENERATOR_VERSION = {GENERATOR_VERSION}",
        f"RULEBOOK = {literal(key)}",
        "CHECKS = {",
        table.rstrip("\n"),
        "}",
        "",
        "",
        "def bind(words, functions, predicates, checks, each_round, arithmetic, unset):",
    ]
    head += [f"    w_{name} = words[{literal(name)}]" for name in sorted(module.used_words)]
    head += [f"    f_{name} = functions[{literal(name)}]" for name in sorted(module.used_functions)]
    head += [f"    p_{name} = predicates[{literal(name)}]" for name in sorted(module.used_predicates)]
    head += [f"    {name} = {text}" for text, name in module.constants.items()]
    head += [f"    C_{trigger} = checks[{literal(trigger)}]" for trigger in triggers]
    head.append("")
    tail = ["    return {", *(f"        {literal(t)}: decide_{t}," for t in triggers), "    }", ""]
    return "\n".join(head + functions + tail)


def bind_source(text: str, rules: CompiledRules, key: str) -> dict[str, Decider]:
    """The decide functions of freshly generated `text`, bound to `rules`."""
    return _bind_code(compile(text, "<generated checks>", "exec"), rules, key)


def _stamped(head: str, stamp: str) -> bool:
    return f"\nRULEBOOK_HASH = {stamp!r}\n" in head


def _bind_code(code: CodeType, rules: CompiledRules, key: str) -> dict[str, Decider]:
    """Run generated code with no builtins and bind its functions to `rules`: only if it
    was generated from this very rule book (its whole key) and its table of checks is the
    rules' own."""
    namespace: dict[str, Any] = {"__builtins__": {}}
    exec(code, namespace)
    expected = {trigger: tuple((c.rule.id, c.index) for c in checks) for trigger, checks in rules.by_trigger.items()}
    if namespace.get("RULEBOOK") != key or namespace.get("CHECKS") != expected:
        raise CodegenError("the generated checks do not match the rule book")
    binding = rules.binding
    assert binding is not None
    bound: dict[str, Decider] = namespace["bind"](binding.words, binding.functions, binding.predicates,
                                                  rules.by_trigger, each_round, arithmetic, UNSET)
    return bound


def cache_dir() -> Path:
    """Where the checks of house rule books are kept: `$XDG_CACHE_HOME/arbiter` (or
    `~/.cache/arbiter`)."""
    from pathlib import Path

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "arbiter"


def _own_and_private(status: os.stat_result) -> bool:
    """Owned by this user, and writable by no one else."""
    owner = os.geteuid() if hasattr(os, "geteuid") else status.st_uid
    return status.st_uid == owner and not status.st_mode & 0o022


HEAD = 512  # the bytes of a generated file that hold its stamp


def _private_head(path: Path) -> str | None:
    """The head of a regular file the user owns in a folder the user owns, neither
    writable by anyone else (not followed if a link); None otherwise."""
    import stat

    try:
        if not _own_and_private(os.stat(path.parent)):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    with os.fdopen(fd, "rb") as file:
        status = os.fstat(file.fileno())
        if not stat.S_ISREG(status.st_mode) or not _own_and_private(status):
            return None
        return file.read(HEAD).decode("utf-8", errors="replace")


def _write(folder: Path, name: str, text: str, private: bool) -> None:
    """Write `name` in `folder` whole or not at all (a fresh file renamed over it); a
    private folder is made for the user alone. Unwritable: nothing is written."""
    import tempfile

    try:
        if private:
            folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not _own_and_private(os.stat(folder)):
                return
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".checks-", suffix=".tmp")
        os.chmod(tmp, 0o600 if private else 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(tmp, folder / name)
    except OSError:
        return


def _prune(folder: Path) -> None:
    """Keep the cache to the CACHE_KEEP files last written: each house file, and each
    change to one, makes a new rule book, and none is ever used again once it changes."""
    try:
        files = sorted(folder.glob(f"{CACHE_PREFIX}*.py"), key=lambda path: path.stat().st_mtime, reverse=True)
        for path in files[CACHE_KEEP:]:
            path.unlink()
    except OSError:
        return


def _bound_from_file(path: str | Path, rules: CompiledRules, key: str) -> dict[str, Decider] | None:
    """A file's decide functions, if it holds this rule book's (compiled once, then read
    from `__pycache__` as any module is: compiling it costs more than a replay's
    start-up). A stale, foreign or broken file is passed over (and replaced), never trusted."""
    from importlib.machinery import SourceFileLoader

    try:
        code = SourceFileLoader("arbiter_generated_checks", str(path)).get_code("arbiter_generated_checks")
        return _bind_code(code, rules, key) if code is not None else None
    except Exception:  # anything a damaged file can raise: it is only ever replaced
        return None


def generated_deciders(rules: CompiledRules) -> dict[str, Decider]:
    """Each trigger's decide function for `rules`: from the shipped module beside
    `compiled.json` when it is this rule book's, else from the user cache, else generated
    (and written there: beside `compiled.json` for Peel's own rules in a checkout, in the
    cache otherwise; in memory only if neither can be written). Empty if the rule book
    holds something the generator will not write: the interpreter then decides it."""
    from arbiter.resources import rules_folder
    from arbiter.rulebook.loader import INSTALLED_RULES, load_rulebook

    try:
        key = rulebook_key(rules)
        shipped = os.path.join(rules_folder(), SHIPPED_NAME)  # the package's own file, as trusted as its code
        found = _bound_from_file(shipped, rules, key) if os.path.isfile(shipped) else None
        if found is not None:
            return found
        stamp = _digest(key)
        cached = cache_dir() / f"{CACHE_PREFIX}{stamp}.py"
        head = _private_head(cached)  # a file of the user's own, stamped, before anything of it runs
        found = _bound_from_file(cached, rules, key) if head is not None and _stamped(head, stamp) else None
        if found is not None:
            return found
        text = generate_source(rules)
        if rules.rulebook is load_rulebook() and rules_folder() != os.fspath(INSTALLED_RULES):
            from pathlib import Path

            _write(Path(rules_folder()), SHIPPED_NAME, text, private=False)
        else:
            _write(cached.parent, cached.name, text, private=True)
            _prune(cached.parent)
        return bind_source(text, rules, key)
    except (ValueError, TypeError, RecursionError, SyntaxError):  # CodegenError, or a bug here: never a traceback
        return {}


_GENERATED: dict[int, tuple[CompiledRules, CompiledRules]] = {}


def with_generated_checks(rules: CompiledRules) -> CompiledRules:
    """`rules` with each trigger's checks decided by generated Python (built once per
    compiled rule book); `rules` itself stays interpreted, the reference."""
    import copy

    cached = _GENERATED.get(id(rules))
    if cached is None or cached[0] is not rules:
        generated = copy.copy(rules)
        generated.deciders = generated_deciders(rules)
        cached = _GENERATED[id(rules)] = (rules, generated)
    return cached[1]
