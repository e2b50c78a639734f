"""The JSON API's handlers under ``/api/`` (a part of ``Viewer``): each reads its query and answers with ``Pages``.

``Responses`` is what the viewer's parts share: the followed log, its pages, and the one way out for data
(sanitized, then JSON)."""

from __future__ import annotations

from typing import Any

import msgspec
from aiohttp import web

from realcli import ConfigError
from realcli.viewer._follow import LogState
from realcli.viewer._http import checked_token, query_int
from realcli.viewer._pages import PAGE_TRIALS, Pages, check_threshold
from realcli.viewer._text import Sanitizer
from realcli.viewer._trial_pages import PAGE_EVENTS

__all__ = ["JsonApi", "Responses"]


class Responses:
    """What the viewer's parts share: the followed log's state, its pages, and the encoder every answer leaves
    through (each string made safe by the sanitizer first)."""

    def __init__(self, state: LogState, sanitizer: Sanitizer) -> None:
        self.state = state
        self.pages = Pages(state)
        self.sanitizer = sanitizer
        self._encoder = msgspec.json.Encoder()

    def encode(self, data: Any) -> bytes:
        """``data`` as JSON, every string in it sanitized."""
        return self._encoder.encode(self.sanitizer.tree(data))

    def json(self, data: Any, *, status: int = 200) -> web.Response:
        """A JSON response of ``data`` (sanitized), never cached."""
        return web.Response(
            body=self.encode(data),
            status=status,
            content_type="application/json",
            headers={"Cache-Control": "no-store"},
        )

    async def ready(self) -> None:
        """Wait until the log has been folded once (no page is answered from a half-read log)."""
        await self.state.ready.wait()


class JsonApi:
    """The JSON API part of ``Viewer``: one handler per route under ``/api/`` (``Viewer.app`` lists them)."""

    def __init__(self, responses: Responses) -> None:
        self._out = responses
        self._pages = responses.pages

    async def runs(self, request: web.Request) -> web.Response:
        """``/api/runs``: every run of the log with its headline."""
        await self._out.ready()
        return self._out.json(await self._pages.runs())

    async def run(self, request: web.Request) -> web.Response:
        """``/api/runs/{run}``: one run's page (scores at ``threshold``, by ``judge``)."""
        await self._out.ready()
        run_id = checked_token(request.match_info["run"], "run id")
        threshold = check_threshold(request.query.get("threshold"))
        judge = request.query.get("judge") or None
        return self._out.json(await self._pages.run(run_id, judge, threshold, stale_ok=True))

    async def trials(self, request: web.Request) -> web.Response:
        """``/api/runs/{run}/trials``: one page of a run's trials, filtered, searched and sorted."""
        await self._out.ready()
        q = request.query
        data = await self._pages.trials(
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
        return self._out.json(data)

    async def trial(self, request: web.Request) -> web.Response:
        """``/api/runs/{run}/trials/{trial}``: one trial's page."""
        await self._out.ready()
        run_id = checked_token(request.match_info["run"], "run id")
        trial_id = checked_token(request.match_info["trial"], "trial id")
        return self._out.json(await self._pages.trial(run_id, trial_id, request.query.get("judge") or None))

    async def events(self, request: web.Request) -> web.Response:
        """``/api/runs/{run}/trials/{trial}/events``: a page of a trial's timeline, between two positions."""
        await self._out.ready()
        run_id = checked_token(request.match_info["run"], "run id")
        trial_id = checked_token(request.match_info["trial"], "trial id")
        until = query_int(request, "until", -1)
        data = await self._pages.events(
            run_id,
            trial_id,
            after=query_int(request, "after", -1),
            until=None if until < 0 else until,
            limit=query_int(request, "limit", PAGE_EVENTS),
        )
        return self._out.json(data)

    async def event(self, request: web.Request) -> web.Response:
        """``/api/runs/{run}/trials/{trial}/events/{actor}/{version}``: one event, whole."""
        await self._out.ready()
        run_id = checked_token(request.match_info["run"], "run id")
        trial_id = checked_token(request.match_info["trial"], "trial id")
        try:
            version = int(request.match_info["version"])
        except ValueError:
            raise ConfigError(f"event version {request.match_info['version']!r}: expected an integer") from None
        return self._out.json(await self._pages.event(run_id, trial_id, request.match_info["actor"], version))

    async def compare(self, request: web.Request) -> web.Response:
        """``/api/compare``: two runs side by side (``?a=RUN&b=RUN``), or two judges of one run
        (``?run=RUN&a=JUDGE&b=JUDGE``)."""
        await self._out.ready()
        q = request.query
        first, second = q.get("a", ""), q.get("b", "")
        if not first or not second:
            raise ConfigError("compare: expected ?a=RUN&b=RUN (two runs) or ?run=RUN&a=JUDGE&b=JUDGE (two judges)")
        if q.get("run"):
            run_id = checked_token(q["run"], "run id")
            data = await self._pages.compare_judges(
                run_id, checked_token(first, "judge id"), checked_token(second, "judge id")
            )
        else:
            data = await self._pages.compare_runs(checked_token(first, "run id"), checked_token(second, "run id"))
        return self._out.json(data)
