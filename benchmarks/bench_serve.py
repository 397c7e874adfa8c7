"""How long `arbiter serve` takes to record an act while many phones watch (a script, not a test).

It starts `arbiter serve` on a free port of 127.0.0.1, records the first part of a
shipped game (the table, then its acts), opens W watching streams (`GET /api/events`, as
many phones' pages do), and records the rest one act at a time, as the recording phone
does (`POST /api/line`). For each act it times the answer to the recording device, and
the time until every watching stream has received the new state. Two paces: each act
sent once every phone has the last one (`paced`), and each act sent the moment the last
one is answered (`back to back`: a recording then arrives while the last state is still
going out to every phone). The recording device is a process of its own; the streams are
read by one asyncio client in this process; both share the machine with the server.

    python3 benchmarks/bench_serve.py [--watchers 500] [--acts 30] [--game cases/text/...hand]
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import multiprocessing.connection
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "the-benchmark-token"
GAME = ROOT / "cases" / "text" / "game-show-five-players-show-for-a-sum.hand"
EVENT = b"event: state\n"


def acts_of(game: Path) -> tuple[dict[str, object], list[str]]:
    """A text log's table (players, limit, ante) and its lines after it, one act each."""
    lines = game.read_text(encoding="utf-8").splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("players "))
    fields = dict(part.strip().split(" ", 1) for part in lines[head].split(";"))
    table = {"players": fields["players"].split(), "limit": int(fields["limit"]), "ante": int(fields["ante"])}
    return table, [line for line in lines[head + 1:] if line.strip() and not line.startswith("#")]


async def request(port: int, method: str, path: str, body: dict[str, object] | None = None) -> dict[str, object]:
    """One HTTP/1.1 request on a connection of its own; the JSON answered."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = json.dumps(body).encode() if body is not None else b""
    writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {TOKEN}\r\n"
                 f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\nConnection: close\r\n\r\n"
                 .encode() + data)
    answer = await reader.read()
    writer.close()
    head, _, text = answer.partition(b"\r\n\r\n")
    if b" 200 " not in head.split(b"\r\n")[0]:
        raise SystemExit(f"{method} {path}: {head.splitlines()[0].decode()} {text[:200]!r}")
    return dict(json.loads(text))


def recorder(port: int, orders: multiprocessing.connection.Connection) -> None:
    """The recording device: for each order (lines, version), the lines recorded one after
    another, each the moment the last is answered; it sends back the times taken and the
    version reached."""
    while (order := orders.recv()) is not None:
        lines, version = order
        times = []
        for line in lines:
            began = time.perf_counter()
            connection = http.client.HTTPConnection("127.0.0.1", port)
            connection.request("POST", "/api/line", json.dumps({"line": line, "after": version}),
                               {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"})
            answer = connection.getresponse()
            said = json.load(answer)
            times.append(time.perf_counter() - began)
            connection.close()
            if answer.status != 200:
                raise SystemExit(f"POST /api/line {line!r}: {answer.status} {said}")
            version = said["state"]["version"]
        orders.send((times, version))


class Watcher:
    """One phone's stream: it counts the states received, and wakes whoever waits for a count."""

    def __init__(self) -> None:
        self.states = 0
        self.waiting: tuple[int, asyncio.Future[float]] | None = None
        self.tail = b""

    async def open(self, port: int) -> bool:
        """Connects and reads the first state; False if the server refused the stream."""
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write(b"GET /api/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try:
            head = await self.reader.readuntil(b"\r\n\r\n")
        except (asyncio.IncompleteReadError, ConnectionError):  # closed unanswered: no room
            head = b""
        if b" 200 " not in head.split(b"\r\n")[0]:
            self.writer.close()
            return False
        while self.states == 0:
            self.take(await self.reader.read(1 << 16))
        return True

    def take(self, data: bytes) -> None:
        if not data:
            raise SystemExit("a watching stream was closed by the server")
        seen = self.tail + data
        self.states += seen.count(EVENT)
        self.tail = seen[-len(EVENT) + 1:]
        if self.waiting and self.states >= self.waiting[0] and not self.waiting[1].done():
            self.waiting[1].set_result(time.perf_counter())

    async def read(self) -> None:
        while True:
            self.take(await self.reader.read(1 << 16))

    def until(self, count: int) -> asyncio.Future[float]:
        """When this stream has received `count` states (now, if it has)."""
        done: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        if self.states >= count:
            done.set_result(time.perf_counter())
        self.waiting = (count, done)
        return done


async def run(port: int, watchers: int, game: Path, acts: int) -> None:
    table, lines = acts_of(game)
    state = await request(port, "GET", "/api/state")
    answer = await request(port, "POST", "/api/table", {**table, "after": state["version"]})
    for line in lines[:-2 * acts]:  # the game so far, recorded before the phones come: a state as large as late on
        answer = await request(port, "POST", "/api/line", {"line": line, "after": answer["state"]["version"]})
    started = time.perf_counter()
    streams = [Watcher() for _ in range(watchers)]
    opened = await asyncio.gather(*(stream.open(port) for stream in streams))
    watching = [stream for stream, ok in zip(streams, opened) if ok]
    print(f"{len(watching)} streams open in {time.perf_counter() - started:.1f} s"
          f"{f'; {watchers - len(watching)} refused' if len(watching) < watchers else ''}")
    readers = [asyncio.create_task(stream.read()) for stream in watching]
    state = await request(port, "GET", "/api/state")
    version = int(state["version"])
    print(f"the state: {len(json.dumps(state, ensure_ascii=False).encode())} bytes of JSON")
    lines = lines[-2 * acts:]
    orders, device = multiprocessing.Pipe()
    process = multiprocessing.Process(target=recorder, args=(port, device))
    process.start()
    loop = asyncio.get_running_loop()

    async def record(sent: list[str]) -> list[float]:
        """The lines recorded by the device, back to back; the time each took to be answered."""
        nonlocal version
        orders.send((sent, version))
        times, version = await loop.run_in_executor(None, orders.recv)
        return list(times)

    answered, everyone = [], []
    for line in lines[:acts]:
        counts = [stream.states + 1 for stream in watching]
        began = time.perf_counter()
        answered += await record([line])
        arrivals = [stream.until(count) for stream, count in zip(watching, counts)]
        everyone.append(max(await asyncio.gather(*arrivals), default=time.perf_counter()) - began)
    print(f"paced: {acts} acts; answered in {summary(answered)}; every phone has it in {summary(everyone)}")
    counts = [stream.states + 1 for stream in watching]
    answered = await record(lines[acts:])
    await asyncio.gather(*(stream.until(count) for stream, count in zip(watching, counts)))
    print(f"back to back: {acts} acts; answered in {summary(answered)}")
    orders.send(None)
    process.join()
    for task in readers:
        task.cancel()


def summary(seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    return f"median {statistics.median(ms):.1f} ms, 90% {ms[int(len(ms) * 0.9)]:.1f} ms, max {ms[-1]:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--watchers", type=int, default=500)
    parser.add_argument("--acts", type=int, default=30, help="acts recorded at each pace")
    parser.add_argument("--game", type=Path, default=GAME, help="a text log whose acts are recorded")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [sys.executable, "-m", "arbiter", "serve", "bench.hand", "--port", "0", "--token", TOKEN,
             "--format", "json"], cwd=folder, stdout=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        try:
            assert server.stdout is not None
            port = int(json.loads(server.stdout.readline())["watch"].rsplit(":", 1)[1].strip("/"))
            print(f"arbiter serve, {args.watchers} watchers, {os.cpu_count()} cores, Python {sys.version.split()[0]}")
            asyncio.run(run(port, args.watchers, args.game, args.acts))
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
