"""``realcli synthesize task --from-log``: a base task drafted from a recorded session, by a scripted model.

The fake model server stands in for the hosted model only; the sessions are real recordings
(tests/fixtures/sessions), and the parser, the checks, Docker, validate and the log are real.
Each scripted task is one a capable model could draft from its session: the session's goal, its
inputs rebuilt, its failure made a requirement.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import open_log
from realcli.models import ModelEndpoint
from realcli.runtime import (
    SynthesisReport,
    TaskOptions,
    difficulty_proxies,
    replay_synthesis,
    synthesize_task_from_log,
)
from realcli.runtime.authoring._synth import synth_stream
from realcli.scripts_catalog import load_catalog
from realcli.taskformat import load_task
from tests.fakes import FakeModelServer, Reply, Rule, Text
from tests.test_cli import one_line_error, realcli

SESSIONS = Path(__file__).resolve().parent / "fixtures" / "sessions"
DIGEST_PROMPT = r"Below is a recorded terminal session of real command-line work"
BASE_PROMPT = r"Design a small, self-contained command-line task from a recorded session"


def answer(data: Any) -> Reply:
    return Text(json.dumps(data))


def endpoint(server: FakeModelServer) -> ModelEndpoint:
    return ModelEndpoint(base_url=server.openai_base_url, model="fake-synth", max_retries=0, timeout_sec=30)


@dataclass(frozen=True)
class Drafted:
    """What the scripted model answers for one session: a digest, then a task with tests and mutants."""

    session: str
    digest: dict[str, Any]
    base: dict[str, Any]
    solve: str
    tests: str
    mutants: list[dict[str, str]]

    def rules(self) -> list[Rule]:
        return [
            Rule(DIGEST_PROMPT, answer(self.digest)),
            Rule(BASE_PROMPT, answer(self.base)),
            Rule(r"Write the reference solution", answer({"solve_sh": self.solve})),
            Rule(r"Write the verifier of this task", answer({"tests_py": self.tests})),
            Rule(r"Write 2 mutant solutions", answer({"mutants": self.mutants})),
        ]


LOG_CLEANUP = Drafted(
    session="log-cleanup.cast",
    digest={
        "goal": "Free space in logs/: delete empty log files and gzip rotated logs older than 7 days.",
        "inputs": ["logs/app.log with INFO and ERROR lines", "rotated logs app.log.1 ... app.log.6", "empty logs"],
        "steps": ["find logs -empty -print -delete", "find logs -name '*.log.[0-9]' -mtime +7 -exec gzip {} +"],
        "failures": ["fnd: command not found (a typo)", "the first pattern also matched an empty worker log"],
        "checks": ["ls logs shows app.log.3.gz ... app.log.6.gz", "grep -c ERROR logs/app.log"],
    },
    base={
        "task_id": "log-cleanup",
        "category": "system-administration",
        "subdomain": "log-management",
        "instruction": "# Clean up /app/logs\n\n"
        "- Delete every empty file in `/app/logs`.\n"
        "- Compress with gzip every rotated log (a name ending in `.log.<number>`) older than 7 days, "
        "keeping its name plus `.gz`; leave newer rotated logs and `app.log` as they are.\n"
        "- Write the number of ERROR lines of `/app/logs/app.log` into `/app/error_count.txt` "
        "(the number and a newline).\n",
        "files": [
            {"path": "logs/app.log", "content": "INFO a\nERROR b\nINFO c\nERROR d\nINFO e\nERROR f\n"},
            {"path": "logs/app.log.1", "content": "recent rotated\n"},
            {"path": "logs/app.log.3", "content": "old rotated three\n"},
            {"path": "logs/app.log.4", "content": "old rotated four\n"},
            {"path": "logs/worker.log.2", "content": ""},
            {"path": "logs/debug.log", "content": ""},
        ],
        "setup": ["touch -d '10 days ago' /app/logs/app.log.3 /app/logs/app.log.4 /app/logs/worker.log.2"],
    },
    solve="#!/bin/bash\nset -e\ncd /app\nfind logs -type f -empty -delete\n"
    "find logs -type f -name '*.log.[0-9]*' ! -name '*.gz' -mtime +7 -exec gzip {} +\n"
    "grep -c ERROR logs/app.log > error_count.txt\n",
    tests='''\
import gzip
from pathlib import Path

LOGS = Path("/app/logs")


def test_empty_files_deleted():
    """Every empty file in /app/logs is deleted."""
    assert not (LOGS / "debug.log").exists()
    assert not (LOGS / "worker.log.2").exists() and not (LOGS / "worker.log.2.gz").exists()


def test_old_rotated_logs_gzipped():
    """Rotated logs older than 7 days are compressed with gzip, keeping their name plus .gz."""
    for n, text in ((3, "old rotated three\\n"), (4, "old rotated four\\n")):
        assert not (LOGS / f"app.log.{n}").exists()
        assert gzip.decompress((LOGS / f"app.log.{n}.gz").read_bytes()).decode() == text


def test_newer_logs_left_as_they_are():
    """Newer rotated logs and app.log are left as they are."""
    assert (LOGS / "app.log.1").read_text() == "recent rotated\\n"
    assert (LOGS / "app.log").read_text().count("ERROR") == 3


def test_error_count_written():
    """/app/error_count.txt holds the number of ERROR lines of /app/logs/app.log and a newline."""
    assert Path("/app/error_count.txt").read_text() == "3\\n"
''',
    mutants=[
        {
            "name": "deletes-old-logs",
            "mistake": "Deletes the old rotated logs instead of compressing them.",
            "script": "#!/bin/bash\ncd /app\nfind logs -type f -empty -delete\n"
            "find logs -type f -name '*.log.[0-9]*' -mtime +7 -delete\ngrep -c ERROR logs/app.log > error_count.txt\n",
        },
        {
            "name": "compresses-every-rotated-log",
            "mistake": "Compresses every rotated log, whatever its age.",
            "script": "#!/bin/bash\ncd /app\nfind logs -type f -empty -delete\n"
            "find logs -type f -name '*.log.[0-9]*' ! -name '*.gz' -exec gzip {} +\n"
            "grep -c ERROR logs/app.log > error_count.txt\n",
        },
    ],
)

ORDERS = (
    'order_id,date,customer,amount,currency\r\n1001,2024-05-02,Ana Lima,"1,204.50",EUR\r\n'
    "1002,2024-05-02,Bo Chen,89.90,EUR\r\n1002,2024-05-02,Bo Chen,89.90,EUR\r\n\r\n"
    "1003,2024-05-03,Cleo Park,310.00,USD\r\n"
)
CSV_FIX = Drafted(
    session="csv-fix.typescript",
    digest={
        "goal": "A clean copy of orders.csv: LF endings, no blank lines, no duplicate rows.",
        "inputs": ["orders.csv, CRLF line endings, a blank line, duplicated rows, quoted amounts with commas"],
        "steps": ["sed -i 's/\\r$//' orders.csv", "awk 'NF' orders.csv | awk '!seen[$0]++' > orders.clean.csv"],
        "failures": ["a python one-liner with a missing parenthesis (SyntaxError), retried"],
        "checks": ["wc -l orders.clean.csv: 6", "cat orders.clean.csv"],
    },
    base={
        "task_id": "orders-dedupe",
        "category": "data-processing",
        "subdomain": "csv-cleaning",
        "instruction": "# Clean the orders export\n\n"
        "Write `/app/orders.clean.csv` from `/app/orders.csv`: LF line endings instead of CRLF, no blank lines, "
        "and every row identical to an earlier row dropped (the first one kept, the order unchanged). "
        "Leave `/app/orders.csv` as it is.\n",
        "files": [{"path": "orders.csv", "content": ORDERS}],
        "setup": [],
    },
    solve="sed 's/\\r$//' /app/orders.csv | awk 'NF' | awk '!seen[$0]++' > /app/orders.clean.csv\n",
    tests=f'''\
from pathlib import Path

ORDERS = {ORDERS!r}
CLEAN = (
    "order_id,date,customer,amount,currency\\n1001,2024-05-02,Ana Lima,\\"1,204.50\\",EUR\\n"
    "1002,2024-05-02,Bo Chen,89.90,EUR\\n1003,2024-05-03,Cleo Park,310.00,USD\\n"
)


def test_clean_copy_has_lf_endings_no_blank_lines_and_no_duplicate_rows():
    """/app/orders.clean.csv: LF line endings, no blank lines, rows identical to an earlier row dropped."""
    assert Path("/app/orders.clean.csv").read_bytes() == CLEAN.encode()


def test_export_left_as_it_is():
    """/app/orders.csv is left as it is."""
    assert Path("/app/orders.csv").read_bytes() == ORDERS.encode()
''',
    mutants=[
        {
            "name": "keeps-crlf",
            "mistake": "Drops blank lines and duplicates but keeps the CRLF line endings.",
            "script": "#!/bin/bash\nawk 'NF' /app/orders.csv | awk '!seen[$0]++' > /app/orders.clean.csv\n",
        },
        {
            "name": "keeps-duplicates",
            "mistake": "Fixes the line endings and blank lines but keeps duplicate rows.",
            "script": "#!/bin/bash\nsed 's/\\r$//' /app/orders.csv | awk 'NF' > /app/orders.clean.csv\n",
        },
    ],
)

SITE = {
    "site/index.html": "<h1>Home</h1>\n",
    "site/assets/site.css": "body{margin:0}\n",
    "site/robots.txt": "User-agent: *\n",
}
SITE_BACKUP = Drafted(
    session="site-backup.zsh_history",
    digest={
        "goal": "A gzip-compressed tar of site/ in backups/, with a sha256sum file that verifies there.",
        "inputs": ["site/ with index.html, assets/, robots.txt"],
        "steps": ["tar czf site-backup.tar.gz site", "sha256sum site-backup.tar.gz > site-backup.tar.gz.sha256"],
        "failures": ["sha256sum -c backups/... run from the wrong folder; fixed by cd backups"],
        "checks": ["cd backups && sha256sum -c site-backup.tar.gz.sha256"],
    },
    base={
        "task_id": "site-backup",
        "category": "system-administration",
        "subdomain": "backup-archives",
        "instruction": "# Back up the site\n\n"
        "Write `/app/backups/site-backup.tar.gz`, a gzip-compressed tar of `/app/site` whose entries start with "
        "`site/` (relative paths), and `/app/backups/site-backup.tar.gz.sha256`, its checksum in sha256sum "
        "format with the bare file name, so that `sha256sum -c site-backup.tar.gz.sha256` passes when run in "
        "`/app/backups`. Leave `/app/site` as it is.\n",
        "files": [{"path": path, "content": text} for path, text in SITE.items()],
        "setup": [],
    },
    solve="#!/bin/bash\nset -e\ncd /app\nmkdir -p backups\ntar czf backups/site-backup.tar.gz site\n"
    "cd backups\nsha256sum site-backup.tar.gz > site-backup.tar.gz.sha256\n",
    tests=f'''\
import subprocess
import tarfile
from pathlib import Path

BACKUPS = Path("/app/backups")
SITE = {SITE!r}


def test_archive_holds_the_site_under_relative_site_paths():
    """/app/backups/site-backup.tar.gz is a gzip-compressed tar of /app/site whose entries start with site/."""
    with tarfile.open(BACKUPS / "site-backup.tar.gz", "r:gz") as tar:
        names = tar.getnames()
        assert all(n == "site" or n.startswith("site/") for n in names), names
        for name, text in SITE.items():
            assert tar.extractfile(name).read().decode() == text


def test_checksum_verifies_in_the_backups_folder():
    """sha256sum -c site-backup.tar.gz.sha256 passes when run in /app/backups (the bare file name)."""
    done = subprocess.run(["sha256sum", "-c", "site-backup.tar.gz.sha256"], cwd=BACKUPS, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_site_left_as_it_is():
    """/app/site is left as it is."""
    for name, text in SITE.items():
        assert (Path("/app") / name).read_text() == text
''',
    mutants=[
        {
            "name": "checksum-names-the-folder",
            "mistake": "Writes the checksum with backups/ in the file name, so it only verifies from /app.",
            "script": "#!/bin/bash\ncd /app\nmkdir -p backups\ntar czf backups/site-backup.tar.gz site\n"
            "sha256sum backups/site-backup.tar.gz > backups/site-backup.tar.gz.sha256\n",
        },
        {
            "name": "absolute-paths",
            "mistake": "Archives /app/site with absolute paths.",
            "script": "#!/bin/bash\nmkdir -p /app/backups\ntar czPf /app/backups/site-backup.tar.gz /app/site\n"
            "cd /app/backups\nsha256sum site-backup.tar.gz > site-backup.tar.gz.sha256\n",
        },
    ],
)


async def draft(
    tmp_path: Path, case: Drafted, *, pilot: bool, ident: str
) -> tuple[SynthesisReport, FakeModelServer, str]:
    url = f"sqlite:{tmp_path / 'log.db'}"
    with FakeModelServer(rules=case.rules()) as server:
        async with open_log(url) as log:
            report = await synthesize_task_from_log(
                log,
                SESSIONS / case.session,
                out=tmp_path / case.base["task_id"],
                endpoint=endpoint(server),
                catalog=load_catalog(),
                synthesis_id=ident,
                options=TaskOptions(pilot=pilot),
            )
    return report, server, url


async def synthesis_events(url: str, ident: str) -> list[ev.DecodedEvent]:
    async with open_log(url) as log:
        return [r.event async for r in log.read(synth_stream(ident))]


def check_drafted(case: Drafted, report: SynthesisReport, server: FakeModelServer, events: list[Any]) -> Path:
    """What every from-log synthesis must show: the session parsed and recorded, the model shown the
    parsed session, the origin and the proxies in task.toml."""
    out = report.out_dir
    recording = SESSIONS / case.session
    started = events[0]
    assert isinstance(started, ev.SynthesisStarted)
    assert (started.kind, started.source_log, started.pattern) == ("task", case.session, "")
    assert started.source_sha256 == hashlib.sha256(recording.read_bytes()).hexdigest()
    parsed = next(e for e in events if isinstance(e, ev.SynthesisStageAnswered) and e.stage == "session")
    session = json.loads(parsed.answer)
    assert session["source"] == case.session
    assert session["commands"]
    calls = [e.stage for e in events if isinstance(e, ev.SynthesisModelCalled)]
    assert calls == ["log-digest", "task-base", "task-solution", "task-tests", "task-mutants"]
    digest_prompt = server.requests[0].last_user_text
    first = session["commands"][0]["text"]
    assert f"[1] $ {first}" in digest_prompt  # the model reads the parsed session, not the raw bytes
    assert "Goal: " + case.digest["goal"] in server.requests[1].last_user_text
    toml = tomllib.loads((out / "task.toml").read_text())
    origin = toml["metadata"]["origin"]
    assert origin == {
        "kind": "session",
        "file": case.session,
        "format": session["format"],
        "sha256": started.source_sha256,
        **({"timing": session["timing"]} if session["timing"] else {}),
        "commands": len(session["commands"]),
        "synthesis": started.synthesis_id,
    }
    assert toml["metadata"]["tags"] == ["synthesized", "from-session"]
    assert toml["metadata"]["proxies"] == difficulty_proxies(out).to_builtins()
    assert load_task(out).raw_config["metadata"]["origin"]["kind"] == "session"
    drafted = {e.path: e for e in events if isinstance(e, ev.SynthesisArtifactDrafted)}
    assert drafted["task.toml"].stage == "proxies"  # the last version recorded is the one on disk
    assert report.files.count("task.toml") == 1
    return out


@pytest.mark.long
@pytest.mark.usefixtures("python_image")
@pytest.mark.docker
@pytest.mark.parametrize("case", [LOG_CLEANUP, CSV_FIX, SITE_BACKUP], ids=lambda c: c.session)
async def test_a_task_is_drafted_from_each_kind_of_recording_and_passes_the_pilot(
    tmp_path: Path, case: Drafted
) -> None:
    """An asciinema cast, a typescript with its timing file, a zsh history: parsed, drafted, piloted in Docker."""
    ident = "syn-" + case.base["task_id"]
    with anyio.fail_after(900):
        report, server, url = await draft(tmp_path, case, pilot=True, ident=ident)
    assert report.ok, report.problems
    assert report.checks == {"load": True, "alignment": True, "pilot": True}
    events = await synthesis_events(url, ident)
    out = check_drafted(case, report, server, events)
    pilot = next(e for e in events if isinstance(e, ev.SynthesisChecked) and e.check == "pilot")
    assert pilot.passed
    assert pilot.run_id == f"{ident}-pilot"
    async with open_log(url) as log:
        runs = set(await log.runs())
        # The oracle passes; the no-op, the parrot and both mutants are rejected (validate's runs, in the log).
        assert {f"{ident}-pilot-{r}" for r in ("oracle", "noop", "parrot", "mutant-1", "mutant-2")} <= runs
        again = await replay_synthesis(log, ident, tmp_path / "replayed")
    for rel in again.files:
        assert (tmp_path / "replayed" / rel).read_bytes() == (out / rel).read_bytes()
    finished = events[-1]
    assert isinstance(finished, ev.SynthesisFinished)
    assert (finished.status, finished.calls) == ("passed", 5)


async def test_a_bash_history_is_drafted_without_the_pilot(tmp_path: Path) -> None:
    """The fourth kind of recording, through the same stages (no Docker: --no-pilot)."""
    case = Drafted(
        session="small-build.bash_history",
        digest={
            "goal": "build hello",
            "inputs": ["hello.c", "Makefile"],
            "steps": ["make"],
            "failures": [],
            "checks": [],
        },
        base={**SITE_BACKUP.base, "task_id": "hello-build"},
        solve=SITE_BACKUP.solve,
        tests=SITE_BACKUP.tests,
        mutants=SITE_BACKUP.mutants,
    )
    report, server, url = await draft(tmp_path, case, pilot=False, ident="syn-bash")
    assert report.checks == {"load": True, "alignment": True}, report.problems
    out = check_drafted(case, report, server, await synthesis_events(url, "syn-bash"))
    assert "[5] $ make    (at 12 s, runs [3] again)" in server.requests[0].last_user_text
    assert tomllib.loads((out / "task.toml").read_text())["metadata"]["origin"]["format"] == "bash-history"


async def test_secrets_in_a_recording_reach_neither_the_model_nor_the_log(tmp_path: Path) -> None:
    """A session where a token was typed and a key printed: the model and the log see [REDACTED]."""
    recording = tmp_path / "leaky.zsh_history"
    token, key = "ghp_" + "Zx9" * 12, "AKIA" + "QWERTYUIOPASDFGH"
    recording.write_text(
        (SESSIONS / "site-backup.zsh_history").read_text()
        + f": 1796416198:0;export GITHUB_TOKEN={token}\n: 1796416199:0;aws configure set aws_access_key_id {key}\n"
    )
    case = Drafted(
        session=recording.name,
        digest=SITE_BACKUP.digest,
        base=SITE_BACKUP.base,
        solve=SITE_BACKUP.solve,
        tests=SITE_BACKUP.tests,
        mutants=SITE_BACKUP.mutants,
    )
    url = f"sqlite:{tmp_path / 'log.db'}"
    with FakeModelServer(rules=case.rules()) as server:
        async with open_log(url) as log:
            await synthesize_task_from_log(
                log,
                recording,
                out=tmp_path / "out",
                endpoint=endpoint(server),
                catalog=load_catalog(),
                synthesis_id="syn-leak",
                options=TaskOptions(pilot=False),
            )
            everything = [json.dumps(ev.to_builtins(r.event)) async for r in log.read_all()]
        sent = [r.raw.decode() for r in server.requests]
    for text in [*sent, *everything]:
        assert token not in text
        assert key not in text
    assert any("GITHUB_TOKEN=[REDACTED]" in text for text in sent)


def test_the_command_drafts_from_a_log_and_refuses_a_pattern_with_it(tmp_path: Path) -> None:
    both = realcli(
        "synthesize",
        "task",
        "a pattern",
        "--from-log",
        str(SESSIONS / "log-cleanup.cast"),
        "--out",
        str(tmp_path / "x"),
    )
    assert both.returncode == 2
    assert "give a PATTERN or --from-log FILE, not both" in both.stderr
    assert not (tmp_path / "x").exists()
    missing = one_line_error(
        realcli(
            "synthesize",
            "task",
            "--from-log",
            str(tmp_path / "nope.cast"),
            "--out",
            str(tmp_path / "y"),
            "--model",
            "m",
        )
    )
    assert missing.startswith(f"realcli: error: {tmp_path / 'nope.cast'}: cannot read the session")
    assert not (tmp_path / "y").exists()  # nothing is written for a recording that cannot be read
    session = tmp_path / "s.cast"
    shutil.copy(SESSIONS / "log-cleanup.cast", session)
    with FakeModelServer(rules=LOG_CLEANUP.rules()) as server:
        done = realcli(
            "synthesize",
            "task",
            "--from-log",
            str(session),
            "--out",
            str(tmp_path / "log-cleanup"),
            "--no-pilot",
            "--model",
            "fake",
            "--base-url",
            server.openai_base_url,
            "--id",
            "cli-log",
            "--log",
            f"sqlite:{tmp_path / 'log.db'}",
        )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "from session" in done.stderr
    assert "checks: load ok, alignment ok" in done.stdout
    assert "synthesis cli-log: 14 file(s), 5 model call(s)" in done.stdout
    shown = realcli("tail", "cli-log", "--log", f"sqlite:{tmp_path / 'log.db'}")
    assert "drafting task for log-cleanup from session s.cast with fake" in shown.stdout
