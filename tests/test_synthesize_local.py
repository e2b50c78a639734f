"""``synthesize layer`` against a real small model (SmolLM2-135M under llama.cpp): the protocol, not the quality.

A 135M model drafts poor layers; what is asserted is that every call is an
event with the server's real token counts, every stage ends accepted or
rejected with notes, the checks run and report one line per problem, and
the files on disk are the ones the log records.
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest

from realcli import events as ev
from realcli.eventlog import open_log
from realcli.models import LocalModelServer, ModelEndpoint, resolve_local_model
from realcli.runtime import LayerOptions, synthesize_layer
from realcli.runtime.authoring._synth import synth_stream
from realcli.scripts_catalog import load_catalog
from tests._tasks import make_task

RECORDING = Path(__file__).resolve().parent / "fixtures" / "sessions" / "csv-fix.typescript"

pytestmark = [pytest.mark.local_model, pytest.mark.docker, pytest.mark.usefixtures("debian_image")]

INSTRUCTION = """\
# Greeting

Write the word `hello` into `/app/out`, on one line.
Do not create any other file in `/app`.
"""


def local_endpoint(server: LocalModelServer) -> ModelEndpoint:
    """The default model, short answers (the protocol is asserted, not what a 135M model drafts), one retry.

    Its server runs one thread: beside the suite's other workers a second one mostly spins at
    llama.cpp's barriers, waiting for a core."""
    return ModelEndpoint(
        base_url=server.base_url,
        model="smollm2",
        timeout_sec=300.0,
        max_retries=1,
        params={"max_tokens": 192, "temperature": 0.2, "seed": 7},
    )


@pytest.mark.long
async def test_a_real_small_model_drafts_a_layer_and_every_step_is_recorded(tmp_path: Path) -> None:
    base = make_task(tmp_path, "greet", instruction=INSTRUCTION)
    url = f"sqlite:{tmp_path / 'log.db'}"
    server = LocalModelServer(resolve_local_model(), ctx=8192, parallel=1, threads=1)
    with anyio.fail_after(1200):
        async with server, open_log(url) as log:
            point = local_endpoint(server)
            report = await synthesize_layer(
                log,
                base,
                endpoint=point,
                catalog=load_catalog(),
                synthesis_id="local1",
                options=LayerOptions(probes=2),
            )
            events = [r.event async for r in log.read(synth_stream("local1"))]

    assert isinstance(events[0], ev.SynthesisStarted)
    assert events[0].model == "smollm2"
    finished = events[-1]
    assert isinstance(finished, ev.SynthesisFinished)
    assert finished.status == ("passed" if report.ok else "failed")
    calls = [e for e in events if isinstance(e, ev.SynthesisModelCalled)]
    assert calls
    assert len(calls) == report.calls == finished.calls
    assert all(c.status == 200 and c.tokens_in > 0 and c.tokens_out > 0 for c in calls)  # the server's own counts
    answered = [e for e in events if isinstance(e, ev.SynthesisStageAnswered)]
    assert {c.stage for c in calls} <= {a.stage for a in answered}  # every stage asked ends accepted or rejected
    assert report.tokens_in == sum(c.tokens_in for c in calls)
    drafted = {e.path: e.text for e in events if isinstance(e, ev.SynthesisArtifactDrafted)}
    for rel, text in drafted.items():
        assert (base / rel).read_text() == text
    checks = {e.check: e.passed for e in events if isinstance(e, ev.SynthesisChecked)}
    assert checks == report.checks
    if drafted:
        assert "coverage" in checks
        assert "load" in checks
        json.loads(drafted["interaction/script.json"])
    for problem in report.problems:  # one line each, naming the file (or the pilot's check)
        assert "\n" not in problem
        assert problem.startswith(("interaction/", "pilot: ", "instruction.md", str(base))), problem


@pytest.mark.long
@pytest.mark.usefixtures("python_image")
async def test_a_real_small_model_drafts_a_task_from_a_recorded_session(tmp_path: Path) -> None:
    """``synthesize task --from-log`` on a real recording with the real local model: every stage runs
    and is recorded (the session parsed, the digest, the base, ...); what a 135M model drafts is poor."""
    from realcli.runtime import synthesize_task_from_log

    recording = RECORDING
    out = tmp_path / "drafted"
    url = f"sqlite:{tmp_path / 'log.db'}"
    server = LocalModelServer(resolve_local_model(), ctx=8192, parallel=1, threads=1)
    with anyio.fail_after(1500):
        async with server, open_log(url) as log:
            point = local_endpoint(server)
            report = await synthesize_task_from_log(
                log, recording, out=out, endpoint=point, catalog=load_catalog(), synthesis_id="local-log"
            )
            events = [r.event async for r in log.read(synth_stream("local-log"))]

    started = events[0]
    assert isinstance(started, ev.SynthesisStarted)
    assert (started.kind, started.source_log, started.model) == ("task", "csv-fix.typescript", "smollm2")
    answered = [e for e in events if isinstance(e, ev.SynthesisStageAnswered)]
    assert answered[0].stage == "session"
    assert answered[0].accepted
    assert json.loads(answered[0].answer)["timing"] == "csv-fix.timing"
    calls = [e for e in events if isinstance(e, ev.SynthesisModelCalled)]
    assert calls[0].stage == "log-digest"
    assert len(calls) == report.calls
    assert all(c.status == 200 and c.tokens_in > 0 and c.tokens_out > 0 for c in calls)  # the server's own counts
    assert {c.stage for c in calls} <= {a.stage for a in answered}  # every stage asked ends accepted or rejected
    finished = events[-1]
    assert isinstance(finished, ev.SynthesisFinished)
    assert finished.status == ("passed" if report.ok else "failed")
    drafted = {e.path: e.text for e in events if isinstance(e, ev.SynthesisArtifactDrafted)}
    for rel, text in drafted.items():
        assert (out / rel).read_text() == text
    if "task.toml" in drafted:
        assert '[metadata.origin]\nkind = "session"\nfile = "csv-fix.typescript"' in drafted["task.toml"]
    for problem in report.problems:  # one line each, naming the file (or the pilot's check)
        assert "\n" not in problem
