"""`arbiter serve` in a real browser: Debian's chromium, driven by playwright, on a
phone-sized screen. A whole game with a misdeal, a bet out of turn and a dispute over the
cards drawn is played by taps, and the file it leaves checks to the same report as the
same game written by hand; a second phone sees each act as it is made; the server killed
with SIGKILL mid-game and started again loses nothing, and the page carries on.

Skipped where chromium or playwright is missing; CI installs both. Every wait is bounded.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter.checker import check_file
from tests.test_serve import TOKEN, Server

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 10_000  # milliseconds: the longest any one step may take
PHONE = {"width": 375, "height": 812}

HAND = """players Ann Bob Cat Dan; limit 20; ante 1

Ann deals
Ann shuffles
Bob antes 1
card to Bob
card to Cat
Dan points out uncut

Ann deals
Ann shuffles
Dan cuts
dealt Bob 5, Cat 5, Dan 5, Ann 5
Dan opens 2
Cat passes
Ann plays 2
Bob plays 2
Bob discards 3
Bob gets 3
Dan discards 2
Dan claims 2 dealer says 3 testimony (Bob 2)
Dan gets 2
Ann discards 1
Ann gets 1
Dan plays 4
Ann plays 4
Bob passes
Dan shows (Ah Ad Kc Kd 2s)
Ann shows (Qh Qd 9c 9d 3s)
"""
LINES = [line for line in HAND.splitlines()[1:] if line]

# How each line is recorded on the page: a tap on one of the acts the engine offers, a tap
# and a value asked for, or the "something went wrong" menu's form.
STEPS = [
    ("tap", "Ann deals"), ("tap", "Ann shuffles"), ("tap", "Bob antes 1"), ("tap", "card to Bob"),
    ("tap", "card to Cat"),
    ("wrong", "count", "point_out", {"player": "Dan", "issue": "uncut"}),  # the misdeal
    ("tap", "Ann deals"), ("tap", "Ann shuffles"), ("tap", "Dan cuts"), ("tap", "dealt Bob 5, Cat 5, Dan 5, Ann 5"),
    ("wrong", "turn", "open", {"player": "Dan", "stake": "2"}),  # before Cat's say: out of turn
    ("tap", "Cat passes"), ("tap", "Ann plays 2"), ("tap", "Bob plays 2"),
    ("tap", "Bob discards 3"), ("tap", "Bob gets 3"), ("tap", "Dan discards 2"),
    ("wrong", "dispute", "dispute", {"player": "Dan", "claims": "2", "dealer_says": "3", "testimony": {"Bob": "2"}}),
    ("tap", "Dan gets 2"), ("tap", "Ann discards 1"), ("tap", "Ann gets 1"),
    ("ask", "Dan plays \u2026", "4"), ("tap", "Ann plays 4"), ("tap", "Bob passes"),
    ("ask", "Dan shows \u2026", "Ah Ad Kc Kd 2s"), ("ask", "Ann shows \u2026", "Qh Qd 9c 9d 3s"),
]


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, timeout=60_000)
        yield launched
        launched.close()


@pytest.fixture
def written_by_hand(tmp_path) -> Path:
    path = tmp_path / "by-hand.hand"
    path.write_text(HAND, encoding="utf-8")
    return path


def phone(browser, url: str):
    """A page on a phone-sized screen; any error in its script fails the test."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.set_default_timeout(WAIT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    page.goto(url)
    sync_api.expect(page.locator("#link")).to_have_text("live", timeout=WAIT)
    return page


def sit_down(page, players: str = "Ann, Bob, Cat, Dan") -> None:
    page.fill("#setup-players", players)
    page.click("#setup-send")
    sync_api.expect(page.locator("#game")).to_be_visible(timeout=WAIT)


def latest(page):
    """What the page says was done last (the feed shows the latest first)."""
    return page.locator("#feed li").first


def play(page, step: tuple, line: str) -> None:
    """One step by taps, then wait until the page shows it recorded."""
    kind, *rest = step
    if kind == "tap":
        page.get_by_role("button", name=rest[0], exact=True).click()
    elif kind == "ask":
        page.get_by_role("button", name=rest[0], exact=True).click()
        page.fill("#ask-input", rest[1])
        page.click("#ask-send")
    else:
        group, event_type, fields = rest
        if page.locator("#wrong").get_attribute("open") is None:
            page.click("#wrong summary")
        page.click(f"[data-group={group}]")
        page.select_option("#form-type", event_type)
        for name, value in fields.items():
            if isinstance(value, dict):
                for player, number in value.items():
                    page.fill(f"#form-parts fieldset[data-field={name}] input[data-player={player}]", number)
            elif page.locator(f"#form-parts select[name={name}]").count():
                page.select_option(f"#form-parts select[name={name}]", value)
            else:
                page.fill(f"#form-parts input[name={name}]", value)
        page.click("#form-send")
        sync_api.expect(page.locator("#form")).to_be_hidden(timeout=WAIT)
    sync_api.expect(latest(page).locator(".what")).to_have_text(line, timeout=WAIT)
    assert "refused" not in (latest(page).get_attribute("class") or "")


def same_report(game: Path, by_hand: Path) -> None:
    played, written = check_file(game), check_file(by_hand)
    assert played["status"] == "irregular"
    assert {f["id"] for f in played["findings"]} >= {"L8", "L25", "L46"}  # the misdeal, out of turn, the dispute
    assert {**played, "file": None} == {**written, "file": None}


def test_a_whole_game_played_by_taps_checks_like_the_game_written_by_hand(browser, tmp_path, written_by_hand):
    server = Server(tmp_path / "night.hand")
    try:
        page = phone(browser, server.record_url)
        assert page.url == server.url  # the token leaves the address bar at once
        sync_api.expect(page.locator("#role")).to_have_text("recording")
        sit_down(page)
        for step, line in zip(STEPS, LINES):
            play(page, step, line)
            if line.startswith("Dan claims"):  # who gives evidence: asked in the page
                page.click("#evidence")
                sync_api.expect(latest(page).locator(".what")).to_have_text("evidence", timeout=WAIT)
                assert latest(page).locator(".line").first.text_content().startswith("The witness is Bob (L46).")
            if line == "Dan opens 2":
                sync_api.expect(page.locator("#rulings li[data-rule=L25]")).to_have_count(1, timeout=WAIT)
                ruling = page.locator("#rulings li[data-rule=L25]").text_content()
                assert "Dan acted out of turn" in ruling and "Law 25: \u201cThe turn to say" in ruling
        sync_api.expect(page.locator("#next")).to_have_text("Next: the game is over: Bob deals the next game")
        assert "Dan +6" in page.locator("#net").text_content()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
        shot = page.screenshot(full_page=True)
        assert shot[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(shot[16:20], "big") == 2 * PHONE["width"]
        assert page.errors == []
    finally:
        server.stop()
    same_report(tmp_path / "night.hand", written_by_hand)


def test_a_second_phone_sees_each_act_as_it_is_made_and_cannot_record(browser, tmp_path):
    server = Server(tmp_path / "night.hand")
    try:
        recorder = phone(browser, server.record_url)
        watcher = phone(browser, server.url)
        sync_api.expect(watcher.locator("#role")).to_have_text("watching")
        sit_down(recorder)
        sync_api.expect(watcher.locator("#seats li")).to_have_count(4, timeout=WAIT)
        for step, line in list(zip(STEPS, LINES))[:12]:
            play(recorder, step, line)
            sync_api.expect(latest(watcher).locator(".what")).to_have_text(line, timeout=WAIT)
            sync_api.expect(watcher.locator("#next")).to_have_text(recorder.locator("#next").text_content())
        # Ann's say, after Cat passed; Dan, who opened early, may say again before her (his turn passes if not)
        sync_api.expect(watcher.locator("#seats li.turn .name")).to_have_text(["Ann", "Dan"], timeout=WAIT)  # seats in the table order
        sync_api.expect(watcher.locator("#rulings li")).to_have_count(2)  # L8 and L25
        for hidden in ("#acts", "#wrong", "#setup-form"):
            assert not watcher.locator(hidden).is_visible()
        assert watcher.get_by_role("button", name="Ann plays 2").count() == 0  # a watcher has nothing to tap
        assert recorder.get_by_role("button", name="Ann plays 2").is_visible()
        assert watcher.errors == [] and recorder.errors == []
    finally:
        server.stop()
    assert (tmp_path / "night.hand").read_text(encoding="utf-8").splitlines()[1:] == LINES[:12]


def test_the_server_killed_mid_game_and_started_again_loses_nothing(browser, tmp_path, written_by_hand):
    game = tmp_path / "night.hand"
    server = Server(game)
    try:
        page = phone(browser, server.record_url)
        sit_down(page)
        half = 18  # up to the dispute over the cards drawn
        for step, line in list(zip(STEPS, LINES))[:half]:
            play(page, step, line)
        next_words = page.locator("#next").text_content()
        server.kill()
        assert game.read_text(encoding="utf-8").splitlines()[1:] == LINES[:half]  # each act on the disk
        sync_api.expect(page.locator("#link")).to_have_text("reconnecting\u2026", timeout=WAIT)
        server = Server(game, server.port)
        sync_api.expect(page.locator("#link")).to_have_text("live", timeout=WAIT)
        sync_api.expect(latest(page).locator(".what")).to_have_text("resumed", timeout=WAIT)
        sync_api.expect(page.locator("#next")).to_have_text(next_words)
        for step, line in list(zip(STEPS, LINES))[half:]:
            play(page, step, line)
        assert page.errors == []
    finally:
        server.stop()
    same_report(game, written_by_hand)


def test_no_name_reaches_the_page_as_markup(browser, tmp_path):
    server = Server(tmp_path / "night.hand")
    names = ["<img src=x onerror=window.pwned=1>", "Ann", "<b>Bo</b> & \"Cy\""]
    try:
        page = phone(browser, server.record_url)
        sit_down(page, ", ".join(names))
        page.get_by_role("button", name="Ann deals", exact=True).click()
        sync_api.expect(page.locator("#game-line")).to_contain_text("Game 1", timeout=WAIT)
        assert page.locator("#seats .name").all_text_contents() == names
        assert page.locator("main img, main b").count() == 0
        assert page.evaluate("window.pwned") is None
        assert any(names[0] in label for label in page.locator("#acts button").all_text_contents())
        assert page.errors == []
    finally:
        server.stop()
    assert check_file(tmp_path / "night.hand")["status"] == "ok"


def test_a_watcher_with_a_wrong_token_records_nothing(browser, tmp_path):
    server = Server(tmp_path / "night.hand")
    try:
        page = phone(browser, f"{server.url}#token=not-{TOKEN}")
        sync_api.expect(page.locator("#role")).to_have_text("recording")  # the page believes it
        sit_down_refused = page.locator("#message")
        page.fill("#setup-players", "Ann, Bob")
        page.click("#setup-send")
        sync_api.expect(sit_down_refused).to_have_text("only the device holding this game's token may record")
        assert not (tmp_path / "night.hand").exists()
    finally:
        server.stop()
