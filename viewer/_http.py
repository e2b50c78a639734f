"""The server's HTTP plumbing: security headers, static assets, query parameters, host names, listen errors."""

from __future__ import annotations

import errno
import ipaddress
import socket
from importlib import resources
from typing import Final

from aiohttp import web

from realcli import ConfigError, LogUnavailableError, NotFoundError, RealcliError
from realcli import events as ev

CSP: Final = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
}
ASSETS: Final = {
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
    "index.html": "text/html; charset=utf-8",
}
ERROR_STATUS: Final[list[tuple[type[RealcliError], int]]] = [
    (NotFoundError, 404),
    (ConfigError, 400),
    (LogUnavailableError, 503),
]


def is_loopback(host: str) -> bool:
    """Whether ``host`` only listens on this machine (``localhost``, 127.0.0.0/8, ``::1``)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def load_assets() -> dict[str, bytes]:
    """The viewer's static files, read from the package."""
    root = resources.files("realcli.viewer") / "static"
    return {name: (root / name).read_bytes() for name in ASSETS}


def query_int(request: web.Request, name: str, default: int) -> int:
    """An integer query parameter (``default`` when absent); raises ``ConfigError`` for one that is not an integer."""
    raw = request.query.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"query parameter {name}={raw!r}: expected an integer") from None


def checked_token(value: str, what: str) -> str:
    """``value`` when it is a valid id token; raises ``ConfigError`` naming ``what`` otherwise."""
    return ev.check_token(value, what)


def host_name(host: str) -> str:
    """The name part of a Host header (``[::1]:8765`` -> ``::1``, ``localhost:80`` -> ``localhost``)."""
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def listen_error(host: str, port: int, e: OSError) -> ConfigError:
    """Why the viewer cannot listen on ``host:port``, as a ``ConfigError`` that says which flag to change."""
    if e.errno == errno.EADDRINUSE:
        return ConfigError(f"cannot listen on {host}:{port}: the port is in use; pass --port with a free port (0: any)")
    if isinstance(e, socket.gaierror) or e.errno == errno.EADDRNOTAVAIL:
        return ConfigError(
            f"cannot listen on {host}:{port}: no such local address; pass --host with one of this machine's"
        )
    return ConfigError(f"cannot listen on {host}:{port} ({e.strerror or e}); pass another --host or --port")
