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
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import aclosing, asynccontextmanager
from typing import Any, Final

import anyio
import msgspec
from aiohttp import web

from realcli import ConfigError, NotFoundError, RealcliError, find_error
from realcli.eventlog import EventLog
from realcli.viewer._follow import LogState
from realcli.viewer._http import (
    ASSETS,
    ERROR_STATUS,
    SECURITY_HEADERS,
    checked_token,
    host_name,
    is_loopback,
    listen_error,
    load_assets,
    query_int,
)
from realcli.viewer._pages import PAGE_EVENTS, PAGE_TRIALS, Pages, check_threshold, pick_judge
from realcli.viewer._text import Sanitizer, secrets_from_env
from realcli.viewer._timeline import entry

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "Viewer", "is_loopback"]

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8765
HEARTBEAT_SEC: Final = 15.0
_MIN_REFRESH: Final = 0.25
_HEADER_REFRESH: Final = 1.0
_QUIET: Final = 1.0
_FULL_EVERY: Final = 30.0

_log = logging.getLogger("realcli.viewer")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Viewer:
    """The viewer's web application over one followed log.  Start it with ``Viewer.start``."""

    def __init__(self, state: LogState, sanitizer: Sanitizer) -> None:
        self.state = state
        self.pages = Pages(state)
        self.sanitizer = sanitizer
        self.url = ""
        self._assets = load_assets()
        self._feeds: set[anyio.CancelScope] = set()
        self._encoder = msgspec.json.Encoder()
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
                    viewer._close_feeds()
                    tg.cancel_scope.cancel()
        finally:
            with anyio.CancelScope(shield=True):
                viewer._close_feeds()
                await runner.cleanup()

    def _close_feeds(self) -> None:
        for scope in list(self._feeds):
            scope.cancel()

    def app(self) -> web.Application:
        """The aiohttp application (routes, security headers, errors as one-line JSON)."""
        app = web.Application(middlewares=[self._headers, self._same_host, self._errors])
        get = app.router.add_get
        for path in ("/", "/runs", "/runs/{run}", "/runs/{run}/trials/{trial}", "/compare"):
            get(path, self._shell)
        get("/static/{name}", self._static)
        get("/favicon.ico", self._no_icon)
        get("/api/runs", self._api_runs)
        get("/api/runs/{run}", self._api_run)
        get("/api/runs/{run}/trials", self._api_trials)
        get("/api/runs/{run}/trials/{trial}", self._api_trial)
        get("/api/runs/{run}/trials/{trial}/events", self._api_events)
        get("/api/runs/{run}/trials/{trial}/events/{actor}/{version}", self._api_event)
        get("/api/compare", self._api_compare)
        get("/api/live/runs", self._live_runs)
        get("/api/live/runs/{run}", self._live_run)
        get("/api/live/runs/{run}/trials/{trial}", self._live_trial)
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
            return self._json({"error": str(e)}, status=status)
        except web.HTTPException:
            raise
        except Exception:
            # A bug: keep serving other requests; the traceback goes to the server's stderr.
            _log.exception("realcli view: %s %s failed", request.method, request.path)
            return self._json({"error": f"the viewer failed on {request.path}: see its output"}, status=500)

    # ------------------------------------------------------------ plumbing

    def _json(self, data: Any, *, status: int = 200) -> web.Response:
        body = self._encoder.encode(self.sanitizer.tree(data))
        return web.Response(
            body=body, status=status, content_type="application/json", headers={"Cache-Control": "no-store"}
        )

    async def _ready(self) -> None:
        await self.state.ready.wait()

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

    # ------------------------------------------------------------ API

    async def _api_runs(self, request: web.Request) -> web.Response:
        await self._ready()
        return self._json(await self.pages.runs())

    async def _api_run(self, request: web.Request) -> web.Response:
        await self._ready()
        run_id = checked_token(request.match_info["run"], "run id")
        threshold = check_threshold(request.query.get("threshold"))
        judge = request.query.get("judge") or None
        return self._json(await self.pages.run(run_id, judge, threshold, stale_ok=True))

    async def _api_trials(self, request: web.Request) -> web.Response:
        await self._ready()
        q = request.query
        data = await self.pages.trials(
            checked_token(request.match_info["run"], "run id"),
            q.get("judge") or None,
            mode=q.get("mode", ""),
            chip=q.get("chip", ""),
            query=q.get("q", ""),
            sort=q.get("sort", "trial"),
            descending=q.get("desc", "") in ("1", "true"),
            offset=query_int(request, "offset", 0),
            limit=query_int(request, "limit", PAGE_TRIALS),
        )
        return self._json(data)

    async def _api_trial(self, request: web.Request) -> web.Response:
        await self._ready()
        run_id = checked_token(request.match_info["run"], "run id")
        trial_id = checked_token(request.match_info["trial"], "trial id")
        return self._json(await self.pages.trial(run_id, trial_id, request.query.get("judge") or None))

    async def _api_events(self, request: web.Request) -> web.Response:
        await self._ready()
        run_id = checked_token(request.match_info["run"], "run id")
        trial_id = checked_token(request.match_info["trial"], "trial id")
        until = query_int(request, "until", -1)
        data = await self.pages.events(
            run_id,
            trial_id,
            after=query_int(request, "after", -1),
            until=None if until < 0 else until,
            limit=query_int(request, "limit", PAGE_EVENTS),
        )
        return self._json(data)

    async def _api_event(self, request: web.Request) -> web.Response:
        await self._ready()
        run_id = checked_token(request.match_info["run"], "run id")
        trial_id = checked_token(request.match_info["trial"], "trial id")
        try:
            version = int(request.match_info["version"])
        except ValueError:
            raise ConfigError(f"event version {request.match_info['version']!r}: expected an integer") from None
        return self._json(await self.pages.event(run_id, trial_id, request.match_info["actor"], version))

    async def _api_compare(self, request: web.Request) -> web.Response:
        await self._ready()
        q = request.query
        first, second = q.get("a", ""), q.get("b", "")
        if not first or not second:
            raise ConfigError("compare: expected ?a=RUN&b=RUN (two runs) or ?run=RUN&a=JUDGE&b=JUDGE (two judges)")
        if q.get("run"):
            run_id = checked_token(q["run"], "run id")
            data = await self.pages.compare_judges(
                run_id, checked_token(first, "judge id"), checked_token(second, "judge id")
            )
        else:
            data = await self.pages.compare_runs(checked_token(first, "run id"), checked_token(second, "run id"))
        return self._json(data)

    # ------------------------------------------------------------ live feeds

    def _after(self, request: web.Request) -> int:
        """Where a feed resumes: the browser's Last-Event-ID on a reconnect, else ``after``."""
        last = request.headers.get("Last-Event-ID", "")
        if last.lstrip("-").isdigit():
            return int(last)
        return query_int(request, "after", -1)

    async def _live_runs(self, request: web.Request) -> web.StreamResponse:
        await self._ready()

        async def build(full: bool | None) -> tuple[int, bool, Any]:
            data = await self.pages.runs(full=full)
            return data["position"], data["intervals"], data

        has_full = request.query.get("full") == "1"
        feed = self._snapshots(None, self._after(request), has_full, "runs", build)
        return await self._stream(request, feed)

    async def _live_run(self, request: web.Request) -> web.StreamResponse:
        await self._ready()
        run_id = checked_token(request.match_info["run"], "run id")
        threshold = check_threshold(request.query.get("threshold"))
        judge = request.query.get("judge") or None
        pick_judge(self.state.run(run_id).facts, judge)  # a bad run or judge is a plain error, before streaming

        async def build(full: bool | None) -> tuple[int, bool, Any]:
            data = await self.pages.run(run_id, judge, threshold, full=full)
            return data["viewer"]["head"], data["viewer"]["intervals"], data

        has_full = request.query.get("full") == "1"
        feed = self._snapshots(run_id, self._after(request), has_full, "run", build)
        return await self._stream(request, feed)

    async def _snapshots(
        self,
        run_id: str | None,
        after: int,
        has_full: bool,
        kind: str,
        build: Callable[[bool | None], Awaitable[tuple[int, bool, Any]]],
    ) -> AsyncIterator[tuple[int | None, str, Any]]:
        """Fresh snapshots of a run (None: of every run) as the fold moves on.

        After a change, one snapshot per pause (a few times what the last one
        took to build), with bootstrap intervals only where they are cheap.
        Intervals follow once the run has been quiet for ``_QUIET`` seconds, or
        at least every ``_FULL_EVERY`` seconds while it keeps moving.
        ``has_full``: the client's own snapshot at ``after`` has intervals.
        """
        full_head = after if has_full else -1
        full_at = anyio.current_time() if has_full else -_FULL_EVERY
        pause = _MIN_REFRESH
        while True:
            if full_head >= after:
                await self.state.wait_change(run_id, after)
                changed = True
            else:
                changed = False
                with anyio.move_on_after(_QUIET):
                    await self.state.wait_change(run_id, after)
                    changed = True
            if changed:
                await anyio.sleep(pause)
            overdue = anyio.current_time() - full_at > _FULL_EVERY
            started = anyio.current_time()
            head, full, data = await build(True if not changed or overdue else None)
            pause = max(_MIN_REFRESH, 3 * (anyio.current_time() - started))
            after = head
            if full:
                full_head, full_at = head, anyio.current_time()
            yield head, kind, data

    async def _live_trial(self, request: web.Request) -> web.StreamResponse:
        await self._ready()
        run_id = checked_token(request.match_info["run"], "run id")
        trial_id = checked_token(request.match_info["trial"], "trial id")
        judge = request.query.get("judge") or None
        run = self.state.run(run_id)
        if trial_id not in run.marks and trial_id not in run.facts.scheduled:
            raise NotFoundError(f"run {run_id!r} has no trial {trial_id!r}")
        pick_judge(run.facts, judge)
        entries = self._trial_feed(f"{run_id}.{trial_id}", self._after(request))
        return await self._stream(request, entries, self._trial_header_feed(run_id, trial_id, judge))

    async def _trial_feed(self, scope: str, after: int) -> AsyncIterator[tuple[int | None, str, Any]]:
        async with aclosing(self.state.log.subscribe(after + 1, scope)) as records:  # type: ignore[type-var]
            async for rec in records:
                yield rec.position, "entry", entry(rec)

    async def _trial_header_feed(
        self, run_id: str, trial_id: str, judge: str | None
    ) -> AsyncIterator[tuple[int | None, str, Any]]:
        """The trial's header and sidebar again whenever its facts or its verdicts (judge streams) change.

        Sent without an SSE id: the browser's Last-Event-ID must stay the
        position of the last timeline entry it received.
        """
        run = self.state.run(run_id)
        seen = self._trial_signature(run_id, trial_id, judge)
        after = run.head
        while True:
            after = await self.state.wait_change(run_id, after)
            signature = self._trial_signature(run_id, trial_id, judge)
            if signature != seen:
                seen = signature
                yield None, "header", await self.pages.trial(run_id, trial_id, judge, timeline=False)
            await anyio.sleep(_HEADER_REFRESH)

    def _trial_signature(self, run_id: str, trial_id: str, judge: str | None) -> tuple[object, ...]:
        run = self.state.run(run_id)
        marks = run.marks.get(trial_id)
        chosen = pick_judge(run.facts, judge)
        ranges = tuple(run.verdict_ranges(chosen, trial_id)) if chosen is not None else ()
        return (marks.events if marks is not None else -1, chosen, ranges)

    async def _stream(
        self, request: web.Request, *feeds: AsyncIterator[tuple[int | None, str, Any]]
    ) -> web.StreamResponse:
        """Send ``feeds`` as server-sent events until the client goes or the server stops.

        Each message is ``(id, event name, data)``; an id of None sends no ``id:``
        line (the browser keeps the last one for its reconnects).
        """
        response = web.StreamResponse(
            headers={
                **SECURITY_HEADERS,
                "Content-Type": "text/event-stream; charset=utf-8",
                "Cache-Control": "no-store",
                "X-Accel-Buffering": "no",
            }
        )
        await response.prepare(request)
        lock = anyio.Lock()
        with anyio.CancelScope() as scope:
            self._feeds.add(scope)
            try:
                await response.write(b"retry: 2000\n\n")
                async with anyio.create_task_group() as tg:
                    tg.start_soon(self._heartbeat, response, lock)
                    for feed in feeds:
                        tg.start_soon(self._pump, response, lock, feed)
            except* ConnectionError:
                pass  # the client went away mid-write
            except* RealcliError as group:
                # The log failed under a feed (e.g. NATS gone for good): say so, then end it.
                failure = {"error": str(find_error(group))}
                with contextlib.suppress(ConnectionError):
                    await response.write(b"event: failure\ndata: " + self._encoder.encode(failure) + b"\n\n")
            finally:
                self._feeds.discard(scope)
        return response

    async def _pump(
        self, response: web.StreamResponse, lock: anyio.Lock, feed: AsyncIterator[tuple[int | None, str, Any]]
    ) -> None:
        async with aclosing(feed) as messages:  # type: ignore[type-var]
            async for ident, kind, data in messages:
                body = self._encoder.encode(self.sanitizer.tree(data))
                head = b"" if ident is None else b"id: %d\n" % ident
                async with lock:
                    await response.write(head + b"event: " + kind.encode() + b"\ndata: " + body + b"\n\n")

    async def _heartbeat(self, response: web.StreamResponse, lock: anyio.Lock) -> None:
        # Keeps proxies from closing an idle feed and notices a client that went away.
        while True:
            await anyio.sleep(HEARTBEAT_SEC)
            async with lock:
                await response.write(b": ping\n\n")
