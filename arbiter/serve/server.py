"""uvicorn, as `arbiter serve` runs it: open to a room's phones, and kept open for the one
that records.

A phone that connects and sends nothing, or half a request, holds a connection and one of
the process's files; enough of them (a thousand, at the usual file limit of 1,024) and no
one else can connect, the recording device included, while asyncio's accept loop logs a
traceback for each refused connection, thousands a second. So:

- a connection must send a whole request's head within `Limits.slow` seconds of opening,
  or of its last answer (uvicorn's own keep-alive timeout starts only after a first
  answer, and stops at the first byte received); the app reads a body within the same
  time (`app.py`);
- connections are capped below the file limit, with room for more than the watchers: at
  the cap, a new connection takes the place of the one that has waited longest without a
  request in progress (an idle or half-sent one), so the recording device always gets in;
  the watching streams are capped by the app (503 beyond), well under this cap;
- what uvicorn and asyncio log goes out in one line, once a second at most, and is never
  waited for (`terminal.OneLine`);
- uvicorn's own settings do the rest: the listen backlog, which also bounds asyncio's
  accept loop, the graceful shutdown's time, HTTPS from a certificate and key files.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import socket
import ssl
from dataclasses import dataclass
from types import FrameType
from typing import Iterator

import uvicorn
from starlette.applications import Starlette
from uvicorn.protocols.http.h11_impl import H11Protocol

from arbiter.errors import ArbiterError
from arbiter.escapes import printable
from arbiter.serve.terminal import OneLine

MAX_WATCHERS = 500  # phones watching at once; the 501st is answered 503
ROOM = 64  # connections beyond the watchers': pages loading, the recording device, a state asked for
FILES_KEPT = 32  # files the process holds besides its connections (the game file, the loop's own, …)
BACKLOG = 128  # connections waiting to be accepted; asyncio accepts as many in one go
IN_FLIGHT = 2 * BACKLOG  # files of connections accepted in one go, and of those closed in the last, not yet let go
SLOW = 10.0  # seconds a request may take to arrive, its head and then its body
LOGGERS = ("uvicorn", "asyncio")


@dataclass(frozen=True)
class Limits:
    """How much the server takes: connections at once, watching streams among them, and the
    seconds a request may take to arrive."""

    connections: int = MAX_WATCHERS + ROOM
    watchers: int = MAX_WATCHERS
    slow: float = SLOW


def limits_here() -> Limits:
    """The limits this process can keep: its file limit is raised as far as it may be
    (`ulimit -Hn`), and connections are capped under it, with room for the backlog
    accepted at once; raises `ArbiterError` where it is too low to serve."""
    try:
        import resource
    except ImportError:  # pragma: no cover - no file limit to read on this platform
        return Limits()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = Limits().connections + FILES_KEPT + IN_FLIGHT
    if soft != resource.RLIM_INFINITY and soft < wanted:
        soft = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    connections = min(Limits().connections, soft - FILES_KEPT - IN_FLIGHT)
    if connections - ROOM < 1:
        raise ArbiterError(f"the file limit (ulimit -n) is {soft}: serving needs at least "
                           f"{FILES_KEPT + IN_FLIGHT + ROOM + 1}")
    return Limits(connections, min(MAX_WATCHERS, connections - ROOM))


# OpenSSL's reasons for a certificate or key it cannot read as PEM, or a key a passphrase locks
UNREADABLE_PEM = frozenset({"PEM_LIB", "BAD_DECRYPT", "NO_START_LINE", "BAD_BASE64_DECODE", "BAD_PASSWORD_READ"})


def tls_checked(cert: str, key: str) -> None:
    """Raises `ArbiterError`, in one line, if the certificate and key cannot serve HTTPS: a
    file missing, not PEM, a key that is not the certificate's, or one locked by a
    passphrase (uvicorn would ask for it on the terminal; it is refused here instead)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    try:
        context.load_cert_chain(cert, key, password=lambda: b"")
    except (OSError, ssl.SSLError) as exc:
        reason = exc.reason if isinstance(exc, ssl.SSLError) and exc.reason else exc.strerror or exc
        said = str(reason).replace('_', ' ').lower()
        if reason in UNREADABLE_PEM or "PEM lib" in str(reason):  # OpenSSL's words say neither which nor why
            said = ("a file not in PEM form, the two given in the wrong order (--tls CERT KEY), or a key locked by a "
                    "passphrase (give the certificate, then its unlocked key, both PEM)")
        raise ArbiterError(f"--tls: cannot serve HTTPS with {printable(cert)} and {printable(key)}: {said}") from None


def guarded(limits: Limits) -> type[H11Protocol]:
    """uvicorn's HTTP/1.1 protocol with the two things it lacks: a connection that owes
    the server a request is closed if the request's head takes longer than `limits.slow`,
    and at the cap of connections, such a connection makes room for a new one."""

    class Guarded(H11Protocol):
        deadline: asyncio.TimerHandle | None = None  # set while no answer is in progress

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            if len(self.connections) > limits.connections and not self.make_room():
                transport.close()
                return
            self.watch()

        def handle_events(self) -> None:
            super().handle_events()
            self.watch()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self.watch()

        def connection_lost(self, exc: Exception | None) -> None:
            self.stop_clock()
            super().connection_lost(exc)

        def watch(self) -> None:
            """The clock runs while no answer is in progress: before the first request,
            between requests, and after an answer given before the body came whole."""
            if self.cycle is not None and not self.cycle.response_complete:
                self.stop_clock()
            elif self.deadline is None:
                self.deadline = self.loop.call_later(limits.slow, self.transport.close)

        def stop_clock(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
            self.deadline = None

        def make_room(self) -> bool:
            """Within the cap, counting the connections closing as gone, once the open one
            that has waited longest without a request in progress is closed; False if
            every one has a request in progress."""
            open_ones = [c for c in self.connections if isinstance(c, Guarded) and not c.transport.is_closing()]
            if len(open_ones) <= limits.connections:
                return True
            waiting = [(c.deadline.when(), c) for c in open_ones if c.deadline is not None]
            if not waiting:
                return False
            min(waiting, key=lambda pair: pair[0])[1].transport.close()  # the earliest due waited longest
            return True

    return Guarded


def uvicorn_server(app: Starlette, limits: Limits, tls: tuple[str, str] | None = None) -> uvicorn.Server:
    """The server for `app`: stopped by Ctrl-C or SIGTERM, the live streams ended first,
    so that it stops at once and quietly; HTTPS with `tls` (a certificate and its key)."""

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            super().handle_exit(sig, frame)
            with contextlib.suppress(RuntimeError):  # no loop running yet: no stream to end
                asyncio.get_running_loop().call_soon_threadsafe(app.state.broadcast.close)

    cert, key = tls or (None, None)
    config = uvicorn.Config(app, http=guarded(limits), backlog=BACKLOG, log_level="warning", log_config=None,
                            access_log=False, timeout_graceful_shutdown=2, ssl_certfile=cert, ssl_keyfile=key)
    return Server(config)


def serve_forever(app: Starlette, listener: socket.socket, limits: Limits, tls: tuple[str, str] | None = None) -> None:
    """Serve `app` on `listener` until Ctrl-C or SIGTERM, logging in one line. What is
    loaded by now (the rule book, the modules, the game so far) is frozen out of the
    garbage collector's way: a full collection walking it all now and then held an act's
    recording back, with hundreds of phones watching (docs/serve.md gives the figures)."""
    gc.freeze()
    with one_line_logs():
        uvicorn_server(app, limits, tls).run(sockets=[listener])


@contextlib.contextmanager
def one_line_logs() -> Iterator[None]:
    """uvicorn's and asyncio's logs written by `OneLine` alone, for as long as the server runs."""
    handler = OneLine()
    loggers = [logging.getLogger(name) for name in LOGGERS]
    kept = [(logger.handlers, logger.propagate) for logger in loggers]
    for logger in loggers:
        logger.handlers, logger.propagate = [handler], False
    try:
        yield
    finally:
        for logger, (handlers, propagate) in zip(loggers, kept):
            logger.handlers, logger.propagate = handlers, propagate
