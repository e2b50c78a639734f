"""Trials as work items on a JetStream work queue, for workers on many machines.

The queue is a JetStream stream ``<NAME>_WORK`` with work-queue retention:
each item is delivered to one worker of the durable pull consumer
``workers``, and deleted once acknowledged.  A worker that dies without
acknowledging gives its item back after ``ack_wait``; a live worker keeps
its item by reporting progress (``WorkItem.touch``) well within that time.
No home-made cluster code: delivery, redelivery and exclusivity are
JetStream's.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any, Final
from urllib.parse import urlsplit

import anyio
import msgspec
import nats.errors
import nats.js.errors
from nats.js import api

from realcli._errors import ConfigError, LogUnavailableError
from realcli.eventlog._natsconn import connect, parse_nats_url

CONSUMER: Final = "workers"


class WorkOrder(msgspec.Struct, frozen=True):
    """One trial to run: everything else a worker reads from the run's log."""

    run_id: str
    trial_id: str


class WorkItem:
    """A delivered order; ``done()`` acknowledges it, ``touch()`` keeps it while the trial runs."""

    def __init__(self, order: WorkOrder, msg: Any, ack_wait: float) -> None:
        self.order = order
        self._msg = msg
        self.touch_every = max(0.5, ack_wait / 3)  # several touches per ack_wait, so a live worker keeps it

    @property
    def deliveries(self) -> int:
        return int(self._msg.metadata.num_delivered)

    async def touch(self) -> None:
        with contextlib.suppress(nats.errors.Error):
            await self._msg.in_progress()

    async def done(self) -> None:
        """Acknowledge the order, and wait until the queue has (so ``remaining`` no longer counts it).

        An acknowledgement lost to an outage is harmless: the order comes back
        after ``ack_wait``, and a worker finds its trial finished in the log.
        """
        with contextlib.suppress(nats.errors.Error):
            await self._msg.ack_sync(timeout=5)

    async def give_back(self, delay_sec: float = 1.0) -> None:
        with contextlib.suppress(nats.errors.Error):
            await self._msg.nak(delay=delay_sec)


class WorkQueue:
    """The work queue beside a JetStream log at the same ``nats://`` URL."""

    def __init__(self, nc: Any, name: str, ack_wait: float) -> None:
        self._nc = nc
        self._js = nc.jetstream()
        self._name = f"{name}_WORK"
        self._ack_wait = ack_wait

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, url: str, *, ack_wait: float = 120.0) -> AsyncIterator[WorkQueue]:
        if urlsplit(url).scheme != "nats":
            raise ConfigError(f"--log {url!r}: distributed runs need a nats://HOST:PORT log")
        target = parse_nats_url(url)
        nc = await connect(target, purpose="the work queue")
        name = target.stream
        queue = cls(nc, name, ack_wait)
        try:
            await queue._ensure()
            yield queue
        finally:
            with anyio.CancelScope(shield=True):
                await nc.close()

    async def _ensure(self) -> None:
        config = api.StreamConfig(
            name=self._name,
            subjects=[f"{self._name}.>"],
            retention=api.RetentionPolicy.WORK_QUEUE,
            storage=api.StorageType.FILE,
        )
        with contextlib.suppress(nats.js.errors.BadRequestError):  # exists already
            await self._js.add_stream(config)

    async def submit(self, orders: list[WorkOrder]) -> None:
        """Queue orders; re-submitting the same trial while it is queued does not duplicate it."""
        for order in orders:
            await self._js.publish(
                f"{self._name}.{order.run_id}",
                msgspec.json.encode(order),
                headers={"Nats-Msg-Id": f"{order.run_id}/{order.trial_id}"},
            )

    async def remaining(self, run_id: str) -> int:
        """Orders of ``run_id`` still queued or being worked on (an acknowledged order is deleted)."""
        subject = f"{self._name}.{run_id}"
        try:
            info = await self._js.stream_info(self._name, subjects_filter=subject)
        except nats.errors.Error as e:
            raise LogUnavailableError(f"NATS work queue {self._name}: cannot count the orders of {run_id}: {e}") from e
        return int((info.state.subjects or {}).get(subject, 0))

    @contextlib.asynccontextmanager
    async def consumer(self) -> AsyncIterator[WorkConsumer]:
        """This worker's end of the queue (one durable consumer shared by all workers)."""
        config = api.ConsumerConfig(
            durable_name=CONSUMER, ack_policy=api.AckPolicy.EXPLICIT, ack_wait=self._ack_wait, max_ack_pending=-1
        )
        sub = await self._js.pull_subscribe(f"{self._name}.>", durable=CONSUMER, stream=self._name, config=config)
        try:
            # The durable consumer keeps the ack_wait of whoever created it first.
            info = await sub.consumer_info()
            yield WorkConsumer(sub, float(info.config.ack_wait or self._ack_wait))
        finally:
            with anyio.CancelScope(shield=True), contextlib.suppress(Exception):
                await sub.unsubscribe()


class WorkConsumer:
    def __init__(self, sub: Any, ack_wait: float) -> None:
        self._sub = sub
        self.ack_wait = ack_wait

    async def next(self, *, wait_sec: float = 5.0) -> WorkItem | None:
        """The next order, or None if none came within ``wait_sec``."""
        try:
            msgs = await self._sub.fetch(1, timeout=wait_sec)
        except nats.errors.TimeoutError:
            return None
        except (nats.errors.Error, nats.js.errors.Error):
            # The server is away (an outage): no order for now; the durable consumer
            # is still there when it comes back.
            await anyio.sleep(wait_sec)
            return None
        msg = msgs[0]
        return WorkItem(msgspec.json.decode(msg.data, type=WorkOrder), msg, self.ack_wait)
