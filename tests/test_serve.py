"""`arbiter serve` without a browser: the real command in a process of its own, on a free
port of 127.0.0.1, asked over HTTP as a phone asks it. The file it keeps is the one
`arbiter table` writes for the same acts; only the token's holder records; each act is
recorded once (a recording decided from an older state is refused with 409); every
event is checked by the log's schema; the state is the engine's answer; the witness's
number is asked and answered; the table is corrected only before the first card; the
watch address is a QR code; the page's files fetch nothing from elsewhere."""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from arbiter.cli import cli
from arbiter.escapes import shown_path
from tests.conftest import REPO

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

TOKEN = "the-recording-token"
NOW = object()  # a recording decided from the state as it is now
START_TIMEOUT = 20.0
REQUEST_TIMEOUT = 10.0
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


class Server:
    """`arbiter serve GAME --port PORT --token TOKEN` in a process of its own."""

    def __init__(self, game: Path, port: int = 0, *extra: str, **popen: Any) -> None:
        """`popen`: more for subprocess.Popen (a `preexec_fn` setting the file limit, `stderr`)."""
        self.game = game
        self.process = subprocess.Popen(
            [sys.executable, "-m", "arbiter", "serve", str(game), "--port", str(port), "--token", TOKEN,
             "--format", "json", *extra],
            **{"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, "cwd": game.parent,
               "env": {**os.environ, "PYTHONPATH": str(REPO)}, **popen})
        self.url = self._url(game)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def _url(self, game: Path) -> str:
        """The address it prints, read by a thread (a pipe read with no timeout could hang)."""
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout], daemon=True).start()
        self.errors: list[str] = []  # what it says on stderr, read the same way
        if self.process.stderr is not None:
            threading.Thread(target=lambda: self.errors.extend(self.process.stderr), daemon=True).start()
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.2)
            except queue.Empty:
                if self.process.poll() is not None:
                    break
                continue
            said = json.loads(line)
            assert said == {"game": shown_path(str(game)), "resumed": game.exists(), "record": f"{said['watch']}#token={TOKEN}",
                            "watch": said["watch"]}
            return said["watch"]
        self.stop()
        time.sleep(0.2)  # the thread reading stderr takes its last lines
        raise AssertionError(f"the server did not start within the time allowed: {''.join(self.errors)}")

    @property
    def record_url(self) -> str:
        return f"{self.url}#token={TOKEN}"

    def get(self, path: str) -> dict:
        with urllib.request.urlopen(self.url.rstrip("/") + path, timeout=REQUEST_TIMEOUT) as response:
            return json.load(response)

    def post(self, path: str, body: dict, token: str | None = TOKEN, after: object = NOW) -> tuple[int, dict]:
        """A recording, decided from the state as it is now unless `after` says another."""
        after = self.get("/api/state")["version"] if after is NOW else after
        data = json.dumps({**body, "after": after} if after is not None else body).encode()
        request = urllib.request.Request(self.url.rstrip("/") + path, data=data, method="POST",
                                         headers={"Authorization": f"Bearer {token}"} if token else {})
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def kill(self) -> None:
        """SIGKILL: no chance to tidy anything up."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=REQUEST_TIMEOUT)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=REQUEST_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path / "night.hand")
    yield running
    running.stop()


def seated(server: Server, players: list[str] = PLAYERS) -> None:
    status, answer = server.post("/api/table", {"players": players, "limit": 20, "ante": 1})
    assert status == 200, answer


# --- the install ------------------------------------------------------------------------


def test_without_the_serve_extra_it_says_in_one_line_how_to_install_it(tmp_path):
    blocked = "import sys; sys.modules['uvicorn'] = None; sys.modules['starlette'] = None; sys.modules['segno'] = None; "
    result = subprocess.run([sys.executable, "-c", blocked + "from arbiter.cli import main; main(['serve'])"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "pip install 'arbiter[serve]'" in result.stderr
    assert not list(tmp_path.iterdir())  # no game file started


def test_the_core_install_does_not_pull_in_the_web_stack():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    web = re.compile(r"^(starlette|uvicorn|segno|playwright)\b")
    assert not [d for d in project["dependencies"] if web.match(d)]
    assert {re.split(r"\W", d)[0] for d in project["optional-dependencies"]["serve"]} == {"starlette", "uvicorn",
                                                                                          "segno"}
    assert any(d.startswith("arbiter[") and "serve" in d for d in project["optional-dependencies"]["test"])  # CI runs them
    # The table's session and the page's game are below the command line: no click, no web.
    probe = ("import sys, arbiter.live.session, arbiter.serve.game; "
             "print(sorted(m for m in ('click', 'starlette', 'uvicorn') if m in sys.modules))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert loaded.stdout.strip() == "[]", loaded.stderr


# --- recording --------------------------------------------------------------------------


def test_only_the_token_holder_records_and_anyone_may_watch(server):
    for token in (None, "a-wrong-token"):
        status, answer = server.post("/api/table", {"players": PLAYERS, "limit": 20, "ante": 1}, token=token)
        assert status == 401 and "token" in answer["error"]
    assert not server.game.exists() and server.get("/api/state")["table"] is None
    seated(server)
    for path, body in (("/api/event", {"event": {"type": "deal", "dealer": "Ann"}}), ("/api/line", {"line": "Ann deals"}),
                       ("/api/command", {"command": "undo", "arguments": []})):
        assert server.post(path, body, token="a-wrong-token")[0] == 401
    assert server.game.read_text(encoding="utf-8") == "players Ann Bob Cat Dan; limit 20; ante 1\n"
    assert server.get("/api/state")["table"]["players"] == PLAYERS


def test_the_token_is_held_only_as_a_bearer_token(server):
    """`Authorization: Bearer T` records; the token bare, or under another scheme, does not
    (the bare token was taken); the scheme's name is read in any case."""
    def role(authorization: str) -> bool:
        request = urllib.request.Request(server.url.rstrip("/") + "/api/role", headers={"Authorization": authorization})
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
            return bool(json.load(response)["recording"])
    assert role(f"Bearer {TOKEN}") and role(f"bearer {TOKEN}")
    assert not role(TOKEN) and not role(f"Basic {TOKEN}") and not role(f"Bearer{TOKEN}")


def test_every_event_is_checked_by_the_logs_schema_before_it_reaches_the_file(server):
    for table, said in (({"players": ["Ann"], "limit": 20, "ante": 1}, "players"),
                        ({"players": PLAYERS, "limit": "20; ante 1", "ante": 1}, "limit"),
                        ({"players": ["Ann", "Ann"], "limit": 20, "ante": 1}, "Ann"),
                        ({"players": PLAYERS, "limit": 20}, "ante")):
        status, answer = server.post("/api/table", table)
        assert status == 400 and said in answer["error"], (table, answer)
    assert not server.game.exists()
    assert server.post("/api/line", {"line": "x" * 70_000})[0] == 413
    seated(server)
    assert server.post("/api/event", {"event": {"type": "deal", "dealer": "Ann"}})[0] == 200
    before = server.game.read_text(encoding="utf-8")
    for event, said in (({"type": "ante", "player": "Bob", "amount": 0}, "amount"),
                        ({"type": "ante", "player": "Bob", "amount": 1, "chips": 2}, "chips"),
                        ({"type": "antes", "player": "Bob", "amount": 1}, "antes"),
                        ({"type": "ante", "player": "Zed", "amount": 1}, "Zed"),
                        ({"type": "show", "player": "Bob", "cards": ["Zz"]}, "Zz"),
                        ("Bob antes 1", "")):
        status, answer = server.post("/api/event", {"event": event})
        assert status == 400 and said in answer["error"], (event, answer)
    assert server.post("/api/line", {"line": "status"})[0] == 400  # commands have their own buttons
    # a key given twice, which makes a log invalid (SPEC §2): the last was taken silently and written
    version = server.get("/api/state")["version"]
    raw = f'{{"event": {{"type": "ante", "player": "Bob", "player": "Cat", "amount": 1}}, "after": {version}}}'
    request = urllib.request.Request(server.url.rstrip("/") + "/api/event", data=raw.encode(), method="POST",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT)
    assert refused.value.code == 400 and "a duplicate key 'player'" in json.load(refused.value)["error"]
    huge = f'{{"line": "Ann deals", "after": {version}, "x": {"9" * 5000}}}'  # JSON, but no number Python reads
    request = urllib.request.Request(server.url.rstrip("/") + "/api/line", data=huge.encode(), method="POST",
                                     headers={"Authorization": f"Bearer {TOKEN}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT)
    assert refused.value.code == 400 and "more digits than can be read" in json.load(refused.value)["error"]
    assert server.game.read_text(encoding="utf-8") == before
    # Well formed but not possible here: refused by the replay and kept as a comment, as at `table`.
    status, answer = server.post("/api/event", {"event": {"type": "dealt", "hands": {"Bob": 60}}})
    assert status == 200 and answer["taken"] is False
    assert server.game.read_text(encoding="utf-8").endswith("# refused: dealt Bob 60\n")
    assert answer["state"]["feed"][-1]["refused"] and answer["state"]["feed"][-1]["said"][0].startswith("refused: ")


def test_the_file_is_the_one_arbiter_table_writes_for_the_same_acts(server, tmp_path):
    seated(server)
    acts = [("/api/event", {"event": {"type": "deal", "dealer": "Ann"}}),
            ("/api/line", {"line": " Ann shuffles;  Dan cuts "}),
            ("/api/event", {"event": {"type": "ante", "player": "Bob", "amount": 1, "note": "a note -- with dashes"}}),
            ("/api/line", {"line": "Bob plys 2"}),
            ("/api/event", {"event": {"type": "dealt", "hands": {p: 5 for p in PLAYERS}}}),
            ("/api/command", {"command": "undo", "arguments": []}),
            ("/api/event", {"event": {"type": "dealt", "hands": {"Bob": 5, "Cat": 5, "Dan": 5, "Ann": 5}}}),
            ("/api/event", {"event": {"type": "open", "player": "Cat", "stake": 2}})]
    for path, body in acts:
        assert server.post(path, body)[0] == 200
    typed = ["Ann deals", "Ann shuffles;  Dan cuts", 'Bob antes 1 -- a note -- with dashes', "Bob plys 2",
             "dealt Ann 5, Bob 5, Cat 5, Dan 5", "undo", "dealt Bob 5, Cat 5, Dan 5, Ann 5", "Cat opens 2", "quit"]
    at_table = tmp_path / "table.hand"
    result = CliRunner().invoke(cli, ["table", str(at_table), "--players", ",".join(PLAYERS), "--limit", "20",
                                      "--ante", "1"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert server.game.read_text(encoding="utf-8") == at_table.read_text(encoding="utf-8")
    state = server.get("/api/state")
    assert state["next"] == "Dan's say: play (2 to 22) or pass"
    assert [a["label"] for a in state["acts"]] == ["Dan plays 2", "Dan plays 3 to 22 \u2026", "Dan passes"]
    assert state["to_act"] == ["Dan"]
    assert [s["stake"] for s in state["seats"]] == [0, 1, 2, 0] and state["game"]["pool"] == 3


def test_evidence_and_referee_are_answered_as_the_commands_answer_them(server):
    seated(server)
    for line in ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 5, Cat 5, Dan 5, Ann 5",
                 "Cat opens 2; Dan plays 2; Ann passes; Bob plays 2",
                 "Bob discards 3; Bob claims 3 dealer says 2 unable (Cat)"]:
        assert server.post("/api/line", {"line": line})[1]["taken"]
    _, answer = server.post("/api/command", {"command": "evidence", "arguments": []})
    said = "\n".join(answer["state"]["feed"][-1]["said"])
    alone = CliRunner().invoke(cli, ["evidence", "--players", ",".join(PLAYERS), "--dealer", "Ann",
                                     "--disputant", "Bob", "--unable", "Cat"]).output
    assert alone.startswith("The witness is Dan (L46).") and said == alone.rstrip("\n")
    _, answer = server.post("/api/command", {"command": "referee", "arguments": ["Ann", "Bob"]})
    alone = CliRunner().invoke(cli, ["referee", "--players", ",".join(PLAYERS), "--dealer", "Ann",
                                     "--disputants", "Ann,Bob"]).output
    assert "\n".join(answer["state"]["feed"][-1]["said"]) == alone.rstrip("\n")
    for word in ("quit", "help", "status"):  # the terminal's; the page shows the table and whose turn it is itself
        assert server.post("/api/command", {"command": word, "arguments": []})[0] == 400
    assert server.post("/api/command", {"command": "referee", "arguments": "Ann"})[0] == 400


def test_a_command_that_does_nothing_is_not_taken_and_says_why(server):
    """`taken` says of a command what it says of a line: whether the table took it. An
    `undo` with nothing to take back, or a command given wrongly, is said why, and not taken."""
    seated(server)
    written = server.game.read_text(encoding="utf-8")
    for command, arguments, why in (("undo", [], "nothing to undo"), ("undo", ["x"], "undo takes nothing after it"),
                                    ("evidence", [], "name the player who disputes")):
        status, answer = server.post("/api/command", {"command": command, "arguments": arguments})
        told = answer["state"]["feed"][-1]
        assert status == 200 and answer["taken"] is False and told["refused"] and why in " ".join(told["said"])
    assert server.game.read_text(encoding="utf-8") == written
    assert server.post("/api/line", {"line": "Ann deals"})[1]["taken"]
    status, answer = server.post("/api/command", {"command": "undo", "arguments": []})
    assert answer["taken"] is True and not answer["state"]["feed"][-1]["refused"]


def test_watchers_are_told_of_every_change_as_it_happens(server):
    seated(server)
    stream = urllib.request.urlopen(server.url + "api/events", timeout=REQUEST_TIMEOUT)
    try:
        def next_state() -> dict:
            while True:
                line = stream.readline().decode("utf-8")
                assert line, "the stream ended"
                if line.startswith("data: "):
                    return json.loads(line[len("data: "):])

        assert next_state()["feed"][-1]["what"] == "players Ann Bob Cat Dan; limit 20; ante 1"
        for line in ("Ann deals", "Ann shuffles"):
            server.post("/api/line", {"line": line})
            assert next_state()["feed"][-1]["what"] == line
    finally:
        stream.close()


def test_the_page_and_its_files_fetch_nothing_from_elsewhere(server):
    for path in ("", "page.js", "page.css"):
        with urllib.request.urlopen(server.url + path, timeout=REQUEST_TIMEOUT) as response:
            body = response.read().decode("utf-8")
            policy = response.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy
        assert not re.search(r"https?://|//[a-z]", body.replace("http://www.w3.org", "")), path
        assert "innerHTML" not in body and "insertAdjacentHTML" not in body and "document.write" not in body


def test_bound_to_loopback_it_answers_only_to_its_own_name(server):
    request = urllib.request.Request(server.url + "api/state", headers={"Host": "evil.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT)
    assert refused.value.code == 400


def test_a_game_file_it_cannot_keep_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "night.json").write_text("{}", encoding="utf-8")
    (tmp_path / "friday.hand").write_text("players Ann Bob Cat; limit 10; ante 1; house table-stakes\n", encoding="utf-8")
    (tmp_path / "loop.hand").symlink_to("round.hand")
    (tmp_path / "round.hand").symlink_to("loop.hand")
    (tmp_path / "gone.hand").symlink_to(tmp_path / "no-such-folder" / "x.hand")
    for args, said in ((["night.json"], "a JSON log"), (["night.hand", "--token", "short"], "at least 8"),
                       # a token the record address would not carry back as it is (& ends it, % escapes, a space)
                       (["night.hand", "--token", "abcd&efgh"], "each a letter, a digit or one of - _ . ~"),
                       ([".json"], "name it *.hand"),  # all suffix, as the readers take the name
                       # its first line names its house rules, as `arbiter table` and `check` read them
                       (["friday.hand", "--house", "blaze"], "friday.hand exists: resume it without --house"),
                       # as `arbiter table` refuses it: before the phones are given an address that cannot record
                       ([os.path.join("no-such-folder", "x.hand")], "cannot create the log: no folder no-such-folder"),
                       # a new game named *.json, which the page could never record (`arbiter table` refuses it)
                       (["new.json"], "the table keeps its log in the text notation: name it *.hand"),
                       # a link to no file: served as a new game, every recording then answered "File exists"
                       (["loop.hand"], "loop.hand: a link to no file"), (["gone.hand"], "gone.hand: a link to no file")):
        result = subprocess.run([sys.executable, "-m", "arbiter", "serve", *args, "--port", "0"], capture_output=True,
                                text=True, cwd=tmp_path, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
        assert result.returncode == 2 and said in result.stderr.splitlines()[-1], result.stderr
    assert not (tmp_path / "night.hand").exists()


def test_ctrl_c_stops_it_at_once_and_quietly_with_phones_watching(server):
    seated(server)
    streams = [urllib.request.urlopen(server.url + "api/events", timeout=REQUEST_TIMEOUT) for _ in range(2)]
    try:
        for stream in streams:
            assert stream.readline().startswith(b"retry: ")
        server.process.send_signal(signal.SIGINT)
        assert server.process.wait(timeout=REQUEST_TIMEOUT) == 0
        for stream in streams:
            assert stream.read().startswith(b"event: state")  # the stream ended, not cut off
    finally:
        for stream in streams:
            stream.close()
    time.sleep(0.2)  # the thread reading stderr takes its last lines
    assert server.errors == []


def test_a_line_that_holds_a_line_break_is_refused_and_the_file_still_reads(server):
    seated(server)
    before = server.game.read_text(encoding="utf-8")
    status, answer = server.post("/api/line", {"line": "Ann deals\n0"})  # found by tests/test_serve_fuzz.py
    assert status == 400 and answer["error"] == "one line at a time: this one holds a line break"
    assert server.game.read_text(encoding="utf-8") == before
    for posted in ({"a": 1}, 7, None, ["Ann deals"]):  # no line at all: refused, and nothing written
        status, answer = server.post("/api/line", {"line": posted})
        assert status == 400 and answer["error"] == "line: give a line of the notation, as text"
    assert server.game.read_text(encoding="utf-8") == before


def test_a_line_that_is_no_text_is_refused_as_the_table_refuses_it(server):
    """A lone surrogate (JSON's "\\ud800") is no text a file can hold: the line is read with
    '?' for it and refused, kept as a comment, as `arbiter table` does (found by
    tests/test_serve_fuzz.py: the comment could not be written, an internal error)."""
    seated(server)
    status, answer = server.post("/api/line", {"line": "\ud800"})
    assert status == 200 and answer["taken"] is False
    assert server.game.read_text(encoding="utf-8").endswith("# refused: ?\n")


# --- each act recorded once -------------------------------------------------------------


def test_an_act_decided_from_a_state_the_game_has_left_is_refused_with_409_and_nothing_written(server):
    seated(server)
    version = server.get("/api/state")["version"]
    assert server.post("/api/line", {"line": "Ann deals"}, after=version)[0] == 200
    written = server.game.read_text(encoding="utf-8")
    status, answer = server.post("/api/line", {"line": "Ann deals"}, after=version)  # a retry, or a second device
    assert status == 409 and answer["error"].startswith("another device recorded first")
    assert answer["state"] == server.get("/api/state")  # the game as it stands, to be shown
    assert server.game.read_text(encoding="utf-8") == written
    for after in (None, "1", True):  # a recording that does not say which state it was decided from
        status, answer = server.post("/api/command", {"command": "undo", "arguments": []}, after=after)
        assert status == 400 and '"after"' in answer["error"], (after, answer)
    for after in (version + 10_000, -1):  # no state the game has been in: bad input, not another device's recording
        status, answer = server.post("/api/command", {"command": "undo", "arguments": []}, after=after)
        assert status == 400 and "is no version this game has had" in answer["error"], (after, answer)
    assert server.game.read_text(encoding="utf-8") == written


def test_two_devices_sending_the_same_act_at_once_record_it_once(server):
    seated(server)
    server.post("/api/line", {"line": "Ann deals; Ann shuffles; Dan cuts; Bob antes 1"})
    version = server.get("/api/state")["version"]
    answers: list[int] = []
    go = threading.Barrier(4)

    def tap() -> None:
        go.wait(timeout=REQUEST_TIMEOUT)
        answers.append(server.post("/api/line", {"line": "dealt Bob 5, Cat 5, Dan 5, Ann 5"}, after=version)[0])

    devices = [threading.Thread(target=tap) for _ in range(4)]
    for device in devices:
        device.start()
    for device in devices:
        device.join(timeout=REQUEST_TIMEOUT)
    assert sorted(answers) == [200, 409, 409, 409]
    assert server.game.read_text(encoding="utf-8").count("dealt Bob 5") == 1


def test_the_version_names_the_same_game_across_a_restart(tmp_path):
    game = tmp_path / "night.hand"
    server = Server(game)
    try:
        seated(server)
        server.post("/api/line", {"line": "Ann deals"})
        before = server.get("/api/state")
        server.kill()
        server = Server(game, server.port)
        after = server.get("/api/state")
        assert after["version"] == before["version"] == len(game.read_text(encoding="utf-8"))
        assert after["epoch"] != before["epoch"]
        assert server.post("/api/line", {"line": "Ann shuffles"}, after=before["version"])[0] == 200  # nothing moved
        assert server.post("/api/line", {"line": "Ann shuffles"}, after=before["version"])[0] == 409
    finally:
        server.stop()


# --- the engine's answer, and the question a ruling waits for -----------------------------

DISPUTED = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1; Cat straddles 2", "dealt Bob 5, Cat 5, Dan 5, Ann 5",
            "Dan opens 4; Ann plays 4; Bob plays 4; Cat plays 4", "Bob discards 2; Bob gets 2",
            "Cat discards 3; Cat gets 2", "Cat claims 3 dealer says 2 unable (Bob)"]


def test_the_state_is_the_engines_answer_with_each_stake_bounded(server):
    seated(server)
    for line in DISPUTED[:2]:
        assert server.post("/api/line", {"line": line})[1]["taken"]
    state = server.get("/api/state")
    told = subprocess.run([sys.executable, "-m", "arbiter", "next", str(server.game), "--format", "json"],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert state["answer"] == json.loads(told.stdout)
    assert [(a["label"], a.get("minimum"), a.get("maximum")) for a in state["acts"]] == [
        ("Dan opens 4", None, None), ("Dan opens 5 to 22 \u2026", 5, 22), ("Dan passes", None, None)]
    assert state["next"] == "Dan's say: open (4 to 22) or pass"
    assert state["question"] is None and state["owed"] == []


def test_a_win_recorded_while_hands_are_due_marks_no_winner_until_the_last_show(server):
    """Reading 44: a win recorded at the show with hands still due ends the game only where
    the log ends there; the page, whose answer is that the hands are shown next, marked
    Dan *wins* at his recorded win, and Cat once the shows gave her the pool."""
    seated(server)
    for line in ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt", "Cat opens 2; Dan plays 2; Ann passes",
                 "Bob passes", "Cat discards 0; Dan discards 0", "Cat plays 2; Dan plays 2", "Dan wins"]:
        assert server.post("/api/line", {"line": line})[1]["taken"], line
    state = server.get("/api/state")
    assert state["next"] == ("the hands are shown: Cat shows or passes; or Bob deals the next game, which ends "
                             "this one as it stands")
    assert [seat["name"] for seat in state["seats"] if seat["winner"]] == []
    for line in ["Cat shows (Kh Kd 2c 3d 4s)", "Dan shows (Qh Qd 2s 3c 4d)"]:
        assert server.post("/api/line", {"line": line})[1]["taken"], line
    assert [seat["name"] for seat in server.get("/api/state")["seats"] if seat["winner"]] == ["Cat"]


def test_the_acts_of_the_turn_are_the_answers_acts_and_the_rest_go_under_or(server):
    """SPEC item 28: the page says only what the answer says, in its two lists. Dan, the
    jack-pot opener left alone, is to show (L33); the next deal and a recorded win, also
    his, are among the answer's `others`, so they go under "Or:", not beside the show."""
    seated(server)
    for line in ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 5, Cat 5, Dan 5, Ann 5",
                 "Cat passes; Dan passes; Ann passes; Bob passes",
                 "Bob deals; Bob shuffles; Ann cuts; Cat antes 1; Dan antes 1; Ann antes 1; Bob antes 1",
                 "dealt Cat 5, Dan 5, Ann 5, Bob 5", "Cat passes; Dan opens 2; Ann passes; Bob passes"]:
        assert server.post("/api/line", {"line": line})[1]["taken"]
        state = server.get("/api/state")
        for other, listed in ((False, state["answer"]["acts"]), (True, state["answer"]["others"])):
            assert {a["type"] for a in listed} == {a["event"]["type"] for a in state["acts"] if a["other"] is other}
    assert [a["event"]["type"] for a in state["acts"] if not a["other"]] == ["show"]
    assert {a["event"]["type"] for a in state["acts"] if a["other"]} >= {"deal", "win"}


def test_the_witnesss_number_is_asked_before_anything_else_and_the_make_good_follows(server, tmp_path):
    seated(server)
    for line in DISPUTED:
        assert server.post("/api/line", {"line": line})[1]["taken"]
    state = server.get("/api/state")
    assert state["question"] == {"of": "Dan", "about": "Cat", "law": "L46", "least": 0, "most": 5}
    assert state["next"] == "what number did Dan hear Cat ask for? (L46)" and state["acts"] == []
    assert state["drawing"] == "Cat"  # the dispute form starts at the draw just made
    for number in (-1, 6, "3", True, None):
        assert server.post("/api/answer", {"number": number})[0] == 400
    status, answer = server.post("/api/answer", {"number": 3})
    assert status == 200 and answer["taken"]
    state = answer["state"]
    assert state["question"] is None and state["next"] == "Ann gives Cat 1 card"
    assert state["owed"] == ["Ann owes Cat 1 card (L43)"]  # the make-good the dealer owes
    assert [a["label"] for a in state["acts"]] == ["Cat gets 1"]
    assert any("Dan's evidence decides: 3 cards demanded" in line for line in state["feed"][-1]["said"])
    assert server.post("/api/answer", {"number": 3})[0] == 400  # no ruling waits for a number now
    # The file is the one `arbiter table` writes when the number is typed alone.
    at_table = tmp_path / "table.hand"
    typed = [*DISPUTED, "3", "quit"]
    result = CliRunner().invoke(cli, ["table", str(at_table), "--players", ",".join(PLAYERS), "--limit", "20",
                                      "--ante", "1"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert server.game.read_text(encoding="utf-8") == at_table.read_text(encoding="utf-8")


def test_the_dealer_standing_pat_is_said_so_and_gives_himself_nothing(server):
    seated(server)
    for line in ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 5, Cat 5, Dan 5, Ann 5",
                 "Cat opens 2; Dan passes; Ann plays 2; Bob plays 2", "Bob discards 1; Bob gets 1",
                 "Cat discards 1; Cat gets 1"]:
        assert server.post("/api/line", {"line": line})[1]["taken"]
    acts = server.get("/api/state")["acts"]
    assert acts[0]["label"] == "Ann stands pat"
    status, answer = server.post("/api/event", {"event": acts[0]["event"]})
    assert status == 200 and answer["taken"]
    assert server.game.read_text(encoding="utf-8").endswith("\nAnn stands pat\n")
    assert not [a for a in answer["state"]["acts"] if a["event"]["type"] == "give"]
    assert answer["state"]["next"].startswith("Cat to bet")  # the draw is over: the betting is next
    assert answer["state"]["game"]["phase"] == "the betting after the draw"  # as the engine says (SPEC 28)


# --- the table's set-up ---------------------------------------------------------------------


def test_a_correction_keeps_what_the_first_line_says_of_the_players_still_seated(tmp_path):
    """docs/serve.md: nothing written is lost. The stacks and pronouns the first line gives
    stay with the players still seated when the limit is corrected."""
    game = tmp_path / "night.hand"
    game.write_text("players Ann Bob Cat; limit 10; ante 1; pronouns Ann she; stacks Ann 20, Bob 6, Cat 20\n",
                    encoding="utf-8")
    server = Server(game, 0)
    try:
        status, _ = server.post("/api/table", {"players": ["Ann", "Bob", "Cat"], "limit": 12, "ante": 1})
        assert status == 200
        assert game.read_text(encoding="utf-8").splitlines()[0].split("  # ")[0] == (
            "players Ann Bob Cat; limit 12; ante 1; pronouns Ann she; stacks Ann 20, Bob 6, Cat 20")
    finally:
        server.stop()


@pytest.mark.parametrize("head, corrected", [
    # the table over several lines: each old line kept as a comment, none said twice
    ("players Ann Bob Cat Dan; limit 20; ante 11\npronouns Ann she, Bob he\nstacks Ann 30, Bob 40, Cat 50, Dan 60\n",
     "players Ann Bob Cat Dan; limit 20; ante 1; pronouns Ann she, Bob he; stacks Ann 30, Bob 40, Cat 50, Dan 60"
     "  # the table corrected; it was: players Ann Bob Cat Dan; limit 20; ante 11\n"
     "# the table corrected; it was: pronouns Ann she, Bob he\n"
     "# the table corrected; it was: stacks Ann 30, Bob 40, Cat 50, Dan 60\n"),
    # meta first, as `arbiter convert --to text` writes it, over several lines: kept where it was
    ('meta {\n  "date": "2026-12-04"\n}\nplayers Ann Bob Cat Dan; limit 20; ante 11\n',
     'meta {\n  "date": "2026-12-04"\n}\nplayers Ann Bob Cat Dan; limit 20; ante 1'
     "  # the table corrected; it was: players Ann Bob Cat Dan; limit 20; ante 11\n"),
    # meta between the table's lines
    ('players Ann Bob Cat Dan\nmeta {"date": "2026-12-04"}\nlimit 20; ante 11\n',
     "players Ann Bob Cat Dan; limit 20; ante 1  # the table corrected; it was: players Ann Bob Cat Dan\n"
     'meta {"date": "2026-12-04"}\n# the table corrected; it was: limit 20; ante 11\n'),
])
def test_a_table_however_it_is_written_is_corrected_into_one_line(tmp_path, head, corrected):
    """docs/serve.md: the corrected table is written whole, the old kept as a comment, every
    other line as it was: a table said over several lines, and `meta` on one line or
    several before or between them, as the notation allows."""
    from arbiter.rulebook.loader import load_rulebook
    from arbiter.serve.game import ServedGame

    game = tmp_path / "night.hand"
    game.write_text(head + "Ann deals\n", encoding="utf-8")
    served = ServedGame(game, load_rulebook())
    try:
        served.set_table(["Ann", "Bob", "Cat", "Dan"], 20, 1)
    finally:
        served.close()
    assert game.read_text(encoding="utf-8") == corrected + "Ann deals\n"


def test_the_pages_rulings_are_worded_in_the_pronouns_the_header_gives(tmp_path):
    """`table.pronouns` are for the rulings' words, on the page as in `check` (it said "they")."""
    from arbiter.rulebook.loader import load_rulebook
    from arbiter.serve.game import ServedGame

    game = tmp_path / "night.hand"
    game.write_text("players Ann Bob Cat Dan; limit 20; ante 1; pronouns Bob he\n"
                    "Ann deals; Ann shuffles; Dan cuts; Bob antes 1\n", encoding="utf-8")
    served = ServedGame(game, load_rulebook())
    try:
        served.record_line("dealt Bob 4, Cat 5, Dan 5, Ann 5")
        served.record_line("Bob lifts")
        ruled, = served.state()["rulings"]
    finally:
        served.close()
    assert "   \u2192 Bob's hand is foul: he retires and forfeits his stake" in ruled["lines"], ruled


@pytest.mark.parametrize("line, said", [("undo\t# oops", "'undo' is a command: use its button"),
                                        ("undo#oops", "'undo' is a command: use its button"),
                                        # the table's own commands: the page has no button for them
                                        ("status", "'status' is a command of `arbiter table`, not of the page"),
                                        ("quit", "'quit' is a command of `arbiter table`, not of the page"),
                                        # the table's answer to a ruling's question: the page asks it its own way
                                        ("3 # heard three", "a number alone answers the question a ruling asks")])
def test_a_command_typed_as_a_line_with_a_comment_is_a_command_still(tmp_path, line, said):
    """The page's commands have their buttons: `undo\t# oops` was recorded as a line (a
    take-back the feed did not say). The table's others were sent to a button the page
    does not have."""
    from arbiter.errors import LogSchemaError
    from arbiter.rulebook.loader import load_rulebook
    from arbiter.serve.game import ServedGame

    game = tmp_path / "night.hand"
    game.write_text("players Ann Bob Cat; limit 10; ante 1\nAnn deals\n", encoding="utf-8")
    served = ServedGame(game, load_rulebook())
    try:
        with pytest.raises(LogSchemaError, match=re.escape(said)):
            served.record_line(line)
    finally:
        served.close()
    assert game.read_text(encoding="utf-8") == "players Ann Bob Cat; limit 10; ante 1\nAnn deals\n"


def test_a_correction_moves_no_line_so_an_undos_note_still_names_its_line(server):
    """The old table was kept under the new, a line of its own: every later line moved down
    one, and `undo  # takes back line 3: dealt` then named `Ann deals …`, line 3."""
    server.post("/api/table", {"players": PLAYERS, "limit": 10, "ante": 1})
    server.post("/api/line", {"line": "Ann deals; Ann shuffles; Dan cuts; Bob antes 1"})
    server.post("/api/line", {"line": "dealt"})
    assert server.post("/api/command", {"command": "undo", "arguments": []})[0] == 200
    before = server.game.read_text(encoding="utf-8").splitlines()
    assert before[3].startswith("undo  # takes back line 3: dealt")
    assert server.post("/api/table", {"players": ["Ann", "Bob", "Dan"], "limit": 10, "ante": 1})[0] == 200
    after = server.game.read_text(encoding="utf-8").splitlines()
    assert after[1:] == before[1:] and after[2] == "dealt"  # line 3, as the note says
    assert after[0] == "players Ann Bob Dan; limit 10; ante 1  # the table corrected; it was: " + before[0]


def test_the_table_is_corrected_until_the_first_card_and_the_file_still_reads(server, tmp_path):
    status, answer = server.post("/api/table", {"players": ["Ann", "Bob", "Cat"], "limit": 20, "ante": 11})
    assert status == 200
    warning, = answer["state"]["setup"]["warnings"]
    assert "An ante of 11 is more than 0.5 of the limit of 20" in warning and "[L19:" in warning
    assert answer["state"]["feed"][-1]["said"] == [warning]
    server.post("/api/line", {"line": "Ann deals; Ann shuffles; Cat cuts; Bob antes 11"})
    planted = tmp_path / ".night.hand.correcting"  # a file of the name a correction once used, someone's
    planted.write_text("not the game's", encoding="utf-8")
    refused = server.post("/api/table", {"players": ["Ann", "Cat", "Dan"], "limit": 20, "ante": 1})
    assert refused[0] == 400 and "Bob" in refused[1]["error"]  # the lines after it must still read
    status, answer = server.post("/api/table", {"players": PLAYERS, "limit": 30, "ante": 11})
    assert status == 200 and answer["state"]["setup"] == {"correctable": True, "warnings": []}
    assert server.game.read_text(encoding="utf-8") == (
        "players Ann Bob Cat Dan; limit 30; ante 11  # the table corrected; it was: players Ann Bob Cat; limit 20; ante 11\n"
        "Ann deals; Ann shuffles; Cat cuts; Bob antes 11\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".night.hand.correcting", "night.hand"]  # none left
    assert planted.read_text(encoding="utf-8") == "not the game's"  # nor anything there removed
    assert server.post("/api/table", {"players": PLAYERS, "limit": 30, "ante": 11})[0] == 400  # nothing to correct
    server.post("/api/line", {"line": "card to Bob"})
    status, answer = server.post("/api/table", {"players": PLAYERS, "limit": 40, "ante": 11})
    assert status == 400 and "a card is dealt" in answer["error"]
    assert server.get("/api/state")["setup"] == {"correctable": False, "warnings": []}
    server.stop()  # the file goes on at `arbiter table`, as any game file does
    result = CliRunner().invoke(cli, ["table", str(server.game)], input="card to Cat\nquit\n")
    assert result.exit_code == 0 and "refused" not in result.output, result.output


def test_the_antes_share_of_the_limit_is_the_rule_books_with_the_house_rules(tmp_path):
    house = tmp_path / "quarter.yaml"
    house.write_text("parameters: {max_ante_fraction_of_limit: 0.25}\n", encoding="utf-8")
    server = Server(tmp_path / "night.hand", 0, "--house", str(house))
    try:
        status, answer = server.post("/api/table", {"players": PLAYERS, "limit": 20, "ante": 6})
        assert status == 200
        assert "more than 0.25 of the limit of 20" in answer["state"]["setup"]["warnings"][0]
        header = "players Ann Bob Cat Dan; limit 20; ante 6; house quarter.yaml\n"  # from the game's folder
        assert server.game.read_text(encoding="utf-8") == header  # as `arbiter table --house` writes it
        server.kill()
        server = Server(server.game, server.port)  # resumed with no --house: the header's rules are in force
        assert "more than 0.25 of the limit of 20" in server.get("/api/state")["setup"]["warnings"][0]
    finally:
        server.stop()


def test_a_stake_no_rule_bounds_is_offered_as_so_many_or_more(tmp_path):
    """SPEC 28: the page says what `next` says: with D1 switched off no most bounds a
    stake, and its button reads "3 or more", not the largest number a log may hold."""
    house = tmp_path / "no-limit.yaml"
    house.write_text("disable: [D1]\n", encoding="utf-8")
    server = Server(tmp_path / "night.hand", 0, "--house", str(house))
    try:
        seated(server)
        for line in ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt"]:
            assert server.post("/api/line", {"line": line})[1]["taken"]
        state = server.get("/api/state")
        assert state["next"] == "Cat's say: open (2 or more) or pass"
        assert [a["label"] for a in state["acts"]] == ["Cat opens 2", "Cat opens 3 or more \u2026", "Cat passes"]
    finally:
        server.stop()


# --- after a restart ---------------------------------------------------------------------


def test_after_a_restart_the_feed_tells_the_game_as_it_was_told(tmp_path):
    game = tmp_path / "night.hand"
    server = Server(game)
    try:
        seated(server)
        for line in ["Ann deals; Ann shuffles; Bob antes 1", "card to Bob", "Bob pases", "Dan points out uncut"]:
            server.post("/api/line", {"line": line})
        server.post("/api/command", {"command": "undo", "arguments": []})
        server.post("/api/line", {"line": "Dan points out uncut"})
        told = server.get("/api/state")["feed"]
        server.kill()
        server = Server(game, server.port)
        retold = server.get("/api/state")["feed"]
    finally:
        server.stop()
    assert [item["what"] for item in retold] == [item["what"] for item in told] + ["resumed"]
    assert [item["said"] for item in retold[1:-1]] == [item["said"] for item in told[1:]]  # refusals, rulings, undo
    assert [item["refused"] for item in retold] == [False, False, False, True, False, False, False, False]


# --- who records, and watching by scanning ------------------------------------------------------


def test_a_page_learns_whether_its_token_is_this_games(server):
    def role(token: str | None) -> bool:
        request = urllib.request.Request(server.url + "api/role",
                                         headers={"Authorization": f"Bearer {token}"} if token else {})
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
            return json.load(response)["recording"]

    assert role(TOKEN) is True
    assert role(None) is False and role("not-" + TOKEN) is False


HALF_BLOCKS = {" ": (1, 1), "\u2580": (0, 1), "\u2584": (1, 0), "\u2588": (0, 0)}  # (top, bottom): 1 dark


def test_the_watch_address_is_printed_as_a_qr_code_and_served_as_one(tmp_path):
    from arbiter.serve.app import watch_code

    process = subprocess.Popen([sys.executable, "-m", "arbiter", "serve", "night.hand", "--port", "0", "--token",
                                TOKEN], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                               env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line.rstrip("\n")) for line in process.stdout], daemon=True).start()
        said = [lines.get(timeout=START_TIMEOUT) for _ in range(3)]
        watch = said[2].removeprefix("watch: ")
        assert said[1] == f"record (this device only): {watch}#token={TOKEN}"
        expected = [tuple(int(m) for m in row) for row in watch_code(watch).matrix_iter(border=4)]
        drawn = [lines.get(timeout=START_TIMEOUT) for _ in range((len(expected) + 1) // 2)]
        rows = [row for line in drawn for row in zip(*(HALF_BLOCKS[c] for c in line))]
        assert rows[:len(expected)] == expected  # the code holds the watch address, and no token
        with urllib.request.urlopen(watch + "watch.svg", timeout=REQUEST_TIMEOUT) as response:
            assert response.headers["Content-Type"].startswith("image/svg+xml")
            assert "default-src 'none'" in response.headers["Content-Security-Policy"]
            svg = response.read().decode("utf-8")
        assert svg.startswith("<?xml") and "<svg" in svg and TOKEN not in svg
        with urllib.request.urlopen(watch + "api/watch", timeout=REQUEST_TIMEOUT) as response:
            assert json.load(response) == {"watch": watch}
    finally:
        process.terminate()
        process.wait(timeout=REQUEST_TIMEOUT)


def test_listening_on_every_address_it_prints_one_the_phones_can_open(tmp_path):
    server = Server(tmp_path / "night.hand", 0, "--host", "0.0.0.0")
    try:
        assert "0.0.0.0" not in server.url
        assert server.get("/api/state")["table"] is None
    finally:
        server.stop()


def test_the_line_field_takes_the_words_players_say(server):
    seated(server)
    said = ["Ann deals; Ann shuffles; Dan cuts; Bob antes 1", "dealt Bob 5, Cat 5, Dan 5, Ann 5", "Cat bets 2",
            "Dan raises 2", "Ann calls", "Bob folds", "Cat calls", "Cat draws 3", "Cat gets 3", "Dan stands pat",
            "Ann draws 1", "Ann gets 1", "Cat stands"]
    for line in said:
        status, answer = server.post("/api/line", {"line": line})
        assert status == 200 and answer["taken"], (line, answer["state"]["feed"][-1])
    # SPEC 28: a line whose words took a stake or a meaning from the game is written as the
    # engine read them, the words kept as a comment; the others as said
    assert server.game.read_text(encoding="utf-8").splitlines()[1:] == [
        *said[:2], "Cat opens 2  # Cat bets 2", "Dan plays 4  # Dan raises 2", "Ann plays 4  # Ann calls", "Bob folds",
        "Cat plays 4  # Cat calls", *said[7:12], "Cat plays 4  # Cat stands"]
    state = server.get("/api/state")
    assert [s["stake"] for s in state["seats"]] == [4, 1, 4, 4]
    assert state["next"].startswith("Dan to bet")


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="a file name of any bytes is Linux's")
def test_a_game_file_named_in_bytes_not_utf_8_is_served_and_named_in_words(tmp_path):
    """The page's state names the game file: a name whose bytes are not UTF-8 could not be
    encoded, and the server ended in an internal error before it listened."""
    game = tmp_path / os.fsdecode(b"g_\xfb.hand")
    server = Server(game)
    try:
        assert server.get("/api/state")["file"] == "g_\\xfb.hand"
        assert server.post("/api/table", {"players": PLAYERS, "limit": 10, "ante": 1})[0] == 200
    finally:
        server.stop()
    assert game.read_text(encoding="utf-8").startswith("players Ann Bob Cat Dan")
