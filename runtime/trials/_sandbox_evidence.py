"""The sandbox actor's evidence snapshot: hard checks, evidence files and the listing, when the agent's time ends."""

from __future__ import annotations

import hashlib
import re
from functools import partial
from typing import Final

import anyio

from realcli import events as ev
from realcli.environments import FileRead, Sandbox
from realcli.runtime.bus import StreamWriter
from realcli.runtime.trials._sandbox_output import merge
from realcli.runtime.trials._sandbox_plan import SandboxPlan
from realcli.runtime.trials._sandbox_saturation import run_unsaturated
from realcli.runtime.trials._sandbox_verifier import LISTING_TIMEOUT_SEC, SandboxVerifier
from realcli.taskformat import Task

__all__ = ["EvidenceSnapshot", "evidence_paths"]

EVIDENCE_FILE_BYTES: Final = 64 * 1024
EVIDENCE_TOTAL_BYTES: Final = 512 * 1024  # one event; NATS's default max_payload is 1 MiB
MAX_EVIDENCE_FILES: Final = 40
_PATHS_IN_COMMAND: Final = re.compile(r"(?<![\w$])(/(?:[\w.+-]+/)*[\w.+-]+)")
_NOT_EVIDENCE: Final = ("/dev/", "/proc/", "/sys/", "/tmp/", "/usr/", "/bin/", "/etc/")


class EvidenceSnapshot:
    """Answers a ``SnapshotRequested`` for the sandbox actor, on the actor's stream."""

    def __init__(self, plan: SandboxPlan, writer: StreamWriter, verifier: SandboxVerifier) -> None:
        self._plan = plan
        self._out = writer
        self._verifier = verifier

    async def snapshot(self, box: Sandbox, req: ev.SnapshotRequested) -> None:
        """Hard checks, the evidence files and listing (the final image if kept): one ``EvidenceSnapshotted``."""
        script = self._plan.task.spec.script
        checks = [(probe, check) for probe in (script.probes if script else []) for check in probe.hard_checks]
        if checks:
            await self._hard_checks(box, checks)
            files, listing = await self._evidence(box, req)
        else:
            async with anyio.create_task_group() as tg:  # the tests go in while the evidence is gathered
                tg.start_soon(self._verifier.tests_ahead, box, req)
                files, listing = await self._evidence(box, req)
        image = None
        if self._plan.keep_image:
            image = f"realcli-final/{self._plan.run_id.lower()}:{self._plan.trial_id.lower()}"[:128]
            repo, tag = image.split(":")
            await box.commit(repo, tag)
        await self._out.append(
            ev.EvidenceSnapshotted(trial_id=self._plan.trial_id, files=files, listing=listing, image=image)
        )

    async def _hard_checks(self, box: Sandbox, checks: list[tuple[ev.Probe, ev.HardCheck]]) -> None:
        finished: list[ev.Event] = []
        for probe, check in checks:
            result = await run_unsaturated(
                box, self._out, partial(box.exec, check.run, timeout_sec=check.timeout_sec, workdir=box.workdir)
            )
            finished.append(
                ev.HardCheckFinished(
                    probe_id=probe.id,
                    check_id=check.id,
                    command=check.run,
                    exit_code=result.exit_code,
                    expect_exit=check.expect_exit,
                    passed=result.exit_code == check.expect_exit,
                    output=merge(result),
                )
            )
        await self._out.append(*finished)

    async def _evidence(self, box: Sandbox, req: ev.SnapshotRequested) -> tuple[list[ev.EvidenceFile], ev.Output]:
        """The evidence files (within the snapshot's budget) and the working directory's listing."""
        paths = req.paths[:MAX_EVIDENCE_FILES]
        reads: dict[str, FileRead | None] = {}
        async with anyio.create_task_group() as tg:  # both only read: the files while the listing runs

            async def read() -> None:
                reads.update(await box.read_files(dict.fromkeys(paths, EVIDENCE_FILE_BYTES)))

            tg.start_soon(read)
            listing = await run_unsaturated(
                box,
                self._out,
                partial(
                    box.exec,
                    listing_command(box.workdir),
                    timeout_sec=LISTING_TIMEOUT_SEC,
                    max_output_bytes=EVIDENCE_FILE_BYTES,
                ),
            )
        return _evidence_files(paths, reads), listing.stdout

    def can_list_with_tests(self, box: Sandbox, req: ev.SnapshotRequested) -> bool:
        """Whether the listing may run in the verifier's command (``snapshot_and_verify``).

        When the verification follows at once, the task has a single step,
        no hard checks (they run first), no kept image, tests that run as
        the listing's user, and nothing of the evidence can see /tests
        (copied in ahead).
        """
        task = self._plan.task
        script = task.spec.script
        return (
            req.then_verify
            and not any(probe.hard_checks for probe in (script.probes if script else []))
            and task.config.verifier.user is None
            and self._verifier.may_copy_ahead(box, req)
        )

    async def snapshot_and_verify(
        self, box: Sandbox, req: ev.SnapshotRequested, verification: ev.VerificationRequested
    ) -> None:
        """The evidence and the verifier with one command: the listing, then the tests (one exec fewer).

        The evidence files are read first, and the tests go in with that
        command; the ``EvidenceSnapshotted`` is recorded before the
        verifier's events, as when each has a command of its own.
        """
        paths = req.paths[:MAX_EVIDENCE_FILES]
        reads = await box.read_files(dict.fromkeys(paths, EVIDENCE_FILE_BYTES))

        async def snapshotted(listing: ev.Output) -> None:
            files = _evidence_files(paths, reads)
            await self._out.append(ev.EvidenceSnapshotted(trial_id=self._plan.trial_id, files=files, listing=listing))

        await self._verifier.verify_after_listing(box, verification, listing_command(box.workdir), snapshotted)


def listing_command(workdir: str) -> str:
    """The working directory's listing (three levels, no .git inside, first 500 paths in byte order)."""
    find = f"find {_quote(workdir)} -maxdepth 3 -not -path '*/.git/*' -printf '%y %8s %p\\n' 2>/dev/null"
    return f"{find} | LC_ALL=C sort -k3 | head -n 500"


def _evidence_files(paths: list[str], reads: dict[str, FileRead | None]) -> list[ev.EvidenceFile]:
    """The evidence files read, within the snapshot's total budget."""
    files, budget = [], EVIDENCE_TOTAL_BYTES
    for path in paths:
        evidence = _evidence_file(path, reads[path], max(0, min(EVIDENCE_FILE_BYTES, budget)))
        budget -= len(evidence.content.encode())
        files.append(evidence)
    return files


def evidence_paths(task: Task) -> list[str]:
    """Files a later judge may want without the container: trap destinations, paths hard checks touch."""
    script = task.spec.script
    paths: list[str] = []
    if script is not None:
        paths += [t.dest for t in script.traps]
        for probe in script.probes:
            for check in probe.hard_checks:
                paths += _PATHS_IN_COMMAND.findall(check.run)
    seen: dict[str, None] = {}
    for p in paths:
        if not p.startswith(_NOT_EVIDENCE) and "*" not in p:
            seen.setdefault(p.rstrip("."), None)
    return list(seen)


def _evidence_file(path: str, read: FileRead | None, limit: int) -> ev.EvidenceFile:
    """One evidence file, cut to ``limit`` (what is left of the snapshot's budget)."""
    if read is None:
        return ev.EvidenceFile(path=path, exists=False)
    data = read.data[:limit]  # an exhausted budget keeps the file's size and existence only
    whole = len(data) == read.size
    return ev.EvidenceFile(
        path=path,
        exists=True,
        content=data.decode("utf-8", "replace"),
        size=read.size,
        truncated=not whole,
        sha256=hashlib.sha256(data).hexdigest() if whole else "",
    )


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"
