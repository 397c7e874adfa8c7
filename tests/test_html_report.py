"""`arbiter check LOG --format html`: one self-contained page per log.

Every shipped case's page is parsed (tags balanced, nothing fetched from outside) and
must carry every ruling and every player; the command's routing of pages (stdout, or
one file per log under --out) and its errors are checked through the real entry point;
and, where Debian's chromium is installed (CI installs it), a real headless browser
loads a page, lays it out (a screenshot) and its DOM shows the rulings.
"""

from __future__ import annotations

import json
import re
import shutil
import struct
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from arbiter.checker import replay_with_trace
from arbiter.cli import main
from arbiter.reading import read_log_file
from arbiter.render.html import render_html
from arbiter.resources import cases_dir, rules_dir
from arbiter.rulebook.house import apply_house, read_house
from tests.conftest import case_files, json_log_from_text, load_case

CASES = case_files()
RICH = next(p for p in CASES if p.stem == "game-show-five-players-show-for-a-sum")
VOID = {"meta", "br", "hr", "img", "input", "link", "area", "base", "col", "embed", "source", "track", "wbr"}
CHROMIUM = "/usr/bin/chromium"


class Page(HTMLParser):
    """The page read back: its text, its elements by id (with their text), and any
    tag left open or closed out of turn."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.open: list[tuple[str, str | None]] = []
        self.problems: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.by_id: dict[str, list[str]] = {}
        self.feed(html)
        self.close()
        if self.open:
            self.problems.append(f"left open: {[tag for tag, _ in self.open]}")

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        self.tags.append((tag, attributes))
        if tag not in VOID:
            self.open.append((tag, attributes.get("id")))
            if attributes.get("id"):
                self.by_id[attributes["id"]] = []

    def handle_endtag(self, tag):
        if not self.open or self.open[-1][0] != tag:
            self.problems.append(f"</{tag}> closes {self.open[-1][0] if self.open else 'nothing'}")
            return
        self.open.pop()

    def handle_data(self, data):
        self.text.append(data)
        for _, element in self.open:
            if element:
                self.by_id[element].append(data)

    def plain(self) -> str:
        return " ".join("".join(self.text).split())

    def text_of(self, element: str) -> str:
        return " ".join("".join(self.by_id[element]).split())


def page_of(path: Path, rulebook) -> tuple[dict, dict, str]:
    log = read_log_file(path)
    report, trace = replay_with_trace(log, rulebook, str(path))
    return log, report, render_html(report, log, trace, rulebook)


def external_references(html: str, page: Page) -> list[str]:
    found = re.findall(r"https?://|url\s*\(|@import", html)
    found += [tag for tag, _ in page.tags if tag in {"script", "link", "img", "iframe", "object", "embed"}]
    found += [value for _, attrs in page.tags for name, value in attrs.items()
              if name in {"href", "src", "action", "srcset"} and value and not value.startswith("#")]
    return found


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_every_case_page_parses_and_carries_every_ruling_and_player(path, rulebook):
    log, report, html = page_of(path, rulebook)
    page = Page(html)
    assert page.problems == []
    text = page.plain()
    for finding in report["findings"]:
        assert finding["id"] in text and " ".join(finding["summary"].split()) in text
        beside = page.text_of(f"event-{finding['event']}")  # the ruling sits in its event's row
        assert finding["id"] in beside and " ".join(finding["summary"].split()) in beside
    for player in log["table"]["players"]:
        assert player in text
    assert external_references(html, page) == []


def test_a_ruling_quotes_its_law_with_its_effects_in_words(rulebook):
    path = next(p for p in CASES if p.stem == "l13-foul-hand-lifted")
    _, report, html = page_of(path, rulebook)
    finding = report["findings"][0]
    row = Page(html).text_of(f"event-{finding['event']}")
    assert " ".join(rulebook.get("L13").text.split()) in row
    assert "Bob's hand is foul: they retire and forfeit their stake" in row and "Ann refunds 1 to Bob" in row


def test_cards_face_up_where_the_log_names_them_and_backs_where_it_does_not(rulebook):
    _, _, html = page_of(RICH, rulebook)
    titles = [attrs.get("title") for tag, attrs in Page(html).tags if tag == "span"]
    assert {"Ah", "Ad", "Ac", "8s", "5d"} <= set(titles)  # Cat's hand as dealt in game 1
    assert titles.count("Ac") >= 2  # dealt to Cat, and again to Ann in game 2
    counted = next(p for p in CASES if all(isinstance(h, int) for e in load_case(p)["events"]
                                           if e["type"] == "dealt" for h in e["hands"].values())
                   and any(e["type"] == "dealt" for e in load_case(p)["events"]))
    _, _, counted_html = page_of(counted, rulebook)
    assert 'class="back"' in counted_html


def test_a_second_dealt_adds_its_cards_to_the_hands_drawn_and_told(tmp_path, rulebook):
    """A `dealt` after the deal is finished deals more cards (L7: the deal stands, the card
    stays with its player): the page drew the last `dealt` alone (Bob's one card; Cat
    and Ann as backs), and the story said "Cat holds ; Ann holds"."""
    path = json_log_from_text(tmp_path / "again.json", (
        "players Ann Bob Cat; limit 10; ante 1\nAnn deals; Ann shuffles; Cat cuts; Bob antes 1\n"
        "dealt Bob (2c 3c 4c 5c 7d), Cat (2d 3d 4d 5d 7h), Ann (2h 3h 4h 5h 7s)\nCat opens 2\n"
        "dealt Bob (9s), Cat (), Ann ()\nBob lifts\n"))
    _, report, html = page_of(path, rulebook)
    assert [(f["id"], f["player"]) for f in report["findings"]][:2] == [("L7", "Ann"), ("L13", "Bob")]
    rows = [re.findall(r'title="([^"]+)"', row) for row in re.findall(r'<span class="label">dealt</span>(.*?)</div>',
                                                                     html)]
    assert ["2c", "3c", "4c", "5c", "7d", "9s"] in rows and ["2d", "3d", "4d", "5d", "7h"] in rows
    assert "Ann deals: 1 card to Bob. Bob gets 9s." in Page(html).plain() and "holds ;" not in html


def test_a_name_that_reads_as_a_card_stays_a_name(tmp_path, rulebook):
    """A player called "Kh-Lee" (or "Jo") is named in words, not drawn as the king of
    hearts (or a joker), while the cards the event names beside it are drawn."""
    text = ('players "Kh-Lee" Bob Cat Dan; limit 20; ante 1\n"Kh-Lee" deals; "Kh-Lee" shuffles; Dan cuts; '
            'Bob antes 1\ndealt Bob 5, Cat 5, Dan 5, "Kh-Lee" (Kh Kd Ks 5c 2h)\n')
    _, _, html = page_of(json_log_from_text(tmp_path / "names.json", text), rulebook)
    assert "Kh-Lee holds <span" in html and "K<small>\u2665</small>-Lee" not in html
    assert html.count('title="Kh"') >= 1
    # a player called "Kh" and the card Kh: the name where it names him, the card among cards
    text = ("players Jo Kh Cat Dan; limit 20; ante 1\nJo deals; Jo shuffles; Dan cuts; Kh antes 1\n"
            "dealt Kh (2c 3c 4d 9h Jd), Cat 5, Dan (Kh Kd 9c 8c 3d), Jo (Qs Qh 5s 4s Jo)\n")
    _, _, html = page_of(json_log_from_text(tmp_path / "names.json", text), rulebook)
    assert "Kh holds <span" in html and 'Dan holds <span class="card red" title="Kh">' in html
    assert 'title="Jo"' in html and "Jo holds <span" in html
    # alone, where the story puts a card: after "draws ", in brackets, after ": "
    text = ("players Jo Kh Cat Dan; limit 20; ante 1\nKh draws for deal Kh\nJo draws for deal 2c\n"
            "Cat draws for deal 9d\nDan draws for deal Kd\nJo deals; Jo shuffles; Dan cuts; Kh antes 1\n"
            "card to Kh Jo\ncard to Cat Kh exposed\n")
    _, _, html = page_of(json_log_from_text(tmp_path / "names.json", text), rulebook)
    assert 'Kh draws <span class="card red" title="Kh">' in html
    assert 'to Kh (<span class="card joker" title="Jo">' in html and 'face up: <span class="card red" title="Kh">' in html


def test_the_dealer_has_the_button_and_the_seats_go_round_the_table(rulebook):
    log, report, html = page_of(RICH, rulebook)
    page = Page(html)
    seats = [(attrs["style"], attrs["class"]) for tag, attrs in page.tags if tag == "div"
             and "seat" in (attrs.get("class") or "").split()]
    players = log["table"]["players"]
    assert len(seats) == len(players) * len(report["games"])
    buttons = html.count('title="the dealer"')
    assert buttons == len(report["games"])
    winners = sum("winner" in classes for _, classes in seats)
    assert winners == sum(len(game["winners"]) for game in report["games"])


def test_names_from_the_log_are_escaped(tmp_path, rulebook):
    log = load_case(next(p for p in CASES if p.stem == "l13-foul-hand-lifted"))
    text = json.dumps(log).replace('"Bob"', '"<script>alert(1)</script>"')
    path = tmp_path / "nasty.json"
    path.write_text(text, encoding="utf-8")
    _, report, html = page_of(path, rulebook)
    page = Page(html)
    assert "<script>" not in html and not any(tag == "script" for tag, _ in page.tags)
    assert "<script>alert(1)</script>" in page.plain()
    assert page.problems == []


def test_one_log_prints_its_page_with_the_usual_exit_code(capsys):
    with pytest.raises(SystemExit) as exited:
        main(["check", str(RICH), "--format", "html"])
    assert exited.value.code == 1
    out, err = capsys.readouterr()
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    assert "1 log checked" in err


@pytest.mark.parametrize("filters", [[], ["--ignore", "L28"], ["--select", "H1"]])
def test_the_pages_command_to_check_a_ruling_again_stands_when_followed(tmp_path, capsys, filters):
    """SPEC §4: a page kept on the notice board says how to check its ruling again. Under
    house rules or filters that command named only the report and the log, and, followed,
    `verify` was refused (exit 2: "the house rules differ") or found `/filtered` (exit 1):
    it names --house FILE and the filters the report was made with, and followed, stands."""
    case = cases_dir() / "house" / "exposed-card-at-the-say-costs-an-ante.json"
    house = str(rules_dir() / "house" / "exposed-at-the-say.yaml")
    with pytest.raises(SystemExit):
        main(["check", str(case), "--house", house, *filters, "--format", "html"])
    said = re.search(r"run <code>(arbiter verify REPORT LOG[^<]*)</code>", capsys.readouterr().out)
    assert said is not None
    command = said.group(1).split()
    assert command[:5] == ["arbiter", "verify", "REPORT", "LOG", "--house"] and command[6:] == filters
    report = tmp_path / "r.json"
    with pytest.raises(SystemExit):
        main(["check", str(case), "--house", house, *filters, "--format", "json"])
    report.write_text(capsys.readouterr().out, encoding="utf-8")
    given = [{"REPORT": str(report), "LOG": str(case), "FILE": house}.get(word, word) for word in command[2:]]
    with pytest.raises(SystemExit) as exited:
        main(["verify", *given])
    assert exited.value.code == 0, capsys.readouterr()


def test_several_logs_need_out_and_get_one_page_each(tmp_path, capsys):
    logs = [str(p) for p in CASES[:3]]
    with pytest.raises(SystemExit) as exited:
        main(["check", *logs, "--format", "html"])
    assert exited.value.code == 2
    assert "--out" in capsys.readouterr().err
    folder = tmp_path / "pages"
    with pytest.raises(SystemExit) as exited:
        main(["check", *logs, "--format", "html", "--out", str(folder), "--quiet"])
    assert exited.value.code in (0, 1)
    assert sorted(p.name for p in folder.iterdir()) == sorted([*(f"{Path(p).stem}.html" for p in logs), "index.html"])
    assert all(Page(p.read_text(encoding="utf-8")).problems == [] for p in folder.iterdir())


def test_out_belongs_to_html(tmp_path, capsys):
    with pytest.raises(SystemExit) as exited:
        main(["check", str(RICH), "--out", str(tmp_path)])
    assert exited.value.code == 2
    assert "--out goes with --format html" in capsys.readouterr().err


def test_an_unreadable_log_gets_a_page_that_says_why(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "peel-draw-poker-log", "version": 1}', encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main(["check", str(bad), str(RICH), "--format", "html", "--out", str(tmp_path / "out"), "--quiet"])
    assert exited.value.code == 2
    page = Page((tmp_path / "out" / "bad.html").read_text(encoding="utf-8"))
    assert "This log cannot be checked" in page.plain() and "invalid" in page.plain()
    assert (tmp_path / "out" / f"{RICH.stem}.html").exists()


def test_a_log_on_standard_input(monkeypatch, capsys):
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(RICH.read_bytes())))
    with pytest.raises(SystemExit) as exited:
        main(["check", "-", "--format", "html"])
    assert exited.value.code == 1
    assert "L40" in Page(capsys.readouterr().out).plain()


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def chromium(*args: str, profile: Path) -> subprocess.CompletedProcess:
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
               "--disable-background-networking", "--disable-component-update", "--disable-sync",
               f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=180)


@pytest.mark.skipif(not Path(CHROMIUM).exists() or not shutil.which(CHROMIUM),
                    reason=f"{CHROMIUM} is not installed (Debian package `chromium`; .ci/run installs it): "
                           "the page is not tried in a real browser here")
def test_a_real_browser_renders_the_page_with_its_rulings(tmp_path, rulebook):
    _, report, html = page_of(RICH, rulebook)
    page = tmp_path / "report.html"
    page.write_text(html, encoding="utf-8")
    screenshot = tmp_path / "report.png"
    shot = chromium(f"--screenshot={screenshot}", "--window-size=1280,1600", page.as_uri(), profile=tmp_path / "a")
    assert screenshot.exists(), shot.stderr[-2000:]
    assert png_size(screenshot) == (1280, 1600)
    assert screenshot.stat().st_size > 50_000  # a drawn page, not a blank one
    dump = chromium("--dump-dom", page.as_uri(), profile=tmp_path / "b")
    assert dump.returncode == 0, dump.stderr[-2000:]
    dom = Page(dump.stdout)
    for finding in report["findings"]:
        beside = dom.text_of(f"event-{finding['event']}")
        assert finding["id"] in beside and " ".join(finding["summary"].split()) in beside
    assert not any(tag == "script" for tag, _ in dom.tags)  # no script, so none can fail
    console = [line for line in shot.stderr.splitlines() + dump.stderr.splitlines()
               if "CONSOLE" in line or "Uncaught" in line or "Failed to load resource" in line]
    assert console == []


def test_a_log_in_the_text_notation_gets_its_page_too(tmp_path, capsys):
    from arbiter.notation import write_text

    text = tmp_path / "foul.hand"
    text.write_text(write_text(load_case(next(p for p in CASES if p.stem == "l13-foul-hand-lifted"))), encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main(["check", str(text), "--format", "html", "--quiet"])
    assert exited.value.code == 1
    page = Page(capsys.readouterr().out)
    assert "L13" in page.text_of("event-5") and page.problems == []


def sheets_of(html: str) -> list[str]:
    """The printed sheets of a page, each as the text a reader sees."""
    from html import unescape

    return [unescape(" ".join(re.sub(r"<[^>]+>", " ", sheet).split()).replace(" .", "."))
            for sheet in re.findall(r'<article class="sheet">(.*?)</article>', html, re.S)]


def test_each_ruling_has_a_sheet_to_print_with_its_law_what_follows_who_pays_and_the_provenance(rulebook):
    path = next(p for p in CASES if p.stem == "l13-foul-hand-lifted")
    _, report, html = page_of(path, rulebook)
    [sheet] = sheets_of(html)
    assert "ruling 1 of 1" in sheet and "game 1, event 5" in sheet
    assert "L13 irregularity Bob lifted a hand of 4 cards: a foul hand" in sheet
    assert "Bob lifts the cards from the table." in sheet  # what happened
    assert "Bob's hand is foul: they retire and forfeit their stake" in sheet  # what follows
    assert "Law 13: " + rulebook.get("L13").title in sheet and " ".join(rulebook.get("L13").text.split()) in sheet
    assert "Ann pays Bob 1 (a refund, law 14)" in sheet  # who pays whom
    assert report["provenance"]["log_sha256"] in sheet and report["provenance"]["rules"] in sheet
    assert '<body class="sheeted">' in html and "@media print" in html and "break-after: page" in html


@pytest.mark.parametrize("case, seat", [("l63-bet-with-foul-hand-lost", "Dan"),
                                        ("l13-foul-hand-say-opens-nothing-jackpot-follows", "Cat"),
                                        # the false opener's penalty (L33), ruled at another's pass that ends it
                                        ("l30-jackpot-opened-by-a-play-without-knaves", "Cat")])
def test_a_seats_counters_in_the_pool_beyond_its_stake_are_said_beside_it(rulebook, case, seat):
    """Law 63 ("he shall lose his stake") and law 13: the counters staked with a foul hand
    go to the pool, but the stake the betting counts is the one before; a seat showed only
    that (Dan "stake 2" beside a ruling that he lost his stake and a net of -4), and the
    seats did not add up to the pool on the same page. What each put in the pool this game,
    from the ledger, is said where it is more than the stake."""
    path = next(p for p in CASES if p.stem == case)
    _, report, html = page_of(path, rulebook)
    paid = sum(m["amount"] for m in report["ledger"] if m["from"] == seat and m["to"] == "pool")
    seats = re.findall(rf'<div class="name">{seat}.*?<div class="state">(.*?)</div>', html)
    assert any(f"(<b>{paid}</b> in the pool)" in state for state in seats), seats


@pytest.mark.parametrize("case", ["no-one-opens-the-stakes-are-returned", "no-straddling-the-straddle-is-returned",
                                  "no-check-raise-counts-as-a-call",
                                  "no-one-opens-a-foul-hands-stake-is-not-returned-again"])
def test_a_stake_a_clubs_rule_gives_back_is_no_longer_a_seats_in_the_pool(rulebook, case):
    """SPEC §4: the ledger and the games table never disagree. A stake given back out of
    the pool (a club's rule: no jack-pots, no straddling, no check-raise) was still said
    "in the pool" at its seat, beside the page's pool, which is net of it ("pool 0" and
    Bob "stake 0 (1 in the pool)"), and so in the quiz's table: each seat's counters in the
    pool add up to it."""
    path = cases_dir() / "house" / f"{case}.json"
    log = read_log_file(path)
    housed = apply_house(rulebook, read_house(load_case(path)["meta"]["house"]))
    report, trace = replay_with_trace(log, housed, str(path))
    html = render_html(report, log, trace, housed)
    assert seats_and_pools(html) == [(report["games"][0]["pool"], 0, report["games"][0]["pool"])]
    assert sum(trace[-1]["paid_in"].values()) == report["games"][0]["pool"]  # the quiz's table's, by the ledger


def seats_and_pools(html: str) -> list[tuple[int, int, int]]:
    """Each game's drawn table: what its seats hold in the pool, what it says was carried in,
    and its pool."""
    drawn = []
    for table in html.split('<div class="table-wrap">')[1:]:
        pool, carried = re.search(r'<div class="pool">pool (\d+)(?: \((\d+) carried in\))?</div>', table).groups()
        held = [int((re.search(r"\(<b>(\d+)</b> in the pool\)", s) or re.search(r"stake <b>(\d+)</b>", s)).group(1))
                for s in re.findall(r'<div class="state">(.*?)</div>', table)]
        drawn.append((sum(held), int(carried or 0), int(pool)))
    return drawn


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_each_games_seats_and_what_was_carried_in_make_its_pool(path, rulebook):
    """SPEC §4: the pool is every counter paid in that game, what was carried in included. A
    jack-pot's table said "pool 13" over seats holding 12: the counter carried in from the
    game no one opened was said nowhere at it."""
    _, report, html = page_of(path, rulebook)
    drawn = seats_and_pools(html)
    assert [pool for _, _, pool in drawn] == [game["pool"] for game in report["games"]]
    assert all(held + carried == pool for held, carried, pool in drawn), drawn


def test_a_whole_deal_named_by_no_hand_shows_the_cards_dealt_not_those_held_later(rulebook):
    """`dealt` with `hands: {}` is the whole deal, five each: Bob's "dealt" row showed the
    backs of the two he held after discarding three (with the counts written out, five)."""
    path = next(p for p in CASES if p.stem == "l48-a-pass-before-any-card-of-the-draw-is-given-raises-no-foul-hand")
    assert load_case(path)["events"][4] == {"type": "dealt", "hands": {}}
    _, _, html = page_of(path, rulebook)
    rows = re.findall(r'<div class="name">Bob.*?<span class="label">dealt</span>(.*?)</div>', html)
    assert rows and all(row.count('class="back"') == 5 for row in rows), rows


def test_a_page_without_rulings_has_no_sheets_and_prints_as_shown(rulebook):
    path = next(p for p in CASES if not load_case(p)["meta"]["expect"]["findings"])
    _, report, html = page_of(path, rulebook)
    assert report["findings"] == [] and sheets_of(html) == [] and "<body>" in html


def test_explain_as_html_tells_the_game_with_each_ruling_and_its_sheet(capsys, rulebook):
    from hashlib import sha256

    path = next(p for p in CASES if p.stem == "game-deal-six-players-misdeal-false-opener")
    with pytest.raises(SystemExit) as exited:
        main(["explain", str(path), "--format", "html"])
    assert exited.value.code == 0
    html = capsys.readouterr().out
    page = Page(html)
    assert page.problems == [] and external_references(html, page) == []
    report = replay_with_trace(read_log_file(path), rulebook, str(path))[0]
    assert len(report["findings"]) == 3
    for finding, sheet in zip(report["findings"], sheets_of(html), strict=True):
        assert " ".join(finding["summary"].split()) in page.text_of(f"event-{finding['event']}")
        assert finding["summary"] in sheet and " ".join(rulebook.get(finding["id"]).text.split()) in sheet
        assert sha256(path.read_bytes()).hexdigest() in sheet
    assert "Dan puts 2 into the pool (a penalty, law 33)" in sheets_of(html)[2]
    assert "The ledger" not in page.plain()  # the story, not the report's figures


def test_explain_as_html_of_a_log_that_breaks_down_tells_it_as_far_as_it_goes(capsys, tmp_path):
    log = {"format": "peel-draw-poker-log", "version": 1, "table": {"players": ["Ann", "Bob"], "limit": 20, "ante": 1},
           "events": [{"type": "draw_for_deal", "player": "Ann", "card": "2c"},
                      {"type": "discard", "player": "Ann", "count": 1}]}
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        main(["explain", str(path), "--format", "html"])
    out, err = capsys.readouterr()
    assert exited.value.code == 2 and err.count("\n") == 1 and "event 1 (discard by Ann)" in err
    page = Page(out)
    assert page.problems == [] and "Ann draws" in page.text_of("event-0")
    assert "The log breaks down here, so it is told no further: event 1 (discard by Ann)" in page.plain()


@pytest.mark.parametrize("command", [["check"], ["explain"]])
def test_hostile_names_reach_the_pages_as_words_only(tmp_path, capsys, command):
    from tests.test_markdown_escaping import HOSTILE, hostile_log

    with pytest.raises(SystemExit):
        main([*command, str(hostile_log(tmp_path)), "--format", "html"])
    html = capsys.readouterr().out
    page = Page(html)
    assert page.problems == [] and external_references(html, page) == []
    assert not [tag for tag, _ in page.tags if tag in {"script", "img"}]
    for sheet in sheets_of(html):
        assert HOSTILE["Bob"] in sheet
    for name in HOSTILE.values():
        assert name in page.plain()


def index_rows(folder: Path) -> list[list[str]]:
    """The index's rows: the link, then each cell's text."""
    class Rows(HTMLParser):
        def __init__(self):
            super().__init__()
            self.rows, self.cell = [], None

        def handle_starttag(self, tag, attrs):
            if tag == "tr":
                self.rows.append([])
            elif tag == "td":
                self.cell = ""
            elif tag == "a" and self.cell is not None:
                self.rows[-1].append(dict(attrs)["href"])

        def handle_endtag(self, tag):
            if tag == "td":
                self.rows[-1].append(" ".join(self.cell.split()))
                self.cell = None

        def handle_data(self, data):
            if self.cell is not None:
                self.cell += data

    parser = Rows()
    parser.feed((folder / "index.html").read_text(encoding="utf-8"))
    return [row for row in parser.rows if row]


def test_a_folder_of_pages_has_an_index_of_every_log_its_status_findings_and_page(tmp_path, capsys):
    from urllib.parse import unquote

    logs = tmp_path / "logs"
    logs.mkdir()
    for stem in ("l13-foul-hand-lifted", "d6-knaves-again-after-kings", "l35-passed-over-player-discards-late"):
        (logs / f"{stem}.json").write_bytes((CASES[0].parent / f"{stem}.json").read_bytes())
    (logs / "index.json").write_bytes(RICH.read_bytes())  # a log whose page would take the index's name
    (logs / "a <b>&amp; #1?.json").write_bytes(RICH.read_bytes())  # a name to break a link and the markup
    (logs / "bad.json").write_text('{"format": "peel-draw-poker-log", "version": 1}', encoding="utf-8")
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as exited:
        main(["check", str(logs), "--format", "html", "--out", str(out)])
    assert exited.value.code == 2
    assert "wrote 6 pages and their index" in capsys.readouterr().out
    rows = {row[1]: row for row in index_rows(out)}
    assert set(rows) == {str(p) for p in logs.iterdir()}
    for name, (href, _, status, count, laws) in rows.items():
        page = out / unquote(href)
        assert page.parent == out and page.exists() and page.name != "index.html"
        assert name in Page(page.read_text(encoding="utf-8")).plain()
        if status == "invalid":
            assert (count, laws[:13]) == ("0", "not checked: ")
            continue
        report = replay_with_trace(read_log_file(Path(name)), None, name)[0]
        assert status == report["status"] and int(count) == len(report["findings"])
        ids = [f["id"] for f in report["findings"]]
        assert laws == ", ".join(i if ids.count(i) == 1 else f"{i} \u00d7{ids.count(i)}" for i in dict.fromkeys(ids))
    assert rows[str(logs / "d6-knaves-again-after-kings.json")][4] == "L29, L31, L32 \u00d72"
    assert rows[str(logs / "index.json")][0] == "index-2.html"
    index = (out / "index.html").read_text(encoding="utf-8")
    assert Page(index).problems == [] and "<b>&amp;" not in index
    assert "6 logs checked: " in Page(index).plain()


def test_the_rule_books_title_comes_before_its_contents(capsys):
    with pytest.raises(SystemExit):
        main(["rulebook", "--format", "html"])
    html = capsys.readouterr().out
    assert html.index("<h1>") < html.index("<nav") < html.index('<section id="section-deal"')


def test_an_index_that_cannot_be_written_is_said_in_one_line_and_exit_2(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "index.html").mkdir(parents=True)  # a folder where the index goes: not replaced
    with pytest.raises(SystemExit) as exited:
        main(["check", str(RICH), str(CASES[0]), "--format", "html", "--out", str(out)])
    captured = capsys.readouterr()
    assert exited.value.code == 2
    assert captured.err.strip() == f"arbiter: cannot write the index {out / 'index.html'}: Is a directory"
    assert "wrote 2 pages to" in captured.out and (out / f"{RICH.stem}.html").exists()
    assert sorted(p.name for p in out.iterdir()) == sorted([f"{RICH.stem}.html", f"{CASES[0].stem}.html", "index.html"])


def test_the_stacks_after_the_last_game_are_on_the_page_as_in_the_text(rulebook):
    """Table stakes (A5): the text and Markdown reports say each player's stack after the last
    game, as the JSON carries it; the page said nothing of them."""
    path = cases_dir() / "house" / "table-stakes-a-jackpot-ante-of-all-he-has-is-met-by-each-ante.json"
    log = read_log_file(path)
    housed = apply_house(rulebook, read_house(load_case(path)["meta"]["house"]))
    report, trace = replay_with_trace(log, housed, str(path))
    after = report["games"][-1]["stacks"]
    words = f"Stacks after game {len(report['games'])}: " + ", ".join(f"{p} {n}" for p, n in after.items())
    assert f"<p>{words}</p>" in render_html(report, log, trace, housed)


def test_a_games_winners_are_listed_as_every_list_is(rulebook):
    """The page's game heading said "won by Dan, Eve, Ann" beside its story's "Dan, Eve and Ann
    share the pool"."""
    path = cases_dir() / "a4-odd-counters-three-way-share.json"
    log = read_log_file(path)
    report, trace = replay_with_trace(log, rulebook, str(path))
    assert "won by Dan, Eve and Ann.</p>" in render_html(report, log, trace, rulebook)


def test_a_game_the_log_leaves_unfinished_is_won_by_no_one_yet():
    """The explain page said "won by no one" of a game the log ends in the middle of, which no
    one has failed to win yet; the story says the log ends before the game is over."""
    from click.testing import CliRunner

    from arbiter.cli import cli

    case = cases_dir() / "a3-a-win-recorded-for-a-player-who-passed-leaves-the-game-unfinished.json"
    page = CliRunner().invoke(cli, ["explain", str(case), "--format", "html"]).output
    assert "1 deal, opened by Cat; the log ends before the game is over." in page and "won by no one" not in page



def test_an_invalid_logs_page_says_how_to_check_its_report_not_a_ruling(tmp_path, capsys):
    """An invalid log's page says no ruling is made, then said "To check this ruling again"."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "peel-draw-poker-log", "version": 1, "table": {}, "events": []}', encoding="utf-8")
    with pytest.raises(SystemExit):
        main(["check", str(bad), "--format", "html"])
    page = capsys.readouterr().out
    assert "no ruling is made" in page and "To check this report again" in page and "ruling again" not in page
