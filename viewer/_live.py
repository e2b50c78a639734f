"""The live feeds under ``/api/live/`` (a part of ``Viewer``): server-sent events of snapshots and log subscriptions."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import aclosing
from typing import Any, Final

import anyio
from aiohttp import web

from realcli import NotFoundError, RealcliError, find_error
from realcli.viewer._api import Responses
from realcli.viewer._http import SECURITY_HEADERS, checked_token, query_int
from realcli.viewer._pages import check_threshold
from realcli.viewer._status import pick_judge
from realcli.viewer._timeline import entry

__all__ = ["HEARTBEAT_SEC", "LiveFeeds"]

HEARTBEAT_SEC: Final = 15.0
_MIN_REFRESH: Final = 0.25
_HEADER_REFRESH: Final = 1.0
_QUIET: Final = 1.0
_FULL_EVERY: Final = 30.0


class LiveFeeds:
    """The live part of ``Viewer``: one handler per feed under ``/api/live/``, and the cancel scope of each feed
    still open, for ``close`` to end them all when the server stops."""

    def __init__(self, responses: Responses) -> None:
        self._out = responses
        self._state = responses.state
        self._pages = responses.pages
        self._feeds: set[anyio.CancelScope] = set()

    def close(self) -> None:
        """End every open feed (their handlers return and their subscriptions close)."""
        for scope in list(self._feeds):
            scope.cancel()

    def _after(self, request: web.Request) -> int:
        """Where a feed resumes: the browser's Last-Event-ID on a reconnect, else ``after``."""
        last = request.headers.get("Last-Event-ID", "")
        if last.lstrip("-").isdigit():
            return int(last)
        return query_int(request, "after", -1)

    async def runs(self, request: web.Request) -> web.StreamResponse:
        """``/api/live/runs``: the runs list again whenever the log moves on."""
        await self._out.ready()

        async def build(full: bool | None) -> tuple[int, bool, Any]:
            data = await self._pages.runs(full=full)
            return data["position"], data["intervals"], data

        has_full = request.query.get("full") == "1"
        feed = self._snapshots(None, self._after(request), has_full, "runs", build)
        return await self._stream(request, feed)

    async def run(self, request: web.Request) -> web.StreamResponse:
        """``/api/live/runs/{run}``: the run's page again whenever the run moves on (a bad run or judge is an
        error before the feed starts)."""
        await self._out.ready()
        run_id = checked_token(request.match_info["run"], "run id")
        threshold = check_threshold(request.query.get("threshold"))
        judge = request.query.get("judge") or None
        pick_judge(self._state.run(run_id).facts, judge)  # a bad run or judge is a plain error, before streaming

        async def build(full: bool | None) -> tuple[int, bool, Any]:
            data = await self._pages.run(run_id, judge, threshold, full=full)
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
                await self._state.wait_change(run_id, after)
                changed = True
            else:
                changed = False
                with anyio.move_on_after(_QUIET):
                    await self._state.wait_change(run_id, after)
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

    async def trial(self, request: web.Request) -> web.StreamResponse:
        """``/api/live/runs/{run}/trials/{trial}``: the trial's timeline from ``after`` (or Last-Event-ID) on, then
        live, with its header again whenever its facts or verdicts change."""
        await self._out.ready()
        run_id = checked_token(request.match_info["run"], "run id")
        trial_id = checked_token(request.match_info["trial"], "trial id")
        judge = request.query.get("judge") or None
        run = self._state.run(run_id)
        if trial_id not in run.marks and trial_id not in run.facts.scheduled:
            raise NotFoundError(f"run {run_id!r} has no trial {trial_id!r}")
        pick_judge(run.facts, judge)
        entries = self._trial_feed(f"{run_id}.{trial_id}", self._after(request))
        return await self._stream(request, entries, self._trial_header_feed(run_id, trial_id, judge))

    async def _trial_feed(self, scope: str, after: int) -> AsyncIterator[tuple[int | None, str, Any]]:
        async with aclosing(self._state.log.subscribe(after + 1, scope)) as records:  # type: ignore[type-var]
            async for rec in records:
                yield rec.position, "entry", entry(rec)

    async def _trial_header_feed(
        self, run_id: str, trial_id: str, judge: str | None
    ) -> AsyncIterator[tuple[int | None, str, Any]]:
        """The trial's header and sidebar again whenever its facts or its verdicts (judge streams) change.

        Sent without an SSE id: the browser's Last-Event-ID must stay the
        position of the last timeline entry it received.
        """
        run = self._state.run(run_id)
        seen = self._trial_signature(run_id, trial_id, judge)
        after = run.head
        while True:
            after = await self._state.wait_change(run_id, after)
            signature = self._trial_signature(run_id, trial_id, judge)
            if signature != seen:
                seen = signature
                yield None, "header", await self._pages.trial(run_id, trial_id, judge, timeline=False)
            await anyio.sleep(_HEADER_REFRESH)

    def _trial_signature(self, run_id: str, trial_id: str, judge: str | None) -> tuple[object, ...]:
        run = self._state.run(run_id)
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
                    await response.write(b"event: failure\ndata: " + self._out.encode(failure) + b"\n\n")
            finally:
                self._feeds.discard(scope)
        return response

    async def _pump(
        self, response: web.StreamResponse, lock: anyio.Lock, feed: AsyncIterator[tuple[int | None, str, Any]]
    ) -> None:
        async with aclosing(feed) as messages:  # type: ignore[type-var]
            async for ident, kind, data in messages:
                body = self._out.encode(data)
                head = b"" if ident is None else b"id: %d\n" % ident
                async with lock:
                    await response.write(head + b"event: " + kind.encode() + b"\ndata: " + body + b"\n\n")

    async def _heartbeat(self, response: web.StreamResponse, lock: anyio.Lock) -> None:
        # Keeps proxies from closing an idle feed and notices a client that went away.
        while True:
            await anyio.sleep(HEARTBEAT_SEC)
            async with lock:
                await response.write(b": ping\n\n")
