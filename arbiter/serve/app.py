"""The web app: the page and its files, the game's state, the acts recorded, and the
stream that keeps every watching phone up to date.

- `GET /`, `/page.js`, `/page.css`: the page (its own files only: no font, script or
  style from elsewhere, which the Content-Security-Policy also forbids);
- `GET /api/state`, `/api/forms`: the table as the game file leaves it; the notation's forms;
- `GET /api/events`: server-sent events, one `state` each time the game changes;
- `GET /api/role`: whether the token a page holds is this game's (it watches if not);
- `GET /api/watch`, `/watch.svg`: the address that watchers open, and its QR code;
- `POST /api/table`, `/api/event`, `/api/line`, `/api/answer`, `/api/command`: recording,
  for the device that holds the game's token only (`Authorization: Bearer TOKEN`).

Writes are taken one at a time (a lock), each on the disk before its answer is sent. A
recording says the `version` of the state it was decided from (`"after"`): if the game
has moved on since, it is refused with 409 and the state as it is, and nothing is
written, so a retry or a second device never records an act twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import io
import json
import socket
from importlib import resources
from types import FrameType
from typing import Any, AsyncIterator, Awaitable, Callable

import segno
import uvicorn
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from arbiter.errors import ArbiterError
from arbiter.serve.game import ServedGame, Stale, forms_json

CLOSING = -1  # told to the streams instead of a change when the server stops
MAX_BODY = 64 * 1024  # an act is a few hundred bytes
KEEP_ALIVE = 15.0  # seconds between comments on an idle stream, so proxies and phones keep it open
LOOPBACK_NAMES = ["127.0.0.1", "localhost"]
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
FILES = {"/": ("page.html", "text/html"), "/page.js": ("page.js", "text/javascript"),
         "/page.css": ("page.css", "text/css")}


class Watchers:
    """The phones watching: each has a queue that is told of every change (its count)."""

    def __init__(self) -> None:
        self.queues: set[asyncio.Queue[int]] = set()

    def join(self) -> asyncio.Queue[int]:
        queue: asyncio.Queue[int] = asyncio.Queue()
        self.queues.add(queue)
        return queue

    def leave(self, queue: asyncio.Queue[int]) -> None:
        self.queues.discard(queue)

    def tell(self, told: int) -> None:
        for queue in self.queues:
            queue.put_nowait(told)

    def close(self) -> None:
        """The server is stopping: every stream ends now, rather than being cut off."""
        self.tell(CLOSING)


def create_app(game: ServedGame, token: str, loopback_only: bool, watch: str) -> Starlette:
    """The app for one game; `token` is what a recording device must send, `watch` the
    address the other phones open (shown on the page as a QR code)."""
    watchers = Watchers()
    lock = asyncio.Lock()
    drawn = io.BytesIO()
    watch_code(watch).save(drawn, kind="svg", scale=6, border=2, title=watch)
    svg = drawn.getvalue()

    def holds_token(request: Request) -> bool:
        given = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        return hmac.compare_digest(given.encode(), token.encode())

    def answer(data: Any, status: int = 200) -> JSONResponse:
        return JSONResponse(data, status, headers=SECURITY_HEADERS)

    async def page_file(request: Request) -> Response:
        name, kind = FILES[request.url.path]
        body = resources.files("arbiter.serve").joinpath(name).read_bytes()
        return Response(body, media_type=kind, headers=SECURITY_HEADERS)

    async def no_icon(_: Request) -> Response:
        return Response(status_code=204, headers=SECURITY_HEADERS)

    async def state(_: Request) -> JSONResponse:
        return answer(game.state())

    async def forms(_: Request) -> JSONResponse:
        return answer(forms_json())

    async def role(request: Request) -> JSONResponse:
        return answer({"recording": holds_token(request)})

    async def watch_address(_: Request) -> JSONResponse:
        return answer({"watch": watch})

    async def watch_svg(_: Request) -> Response:
        return Response(svg, media_type="image/svg+xml", headers=SECURITY_HEADERS)

    async def events(request: Request) -> StreamingResponse:
        async def stream() -> AsyncIterator[str]:
            queue = watchers.join()
            try:
                yield "retry: 1000\n" + _sse(game.state())  # after a restart, back within a second
                while True:
                    try:
                        if await asyncio.wait_for(queue.get(), KEEP_ALIVE) == CLOSING:
                            return
                    except TimeoutError:
                        yield ": still here\n\n"
                        continue
                    while not queue.empty():  # several changes at once: the latest state is enough
                        queue.get_nowait()
                    yield _sse(game.state())
            finally:
                watchers.leave(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**SECURITY_HEADERS, "X-Accel-Buffering": "no"})

    def recording(act: Callable[[dict[str, Any]], Any]) -> Callable[[Request], Awaitable[JSONResponse]]:
        """A POST that records: the token checked, the body read as JSON, the version it
        was decided from checked and the act done under the lock, every watcher told, and
        the new state answered."""
        async def endpoint(request: Request) -> JSONResponse:
            if not holds_token(request):
                return answer({"error": "only the device holding this game's token may record"}, 401)
            body = b""
            async for chunk in request.stream():  # never more than MAX_BODY held
                body += chunk
                if len(body) > MAX_BODY:
                    return answer({"error": f"too large: an act is at most {MAX_BODY} bytes"}, 413)
            try:
                data = json.loads(body)
            except (ValueError, UnicodeDecodeError):
                return answer({"error": "the body is not JSON"}, 400)
            if not isinstance(data, dict):
                return answer({"error": "the body is not a JSON object"}, 400)
            async with lock:
                try:
                    game.check_after(data.get("after"))
                    taken = act(data)
                except Stale as exc:
                    return answer({"error": str(exc), "state": game.state()}, 409)
                except ArbiterError as exc:
                    return answer({"error": str(exc)}, 400)
                watchers.tell(game.told)
            return answer({"taken": taken is not False, "state": game.state()})
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
        Route("/api/line", recording(lambda d: game.record_line(str(d.get("line", "")))), methods=["POST"]),
        Route("/api/answer", recording(lambda d: game.answer(d.get("number"))), methods=["POST"]),
        Route("/api/command", recording(lambda d: game.command(str(d.get("command")), d.get("arguments", []))),
              methods=["POST"]),
    ]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=LOOPBACK_NAMES)] if loopback_only else []

    @contextlib.asynccontextmanager
    async def lifespan(_: Starlette) -> AsyncIterator[None]:
        yield
        game.close()

    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.watchers = watchers
    return app


def serve_forever(app: Starlette, listener: socket.socket) -> None:
    """Serve on `listener` until Ctrl-C or SIGTERM; the live streams are ended first, so
    the server stops at once and quietly."""

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            super().handle_exit(sig, frame)
            with contextlib.suppress(RuntimeError):  # no loop running yet: no stream to end
                asyncio.get_running_loop().call_soon_threadsafe(app.state.watchers.close)

    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2)
    Server(config).run(sockets=[listener])


def watch_code(address: str) -> segno.QRCode:
    """The watch address as a QR code, for a phone's camera: printed in the terminal and
    shown on the page. It holds the address only, never the token."""
    return segno.make(address, error="m")


def _sse(state: dict[str, Any]) -> str:
    return f"event: state\ndata: {json.dumps(state, ensure_ascii=False)}\n\n"
