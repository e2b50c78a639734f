"""The JSON API's handlers under ``/api/`` (``Viewer``'s part): each reads its query and answers with ``Pages``."""

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

__all__ = ["JsonApi"]


class JsonApi:
    """The JSON API half of ``Viewer``, which sets what is declared below."""

    state: LogState
    pages: Pages
    sanitizer: Sanitizer
    _encoder: msgspec.json.Encoder

    def _json(self, data: Any, *, status: int = 200) -> web.Response:
        body = self._encoder.encode(self.sanitizer.tree(data))
        return web.Response(
            body=body, status=status, content_type="application/json", headers={"Cache-Control": "no-store"}
        )

    async def _ready(self) -> None:
        await self.state.ready.wait()

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
