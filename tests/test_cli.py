"""The command line as a user meets it: separate processes, real logs, real Docker."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import open_log
from tests._labels import session_label
from tests._tasks import make_task
from tests._trials import RunRecorder

FIXTURES = Path(__file__).parent / "fixtures" / "tasks"


def realcli(*args: str, cwd: Path | None = None, timeout: float = 180) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "realcli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env={**os.environ, "COLUMNS": "200"},
    )


def spawn(*args: str, capture: bool = True) -> subprocess.Popen[str]:
    out = subprocess.PIPE if capture else subprocess.DEVNULL
    return subprocess.Popen([sys.executable, "-m", "realcli", *args], stdout=out, stderr=out, text=True)


async def records(url: str, run_id: str) -> list[ev.RecordedEvent]:
    async with open_log(url) as log:
        return [r async for r in log.read_all(0, run_id)]


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("command", ["run", "validate"])
@pytest.mark.parametrize(("option", "value"), [("--timeout-multiplier", "0"), ("--verifier-timeout-multiplier", "-2")])
def test_a_timeout_multiplier_that_is_not_positive_is_one_line(
    tmp_path: Path, command: str, option: str, value: str
) -> None:
    db = tmp_path / "l.db"
    task = str(FIXTURES / "harbor-minimal")
    line = one_line_error(realcli(command, task, option, value, "--log", f"sqlite:{db}"))
    assert option in line
    assert "positive" in line
    assert not db.exists()  # refused before anything was recorded


def test_unknown_log_scheme(tmp_path: Path) -> None:
    line = one_line_error(realcli("tail", "r1", "--log", "redis://x"))
    assert "unknown log scheme" in line
    assert "sqlite:PATH" in line


def test_unreachable_nats() -> None:
    line = one_line_error(realcli("runs", "--log", "nats://127.0.0.1:9"))
    assert "cannot reach NATS at nats://127.0.0.1:9" in line
    assert "nats-server -js" in line


@pytest.mark.docker
def test_missing_run_names_the_known_runs(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"
    assert (
        realcli("run", str(FIXTURES / "harbor-minimal"), "--mode", "exec", "--run-id", "known", "--log", url).returncode
        == 0
    )
    line = one_line_error(realcli("tail", "nope", "--log", url))
    assert "run 'nope' is not in" in line
    assert "known" in line
    line = one_line_error(realcli("wait", "nope", "--log", url))
    assert "run 'nope' is not in" in line


def test_corrupt_sqlite_file_is_named_and_left_alone(tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"this is not a database" * 100)
    line = one_line_error(realcli("runs", "--log", f"sqlite:{bad}"))
    assert str(bad) in line
    assert "not a readable realcli log" in line
    assert bad.read_bytes() == b"this is not a database" * 100


def test_malformed_task_is_one_line_naming_file_and_field(tmp_path: Path) -> None:
    root = make_task(
        tmp_path,
        "typo",
        script={
            "opening": "hi",
            "probes": [
                {"id": "p1", "template": "2.2.a", "goal": "g", "stimulus": "s", "trigger": {"on": "clams_done"}}
            ],
        },
    )
    line = one_line_error(realcli("run", str(root), "--log", f"sqlite:{tmp_path / 'l.db'}"))
    assert "interaction/script.json: probes[0].trigger.on: unknown trigger 'clams_done'" in line
    assert (
        not (tmp_path / "l.db").exists() or "typo" not in realcli("runs", "--log", f"sqlite:{tmp_path / 'l.db'}").stdout
    )


def test_dead_docker_engine_says_how_to_start_it(tmp_path: Path) -> None:
    env = {**os.environ, "DOCKER_HOST": f"unix://{tmp_path}/no.sock", "COLUMNS": "200"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "realcli",
            "run",
            str(FIXTURES / "harbor-minimal"),
            "--mode",
            "exec",
            "--log",
            f"sqlite:{tmp_path / 'l.db'}",
        ],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "dockerd" in result.stderr


# ---------------------------------------------------------------- archives


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
@pytest.mark.docker
@pytest.mark.nats
def test_export_import_export_is_byte_identical_across_backends(tmp_path: Path, nats: object, suffix: str) -> None:
    source = f"sqlite:{tmp_path / 'a.db'}"
    assert realcli("run", str(FIXTURES / "realcli-full"), "--run-id", "arch", "--log", source).returncode == 0
    first, second, third = (tmp_path / f"{n}{suffix}" for n in ("one", "two", "three"))
    stream_name = "A" + os.urandom(4).hex()
    target = f"{nats.url}?stream={stream_name}"  # type: ignore[attr-defined]

    assert realcli("export", "arch", "-o", str(first), "--log", source).returncode == 0
    assert realcli("import", str(first), "--log", target).returncode == 0
    assert realcli("export", "arch", "-o", str(second), "--log", target).returncode == 0
    assert realcli("import", str(second), "--log", f"sqlite:{tmp_path / 'b.db'}").returncode == 0
    assert realcli("export", "arch", "-o", str(third), "--log", f"sqlite:{tmp_path / 'b.db'}").returncode == 0

    assert first.read_bytes() == second.read_bytes() == third.read_bytes()
    # Importing the same archive again changes nothing.
    assert realcli("import", str(first), "--log", target).returncode == 0
    assert realcli("export", "arch", "-o", str(second), "--log", target).returncode == 0
    assert first.read_bytes() == second.read_bytes()


@pytest.mark.docker
def test_truncated_archive_is_refused_and_imports_nothing(tmp_path: Path) -> None:
    source = f"sqlite:{tmp_path / 'a.db'}"
    assert (
        realcli("run", str(FIXTURES / "harbor-minimal"), "--mode", "exec", "--run-id", "tr", "--log", source).returncode
        == 0
    )
    archive = tmp_path / "tr.jsonl"
    assert realcli("export", "tr", "-o", str(archive), "--log", source).returncode == 0
    lines = archive.read_bytes().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(lines[:-2]) + lines[-2][: len(lines[-2]) // 2])

    target = f"sqlite:{tmp_path / 'b.db'}"
    line = one_line_error(realcli("import", str(cut), "--log", target))
    assert "cut.jsonl" in line
    assert "truncated" in line or "corrupt" in line
    assert "tr" not in realcli("runs", "--log", target).stdout
    gz = tmp_path / "tr.jsonl.gz"
    gz.write_bytes(gzip.compress(archive.read_bytes())[:-20])
    assert "damaged" in one_line_error(realcli("import", str(gz), "--log", target))


# ------------------------------------------------------------------- live tail


@pytest.mark.docker
def test_tail_follows_a_run_from_another_process(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"
    follower = spawn("tail", "live", "--follow", "--log", url)
    try:
        time.sleep(1.0)
        assert realcli("run", str(FIXTURES / "realcli-full"), "--run-id", "live", "--log", url).returncode == 0
        out, err = follower.communicate(timeout=60)
    finally:
        follower.kill()
    assert follower.returncode == 0, err
    lines = out.splitlines()
    assert "RunStarted" in lines[0]
    assert "RunFinished" in lines[-1]
    assert sum("TrialFinished" in line for line in lines) == 2
    assert any("ProbeFired" in line for line in lines)


@pytest.mark.docker
@pytest.mark.nats
def test_tail_over_nats_from_another_process(tmp_path: Path, nats: object) -> None:
    url = f"{nats.url}?stream=L{os.urandom(4).hex()}"  # type: ignore[attr-defined]
    follower = spawn("tail", "natslive", "--follow", "--json", "--log", url)
    try:
        time.sleep(1.5)
        assert (
            realcli(
                "run", str(FIXTURES / "harbor-minimal"), "--mode", "exec", "--run-id", "natslive", "--log", url
            ).returncode
            == 0
        )
        out, err = follower.communicate(timeout=60)
    finally:
        follower.kill()
    assert follower.returncode == 0, err
    assert '"type":"RunStarted"' in out.splitlines()[0]
    assert '"type":"RunFinished"' in out.splitlines()[-1]


def write_run(url: str, run_id: str) -> None:
    """A finished run with nothing in it but its start and its end."""
    rec = RunRecorder(run_id)
    rec.run_started()
    rec.run_finished()

    async def go() -> None:
        async with open_log(url) as log:
            await rec.write(log)

    anyio.run(go)


def test_tail_follow_of_a_run_never_recorded_says_so_after_its_grace(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"
    write_run(url, "known")

    result = realcli("tail", "nope", "--follow", "--grace", "1", "--log", url, timeout=120)

    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    waiting, error = result.stderr.strip().splitlines()
    assert waiting.startswith("waiting up to 1 s for run nope to start in sqlite:")
    assert error.startswith("realcli: error: run 'nope' is not in sqlite:")
    assert error.endswith("(known runs: known) after 1 s of waiting for it to start (--grace SEC waits longer)")
    assert result.stdout == ""


def test_the_oracle_refuses_a_task_without_a_reference_solution_as_harbors_does(tmp_path: Path) -> None:
    """Harbor's oracle raises on a task without solution/solve.sh; a trial that ran nothing is no measurement."""
    root = make_task(tmp_path, "unsolved")
    (root / "solution" / "solve.sh").unlink()
    url = f"sqlite:{tmp_path / 'log.db'}"

    line = one_line_error(realcli("run", str(root), "--agent", "oracle", "--log", url))

    assert line == (
        f"realcli: error: {root / 'solution' / 'solve.sh'}: missing; the oracle runs the task's reference solution "
        "(Harbor's oracle refuses such a task too): run it with another agent"
    )
    assert not (tmp_path / "log.db").exists()  # nothing was recorded


def test_tail_follow_of_a_trial_the_run_never_has_says_so_after_its_grace(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"
    rec = RunRecorder("known")
    rec.run_started()
    rec.scheduled("a-exec-1", "a", "exec", 1)

    async def go() -> None:
        async with open_log(url) as log:
            await rec.write(log)

    anyio.run(go)

    result = realcli("tail", "known", "--follow", "--trial", "nope", "--grace", "1", "--log", url, timeout=120)

    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    waiting, error = result.stderr.strip().splitlines()
    assert waiting == "waiting up to 1 s for trial nope of run known to start ..."
    assert error == (
        "realcli: error: run known has no trial 'nope' (its trials: a-exec-1) after 1 s of waiting for it to start "
        "(--grace SEC waits longer)"
    )
    assert result.stdout == ""


def test_tail_follow_waits_for_a_run_that_starts_within_its_grace(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"
    follower = subprocess.Popen(
        [sys.executable, "-m", "realcli", "tail", "late", "--follow", "--grace", "600", "--log", url],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert follower.stderr is not None
        assert follower.stderr.readline().startswith("waiting up to 600 s for run late")  # it is waiting now
        write_run(url, "late")
        out, err = follower.communicate(timeout=120)
    finally:
        follower.kill()
    assert follower.returncode == 0, err
    lines = out.splitlines()
    assert len(lines) == 2
    assert "RunStarted" in lines[0]
    assert "RunFinished" in lines[1]


# ------------------------------------------------------------- crash + resume


@pytest.mark.long
@pytest.mark.parametrize("backend", ["sqlite", "nats"])
@pytest.mark.docker
@pytest.mark.nats
def test_kill_9_then_resume_loses_and_duplicates_nothing(tmp_path: Path, nats: object, backend: str) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}" if backend == "sqlite" else f"{nats.url}?stream=K{os.urandom(4).hex()}"  # type: ignore[attr-defined]
    task = make_task(tmp_path, "crash", solve="#!/bin/sh\nsleep 4\necho hello > /app/out\n")
    runner = spawn(
        "run", str(task), "--mode", "exec", "-k", "3", "-n", "1", "--run-id", "crash", "--log", url, capture=False
    )
    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            done = [r for r in anyio.run(records, url, "crash") if isinstance(r.event, ev.TrialFinished)]
            if done:
                break
            time.sleep(0.3)
        assert done, "the first trial never finished"
        time.sleep(0.5)
        runner.send_signal(signal.SIGKILL)
        runner.wait(10)
    finally:
        runner.kill()
    before = anyio.run(records, url, "crash")
    finished_before = {r.trial_id for r in before if isinstance(r.event, ev.TrialFinished)}

    resumed = realcli("resume", "crash", "--log", url)
    assert resumed.returncode == 0, resumed.stderr

    after = anyio.run(records, url, "crash")
    assert after[: len(before)] == before  # nothing already logged changed
    trials = {f"crash-exec-{i}" for i in (1, 2, 3)}
    for trial in trials:
        finishes = [r.event for r in after if r.trial_id == trial and isinstance(r.event, ev.TrialFinished)]
        assert finishes[-1].reason == "completed"
        starts = [r for r in after if r.trial_id == trial and isinstance(r.event, ev.TrialStarted)]
        if trial in finished_before:
            assert len(starts) == 1
            assert len(finishes) == 1
    (resume,) = [r.event for r in after if isinstance(r.event, ev.RunResumed)]
    assert set(resume.trials) == trials - finished_before
    keys = [(r.stream, r.version) for r in after]
    assert len(keys) == len(set(keys))  # no duplicates
    leftover = subprocess.run(
        ["docker", "ps", "-aq", "--filter", "label=realcli.run=crash", "--filter", f"label={session_label()}"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert leftover.stdout.strip() == ""  # resume swept the crashed run's containers


def test_coverage_of_the_bundled_suite_as_json() -> None:
    tasks = Path(__file__).resolve().parent.parent / "tasks"
    result = realcli("coverage", str(tasks), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["templates_instantiated"], data["templates_total"], data["missing_templates"]) == (51, 51, [])
    assert sorted(t["task_id"] for t in data["tasks"]) == sorted(p.parent.name for p in tasks.glob("*/task.toml"))
    assert set(data["probes_per_dimension"]) == {"U", "S", "OR", "TC", "SR"}


@pytest.mark.docker
def test_a_folder_with_a_broken_task_runs_the_rest_and_lists_the_skipped_one(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    make_task(suite, "fine")
    broken = make_task(suite, "broken")
    (broken / "environment" / "Dockerfile").unlink()  # neither a Dockerfile nor a docker_image

    result = realcli("run", str(suite), "--mode", "exec", "--run-id", "suite", "--log", f"sqlite:{tmp_path / 'l.db'}")

    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    (skipped,) = [line for line in result.stderr.splitlines() if line.startswith("skipped: ")]
    assert "broken/environment/Dockerfile: file missing" in skipped
    assert "[environment] docker_image" in skipped  # bracketed text is printed, not eaten as markup
    assert "1 task(s) skipped because they failed to load:" in result.stdout
    assert "fine-exec-1" in result.stdout
    events = anyio.run(records, f"sqlite:{tmp_path / 'l.db'}", "suite")
    (started,) = [r.event for r in events if isinstance(r.event, ev.RunStarted)]
    assert started.tasks == ["fine"]
    (verified,) = [r.event for r in events if isinstance(r.event, ev.VerifierFinished)]
    assert verified.reward == 1.0


@pytest.mark.docker
def test_run_sample_runs_n_tasks_spread_over_the_categories(tmp_path: Path) -> None:
    """`make demo`'s main job: `run --sample N` takes one task per category in turn, by task id."""
    suite = tmp_path / "suite"
    for name, category in (("a1", "alpha"), ("a2", "alpha"), ("b1", "beta"), ("c1", "gamma")):
        make_task(suite, name, toml=f'[metadata]\ncategory = "{category}"\n\n[verifier]\ntimeout_sec = 60\n')

    result = realcli(
        "run", str(suite), "--sample", "2", "--mode", "exec", "--run-id", "s", "--log", f"sqlite:{tmp_path / 'l.db'}"
    )

    assert result.returncode == 0, result.stderr
    assert "a sample of 2: a1, b1" in result.stderr
    events = anyio.run(records, f"sqlite:{tmp_path / 'l.db'}", "s")
    (started,) = [r.event for r in events if isinstance(r.event, ev.RunStarted)]
    assert sorted(started.tasks) == ["a1", "b1"]


def test_a_sqlite_log_in_a_missing_directory_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "such" / "dir"
    url = f"sqlite:{missing / 'x.db'}"
    archive = Path(__file__).parent / "fixtures" / "logs" / "run-v1.jsonl"
    for args in (
        ("run", str(FIXTURES / "harbor-minimal"), "--mode", "exec", "--log", url),
        ("import", str(archive), "--log", url),
        ("tail", "r1", "--follow", "--log", url),
        ("runs", "--log", url),
    ):
        line = one_line_error(realcli(*args))
        assert f"directory {missing} does not exist" in line
    assert not (tmp_path / "no").exists()


def test_the_default_log_makes_its_own_runs_directory(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "REALCLI_LOG"}
    archive = Path(__file__).parent / "fixtures" / "logs" / "run-v1.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "realcli", "import", str(archive)], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "runs" / "realcli.db").is_file()


# ------------------------------------------------------------- judging duty


def _drop_verdicts(archive: Path, out: Path, trial: str) -> None:
    """The archive of a run killed between ``trial``'s end and its verdicts (and before JudgingFinished)."""
    lines = archive.read_bytes().splitlines(keepends=True)
    kept, judge_version = [], 0
    for line in lines[1:-1]:
        rec = json.loads(line)
        event = rec["event"]
        if ".judge." in rec["stream"]:
            if event.get("trial_id") == trial or event["type"] == "JudgingFinished":
                continue
            judge_version += 1
            rec["version"] = judge_version
            rec.pop("digest", None)  # the crash left no chain to check here: the importing log chains it anew
            line = (json.dumps(rec, separators=(",", ":")) + "\n").encode()
        kept.append(line)
    digest = hashlib.sha256(b"".join(kept)).hexdigest()
    trailer = json.dumps({"end": True, "events": len(kept), "sha256": digest}, separators=(",", ":")) + "\n"
    out.write_bytes(lines[0] + b"".join(kept) + trailer.encode())


@pytest.mark.docker
def test_a_trial_a_crash_left_unjudged_is_shown_then_judged_by_resume(tmp_path: Path) -> None:
    first, url = f"sqlite:{tmp_path / 'first.db'}", f"sqlite:{tmp_path / 'log.db'}"
    done = realcli(
        "run", str(FIXTURES / "realcli-full"), "--mode", "collab", "-k", "2", "--run-id", "uj", "--log", first
    )
    assert done.returncode == 0, done.stderr
    assert realcli("export", "uj", "-o", str(tmp_path / "uj.jsonl"), "--log", first).returncode == 0
    _drop_verdicts(tmp_path / "uj.jsonl", tmp_path / "cut.jsonl", "realcli-full-collab-2")
    assert realcli("import", str(tmp_path / "cut.jsonl"), "--log", url).returncode == 0

    shown = realcli("report", "uj", "--log", url)
    assert shown.returncode == 0, shown.stderr
    assert "1 finished COLLAB trial(s) of run uj have no verdicts of judge rules" in shown.stderr
    assert "realcli rejudge uj --judge rules" in shown.stderr
    assert "(1 finished trial(s) unjudged)" in shown.stdout
    html = realcli("report", "uj", "--format", "html", "--log", url)
    assert "1 finished trial(s) unjudged" in html.stdout
    assert json.loads(realcli("report", "uj", "--format", "json", "--log", url).stdout)["S_COLLAB_unjudged_trials"] == 1

    resumed = realcli("resume", "uj", "--log", url)
    assert resumed.returncode == 0, resumed.stderr

    after = anyio.run(records, url, "uj")
    judged = {r.event.trial_id for r in after if isinstance(r.event, ev.FidelityAssessed)}
    assert judged == {"realcli-full-collab-1", "realcli-full-collab-2"}
    judging = [r.event for r in after if r.stream == "uj.judge.rules"]
    assert isinstance(judging[-1], ev.JudgingFinished)
    assert judging[-1].trials == 2
    assert sum(isinstance(e, ev.JudgingFinished) for e in judging) == 1
    assert sum(isinstance(r.event, ev.TrialStarted) for r in after) == 2  # nothing ran again
    clean = realcli("report", "uj", "--log", url)
    assert "warning" not in clean.stderr
    assert "unjudged" not in clean.stdout


@pytest.mark.docker
def test_a_run_whose_trials_end_in_infrastructure_errors_exits_non_zero(tmp_path: Path) -> None:
    """A Dockerfile that fails to build is the world's failure, not the agent's: excluded, said, and exit 3."""
    root = make_task(tmp_path, "unbuildable", dockerfile="FROM debian:bookworm-slim\nRUN exit 7\n")
    url = f"sqlite:{tmp_path / 'l.db'}"

    result = realcli("run", str(root), "--mode", "exec", "--run-id", "nobuild", "--log", url)

    assert result.returncode == 3, result.stderr
    assert "Traceback" not in result.stderr
    assert "1 trial(s) ended in infrastructure errors (not scored):" in result.stdout
    # A failed build is not transient: the hint names the fix, not a bare resume.
    assert "(image_error) had no image: fix what the error names" in result.stdout
    assert "resuming alone builds the same thing again" in result.stdout
    events = anyio.run(records, url, "nobuild")
    (finished,) = [r.event for r in events if isinstance(r.event, ev.TrialFinished)]
    assert (finished.reason, finished.cause) == ("infrastructure_error", "image_error")


@pytest.mark.docker
def test_a_run_that_needed_a_metric_says_so_and_resume_scores_it_with_one(tmp_path: Path) -> None:
    root = make_task(tmp_path, "metrics")
    (root / "tests" / "test.sh").write_text(
        """#!/bin/sh\necho '{"accuracy": 1, "speed": 0.5}' > /logs/verifier/reward.json\n"""
    )
    url = f"sqlite:{tmp_path / 'l.db'}"

    first = realcli("run", str(root), "--mode", "exec", "--run-id", "m", "--log", url)
    resumed = realcli("resume", "m", "--metric", "speed", "--log", url)
    again = realcli("resume", "m", "--metric", "accuracy", "--log", url)

    assert first.returncode == 3, first.stderr
    # The table's cell is cut at a word and points below, where the whole error is.
    assert "... (in full below)" in first.stdout
    assert "has several metrics (accuracy, speed) and no 'reward': choose the one that decides V" in first.stdout
    assert "their verifier wrote several metrics and none was chosen: `realcli resume m` --metric NAME" in first.stdout
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    events = anyio.run(records, url, "m")
    (resume_event,) = [r.event for r in events if isinstance(r.event, ev.RunResumed)]
    assert resume_event.metric == "speed"
    assert [r.event.metric for r in events if isinstance(r.event, ev.TrialStarted)] == [None, "speed"]
    assert [r.event.reward for r in events if isinstance(r.event, ev.VerifierFinished)] == [None, 0.5]
    refused = "run m was resumed with --metric speed: its trials are scored by it; start a new run to score by accuracy"
    assert one_line_error(again) == f"realcli: error: {refused}"


def test_catalog_shows_one_template_in_full() -> None:
    shown = realcli("catalog", "2.5.a")
    assert shown.returncode == 0, shown.stderr
    assert "2.5.a Stop request" in shown.stdout
    assert "Wait, stop for a moment. Don't run anything else yet." in shown.stdout  # a stimulus variant
    assert "c1 [trace, first_response; command_absent]" in shown.stdout  # brackets printed, not eaten as markup
    line = one_line_error(realcli("catalog", "9.9.z"))
    assert "has no template '9.9.z'" in line
