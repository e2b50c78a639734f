"""The web server: aiohttp on the same event loop as the log follower.

* Pages (``/``, ``/runs/<run>``, ``/runs/<run>/trials/<trial>``, ``/compare``)
  are one static HTML shell; the hand-written script in ``static/`` builds
  each page from the JSON API with ``textContent`` only.
* JSON API under ``/api/``; live feeds are server-sent events under
  ``/api/live/``.  A trial's feed is a log subscription from the position
  its page was rendered at (``after``; ``Last-Event-ID`` on reconnect), so
  the reader sees the past and then the live tail with no gap and no
  duplicate.  Run and runs feeds send a fresh snapshot whenever the fold
  moves on, at most a few times per computation time.  Each feed lives in
  its request's handler: when the client goes, aiohttp cancels the handler
  and the subscription is closed with it.
* Every response carries a strict Content-Security-Policy (scripts and
  styles from this origin only, nothing inline, no frames, no plugins), and
  every string leaves through ``Sanitizer``.

``Viewer`` holds the lifecycle, routes, middleware and static files, and
its two parts: the JSON API handlers (``JsonApi``, ``_api``) and the live
feeds (``LiveFeeds``, ``_live``), which share one ``Responses`` (the log's
state, its pages, the sanitizing encoder).
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Final

import anyio
from aiohttp import web

from realcli import RealcliError
from realcli.eventlog import EventLog
from realcli.viewer._api import JsonApi, Responses
from realcli.viewer._follow import LogState
from realcli.viewer._http import (
    ASSETS,
    ERROR_STATUS,
    SECURITY_HEADERS,
    host_name,
    is_loopback,
    listen_error,
    load_assets,
)
from realcli.viewer._live import LiveFeeds
from realcli.viewer._text import Sanitizer, secrets_from_env

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "Viewer", "is_loopback"]

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8765

_log = logging.getLogger("realcli.viewer")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Viewer:
    """The viewer's web application over one followed log.  Start it with ``Viewer.start``."""

    def __init__(self, state: LogState, sanitizer: Sanitizer) -> None:
        self.state = state
        self.sanitizer = sanitizer
        self.url = ""
        self._out = Responses(state, sanitizer)
        self.pages = self._out.pages
        self._api = JsonApi(self._out)
        self._live = LiveFeeds(self._out)
        self._assets = load_assets()
        self._loopback_only = True

    # ------------------------------------------------------------ lifecycle

    @classmethod
    @asynccontextmanager
    async def start(
        cls, log: EventLog, *, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, secrets: frozenset[str] | None = None
    ) -> AsyncIterator[Viewer]:
        """Listen on ``host:port`` (0: any free port), fold the log, and serve until the block ends.

        ``secrets`` are values never to show (default: this process's secret-named
        environment variables).  A busy port or unusable host is a ``ConfigError``.
        """
        viewer = cls(LogState(log), Sanitizer(secrets_from_env() if secrets is None else secrets))
        viewer._loopback_only = is_loopback(host)
        runner = web.AppRunner(viewer.app(), handler_cancellation=True, access_log=None, shutdown_timeout=2.0)
        await runner.setup()
        try:
            site = web.TCPSite(runner, host, port)
            try:
                await site.start()
            except OSError as e:
                raise listen_error(host, port, e) from e
            bound = int(runner.addresses[0][1]) if runner.addresses else port
            shown = f"[{host}]" if ":" in host else host
            viewer.url = f"http://{shown}:{bound}"
            async with anyio.create_task_group() as tg:
                await tg.start(viewer.state.follow)
                try:
                    yield viewer
                finally:
                    viewer._live.close()
                    tg.cancel_scope.cancel()
        finally:
            with anyio.CancelScope(shield=True):
                viewer._live.close()
                await runner.cleanup()

    def app(self) -> web.Application:
        """The aiohttp application (routes, security headers, errors as one-line JSON)."""
        app = web.Application(middlewares=[self._headers, self._same_host, self._errors])
        get = app.router.add_get
        for path in ("/", "/runs", "/runs/{run}", "/runs/{run}/trials/{trial}", "/compare"):
            get(path, self._shell)
        get("/static/{name}", self._static)
        get("/favicon.ico", self._no_icon)
        get("/api/runs", self._api.runs)
        get("/api/runs/{run}", self._api.run)
        get("/api/runs/{run}/trials", self._api.trials)
        get("/api/runs/{run}/trials/{trial}", self._api.trial)
        get("/api/runs/{run}/trials/{trial}/events", self._api.events)
        get("/api/runs/{run}/trials/{trial}/events/{actor}/{version}", self._api.event)
        get("/api/compare", self._api.compare)
        get("/api/live/runs", self._live.runs)
        get("/api/live/runs/{run}", self._live.run)
        get("/api/live/runs/{run}/trials/{trial}", self._live.trial)
        return app

    # ------------------------------------------------------------ middleware

    @web.middleware
    async def _headers(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            response = await handler(request)
        except web.HTTPException as e:
            e.headers.update(SECURITY_HEADERS)
            raise
        if not response.prepared:  # feeds set theirs before they start streaming
            response.headers.update(SECURITY_HEADERS)
        return response

    @web.middleware
    async def _same_host(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        # A page of another site that rebinds its domain to 127.0.0.1 would be same-origin for the
        # browser; the Host header it sends still names that domain, so refuse it (loopback only:
        # a viewer bound to another address was exposed on purpose).
        if self._loopback_only and not is_loopback(host_name(request.host)):
            raise web.HTTPForbidden(text="this viewer answers to its loopback address only\n")
        return await handler(request)

    @web.middleware
    async def _errors(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        try:
            return await handler(request)
        except RealcliError as e:
            status = next((code for cls, code in ERROR_STATUS if isinstance(e, cls)), 500)
            return self._out.json({"error": str(e)}, status=status)
        except web.HTTPException:
            raise
        except Exception:
            # A bug: keep serving other requests; the traceback goes to the server's stderr.
            _log.exception("realcli view: %s %s failed", request.method, request.path)
            return self._out.json({"error": f"the viewer failed on {request.path}: see its output"}, status=500)

    # ------------------------------------------------------------ plumbing

    def _asset(self, name: str) -> web.Response:
        return web.Response(body=self._assets[name], content_type=ASSETS[name].split(";")[0], charset="utf-8")

    async def _shell(self, request: web.Request) -> web.Response:
        response = self._asset("index.html")
        response.headers["Cache-Control"] = "no-cache"
        return response

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in ASSETS or name == "index.html":
            raise web.HTTPNotFound(text="not found")
        response = self._asset(name)
        response.headers["Cache-Control"] = "no-cache"
        return response

    async def _no_icon(self, request: web.Request) -> web.Response:
        return web.Response(status=204)
