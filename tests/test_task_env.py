"""A task never sees the user's secrets: its ``${VAR}`` templates read only host variables the user opted into,
never realcli's own settings and credentials or anything secret-like, and the values that do go in are
redacted from the log where it is written, whoever reads it later."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import anyio
import pytest

from realcli import ConfigError, TaskFormatError
from realcli import events as ev
from realcli.eventlog import EventLog, open_log
from realcli.runtime import Redactor, StreamWriter
from realcli.taskformat import TaskEnv, load_task, refusal
from tests._tasks import make_task

# What a user running a stranger's task has in the environment: realcli's credentials, and one harmless
# variable the user chooses to pass (--task-env DATASET_LABEL).
CREDENTIALS = {
    "REALCLI_AGENT_API_KEY": "sk-agent-" + "a1" * 16,
    "OPENAI_API_KEY": "sk-openai-" + "b2" * 16,
    "REALCLI_NATS_TOKEN": "nats-token-" + "c3" * 12,
}
LABEL = "label-7f3a9c-opted-in"

# The exfiltration task: every env table reaches for a credential; one template is harmless.
EXFIL = (
    '[environment]\nenv = { AGENT = "${REALCLI_AGENT_API_KEY}", LABEL = "${DATASET_LABEL}" }\n'
    '[verifier]\ntimeout_sec = 60\nenv = { OPENAI = "${OPENAI_API_KEY}" }\n'
    '[solution]\nenv = { NATS = "${REALCLI_NATS_TOKEN}" }\n'
)


def realcli(*args: str, env: dict[str, str] | None = None, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    """``realcli`` in its own process, with the user's credentials (and the opted-in variable) in its environment."""
    base = {**os.environ, **CREDENTIALS, "DATASET_LABEL": LABEL, "COLUMNS": "200"}
    return subprocess.run(
        [sys.executable, "-m", "realcli", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env=base if env is None else env,
    )


def one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def assert_no_credentials(text: str) -> None:
    for name, value in CREDENTIALS.items():
        assert value not in text, f"the value of {name} leaked"


# ------------------------------------------------------------ refused at load


def test_the_exfiltration_task_is_refused_at_load_with_every_key_named(tmp_path: Path) -> None:
    root = make_task(tmp_path, "exfil", toml=EXFIL)

    with pytest.raises(TaskFormatError) as refused:
        load_task(root)

    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f"{root / 'task.toml'}: environment.env.AGENT: ${{REALCLI_AGENT_API_KEY}} belongs to")
    assert "verifier.env.OPENAI: ${OPENAI_API_KEY}" in message
    assert "solution.env.NATS: ${REALCLI_NATS_TOKEN}" in message
    assert "DATASET_LABEL" not in message  # a harmless variable is the user's to pass


def test_run_and_lint_refuse_it_in_one_line_and_run_nothing(tmp_path: Path) -> None:
    root = make_task(tmp_path, "exfil", toml=EXFIL)
    url = f"sqlite:{tmp_path / 'log.db'}"

    ran = realcli("run", str(root), "--task-env", "DATASET_LABEL", "--log", url)
    linted = realcli("lint", str(root))

    line = one_line_error(ran)
    for key in ("environment.env.AGENT", "verifier.env.OPENAI", "solution.env.NATS"):
        assert key in line
    assert_no_credentials(ran.stdout + ran.stderr)
    assert not (tmp_path / "log.db").exists()  # nothing was recorded, nothing ran
    assert linted.returncode == 1
    lint_out = " ".join(linted.stdout.split())
    assert "error:" in lint_out
    for template in ("${REALCLI_AGENT_API_KEY}", "${OPENAI_API_KEY}", "${REALCLI_NATS_TOKEN}"):
        assert template in lint_out


@pytest.mark.parametrize(
    "name",
    [
        "REALCLI_AGENT_API_KEY",
        "REALCLI_USER_API_KEY",
        "REALCLI_JUDGE_API_KEY",
        "REALCLI_SYNTH_API_KEY",
        "REALCLI_NATS_TOKEN",
        "REALCLI_NATS_TOKEN_FILE",
        "REALCLI_LOG",
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "ANTHROPIC_API_KEY",
        "HF_TOKEN",
        "GITHUB_TOKENS",
        "AWS_SECRET_ACCESS_KEY",
        "AWS_ACCESS_KEY_ID",
        "DB_PASSWORD",
        "SMTP_PASS",
        "GOOGLE_APPLICATION_CREDENTIALS",
        "SSH_AUTH_SOCK",
        "api_key",
        "SENTRY_DSN",
    ],
)
def test_realcli_settings_and_secret_names_are_never_passed(name: str) -> None:
    assert refusal(name) is not None
    with pytest.raises(ConfigError, match=f"--task-env {name}: {name} .*never passes it to a task"):
        TaskEnv([name])


@pytest.mark.parametrize("name", ["DATASET_LABEL", "TOKENIZERS_PARALLELISM", "MONKEY_COUNT", "AUTHOR", "TZ", "LANG"])
def test_ordinary_names_may_be_opted_into(name: str) -> None:
    assert refusal(name) is None
    assert TaskEnv([name]).names == {name}


@pytest.mark.parametrize(
    ("how", "extra"),
    [
        (["--task-env", "OPENAI_API_KEY"], {}),
        ([], {"REALCLI_TASK_ENV": "DATASET_LABEL,REALCLI_NATS_TOKEN"}),
        ([], {"REALCLI_CONFIG": "CONFIG"}),
    ],
    ids=["option", "environment", "config"],
)
def test_no_way_of_opting_in_reaches_a_credential(tmp_path: Path, how: list[str], extra: dict[str, str]) -> None:
    root = make_task(tmp_path, "plain")
    config = tmp_path / "config.toml"
    config.write_text('task_env = ["DATASET_LABEL", "HF_TOKEN"]\n')
    env = {**os.environ, **CREDENTIALS, "COLUMNS": "200"}
    env.update({k: str(config) if v == "CONFIG" else v for k, v in extra.items()})

    line = one_line_error(realcli("run", str(root), *how, "--log", f"sqlite:{tmp_path / 'log.db'}", env=env))

    assert "never passes it to a task" in line
    assert any(name in line for name in ("OPENAI_API_KEY", "REALCLI_NATS_TOKEN", "HF_TOKEN"))
    assert not (tmp_path / "log.db").exists()


# ------------------------------------------------- what an opted-in task gets


def test_a_host_variable_not_opted_into_is_unset_for_the_task(tmp_path: Path) -> None:
    toml = '[environment]\nenv = { A = "${DATASET_LABEL}", B = "${DATASET_LABEL:-fallback}" }\n'
    task = load_task(make_task(tmp_path, "reads", toml=toml))
    host = {"DATASET_LABEL": LABEL}

    with pytest.raises(TaskFormatError) as refused:
        TaskEnv(environ=host).check(task)
    unlisted = TaskEnv(environ=host).resolve({"B": "${DATASET_LABEL:-fallback}"}, where="task.toml: environment.env")
    opted = TaskEnv(["DATASET_LABEL"], environ=host).resolve(task.config.environment.env, where="x")

    assert "environment.env.A: ${DATASET_LABEL} is a host variable you did not pass to tasks" in str(refused.value)
    assert "--task-env DATASET_LABEL" in str(refused.value)
    assert unlisted == {"B": "fallback"}  # set on the host, but not the task's to read
    assert opted == {"A": LABEL, "B": LABEL}
    assert TaskEnv(["DATASET_LABEL"], environ=host).values(task) == {LABEL}


def test_a_secret_named_template_with_a_default_gets_the_default_never_the_hosts_value(tmp_path: Path) -> None:
    """As public tasks give their database sidecars ``${DB_PASSWORD:-postgres}``: the task loads and runs with the
    default; the host's value (set here, as a user's own password would be) is never read."""
    toml = '[environment]\nenv = { DB = "${DB_PASSWORD:-postgres}", KEY = "${OPENAI_API_KEY:-none}" }\n'
    task = load_task(make_task(tmp_path, "defaults", toml=toml))
    host = {"DB_PASSWORD": "hunter2-the-users-own", **CREDENTIALS}

    TaskEnv(environ=host).check(task)
    got = TaskEnv(environ=host).resolve(task.config.environment.env, where="task.toml: environment.env")
    compose = (
        "services:\n  db:\n    image: debian:bookworm-slim\n    environment:\n"
        "      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-postgres}\n"
    )
    project = load_task(compose_task(tmp_path, "sidecar", compose)).compose
    assert project is not None
    sidecar = TaskEnv(environ={"POSTGRES_PASSWORD": "hunter2-the-users-own"}).resolve_compose(project)
    linted = realcli("lint", str(tmp_path / "defaults"))

    assert got == {"DB": "postgres", "KEY": "none"}
    assert TaskEnv(environ=host).values(task) == frozenset()  # nothing of the host went in: nothing to redact
    (db,) = [s for s in sidecar.services if s.name == "db"]
    assert db.environment["POSTGRES_PASSWORD"] == "postgres"
    assert "is never read from the host" in " ".join(linted.stdout.split())
    with pytest.raises(TaskFormatError, match="never passes it"):  # without a default it is refused, as before
        load_task(make_task(tmp_path, "bare", toml='[environment]\nenv = { DB = "${DB_PASSWORD}" }\n'))


def test_lint_lists_what_a_task_reads_from_the_host(tmp_path: Path) -> None:
    toml = '[environment]\nenv = { A = "${DATASET_LABEL}", B = "${DATASET_LABEL:-fallback}" }\n'
    root = make_task(tmp_path, "reads", toml=toml)

    linted = realcli("lint", str(root))

    assert linted.returncode == 0, linted.stdout
    out = " ".join(linted.stdout.split())
    assert "warning: " + f"{root / 'task.toml'}: environment.env.A: reads ${{DATASET_LABEL}} from the host; " in out
    assert "without your opt-in it does not run" in out
    assert "without your opt-in it gets its default 'fallback'" in out
    assert "fix: --task-env DATASET_LABEL" in out


def test_resume_resolves_with_its_own_opt_in(tmp_path: Path) -> None:
    root = make_task(tmp_path, "reads", toml='[verifier]\nenv = { A = "${DATASET_LABEL}" }\n')
    url = f"sqlite:{tmp_path / 'log.db'}"
    anyio.run(_record_unfinished_run, url, root)

    resumed = realcli("resume", "again", "--log", url)

    assert resumed.returncode == 1
    assert "Traceback" not in resumed.stderr
    line = resumed.stderr.strip().splitlines()[-1]  # after the progress bar resume draws first
    assert "verifier.env.A: ${DATASET_LABEL} is a host variable you did not pass to tasks" in line
    assert isinstance(anyio.run(_records, url, "again")[-1].event, ev.TrialScheduled)  # nothing was recorded


async def _record_unfinished_run(url: str, root: Path) -> None:
    started = ev.RunStarted(
        run_id="again",
        mode="exec",
        agent=ev.AgentInfo(name="oracle"),
        attempts=1,
        concurrency=1,
        tasks=["reads"],
        task_dirs=[str(root)],
    )
    scheduled = ev.TrialScheduled(trial_id="reads-exec-1", task_id="reads", mode="exec", attempt=1)
    async with open_log(url) as log:
        await log.append(ev.run_stream("again"), [started, scheduled], expected_version=0)


@pytest.mark.parametrize(
    ("value", "shape"),
    [
        (CREDENTIALS["OPENAI_API_KEY"], "a provider API key"),
        ("Bearer nats-token-" + "c3" * 12, "the value of REALCLI_NATS_TOKEN"),
        ("postgres://app:hunter22@db.internal/prod", "a URL with a password"),
        ("ghp_" + "x" * 36, "a GitHub token"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==", "a private key"),
    ],
)
def test_an_opted_in_value_that_looks_like_a_secret_is_refused(tmp_path: Path, value: str, shape: str) -> None:
    task = load_task(make_task(tmp_path, "reads", toml='[verifier]\nenv = { V = "${INNOCENT}" }\n'))
    host = {**CREDENTIALS, "INNOCENT": value}

    with pytest.raises(TaskFormatError) as refused:
        TaskEnv(["INNOCENT"], environ=host).check(task)

    message = str(refused.value)
    assert f"verifier.env.V: ${{INNOCENT}} holds what looks like a secret ({shape})" in message
    assert value not in message
    assert "hunter22" not in message


# ---------------------------------------------------------- redacted at write


SECRET = 'opted-in "value" \\ 7f3a9c'  # quotes and a backslash: its JSON-escaped form differs


async def test_the_writer_redacts_secrets_from_every_string_of_an_event(log: EventLog) -> None:
    writer = StreamWriter(log, "r1.t1.sandbox", 0, redactor=Redactor([SECRET]))
    output = ev.CommandFinished(
        command_id="c1", exit_code=0, stdout=ev.Output(text=f"value: {SECRET}\n", total_bytes=40, kept_bytes=40)
    )
    call = ev.ModelCalled(
        call_id="m1",
        purpose="agent",
        provider="openai",
        model="m",
        request=json.dumps({"messages": [{"role": "tool", "content": f"printed {SECRET}"}]}),
    )
    files = ev.EvidenceSnapshotted(
        trial_id="t1", files=[ev.EvidenceFile(path=f"/app/{SECRET}", exists=True, content=SECRET)]
    )
    image = ev.ImageBuilt(image="i", content_hash="h", cached=True, mapped={f"from-{SECRET}": SECRET})
    plain = ev.AgentMessaged(text="nothing to hide")

    await writer.append(output, call, files, image, plain)

    stored = [rec.event async for rec in log.read("r1.t1.sandbox")]
    assert [e.id for e in stored] == [output.id, call.id, files.id, image.id, plain.id]  # the same events, redacted
    encoded = b"".join(ev.encode(e) for e in stored)
    assert SECRET.encode() not in encoded
    assert json.dumps(SECRET)[1:-1].encode() not in encoded
    assert stored[0].stdout.text == "value: [REDACTED]\n"  # type: ignore[union-attr]
    assert json.loads(stored[1].request)["messages"][0]["content"] == "printed [REDACTED]"  # type: ignore[union-attr]
    assert stored[2].files[0] == ev.EvidenceFile(path="/app/[REDACTED]", exists=True, content="[REDACTED]")  # type: ignore[union-attr]
    assert stored[3].mapped == {"from-[REDACTED]": "[REDACTED]"}  # type: ignore[union-attr]
    assert stored[4] == plain


# ------------------------------------------------------------ end to end


# The verifier proves the value reached the sandbox (its hash) and no credential did; it prints the value too.
LABEL_VERIFIER = """#!/bin/sh
mkdir -p /logs/verifier
echo "verifier sees $LABEL"
got=$(printf %s "$LABEL" | sha256sum | cut -c1-64)
if [ "$got" = "{digest}" ] && [ -z "$REALCLI_AGENT_API_KEY$OPENAI_API_KEY$REALCLI_NATS_TOKEN" ] \\
   && grep -qx hello /app/out; then echo 1; else echo 0; fi > /logs/verifier/reward.txt
"""


@pytest.mark.docker
@pytest.mark.usefixtures("debian_image")
def test_an_opted_in_value_reaches_the_sandbox_and_never_the_log(tmp_path: Path) -> None:
    toml = (
        '[environment]\nenv = { LABEL = "${DATASET_LABEL}" }\n'
        '[verifier]\ntimeout_sec = 60\nenv = { LABEL = "${DATASET_LABEL}" }\n'
        '[solution]\nenv = { LABEL = "${DATASET_LABEL}" }\n'
    )
    solve = '#!/bin/sh\necho "the label is $LABEL"; env | sort; echo hello > /app/out\n'
    root = make_task(tmp_path, "optin", toml=toml, solve=solve)
    digest = hashlib.sha256(LABEL.encode()).hexdigest()
    (root / "tests" / "test.sh").write_text(LABEL_VERIFIER.replace("{digest}", digest))
    db = tmp_path / "log.db"
    url = f"sqlite:{db}"

    ran = realcli("run", str(root), "--mode", "exec", "--task-env", "DATASET_LABEL", "--run-id", "leak", "--log", url)
    # Read back by processes that know neither the value nor the credentials.
    clean = {k: v for k, v in os.environ.items() if k not in CREDENTIALS and k != "DATASET_LABEL"}
    tailed = realcli("tail", "leak", "--log", url, env=clean)
    tailed_json = realcli("tail", "leak", "--json", "--log", url, env=clean)

    assert ran.returncode == 0, ran.stderr
    records = anyio.run(_records, url, "leak")
    (verified,) = [r.event for r in records if isinstance(r.event, ev.VerifierFinished)]
    assert verified.reward == 1.0  # the sandbox got the value, and none of the credentials
    outputs = [r.event for r in records if isinstance(r.event, ev.CommandFinished)]
    assert any("the label is [REDACTED]" in c.stdout.text for c in outputs if c.purpose == "oracle")
    assert "verifier sees [REDACTED]" in verified.output.text
    stored = b"".join(ev.encode(r.event) for r in records)
    assert LABEL.encode() not in stored
    assert_no_credentials(stored.decode())
    on_disk = b"".join(p.read_bytes() for p in tmp_path.glob("log.db*"))
    assert LABEL.encode() not in on_disk
    for shown in (tailed, tailed_json):
        assert shown.returncode == 0, shown.stderr
        assert LABEL not in shown.stdout
        assert "[REDACTED]" in shown.stdout
        assert_no_credentials(shown.stdout)
    assert_no_credentials(ran.stdout + ran.stderr)


async def _records(url: str, run_id: str) -> list[ev.RecordedEvent]:
    async with open_log(url) as log:
        return [r async for r in log.read_all(0, run_id)]


# ------------------------------------------------- compose files: the same rules

# The exfiltration compose file: a sidecar and main reach for realcli's credentials through ${VAR}, a bare name
# (Compose's "the host's variable") and an env file.
COMPOSE_EXFIL = """services:
  main:
    environment:
      NATS: ${REALCLI_NATS_TOKEN}
  api:
    image: debian:bookworm-slim
    environment:
      - API_KEY=${OPENAI_API_KEY}
      - OPENAI_API_KEY
      - LABEL=${DATASET_LABEL}
    env_file: api.env
"""


def compose_task(parent: Path, name: str, compose: str, files: dict[str, str] | None = None) -> Path:
    root = make_task(parent, name)
    (root / "environment" / "docker-compose.yaml").write_text(compose)
    for rel, text in (files or {}).items():
        (root / "environment" / rel).write_text(text)
    return root


def test_a_compose_file_reaching_for_credentials_is_refused_at_load_with_every_key_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in CREDENTIALS.items():
        monkeypatch.setenv(name, value)
    root = compose_task(tmp_path, "exfil", COMPOSE_EXFIL, {"api.env": "AGENT=${REALCLI_AGENT_API_KEY}\n"})

    with pytest.raises(TaskFormatError) as refused:
        load_task(root)

    message = str(refused.value)
    assert "\n" not in message
    assert message.startswith(f"{root / 'environment' / 'docker-compose.yaml'}: ")
    for key in (
        "services.api.environment.API_KEY: ${OPENAI_API_KEY} belongs to realcli",
        "services.api.environment.OPENAI_API_KEY: ${OPENAI_API_KEY}",  # the bare name
        "services.api.environment.AGENT: ${REALCLI_AGENT_API_KEY}",  # from the env file
        "services.main.environment.NATS: ${REALCLI_NATS_TOKEN}",
    ):
        assert key in message
    assert "DATASET_LABEL" not in message  # a harmless variable is the user's to pass
    assert_no_credentials(message)


@pytest.mark.parametrize("path", ["../../outside.env", "/etc/hostname"])
def test_an_env_file_outside_the_environment_is_refused(tmp_path: Path, path: str) -> None:
    (tmp_path / "outside.env").write_text("STOLEN=from-the-host\n")
    compose = f"services:\n  api:\n    image: debian:bookworm-slim\n    env_file: {path}\n"
    root = compose_task(tmp_path, "outside", compose)

    with pytest.raises(TaskFormatError) as refused:
        load_task(root)

    assert f"services.api.env_file[0]: {path} is outside the task's environment/" in str(refused.value)


COMPOSE_READS = """services:
  main:
    environment:
      LABEL: ${DATASET_LABEL}
  api:
    image: realcli/python:bookworm
    environment:
      - LABEL=$DATASET_LABEL
      - GRAB=${HOST_ONLY}
      - DEFAULTED=${HOST_ONLY:-fallback}
      - DATASET_LABEL
      - LITERAL=$$DATASET_LABEL
    env_file: [api.env]
    command: ["sh", "-c", "echo ${DATASET_LABEL:+labelled}"]
"""


def test_compose_reads_a_host_variable_only_when_opted_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATASET_LABEL", LABEL)
    monkeypatch.setenv("HOST_ONLY", "host-only-3b9d1e-value")  # set on the host, never opted in
    root = compose_task(tmp_path, "reads", COMPOSE_READS, {"api.env": "FROM_FILE=${DATASET_LABEL}\nPLAIN=1\n"})
    task = load_task(root)
    assert task.compose is not None
    host = dict(os.environ)

    unopted = TaskEnv(environ=host).resolve_compose(task.compose)
    opted = TaskEnv(["DATASET_LABEL"], environ=host).resolve_compose(task.compose)

    # Loading read nothing of the host: the templates wait for the trial.
    assert task.compose.services[0].environment["GRAB"] == "${HOST_ONLY}"
    assert "host-only-3b9d1e-value" not in repr(task.compose)
    assert unopted.main_environment == {"LABEL": ""}
    assert unopted.services[0].environment == {
        "FROM_FILE": "",
        "PLAIN": "1",
        "LABEL": "",
        "GRAB": "",
        "DEFAULTED": "fallback",
        "DATASET_LABEL": "",
        "LITERAL": "$DATASET_LABEL",
    }
    assert unopted.services[0].command == ["sh", "-c", "echo "]
    assert opted.main_environment == {"LABEL": LABEL}
    assert opted.services[0].environment["LABEL"] == LABEL
    assert opted.services[0].environment["FROM_FILE"] == LABEL
    assert opted.services[0].environment["DATASET_LABEL"] == LABEL
    assert opted.services[0].environment["GRAB"] == ""
    assert opted.services[0].command == ["sh", "-c", "echo labelled"]
    assert TaskEnv(["DATASET_LABEL"], environ=host).values(task) == {LABEL}  # redacted from the trial's events


def test_a_compose_template_compose_requires_and_a_secret_value_are_refused_when_the_trial_starts(
    tmp_path: Path,
) -> None:
    compose = "services:\n  api:\n    image: debian:bookworm-slim\n    environment:\n      - V=${INNOCENT:?set it}\n"
    task = load_task(compose_task(tmp_path, "needs", compose))
    host = {**CREDENTIALS, "INNOCENT": CREDENTIALS["OPENAI_API_KEY"]}

    with pytest.raises(TaskFormatError) as required:
        TaskEnv(environ=host).check(task)
    with pytest.raises(TaskFormatError) as secret:
        TaskEnv(["INNOCENT"], environ=host).check(task)

    assert "services.api.environment.V: ${INNOCENT} is required (set it); opt in with --task-env INNOCENT" in str(
        required.value
    )
    assert "services.api.environment.V: ${INNOCENT} holds what looks like a secret (a provider API key)" in str(
        secret.value
    )
    assert_no_credentials(str(secret.value))


def test_a_host_variable_in_a_field_compose_reads_at_load_is_refused(tmp_path: Path) -> None:
    compose = "services:\n  api:\n    image: debian:bookworm-slim\n    mem_limit: ${API_MEMORY}\n"

    with pytest.raises(TaskFormatError) as refused:
        load_task(compose_task(tmp_path, "typed", compose))

    assert "services.api.mem_limit: ${API_MEMORY} is a host variable, read only in" in str(refused.value)


def test_lint_lists_what_a_compose_file_reads_from_the_host(tmp_path: Path) -> None:
    compose = (
        "services:\n  api:\n    image: debian:bookworm-slim\n    environment:\n"
        "      - A=${DATASET_LABEL}\n      - B=${DATASET_LABEL:-fallback}\n      - C=${DATASET_LABEL:?needed}\n"
    )
    root = compose_task(tmp_path, "reads", compose)

    linted = realcli("lint", str(root))

    assert linted.returncode == 0, linted.stdout
    out = " ".join(linted.stdout.split())
    where = f"{root / 'environment' / 'docker-compose.yaml'}: services.api.environment"
    assert f"warning: {where}.A: reads ${{DATASET_LABEL}} from the host; without your opt-in it gets an empty" in out
    assert f"{where}.B: reads ${{DATASET_LABEL}} from the host; without your opt-in it gets its default 'fallback'" in (
        out
    )
    assert f"{where}.C: reads ${{DATASET_LABEL}} from the host; without your opt-in it does not run" in out


# The sidecar publishes the environment it got; main's solution fetches it, the verifier checks both sides.
COMPOSE_SIDECAR = """services:
  main:
    depends_on:
      api:
        condition: service_healthy
    environment:
      LABEL: ${DATASET_LABEL}
  api:
    image: realcli/python:bookworm
    environment:
      - SIDE_LABEL=${DATASET_LABEL}
      - GRAB=${HOST_ONLY}
      - OPENAI_API_KEY_COPY=$$OPENAI_API_KEY
    command: ["sh", "-c", "mkdir -p /srv && env > /srv/env.txt && exec python3 -m http.server 8000 -d /srv"]
    healthcheck:
      test: ["CMD", "python3", "-c", "import socket; socket.create_connection(('localhost', 8000), timeout=2)"]
      interval: 1s
      timeout: 20s
      retries: 300
"""
FETCH_SIDE_ENV = """#!/bin/sh
python3 -c "import urllib.request as u; print(u.urlopen('http://api:8000/env.txt', timeout=20).read().decode())" \\
  > /app/side_env
echo "main sees $LABEL"; echo hello > /app/out
"""
SIDECAR_VERIFIER = """#!/bin/sh
mkdir -p /logs/verifier
side=$(grep '^SIDE_LABEL=' /app/side_env | cut -d= -f2- | tr -d '\\n' | sha256sum | cut -c1-64)
main=$(printf %s "$LABEL" | sha256sum | cut -c1-64)
if [ "$side" = "{digest}" ] && [ "$main" = "{digest}" ] && grep -qx 'GRAB=' /app/side_env \\
   && grep -qx 'OPENAI_API_KEY_COPY=$OPENAI_API_KEY' /app/side_env && ! grep -q 'sk-\\|nats-token' /app/side_env \\
   && [ -z "$REALCLI_AGENT_API_KEY$OPENAI_API_KEY$REALCLI_NATS_TOKEN" ]; then echo 1; else echo 0; fi \\
  > /logs/verifier/reward.txt
"""


@pytest.mark.docker
def test_a_compose_sidecar_gets_only_what_was_opted_in_and_the_log_never_the_value(tmp_path: Path) -> None:
    root = make_task(tmp_path, "side", solve=FETCH_SIDE_ENV, dockerfile="FROM realcli/python:bookworm\nWORKDIR /app\n")
    (root / "environment" / "docker-compose.yaml").write_text(COMPOSE_SIDECAR)
    digest = hashlib.sha256(LABEL.encode()).hexdigest()
    (root / "tests" / "test.sh").write_text(SIDECAR_VERIFIER.replace("{digest}", digest))
    url = f"sqlite:{tmp_path / 'log.db'}"
    env = {**os.environ, **CREDENTIALS, "DATASET_LABEL": LABEL, "HOST_ONLY": "host-only-3b9d1e", "COLUMNS": "200"}

    ran = realcli("run", str(root), "--task-env", "DATASET_LABEL", "--run-id", "side", "--log", url, env=env)

    assert ran.returncode == 0, ran.stdout + ran.stderr
    records = anyio.run(_records, url, "side")
    (verified,) = [r.event for r in records if isinstance(r.event, ev.VerifierFinished)]
    assert verified.reward == 1.0  # both containers got the value, the sidecar nothing it was not given
    outputs = [r.event for r in records if isinstance(r.event, ev.CommandFinished)]
    assert any("main sees [REDACTED]" in c.stdout.text for c in outputs if c.purpose == "oracle")
    stored = b"".join(ev.encode(r.event) for r in records)
    assert LABEL.encode() not in stored
    assert b"host-only-3b9d1e" not in stored
    assert_no_credentials(stored.decode())


def test_templates_in_keys_realcli_never_applies_read_nothing_of_the_host(tmp_path: Path) -> None:
    """ports, expose and labels are not applied: their templates get their defaults (Compose cannot check a template
    there), a refused name is refused all the same."""
    ports = (
        "services:\n  web:\n    image: debian:bookworm-slim\n    ports: ['${WEB_PORT:-8080}:80']\n"
        "    expose: ['${EXPOSED:-5000}']\n"
    )
    labelled = "services:\n  web:\n    image: debian:bookworm-slim\n    labels:\n      key: ${OPENAI_API_KEY}\n"

    task = load_task(compose_task(tmp_path, "ports", ports))
    with pytest.raises(TaskFormatError) as refused:
        load_task(compose_task(tmp_path, "labelled", labelled))

    assert task.compose is not None
    assert "ports are not published on the host" in " ".join(task.compose.notes)
    assert "services.web.labels: ${OPENAI_API_KEY} belongs to realcli" in str(refused.value)


def test_the_tasks_own_env_file_is_what_an_unopted_template_falls_back_on(tmp_path: Path) -> None:
    """environment/.env is the task's own (Compose reads it for the project): below the user's opt-in."""
    compose = "services:\n  api:\n    image: debian:bookworm-slim\n    environment:\n      - MODE=${APP_MODE}\n"
    task = load_task(compose_task(tmp_path, "dotenv", compose, {".env": "APP_MODE=from-the-task\n"}))
    assert task.compose is not None
    host = {"APP_MODE": "from-the-host"}

    unopted = TaskEnv(environ=host).resolve_compose(task.compose)
    opted = TaskEnv(["APP_MODE"], environ=host).resolve_compose(task.compose)

    assert unopted.services[0].environment == {"MODE": "from-the-task"}
    assert opted.services[0].environment == {"MODE": "from-the-host"}
