"""`arbiter serve` in a real browser: Debian's chromium, driven by playwright, on a 375-px
phone. A whole game is played by taps: a misdeal, a straddle (the open button says at
least 4), an open out of turn, a dispute over the cards drawn whose witness the page
asks for, the make-good it then asks of the dealer, the dealer standing pat, the hands
shown from a grid of cards; a second recording device acting on a state that has moved
on is refused (409) and shown the game as it is. The file it leaves checks to the same
report as the same game written by hand. A watcher sees each act live; the server killed
with SIGKILL and started again loses nothing and tells the whole game again; the table
is corrected before the first card; undo asks first; every touch target is 44 px. A
ruling is read aloud (the browser's speech, stubbed by the test to record what it is asked
to say), and the setting kept on the phone reads each new ruling as it comes.

With ARBITER_SCREENSHOTS=FOLDER the pictures of docs/serve.md are taken into FOLDER.
Skipped where chromium or playwright is missing; CI installs both. Every wait is bounded.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from arbiter.checker import check_file
from tests.conftest import ruling
from tests.test_serve import TOKEN, Server
from tests.test_serve_network import WATCHERS, low_file_limit, stream

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 10_000  # milliseconds: the longest any one step may take
PHONE = {"width": 375, "height": 812}
TARGET = 44  # px: the least a touch target may measure either way
SCREENSHOTS = os.environ.get("ARBITER_SCREENSHOTS")
TERMINAL_WORDS = ["NAME", "CARD", "table>", "help", "Type what", "quit", "Ctrl", "next:"]

HAND = """players Ann Bob Cat Dan; limit 20; ante 1

Ann deals
Ann shuffles
Bob antes 1
Cat straddles 2
card to Bob
card to Cat
Dan points out uncut

Ann deals
Ann shuffles
Dan cuts
dealt Bob 5, Cat 5, Dan 5, Ann 5
Ann opens 4
Dan plays 4
Bob plays 4
Cat plays 4
Bob discards 2
Bob gets 2
Cat discards 3
Cat gets 2
Cat claims 3 dealer says 2 unable (Bob)
Cat claims 3 dealer says 2 unable (Bob) testimony (Dan 3)
Cat gets 1
Dan discards 1
Dan gets 1
Ann stands pat
Cat plays 6
Dan passes
Ann plays 6
Bob plays 6
Cat shows (Ah Ad Kc Kd 2s)
Ann shows (Qh Qd 9c 9d 3s)
Bob shows (Jh Jd 8c 7d 3c)
"""
LINES = [line for line in HAND.splitlines()[1:] if line]
DISPUTE = LINES.index("Cat claims 3 dealer says 2 unable (Bob) testimony (Dan 3)")
DISPUTED = "Cat claims 3 dealer says 2 unable (Bob)"  # as the form records it, before the witness is asked

# How each line is recorded on the page: a tap on one of the acts the engine offers; a tap
# and a number or cards picked; the "something went wrong" menu's form; a line written; the
# number the ruling asks for.
STEPS = [
    ("tap", "Ann deals"), ("tap", "Ann shuffles"), ("tap", "Bob antes 1"), ("tap", "Cat straddles 2"),
    ("line", "card to Bob"), ("tap", "card to Cat"),  # the cut is due first (L4): an uncut card is written
    ("wrong", "count", "point_out", {"player": "Dan", "issue": "uncut"}),  # the misdeal
    ("tap", "Ann deals"), ("tap", "Ann shuffles"), ("tap", "Dan cuts"), ("tap", "dealt Bob 5, Cat 5, Dan 5, Ann 5"),
    ("wrong", "turn", "open", {"player": "Ann", "stake": "4"}),  # before Dan's say: out of turn
    ("tap", "Dan plays 4"), ("tap", "Bob plays 4"), ("tap", "Cat plays 4"),
    ("ask", "Bob discards 1 to 5 \u2026", 2), ("tap", "Bob gets 2"),
    ("ask", "Cat discards 1 to 5 \u2026", 3), ("line", "Cat gets 2"),  # one short of the three asked
    ("wrong", "dispute", "dispute", {"claims": "3", "dealer_says": "2", "unable": ["Bob"]}),
    ("tap", "Cat gets 1"),  # the make-good the page asks of the dealer
    ("ask", "Dan discards 1 to 5 \u2026", 1), ("tap", "Dan gets 1"), ("tap", "Ann stands pat"),
    ("ask", "Cat plays 5 to 24 \u2026", 6), ("tap", "Dan passes"), ("tap", "Ann plays 6"), ("tap", "Bob plays 6"),
    ("cards", "Cat shows \u2026", "Ah Ad Kc Kd 2s"), ("cards", "Ann shows \u2026", "Qh Qd 9c 9d 3s"),
    ("cards", "Bob shows \u2026", "Jh Jd 8c 7d 3c"),
]
# Each step and the line it records; the witness's number, asked after the dispute, is the
# dispute written again with it, in a line of its own.
PLAYED = list(zip(STEPS, [*LINES[:DISPUTE], *LINES[DISPUTE + 1:]], strict=True))


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


def phone(browser, url: str, live: bool = True, wait_live: bool = True, init_script: str | None = None):
    """A page on a phone-sized screen; any error in its script fails the test. Not `live`:
    its stream is cut off; `wait_live`: it is not ready until its stream is; `init_script`
    runs before the page's own, on every load."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.set_default_timeout(WAIT)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors
    if not live:  # a device that has not yet heard of the latest act: no live stream
        page.route("**/api/events", lambda route: route.abort())
    page.goto(url)
    if live and wait_live:
        sync_api.expect(page.locator("#link")).to_have_text("live", timeout=WAIT)
    return page


def shoot(page, name: str, top: bool = False) -> None:
    """A picture for docs/serve.md, where they are asked for: what is in view, or the top
    of the page (the table and whose turn it is)."""
    if SCREENSHOTS:
        if top:
            page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(Path(SCREENSHOTS) / name))


def sit_down(page, players: str = "Ann, Bob, Cat, Dan", ante: str = "1") -> None:
    page.fill("#setup-players", players)
    page.fill("#setup-ante", ante)
    page.click("#setup-send")
    sync_api.expect(page.locator("#game")).to_be_visible(timeout=WAIT)


def latest(page):
    """What the page says was done last (the feed shows the latest first)."""
    return page.locator("#feed li").first


def small_targets(page) -> list[str]:
    """Every visible thing to touch that is smaller than a finger: buttons, fields, the
    menu's summary, and each checkbox's row."""
    return page.evaluate("""(least) => [...document.querySelectorAll(
        'button, select, input:not([type=checkbox]), summary, label.check')]
      .filter((node) => node.getClientRects().length > 0)
      .filter((node) => { const box = node.getBoundingClientRect(); return box.width < least || box.height < least; })
      .map((node) => node.outerHTML.slice(0, 80))""", TARGET)


def no_terminal_words(page) -> None:
    text = page.evaluate("document.body.innerText")
    assert not [word for word in TERMINAL_WORDS if word in text], text


def open_menu(page, group: str) -> None:
    if page.locator("#wrong").get_attribute("open") is None:
        page.click("#wrong summary")
    page.click(f"[data-group={group}]")


def pick_cards(page, cards: str) -> None:
    for card in cards.split():
        page.click(f'#ask [data-rank="{card[:-1]}"]')
        page.click(f'#ask [data-suit="{card[-1]}"]')


def play(page, step: tuple, line: str) -> None:
    """One step by taps, then wait until the page shows it recorded and back at Next."""
    kind, *rest = step
    if kind in ("tap", "ask", "cards"):
        page.get_by_role("button", name=rest[0], exact=True).click()
    if kind == "ask":
        sync_api.expect(page.locator("#ask")).to_be_in_viewport(timeout=WAIT)
        page.locator("#ask").get_by_role("button", name=str(rest[1]), exact=True).click()
    elif kind == "cards":
        pick_cards(page, rest[1])
        sync_api.expect(page.locator("#ask .chosen button")).to_have_text(rest[1].split())
        page.click("#ask-send")
    elif kind == "line":
        if page.locator("#wrong").get_attribute("open") is None:
            page.click("#wrong summary")
        page.click("#line-open")
        page.fill("#line-input", rest[0])
        page.click("#line-send")
    elif kind == "wrong":
        group, event_type, fields = rest
        open_menu(page, group)
        sync_api.expect(page.locator("#form")).to_be_in_viewport(timeout=WAIT)  # the form opens in view
        page.select_option("#form-type", event_type)
        for name, value in fields.items():
            if isinstance(value, list):
                for player in value:
                    page.check(f"#form-parts fieldset[data-field={name}] input[data-player={player}]")
            elif page.locator(f"#form-parts select[name={name}]").count():
                page.select_option(f"#form-parts select[name={name}]", value)
            else:
                page.fill(f"#form-parts input[name={name}]", value)
        page.click("#form-send")
        sync_api.expect(page.locator("#form")).to_be_hidden(timeout=WAIT)
    sync_api.expect(latest(page).locator(".what")).to_have_text(line, timeout=WAIT)
    assert "refused" not in (latest(page).get_attribute("class") or "")
    sync_api.expect(page.locator("#wrong")).not_to_have_attribute("open", "", timeout=WAIT)
    sync_api.expect(page.locator("#now")).to_be_in_viewport(timeout=WAIT)  # back at Next


def answer_witness(page) -> None:
    """The number the ruling asks for: Dan heard Cat ask for 3; the dispute is written again with it,
    in a line of its own."""
    page.locator("#question").get_by_role("button", name="3", exact=True).click()
    sync_api.expect(latest(page).locator(".what")).to_have_text(LINES[DISPUTE], timeout=WAIT)


def same_report(game: Path, by_hand: Path) -> None:
    played, written = check_file(game), check_file(by_hand)
    assert played["status"] == "irregular"
    assert {f["id"] for f in played["findings"]} >= {"L8", "L25", "L46"}  # the misdeal, out of turn, the dispute
    assert ruling(played) == ruling(written)


def test_a_whole_game_played_by_taps_checks_like_the_game_written_by_hand(browser, tmp_path, written_by_hand):
    server = Server(tmp_path / "night.hand")
    try:
        page = phone(browser, server.record_url)
        assert page.url == server.url  # the token leaves the address bar at once
        sync_api.expect(page.locator("#role")).to_have_text("recording")
        assert small_targets(page) == []
        sit_down(page)
        no_terminal_words(page)
        second = None
        for step, line in PLAYED:
            if line == "Ann opens 4":  # Dan's say after the straddle of 2: the open button says at least 4
                assert page.locator("#acts button").all_text_contents() == [
                    "Dan opens 4", "Dan opens 5 to 22 \u2026", "Dan passes"]
            if line == DISPUTED:
                open_menu(page, "dispute")
                page.select_option("#form-type", "dispute")
                assert page.locator("#form-parts select[name=player]").input_value() == "Cat"  # whose draw it was
                assert small_targets(page) == []  # the checkboxes' rows too
            if line == "Dan passes":  # a second recording device that has not yet heard of Dan's pass
                second = phone(browser, server.record_url, live=False)
                sync_api.expect(second.locator("#role")).to_have_text("recording")
                sync_api.expect(second.get_by_role("button", name="Dan passes", exact=True)).to_be_visible()
            play(page, step, line)
            if line == DISPUTED:  # the ruling waits for the witness, asked before anything else
                sync_api.expect(page.locator("#next")).to_have_text("Next: what number did Dan hear Cat ask for? (L46)")
                assert page.locator("#acts button").count() == 0 and page.locator("#others button").count() == 0
                page.click("#wrong summary")
                page.click("#evidence")
                sync_api.expect(latest(page).locator(".what")).to_have_text("evidence", timeout=WAIT)
                assert latest(page).locator(".line").first.text_content().startswith("The witness is Dan (L46).")
                shoot(page, "serve-question.png", top=True)
                answer_witness(page)
                sync_api.expect(page.locator("#owed li")).to_have_text(["Ann owes Cat 1 card (L43)"])
                sync_api.expect(page.locator("#next")).to_have_text("Next: Ann gives Cat 1 card")
                shoot(page, "serve.png", top=True)
            if line == "Ann opens 4":
                sync_api.expect(page.locator("#rulings li[data-rule=L25]")).to_have_count(1, timeout=WAIT)
                out_of_turn = page.locator("#rulings li[data-rule=L25]").text_content()
                assert "Ann acted out of turn" in out_of_turn and "Law 25: \u201cThe turn to say" in out_of_turn
            if line == "Dan gets 1":  # the dealer's draw: he stands pat; nothing to give himself
                assert page.get_by_role("button", name="Ann stands pat", exact=True).is_visible()
                assert page.locator("#acts button", has_text="Ann gets").count() == 0
            if line == "Dan passes":
                second.get_by_role("button", name="Dan passes", exact=True).click()
                sync_api.expect(second.locator("#message")).to_contain_text("another device recorded first")
                sync_api.expect(second.locator("#next")).to_have_text(page.locator("#next").text_content())
                shoot(second, "serve-409.png")
                assert second.errors == []
            if line == "Bob plays 6":
                page.get_by_role("button", name="Cat shows \u2026", exact=True).click()
                pick_cards(page, "Ah Ad")
                page.click("#ask [data-rank=K]")
                assert small_targets(page) == []
                shoot(page, "serve-cards.png")
                page.click("#ask-cancel")
        sync_api.expect(page.locator("#next")).to_have_text("Next: the game is over: Bob deals the next game")
        sync_api.expect(page.locator("#seats li.winner .name")).to_have_text(["Cat"])
        assert "Cat +16" in page.locator("#net").text_content()
        no_terminal_words(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone
        shot = page.screenshot(full_page=True)
        assert shot[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(shot[16:20], "big") == 2 * PHONE["width"]
        assert page.errors == []
    finally:
        server.stop()
    played = (tmp_path / "night.hand").read_text(encoding="utf-8").splitlines()
    assert played.count("Dan passes") == 1  # recorded once, though two devices sent it
    same_report(tmp_path / "night.hand", written_by_hand)


def test_a_second_phone_sees_each_act_as_it_is_made_and_cannot_record(browser, tmp_path):
    server = Server(tmp_path / "night.hand")
    try:
        recorder = phone(browser, server.record_url)
        watcher = phone(browser, server.url)
        sync_api.expect(watcher.locator("#role")).to_have_text("watching")
        sit_down(recorder)
        sync_api.expect(watcher.locator("#seats li")).to_have_count(4, timeout=WAIT)
        for step, line in PLAYED[:12]:
            play(recorder, step, line)
            sync_api.expect(latest(watcher).locator(".what")).to_have_text(line, timeout=WAIT)
            sync_api.expect(watcher.locator("#next")).to_have_text(recorder.locator("#next").text_content())
        # Dan's say, after Ann opened out of turn: the turn stays where it was
        sync_api.expect(watcher.locator("#seats li.turn .name")).to_have_text(["Dan"], timeout=WAIT)
        sync_api.expect(watcher.locator("#rulings li")).to_have_count(2)  # L8 and L25
        for hidden in ("#acts", "#wrong", "#setup-form", "#setup-correct"):
            assert not watcher.locator(hidden).is_visible()
        assert watcher.get_by_role("button", name="Dan plays 4").count() == 0  # a watcher has nothing to tap
        assert recorder.get_by_role("button", name="Dan plays 4").is_visible()
        watcher.click("#watch-open")  # the code other phones scan to watch
        sync_api.expect(watcher.locator("#watch-address")).to_have_text(server.url)
        sync_api.expect(watcher.locator("#watch-code")).to_be_visible()
        assert watcher.evaluate("document.getElementById('watch-code').naturalWidth") > 0  # loaded, under the CSP
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
        half = LINES.index(DISPUTED)  # up to the dispute over the cards drawn
        for step, line in PLAYED[:half]:
            play(page, step, line)
        next_words = page.locator("#next").text_content()
        server.kill()
        assert game.read_text(encoding="utf-8").splitlines()[1:] == LINES[:half]  # each act on the disk
        sync_api.expect(page.locator("#link")).to_have_text("reconnecting\u2026", timeout=WAIT)
        page.get_by_role("button", name="Dan discards 1 to 5 \u2026", exact=True).click()
        page.locator("#ask").get_by_role("button", name="1", exact=True).click()
        sync_api.expect(page.locator("#message")).to_have_text("The server cannot be reached: nothing was recorded.")
        server = Server(game, server.port)
        sync_api.expect(page.locator("#link")).to_have_text("live", timeout=WAIT)
        sync_api.expect(page.locator("#message")).to_be_hidden()  # the banner goes with the lost connection
        sync_api.expect(latest(page).locator(".what")).to_have_text("resumed", timeout=WAIT)
        sync_api.expect(page.locator("#next")).to_have_text(next_words)
        told = page.locator("#feed li .what").all_text_contents()[::-1]  # the whole game, told again
        assert told == [HAND.splitlines()[0], *LINES[:half], "resumed"]
        assert page.locator("#feed li", has_text="Dan points out uncut").locator(".line").first.text_content() \
            .startswith("[L8 irregularity] line 8:")
        for step, line in PLAYED[half:]:
            play(page, step, line)
            if line == DISPUTED:
                answer_witness(page)
        assert page.errors == []
    finally:
        server.stop()
    same_report(game, written_by_hand)


def test_the_table_is_set_up_and_corrected_before_the_first_card(browser, tmp_path):
    server = Server(tmp_path / "night.hand")
    try:
        page = phone(browser, server.record_url)
        sit_down(page, "Ann, Bob, Cat", ante="11")
        sync_api.expect(page.locator("#setup-warnings li")).to_contain_text(
            ["An ante of 11 is more than 0.5 of the limit of 20"])
        page.click("#setup-correct")
        sync_api.expect(page.locator("#setup")).to_be_in_viewport(timeout=WAIT)
        assert page.locator("#setup-players").input_value() == "Ann, Bob, Cat"
        page.fill("#setup-players", "Ann, Bob, Cat, Dan")
        page.fill("#setup-ante", "1")
        shoot(page, "serve-setup.png")
        page.click("#setup-send")
        sync_api.expect(page.locator("#seats li")).to_have_count(4, timeout=WAIT)
        sync_api.expect(page.locator("#setup")).to_be_hidden()
        sync_api.expect(page.locator("#setup-warnings li")).to_have_count(0)
        for act in ("Ann deals", "Ann shuffles", "Dan cuts", "Bob antes 1"):
            page.get_by_role("button", name=act, exact=True).click()
            sync_api.expect(latest(page).locator(".what")).to_have_text(act, timeout=WAIT)
        sync_api.expect(page.locator("#setup-correct")).to_be_visible()  # no card yet
        page.get_by_role("button", name="card to Bob", exact=True).click()
        sync_api.expect(page.locator("#setup-correct")).to_be_hidden(timeout=WAIT)  # the table stands
        assert page.errors == []
    finally:
        server.stop()
    assert (tmp_path / "night.hand").read_text(encoding="utf-8").splitlines() == [
        "players Ann Bob Cat Dan; limit 20; ante 1  # the table corrected; it was: players Ann Bob Cat; limit 20; ante 11",
        "Ann deals", "Ann shuffles", "Dan cuts", "Bob antes 1", "card to Bob"]


def test_undo_asks_first(browser, tmp_path):
    server = Server(tmp_path / "night.hand")
    try:
        page = phone(browser, server.record_url)
        sit_down(page)
        page.get_by_role("button", name="Ann deals", exact=True).click()
        sync_api.expect(latest(page).locator(".what")).to_have_text("Ann deals", timeout=WAIT)
        for answer in ("#undo-no", "#undo-yes"):
            page.click("#wrong summary") if page.locator("#wrong").get_attribute("open") is None else None
            page.click("#undo")
            sync_api.expect(page.locator("#undo-text")).to_have_text("Take back line 2: Ann deals?")
            page.click(answer)
            sync_api.expect(page.locator("#undo-confirm")).to_be_hidden()
        sync_api.expect(latest(page).locator(".what")).to_have_text("undo", timeout=WAIT)
        sync_api.expect(page.locator("#next")).to_have_text("Next: the draw for the deal, or the first deal")
        assert page.errors == []
    finally:
        server.stop()
    assert (tmp_path / "night.hand").read_text(encoding="utf-8").splitlines()[1:] == [
        "Ann deals", "undo  # takes back line 2: Ann deals"]


def test_no_name_reaches_the_page_as_markup_nor_widens_it(browser, tmp_path):
    """A name is text, never markup; and a name of any length wraps on a 375-px phone (one of
    3,000 letters made the net line 36,000 px wide)."""
    server = Server(tmp_path / "night.hand")
    names = ["<img src=x onerror=window.pwned=1>", "Ann", "<b>Bo</b> & \"Cy\"", "W" * 600]
    try:
        page = phone(browser, server.record_url)
        sit_down(page, ", ".join(names))
        page.get_by_role("button", name="Ann deals", exact=True).click()
        sync_api.expect(page.locator("#game-line")).to_contain_text("Game 1", timeout=WAIT)
        assert page.locator("#seats .name").all_text_contents() == names
        assert page.locator("main img, main b").count() == 0
        assert page.evaluate("window.pwned") is None
        assert any(names[0] in label for label in page.locator("#acts button, #others button").all_text_contents())
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.errors == []
    finally:
        server.stop()
    assert check_file(tmp_path / "night.hand")["status"] == "ok"


def test_a_wrong_token_watches_from_the_first_load(browser, tmp_path):
    server = Server(tmp_path / "night.hand")
    try:
        assert server.post("/api/table", {"players": ["Ann", "Bob"], "limit": 20, "ante": 1})[0] == 200
        page = phone(browser, f"{server.url}#token=not-{TOKEN}")
        sync_api.expect(page.locator("#role")).to_have_text("watching")
        sync_api.expect(page.locator("#message")).to_have_text("This address's token is not this game's: this phone watches.")
        assert page.evaluate("document.body.className") == "watching"
        for hidden in ("#acts", "#wrong", "#setup-correct"):
            assert not page.locator(hidden).is_visible()
        assert page.evaluate("sessionStorage.length") == 0
        assert page.errors == []
    finally:
        server.stop()
    assert (tmp_path / "night.hand").read_text(encoding="utf-8").count("\n") == 1


def test_a_phone_refused_a_live_stream_says_so_and_still_records(browser, tmp_path):
    server = Server(tmp_path / "night.hand", 0, preexec_fn=low_file_limit)
    watchers = [stream(server.url)[0] for _ in range(WATCHERS)]  # as many as the server takes
    try:
        page = phone(browser, server.record_url, wait_live=False)
        sync_api.expect(page.locator("#link")).to_have_text("not live", timeout=WAIT)
        sync_api.expect(page.locator("#message")).to_contain_text("As many phones are watching as the server takes")
        sit_down(page)  # the answer to each recording draws the page
        sync_api.expect(page.locator("#next")).to_have_text("Next: the draw for the deal, or the first deal")
        assert page.errors == []
    finally:
        for sock in watchers:
            sock.close()
        server.stop()


# The browser's speech, stubbed: what the page asks it to say is kept in window.speechSaid.
SPEECH = """
window.speechSaid = [];
window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
Object.defineProperty(window, "speechSynthesis", { configurable: true, value: {
  speak: (utterance) => window.speechSaid.push({ text: utterance.text, lang: utterance.lang }),
  cancel: () => window.speechSaid.push("cancel") } });
"""
NO_SPEECH = 'Object.defineProperty(window, "speechSynthesis", { configurable: true, value: undefined });'


def law_words(rulebook, rule_id: str) -> str:
    return " ".join(rulebook.get(rule_id).text.split())


def test_a_ruling_is_read_aloud_and_the_setting_reads_each_new_one(browser, tmp_path, rulebook):
    game = tmp_path / "night.hand"
    server = Server(game)
    try:
        page = phone(browser, server.record_url, init_script=SPEECH)
        sit_down(page)
        misdeal = LINES.index("Dan points out uncut") + 1
        for step, line in PLAYED[:misdeal]:
            play(page, step, line)
        l8 = next(f for f in check_file(game)["findings"] if f["id"] == "L8")
        assert page.evaluate("window.speechSaid") == []  # the setting is off: nothing is read unasked
        page.locator("#rulings li[data-rule=L8]").get_by_role("button", name="Read aloud").click()
        cancel, said = page.evaluate("window.speechSaid")
        assert cancel == "cancel" and said["lang"] == "en"  # a button pressed stops what was being read
        assert said["text"].startswith("Law 8, irregularity. ")
        assert l8["summary"] + "." in said["text"] and "What follows: misdeal: Ann deals again." in said["text"]
        assert said["text"].endswith("Law 8 says: " + law_words(rulebook, "L8"))
        page.check("#aloud")  # read each new ruling: kept on this phone, across a reload
        shoot(page, "serve-read-aloud.png")
        page.reload()
        sync_api.expect(page.locator("#link")).to_have_text("live", timeout=WAIT)
        sync_api.expect(page.locator("#aloud")).to_be_checked()
        sync_api.expect(page.locator("#rulings li[data-rule=L8]")).to_have_count(1)
        assert page.evaluate("window.speechSaid") == []  # the rulings already made are not read again
        out_of_turn = LINES.index("Ann opens 4") + 1
        for step, line in PLAYED[misdeal:out_of_turn]:
            play(page, step, line)
        sync_api.expect(page.locator("#rulings li[data-rule=L25]")).to_have_count(1)
        l25 = next(f for f in check_file(game)["findings"] if f["id"] == "L25")
        spoken = page.evaluate("window.speechSaid")
        assert len(spoken) == 1, spoken  # the new ruling, as it came, and only it; nothing cut short
        assert l25["summary"] in spoken[0]["text"] and spoken[0]["text"].endswith(law_words(rulebook, "L25"))
        assert small_targets(page) == []  # the buttons and the setting's row
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert page.errors == []

        mute = phone(browser, server.url, init_script=NO_SPEECH)  # a browser that cannot speak offers nothing to press
        sync_api.expect(mute.locator("#rulings li")).to_have_count(2, timeout=WAIT)
        assert mute.locator("#rulings button").count() == 0 and not mute.locator("#aloud-setting").is_visible()
        assert mute.errors == []
    finally:
        server.stop()


def test_the_witness_is_asked_beside_the_give_the_dealer_owes_another(browser, tmp_path):
    """SPEC 28: the page says what the engine's answer says. A law 46 question waiting for
    Ann's number while Dan's discard of 3 is owed him: the answer has Bob, the dealer, give
    Dan 3; the page asked the question and hid the give it named in Next."""
    game = tmp_path / "night.hand"
    game.write_text("players Ann Bob Cat Dan; limit 10; ante 1\nBob deals; Bob shuffles; Ann cuts; Cat antes 1\n"
                    "dealt Cat 5, Dan 5, Ann 5, Bob 5\nAnn opens 2; Bob plays 2; Cat plays 2; Dan plays 2\n"
                    "Cat discards 3; Cat gets 2\nCat claims 3 dealer says 2\nDan discards 3\n", encoding="utf-8")
    server = Server(game)
    try:
        page = phone(browser, server.record_url)
        sync_api.expect(page.locator("#next")).to_have_text(
            "Next: Bob gives Dan 3 cards; what number did Ann hear Cat ask for? (L46)")
        sync_api.expect(page.locator("#question")).to_be_visible()
        sync_api.expect(page.locator("#acts button")).to_have_text(["Dan gets 3"])
        page.locator("#acts").get_by_role("button", name="Dan gets 3", exact=True).click()
        sync_api.expect(latest(page).locator(".what")).to_have_text("Dan gets 3", timeout=WAIT)
        sync_api.expect(page.locator("#question")).to_be_visible()  # still asked
        assert page.errors == []
    finally:
        server.stop()
