"""The hash chain every backend keeps over each stream: what makes the log tamper-evident.

Each event of a stream gets a digest that covers its predecessor's::

    digest(v) = sha256(digest(v - 1) || v as 8 bytes big-endian || the event's stored bytes)
    digest(0) = sha256(b"realcli-chain-1\\0" || stream name)

so altering, removing, reordering or inserting an event changes the digest
of every event after it, and a digest taken at some moment (a *seal*: the
heads a trial or a run records when it finishes, or the run's head printed
at the end of ``realcli run``) pins everything before it.  The chain is
computed over the bytes the log stores, never over a re-encoding, so a
later realcli whose events gained fields still verifies old logs.

Events recorded before chains existed carry no digest; the chain still runs
over them (from the stream's first event), so the first event appended to
such a stream links to all of them, and an archive of it reproduces the same
digests wherever it is imported.  A chain alone is forgeable by whoever can
read and append (the next digest is public arithmetic): seals and the run's
head are what bind it (``docs/threat-model.md``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Final

__all__ = ["GENESIS_TAG", "chain_over", "genesis", "next_digest"]

GENESIS_TAG: Final = b"realcli-chain-1\x00"


def genesis(stream: str) -> bytes:
    """The digest before a stream's first event (binds the chain to the stream's name)."""
    return hashlib.sha256(GENESIS_TAG + stream.encode()).digest()


def next_digest(prev: bytes, version: int, data: bytes) -> bytes:
    """The digest of the event at ``version`` whose stored bytes are ``data``, after ``prev``."""
    h = hashlib.sha256(prev)
    h.update(version.to_bytes(8, "big"))
    h.update(data)
    return h.digest()


def chain_over(prev: bytes, first_version: int, datas: Iterable[bytes]) -> list[bytes]:
    """The digests of consecutive events from ``first_version`` on, after ``prev``."""
    out = []
    for version, data in enumerate(datas, start=first_version):
        prev = next_digest(prev, version, data)
        out.append(prev)
    return out
