"""The layers are sealed: each module imports only from its own layer or the layers below.

cli -> people (render, quiz, live, serve) -> bulk (bulk, cluster, report) -> checker
-> engine -> rulebook -> leaves (cards, hands, seats, errors, words, resources, schemas);
input (reading, notation) sits beside the engine and does not import it; the simulator
is independent of the engine (it plays by the laws on its own, so that it can test it).
Nothing below `cli` imports click or `arbiter.cli`; no module imports another's private
(`_underscored`) names. Function-level imports count too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "arbiter"

LAYERS = {
    "leaves": 0, "rulebook": 1, "input": 2, "engine": 2, "simulator": 2, "checker": 3, "bulk": 4, "people": 5,
    "cli": 6,
}
GROUP = {
    "cards": "leaves", "events": "leaves", "hands": "leaves", "state": "leaves", "findings": "leaves", "json_lines": "leaves", "seats": "leaves", "errors": "leaves", "words": "leaves", "escapes": "leaves",
    "resources": "leaves", "schemas": "leaves", "settle": "leaves", "money": "leaves", "rulebook": "rulebook", "engine": "engine", "reading": "input",
    "notation": "input", "simulator": "simulator", "checker": "checker", "bulk": "bulk", "cluster": "bulk",
    "report": "bulk", "verify": "bulk", "nights": "bulk", "evening": "bulk", "season": "bulk", "render": "people", "quiz": "people", "live": "people", "serve": "people", "cli": "cli",
    "__main__": "cli", "__init__": "bulk",  # the package's API: check_log and friends
}
# Layers of one rank that must not import each other.
APART = {("input", "engine"), ("engine", "input"), ("simulator", "engine"), ("engine", "simulator"),
         ("simulator", "input"), ("input", "simulator")}


def group_of(module: str) -> str:
    parts = module.split(".")
    return GROUP[parts[1] if len(parts) > 1 else "__init__"]


def modules() -> list[tuple[str, Path]]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        name = ".".join(rel.parts[:-1] if rel.name == "__init__" else rel.parts)
        found.append((name, path))
    return found


def imports(path: Path, module: str) -> list[tuple[str, list[str]]]:
    """(module imported, names taken from it) for every import in the file, however deep."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            out.append((base, [alias.name for alias in node.names]))
    return out


MODULES = modules()


@pytest.mark.parametrize("module, path", MODULES, ids=[m for m, _ in MODULES])
def test_a_module_imports_only_from_its_layer_or_below(module, path):
    mine = group_of(module)
    leaks = []
    for target, names in imports(path, module):
        if target.split(".")[0] == "click" and mine != "cli":
            leaks.append("imports click below the command line")
        if not target.startswith("arbiter"):
            continue
        if target == "arbiter" and names:  # `from arbiter import hands`: the modules named, or the package's API
            # (its __version__ is a constant, not the API)
            targets = [(f"arbiter.{n}" if n in GROUP else "arbiter", []) for n in names if n != "__version__"]
        else:
            targets = [(target, names)]
        for name, taken in targets:
            theirs = group_of(name)
            if LAYERS[theirs] > LAYERS[mine] or (mine, theirs) in APART:
                leaks.append(f"{mine} imports {theirs} ({name})")
            private = [n for n in taken if n.startswith("_") and not n.startswith("__")]
            if private and name != module:
                leaks.append(f"takes private {', '.join(private)} from {name}")
    assert not leaks, leaks


def test_every_package_of_the_source_is_installed():
    """pyproject.toml lists the packages by name: a new one left out works from a checkout
    (the tests import it from there) and breaks every installed copy."""
    import tomllib

    listed = set(tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
                 ["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(PACKAGE.parent).parts) for init in PACKAGE.rglob("__init__.py")}
    assert found <= listed, found - listed


def test_no_modules_import_each_other_in_a_loop():
    """Data flows one way: no module reaches, through its imports (those only for type
    checking too), a module that imports it. The simulator's stages and plants name each
    other's types (a game holds its plant, a plant is handed the game), and stay apart."""
    names = {name for name, _ in MODULES}
    edges: dict[str, set[str]] = {name: set() for name in names}
    for name, path in MODULES:
        for target, taken in imports(path, name):
            for imported in [f"{target}.{n}" for n in taken] + [target]:
                if imported in names and imported != name:
                    edges[name].add(imported)
                    break

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(edges[start])
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(edges[module])
        return seen

    loops = sorted(name for name in names if name in reach(name) and not name.startswith("arbiter.simulator."))
    assert not loops, loops


def test_no_hand_written_module_is_over_700_lines():
    """Issue 21, item 7: a module over 700 lines holds more than one job; split it by what
    its parts hold (as `engine/draw_debts.py` came out of `engine/next_acts.py`)."""
    long = {str(path.relative_to(PACKAGE.parent)): count for path in sorted(PACKAGE.rglob("*.py"))
            if (count := len(path.read_text(encoding="utf-8").splitlines())) > 700}
    assert long == {}
