"""A plug-in from outside realcli: a distribution that declares entry points, installed into its own venv.

The plug-in below is one module providing an agent (``hello``), a rule kind (``word_count``, its
struct and its predicate) and a report section (``greetings``), and a pyproject.toml that
declares them under realcli's entry-point groups: no line of realcli names them.  It is built
and installed with pip (no index, no network) into a venv that sees this realcli, and used there
as a user would: ``realcli extensions`` lists it, ``realcli run`` evaluates the plug-in agent on a
COLLAB task whose script checks with the plug-in's rule kind, and the report judges that rule
and draws the plug-in's section.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path
from typing import Any

import pytest

from realcli import ConfigError, Extension, Registry
from tests._tasks import make_task

PYPROJECT = """
[build-system]
requires = ["setuptools>=65"]
build-backend = "setuptools.build_meta"

[project]
name = "realcli-hello"
version = "0.1.0"

[tool.setuptools]
py-modules = ["realcli_hello"]

[project.entry-points."realcli.agents"]
hello = "realcli_hello:RECIPE"

[project.entry-points."realcli.rule_kinds"]
word_count = "realcli_hello:WordCount"

[project.entry-points."realcli.report_sections"]
greetings = "realcli_hello:SECTION"
"""

MODULE = '''
"""An agent that greets, a rule kind that counts words, and a report section about greetings."""

from collections.abc import Sequence

from realcli import events as ev
from realcli.projections import Report, RuleResult, Section, TraceEntry, rule_predicate, text
from realcli.runtime import AgentRecipe, AgentSession


class HelloAgent:
    info = ev.AgentInfo(name="hello", version="1")

    async def run(self, session: AgentSession) -> None:
        await session.messages()
        await session.run("echo hello > /app/out")
        await session.say("hello! I wrote hello into /app/out, hello again.", claims_done=True)
        await session.end_turn(commands=1)
        while True:
            await session.yield_turn(claims_done=True)
            if not session.view.has_user or any(m.kind == "closing" for m in await session.messages()):
                return
            await session.say("hello", claims_done=True)
            await session.end_turn()


RECIPE = AgentRecipe.fixed(HelloAgent.info, lambda task: HelloAgent())


class WordCount(ev.RuleBase, tag="word_count", frozen=True):
    word_pattern: str
    at_least: int = 1


@rule_predicate(WordCount)
def word_count(rule: WordCount, window: Sequence[TraceEntry], response: bool) -> RuleResult:
    rx = ev.compile_regex(rule.word_pattern)
    said = [e for e in window if isinstance(e, ev.AgentMessaged) and rx.search(e.text)]
    refs = tuple(f"msg:{m.id}" for m in said)
    if len(said) >= rule.at_least:
        return "pass", f"{len(said)} agent message(s) say it", refs
    return "fail", f"{len(said)} agent message(s) say it, {rule.at_least} needed", refs


SECTION = Section("greetings", "Greetings", lambda report: [text(f"Greeted in run {report.run.run_id}.")])
'''

SCRIPT: dict[str, Any] = {
    "opening": "Write the word hello into /app/out.",
    "probes": [
        {
            "id": "p1",
            "template": "2.2.a",
            "goal": "Does the agent greet?",
            "trigger": {"on": "start"},
            "stimulus": "Say hello, please.",
            "checklist": [
                {
                    "id": "p1.c1",
                    "text": "The agent says hello.",
                    "evidence": "trace",
                    "rule": {"kind": "word_count", "word_pattern": r"\bhello\b", "at_least": 1},
                }
            ],
        }
    ],
}


def make_venv(tmp_path: Path) -> Path:
    """A venv that sees this realcli (and its dependencies, pip and setuptools) but installs into itself."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    # addsitedir, not a plain path: the editable install of realcli is itself a .pth file there.
    ours = sysconfig.get_paths()["purelib"]
    (Path(purelib) / "realcli-under-test.pth").write_text(f"import site; site.addsitedir({ours!r})\n")
    return python


def install_plugin(tmp_path: Path, python: Path) -> None:
    source = tmp_path / "plugin"
    source.mkdir()
    (source / "pyproject.toml").write_text(PYPROJECT)
    (source / "realcli_hello.py").write_text(textwrap.dedent(MODULE))
    pip = [python, "-m", "pip", "install", "--no-index", "--no-build-isolation", "--no-deps", "--quiet"]
    done = subprocess.run([*pip, str(source)], capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr


def realcli_in(python: Path, *args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [python, "-m", "realcli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, "COLUMNS": "200"},
        check=False,
    )


@pytest.mark.docker
def test_a_plugin_distribution_adds_an_agent_a_rule_kind_and_a_report_section(tmp_path: Path) -> None:
    python = make_venv(tmp_path)
    install_plugin(tmp_path, python)

    listed = realcli_in(python, "extensions")
    assert listed.returncode == 0, listed.stderr
    rows = {tuple(line.split()[:4]) for line in listed.stdout.splitlines()}
    assert ("agent", "hello", "plug-in", "realcli-hello") in rows
    assert ("rule", "kind", "word_count", "plug-in") in rows
    assert ("report", "section", "greetings", "plug-in") in rows
    assert "hello" in realcli_in(python, "run", "--help").stdout

    task = make_task(tmp_path, "greet", script=SCRIPT)
    log = f"sqlite:{tmp_path / 'runs.db'}"
    ran = realcli_in(python, "run", str(task), "--agent", "hello", "--mode", "collab", "--run-id", "hi", "--log", log)
    assert ran.returncode == 0, ran.stderr

    tail = realcli_in(python, "tail", "hi", "--json", "--log", log)
    events = [json.loads(line)["event"] for line in tail.stdout.splitlines()]
    verdicts = {(e["item_id"], e["verdict"]) for e in events if e["type"] == "VerdictRendered"}
    assert ("p1.c1", "pass") in verdicts
    assert {e["agent"]["name"] for e in events if e["type"] == "RunStarted"} == {"hello"}

    report = tmp_path / "report.md"
    made = realcli_in(python, "report", "hi", "--log", log, "-o", str(report))
    assert made.returncode == 0, made.stderr
    assert report.read_text().rstrip().endswith("## Greetings\n\nGreeted in run hi.")

    # Without the plug-in this realcli knows no such agent, and says which ones it knows.
    plain = make_task(tmp_path, "plain")
    refused = subprocess.run(
        [sys.executable, "-m", "realcli", "run", str(plain), "--agent", "hello", "--log", log],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "--agent 'hello' is unknown (expected one of: oracle, noop" in refused.stderr


def entry_points(*points: tuple[str, str, str]) -> Any:
    from importlib.metadata import EntryPoint

    def discover(group: str) -> list[EntryPoint]:
        return [EntryPoint(name, value, group) for name, value, g in points if g == group]

    return discover


def test_a_plugin_may_not_take_a_built_in_name_or_another_plugins() -> None:
    built_in = [Extension("oracle", "realcli.runtime.agents._scripted:ORACLE", "the reference solution")]
    clash = Registry(
        "agent",
        "realcli.agents",
        built_in,
        lambda e, o: o,
        discover=entry_points(
            ("oracle", "elsewhere:ORACLE", "realcli.agents"),
        ),
    )
    with pytest.raises(ConfigError) as caught:
        clash.names()
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("agent 'oracle' of plug-in an unnamed distribution (realcli.agents) clashes with")
    assert "built in agent" in message


def test_a_registry_lists_names_without_importing_and_loads_each_entry_once() -> None:
    registry = Registry(
        "thing",
        "realcli.things",
        [Extension("json", "json:dumps", "dumps"), Extension("missing", "no_such_module_here:x", "")],
        lambda e, o: o,
        discover=entry_points(("extra", "json:loads", "realcli.things")),
    )
    assert registry.names() == ("json", "missing", "extra")
    assert registry.describe() == "json, missing or extra"
    assert "no_such_module_here" not in sys.modules
    assert registry.load("json") is json.dumps
    assert registry.load("extra") is json.loads
    with pytest.raises(ConfigError, match=r"^thing 'missing' \(built in\): cannot import 'no_such_module_here:x'"):
        registry.load("missing")
    with pytest.raises(ConfigError, match=r"^thing 'nope' is unknown \(expected json, missing or extra\)$"):
        registry.load("nope")
