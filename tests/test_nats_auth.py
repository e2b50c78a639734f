"""NATS requires a token: clients without it can do nothing; realcli finds it and never shows it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nats
import nats.errors
import pytest

from realcli import ConfigError, LogUnavailableError
from realcli.environments import connect, session_labels
from realcli.eventlog import NATS_TOKEN_ENV, NATS_TOKEN_FILE_ENV, open_log
from realcli.events import AgentMessaged
from tests._nats import TOKEN, NatsServer
from tests._tasks import make_task

pytestmark = pytest.mark.nats


async def raw_client(url: str, token: str | None) -> list[str]:
    """What a plain NATS client (not realcli) meets: the errors of its first connection."""
    errors: list[str] = []

    async def on_error(e: Exception) -> None:
        errors.append(str(e))

    nc = nats.aio.client.Client()
    try:
        await nc.connect(
            servers=[url],
            token=token,
            connect_timeout=2,
            allow_reconnect=False,
            error_cb=on_error,
            max_reconnect_attempts=0,
        )
    except (nats.errors.Error, OSError) as e:
        errors.append(str(e))
    else:
        # Connected: prove it could publish into the log's subjects and read them.
        await nc.publish("T.intruder.run", b"[]")
        await nc.flush()
        errors.append("connected")
    finally:
        await nc.close()
    return errors


async def test_a_client_without_the_token_can_neither_read_nor_publish(nats: NatsServer) -> None:
    url = f"{nats.url}?stream=AUTH{os.urandom(4).hex()}"
    async with open_log(url) as log:
        await log.append("r1.t1.agent", [AgentMessaged(text="private")], expected_version=0)

    for token in (None, "wrong-" + TOKEN):
        errors = await raw_client(nats.url, token)
        assert "connected" not in errors
        assert any("Authorization Violation" in e for e in errors), errors

    async with open_log(url) as log:  # nothing got in
        assert await log.runs() == ["r1"]
        assert [r.event.text async for r in log.read("r1.t1.agent")] == ["private"]  # type: ignore[union-attr]


async def test_realcli_without_the_right_token_is_refused_in_one_line_that_never_shows_it(
    nats: NatsServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no default token file either
    monkeypatch.delenv(NATS_TOKEN_ENV)
    with pytest.raises(LogUnavailableError, match=r"refused realcli's credentials.*REALCLI_NATS_TOKEN") as none:
        await open_log(nats.url).__aenter__()
    wrong = "wrong-" + TOKEN
    monkeypatch.setenv(NATS_TOKEN_ENV, wrong)
    with pytest.raises(LogUnavailableError, match="refused realcli's credentials") as refused:
        await open_log(nats.url).__aenter__()
    assert wrong not in str(refused.value)
    assert "\n" not in str(none.value)

    with pytest.raises(ConfigError, match="credentials do not belong in the URL") as in_url:
        await open_log(f"nats://me:{TOKEN}@127.0.0.1:{nats.port}").__aenter__()
    assert TOKEN not in str(in_url.value)


async def test_the_token_comes_from_a_file_readable_by_its_owner_only(
    nats: NatsServer, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(NATS_TOKEN_ENV)
    named = tmp_path / "token"
    named.write_text(TOKEN + "\n")
    named.chmod(0o600)
    monkeypatch.setenv(NATS_TOKEN_FILE_ENV, str(named))
    async with open_log(nats.url) as log:
        assert isinstance(await log.runs(), list)

    named.chmod(0o644)
    with pytest.raises(ConfigError, match=r"readable by others.*chmod 600"):
        await open_log(nats.url).__aenter__()

    # Without either variable: the file scripts/setup.sh writes.
    monkeypatch.delenv(NATS_TOKEN_FILE_ENV)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    default = tmp_path / "config" / "realcli" / "nats.token"
    default.parent.mkdir(parents=True)
    default.write_text(TOKEN)
    default.chmod(0o600)
    async with open_log(nats.url) as log:
        assert isinstance(await log.runs(), list)


@pytest.mark.usefixtures("debian_image")
@pytest.mark.docker
def test_the_token_never_reaches_a_sandbox_the_log_a_report_or_the_output(tmp_path: Path, nats: NatsServer) -> None:
    url = f"{nats.url}?stream=SEC{os.urandom(4).hex()}"
    # The oracle dumps every environment it can see inside the sandbox into the trace.
    dump = "#!/bin/sh\nenv\ncat /proc/1/environ | tr '\\0' '\\n'\necho hello > /app/out\n"
    task = make_task(tmp_path, "envdump", solve=dump)
    env = {**os.environ, "COLUMNS": "200"}
    outputs = []
    for args in (
        ["run", str(task), "--mode", "exec", "--run-id", "sec", "--log", url],
        ["report", "sec", "--format", "json", "--log", url],
        ["report", "sec", "--format", "html", "--log", url],
        ["tail", "sec", "--json", "--log", url],
        ["export", "sec", "-o", str(tmp_path / "sec.jsonl"), "--log", url],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "realcli", *args], capture_output=True, text=True, env=env, timeout=180
        )
        assert done.returncode == 0, done.stderr
        outputs += [done.stdout, done.stderr]
    trace = outputs[6]  # tail --json: every event of the run
    assert "HOSTNAME=" in trace or "PATH=" in trace  # the dump did reach the log
    assert NATS_TOKEN_ENV not in trace
    for text in [*outputs, (tmp_path / "sec.jsonl").read_text()]:
        assert TOKEN not in text


@pytest.mark.usefixtures("debian_image")
@pytest.mark.docker
async def test_a_container_on_the_host_network_cannot_use_the_log(nats: NatsServer) -> None:
    """What a sandbox given the network could try: speak NATS to the log's port without the token."""
    url = f"{nats.url}?stream=NET{os.urandom(4).hex()}"
    async with open_log(url) as log:
        await log.append("r1.run", [AgentMessaged(text="private")], expected_version=0)
    stream = url.rsplit("=", 1)[1]
    probe = (
        f"exec 3<>/dev/tcp/127.0.0.1/{nats.port} || exit 0; read -r info <&3; "
        f'printf "CONNECT {{\\"verbose\\":false}}\\r\\nPUB {stream}.intruder.run 2\\r\\nhi\\r\\n'
        f'SUB {stream}.> 1\\r\\nPING\\r\\n" >&3; timeout 3 cat <&3'
    )
    config = {
        "Image": "debian:bookworm-slim",
        "Cmd": ["bash", "-c", probe],
        "Labels": session_labels(),
        "HostConfig": {"NetworkMode": "host"},
    }
    async with connect() as docker:
        container = await docker.containers.run(config)
        try:
            await container.wait(timeout=30)
            said = "".join(await container.log(stdout=True, stderr=True))
        finally:
            await container.delete(force=True)
    assert "PONG" not in said, said  # nothing accepted
    assert "MSG" not in said, said  # nothing delivered
    if "Connection refused" not in said:  # (a sandbox network that cannot reach the port at all is fine too)
        assert "Authorization Violation" in said, said
    async with open_log(url) as log:
        assert await log.runs() == ["r1"]


def test_a_server_that_requires_no_credentials_gets_a_loud_warning(tmp_path: Path) -> None:
    """Issue 21: a NATS server without a token was accepted silently."""
    open_server = NatsServer(tmp_path / "store", token=None)
    open_server.start()
    try:
        done = [
            subprocess.run(
                [sys.executable, "-m", "realcli", *args, "--log", f"{open_server.url}?stream=OPEN"],
                capture_output=True,
                text=True,
                timeout=60,
            )
            for args in (["import", str(Path(__file__).parent / "fixtures" / "logs" / "run-v1.jsonl")], ["runs"])
        ]
    finally:
        open_server.stop()
    for proc in done:
        assert proc.returncode == 0, proc.stderr
        warnings = [line for line in proc.stderr.splitlines() if "requires no credentials" in line]
        assert len(warnings) == 1, proc.stderr  # once per process, however often it connects
        assert warnings[0].startswith("realcli: WARNING: NATS at ")
        assert "can read and rewrite the log" in warnings[0]
    assert "fixture-v1" in done[1].stdout


def test_a_server_that_requires_credentials_gets_no_warning(nats: NatsServer) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "realcli", "runs", "--log", f"{nats.url}?stream=QUIET{os.urandom(4).hex()}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "WARNING" not in done.stderr
