"""The web app: the page and its files, the game's state, the acts recorded, and the
stream that keeps every watching phone up to date.

- `GET /`, `/page.js`, `/page.css`: the page (its own files only: no font, script or
  style from elsewhere, which the Content-Security-Policy also forbids);
- `GET /api/state`, `/api/forms`: the table as the game file leaves it; the notation's forms;
- `GET /api/events`: server-sent events, one `state` each time the game changes (503
  when as many phones as `Limits.watchers` are watching already);
- `GET /api/role`: whether the token a page holds is this game's (it watches if not);
- `GET /api/watch`, `/watch.svg`: the address that watchers open, and its QR code;
- `POST /api/table`, `/api/event`, `/api/line`, `/api/answer`, `/api/command`: recording,
  for the device that holds the game's token only (`Authorization: Bearer TOKEN`).

Writes are taken one at a time (a lock), each on the disk before its answer is sent. A
recording says the `version` of the state it was decided from (`"after"`): if the game
has moved on since, it is refused with 409 and the state as it is, and nothing is
written, so a retry or a second device never records an act twice. The state is drawn
once after each change, for every phone (`Broadcast`). Every request must name this
server in its `Host` (`HostCheck`), however it listens.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import io
import ipaddress
import json
from importlib import resources
from typing import Any, AsyncIterator, Awaitable, Callable, Iterable

import segno
from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from arbiter.errors import ArbiterError
from arbiter.reading.limits import NotJSON, no_constant, unique_pairs
from arbiter.serve.game import ServedGame, Stale, forms_json
from arbiter.serve.server import Limits

MAX_BODY = 64 * 1024  # an act is a few hundred bytes
KEEP_ALIVE = 15.0  # seconds between comments on an idle stream, so proxies and phones keep it open
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
FILES = {"/": ("page.html", "text/html"), "/page.js": ("page.js", "text/javascript"),
         "/page.css": ("page.css", "text/css")}


class Broadcast:
    """The game's state as drawn after its last change, once for everyone: the JSON that
    `/api/state` and the recording's answer hold, and the server-sent event that every
    watching stream sends, the same bytes to all. A state is a replay's snapshot and the
    acts the engine offers, milliseconds to draw: drawn for each phone, as it once was,
    it made a recording wait seconds with thousands watching."""

    def __init__(self, game: ServedGame, cap: int) -> None:
        self.game = game
        self.cap = cap  # watching streams at once
        self.watching = 0
        self.closing = False
        self.changed = asyncio.Event()
        self.drawn: tuple[int, int] | None = None  # (version, told): both only grow, so each drawing's own
        self.redraw()

    def redraw(self) -> None:
        """The state drawn anew if the game has changed (its file, or what was said of it),
        and every stream woken to send it."""
        if self.drawn == (self.game.version, self.game.told):
            return
        self.drawn = (self.game.version, self.game.told)
        self.json = json.dumps(self.game.state(), ensure_ascii=False)
        self.event = f"event: state\ndata: {self.json}\n\n".encode()
        self.changed.set()
        self.changed = asyncio.Event()

    def close(self) -> None:
        """The server is stopping: every stream ends now, rather than being cut off."""
        self.closing = True
        self.changed.set()

    async def stream(self) -> AsyncIterator[bytes]:
        """One phone's stream: the state, then each new one (the latest, if several came
        while it was sending), and a comment after KEEP_ALIVE seconds of nothing."""
        sent = self.drawn
        yield b"retry: 1000\n" + self.event  # after a restart, back within a second
        while not self.closing:
            if sent == self.drawn:
                changed = self.changed
                try:
                    async with asyncio.timeout(KEEP_ALIVE):
                        await changed.wait()
                except TimeoutError:
                    yield b": still here\n\n"
                continue
            sent = self.drawn
            yield self.event


class Watching:
    """The response to a phone that watches: its stream, counted while it lasts, or 503
    when as many phones as the cap are watching already."""

    def __init__(self, broadcast: Broadcast) -> None:
        self.broadcast = broadcast

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        broadcast = self.broadcast
        if broadcast.watching >= broadcast.cap:
            refused = {"error": f"{broadcast.cap} phones are watching, the most this server takes: try again later"}
            await JSONResponse(refused, 503, headers=SECURITY_HEADERS)(scope, receive, send)
            return
        broadcast.watching += 1
        try:
            await StreamingResponse(broadcast.stream(), media_type="text/event-stream",
                                    headers={**SECURITY_HEADERS, "X-Accel-Buffering": "no"})(scope, receive, send)
        finally:
            broadcast.watching -= 1


class HostCheck:
    """Answers a request only if its `Host` names this server: the address the connection
    came in on, the loopback names, or one of `names` (the address listened on, and those
    given with `--allow-host`). A page from elsewhere that a phone has open names its own
    site, even once that name is made to lead here (DNS rebinding), and is refused."""

    def __init__(self, app: ASGIApp, names: frozenset[str]) -> None:
        self.app = app
        self.names = names

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            name = host_name(Headers(scope=scope).get("host", ""))
            here = scope.get("server") or ("", None)
            if name not in self.names and name != host_name(here[0]):
                refused = {"error": "this server does not answer to that name: start it with --allow-host NAME"}
                await JSONResponse(refused, 400, headers=SECURITY_HEADERS)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def host_name(host: str) -> str:
    """The name or address in a `Host` header, without its port, in one spelling (an IPv4
    address that came as IPv6 as itself)."""
    name = host.strip().lower()
    if name.startswith("["):
        name = name[1:].partition("]")[0]
    elif name.count(":") == 1:
        name = name.partition(":")[0]
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return name
    return str(getattr(address, "ipv4_mapped", None) or address)


def create_app(game: ServedGame, token: str, watch: str, names: Iterable[str] = (),
               limits: Limits = Limits(), code: segno.QRCode | None = None) -> Starlette:
    """The app for one game; `token` is what a recording device must send, `watch` the
    address the other phones open (shown on the page as a QR code: `code`, where the
    caller has made it already), `names` those it answers to besides the connection's
    address and loopback's."""
    broadcast = Broadcast(game, limits.watchers)
    lock = asyncio.Lock()
    drawn = io.BytesIO()
    (code or watch_code(watch)).save(drawn, kind="svg", scale=6, border=2, title=watch)
    svg = drawn.getvalue()
    pages = {path: (resources.files("arbiter.serve").joinpath(name).read_bytes(), kind)
             for path, (name, kind) in FILES.items()}

    def holds_token(request: Request) -> bool:
        """`Authorization: Bearer T` (the scheme's name in any case, as HTTP's are), nothing else."""
        scheme, _, given = request.headers.get("authorization", "").partition(" ")
        return scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode())

    def answer(data: Any, status: int = 200) -> JSONResponse:
        return JSONResponse(data, status, headers=SECURITY_HEADERS)

    def with_state(said: dict[str, Any], status: int = 200) -> Response:
        """`said` and the state as drawn last, in one JSON object (the state is not drawn
        nor serialised again)."""
        body = json.dumps(said, ensure_ascii=False)[:-1] + f', "state": {broadcast.json}}}'
        return Response(body, status, media_type="application/json", headers=SECURITY_HEADERS)

    async def page_file(request: Request) -> Response:
        body, kind = pages[request.url.path]
        return Response(body, media_type=kind, headers=SECURITY_HEADERS)

    async def no_icon(_: Request) -> Response:
        return Response(status_code=204, headers=SECURITY_HEADERS)

    async def state(_: Request) -> Response:
        return Response(broadcast.json, media_type="application/json", headers=SECURITY_HEADERS)

    async def forms(_: Request) -> JSONResponse:
        return answer(forms_json())

    async def role(request: Request) -> JSONResponse:
        return answer({"recording": holds_token(request)})

    async def watch_address(_: Request) -> JSONResponse:
        return answer({"watch": watch})

    async def watch_svg(_: Request) -> Response:
        return Response(svg, media_type="image/svg+xml", headers=SECURITY_HEADERS)

    async def events(_: Request) -> Watching:
        return Watching(broadcast)

    def recording(act: Callable[[dict[str, Any]], Any]) -> Callable[[Request], Awaitable[Response]]:
        """A POST that records: the token checked, the body read as JSON (whole within
        `limits.slow` seconds), the version it was decided from checked and the act done
        under the lock, the new state drawn once for every watcher, and answered."""
        async def endpoint(request: Request) -> Response:
            if not holds_token(request):
                return answer({"error": "only the device holding this game's token may record"}, 401)
            body = b""
            try:
                async with asyncio.timeout(limits.slow):
                    async for chunk in request.stream():  # never more than MAX_BODY held
                        body += chunk
                        if len(body) > MAX_BODY:
                            return answer({"error": f"too large: an act is at most {MAX_BODY} bytes"}, 413)
            except TimeoutError:
                return answer({"error": f"the request did not arrive whole within {limits.slow:g} s"}, 408)
            try:
                data = json.loads(body, object_pairs_hook=unique_pairs, parse_constant=no_constant)
            except NotJSON as exc:  # as a log's reader refuses it (SPEC §2: a key given twice makes it invalid)
                return answer({"error": f"the body is not JSON an act may be: {exc}"}, 400)
            except (json.JSONDecodeError, UnicodeDecodeError):
                return answer({"error": "the body is not JSON"}, 400)
            except ValueError:  # an int of more digits than Python converts: JSON, but no act holds one
                return answer({"error": "the body holds a number of more digits than can be read"}, 400)
            except RecursionError:  # `[[[[…]]]]` deeper than the parser goes: no act nests so
                return answer({"error": "the body is nested too deeply to be an act"}, 400)
            if not isinstance(data, dict):
                return answer({"error": "the body is not a JSON object"}, 400)
            async with lock:
                try:
                    game.check_after(data.get("after"))
                    taken = act(data)
                except Stale as exc:
                    return with_state({"error": str(exc)}, 409)
                except ArbiterError as exc:
                    return answer({"error": str(exc)}, 400)
                finally:
                    broadcast.redraw()  # whatever the act changed (nothing, if it was refused)
            return with_state({"taken": taken is not False})
        return endpoint

    routes = [
        *(Route(path, page_file) for path in FILES),
        Route("/favicon.ico", no_icon),
        Route("/api/state", state),
        Route("/api/forms", forms),
        Route("/api/events", events),
        Route("/api/role", role),
        Route("/api/watch", watch_address),
        Route("/watch.svg", watch_svg),
        Route("/api/table", recording(lambda d: game.set_table(d.get("players"), d.get("limit"), d.get("ante"))),
              methods=["POST"]),
        Route("/api/event", recording(lambda d: game.record_event(d.get("event"))), methods=["POST"]),
        Route("/api/line", recording(lambda d: game.record_line(d.get("line", ""))), methods=["POST"]),
        Route("/api/answer", recording(lambda d: game.answer(d.get("number"))), methods=["POST"]),
        Route("/api/command", recording(lambda d: game.command(str(d.get("command")), d.get("arguments", []))),
              methods=["POST"]),
    ]
    allowed = frozenset(host_name(name) for name in (*LOOPBACK_NAMES, *names))

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        yield
        game.close()

    app = Starlette(routes=routes, middleware=[Middleware(HostCheck, names=allowed)], lifespan=lifespan)
    app.state.broadcast = broadcast
    return app


def watch_code(address: str) -> segno.QRCode:
    """The watch address as a QR code, for a phone's camera: printed in the terminal and
    shown on the page. It holds the address only, never the token."""
    return segno.make(address, error="m")

