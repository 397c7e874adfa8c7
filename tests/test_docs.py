"""The documentation is tested: every transcript in README.md and docs/*.md is run, and matches.

A transcript is a fenced block whose first line is a shell prompt (`$ `) running `arbiter`.
Each `$ ` line is run by bash in a scratch folder that sees the repository's `cases/`,
`rules/` and `docs/` (so a command may write files), with the installed `arbiter` first
on the PATH; what it prints, standard output then standard error, must be the lines that
follow it, up to the next `$ ` line. Only the timing ("in 0.01s") is normalised.
The generated pages (the rule book, the vocabulary) are checked to be current.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from arbiter.render.rulebook import render_rulebook_markdown
from arbiter.render.vocabulary_page import render_vocabulary_page
from arbiter.rulebook.cases import case_titles
from arbiter.rulebook.loader import load_rulebook
from tests.conftest import REPO

PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
TIMING = re.compile(r" in \d+\.\d+s\b")
README_LIMIT = 8 * 1024


def fenced_blocks(text: str) -> list[list[str]]:
    """The fenced code blocks of a Markdown text, as lists of lines."""
    blocks: list[list[str]] = []
    current: list[str] | None = None
    for line in text.split("\n"):
        if line.startswith("```"):
            if current is None:
                current = []
            else:
                blocks.append(current)
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def transcripts() -> list[tuple[str, str, str]]:
    """(where, command, expected output) for every `$ ... arbiter` transcript of the docs."""
    found = []
    for page in PAGES:
        for block in fenced_blocks(page.read_text(encoding="utf-8")):
            if not (block and block[0].startswith("$ ") and "arbiter " in block[0]):
                continue
            command, output = None, []
            for line in [*block, "$ "]:
                if line.startswith("$ "):
                    if command is not None:
                        found.append((f"{page.name}: {command}", command, "\n".join(output)))
                    command, output = line[2:], []
                else:
                    output.append(line)
    return found


def run_shell(command: str, cwd: Path) -> str:
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
               COLUMNS="80", PYTHONIOENCODING="utf-8")
    done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120)
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    folder = tmp_path_factory.mktemp("docs")
    for name in ("cases", "rules", "docs"):
        (folder / name).symlink_to(REPO / name)
    return folder


@pytest.mark.parametrize(("command", "expected"), [t[1:] for t in transcripts()],
                         ids=[t[0] for t in transcripts()])
def test_every_transcript_prints_what_it_shows(command, expected, scratch):
    printed = TIMING.sub(" in 0.01s", run_shell(command, scratch)).rstrip("\n")
    assert printed == TIMING.sub(" in 0.01s", expected).rstrip("\n")


def test_the_docs_have_transcripts_to_run():
    pages = {where.split(":")[0] for where, _, _ in transcripts()}
    assert {"README.md", "check.md", "laws.md", "quiz.md", "notation.md"} <= pages


def test_the_harness_reads_commands_and_their_output():
    text = "x\n```\n$ arbiter a\none\n\n$ arbiter b | head\ntwo\n```\n```sh\nbash x\n```\n"
    assert fenced_blocks(text) == [["$ arbiter a", "one", "", "$ arbiter b | head", "two"], ["bash x"]]


def test_the_readme_is_the_front_door_only():
    readme = (REPO / "README.md").read_bytes()
    assert len(readme) <= README_LIMIT
    text = readme.decode()
    for link in re.findall(r"\]\((docs/[^)#]+)", text):
        if link not in {"docs/serve.md"}:  # written by another engineer, merged later
            assert (REPO / link).exists(), link
    for page in ("speed.md", "robustness.md", "serve.md", "readings.md"):
        assert f"docs/{page}" in text


def test_the_docs_links_lead_somewhere():
    for page in PAGES:
        for link in re.findall(r"\]\(([^)#:]+\.(?:md|png|json))", page.read_text(encoding="utf-8")):
            target = (page.parent / link).resolve()
            assert target.exists() or target.name == "serve.md", f"{page.name}: {link}"


def test_the_rulebook_page_is_current():
    page = (REPO / "docs" / "rulebook.md").read_text(encoding="utf-8")
    book = load_rulebook()
    assert page == render_rulebook_markdown(book, case_titles(book), "../"), "run: arbiter rulebook -o docs/rulebook.md"


def test_the_vocabulary_page_is_current():
    page = (REPO / "docs" / "vocabulary.md").read_text(encoding="utf-8")
    assert page == render_vocabulary_page(), "run: python -m arbiter.render.vocabulary_page > docs/vocabulary.md"


def shipped_readings() -> dict[int, str]:
    """The numbered readings of docs/readings.md: number -> its text."""
    text = (REPO / "docs" / "readings.md").read_text(encoding="utf-8")
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"^(\d+)\. (.*)$", text, re.M)}


def test_the_readings_are_numbered_in_order():
    numbers = list(shipped_readings())
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 54


def test_the_rules_and_the_cases_cite_the_shipped_readings_never_spec():
    readings = shipped_readings()
    files = [*(REPO / "rules").rglob("*.yaml"), REPO / "rules" / "compiled.json", REPO / "rules" / "README.md",
             *(REPO / "cases").rglob("*.json"), *(REPO / "cases").rglob("*.hand"), REPO / "cases" / "README.md"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert "SPEC" not in text, path
        for cited in re.findall(r"\breadings?\s+(\d+(?:,\s*\d+)*)", text):
            for number in re.split(r",\s*", cited):
                assert int(number) in readings, f"{path.name}: reading {number}"


def rewrite_transcripts(scratch: Path) -> None:
    """Replace each transcript's output by what its command prints now (then review the diff)."""
    for page in PAGES:
        lines = page.read_text(encoding="utf-8").split("\n")
        out: list[str] = []
        fenced = transcript = False
        for i, line in enumerate(lines):
            if line.startswith("```"):
                fenced = not fenced
                nxt = lines[i + 1] if i + 1 < len(lines) else ""
                transcript = fenced and nxt.startswith("$ ") and "arbiter " in nxt
                out.append(line)
            elif transcript and line.startswith("$ "):
                printed = TIMING.sub(" in 0.01s", run_shell(line[2:], scratch))
                out += [line, *printed.rstrip("\n").split("\n")]
            elif not transcript:
                out.append(line)
        page.write_text("\n".join(out), encoding="utf-8")


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        for name in ("cases", "rules", "docs"):
            (Path(folder) / name).symlink_to(REPO / name)
        rewrite_transcripts(Path(folder))
