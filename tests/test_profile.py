"""``realcli profile``: real rollouts, pass-rate bands, infrastructure failures kept apart, task.toml written."""

from __future__ import annotations

import tomllib
from pathlib import Path

import anyio
import pytest

from realcli import ConfigError
from realcli.eventlog import open_log
from realcli.runtime import Bands, MutantAgent, NoopAgent, OracleAgent, TaskProfile, profile_tasks, write_profile
from realcli.taskformat import load_task
from tests._tasks import make_task
from tests.test_cli import one_line_error, realcli

TOML = """\
# A task written by hand: comments and order must survive the profile.
version = "1.0"

[metadata]
category = "file-operations"   # kept
difficulty = "medium"
tags = ["x"]

[verifier]
timeout_sec = 60
"""


def test_bands_parse_and_classify() -> None:
    bands = Bands.parse("easy=0.9,hard=0.1")
    assert (bands.easy, bands.hard) == (0.9, 0.1)
    assert [bands.classify(r) for r in (1.0, 0.9, 0.5, 0.1, 0.0)] == ["easy", "easy", "medium", "hard", "hard"]
    assert Bands.parse("hard=0.3") == Bands(easy=0.8, hard=0.3)
    for bad in ("easy=high", "easy=0.2,hard=0.5", "medium=0.5", "easy=0.8,easy=0.7", "easy"):
        with pytest.raises(ConfigError, match="--bands"):
            Bands.parse(bad)


def test_bad_bands_is_one_line(tmp_path: Path) -> None:
    root = make_task(tmp_path, "t")
    line = one_line_error(realcli("profile", str(root), "--bands", "easy=0.1,hard=0.5"))
    assert line.startswith("realcli: error: --bands easy=0.1,hard=0.5: need 0 <= hard < easy <= 1")


def test_write_profile_keeps_the_rest_of_task_toml_byte_for_byte(tmp_path: Path) -> None:
    root = make_task(tmp_path, "t", toml=TOML)
    profile = TaskProfile(task_id="t", root=root, scored=3, passed=3, difficulty="easy")
    task = write_profile(profile, agent="oracle", k=3, date="2026-12-01")
    text = (root / "task.toml").read_text()
    assert text == TOML.replace('difficulty = "medium"', 'difficulty = "easy"') + (
        '\n[metadata.profile]\nagent = "oracle"\nk = 3\npass_rate = 1.0\nscored = 3\n'
        'infrastructure_failures = 0\ndate = "2026-12-01"\n'
    )
    assert task.config.metadata.difficulty == "easy"  # the loader reads it back
    # A second profile replaces the table, and adds difficulty where it was missing.
    profile = TaskProfile(task_id="t", root=root, scored=2, passed=1, difficulty="medium")
    write_profile(profile, agent="noop", k=2, date="2026-12-02")
    data = tomllib.loads((root / "task.toml").read_text())
    assert data["metadata"]["difficulty"] == "medium"
    assert data["metadata"]["profile"] == {
        "agent": "noop",
        "k": 2,
        "pass_rate": 0.5,
        "scored": 2,
        "infrastructure_failures": 0,
        "date": "2026-12-02",
    }
    assert (root / "task.toml").read_text().count("[metadata.profile]") == 1
    bare = make_task(tmp_path, "bare", toml="[verifier]\ntimeout_sec = 60")
    write_profile(TaskProfile(task_id="bare", root=bare, scored=1, passed=0, difficulty="hard"), agent="x", k=1)
    assert load_task(bare).config.metadata.difficulty == "hard"
    assert (bare / "task.toml").read_text().startswith("[verifier]\ntimeout_sec = 60\n\n[metadata]\n")


@pytest.mark.usefixtures("debian_image")
@pytest.mark.docker
async def test_profile_real_rollouts_oracle_easy_noop_hard_broken_image_flagged(tmp_path: Path) -> None:
    good = make_task(tmp_path, "good", toml=TOML)
    (good / "solution" / "mutants").mkdir()
    (good / "solution" / "mutants" / "wrong.sh").write_text("#!/bin/sh\n# wrong word\necho hullo > /app/out\n")
    broken = make_task(tmp_path, "broken", dockerfile="FROM debian:bookworm-slim\nRUN exit 3\n")
    tasks = [load_task(good), load_task(broken)]
    with anyio.fail_after(600):
        async with open_log(f"sqlite:{tmp_path / 'log.db'}") as log:
            oracle = await profile_tasks(
                log, tasks, agent=OracleAgent.info, make_agent=lambda t: OracleAgent(), k=2, run_id="p-oracle"
            )
            noop = await profile_tasks(
                log, tasks[:1], agent=NoopAgent.info, make_agent=lambda t: NoopAgent(), k=2, run_id="p-noop"
            )
            mutant = await profile_tasks(
                log,
                tasks[:1],
                agent=MutantAgent("wrong").info,
                make_agent=lambda t: MutantAgent("wrong"),
                k=1,
                run_id="p-mutant",
                bands=Bands(easy=0.9, hard=0.0),
            )
    by_id = {p.task_id: p for p in oracle}
    assert (by_id["good"].scored, by_id["good"].passed, by_id["good"].difficulty) == (2, 2, "easy")
    assert not by_id["good"].flagged
    assert by_id["good"].verdict == "send back for rework (too easy)"
    # The broken image is the infrastructure's failure, never the task's: not scored, flagged, no band.
    assert by_id["broken"].scored == 0
    assert by_id["broken"].flagged
    assert dict(by_id["broken"].infrastructure) == {"image_error": 2}
    assert by_id["broken"].difficulty is None
    assert (noop[0].pass_rate, noop[0].difficulty, noop[0].verdict) == (0.0, "hard", "keep")
    assert (mutant[0].scored, mutant[0].difficulty) == (1, "hard")  # a wrong solution is the agent's failure


@pytest.mark.usefixtures("debian_image")
@pytest.mark.docker
def test_profile_command_prints_the_table_and_writes_task_toml(tmp_path: Path) -> None:
    root = make_task(tmp_path, "t", toml=TOML)
    result = realcli(
        "profile",
        str(root),
        "--agent",
        "oracle",
        "-k",
        "1",
        "--write",
        "--log",
        f"sqlite:{tmp_path / 'log.db'}",
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "easy" in result.stdout
    assert "send back for rework" in result.stdout
    task = load_task(root)
    assert task.config.metadata.difficulty == "easy"
    assert task.raw_config["metadata"]["profile"]["agent"] == "oracle"
    assert task.raw_config["metadata"]["profile"]["pass_rate"] == 1.0


TEMPLATED = '[verifier]\ntimeout_sec = 60\nenv = { WORD = "${PROFILE_WORD}" }\n'
WORD_VERIFIER = """#!/bin/sh
mkdir -p /logs/verifier
if [ "$WORD" = opted-in-word ] && grep -qx hello /app/out; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


@pytest.mark.usefixtures("debian_image")
@pytest.mark.docker
def test_profile_takes_task_env_like_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A templated task without a default: refused in one line without the opt-in, profiled with it."""
    root = make_task(tmp_path, "templated", toml=TEMPLATED)
    (root / "tests" / "test.sh").write_text(WORD_VERIFIER)
    monkeypatch.setenv("PROFILE_WORD", "opted-in-word")
    log = f"sqlite:{tmp_path / 'log.db'}"

    refused = realcli("profile", str(root), "-k", "1", "--log", log)
    opted = realcli("profile", str(root), "-k", "1", "--task-env", "PROFILE_WORD", "--log", log, timeout=600)

    line = one_line_error(refused)
    assert "verifier.env.WORD: ${PROFILE_WORD} is a host variable you did not pass to tasks" in line
    assert "--task-env PROFILE_WORD" in line
    assert opted.returncode == 0, opted.stdout + opted.stderr
    (row,) = [line for line in opted.stdout.splitlines() if "templated" in line]
    assert [cell.strip() for cell in row.split("│")[1:6]] == ["templated", "1", "1", "1.00", "easy"]
