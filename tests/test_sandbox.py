"""DockerSandbox and gc against the real engine."""

from __future__ import annotations

import hashlib
import os
import resource
import secrets
import shutil
import signal
import socket
import sys
import textwrap
from pathlib import Path
from typing import Any

import aiodocker
import anyio
import pytest

from realcli import events as ev
from realcli._errors import InfrastructureError
from realcli.environments import (
    DiskEnforcement,
    DiskUse,
    DockerSandbox,
    DockerUnavailableError,
    FileCopy,
    RoundTrips,
    connect,
    gc,
)
from realcli.environments._changes import DOCKER_CHANGE_KINDS
from realcli.environments._layer_diff import container_changes
from realcli.environments._layer_drop import drop_layers
from realcli.events import EnvironmentConfig

pytest_plugins = ["tests.conftest_docker"]

# A guard against hangs, not a speed assertion: every wait below is far shorter on a quiet machine.
# The Ctrl-C test starts a Python process that imports realcli and creates a container: 1.5 s idle,
# 20-35 s with 24 busy loops on 2 cores, over 60 s at a load average of 300 (measured).
HANG_GUARD_SEC = 180


async def container_exists(docker: aiodocker.Docker, container_id: str) -> bool:
    found = await docker.containers.list(all=True, filters={"id": [container_id]})
    return bool(found)


def sandbox(docker: aiodocker.Docker, image: str, run: str, **kw: Any) -> DockerSandbox:
    return DockerSandbox(docker, image, run=run, trial=f"t-{secrets.token_hex(3)}", **kw)


async def output_with(sb: DockerSandbox, command: str, text: str) -> str:
    """The output of ``command``, run until it holds ``text`` (what the container runs by itself comes in time)."""
    with anyio.fail_after(HANG_GUARD_SEC):
        while True:
            output = (await sb.exec(command, timeout_sec=30)).stdout.text
            if text in output:
                return output
            await anyio.sleep(0.1)


# --------------------------------------------------------------------- creation


@pytest.mark.docker
async def test_limits_labels_workdir_and_log_dirs(
    docker_client: aiodocker.Docker, python_image: str, sandbox_run: str
) -> None:
    env = EnvironmentConfig(cpus=0.5, memory_mb=256, workdir="/srv/work", env={"TASK_VAR": "42"}, allow_internet=False)
    sb = DockerSandbox.for_task(docker_client, python_image, env, run=sandbox_run, trial="trial-1", pids_limit=99)
    async with sb:
        data = await docker_client.containers.get(sb.id)
        host = data["HostConfig"]
        assert host["NanoCpus"] == 500_000_000
        assert host["Memory"] == 256 * 2**20
        assert host["PidsLimit"] == 99
        assert host["NetworkMode"] == "none"
        assert host["Init"] is True
        labels = data["Config"]["Labels"]
        assert labels["realcli.kind"] == "sandbox"
        assert labels["realcli.run"] == sandbox_run
        assert labels["realcli.trial"] == "trial-1"
        assert labels["realcli.pid"] == str(os.getpid())
        assert labels["realcli.host"] == socket.gethostname()
        assert (sb.info.cpus, sb.info.memory_mb, sb.info.network, sb.info.pids_limit) == (
            0.5,
            256,
            "none",
            99,
        )

        # The limits reach the kernel (cgroup v1 or v2 file names).
        r = await sb.exec(
            "cat /sys/fs/cgroup/memory.max 2>/dev/null || cat /sys/fs/cgroup/memory/memory.limit_in_bytes;"
            "cat /sys/fs/cgroup/pids.max 2>/dev/null || cat /sys/fs/cgroup/pids/pids.max",
            timeout_sec=30,
        )
        assert r.stdout.text.split() == [str(256 * 2**20), "99"]

        r = await sb.exec('pwd; echo "$TASK_VAR"; stat -c "%a %n" /logs/agent /logs/verifier', timeout_sec=30)
        assert r.stdout.text.splitlines() == ["/srv/work", "42", "777 /logs/agent", "777 /logs/verifier"]


@pytest.mark.docker
async def test_cpus_above_the_host_are_clamped(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    info = await docker_client.system.info()
    async with sandbox(docker_client, debian_image, sandbox_run, cpus=1000.0) as sb:
        assert sb.info.cpus == float(info["NCPU"])


@pytest.mark.docker
async def test_network_is_none_by_default_and_the_runs_bridge_when_asked(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    async with sandbox(docker_client, debian_image, sandbox_run) as sb:
        r = await sb.exec("ls /sys/class/net", timeout_sec=30)
        assert r.stdout.text.split() == ["lo"]
    async with sandbox(docker_client, debian_image, sandbox_run, internet=True) as sb:
        assert sb.info.network == "bridge"  # never the host's (tests/test_network.py)
        r = await sb.exec("ls /sys/class/net", timeout_sec=30)
        assert set(r.stdout.text.split()) > {"lo"}


def test_a_disk_is_full_within_one_percent_of_its_cap_and_the_end_names_the_limit() -> None:
    assert [DiskUse(used_mb=u, cap_mb=200).full for u in (197, 198, 200, 230)] == [False, True, True, True]
    assert [DiskUse(used_mb=u, cap_mb=64).full for u in (62, 63)] == [False, True]  # at least a MiB
    assert not DiskUse(used_mb=10**6, cap_mb=None).full  # no cap, never full
    capped = ev.StorageExceeded(container_id="c", limit_mb=200, used_mb=199, storage="quota")
    polled = ev.StorageExceeded(container_id="c", limit_mb=64, used_mb=192, storage="poll")
    assert "reached its cap, the task's storage_mb = 200 MB (199 MB used; writes past it were refused)" in capped.detail
    assert "outgrew the task's storage_mb = 64 MB (192 MB measured)" in polled.detail


@pytest.mark.docker
async def test_the_disk_cap_refuses_the_agent_and_makes_room_for_the_verifier(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str, disk_caps: DiskEnforcement
) -> None:
    """storage_mb is the engine's cap: writes past it are refused.  The verifier's phase widens it (and a
    copy in, for which the engine mounts the layer again, keeps it wide); a later agent's phase gets the
    budget back, not charged for what the verifier wrote."""
    async with sandbox(docker_client, debian_image, sandbox_run, storage_mb=64) as sb:
        assert (sb.info.storage_mb, sb.info.storage) == (64, "quota")
        fill = await sb.exec("dd if=/dev/zero of=/app/agent bs=1M count=200", timeout_sec=60)
        assert fill.exit_code != 0
        assert "Disk quota exceeded" in fill.stderr.text
        use = await sb.disk_use()
        assert (use.full, use.cap_mb) == (True, 64)

        await sb.set_disk_phase("verifier")
        await sb.put_bytes("/tests/marker", b"x")
        room = await sb.exec("dd if=/dev/zero of=/var/tmp/verifier bs=1M count=100 && sync", timeout_sec=60)
        assert room.exit_code == 0, room.stderr.text
        assert not (await sb.disk_use()).full

        await sb.set_disk_phase("agent")
        more = await sb.exec("dd if=/dev/zero of=/app/more bs=1M count=8", timeout_sec=60)
        assert more.exit_code != 0  # the agent's own 64 MB are still there: its budget is spent
        await sb.exec("rm /app/agent /app/more && sync", timeout_sec=60)
        again = await sb.exec("dd if=/dev/zero of=/app/more bs=1M count=48 && sync", timeout_sec=60)
        assert again.exit_code == 0, again.stderr.text  # not charged for the verifier's 100 MB


@pytest.mark.docker
async def test_missing_image_is_an_infrastructure_error_and_leaves_nothing(
    docker_client: aiodocker.Docker, sandbox_run: str
) -> None:
    with pytest.raises(InfrastructureError, match=r"not present locally.*nothing can be pulled"):
        async with sandbox(docker_client, "realcli-test/no-such-image:never", sandbox_run):
            pass  # pragma: no cover


async def test_unreachable_engine_says_how_to_start_it(tmp_path: Path) -> None:
    with pytest.raises(DockerUnavailableError, match=r"dockerd --iptables=false") as err:
        async with connect(f"unix://{tmp_path / 'missing.sock'}"):
            pass  # pragma: no cover
    assert "\n" not in str(err.value)


# ------------------------------------------------------------------------- exec


@pytest.mark.docker
async def test_exec_exit_codes_streams_env_workdir_and_user(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    async with sandbox(docker_client, debian_image, sandbox_run, workdir="/app") as sb:
        r = await sb.exec("echo out; echo err >&2; exit 3", timeout_sec=30)
        assert (r.exit_code, r.stdout.text, r.stderr.text, r.timed_out) == (3, "out\n", "err\n", False)
        assert (r.stdout.total_bytes, r.stdout.kept_bytes) == (4, 4)

        r = await sb.exec('echo "$A|$B"; pwd', timeout_sec=30, env={"A": "x y", "B": "'q\""}, workdir="/tmp")
        assert r.stdout.text == "x y|'q\"\n/tmp\n"

        r = await sb.exec("pwd; id -u", timeout_sec=30, user="nobody")
        assert r.stdout.text == "/app\n65534\n"

        # The command is one argv element: shell metacharacters reach `sh -c` untouched.
        r = await sb.exec("printf '%s\\n' \"$0\" 'a b' $((6*7))", timeout_sec=30)
        assert r.stdout.text == "sh\na b\n42\n"

        r = await sb.exec("no-such-command-here", timeout_sec=30)
        assert r.exit_code == 127
        assert "not found" in r.stderr.text


@pytest.mark.docker
async def test_timeout_kills_the_command_inside_the_container(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    async with sandbox(docker_client, debian_image, sandbox_run) as sb:
        # A background child, and a foreground one that ignores TERM (so KILL must follow).
        r = await sb.exec("echo started; sleep 1001 & trap '' TERM; sleep 1002", timeout_sec=1)
        assert r.timed_out
        assert r.exit_code in (124, 137)
        assert r.stdout.text == "started\n"
        ps = await sb.exec("ps -eo args", timeout_sec=30)
        assert "sleep 100" not in ps.stdout.text, ps.stdout.text

        # Exiting 124 on its own is not a timeout.
        r = await sb.exec("exit 124", timeout_sec=30)
        assert (r.exit_code, r.timed_out) == (124, False)


@pytest.mark.docker
async def test_huge_output_is_bounded_and_counted(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    total = 1_000_000_000
    limit = 64 * 1024
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    async with sandbox(docker_client, debian_image, sandbox_run) as sb:
        r = await sb.exec(
            f"echo BEGIN; yes 0123456789abcdef | head -c {total - 10}; echo; echo END; echo tiny >&2",
            timeout_sec=600,
            max_output_bytes=limit,
        )
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss_before) / 1024
    assert r.exit_code == 0
    assert r.stdout.total_bytes == total - 10 + len("BEGIN\n") + 1 + len("END\n")
    assert r.stdout.kept_bytes == limit
    assert r.stdout.truncated
    assert r.stdout.text.startswith("BEGIN\n0123456789abcdef\n")
    assert r.stdout.text.endswith("\nEND\n")
    assert f"[... {r.stdout.total_bytes - limit} bytes omitted ...]" in r.stdout.text
    assert (r.stderr.text, r.stderr.truncated) == ("tiny\n", False)
    assert grown_mib < 200, f"peak RSS grew by {grown_mib:.0f} MiB while streaming 1 GB"


# ------------------------------------------------------------------------ files


def make_tree(root: Path) -> dict[str, bytes]:
    files = {
        "blob.bin": os.urandom(300_000),
        "run.sh": b"#!/bin/sh\necho ran\n",
        "nested/deeper/empty": b"",
        "nested/notes.txt": "h\u00e9llo\n".encode(),
    }
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    (root / "run.sh").chmod(0o755)
    (root / "nested" / "notes.txt").chmod(0o600)
    (root / "link").symlink_to("nested/notes.txt")
    return files


@pytest.mark.docker
async def test_files_round_trip(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str, tmp_path: Path
) -> None:
    src = tmp_path / "src"
    files = make_tree(src)
    async with sandbox(docker_client, debian_image, sandbox_run) as sb:
        copied = await sb.put_files("/data/in", src)  # /data does not exist yet
        assert copied == sum(len(d) for d in files.values())

        r = await sb.exec(
            "cd /data/in && sha256sum blob.bin && stat -c '%a %U %n' run.sh nested/notes.txt "
            "&& readlink link && ./run.sh",
            timeout_sec=30,
        )
        assert r.exit_code == 0, r.stderr.text
        assert r.stdout.text.splitlines() == [
            f"{hashlib.sha256(files['blob.bin']).hexdigest()}  blob.bin",
            "755 root run.sh",
            "600 root nested/notes.txt",
            "nested/notes.txt",
            "ran",
        ]

        assert await sb.get_file("/data/in/blob.bin") == files["blob.bin"]
        assert await sb.get_file("/data/in/link") == files["nested/notes.txt"]  # symlink followed
        assert await sb.get_file("/data/in/nested/deeper/empty") == b""
        assert await sb.get_file("/data/in/missing") is None
        assert await sb.get_file("/data/in/nested") is None  # a directory is not a file

        part = await sb.read_file("/data/in/blob.bin", max_bytes=1000)
        assert part is not None
        assert (part.data, part.size, part.truncated) == (files["blob.bin"][:1000], 300_000, True)

        await sb.put_bytes("/x/y/secret.bin", b"\x00\xffdata", mode=0o600)
        one = await sb.read_file("/x/y/secret.bin")
        assert one is not None
        assert (one.data, one.mode, one.truncated) == (b"\x00\xffdata", 0o600, False)

        # A single file copied into an existing directory keeps its name.
        await sb.put_files("/data", src / "run.sh")
        assert (await sb.exec("/data/run.sh", timeout_sec=30)).stdout.text == "ran\n"

        out = tmp_path / "out"
        copy = await sb.get_archive("/data/in", out)
        assert not copy.truncated
        for rel, data in files.items():
            assert (out / "in" / rel).read_bytes() == data
        assert (out / "in" / "run.sh").stat().st_mode & 0o777 == 0o755
        assert os.readlink(out / "in" / "link") == "nested/notes.txt"

        cut = await sb.get_archive("/data/in", tmp_path / "cut", max_bytes=100_000)
        assert cut.truncated
        assert cut.bytes == 100_000
        assert (await sb.get_archive("/no/such/dir", tmp_path / "none")).files == 0


@pytest.mark.docker
async def test_commit_keeps_the_final_state(
    docker_client: aiodocker.Docker,
    debian_image: str,
    sandbox_run: str,
    image_cleanup: list[str],
) -> None:
    tag = f"t{secrets.token_hex(4)}"
    image_cleanup.append(f"realcli-test/snapshot:{tag}")
    async with sandbox(docker_client, debian_image, sandbox_run) as sb:
        await sb.put_bytes("/app/state.txt", b"final\n")
        image_id = await sb.commit("realcli-test/snapshot", tag)
    info = await docker_client.images.inspect(image_id)
    assert info["Config"]["Labels"]["realcli.kind"] == "snapshot"
    assert info["Config"]["Labels"]["realcli.run"] == sandbox_run
    async with sandbox(docker_client, f"realcli-test/snapshot:{tag}", sandbox_run) as sb:
        assert await sb.get_file("/app/state.txt") == b"final\n"


@pytest.mark.docker
async def test_changes_come_from_the_engine_and_tell_the_images_files_apart(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    async with sandbox(docker_client, debian_image, sandbox_run) as sb:
        tamper = (
            "echo changed >> /etc/issue && rm /etc/debian_version && rm -r /etc/apt/apt.conf.d && "
            "printf '#!/bin/sh\\nexit 0\\n' > /usr/local/bin/python3 && chmod +x /usr/local/bin/python3"
        )
        assert (await sb.exec(tamper, timeout_sec=30)).exit_code == 0
        changes = await sb.changes()
    kinds = {c.path: c.kind for c in changes.changes}
    assert kinds["/etc/issue"] == "modified"
    assert kinds["/etc/debian_version"] == kinds["/etc/apt/apt.conf.d"] == "deleted"
    assert kinds["/usr/local/bin/python3"] == "added"
    assert "/etc/apt/apt.conf.d/70debconf" not in kinds  # a deleted directory is one change
    for parent in ("/etc", "/etc/apt", "/usr", "/usr/local", "/usr/local/bin"):
        assert parent not in kinds
    assert [c.kind for c in changes.changes][:2] == ["deleted", "deleted"]  # deletions first


# Every kind of change the engine's rules tell apart (moby's pkg/archive): content, mode, owner, time,
# capability; files and directories added, deleted, moved and replaced by the other kind; hard links
# to the image's files (Debian's perl has two names); and changes the engine does not count (a file
# written back with its size and time, a file or directory made and removed, a directory's time).
LAYER_BATTERY = textwrap.dedent(
    """\
    set -e
    echo hi > /root/x
    mkdir -p /app/sub/deep && echo y > /app/sub/y && echo z > /app/sub/deep/z
    rm -rf /usr/share/doc
    mv /etc/motd /etc/motd2
    chmod 600 /etc/passwd
    chown 1:1 /etc/shells
    ln /etc/group /etc/group2
    ln -s /x /root/link
    mkfifo /root/fifo
    touch -d 2001-01-01 /etc/issue
    cp -p /etc/issue.net /tmp/keep
    printf X | dd of=/etc/issue.net bs=1 count=1 conv=notrunc 2>/dev/null
    touch -r /tmp/keep /etc/issue.net && rm /tmp/keep
    rm /etc/debian_version && mkdir /etc/debian_version && echo a > /etc/debian_version/a
    rm -r /usr/share/zoneinfo/Europe && mkdir /usr/share/zoneinfo/Europe && echo b > /usr/share/zoneinfo/Europe/Berlin
    rm -r /usr/share/zoneinfo/Asia && echo file > /usr/share/zoneinfo/Asia
    mv /usr/share/zoneinfo/America /usr/share/zoneinfo-america
    mkdir /var/gone && rmdir /var/gone && touch /var/gone-too && rm /var/gone-too
    touch -d 1999-09-09 /var/log
    python3 -c "import os; os.setxattr('/usr/bin/true', 'security.capability', bytes([1, 0, 0, 2, 0, 4] + [0] * 14))"
    echo more >> /usr/bin/perl
    ln /usr/bin/sed /usr/local/bin/sed-link
    chmod 4755 /usr/bin/tee
    echo data > /etc/nsswitch.new && mv /etc/nsswitch.new /etc/nsswitch.conf
    """
)


@pytest.mark.docker
async def test_the_layers_own_record_of_changes_gives_the_engines_answer(
    docker_client: aiodocker.Docker, python_image: str, sandbox_run: str, disk_caps: DiskEnforcement
) -> None:
    """On a btrfs data root the changes are read from what btrfs recorded as written since the layer
    was made (``_layer_diff``), not from the engine's walk of both trees: path for path, the same."""
    assert disk_caps.root is not None
    # The attack: a directory of the image moved under /var/run, which the image has as a symlink to the
    # absolute /run; read on the host, that symlink would lead to the host's /run, where this folder waits.
    bait = Path(f"/run/realcli-bait-{secrets.token_hex(4)}")
    (bait / "host-only-name").mkdir(parents=True)
    escape = f"rm /var/run && mkdir /var/run && mv /usr/share/zoneinfo/Pacific /var/run/{bait.name}\n"
    try:
        async with sandbox(docker_client, python_image, sandbox_run) as sb:
            done = await sb.exec(LAYER_BATTERY + escape, timeout_sec=60)
            assert done.exit_code == 0, done.stderr.text
            raw = await docker_client._query_json(f"containers/{sb.id}/changes", method="GET")
            engines = {(c["Path"], DOCKER_CHANGE_KINDS[c["Kind"]]) for c in raw}
            from_layer = set(await anyio.to_thread.run_sync(container_changes, disk_caps.root, sb.id))
            through_sandbox = {(c.path, c.kind) for c in await sb.changed_paths()}
    finally:
        shutil.rmtree(bait)
    assert not [path for path, _ in from_layer if "host-only-name" in path]
    assert (f"/var/run/{bait.name}/Fiji", "added") in engines
    assert from_layer == engines
    assert through_sandbox == engines
    assert {("/usr/bin/perl", "modified"), ("/usr/bin/perl5.36.0", "modified")} <= engines  # one inode, two names
    assert {("/usr/share/doc", "deleted"), ("/usr/share/zoneinfo-america/Chicago", "added")} <= engines
    assert not {"/etc/issue.net", "/var/gone", "/var/log"} & {path for path, _ in engines}


@pytest.mark.docker
async def test_a_removed_sandbox_leaves_no_layer_and_its_layers_were_dropped_whole(
    docker_client: aiodocker.Docker, python_image: str, sandbox_run: str, disk_caps: DiskEnforcement
) -> None:
    """Before the engine removes a sandbox, realcli swaps its two btrfs layers for empty ones
    (``_layer_drop``), so that the engine's removal walks nothing; what the sandbox wrote is gone, the
    engine removes the container as ever, and neither layer, its cap's record nor the container stays."""
    root = disk_caps.root
    assert root is not None
    async with sandbox(docker_client, python_image, sandbox_run, storage_mb=64) as sb:
        assert (
            await sb.exec("mkdir -p /app/many && touch /app/many/f$(seq -s ' /app/many/f' 300)", timeout_sec=30)
        ).exit_code == 0
        mount_id = (root / "image/btrfs/layerdb/mounts" / sb.id / "mount-id").read_text().strip()
        layers = [root / "btrfs/subvolumes" / mount_id, root / "btrfs/subvolumes" / f"{mount_id}-init"]
        assert all(layer.is_dir() for layer in layers)
        await docker_client.containers.container(sb.id).kill()
        await docker_client.containers.container(sb.id).wait()
        assert await anyio.to_thread.run_sync(drop_layers, root, sb.id) == 2
        assert [list(layer.iterdir()) for layer in layers] == [[], []]  # empty subvolumes in their place
        assert not list((root / "btrfs/subvolumes").glob(f"{mount_id}*.realcli-drop"))  # the old ones deleted
    assert not any(layer.exists() for layer in layers)
    assert not (root / "btrfs/quotas" / mount_id).exists()
    assert not [c for c in await docker_client.containers.list(all=True) if c.id == sb.id]


@pytest.mark.docker
async def test_gc_deletes_a_layer_a_killed_process_left_set_aside(
    docker_client: aiodocker.Docker, sandbox_run: str, disk_caps: DiskEnforcement
) -> None:
    """A process killed between swapping a layer for an empty one and deleting it leaves the old layer
    under a name of realcli's: the next sweep deletes it (and nothing else)."""
    root = disk_caps.root
    assert root is not None
    left = root / "btrfs/subvolumes" / f"killed-{secrets.token_hex(4)}.realcli-drop"
    made = await anyio.run_process(["btrfs", "subvolume", "create", str(left)], check=False)
    assert made.returncode == 0, made.stderr
    (left / "what-the-sandbox-wrote").write_text("x")
    await gc(docker_client, run=sandbox_run)
    assert not left.exists()


@pytest.mark.docker
async def test_a_sandbox_is_removed_with_its_layers_when_it_ends(
    docker_client: aiodocker.Docker, python_image: str, sandbox_run: str, disk_caps: DiskEnforcement
) -> None:
    """The ordinary end: a running sandbox with files in its layer, removed by ``async with``."""
    root = disk_caps.root
    assert root is not None
    async with sandbox(docker_client, python_image, sandbox_run, storage_mb=64) as sb:
        assert (await sb.exec("echo kept > /root/state && sleep 300 &", timeout_sec=30)).exit_code == 0
        mount_id = (root / "image/btrfs/layerdb/mounts" / sb.id / "mount-id").read_text().strip()
    assert not (root / "btrfs/subvolumes" / mount_id).exists()
    assert not (root / "btrfs/subvolumes" / f"{mount_id}-init").exists()
    assert not [c for c in await docker_client.containers.list(all=True) if c.id == sb.id]


# ------------------------------------------------------------------- lifecycle


@pytest.mark.docker
async def test_removed_after_success(docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str) -> None:
    async with sandbox(docker_client, debian_image, sandbox_run) as sb:
        await sb.exec("true", timeout_sec=30)
    assert not await container_exists(docker_client, sb.id)


@pytest.mark.docker
async def test_removed_after_an_exception(docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str) -> None:
    with pytest.raises(ZeroDivisionError):
        async with sandbox(docker_client, debian_image, sandbox_run) as sb:
            _ = 1 / 0
    assert not await container_exists(docker_client, sb.id)


@pytest.mark.docker
async def test_removed_after_cancellation_mid_command(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    holder: list[DockerSandbox] = []
    running = anyio.Event()

    async def trial() -> None:
        async with sandbox(docker_client, debian_image, sandbox_run) as sb:
            holder.append(sb)
            running.set()
            await sb.exec("sleep 1000", timeout_sec=2000)

    with anyio.fail_after(HANG_GUARD_SEC):
        async with anyio.create_task_group() as tg:
            tg.start_soon(trial)
            await running.wait()
            await anyio.sleep(0.3)  # let the command start
            tg.cancel_scope.cancel()
    assert not await container_exists(docker_client, holder[0].id)


CTRL_C_SCRIPT = textwrap.dedent(
    """
    import signal, sys, anyio
    from realcli.environments import connect
    from realcli.environments import DockerSandbox

    # A suite started in the background by a non-interactive shell inherits SIGINT ignored, and Python
    # then installs no KeyboardInterrupt handler: Ctrl-C is what this test is about, so it is restored.
    signal.signal(signal.SIGINT, signal.default_int_handler)

    async def main():
        async with connect() as docker:
            async with DockerSandbox(docker, sys.argv[1], run=sys.argv[2], trial="ctrl-c") as sb:
                print(sb.id, flush=True)
                await sb.exec("sleep 1000", timeout_sec=2000)

    anyio.run(main)
    """
)


@pytest.mark.docker
async def test_removed_after_ctrl_c(docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str) -> None:
    cmd = [sys.executable, "-c", CTRL_C_SCRIPT, debian_image, sandbox_run]
    with anyio.fail_after(HANG_GUARD_SEC):
        async with await anyio.open_process(cmd) as proc:
            assert proc.stdout is not None
            assert proc.stderr is not None
            first_line = b""
            async for chunk in proc.stdout:
                first_line += chunk
                if b"\n" in first_line:
                    break
            container_id = first_line.decode().strip()
            assert await container_exists(docker_client, container_id)
            await anyio.sleep(0.3)  # let the command start
            proc.send_signal(signal.SIGINT)
            stderr = b"".join([chunk async for chunk in proc.stderr])
            code = await proc.wait()
    assert code != 0
    assert b"KeyboardInterrupt" in stderr
    assert not await container_exists(docker_client, container_id)


@pytest.mark.parametrize("how", ["killed", "removed"])
@pytest.mark.docker
async def test_container_gone_from_outside_fails_exec_promptly(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str, how: str
) -> None:
    async with sandbox(docker_client, debian_image, sandbox_run) as sb:

        async def outside() -> None:
            await anyio.sleep(0.5)
            c = docker_client.containers.container(sb.id)
            await (c.kill() if how == "killed" else c.delete(force=True))

        with anyio.fail_after(HANG_GUARD_SEC):
            async with anyio.create_task_group() as tg:
                tg.start_soon(outside)
                with pytest.raises(InfrastructureError, match=sb.name):
                    await sb.exec("sleep 1000", timeout_sec=2000)
            with pytest.raises(InfrastructureError, match=sb.name):
                await sb.exec("true", timeout_sec=30)
            with pytest.raises(InfrastructureError, match=sb.name):
                await sb.put_bytes("/tmp/x", b"x")


@pytest.mark.docker
async def test_a_reset_keeps_the_files_and_does_not_run_the_images_entrypoint_again(
    docker_client: aiodocker.Docker, python_image: str, sandbox_run: str
) -> None:
    """A reset (every process slot taken, or processes that outlived the kill) restarts the container.  The image's
    entrypoint ran at the creation and does not run again: it would run on the agent's files (here rewritten to
    leave a process behind), and what it started would pass for the sandbox's own."""
    entry = FileCopy("/srv/entry.sh", b'#!/bin/sh\necho ran >> /srv/runs\nexec "$@"\n', mode=0o755)
    rewrite = (
        "printf '#!/bin/sh\\n(setsid sleep 1007 &)\\necho ran >> /srv/runs\\nexec \"$@\"\\n' > /srv/entry.sh && "
        "(setsid sleep 1006 >/dev/null 2>&1 &) && echo kept > /srv/kept"
    )
    listing = 'for p in /proc/[0-9]*; do tr "\\0" " " < "$p/cmdline"; echo; done 2>/dev/null'
    async with sandbox(docker_client, python_image, sandbox_run, entrypoint=["/srv/entry.sh"], files=[entry]) as sb:
        await output_with(sb, "cat /srv/runs", "ran")  # the entrypoint runs beside us
        await sb.mark_own_processes()
        assert (await sb.exec(rewrite, timeout_sec=30)).exit_code == 0
        assert any("sleep 1006" in command for command in await sb.stray_processes())

        await sb.reset_processes()

        # The keep-alive's sleep runs once the container is up (after the entrypoint, had it run again).
        running = await output_with(sb, listing, "sleep 86400")
        assert "sleep 1006" not in running
        assert "sleep 1007" not in running
        assert (await sb.exec("cat /srv/runs /srv/kept", timeout_sec=30)).stdout.text == "ran\nkept\n"
        assert await sb.stray_processes() == []


@pytest.mark.docker
async def test_the_keep_alive_is_the_sandboxs_own_however_soon_it_is_marked(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    """Marked the moment the engine says the container started, the sandbox's own processes include its
    keep-alive, so stopping the agent's processes before the verifier leaves the sandbox up.  Right after a
    start the engine's listing may show the init as ``[docker-init]``, its command line not yet readable
    (the first listing of 2 starts in 30, measured quiet).  Taken for the init's child, the marking went on
    before the keep-alive existed; on a loaded machine, where the init forks late, the keep-alive was then
    killed as a stray before the verifier and the container ended with it (a validation's mutant trial,
    ``sandbox_lost``/``engine_error``).  Quiet, the marking's own exec outlasts the fork, so this loop
    catches the race only under load; the listing rule itself is checked below."""

    async def start_mark_stop() -> None:
        async with sandbox(docker_client, debian_image, sandbox_run) as sb:
            await sb.mark_own_processes()
            await sb.stop_processes()
            assert (await sb.exec("echo up", timeout_sec=30)).stdout.text == "up\n"

    with anyio.fail_after(HANG_GUARD_SEC):
        for _ in range(6):
            async with anyio.create_task_group() as tg:
                for _ in range(4):
                    tg.start_soon(start_mark_stop)


def test_the_init_listed_before_its_command_line_can_be_read_is_still_the_init() -> None:
    from realcli.environments._container_commands import _is_init

    assert _is_init("[docker-init]")
    assert _is_init("/sbin/docker-init -- sh -c while :; do sleep 86400; done")  # its fork, before the exec
    assert not _is_init("sh -c while :; do sleep 86400; done")
    assert not _is_init("[sh]")  # the child, mid-exec: it exists, so the marking lists it


# -------------------------------------------------------------------------- gc


@pytest.mark.docker
async def test_gc_removes_orphans_and_leaves_live_sandboxes(
    docker_client: aiodocker.Docker, debian_image: str, sandbox_run: str
) -> None:
    def config(pid: int) -> dict[str, Any]:
        return {
            "Image": debian_image,
            "Cmd": ["true"],
            "Labels": {
                "realcli.kind": "sandbox",
                "realcli.run": sandbox_run,
                "realcli.trial": f"pid-{pid}",
                "realcli.pid": str(pid),
                "realcli.host": socket.gethostname(),
            },
        }

    dead_pid = 2**22 + 12345  # above Linux's largest pid_max: never a live process
    orphan = await docker_client.containers.create(config(dead_pid))
    live = await docker_client.containers.create(config(os.getpid()))

    # Asserted on what is left, not on what this call removed: any realcli's start-up sweep (another
    # pytest-xdist worker's run) may take the orphan first.
    removed = await gc(docker_client)
    assert live.id not in removed
    assert not await container_exists(docker_client, orphan.id)
    assert await container_exists(docker_client, live.id)

    # A run filter removes that run's sandboxes, live or not.
    assert await gc(docker_client, run=sandbox_run) == [live.id]
    assert not await container_exists(docker_client, live.id)


# ------------------------------------------------------------------ round trips


@pytest.mark.docker
async def test_files_go_in_with_the_creation_and_round_trips_are_counted(debian_image: str, sandbox_run: str) -> None:
    trips = RoundTrips()
    solve = FileCopy("/solution/solve.sh", b"echo solved\n", mode=0o755)
    async with connect(round_trips=trips) as docker:
        assert set(trips.counts) == {"GET version"}  # the ping (and aiodocker's API version check)
        trips.reset()
        async with DockerSandbox(docker, debian_image, run=sandbox_run, trial="t", files=[solve]) as sb:
            created = dict(trips.counts)
            assert sb.copied == (len(solve.src),)
            trips.reset()
            r = await sb.exec("/solution/solve.sh && ls -d /logs/agent /logs/verifier", timeout_sec=30)
            assert (r.exit_code, r.stdout.text) == (0, "solved\n/logs/agent\n/logs/verifier\n")
            ran = dict(trips.counts)
            trips.reset()
            got = await sb.read_files({"/logs/verifier/a": 10, "/logs/verifier/b": 10})
            assert got == {"/logs/verifier/a": None, "/logs/verifier/b": None}
            read = dict(trips.counts)
    # One archive request before the start carries the log directories and the files.
    assert created == {
        "GET info": 1,
        "POST containers/create": 1,
        "PUT containers/*/archive": 1,
        "POST containers/*/start": 1,
    }
    assert ran == {"POST containers/*/exec": 1, "POST exec/*/start": 1, "GET exec/*/json": 1}
    assert read == {"GET containers/*/archive": 1}  # files of one directory: one request


@pytest.mark.docker
async def test_files_go_in_with_the_command_that_needs_them_unless_the_image_cannot_unpack_them(
    debian_image: str, sandbox_run: str, tmp_path: Path
) -> None:
    """``copy_and_exec``: the files ride the command's stdin (no archive request), or the archive API when
    the command's user may not unpack them; either way they are root's, and the command ran once."""
    tests = tmp_path / "tests"
    tests.mkdir()
    size = (tests / "test.sh").write_text("echo ran >> /tmp/runs; id -un\n")
    check = "bash /tests/test.sh && stat -c '%U %a' /tests/test.sh && wc -l < /tmp/runs"
    trips = RoundTrips()
    async with (
        connect(round_trips=trips) as docker,
        DockerSandbox(docker, debian_image, run=sandbox_run, trial="t") as sb,
    ):
        trips.reset()
        copied, r = await sb.copy_and_exec("/tests", tests, check, timeout_sec=30)
        assert (copied, r.exit_code, r.stdout.text.split()) == (size, 0, ["root", "root", "644", "1"])
        assert (r.stderr.text, r.stderr.total_bytes, r.stderr.kept_bytes) == ("", 0, 0)  # nothing of ours
        assert trips.counts == {"POST containers/*/exec": 1, "POST exec/*/start": 1, "GET exec/*/json": 1}

        # `nobody` may not write /: the unpacking fails before the command, which runs after the copy.
        await sb.exec("rm -rf /tests; chmod 666 /tmp/runs", timeout_sec=30)
        trips.reset()
        copied, r = await sb.copy_and_exec("/tests", tests, check, timeout_sec=30, user="nobody")
        assert (copied, r.exit_code, r.stdout.text.split()) == (size, 0, ["nobody", "root", "644", "2"])
        assert trips.counts["PUT containers/*/archive"] == 1
        assert trips.counts["POST containers/*/exec"] == 2
