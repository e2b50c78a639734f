"""A sandbox never reaches the event log: its network is a bridge of its run's own, or none (real Docker, real NATS).

The suite's engine has bridged networking (``make setup`` starts it so); the
refusal on an engine without it is tested on a second, real engine started
with ``--bridge=none`` (as some hosts run Docker).
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Sequence
from pathlib import Path

import aiodocker
import anyio
import pytest
from aiodocker.exceptions import DockerError

from realcli import EngineError
from realcli import events as ev
from realcli.environments import DockerSandbox, StaleEndpointError, gc, remove_network, session_labels
from realcli.eventlog import EventLog, open_log
from realcli.runtime import OracleAgent, RunPlan, ScriptedVoice, start_run
from realcli.taskformat import load_task
from tests._engines import RestrictedEngine, realcli
from tests._nats import NatsServer
from tests._tasks import make_task

pytestmark = [pytest.mark.docker, pytest.mark.usefixtures("base_images")]

# Tries the log server's port on every address a sandbox could take for the host, then does the task.
ATTACK = """#!/bin/sh
python3 - <<'EOF'
import socket, struct

def gateway():
    for line in open("/proc/net/route").read().splitlines()[1:]:
        fields = line.split()
        if fields[1] == "00000000":
            return socket.inet_ntoa(struct.pack("<L", int(fields[2], 16)))

forged = b"CONNECT {{}}\\r\\nPUB {subject} 2\\r\\nhi\\r\\nPING\\r\\n"
for host in ["127.0.0.1", "host.docker.internal"] + [g for g in [gateway()] if g]:
    try:
        with socket.create_connection((host, {port}), timeout=3) as conn:
            conn.sendall(forged)
            print("ATTACK", host, "REACHED", conn.recv(200)[:80])
    except OSError as e:
        print("ATTACK", host, "blocked:", e)
EOF
echo hello > /app/out
"""
PYTHON = "FROM realcli/python:bookworm\nWORKDIR /app\n"


def attack_task(parent: Path, name: str, *, internet: bool, port: int, subject: str) -> Path:
    toml = f"[environment]\nallow_internet = {'true' if internet else 'false'}\n[verifier]\ntimeout_sec = 60\n"
    return make_task(parent, name, toml=toml, dockerfile=PYTHON, solve=ATTACK.format(port=port, subject=subject))


def plan(run_id: str, tasks: Sequence[Path]) -> RunPlan:
    loaded = [load_task(t) for t in tasks]
    return RunPlan(
        run_id=run_id,
        tasks=loaded,
        mode="exec",
        agent=OracleAgent.info,
        make_agent=lambda task: OracleAgent(task.spec.oracle),
        voice=lambda script, writer: ScriptedVoice(),
        concurrency=2,
        user_sim=ScriptedVoice.info,
    )


async def snapshot(log: EventLog, run_id: str) -> list[tuple[str, int, str]]:
    return [(rec.stream, rec.version, type(rec.event).__name__) async for rec in log.read_all(0, run_id)]


@pytest.mark.nats
async def test_a_sandbox_that_attacks_the_log_reaches_nothing_and_is_scored_as_usual(
    tmp_path: Path, nats: NatsServer
) -> None:
    """With network (its run's bridge) and without, the log's port never answers and nothing lands in the log."""
    run_id = f"net-{os.urandom(3).hex()}"
    subject = f"REALCLI.{run_id}.bridged-exec-1.supervisor"  # the JetStream subject a trial's events go to
    tasks = [
        attack_task(tmp_path, "bridged", internet=True, port=nats.port, subject=subject),
        attack_task(tmp_path, "isolated", internet=False, port=nats.port, subject=subject),
    ]
    async with open_log(nats.url) as log:
        with anyio.fail_after(240):
            await start_run(log, plan(run_id, tasks))
        records = [rec async for rec in log.read_all(0, run_id)]
        after = await snapshot(log, run_id)
        assert await snapshot(log, run_id) == after  # nothing arrives late either

    created = {r.trial_id: r.event for r in records if isinstance(r.event, ev.SandboxCreated)}
    assert created["bridged-exec-1"].network == "bridge"
    assert created["isolated-exec-1"].network == "none"
    for trial in ("bridged-exec-1", "isolated-exec-1"):
        (verdict,) = [r.event for r in records if isinstance(r.event, ev.VerifierFinished) and r.trial_id == trial]
        assert verdict.reward == 1.0
        output = "".join(
            r.event.stdout.text
            for r in records
            if isinstance(r.event, ev.CommandFinished) and r.trial_id == trial and "ATTACK" in r.event.stdout.text
        )
        assert output.count("ATTACK ") == (3 if trial == "bridged-exec-1" else 2), output
        assert "REACHED" not in output, output
    # The forged subject's stream holds the supervisor's own events only, each once, in order.
    supervisor = [r for r in records if r.stream == f"{run_id}.bridged-exec-1.supervisor"]
    assert [r.version for r in supervisor] == list(range(1, len(supervisor) + 1))
    # The server itself was up all along: the host reaches it.
    with anyio.fail_after(5):
        stream = await anyio.connect_tcp("127.0.0.1", nats.port)
        assert (await stream.receive()).startswith(b"INFO")
        await stream.aclose()


async def probe(box: DockerSandbox, host: str, port: int) -> bool:
    """Whether a TCP connection from inside ``box`` to ``host:port`` opens."""
    result = await box.exec(f"timeout 3 bash -c 'exec 3<>/dev/tcp/{host}/{port}'", timeout_sec=10)
    return result.exit_code == 0


async def network_names(docker: aiodocker.Docker, run: str) -> list[str]:
    return [n["Name"] for n in await docker.networks.list(filters={"label": [f"realcli.run={run}"]})]


@pytest.mark.nats
async def test_sandboxes_of_a_run_share_a_bridge_but_not_each_other_or_the_hosts_loopback(
    docker_client: aiodocker.Docker, sandbox_run: str, python_image: str, nats: NatsServer
) -> None:
    def box() -> DockerSandbox:
        return DockerSandbox(docker_client, python_image, run=sandbox_run, trial="t", internet=True)

    async with box() as a, box() as b:
        assert (a.network, b.network, a.info.network) == ("bridge", "bridge", "bridge")
        (name,) = await network_names(docker_client, sandbox_run)
        details = await (await docker_client.networks.get(name)).show()
        assert details["Options"]["com.docker.network.bridge.enable_icc"] == "false"
        served = await a.exec("nohup python3 -m http.server 8000 >/dev/null 2>&1 &", timeout_sec=60)
        assert served.exit_code == 0
        a_ip = (await a.exec("hostname -i", timeout_sec=60)).stdout.text.split()[0]
        gateway = details["IPAM"]["Config"][0]["Gateway"]

        for _ in range(240):  # wait (generously) until the server listens, however slow its start
            if await probe(a, "127.0.0.1", 8000):
                break
            await anyio.sleep(0.5)
        assert await probe(a, "127.0.0.1", 8000)  # the server runs: what follows is the network's doing
        assert not await probe(b, a_ip, 8000)  # another sandbox of the run
        assert not await probe(b, gateway, nats.port)  # the host, through the bridge
        assert not await probe(b, "127.0.0.1", nats.port)  # its own loopback is not the host's
    assert await network_names(docker_client, sandbox_run) == []  # the last sandbox out removed it


# ---------------------------------------------------------------- an engine that cannot bridge


async def runs_in(url: str) -> list[str]:
    async with open_log(url) as log:
        return await log.runs()


def test_an_engine_without_bridges_refuses_a_task_that_needs_network_unless_allowed(
    tmp_path: Path, restricted_engine: RestrictedEngine
) -> None:
    task = make_task(tmp_path, "wants-net", toml="[environment]\nallow_internet = true\n")
    url = f"sqlite:{tmp_path / 'log.db'}"

    refused = realcli(restricted_engine, "run", str(task), "--agent", "oracle", "--run-id", "r1", "--log", url)
    assert refused.returncode == 1
    line = refused.stderr.strip().splitlines()[-1]
    assert refused.stderr.count("error") == 1
    assert line.startswith("realcli: error: task wants-net needs network")
    for way_out in ("dockerd", "--network none", "--allow-host-network"):
        assert way_out in line
    assert "Traceback" not in refused.stderr
    assert anyio.run(runs_in, url) == []  # refused before anything was recorded

    isolated = realcli(
        restricted_engine, "run", str(task), "--agent", "oracle", "--network", "none", "--run-id", "r2", "--log", url
    )
    assert isolated.returncode == 0, isolated.stderr

    allowed = realcli(
        restricted_engine, "run", str(task), "--agent", "oracle", "--allow-host-network", "--run-id", "r3", "--log", url
    )
    assert allowed.returncode == 0, allowed.stderr
    assert "warning: --allow-host-network" in allowed.stderr

    async def recorded() -> dict[str, tuple[ev.RunStarted, ev.SandboxCreated]]:
        out = {}
        async with open_log(url) as log:
            for run in ("r2", "r3"):
                events = [rec.event async for rec in log.read_all(0, run)]
                started = next(e for e in events if isinstance(e, ev.RunStarted))
                out[run] = started, next(e for e in events if isinstance(e, ev.SandboxCreated))
        return out

    found = anyio.run(recorded)
    assert (found["r2"][0].allow_host_network, found["r2"][1].network) == (False, "none")
    assert (found["r3"][0].allow_host_network, found["r3"][1].network) == (True, "host")


async def test_gc_removes_the_network_of_a_process_that_is_gone(
    docker_client: aiodocker.Docker, sandbox_run: str
) -> None:
    """A crashed run's network (its owner pid no longer runs on this host) is swept with its sandboxes."""
    async with await anyio.open_process(["true"]) as dead:
        await dead.wait()
    labels = {
        "realcli.kind": "network",
        "realcli.run": sandbox_run,
        "realcli.pid": str(dead.pid),
        "realcli.host": os.uname().nodename,
    }
    await docker_client.networks.create({"Name": f"realcli-net-{sandbox_run}-{dead.pid}", "Labels": labels})
    live = {**labels, "realcli.pid": str(os.getpid())}
    await docker_client.networks.create({"Name": f"realcli-net-{sandbox_run}-{os.getpid()}", "Labels": live})

    await gc(docker_client)

    assert await network_names(docker_client, sandbox_run) == [f"realcli-net-{sandbox_run}-{os.getpid()}"]
    await gc(docker_client, run=sandbox_run)  # a run's own sweep takes its networks, live or not
    assert await network_names(docker_client, sandbox_run) == []


async def test_removing_a_network_waits_for_its_last_container_and_never_calls_a_held_one_stale(
    docker_client: aiodocker.Docker, sandbox_run: str
) -> None:
    """A network a container still holds is refused as in use (not as the engine's stale count); once the
    container is gone it is removed; a network already gone is no error."""
    labels = {**session_labels(), "realcli.kind": "network", "realcli.run": sandbox_run}
    name = f"realcli-net-{sandbox_run}-held"
    network = await docker_client.networks.create({"Name": name, "Labels": labels})
    container = await docker_client.containers.run(
        {
            "Image": "debian:bookworm-slim",
            "Cmd": ["sleep", "600"],
            "Labels": {**session_labels(), "realcli.run": sandbox_run},
            "HostConfig": {"NetworkMode": name},
        }
    )
    try:
        with pytest.raises(EngineError) as refused:
            await remove_network(docker_client, name, patience=1)
        assert not isinstance(refused.value, StaleEndpointError)
        assert "active endpoints" in str(refused.value)

        async with anyio.create_task_group() as tg:  # the container goes while the removal is waiting
            tg.start_soon(functools.partial(remove_network, docker_client, name, patience=120))
            await container.delete(force=True)
    finally:
        with contextlib.suppress(DockerError):
            await container.delete(force=True)
    assert await network_names(docker_client, sandbox_run) == []
    await remove_network(docker_client, network.id)  # gone already: nothing to do
