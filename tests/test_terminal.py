"""Recorded text reaches a terminal shown, never obeyed: ``tail`` (with and without ``--follow``), ``tail --json``,
``report`` in every format, the run summary and the CLI's tables neutralise control and escape sequences."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import anyio
import pytest
from rich.console import Console

from realcli import events as ev
from realcli.cli._report_term import terminal
from realcli.eventlog import open_log
from realcli.judging import load_run
from realcli.projections import RunFacts, render_json, report, report_document
from tests._tasks import make_task
from tests._trials import RunRecorder, catalog_info, rotation_script, task_spec

# What a sandbox (or a stranger's task, or a model) may print: a window title, a clear screen, an OSC 8
# hyperlink, an 8-bit CSI, a right-to-left override, a carriage return hiding what came before, and Rich
# markup that would become a hyperlink if read as markup.
HOSTILE = (
    "\x1b]0;pwned\x07\x1b[2J\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\"
    "\x9b31m\u202eevil\rhidden [link=http://evil.example/]markup[/link]"
)
TITLE_SHOWN = "␛]0;pwned␇"
# Anything a terminal acts on (tab and newline excepted).
OBEYED = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
RICH_STYLE = re.compile(r"\x1b\[[0-9;]*m")  # the only sequences Rich itself writes for our styles


def realcli(*args: str, color: bool = False) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "400"}
    if color:
        env["FORCE_COLOR"] = "1"  # Rich writes as to a terminal: styles, and hyperlinks if markup asked for one
    return subprocess.run(
        [sys.executable, "-m", "realcli", *args], capture_output=True, text=True, timeout=120, env=env
    )


def hostile_run(run_id: str = "hostile") -> RunRecorder:
    """A finished run whose recorded text is hostile wherever text goes: commands, output, messages, details."""
    rec = RunRecorder(run_id)
    rec.run_started(tasks=["t1", "t2"], catalog=catalog_info())
    spec = task_spec("t1", category="ops" + HOSTILE, script=rotation_script())
    trial = rec.trial(spec, "exec").start()
    trial.run("echo " + HOSTILE, stdout="out " + HOSTILE + "\n", stderr="err " + HOSTILE)
    trial.say("message " + HOSTILE, claims_done=True)
    trial.yield_(claims_done=True)
    trial.finish(reward=0.0, checks=[("test_x", "failed")], detail="detail " + HOSTILE)
    broken = rec.trial(task_spec("t2", category="ops"), "exec").start()
    broken.finish(reward=None, reason="infrastructure_error", verify=False, detail="docker: " + HOSTILE)
    rec.run_finished()
    return rec


@pytest.fixture
def url(tmp_path: Path) -> str:
    log_url = f"sqlite:{tmp_path / 'log.db'}"

    async def write() -> None:
        async with open_log(log_url) as log:
            await hostile_run().write(log)

    anyio.run(write)
    return log_url


def assert_shown_not_obeyed(text: str) -> None:
    found = OBEYED.search(text)
    assert found is None, (
        f"{found.group()!r} reaches the terminal at {text[max(0, found.start() - 40) : found.end()]!r}"
    )
    assert TITLE_SHOWN in text


@pytest.mark.parametrize("follow", [False, True], ids=["tail", "tail-follow"])
def test_tail_shows_escape_sequences_instead_of_obeying_them(url: str, follow: bool) -> None:
    shown = realcli("tail", "hostile", *(["--follow"] if follow else []), "--log", url)

    assert shown.returncode == 0, shown.stderr
    assert_shown_not_obeyed(shown.stdout)
    lines = shown.stdout.splitlines()
    assert len(lines) == len(hostile_run().pairs)  # one line per event: no text passes for lines of its own
    assert "RunFinished" in lines[-1]


def test_tail_json_stays_valid_json_with_unchanged_data(url: str) -> None:
    shown = realcli("tail", "hostile", "--json", "--log", url)

    assert shown.returncode == 0, shown.stderr
    assert OBEYED.search(shown.stdout) is None
    decoded = [json.loads(line) for line in shown.stdout.splitlines()]
    recorded = hostile_run().records()
    assert [d["event"] for d in decoded] == [json.loads(ev.encode(r.event)) for r in recorded]  # type: ignore[arg-type]
    assert any(d["event"].get("text") == "message " + HOSTILE for d in decoded)  # the bytes the agent wrote


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_report_shows_escape_sequences_on_stdout_and_in_files(url: str, tmp_path: Path, fmt: str) -> None:
    printed = realcli("report", "hostile", "--format", fmt, "--log", url)
    written = realcli("report", "hostile", "--format", fmt, "-o", str(tmp_path / f"r.{fmt}"), "--log", url)

    assert printed.returncode == written.returncode == 0, printed.stderr + written.stderr
    assert_shown_not_obeyed(printed.stdout)
    assert (tmp_path / f"r.{fmt}").read_text(encoding="utf-8") == printed.stdout


def test_report_json_stays_valid_json_with_unchanged_data(url: str) -> None:
    printed = realcli("report", "hostile", "--format", "json", "--log", url)

    assert printed.returncode == 0, printed.stderr
    assert OBEYED.search(printed.stdout) is None
    facts = anyio.run(_facts, url)
    assert json.loads(printed.stdout) == json.loads(render_json(report(facts)))


def test_the_terminal_report_writes_no_sequence_but_its_own_styles(url: str) -> None:
    facts = anyio.run(_facts, url)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=300)  # a plain console: the renderer alone is tested

    for renderable in terminal(report_document(report(facts))):
        console.print(renderable)

    text = RICH_STYLE.sub("", out.getvalue())
    assert_shown_not_obeyed(text)
    assert "[link=http://evil.example/]markup[/link]" in text  # data, never markup


def test_cli_tables_show_recorded_text_not_markup_or_escapes(tmp_path: Path) -> None:
    url = f"sqlite:{tmp_path / 'log.db'}"
    anyio.run(_write_run_with_agent, url, "oracle" + HOSTILE)
    root = make_task(tmp_path, "odd", toml=f"[metadata]\ncategory = {json.dumps(HOSTILE)}\n")

    runs = realcli("runs", "--log", url, color=True)
    coverage = realcli("coverage", str(root), color=True)
    coverage_json = realcli("coverage", str(root), "--json")

    for shown in (runs, coverage):
        assert shown.returncode == 0, shown.stderr
        text = RICH_STYLE.sub("", shown.stdout)
        assert_shown_not_obeyed(text)
        assert "[link=http://evil.example/]markup[/link]" in text
    assert coverage_json.returncode == 0, coverage_json.stderr
    assert OBEYED.search(coverage_json.stdout) is None
    assert json.loads(coverage_json.stdout)["tasks"][0]["category"] == HOSTILE


def test_an_error_naming_recorded_text_is_one_visible_line(tmp_path: Path) -> None:
    key = json.dumps("K" + HOSTILE)  # a task.toml key is the task author's text, and errors name keys
    root = make_task(tmp_path, "odd", toml=f'[verifier]\nenv = {{ {key} = "${{OPENAI_API_KEY}}" }}\n')

    refused = realcli("lint", str(root))
    run = realcli("run", str(root), "--log", f"sqlite:{tmp_path / 'log.db'}")

    assert refused.returncode == run.returncode == 1
    assert_shown_not_obeyed(refused.stdout)
    assert_shown_not_obeyed(run.stderr)
    assert len(run.stderr.strip().splitlines()) == 1


async def _facts(url: str) -> RunFacts:
    async with open_log(url) as log:
        return await load_run(log, "hostile")


async def _write_run_with_agent(url: str, agent: str) -> None:
    started = ev.RunStarted(
        run_id="odd", mode="exec", agent=ev.AgentInfo(name=agent), attempts=1, concurrency=1, tasks=["t1"]
    )
    async with open_log(url) as log:
        await log.append(ev.run_stream("odd"), [started], expected_version=0)
