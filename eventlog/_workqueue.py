"""Trials as work items on a JetStream work queue, for workers on many machines.

The queue is a JetStream stream ``<NAME>_WORK`` with work-queue retention:
each item is delivered to one worker of the durable pull consumer
``workers``, and deleted once acknowledged.  A worker that dies without
acknowledging gives its item back after ``ack_wait``; a live worker keeps
its item by reporting progress (``WorkItem.touch``) well within that time.
No home-made cluster code: delivery, redelivery and exclusivity are
JetStream's.

With per-role credentials (``_natsroles``) a worker's own credential cannot
append to any run: each order carries a credential for its run alone
(minted by the coordinator with ``runs.nk``), sealed with ``orders.key`` so
that a reader of the queue's stream cannot use it.  With the token of older
set-ups, orders carry none and workers append with the token.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator
from typing import Any, Final
from urllib.parse import urlsplit

import anyio
import msgspec
import nats.errors
import nats.js.errors
from nats.js import api

from realcli._errors import ConfigError, LogUnavailableError
from realcli.eventlog._natsconn import Credential, Link, connect, nats_dir, parse_nats_url, read_private
from realcli.eventlog._natsroles import Role, mint_run_credentials, seal, unseal

CONSUMER: Final = "workers"


def _orders_key() -> bytes | None:
    path = nats_dir() / "orders.key"
    return read_private(path, "the orders key").encode() if path.exists() else None


class WorkOrder(msgspec.Struct, frozen=True):
    """One trial to run: everything else a worker reads from the run's log.

    ``credential``: the run's own NATS credential, sealed (empty with a token set-up).
    """

    run_id: str
    trial_id: str
    credential: str = ""


class WorkItem:
    """A delivered order; ``done()`` acknowledges it, ``touch()`` keeps it while the trial runs."""

    def __init__(self, order: WorkOrder, msg: Any, ack_wait: float) -> None:
        self.order = order
        self._msg = msg
        self.touch_every = max(0.5, ack_wait / 3)  # several touches per ack_wait, so a live worker keeps it

    @property
    def deliveries(self) -> int:
        """How many times the queue has delivered this order (more than one: a worker before this one gave it up or
        died)."""
        return int(self._msg.metadata.num_delivered)

    def credential(self) -> Credential | None:
        """The run's own credential, to append with (None: append with this worker's own)."""
        if not self.order.credential:
            return None
        key = _orders_key()
        if key is None:
            raise ConfigError(
                f"the orders of run {self.order.run_id} carry sealed credentials and this worker has no "
                f"{nats_dir() / 'orders.key'}: copy it from the machine that ran `realcli nats-setup`"
            )
        return Credential(f"run {self.order.run_id}'s credential", creds=unseal(key, self.order.credential))

    async def touch(self) -> None:
        """Tell the queue the order is still being worked on, so it is not redelivered after ``ack_wait`` (an outage is
        ignored)."""
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
        """Return the order to the queue, to be delivered again after ``delay_sec``."""
        with contextlib.suppress(nats.errors.Error):
            await self._msg.nak(delay=delay_sec)


class WorkQueue:
    """The work queue beside a JetStream log at the same ``nats://`` URL."""

    def __init__(self, link: Link, name: str, ack_wait: float) -> None:
        self._link = link
        self._js = link.nc.jetstream()
        self._log_stream = name
        self._name = f"{name}_WORK"
        self._ack_wait = ack_wait

    @classmethod
    @contextlib.asynccontextmanager
    async def open(cls, url: str, *, ack_wait: float = 120.0, role: Role = "run") -> AsyncIterator[WorkQueue]:
        """The queue of the log at ``url``: ``run`` (the coordinator) creates it, a ``worker`` waits for it."""
        if urlsplit(url).scheme != "nats":
            raise ConfigError(f"--log {url!r}: distributed runs need a nats://HOST:PORT log")
        target = parse_nats_url(url)
        link = await connect(target, purpose="the work queue", role=role)
        queue = cls(link, target.stream, ack_wait)
        try:
            await queue._ensure(create=role != "read")
            yield queue
        finally:
            await link.close()

    async def _ensure(self, *, create: bool) -> None:
        """The queue's stream: made if missing, or, if this credential may not (a worker's), waited for."""
        config = api.StreamConfig(
            name=self._name,
            subjects=[f"{self._name}.>"],
            retention=api.RetentionPolicy.WORK_QUEUE,
            storage=api.StorageType.FILE,
        )
        while True:
            with contextlib.suppress(nats.js.errors.NotFoundError):
                await self._js.stream_info(self._name)
                return
            if create:
                began = time.monotonic()
                try:
                    await self._js.add_stream(config)
                    return
                except nats.js.errors.BadRequestError:
                    return  # made meanwhile by another coordinator
                except nats.errors.TimeoutError:
                    if self._link.refused_since(began) is None:
                        raise LogUnavailableError(f"NATS work queue {self._name}: no answer to its creation") from None
                    create = False  # not ours to make: the coordinator makes it
            await anyio.sleep(1.0)

    async def submit(self, orders: list[WorkOrder]) -> None:
        """Queue orders; re-submitting the same trial while it is queued does not duplicate it.

        Each order carries its run's own credential, sealed, when this
        process has the keys to mint one (``runs.nk``, ``orders.key``).
        """
        sealed: dict[str, str] = {}
        for order in orders:
            if order.run_id not in sealed:
                sealed[order.run_id] = self._run_credential(order.run_id)
            order = msgspec.structs.replace(order, credential=sealed[order.run_id])
            await self._js.publish(
                f"{self._name}.{order.run_id}",
                msgspec.json.encode(order),
                headers={"Nats-Msg-Id": f"{order.run_id}/{order.trial_id}"},
            )

    def _run_credential(self, run_id: str) -> str:
        """A credential for ``run_id`` alone, sealed for the workers ("" with a token set-up).

        Only when this process itself connected with a user credential: a server that
        takes a token runs the token set-up, whatever keys this machine also holds, and
        would refuse what they mint.
        """
        runs, key = nats_dir() / "runs.nk", _orders_key()
        if not self._link.user or not runs.exists() or key is None:
            return ""
        creds = mint_run_credentials(read_private(runs, "the run-minting key").encode(), self._log_stream, run_id)
        return seal(key, creds)

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
    """A worker's pull subscription to the work queue; ``next()`` takes one order at a time."""

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
