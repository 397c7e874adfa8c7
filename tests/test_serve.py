"""`arbiter serve` without a browser: the real command in a process of its own, on a free
port of 127.0.0.1, asked over HTTP as a phone asks it. The file it keeps is the one
`arbiter table` writes for the same acts; only the token's holder records; every event
is checked by the log's schema; the page's files fetch nothing from elsewhere."""

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

import pytest
from click.testing import CliRunner

from arbiter.cli import cli
from tests.conftest import REPO

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

TOKEN = "the-recording-token"
START_TIMEOUT = 20.0
REQUEST_TIMEOUT = 10.0
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


class Server:
    """`arbiter serve GAME --port PORT --token TOKEN` in a process of its own."""

    def __init__(self, game: Path, port: int = 0, *extra: str) -> None:
        self.game = game
        self.process = subprocess.Popen(
            [sys.executable, "-m", "arbiter", "serve", str(game), "--port", str(port), "--token", TOKEN,
             "--format", "json", *extra],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=game.parent,
            env={**os.environ, "PYTHONPATH": str(REPO)})
        self.url = self._url(game)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def _url(self, game: Path) -> str:
        """The address it prints, read by a thread (a pipe read with no timeout could hang)."""
        lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout], daemon=True).start()
        self.errors: list[str] = []  # what it says on stderr, read the same way
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
            assert said == {"game": str(game), "resumed": game.exists(), "record": f"{said['watch']}#token={TOKEN}",
                            "watch": said["watch"]}
            return said["watch"]
        self.stop()
        raise AssertionError("the server did not start within the time allowed")

    @property
    def record_url(self) -> str:
        return f"{self.url}#token={TOKEN}"

    def get(self, path: str) -> dict:
        with urllib.request.urlopen(self.url.rstrip("/") + path, timeout=REQUEST_TIMEOUT) as response:
            return json.load(response)

    def post(self, path: str, body: dict, token: str | None = TOKEN) -> tuple[int, dict]:
        request = urllib.request.Request(self.url.rstrip("/") + path, data=json.dumps(body).encode(), method="POST",
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
    blocked = "import sys; sys.modules['uvicorn'] = None; sys.modules['starlette'] = None; "
    result = subprocess.run([sys.executable, "-c", blocked + "from arbiter.cli import main; main(['serve'])"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "pip install 'arbiter[serve]'" in result.stderr
    assert not list(tmp_path.iterdir())  # no game file started


def test_the_core_install_does_not_pull_in_the_web_stack():
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    web = re.compile(r"^(starlette|uvicorn|playwright)\b")
    assert not [d for d in project["dependencies"] if web.match(d)]
    assert {re.split(r"\W", d)[0] for d in project["optional-dependencies"]["serve"]} == {"starlette", "uvicorn"}
    assert any(d.startswith("arbiter[") and "serve" in d for d in project["optional-dependencies"]["test"])  # CI runs them
    # The table's session and the page's game are below the command line: no click, no web.
    probe = ("import sys, arbiter.table.session, arbiter.serve.game; "
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
    assert server.game.read_text(encoding="utf-8") == before
    # Well formed but not possible here: refused by the replay and kept as a comment, as at `table`.
    status, answer = server.post("/api/event", {"event": {"type": "discard", "player": "Bob", "count": 9}})
    assert status == 200 and answer["taken"] is False
    assert server.game.read_text(encoding="utf-8").endswith("# refused: Bob discards 9\n")
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
    assert [a["label"] for a in state["acts"]] == ["Dan plays 2", "Dan plays \u2026", "Dan passes"]
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
    assert server.post("/api/command", {"command": "quit", "arguments": []})[0] == 400
    assert server.post("/api/command", {"command": "referee", "arguments": "Ann"})[0] == 400


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

        assert next_state()["feed"][-1]["what"] == "a new table"
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
    for args, said in ((["night.json"], "a JSON log"), (["night.hand", "--token", "short"], "at least 8")):
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
