"""Random requests thrown at `arbiter serve`'s app (hypothesis): any method, path, header
and body (random JSON, numbers too large for any field or for JSON itself, the wrong
types, `after` missing or wrong, a token wrong or none, bytes that are no JSON), on a new
game or on one resumed from a shipped game's first lines, most often the game's own next
acts so that the game moves on. The app answers each with a status below 500 and never
raises (which uvicorn would log as a traceback) nor logs an error; a recording's answer
is JSON; the state it serves is the game's as it stands; and the game file stays a log
that `arbiter check` reads.

The app is called as uvicorn calls it (an ASGI scope, the body, then a disconnect), in one
event loop, with no network. `pytest -m slow tests/test_serve_fuzz.py` searches harder."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from arbiter.checker import check_file
from arbiter.errors import LogError
from arbiter.notation import parse_checked
from arbiter.resources import cases_dir
from arbiter.rulebook.loader import load_rulebook

pytest.importorskip("starlette")
from arbiter.serve.app import create_app  # noqa: E402
from arbiter.serve.game import ServedGame  # noqa: E402

CI_EXAMPLES, SLOW_EXAMPLES = 100, 3000
TOKEN = "the-recording-token"
NOW = "now"  # stands for the version of the state when the request is sent
RULEBOOK = load_rulebook()
RECORDING = ["/api/table", "/api/event", "/api/line", "/api/answer", "/api/command"]
PATHS = ["/", "/page.js", "/page.css", "/favicon.ico", "/api/state", "/api/forms", "/api/events", "/api/role",
         "/api/watch", "/watch.svg", *RECORDING]
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
Request = tuple[str, str, dict[str, str], bytes]  # method, path, headers, body


def shipped_games() -> list[list[str]]:
    """Each shipped text log's lines from its table on, white lines and comments left out."""
    games = []
    for path in sorted((cases_dir() / "text").glob("*.hand")):
        lines = path.read_text(encoding="utf-8").splitlines()
        head = next(i for i, line in enumerate(lines) if line.startswith("players "))
        games.append([line for line in lines[head:] if line.strip() and not line.startswith("#")])
    return games


GAMES = shipped_games()
ACTS = [line for game in GAMES for line in game[1:]]
EVENTS = [event for path in sorted(cases_dir().glob("game-*.json"))
          for event in json.loads(path.read_text(encoding="utf-8"))["events"]]

any_text = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()),
                   max_size=40)  # surrogates too: JSON's \ud800 arrives as one
leaves = st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=10 ** 18, max_value=10 ** 400),
                   st.floats(), any_text, st.sampled_from(NAMES))
json_values = st.recursive(leaves, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                           st.dictionaries(any_text, inner, max_size=4)),
                           max_leaves=10)


@st.composite
def events(draw: st.DrawFn) -> Any:
    """A shipped event, or one with a field changed to anything, or anything."""
    event = dict(draw(st.sampled_from(EVENTS)))
    if draw(st.booleans()):
        field = draw(st.sampled_from([*event, "type", "player", "count", "amount"]))
        event[field] = draw(json_values)
    return draw(st.one_of(st.just(event), json_values))


def table_of(header: str) -> dict[str, Any]:
    """The players, limit and ante of a text log's first line."""
    fields = dict(part.strip().split(" ", 1) for part in header.split(";"))
    return {"players": fields["players"].split(), "limit": int(fields["limit"]), "ante": int(fields["ante"])}


@st.composite
def recordings(draw: st.DrawFn, game: list[str], count: int) -> Request:
    """A recording as the page sends it, most often right (the game's own next acts, `after`
    now, the token), and now and then any field of it anything. (Hypothesis starts from the
    simplest choices: each choice's simplest is the page's own.)"""
    coming = game[count:count + 6] or game[-1:]
    table = table_of(game[0])
    lines = st.one_of(st.sampled_from(coming), st.sampled_from(coming), st.sampled_from(ACTS), any_text,
                      st.builds(lambda a, b: a + "\n" + b, st.sampled_from(coming), st.sampled_from(ACTS)), json_values)
    fields = {
        "/api/table": {"players": st.one_of(st.just(table["players"]), st.lists(st.sampled_from(NAMES), max_size=11),
                                            json_values),
                       "limit": st.one_of(st.just(table["limit"]), st.integers(-5, 10 ** 10), json_values),
                       "ante": st.one_of(st.just(table["ante"]), st.integers(-5, 10 ** 10), json_values)},
        "/api/event": {"event": events()},
        "/api/line": {"line": lines},
        "/api/answer": {"number": st.one_of(st.integers(0, 5), st.integers(0, 5), json_values)},
        "/api/command": {"command": st.one_of(st.sampled_from(["undo", "evidence", "referee"]), json_values),
                         "arguments": st.one_of(st.lists(st.sampled_from(table["players"]), max_size=3), json_values)},
    }
    path = draw(st.sampled_from(RECORDING if count else ["/api/table", *RECORDING]))
    if path == "/api/table" and not draw(st.booleans()):  # a table that stands, or a correction that may
        body = {**table, "ante": draw(st.sampled_from([table["ante"], table["ante"] + 1]))}
    else:
        body = {name: draw(value) for name, value in fields[path].items() if draw(st.integers(0, 9)) < 9}
    if draw(st.integers(0, 6)) < 6:
        body["after"] = draw(st.one_of(st.just(NOW), st.just(NOW), st.just(NOW), json_values))
    if draw(st.integers(0, 4)) == 4:
        body.update(draw(st.dictionaries(any_text, json_values, max_size=2)))
    token = draw(st.sampled_from([TOKEN] * 6 + ["", TOKEN + "x", TOKEN[:-1]]))
    headers = {"host": "127.0.0.1:8000", "content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    return "POST", path, headers, json.dumps(body).encode()


@st.composite
def anything(draw: st.DrawFn) -> Request:
    """Any request at all: method, path, headers, body."""
    method = draw(st.one_of(st.sampled_from(["GET", "POST", "PUT", "DELETE", "HEAD", "OPTIONS", "PATCH"]),
                            st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8)))
    path = draw(st.one_of(st.sampled_from(PATHS), st.text(max_size=20).map(lambda p: "/" + p)))
    latin = st.text(st.characters(max_codepoint=255), max_size=30)
    headers = draw(st.dictionaries(st.text("abcdefghijklmnopqrstuvwxyz-", min_size=1, max_size=12), latin,
                                   max_size=3))
    headers.setdefault("host", draw(st.one_of(st.just("127.0.0.1:8000"), st.just("localhost"), latin)))
    if draw(st.booleans()):
        headers["authorization"] = draw(st.sampled_from([f"Bearer {TOKEN}", TOKEN, "Bearer", "Basic eA=="]))
    body = draw(st.one_of(st.binary(max_size=200), json_values.map(lambda v: json.dumps(v).encode()),
                          st.just(b'{"after": 1' + b"0" * 5000 + b"}"),  # no JSON reader takes it as a number
                          st.just(b'{"line": "Ann deals", "after": ' + b"9" * 400 + b"}"),
                          st.just(b"[" * 10_000 + b"]" * 10_000)))
    return method, path, headers, body


@st.composite
def scenarios(draw: st.DrawFn) -> tuple[str, list[Request]]:
    """A game file (none, or a shipped game's first lines) and the requests thrown at it."""
    game = draw(st.sampled_from(GAMES))
    count = draw(st.integers(0, len(game)))
    prefix = "".join(line + "\n" for line in game[:count])
    if prefix:
        try:
            parse_checked(prefix, "the prefix")
        except LogError:
            assume(False)
    thrown = st.one_of(recordings(game, count), recordings(game, count), recordings(game, count), anything())
    return prefix, draw(st.lists(thrown, min_size=1, max_size=8))


async def call(app: Any, method: str, path: str, headers: dict[str, str], body: bytes) -> tuple[int, bytes]:
    """The request as uvicorn hands it to the app: its scope, its body, then a disconnect."""
    scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
             "method": method, "scheme": "http", "path": path, "raw_path": path.encode("utf-8", "replace"),
             "query_string": b"", "root_path": "", "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000),
             "headers": [(name.encode("latin-1"), value.encode("latin-1")) for name, value in headers.items()]}
    incoming = [{"type": "http.request", "body": body, "more_body": False}]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


class Kept(logging.Handler):
    """The errors logged (asyncio's, of a task that failed unseen), kept to be looked at."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def throw(prefix: str, requests: list[Request]) -> None:
    logged = Kept()
    logging.getLogger().addHandler(logged)
    with TemporaryDirectory() as folder:
        path = Path(folder) / "night.hand"
        if prefix:
            path.write_text(prefix, encoding="utf-8")
        game = ServedGame(path, RULEBOOK)
        app = create_app(game, TOKEN, "http://127.0.0.1:8000/")
        loop = asyncio.new_event_loop()
        try:
            for method, where, headers, body in requests:
                body = body.replace(json.dumps(NOW).encode(), str(game.version).encode())
                status, answer = loop.run_until_complete(call(app, method, where, headers, body))
                assert status < 500, (method, where, body[:200], answer[:300])
                if method == "POST" and where in RECORDING and status != 405:
                    said = json.loads(answer)
                    assert "state" in said or "error" in said
                assert json.loads(app.state.broadcast.json) == game.state()  # served as it stands
        finally:
            loop.close()
            game.close()
            logging.getLogger().removeHandler(logged)
        assert not logged.records, [record.getMessage() for record in logged.records]
        if path.exists():
            assert check_file(path, RULEBOOK)["status"] != "invalid", path.read_text(encoding="utf-8")


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


@fuzz(CI_EXAMPLES)
@given(scenarios())
def test_no_request_gets_an_internal_error_or_spoils_the_game_file(scenario):
    throw(*scenario)


@pytest.mark.slow
@fuzz(SLOW_EXAMPLES)
@given(scenarios())
def test_no_request_gets_an_internal_error_or_spoils_the_game_file_searched_harder(scenario):
    throw(*scenario)


def test_a_body_nested_deeper_than_the_json_parser_goes_is_refused_not_an_internal_error():
    """Found by the slow run: `[[[[…]]]]` some thousands deep made json.loads raise
    RecursionError, which reached the client as a 500."""
    headers = {"host": "127.0.0.1:8000", "content-type": "application/json", "authorization": f"Bearer {TOKEN}"}
    for path in sorted(RECORDING):
        throw("", [("POST", path, headers, b"[" * 10_000 + b"]" * 10_000),  # within MAX_BODY
                   ("POST", path, headers, b'{"a":' * 5_000 + b"1" + b"}" * 5_000)])
