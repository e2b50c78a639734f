"""Before the verifier: the agent's processes gone, its changes checked against the verifier's tools, its inputs fresh.

The verdict belongs to the harness (docs/judging.md, "The verdict").  When
the agent's time ends, before anything of the harness runs in the sandbox:

1. every process the agent left is killed, and the engine's process listing
   must agree (else the sandbox is restarted: nothing survives that);
2. the engine's list of changed paths is checked against what the
   verifier's run rests on (``_tamper_rules``): its findings make the
   verifier not run at all (V = 0, cause ``verifier_tampered``);
3. what the agent left in ``/tests`` and ``/logs/verifier`` is removed, so
   that the tests and the outputs the reward is read from are the harness's.

All of it is recorded in one ``VerifierPrepared``.  Nothing here trusts a
command's output from inside the sandbox: the listing, the changes, the
stats and the reads all come through the engine, and the one command run
(the clean-up) runs only once the tools it uses were found untouched.
"""

from __future__ import annotations

import posixpath
import time
from dataclasses import dataclass
from typing import Final

import anyio

from realcli import events as ev
from realcli.environments import Sandbox
from realcli.runtime.bus import StreamWriter
from realcli.runtime.trials._tamper_checks import Reads, Stats, path_prefixes
from realcli.runtime.trials._tamper_rules import READ_LIMIT, Layout, Survey, decide, survey
from realcli.runtime.trials._warden_output import evidence_file, merge
from realcli.runtime.trials._warden_plan import WardenPlan

__all__ = ["DEFAULT_PATH", "STRAY_WAIT_SEC", "Prepared", "VerifierGuard"]

DEFAULT_PATH: Final = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
STRAY_WAIT_SEC: Final = 3.0  # how long killed processes have to leave the engine's listing before a restart
_LISTED: Final = 50  # entries of each list a VerifierPrepared keeps (the totals count all)
_ALIASES: Final = ("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")  # merged-/usr links, resolved for the rules
# The clean-up: the image's own tools (just checked) by absolute PATH; the lists come in the environment.
_LAY_FRESH: Final = (
    "PATH=/usr/sbin:/usr/bin:/sbin:/bin; set -e; "
    'if [ "$REALCLI_TESTS" = 1 ]; then rm -rf /tests; fi; '
    'if [ "$REALCLI_OUT" = 1 ]; then rm -rf /logs/verifier; mkdir -p /logs/verifier; chmod 0777 /logs/verifier; fi; '
    'printf "%s\\n" "$REALCLI_PYC" | while IFS= read -r d; do case $d in '
    '"") ;; */) rm -f -- "$d"*.pyc;; *) rm -f -- "$d";; esac; done'
)
_PYC_LIST_CHARS: Final = 64 * 1024  # past this, whole __pycache__ directories are emptied (one environment entry)
_FORGED_BYTES: Final = 4096  # of a reward file the agent left where the verifier's outputs are read from


@dataclass(frozen=True)
class Prepared:
    """The guard's answer: the engine's changes (the evidence folds them) and whether the verifier may run."""

    changes: list[ev.PathChange]
    tampered: bool


class VerifierGuard:
    """Prepares the verifier's sandbox for the warden, on the actor's stream."""

    def __init__(self, plan: WardenPlan, writer: StreamWriter, verifier_env: dict[str, str]) -> None:
        self._plan = plan
        self._out = writer
        self._path = verifier_env.get("PATH", "")

    async def prepare(self, box: Sandbox, step: str | None = None) -> Prepared:
        """Stop the agent's processes, check its changes, lay /tests and /logs/verifier fresh; record it."""
        started = time.monotonic()
        stopped, reset = await self._stop_agent(box)
        # A separate verifier runs none of this container's tools: only its artifacts go over.
        separate = self._plan.verifier_image is not None
        changes, layout = await self._changes_and_layout(box, separate)
        found = Survey() if layout is None else survey(changes, layout)
        stats, reads = await _fetch(box, found)
        tampering = sorted([*found.findings, *decide(found.checks, stats, reads)], key=lambda f: (f.path, f.rule))
        if not tampering and (failed := await _lay_fresh(box, found)):
            tampering.append(failed)
        await self._out.append(
            ev.VerifierPrepared(
                trial_id=self._plan.trial_id,
                step=step,
                stopped=stopped[:_LISTED],
                stopped_total=len(stopped),
                reset=reset,
                checked=found.checked,
                tampering=tampering[:_LISTED],
                tampering_total=len(tampering),
                discarded=sorted(found.discarded, key=lambda c: c.path)[:_LISTED],
                discarded_total=len(found.discarded),
                forged=[
                    evidence_file(c.path, reads[c.path], _FORGED_BYTES)
                    for c in found.discarded
                    if reads.get(c.path) is not None
                ],
                duration_sec=time.monotonic() - started,
                environment=self._plan.verifier_image or "",
            )
        )
        return Prepared(changes=changes, tampered=bool(tampering))

    async def _changes_and_layout(self, box: Sandbox, separate: bool) -> tuple[list[ev.PathChange], Layout | None]:
        """The engine's changes and the verifier's layout (None for a separate verifier), asked at once."""
        layout: Layout | None = None

        async def ask_layout() -> None:
            nonlocal layout
            layout = await self._layout(box)

        async with anyio.create_task_group() as tg:
            if not separate:
                tg.start_soon(ask_layout)
            changes = await box.changed_paths()
        return changes, layout

    async def _stop_agent(self, box: Sandbox) -> tuple[list[str], bool]:
        """Kill what the agent left running; the engine's listing says when they are gone (else: restart)."""
        strays = await box.stray_processes()
        if not strays:
            return [], False
        await box.stop_processes()
        with anyio.move_on_after(STRAY_WAIT_SEC):
            while True:  # the engine's listing, polled: nothing in the sandbox can signal it
                if not await box.stray_processes():
                    return strays, False
                await anyio.sleep(0.05)
        # Still there: a kill that could not run (every process slot taken) or was not obeyed.
        await box.reset_processes()
        await self._out.append(
            ev.SandboxReset(
                container_id=box.info.container_id,
                reason=f"{len(strays)} processes the agent left running outlived the kill before the verifier: "
                "every process was killed, the files kept",
                processes=len(strays),
            )
        )
        return strays, True

    async def _layout(self, box: Sandbox) -> Layout:
        """The verifier's PATH resolved through the image's links, its working directory, the harness's own files."""
        search = self._path or await box.search_path() or DEFAULT_PATH
        entries = tuple(dict.fromkeys(posixpath.normpath(d) for d in search.split(":") if d[:1] == "/"))
        prefixes = {p for entry in entries for p in path_prefixes(entry)} | set(_ALIASES)
        stats = await box.stat_paths(sorted(prefixes))
        links: dict[str, str] = {}
        for path, stat in stats.items():
            if stat is not None and stat.kind == "symlink" and stat.link:
                links[path] = posixpath.normpath(posixpath.join(posixpath.dirname(path), stat.link))
        task = self._plan.task
        harness = frozenset(dest for _, dest in task.trap_files()) if self._plan.plant_traps else frozenset()
        return Layout(
            path_dirs=tuple(dict.fromkeys(_resolve(entry, links) for entry in entries)),
            workdir=box.workdir,
            harness=harness,
            aliases={alias: links[alias] for alias in _ALIASES if alias in links},
            path_entries=entries,
        )


async def _fetch(box: Sandbox, found: Survey) -> tuple[Stats, Reads]:
    """The stats and the reads the survey's checks need, asked of the engine at once."""
    stats: Stats = {}
    reads: Reads = {}

    async def stat() -> None:
        nonlocal stats
        stats = await box.stat_paths(sorted(found.stat))

    async def read() -> None:
        nonlocal reads
        reads = await box.read_files(dict.fromkeys(sorted(found.read), READ_LIMIT))

    async with anyio.create_task_group() as tg:
        if found.stat:
            tg.start_soon(stat)
        if found.read:
            tg.start_soon(read)
    return stats, reads


async def _lay_fresh(box: Sandbox, found: Survey) -> ev.TamperFinding | None:
    """Remove what the agent left in /tests and /logs/verifier, and compiled files it added; a finding if it cannot."""
    tests = any(c.path == "/tests" or c.path.startswith("/tests/") for c in found.discarded)
    out = any(c.path.startswith("/logs/verifier/") for c in found.discarded)
    if not (tests or out or found.recompiled):
        return None
    pyc = "\n".join(found.recompiled)
    if len(pyc) > _PYC_LIST_CHARS:  # Python compiles again what it misses: emptying the directories is as good
        pyc = "\n".join(sorted({posixpath.dirname(p) + "/" for p in found.recompiled}))
    env = {"REALCLI_TESTS": str(int(tests)), "REALCLI_OUT": str(int(out)), "REALCLI_PYC": pyc}
    result = await box.exec(_LAY_FRESH, timeout_sec=60, env=env)
    if result.exit_code == 0:
        return None
    where = "/tests" if tests else "/logs/verifier" if out else "compiled Python files"
    detail = f"could not be cleared before the verifier: {merge(result).text.strip()[-160:]}"
    return ev.TamperFinding(path=where, change="modified", rule="verifier_io", detail=detail)


def _resolve(path: str, links: dict[str, str]) -> str:
    """``path`` with its symlinked leading directories replaced by their targets (as the image has them)."""
    for _ in range(8):  # links to links, bounded
        for prefix in reversed(path_prefixes(path)):
            if prefix in links:
                path = links[prefix] + path[len(prefix) :]
                break
        else:
            return path
    return path
