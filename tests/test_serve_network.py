"""`arbiter serve` under load and on a network (issue 20, item 5).

Idle and half-sent connections are closed, and at the cap a new connection takes the
place of the one idle longest, so that more idle connections than the process has files
never lock the recording device out; what the server logs is one line, once a second at
most, and never waited for (a full pipe on standard error stops nothing, SIGTERM
included); watchers are capped (503 beyond) and each state goes to every one of them;
every bind checks the `Host` (the bound address's names and localhost, and the names
allowed); a bind off this machine says in one line that the token crosses the network in
clear, and `--tls` serves HTTPS; names are printed without terminal escapes.

The timeouts are tried on a server in this process with a limit of half a second (the
real one is ten); the rest on the real command. Nothing here times how fast anything is:
every wait is a bound on a wait for something to happen."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import json
import logging
import os
import queue
import resource
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.test_serve import PLAYERS, REQUEST_TIMEOUT, TOKEN, Server, seated

pytest.importorskip("uvicorn")
from arbiter.escapes import printable  # noqa: E402
from arbiter.rulebook.loader import load_rulebook  # noqa: E402
from arbiter.serve.app import create_app  # noqa: E402
from arbiter.serve.game import ServedGame  # noqa: E402
from arbiter.serve.server import FILES_KEPT, IN_FLIGHT, ROOM, Limits, uvicorn_server  # noqa: E402
from arbiter.serve.terminal import OneLine  # noqa: E402

WATCHERS = 6  # the watchers' cap of a server given a low file limit (below)
FILE_LIMIT = FILES_KEPT + IN_FLIGHT + ROOM + WATCHERS


def low_file_limit() -> None:
    """In the server's process, before it starts: a file limit it cannot raise."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))


def connected(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=REQUEST_TIMEOUT)


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed this connection (whatever it answered first)."""
    try:
        while sock.recv(65536):
            pass
    except ConnectionResetError:
        pass
    return True


def is_closed_now(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(65536) == b""
    except BlockingIOError:
        return False
    except ConnectionResetError:
        return True
    finally:
        sock.setblocking(True)


def get(url: str, host: str | None = None, context: ssl.SSLContext | None = None) -> int:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT, context=context) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def stream(url: str) -> tuple[socket.socket, bytes]:
    """A watcher's stream opened by hand: the socket, and the head with the first state
    (or with the refusal's body)."""
    host, port = url.removeprefix("http://").strip("/").rsplit(":", 1)
    sock = socket.create_connection((host, int(port)), timeout=REQUEST_TIMEOUT)
    sock.sendall(f"GET /api/events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
    received = b""
    while b"\r\n\r\n" not in received:
        received += sock.recv(65536)
    head, _, body = received.partition(b"\r\n\r\n")
    if head.startswith(b"HTTP/1.1 200"):
        while b"\n\n" not in body:
            body += sock.recv(65536)
    else:
        length = int(head.lower().split(b"content-length: ")[1].split(b"\r\n")[0])
        while len(body) < length:
            body += sock.recv(65536)
    return sock, head + b"\r\n\r\n" + body


# --- timeouts and the cap, on a server in this process --------------------------------------


class InProcess:
    """The served app on uvicorn as `arbiter serve` runs it, in a thread, with `limits`."""

    def __init__(self, folder: Path, limits: Limits) -> None:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self.app = create_app(ServedGame(folder / "night.hand", load_rulebook()), TOKEN, self.url, limits=limits)
        self.server = uvicorn_server(self.app, limits)
        self.running: queue.Queue[asyncio.AbstractEventLoop] = queue.Queue()
        self.thread = threading.Thread(target=asyncio.run, args=(self.serve(),), daemon=True)
        self.thread.start()
        self.loop = self.running.get(timeout=REQUEST_TIMEOUT)
        deadline = time.monotonic() + REQUEST_TIMEOUT
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.01)

    async def serve(self) -> None:
        self.running.put(asyncio.get_running_loop())
        await self.server.serve(sockets=[self.listener])

    def post(self, path: str, body: dict) -> int:
        with urllib.request.urlopen(self.url + "api/state", timeout=REQUEST_TIMEOUT) as response:
            version = json.load(response)["version"]
        request = urllib.request.Request(self.url + path.lstrip("/"), json.dumps({**body, "after": version}).encode(),
                                         {"Authorization": f"Bearer {TOKEN}"}, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=REQUEST_TIMEOUT) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def stop(self) -> None:
        """As Ctrl-C stops it: the streams ended, then the server."""
        self.loop.call_soon_threadsafe(self.app.state.broadcast.close)
        self.server.should_exit = True
        self.thread.join(REQUEST_TIMEOUT)


@pytest.fixture
def quick(tmp_path):
    """A server that gives a request half a second to arrive."""
    served = InProcess(tmp_path, Limits(connections=12, watchers=4, slow=0.5))
    yield served
    served.stop()


@pytest.fixture
def capped(tmp_path):
    """A server of 12 connections, 4 of them watching, that waits a minute for a request."""
    served = InProcess(tmp_path, Limits(connections=12, watchers=4, slow=60))
    yield served
    served.stop()


def test_a_connection_that_sends_nothing_or_half_a_request_is_closed(quick):
    silent = connected(quick.port)
    half_head = connected(quick.port)
    half_head.sendall(b"GET /api/state HTTP/1.1\r\nHost: 127.0.0.1\r\nAcc")
    half_body = connected(quick.port)
    half_body.sendall(b"POST /api/line HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer " + TOKEN.encode()
                      + b"\r\nContent-Length: 100\r\n\r\n{\"line\": ")
    answered = connected(quick.port)  # kept alive after its answer, then idle
    answered.sendall(b"GET /api/role HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    assert answered.recv(65536).startswith(b"HTTP/1.1 200")
    for sock in (silent, half_head, answered):
        assert closed_by_server(sock)
    said = b""
    while piece := half_body.recv(65536):  # answered 408, then closed
        said += piece
    assert said.startswith(b"HTTP/1.1 408") and b"did not arrive whole within 0.5 s" in said
    assert quick.post("/api/table", {"players": PLAYERS, "limit": 20, "ante": 1}) == 200


def test_at_the_cap_a_new_connection_takes_the_place_of_the_one_idle_longest(capped):
    watchers = [stream(capped.url) for _ in range(4)]
    idle = [connected(capped.port) for _ in range(40)]  # past the cap of 12: the oldest make room
    assert capped.post("/api/table", {"players": PLAYERS, "limit": 20, "ante": 1}) == 200  # the recorder gets in
    assert all(is_closed_now(sock) for sock in idle[:20])
    for sock, _ in watchers:  # the watchers were never the ones to go, and each hears of the table
        received = b""
        while b'"players"' not in received:
            received += sock.recv(65536)
        sock.close()


def test_watchers_beyond_the_cap_are_answered_503(capped):
    watchers = [stream(capped.url) for _ in range(4)]
    assert all(head.startswith(b"HTTP/1.1 200") for _, head in watchers)
    _, head = stream(capped.url)
    assert head.startswith(b"HTTP/1.1 503") and b"4 phones are watching" in head
    watchers[0][0].close()  # one goes: another may come
    deadline = time.monotonic() + REQUEST_TIMEOUT
    while (head := stream(capped.url)[1]).startswith(b"HTTP/1.1 503") and time.monotonic() < deadline:
        time.sleep(0.05)
    assert head.startswith(b"HTTP/1.1 200")


# --- the real command, at a low file limit -------------------------------------------------------


def test_more_idle_connections_than_the_file_limit_never_lock_the_recorder_out(tmp_path):
    server = Server(tmp_path / "night.hand", 0, preexec_fn=low_file_limit)
    idle: list[socket.socket] = []
    try:
        for _ in range(FILE_LIMIT + 100):  # the listen queue holds what is not accepted yet
            idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=REQUEST_TIMEOUT))
        seated(server)
        for line in ["Ann deals", "Ann shuffles", "Dan cuts"]:
            assert server.post("/api/line", {"line": line})[0] == 200
        assert server.game.read_text(encoding="utf-8").endswith("Dan cuts\n")
    finally:
        for sock in idle:
            sock.close()
        server.stop()
    time.sleep(0.2)  # the thread reading stderr takes its last lines
    assert not [line for line in server.errors if "Traceback" in line or "File " in line]
    assert len(server.errors) <= 3, server.errors


def test_each_new_state_reaches_every_watcher_alike(tmp_path):
    server = Server(tmp_path / "night.hand", 0, preexec_fn=low_file_limit)
    try:
        watchers = [stream(server.url)[0] for _ in range(WATCHERS)]
        _, refused = stream(server.url)
        assert refused.startswith(b"HTTP/1.1 503")
        assert json.loads(refused.partition(b"\r\n\r\n")[2]) == {
            "error": f"{WATCHERS} phones are watching, the most this server takes: try again later"}
        seated(server)
        states = []
        for sock in watchers:
            received = b""
            while b'"players"' not in received:
                received += sock.recv(65536)
            states.append(received[received.rindex(b"event: state"):].split(b"\n\n")[0])
            sock.close()
        assert len(set(states)) == 1
        assert json.loads(states[0].split(b"data: ", 1)[1]) == server.get("/api/state")
    finally:
        server.stop()


# --- what it logs ------------------------------------------------------------------------------


def full_pipe() -> tuple[int, int]:
    """A pipe whose buffer is full: a blocking write to it waits for ever."""
    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, fcntl.F_SETFL, os.O_NONBLOCK)
    try:
        while True:
            os.write(write_end, b"x" * 65536)
    except BlockingIOError:
        pass
    fcntl.fcntl(write_end, fcntl.F_SETFL, 0)
    return read_end, write_end


def not_http(port: int, count: int) -> None:
    """`count` requests that are not HTTP: each makes uvicorn log a warning."""
    for _ in range(count):
        with socket.create_connection(("127.0.0.1", port), timeout=REQUEST_TIMEOUT) as sock:
            sock.sendall(b"NOT HTTP AT ALL\r\n\r\n")
            closed_by_server(sock)


def test_a_full_pipe_on_standard_error_stops_nothing_sigterm_included(tmp_path):
    read_end, write_end = full_pipe()
    try:
        server = Server(tmp_path / "night.hand", 0, stderr=write_end)
        not_http(server.port, 20)
        seated(server)  # still answering
        server.process.send_signal(signal.SIGTERM)
        assert server.process.wait(timeout=REQUEST_TIMEOUT) == -signal.SIGTERM
    finally:
        os.close(read_end)
        os.close(write_end)


def test_a_repeated_error_is_one_line_not_one_a_request(tmp_path):
    """The server's own log, end to end: 200 requests that are not HTTP are not 200 lines
    (how many there are is the clock's: the next test counts them on a clock of its own)."""
    server = Server(tmp_path / "night.hand")
    not_http(server.port, 200)
    server.stop()
    time.sleep(0.2)  # the thread reading stderr takes its last lines
    assert server.errors, "the first is written"
    assert len(server.errors) < 200, server.errors
    assert all(line.startswith("arbiter serve: Invalid HTTP request received.") for line in server.errors)


def test_the_same_error_is_written_once_a_second_at_most_and_says_how_many_were_left_out(monkeypatch):
    """On a clock the test moves: the same message 300 times in 3 seconds is 3 lines, each
    after the first saying how many like it were left out since."""
    now = [100.0]
    monkeypatch.setattr("arbiter.serve.terminal.time.monotonic", lambda: now[0])
    read_end, write_end = os.pipe()
    handler = OneLine(write_end)
    record = logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, "Invalid HTTP request received.",
                               None, None)
    for _ in range(300):
        handler.emit(record)
        now[0] += 0.01
    os.close(write_end)
    with os.fdopen(read_end, encoding="utf-8") as written:
        lines = written.read().splitlines()
    assert lines == ["arbiter serve: Invalid HTTP request received.",
                     "arbiter serve: Invalid HTTP request received. (and 99 more like it)",
                     "arbiter serve: Invalid HTTP request received. (and 99 more like it)"]
    assert handler.left_out["Invalid HTTP request received."] == 99  # said with the next one


def test_a_logged_exception_is_one_line_without_its_traceback():
    read_end, write_end = os.pipe()
    handler = OneLine(write_end)
    try:
        raise OSError(24, "Too many open files")
    except OSError as error:
        record = logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "socket.accept() out of system resource\n"
                                   "socket: <asyncio.TransportSocket fd=3>", None, (OSError, error, error.__traceback__))
    for _ in range(1000):
        handler.emit(record)
    os.close(write_end)
    with os.fdopen(read_end, encoding="utf-8") as written:
        assert written.read() == ("arbiter serve: socket.accept() out of system resource: OSError: [Errno 24] "
                                  "Too many open files\n")
    assert handler.left_out["socket.accept() out of system resource"] == 999  # said with the next one


# --- names: the Host check, --allow-host, 0.0.0.0, --tls ------------------------------------


def test_every_bind_answers_to_its_own_names_and_localhost_only(tmp_path):
    server = Server(tmp_path / "night.hand", 0, "--host", "127.0.0.1", "--allow-host", "poker.example")
    try:
        state = server.url + "api/state"
        assert get(state, "evil.example") == 400
        assert get(state, f"evil.example:{server.port}") == 400
        for name in (None, f"localhost:{server.port}", "LOCALHOST", "127.0.0.1", "poker.example",
                     f"poker.example:{server.port}"):
            assert get(state, name) == 200, name
    finally:
        server.stop()
    assert server.errors == []  # on the machine's own address: nothing said of the network


def test_on_every_address_the_token_is_said_to_cross_the_network_in_clear_and_other_names_refused(tmp_path):
    server = Server(tmp_path / "night.hand", 0, "--host", "0.0.0.0")
    try:
        assert get(server.url + "api/state") == 200  # the address printed, this machine's on its network
        assert get(server.url + "api/state", "evil.example") == 400
        assert get(f"http://127.0.0.1:{server.port}/api/state") == 200
    finally:
        server.stop()
    assert [line.strip() for line in server.errors] == [
        "arbiter serve: the recording token crosses the room's network in clear (plain HTTP), for anyone on it to "
        "read and record with; --tls CERT KEY serves HTTPS"]


@pytest.fixture
def certificate(tmp_path):
    """A club's own certificate for 127.0.0.1, made as docs/serve.md says."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "825", "-subj", "/CN=arbiter",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-addext", "extendedKeyUsage=serverAuth",
                    "-keyout", str(tmp_path / "key.pem"), "-out", str(tmp_path / "cert.pem")],
                   check=True, capture_output=True, timeout=60)
    return tmp_path / "cert.pem", tmp_path / "key.pem"


def test_tls_serves_https_and_nothing_crosses_in_clear(tmp_path, certificate):
    cert, key = certificate
    server = Server(tmp_path / "night.hand", 0, "--host", "0.0.0.0", "--tls", str(cert), str(key))
    try:
        assert server.url.startswith("https://") and server.record_url.startswith("https://")
        trusted = ssl.create_default_context(cafile=str(cert))  # as a phone that trusts the club's certificate
        url = f"https://127.0.0.1:{server.port}/api/state"
        assert get(url, context=trusted) == 200
        with pytest.raises(OSError):  # plain HTTP is not answered
            urllib.request.urlopen(f"http://127.0.0.1:{server.port}/api/state", timeout=REQUEST_TIMEOUT)
    finally:
        server.stop()
    assert server.errors == []


def test_a_certificate_that_cannot_serve_is_one_line_and_exit_2(tmp_path, certificate):
    cert, key = certificate
    other = tmp_path / "other"
    other.mkdir()
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=x",
                    "-keyout", str(other / "key.pem"), "-out", str(other / "cert.pem")],
                   check=True, capture_output=True, timeout=60)
    (tmp_path / "garbage.pem").write_text("not a certificate\n", encoding="utf-8")
    subprocess.run(["openssl", "pkey", "-in", str(key), "-aes256", "-passout", "pass:secret", "-out",
                    str(tmp_path / "locked.pem")], check=True, capture_output=True, timeout=60)
    # OpenSSL's "PEM lib" says none of the three
    unread = "a file not in pem form, the two given in the wrong order (--tls cert key), or a key locked by a passphrase"
    for pair, said in (((cert, other / "key.pem"), "key values mismatch"),
                       ((tmp_path / "missing.pem", key), "no such file"),
                       ((tmp_path / "garbage.pem", key), unread),
                       ((cert, tmp_path / "locked.pem"), unread),
                       ((key, cert), unread)):
        result = subprocess.run([sys.executable, "-m", "arbiter", "serve", "night.hand", "--port", "0", "--tls",
                                 *map(str, pair)], capture_output=True, text=True, cwd=tmp_path, timeout=60,
                                env={**os.environ, "PYTHONPATH": str(REPO)})
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert "--tls: cannot serve HTTPS with" in result.stderr and said in result.stderr.lower(), result.stderr


# --- names printed ------------------------------------------------------------------------------

ESCAPED = "\x1b]0;owned\x07\x1b[2J\x1b[31mnight\x9b1m\x1b]8;;http://x\x1b\\.hand\x1bc"


def test_terminal_escapes_are_taken_out_of_what_is_printed():
    assert printable(ESCAPED) == "night.hand"
    assert printable("a\nb\tc\x00d\x7f") == "a b cd"
    assert printable("\x1bPdevice control\x1b\\ok \x90dcs\x9cfine \x1b(Bcharset") == "ok fine charset"
    assert printable("Ann, Bob, Zoë: 5 €") == "Ann, Bob, Zoë: 5 €"


def test_the_names_it_prints_hold_no_terminal_escapes(tmp_path):
    (tmp_path / Path(ESCAPED).parent).mkdir()  # the name holds a `/`: its folder, which a new game is kept in
    process = subprocess.Popen([sys.executable, "-m", "arbiter", "serve", ESCAPED, "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=tmp_path,
                               env={**os.environ, "PYTHONPATH": str(REPO)})
    try:
        assert process.stdout.readline() == "arbiter serve: night.hand (a new game)\n"
        process.stdout.readline()
        watch = process.stdout.readline().strip().removeprefix("watch: ")
        deadline = time.monotonic() + REQUEST_TIMEOUT
        while time.monotonic() < deadline:  # serving: Ctrl-C now stops it, rather than its start
            with contextlib.suppress(OSError):
                assert get(watch + "api/role") == 200
                break
            time.sleep(0.05)
    finally:
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=REQUEST_TIMEOUT)
    assert out.splitlines()[-1] == "arbiter serve: stopped; every act is saved in night.hand"
    (tmp_path / "\x1b[2Jbad\x1b]0;x\x07.json").write_text("{}", encoding="utf-8")
    for args in (["\x1b[2Jbad\x1b]0;x\x07.json"], ["night.hand", "--host", "\x1b[31mno.such.host.invalid"],
                 ["night.hand", "--house", "\x1b]0;x\x07missing.yaml"]):
        result = subprocess.run([sys.executable, "-m", "arbiter", "serve", *args, "--port", "0"], capture_output=True,
                                text=True, cwd=tmp_path, timeout=60, env={**os.environ, "PYTHONPATH": str(REPO)})
        assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
        assert "\x1b" not in result.stderr and "\x07" not in result.stderr, result.stderr


def test_a_file_limit_too_low_to_serve_is_one_line_and_exit_2(tmp_path):
    def too_low() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT - WATCHERS, FILE_LIMIT - WATCHERS))

    result = subprocess.run([sys.executable, "-m", "arbiter", "serve", "night.hand", "--port", "0"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60, preexec_fn=too_low,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert result.returncode == 2
    assert result.stderr == (f"arbiter: the file limit (ulimit -n) is {FILE_LIMIT - WATCHERS}: serving needs at "
                             f"least {FILE_LIMIT - WATCHERS + 1}\n")
