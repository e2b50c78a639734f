"""A container's own processes, told apart from the ones its commands left behind.

When the sandbox is ready (its healthcheck passed, before the first command
of the agent) the processes running in it are the sandbox's *own*: its init,
its keep-alive loop, what the image's entrypoint started.  Everything else
that runs later was started by a command: by the agent, in the end.

Two views of each process are kept, because each side can only act on its own:

* inside the container, ``pid:starttime`` (the kernel's start time in clock
  ticks, which a process cannot change): the kill script spares these;
* the engine's listing (``docker top``: the host's pid and the command line),
  which nothing in the container can forge: ``strays`` compares with these.

The scripts use shell builtins only (``read``, ``kill``, a glob of ``/proc``):
they fork nothing, so they still run when the agent's processes hold every
slot of the process limit but two (``timeout`` and ``sh`` of the exec itself).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

__all__ = ["LIST_OWN", "PS_ARGS", "STOP_STRAYS", "OwnProcesses", "parse_listing", "parse_top"]

# Every process but this shell and its `timeout` parent, as `pid:starttime` (field 22 of /proc/PID/stat,
# read after the command name, which may hold spaces and parentheses).
_EACH = (
    "for d in /proc/[0-9]*; do p=${d#/proc/}; case $p in $$|$PPID) continue;; esac; "
    '{ read -r s < "$d/stat"; } 2>/dev/null || continue; s=${s##*) }; set -- $s; '
)
LIST_OWN: Final = _EACH + 'echo "$p:${20}"; done'
"""Prints every process of the container (but the exec's own) as ``pid:starttime``, one per line."""

# Stops (SIGSTOP) every process that is not the container's own, pass after pass until a pass finds
# none left running (a stopped process cannot fork, so a process that re-spawns cannot outrun it), then
# kills them all; zombies are left to init.  REALCLI_KEEP holds the own processes, " pid:start ... ".
_VICTIM = (
    "case $p in 1) continue;; esac; case $1 in Z) continue;; esac; "
    'case "$REALCLI_KEEP" in *" $p:${20} "*) continue;; esac; '
)
STOP_STRAYS: Final = (
    "n=0; while [ $n -lt 50 ]; do n=$((n+1)); new=0; "
    + _EACH
    + _VICTIM
    + 'case $1 in T|t) ;; *) kill -STOP "$p" 2>/dev/null && new=1;; esac; done; '
    "[ $new = 0 ] && break; done; " + _EACH + _VICTIM + 'kill -KILL "$p" 2>/dev/null; done; true'
)
"""Stops, then kills, every process not listed in ``$REALCLI_KEEP`` (and not PID 1, nor the exec's own)."""

PS_ARGS: Final = "-eo pid,stat,args"
"""What ``docker top`` asks ``ps`` for: the host's pid, the state (zombies are dead) and the command line."""


@dataclass(frozen=True)
class OwnProcesses:
    """The sandbox's own processes, in both views (see the module)."""

    inside: frozenset[str] = frozenset()  # "pid:starttime", as the container's kernel namespace numbers them
    listed: frozenset[tuple[str, str]] = field(default_factory=frozenset)  # (host pid, command line)

    @property
    def keep(self) -> str:
        """``$REALCLI_KEEP`` for ``STOP_STRAYS``: the own processes between spaces."""
        return " " + " ".join(sorted(self.inside)) + " "

    def strays(self, rows: Iterable[tuple[str, str, str]]) -> list[str]:
        """The command lines of live processes (``docker top`` rows: pid, state, args) that are not own."""
        return [args for pid, state, args in rows if not state.startswith("Z") and (pid, args) not in self.listed]


def parse_listing(text: str) -> frozenset[str]:
    """``LIST_OWN``'s output as a set of ``pid:starttime``."""
    return frozenset(line for line in text.split() if line.count(":") == 1 and line.replace(":", "").isdigit())


def parse_top(top: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The rows of a ``docker top`` answer asked with ``PS_ARGS``: (pid, state, command line)."""
    titles: Sequence[str] = top.get("Titles") or []
    rows: list[tuple[str, str, str]] = []
    want = {"PID": 0, "STAT": 1, "COMMAND": 2}
    at = {want[t]: i for i, t in enumerate(titles) if t in want}
    for row in top.get("Processes") or []:
        if len(at) == 3:
            rows.append((str(row[at[0]]), str(row[at[1]]), str(row[at[2]])))
        elif row:  # an engine that ignored ps_args: the pid is the second column of `ps -ef`
            rows.append((str(row[1] if len(row) > 1 else row[0]), "", str(row[-1])))
    return rows
