"""What the parts of ``JetStreamLog`` share: the connection, the log's JetStream stream, and requests that ride
out an outage of the server (see ``_nats`` for the bound)."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

import anyio
import nats.errors
import nats.js.errors

from realcli._errors import LogAccessDeniedError, LogUnavailableError
from realcli.eventlog._natsconn import Link

__all__ = ["JetStreamClient"]

_RETRY_PAUSE_SEC: Final = 0.25
# What a request meets while the server is away or restarting: worth retrying.
_TRANSIENT: Final = (
    nats.errors.TimeoutError,
    nats.errors.ConnectionReconnectingError,
    nats.errors.NoRespondersError,
    nats.errors.StaleConnectionError,
    nats.errors.OutboundBufferLimitError,
    nats.js.errors.NoStreamResponseError,
    nats.js.errors.ServiceUnavailableError,
)


class JetStreamClient:
    """One log's handle on NATS: the link, its JetStream contexts, the stream's name and subject prefix, and
    ``call`` for every request (the log's reads and its appender's appends alike)."""

    def __init__(self, url: str, link: Link, stream_name: str, outage_sec: float) -> None:
        self.url = url
        self.link = link
        self.nc = link.nc
        self.js = link.nc.jetstream()
        self.jsm = link.nc.jsm()
        self.name = stream_name
        self.prefix = stream_name + "."
        self.outage_sec = outage_sec

    async def call(self, what: str, request: Callable[[], Awaitable[Any]]) -> Any:
        """``request()``, retried while the server is away, until the outage bound (counted from the outage).

        The bound is a deadline: a request still in flight when it passes is
        abandoned (an abandoned append is re-sent with the same id later, so it
        lands once at most).  A request the server refused for want of a
        permission fails at once.
        """
        last: Exception | None = None
        began = time.monotonic()
        while True:
            remaining = self.link.deadline(began, self.outage_sec) - time.monotonic()
            if remaining <= 0:
                break
            with anyio.move_on_after(remaining):
                try:
                    return await request()
                except _TRANSIENT as e:
                    last = e
                    self._check_refused(what, began)
                    if self.nc.is_closed:
                        break
                except nats.errors.ConnectionClosedError as e:
                    last = e
                    break
                await anyio.sleep(_RETRY_PAUSE_SEC)
        raise self.lost(what) from last

    def _check_refused(self, what: str, since: float) -> None:
        refusal = self.link.refused_since(since)
        if refusal is not None:
            raise LogAccessDeniedError(
                f"NATS at {self.url} refused {what} to this process's credential "
                f"({self.link.source}, role {self.link.role}): {refusal}"
            )

    def lost(self, what: str) -> LogUnavailableError:
        """The error of a request abandoned because the server stayed away past the outage bound."""
        return LogUnavailableError(
            f"lost NATS at {self.url} for {self.outage_sec:.0f} s while {what}: "
            "check the server (the bound is the log URL's ?outage=SEC); a run can be resumed with `realcli resume`"
        )
