"""The HTML pages in a real browser (Debian's chromium, driven by playwright): on a 375-px
phone and printed on A4.

On the phone nothing is wider than the screen: every shipped case's report, a report of
long and hostile names, the story `explain --format html` tells, the index of a folder of
pages and the rule book (whose title comes before its contents); the drawn table's seats
stay on the screen, and a table of figures scrolls inside its own box. Printed, a page
with rulings gives one A4 page per ruling, each with the ruling's words, what follows,
its law, who pays whom and the provenance: the PDF's pages are counted, and its outline
(the headings, with the page each falls on) says what is on which page.

With ARBITER_SCREENSHOTS=FOLDER the phone pictures of docs/check.md are taken into FOLDER.
Skipped where chromium or playwright is missing; CI installs both.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from arbiter.checker import replay_with_trace
from arbiter.cli import main
from arbiter.reading import read_log_file
from arbiter.render.html import render_html
from arbiter.render.rulebook import rule_label
from tests import test_serve_browser
from tests.conftest import REPO, case_files, load_case

# The browser, the phone and the skip where either is missing, as the serve page's tests have them.
browser = test_serve_browser.browser
pytestmark = test_serve_browser.pytestmark
PHONE = test_serve_browser.PHONE

MM = 96 / 25.4  # CSS px to the millimetre
A4_TEXT = {"width": (210 - 2 * 16) * MM, "height": (297 - 2 * 14) * MM}  # inside the margins @page sets
SCREENSHOTS = os.environ.get("ARBITER_SCREENSHOTS")
CASES = case_files()
RULED = [p for p in CASES if load_case(p)["meta"]["expect"]["findings"]]


@pytest.fixture(scope="module")
def phone(browser):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    yield page
    context.close()


def report_page(path: Path, rulebook) -> tuple[dict, str]:
    report, trace = replay_with_trace(read_log_file(path), rulebook, str(path))
    return report, render_html(report, read_log_file(path), trace, rulebook)


def wider_than_the_phone(page) -> list[str]:
    """What sticks out past the screen's right edge, where no box of its own scrolls it."""
    return page.evaluate("""(width) => [...document.querySelectorAll('body *')]
      .filter((node) => node.getBoundingClientRect().right > width + 0.5 && !node.closest('.scroll'))
      .map((node) => node.outerHTML.slice(0, 80))""", PHONE["width"])


def fits_the_phone(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert wider_than_the_phone(page) == []
    seats = page.evaluate("""() => [...document.querySelectorAll('.seat')].map((seat) => {
      const box = seat.getBoundingClientRect(); return [box.left, box.right]; })""")
    assert all(left >= 0 and right <= PHONE["width"] for left, right in seats), seats
    boxes = page.evaluate("""() => [...document.querySelectorAll('.scroll')].map((box) =>
      [box.getBoundingClientRect().right, box.scrollWidth > box.clientWidth, getComputedStyle(box).overflowX])""")
    assert all(right <= PHONE["width"] and (not scrolls or overflow == "auto") for right, scrolls, overflow in boxes)
    assert page.errors == []


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_cases_report_fits_a_phone(phone, path, rulebook):
    phone.set_content(report_page(path, rulebook)[1])
    fits_the_phone(phone)


def test_long_and_hostile_names_and_ten_players_fit_a_phone(phone, rulebook, tmp_path):
    rich = next(p for p in CASES if p.stem == "game-show-five-players-show-for-a-sum")
    log = load_case(rich)
    names = {name: f"{name}-{'Fitzwilliam' * 4}<b>&" for name in log["table"]["players"]}
    text = json.dumps(log)
    for plain, long in names.items():
        text = text.replace(json.dumps(plain), json.dumps(long))
    path = tmp_path / f"{'a-very-long-file-name-' * 4}.json"
    path.write_text(text, encoding="utf-8")
    phone.set_content(report_page(path, rulebook)[1])
    fits_the_phone(phone)
    assert phone.locator(".seat .name").first.text_content().startswith("Ann-Fitzwilliam")
    ten = load_case(next(p for p in CASES if p.stem == "l13-foul-hand-lifted"))
    ten["table"]["players"] += ["Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]
    path = tmp_path / "ten.json"
    path.write_text(json.dumps(ten), encoding="utf-8")
    phone.set_content(report_page(path, rulebook)[1])
    fits_the_phone(phone)


def test_a_seasons_page_with_a_name_of_any_length_fits_a_phone(phone, capsys, tmp_path):
    """The legend of the season's chart wraps a long name (one of 3,000 letters made the
    page 32,000 px wide); its tables scroll in their own boxes."""
    club = tmp_path / "club"
    shutil.copytree(REPO / "docs" / "examples" / "club", club)
    for night in club.iterdir():
        night.write_text(re.sub(r"\bAnn\b", "A" * 3000, night.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["season", str(club), "--format", "html"])
    phone.set_content(capsys.readouterr().out)
    fits_the_phone(phone)


def test_the_story_the_index_and_the_rule_book_fit_a_phone(phone, capsys, tmp_path):
    case = next(p for p in CASES if p.stem == "game-deal-six-players-misdeal-false-opener")
    with pytest.raises(SystemExit):
        main(["explain", str(case), "--format", "html"])
    phone.set_content(capsys.readouterr().out)
    fits_the_phone(phone)
    out = tmp_path / "pages"
    with pytest.raises(SystemExit):
        main(["check", *map(str, CASES[:12]), "--format", "html", "--out", str(out), "--quiet"])
    phone.goto((out / "index.html").as_uri())
    fits_the_phone(phone)
    assert phone.locator("table.index tr").count() == 13
    phone.locator("table.index a").first.click()  # its link opens the log's page
    assert phone.url == (out / f"{CASES[0].stem}.html").as_uri()
    with pytest.raises(SystemExit):
        main(["rulebook", "--format", "html"])
    phone.set_content(capsys.readouterr().out)
    fits_the_phone(phone)
    title = phone.locator("h1").bounding_box()
    assert title["y"] + title["height"] <= PHONE["height"]  # the title on the first screen …
    assert title["y"] < phone.locator("nav").bounding_box()["y"]  # … before the contents


def test_pictures_of_a_report_on_a_phone(phone, rulebook):
    """Only where asked (ARBITER_SCREENSHOTS): the picture docs/check.md shows."""
    if not SCREENSHOTS:
        pytest.skip("ARBITER_SCREENSHOTS is not set")
    phone.set_content(report_page(next(p for p in CASES if p.stem == "game-deal-six-players-misdeal-false-opener"),
                                  rulebook)[1])
    phone.evaluate("document.getElementById('game-1').scrollIntoView()")  # the table drawn, then its events
    phone.screenshot(path=str(Path(SCREENSHOTS) / "html-report-phone.png"))


# --- printed ------------------------------------------------------------------------------
def pdf_pages(pdf: bytes) -> tuple[int, list[tuple[str, int, list[tuple[str, int]]]]]:
    """The number of pages, and the outline: each top heading's title and page (from 1),
    with its sub-headings' titles and pages. Chromium writes the PDF's objects whole (no
    object streams), the outline's titles as PDF strings."""
    objects = {int(number): body for number, body in re.findall(rb"(?s)(\d+) 0 obj\s*(.*?)\s*endobj", pdf)}

    def ref(body: bytes, key: bytes) -> int | None:
        found = re.search(rb"/" + key + rb"\s+(\d+) 0 R", body)
        return int(found[1]) if found else None

    def leaves(number: int) -> list[int]:
        body = objects[number]
        if not re.search(rb"/Type\s*/Pages\b", body):
            return [number]
        kids = re.search(rb"(?s)/Kids\s*\[(.*?)\]", body)[1]
        return [leaf for kid in re.findall(rb"(\d+) 0 R", kids) for leaf in leaves(int(kid))]

    catalog = next(body for body in objects.values() if re.search(rb"/Type\s*/Catalog\b", body))
    pages = leaves(ref(catalog, b"Pages"))

    def items(first: int | None) -> list[tuple[str, int, list]]:
        found = []
        while first is not None:
            body = objects[first]
            destination = int(re.search(rb"/Dest\s*\[(\d+) 0 R", body)[1])
            found.append((pdf_string(body), pages.index(destination) + 1, items(ref(body, b"First"))))
            first = ref(body, b"Next")
        return found

    outlines = ref(catalog, b"Outlines")
    return len(pages), items(ref(objects[outlines], b"First")) if outlines else []


def pdf_string(body: bytes) -> str:
    hexed = re.search(rb"/Title\s*<([0-9A-Fa-f]+)>", body)
    if hexed:
        return bytes.fromhex(hexed[1].decode()).decode("utf-16")
    literal = re.search(rb"(?s)/Title\s*\((.*?)(?<!\\)\)", body)[1]
    return re.sub(rb"\\([0-7]{1,3}|.)", lambda m: bytes([int(m[1], 8)]) if m[1][:1].isdigit() else m[1],
                  literal).decode("latin-1")


def squashed(text: str) -> str:
    """Text without its spaces: an outline's title joins the heading's lines as laid out, without one."""
    return re.sub(r"\s", "", text)


def printed(browser, html: str) -> tuple[int, list]:
    page = browser.new_page()
    try:
        page.set_content(html)
        return pdf_pages(page.pdf(format="A4", outline=True, tagged=True))
    finally:
        page.close()


def explained(capsys, path: Path, *options: str) -> str:
    with pytest.raises(SystemExit):
        main(["explain", str(path), "--format", "html", *options])
    return capsys.readouterr().out


@pytest.mark.parametrize("stem", ["d6-knaves-again-after-kings", "game-deal-six-players-misdeal-false-opener"])
@pytest.mark.parametrize("command", ["check", "explain"])
def test_each_ruling_prints_on_an_a4_page_of_its_own(browser, capsys, rulebook, stem, command):
    path = next(p for p in CASES if p.stem == stem)
    report, html = report_page(path, rulebook)
    count, outline = printed(browser, html if command == "check" else explained(capsys, path))
    findings = report["findings"]
    assert count == len(findings) >= 3
    assert [page for _, page, _ in outline] == list(range(1, count + 1))
    for finding, (title, page, parts) in zip(findings, outline, strict=True):
        assert title.startswith(finding["id"]) and squashed(finding["summary"]) in squashed(title)
        rule = rulebook.get(finding["id"])
        assert [squashed(heading) for heading, _, _ in parts] == [squashed(heading) for heading in [
            *["What follows"] * bool(finding["effects"]), f"{rule_label(rule)}: {rule.title}", "Who pays whom",
            "Provenance"]]
        assert {on for _, on, _ in parts} == {page}  # what follows, the law, who pays whom, the provenance: its page


def test_a_house_rule_beside_the_law_prints_on_the_rulings_page(browser, capsys, tmp_path, rulebook):
    house = tmp_path / "quarter.yaml"
    house.write_text("parameters: {max_ante_fraction_of_limit: 0.25}\n", encoding="utf-8")
    path = next(p for p in CASES if p.stem.startswith("l19-"))
    html = explained(capsys, path, "--house", str(house))
    assert "0.25" in re.search(r'(?s)<section class="sheets".*</section>', html)[0]
    count, outline = printed(browser, html)
    assert count == len(outline) >= 1


def test_a_page_without_rulings_prints_as_it_is_shown(browser, rulebook):
    report, html = report_page(next(p for p in CASES if p not in RULED), rulebook)
    count, outline = printed(browser, html)
    assert report["findings"] == [] and count >= 1

    def titles(items: list) -> list[str]:
        return [title for title, _, parts in items for title in [title, *titles(parts)]]

    assert titles(outline)[0].startswith(str(report["file"]))  # the page's own title: not its sheets
    assert titles(outline)[-3:] == ["The games", "The ledger", "The nets"]


@pytest.fixture(scope="module")
def a4(browser):
    """A page laid out as print lays it out, at the width of an A4 page's text."""
    page = browser.new_page(viewport={"width": round(A4_TEXT["width"]), "height": round(A4_TEXT["height"])})
    page.emulate_media(media="print")
    yield page
    page.close()


@pytest.mark.parametrize("path", RULED, ids=[p.stem for p in RULED])
def test_every_cases_sheets_fit_an_a4_page(a4, path, rulebook):
    """Each sheet is no taller than the page, so none runs onto a second."""
    a4.set_content(report_page(path, rulebook)[1])
    heights = a4.evaluate("[...document.querySelectorAll('.sheet')].map((s) => s.getBoundingClientRect().height)")
    assert len(heights) == len(load_case(path)["meta"]["expect"]["findings"])
    assert max(heights) <= A4_TEXT["height"], heights
