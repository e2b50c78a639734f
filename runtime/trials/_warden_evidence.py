"""The warden's evidence snapshot: hard checks, evidence files and the listing, when the agent's time ends."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import partial
from typing import Final

import anyio
import msgspec

from realcli import events as ev
from realcli.environments import FileRead, Sandbox, fold_changes
from realcli.runtime.bus import StreamWriter
from realcli.runtime.trials._verifier_guard import Prepared
from realcli.runtime.trials._warden_output import evidence_file, merge
from realcli.runtime.trials._warden_plan import WardenPlan
from realcli.runtime.trials._warden_saturation import run_unsaturated
from realcli.runtime.trials._warden_verifier import LISTING_TIMEOUT_SEC, SandboxVerifier
from realcli.taskformat import Task

__all__ = ["UNTRUSTED", "EvidenceSnapshot", "HardChecks", "evidence_paths"]

UNTRUSTED: Final = "failed: the agent changed what the verifier and the hard checks run with (VerifierPrepared)"

EVIDENCE_FILE_BYTES: Final = 64 * 1024
EVIDENCE_TOTAL_BYTES: Final = 512 * 1024  # one event; NATS's default max_payload is 1 MiB
MAX_EVIDENCE_FILES: Final = 40
_PATHS_IN_COMMAND: Final = re.compile(r"(?<![\w$])(/(?:[\w.+-]+/)*[\w.+-]+)")
_NOT_EVIDENCE: Final = ("/dev/", "/proc/", "/sys/", "/tmp/", "/usr/", "/bin/", "/etc/")


@dataclass(frozen=True)
class HardChecks:
    """The hard checks' results, and the agent's changes as they were before the checks ran (None: no checks)."""

    finished: list[ev.HardCheckFinished] = field(default_factory=list)
    before: ev.FilesystemChanges | None = None


class EvidenceSnapshot:
    """Answers a ``SnapshotRequested`` for the warden, on the actor's stream."""

    def __init__(self, plan: WardenPlan, writer: StreamWriter, verifier: SandboxVerifier) -> None:
        self._plan = plan
        self._out = writer
        self._verifier = verifier

    async def hard_checks(self, box: Sandbox) -> HardChecks:
        """Every hard check, run on the state the agent left (its processes still running: a service it was
        asked to leave running is part of that state); recorded with the snapshot, once the guard has spoken.

        The agent's changes are read before they run: a check that writes (a
        scratch copy, a started service) must not show in what the judge takes
        for the agent's doing.
        """
        script = self._plan.task.spec.script
        checks = [(probe, check) for probe in (script.probes if script else []) for check in probe.hard_checks]
        if not checks:
            return HardChecks()
        before = await box.changes()
        finished: list[ev.HardCheckFinished] = []
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
        return HardChecks(finished, before)

    async def snapshot(self, box: Sandbox, req: ev.SnapshotRequested, prepared: Prepared, checks: HardChecks) -> None:
        """The hard checks' results, the evidence files and listing (the final image if kept).

        ``prepared`` is the guard's (``VerifierGuard``): the changes come from
        it (or from before the hard checks, when there were any), and in a
        tampered sandbox every hard check fails (its tools were the agent's:
        its result is no evidence).
        """
        changes = checks.before
        if changes is None:
            changes = fold_changes((c.path, c.kind) for c in prepared.changes)
        if checks.finished:
            await self._out.append(*(_untrusted(c) if prepared.tampered else c for c in checks.finished))
        if checks.finished or prepared.tampered:
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
            ev.EvidenceSnapshotted(
                trial_id=self._plan.trial_id, files=files, listing=listing, image=image, changes=changes
            )
        )

    async def _evidence(self, box: Sandbox, req: ev.SnapshotRequested) -> tuple[list[ev.EvidenceFile], ev.Output]:
        """The evidence files (within the snapshot's budget) and the working directory's listing."""
        paths = req.paths[:MAX_EVIDENCE_FILES]
        reads: dict[str, FileRead | None] = {}
        async with anyio.create_task_group() as tg:  # all only read: the files while the listing runs

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
        self, box: Sandbox, req: ev.SnapshotRequested, verification: ev.VerificationRequested, prepared: Prepared
    ) -> None:
        """The evidence and the verifier with one command: the listing, then the tests (one exec fewer).

        The evidence files are read first, and the tests go in with that
        command; the ``EvidenceSnapshotted`` is recorded before the
        verifier's events, as when each has a command of its own.
        """
        paths = req.paths[:MAX_EVIDENCE_FILES]
        reads = await box.read_files(dict.fromkeys(paths, EVIDENCE_FILE_BYTES))
        changes = fold_changes((c.path, c.kind) for c in prepared.changes)

        async def snapshotted(listing: ev.Output) -> None:
            files = _evidence_files(paths, reads)
            await self._out.append(
                ev.EvidenceSnapshotted(trial_id=self._plan.trial_id, files=files, listing=listing, changes=changes)
            )

        await self._verifier.verify_after_listing(box, verification, listing_command(box.workdir), snapshotted)


def listing_command(workdir: str) -> str:
    """The working directory's listing (three levels, no .git inside, first 500 paths in byte order)."""
    find = f"find {_quote(workdir)} -maxdepth 3 -not -path '*/.git/*' -printf '%y %8s %p\\n' 2>/dev/null"
    return f"{find} | LC_ALL=C sort -k3 | head -n 500"


def _evidence_files(paths: list[str], reads: dict[str, FileRead | None]) -> list[ev.EvidenceFile]:
    """The evidence files read, within the snapshot's total budget."""
    files, budget = [], EVIDENCE_TOTAL_BYTES
    for path in paths:
        evidence = evidence_file(path, reads[path], max(0, min(EVIDENCE_FILE_BYTES, budget)))
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


def _untrusted(check: ev.HardCheckFinished) -> ev.HardCheckFinished:
    """A hard check of a tampered sandbox: failed, whatever it said (its tools were the agent's)."""
    return msgspec.structs.replace(check, exit_code=None, passed=False, output=_said(UNTRUSTED))


def _said(text: str) -> ev.Output:
    size = len(text.encode())
    return ev.Output(text=text, total_bytes=size, kept_bytes=size)


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"
