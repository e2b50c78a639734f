"""Specification-test alignment: the rule-based matcher, and its table in ``validate``."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path

import pytest

from realcli.runtime import align_task, requirement_sentences
from realcli.runtime.authoring._align import MATCH_THRESHOLD, align, match_score, uncovered, verifier_checks
from tests._tasks import make_task
from tests.test_cli import realcli

TASKS = Path(__file__).resolve().parent.parent / "tasks"

INSTRUCTION = """\
# Rotate the logs

Write `/app/rotate.sh`. It compresses every rotated log older than
14 days with gzip; it never deletes a log.

- Compressed files keep their name plus `.gz`.
- The script prints one line per file it compresses.

```
compressed /app/logs/app.log.3
```
"""

TESTS = '''\
"""Verifier."""
import subprocess

SCRIPT = "/app/rotate.sh"
FIXTURE = """a very long fixture body that goes on and on ...""" * 10


def test_old_logs_compressed_with_gz_suffix():
    """Rotated logs older than 14 days are compressed, keeping their name plus .gz."""
    subprocess.run(["bash", SCRIPT], check=True)


def test_nothing_deleted():
    # a log older than 14 days is never deleted
    assert True


def test_prints_compressed_lines():
    out = subprocess.run(["bash", SCRIPT], capture_output=True, text=True).stdout
    assert out.startswith("compressed /app/logs/")


class TestExtra:
    def test_uses_systemd_timer(self):
        assert "OnCalendar=daily" in open("/etc/systemd/system/rotate.timer").read()
'''


def test_requirements_are_sentences_with_lines_and_code_blocks_attached() -> None:
    reqs = requirement_sentences(INSTRUCTION)
    assert [(r.line, r.text) for r in reqs] == [
        (3, "Write `/app/rotate.sh`."),
        (3, "It compresses every rotated log older than 14 days with gzip; it never deletes a log."),
        (6, "Compressed files keep their name plus `.gz`."),
        (7, "The script prints one line per file it compresses. compressed /app/logs/app.log.3"),
    ]  # the heading is context; the fenced example belongs to the sentence before it


def test_declared_untestable_sentences_are_not_gaps() -> None:
    reqs = requirement_sentences(INSTRUCTION, untestable=["write `/app/rotate.sh`"])
    assert [r.untestable for r in reqs] == [True, False, False, False]


def test_checks_read_name_docstring_literals_comments_and_module_constants(tmp_path: Path) -> None:
    (tmp_path / "test_rotate.py").write_text(TESTS)
    checks = {c.name: c for c in verifier_checks(tmp_path)}
    assert list(checks) == [
        "test_old_logs_compressed_with_gz_suffix",
        "test_nothing_deleted",
        "test_prints_compressed_lines",
        "test_uses_systemd_timer",
    ]
    first = checks["test_old_logs_compressed_with_gz_suffix"]
    assert first.docstring.startswith("Rotated logs older than 14 days")
    assert "/app/rotate.sh" in first.literals  # through the module constant SCRIPT
    assert not any("fixture body" in lit for lit in first.literals)  # long constants are fixtures, not values
    assert checks["test_nothing_deleted"].comments == "a log older than 14 days is never deleted"
    assert "compressed /app/logs/" in checks["test_prints_compressed_lines"].literals


def test_matcher_links_what_is_said_to_what_is_tested_and_flags_the_rest(tmp_path: Path) -> None:
    (tmp_path / "test_rotate.py").write_text(TESTS)
    result = align(requirement_sentences(INSTRUCTION), verifier_checks(tmp_path))
    assert result.checks_for(1)[0] == "test_old_logs_compressed_with_gz_suffix"
    assert "test_nothing_deleted" in result.checks_for(1)
    assert "test_prints_compressed_lines" in result.checks_for(3)
    # A check of something the instruction never says is flagged.
    assert [c.name for c in result.unmapped_checks] == ["test_uses_systemd_timer"]
    assert any("test_uses_systemd_timer" in w and "tests nothing instruction.md says" in w for w in result.warnings())


def test_score_threshold() -> None:
    assert match_score("Write the report to /app/out/report.csv", "test report written to /app/out/report.csv") >= (
        MATCH_THRESHOLD
    )
    assert match_score("Write the report to /app/out/report.csv", "test cron line installed") < MATCH_THRESHOLD


def test_coverage_catches_a_dropped_requirement() -> None:
    reqs = requirement_sentences(INSTRUCTION)
    full = [
        "Please write /app/rotate.sh.",
        "Compress every rotated log older than 14 days with gzip, never delete a log.",
        "Compressed files keep their name plus .gz; print one line per file compressed "
        "(compressed /app/logs/app.log.3).",
    ]
    assert uncovered(reqs, full) == []
    missing = uncovered(reqs, [full[0], full[2]])
    assert [r.line for r in missing] == [3]
    assert "14 days" in missing[0].text


def test_bundled_task_table_maps_most_checks() -> None:
    result = align_task(TASKS / "csv-report")
    assert len(result.checks) == 7
    assert result.unmapped_checks == []
    assert result.to_builtins()["unmapped_checks"] == []


def test_align_command_prints_the_table_and_json(tmp_path: Path) -> None:
    root = make_task(tmp_path, "rotate", instruction=INSTRUCTION)
    (root / "tests" / "test_rotate.py").write_text(TESTS)
    shown = realcli("align", str(root))
    assert shown.returncode == 0, shown.stderr
    assert "specification-test alignment" in shown.stdout
    assert "check test_uses_systemd_timer tests nothing instruction.md says" in shown.stdout
    data = json.loads(realcli("align", str(root), "--json").stdout)
    assert data["rotate"]["unmapped_checks"] == ["test_uses_systemd_timer"]


@pytest.mark.usefixtures("python_image")
def test_validate_shows_the_alignment_table_for_a_bundled_task(tmp_path: Path) -> None:
    task = tmp_path / "config-hardening"
    shutil.copytree(TASKS / "config-hardening", task)
    result = realcli("validate", str(task), "--log", f"sqlite:{tmp_path / 'log.db'}", timeout=900)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "specification-test alignment" in result.stdout
    row = next(
        line for line in result.stdout.splitlines() if line.lstrip("│ ").startswith("config-hardening") and "/9" in line
    )
    assert "9/9" in row  # every check maps to a requirement
    data = json.loads(
        realcli("validate", str(task), "--json", "--log", f"sqlite:{tmp_path / 'log.db'}", timeout=900).stdout
    )
    assert data[0]["alignment"]["unmapped_checks"] == []
    assert data[0]["ok"] is True


def test_text_helpers() -> None:
    assert textwrap.dedent(INSTRUCTION) == INSTRUCTION


async def test_model_assisted_alignment_adds_links_and_is_recorded(tmp_path: Path) -> None:
    from realcli import events as ev
    from realcli.eventlog import open_log
    from realcli.models import ModelEndpoint
    from realcli.runtime import align_with_model
    from realcli.runtime.authoring._synth import synth_stream
    from tests.fakes import FakeModelServer, Text

    root = make_task(tmp_path, "rotate", instruction=INSTRUCTION)
    (root / "tests" / "test_rotate.py").write_text(TESTS)
    mapping = {
        "links": [
            {"requirement": 3, "checks": ["test_uses_systemd_timer", "test_made_up"]},
            {"requirement": 99, "checks": ["test_nothing_deleted"]},
        ],
        "untestable": [1],
    }
    url = f"sqlite:{tmp_path / 'log.db'}"
    with FakeModelServer([Text(json.dumps(mapping))]) as server:
        point = ModelEndpoint(base_url=server.openai_base_url, model="fake-align", max_retries=0)
        async with open_log(url) as log:
            result = await align_with_model(log, root, endpoint=point, synthesis_id="al1")
            events = [r.event async for r in log.read(synth_stream("al1"))]
        prompt_text = server.requests[0].last_user_text
    assert "1. Write `/app/rotate.sh`." in prompt_text
    assert "- test_uses_systemd_timer:" in prompt_text
    assert result.unmapped_checks == []  # the model linked the check the rules could not
    assert "test_uses_systemd_timer" in result.checks_for(2)
    assert not result.requirements[0].untestable  # a check tests it: the model cannot call it untestable
    repaired = next(e for e in events if isinstance(e, ev.SynthesisStageAnswered) and e.stage == "align:repaired")
    assert repaired.notes == [
        "align.links[0].checks: 'test_made_up' is no check of the verifier; dropped",
        "align.links[1].requirement: 99 is no requirement number; dropped",
    ]
    assert isinstance(events[0], ev.SynthesisStarted)
    assert events[0].kind == "align"
    assert isinstance(events[-1], ev.SynthesisFinished)
