"""`arbiter serve`: the game recorded and ruled on from a page that phones at the table open."""

from __future__ import annotations

import io
import ipaddress
import json
import re
import secrets
import socket
import time
from pathlib import Path

import click

from arbiter.bulk import build_rulebook
from arbiter.cli.app import HOUSE, Count, cli, given_once, not_empty
from arbiter.errors import ArbiterError
from arbiter.escapes import shown_path
from arbiter.render.formats import SPOKEN_FORMATS

INSTALL_HINT = "the web page needs the serve extra: pip install 'arbiter[serve]'"
LOOPBACK = "127.0.0.1"
TOKEN = re.compile(r"[A-Za-z0-9._~-]{8,}")  # unreserved in an address (RFC 3986): read back as it was given
WILDCARDS = ("0.0.0.0", "::", "")  # every address of this machine: the phones open one of them
NO_ROUTE = ("10.255.255.255", 9)  # any address off this machine: a socket "connected" to it sends nothing
IN_CLEAR = ("arbiter serve: the recording token crosses the room's network in clear (plain HTTP), for anyone on "
            "it to read and record with; --tls CERT KEY serves HTTPS")


@cli.command()
@click.argument("game", required=False,
                callback=not_empty("empty: name the *.hand file, or leave it out for a new one named by the date"))
@HOUSE
@click.option("--port", type=Count(0, 65535), default=8000, metavar="PORT", show_default=True,
              help="The port to listen on (0: any free one, printed).")
@click.option("--host", multiple=True,
              callback=given_once(empty="empty: give an address to listen on, or leave --host out for 127.0.0.1"),
              help="Listen on this address rather than 127.0.0.1 (0.0.0.0: every phone on the room's network may "
                   "watch); recording always needs the token.")
@click.option("--allow-host", "allowed", multiple=True, metavar="NAME",
              help="Answer to this name too (e.g. a name the room's network gives this machine); by default only "
                   "to the address listened on and localhost.")
@click.option("--tls", nargs=2, metavar="CERT KEY",
              help="Serve HTTPS with this certificate and its key (PEM files, the key without a passphrase).")
@click.option("--token", help="The recording device's token (default: a new random one, printed in the link).")
@click.option("--format", "fmt", type=click.Choice(SPOKEN_FORMATS), default="text", show_default=True,
              help="json: the addresses as one JSON line (game, resumed, record, watch), for a program; "
                   "text: the addresses, and the watch address as a QR code.")
def serve(game: str | None, house: str | None, port: int, host: str | None, allowed: tuple[str, ...],
          tls: tuple[str, str] | None, token: str | None, fmt: str) -> None:
    """Serve a page that records GAME (a *.hand file, resumed if it exists; by default a new
    one named by the date) as `arbiter table` does, and shows every phone the table live."""
    try:
        from arbiter.serve.app import create_app, watch_code
        from arbiter.serve.server import limits_here, serve_forever, tls_checked
    except ImportError:
        raise click.ClickException(INSTALL_HINT) from None
    from arbiter.escapes import printable
    from arbiter.serve.game import ServedGame

    if token is not None and not TOKEN.fullmatch(token):  # it rides in the address: what reads back as itself
        raise click.BadParameter("at least 8 characters, each a letter, a digit or one of - _ . ~ (it goes in the "
                                 "record address as it is)", param_hint="--token")
    if any(not name.strip() or printable(name) != name or " " in name for name in allowed):
        raise click.BadParameter("a name as a phone's address bar shows it (e.g. poker.local)",
                                 param_hint="--allow-host")
    if tls:
        tls_checked(*tls)
    limits = limits_here()
    path = Path(game or time.strftime("game-%Y-%m-%d-%H%M.hand"))
    if path.is_dir():
        raise click.BadParameter(f"{printable(str(path))} is a folder: give a game file", param_hint="GAME")
    if house and path.exists():  # its first line says its house rules, as `check` and `table` read them
        raise click.UsageError(f"{printable(str(path))} exists: resume it without --house")
    try:
        served = ServedGame(path, build_rulebook(house), house)
    except ArbiterError as exc:  # it names a file given on the command line: printed without its escapes
        raise ArbiterError(printable(str(exc))) from None
    address = host or LOOPBACK
    try:
        listener = socket.create_server((address, port))
    except OSError as exc:
        served.close()
        raise click.ClickException(f"cannot listen on {printable(address)}:{port}: {exc.strerror or exc}") from None
    token = token or secrets.token_urlsafe(18)
    reached = reachable(address)
    shown = f"[{reached}]" if ":" in reached else reached
    url = f"{'https' if tls else 'http'}://{shown}:{listener.getsockname()[1]}/"
    resumed = served.session is not None
    if not tls and not on_loopback(address):
        click.echo(IN_CLEAR, err=True)
    code = watch_code(url)  # made once: printed here, drawn on the page
    if fmt == "json":
        click.echo(json.dumps({"game": shown_path(str(path)), "resumed": resumed, "record": f"{url}#token={token}",
                               "watch": url}))
    else:
        click.echo(f"arbiter serve: {printable(str(path))} ({'resumed' if resumed else 'a new game'})")
        click.echo(f"record (this device only): {url}#token={token}")
        click.echo(f"watch: {url}")
        drawn = io.StringIO()
        code.terminal(out=drawn, compact=True)
        click.echo(drawn.getvalue().rstrip("\n"))
    names = [*([] if address in WILDCARDS else [address]), *allowed]
    try:
        serve_forever(create_app(served, token, url, names, limits, code), listener, limits, tls)
    except KeyboardInterrupt:  # Ctrl-C: the way a server is stopped, not an error
        pass
    if fmt == "text":
        click.echo(f"arbiter serve: stopped; every act is saved in {printable(str(path))}")


def on_loopback(address: str) -> bool:
    """Whether the address listened on is this machine's own, which no network carries."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address.lower() == "localhost"


def reachable(address: str) -> str:
    """The address the phones open: the one listened on, or, listening on every address of
    this machine, its address on the network the way out goes by (loopback if none)."""
    if address not in WILDCARDS:
        return address
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(NO_ROUTE)  # picks the way out; no packet is sent
            found: str = probe.getsockname()[0]
        except OSError:
            return LOOPBACK
    return found
