"""Which realcli process owns a container or network, and whether it still lives on this host.

Every container and network realcli makes carries labels naming its run, its
owning process and host, so ``gc`` can remove what a crashed process left
behind: only objects whose owner (``realcli.owner``: boot, pid and the pid's
start in clock ticks, exact where a wall-clock start time is not) is gone
from *this* host (``realcli.host-id``: the machine and PID namespace in which
the pid means something).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "KIND_SANDBOX",
    "LABEL_HOST",
    "LABEL_HOST_ID",
    "LABEL_KIND",
    "LABEL_OWNER",
    "LABEL_PID",
    "LABEL_RUN",
    "LABEL_TRIAL",
    "host_id",
    "owner_alive",
    "owner_id",
]

LABEL_KIND = "realcli.kind"
LABEL_RUN = "realcli.run"
LABEL_TRIAL = "realcli.trial"
LABEL_PID = "realcli.pid"
LABEL_HOST = "realcli.host"
LABEL_HOST_ID = "realcli.host-id"
LABEL_OWNER = "realcli.owner"
KIND_SANDBOX = "sandbox"


def _process_started_at(pid: int) -> float | None:
    """Wall-clock start time of ``pid`` from /proc, or None when unknown."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        fields = stat[stat.rindex(")") + 2 :].split()
        ticks = int(fields[19])  # field 22 of /proc/<pid>/stat, counted after "comm"
        btime = next(
            int(line.split()[1]) for line in Path("/proc/stat").read_text().splitlines() if line.startswith("btime")
        )
    except (OSError, ValueError, IndexError, StopIteration):
        return None
    return btime + ticks / os.sysconf("SC_CLK_TCK")


def _is_zombie(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2 :].startswith("Z")


def _read_first(*paths: str) -> str:
    for path in paths:
        with contextlib.suppress(OSError):
            text = Path(path).read_text().strip()
            if text:
                return text
    return ""


def _boot_id() -> str:
    return _read_first("/proc/sys/kernel/random/boot_id") or "unknown-boot"


def host_id() -> str:
    """This host as far as process ids go: the machine and the PID namespace (a container is another host).

    Stable across reboots (a pid's owner after a reboot is told apart by
    ``owner_id``'s boot id); two containers with the same machine id, or the
    same host name, still differ by their PID namespace.
    """
    machine = _read_first("/etc/machine-id", "/var/lib/dbus/machine-id") or _boot_id()
    try:
        namespace = str(os.stat("/proc/self/ns/pid").st_ino)
    except OSError:
        namespace = socket.gethostname()
    return hashlib.sha256(f"{machine}:{namespace}".encode()).hexdigest()[:16]


def _start_ticks(pid: int) -> str | None:
    """When ``pid`` started, in clock ticks since boot (field 22 of /proc/<pid>/stat), or None if gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        return stat[stat.rindex(")") + 2 :].split()[19]
    except (OSError, ValueError, IndexError):
        return None


def owner_id(pid: int) -> str | None:
    """``<boot id>/<pid>/<start ticks>``: one process of this host, never confused with a later one."""
    ticks = _start_ticks(pid)
    return None if ticks is None else f"{_boot_id()}/{pid}/{ticks}"


def owner_alive(labels: Mapping[str, str], created: float) -> bool:
    """Whether the process that created a sandbox still runs; another host's sandboxes always count as alive."""
    if LABEL_HOST_ID in labels:
        if labels[LABEL_HOST_ID] != host_id():
            return True  # another machine's, or another PID namespace's: its pids mean nothing here
        try:
            boot, owner_pid, _ = labels.get(LABEL_OWNER, "").split("/")
            owner = int(owner_pid)
        except ValueError:
            return True  # no usable owner: never remove what we cannot attribute
        if boot != _boot_id():
            return False  # created before this host rebooted
        return owner_id(owner) == labels[LABEL_OWNER] and not _is_zombie(owner)
    # Sandboxes of realcli versions before realcli.host-id: host name and a wall-clock start time.
    if labels.get(LABEL_HOST) != socket.gethostname():
        return True
    try:
        pid = int(labels.get(LABEL_PID, ""))
    except ValueError:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    if _is_zombie(pid):  # killed, not yet reaped by its parent: it owns nothing any more
        return False
    started = _process_started_at(pid)
    # A pid reused by a process born after the container cannot be its owner.
    return started is None or started <= created + 1.0
