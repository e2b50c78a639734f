"""A second, real Docker engine for tests that need another kind than the suite's (started and stopped by them)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["RestrictedEngine", "realcli"]


class RestrictedEngine:
    """A second, real dockerd without bridged networking, on its own socket and storage.

    Its data root is a directory of the host's filesystem: it cannot cap sandbox disks either
    (``storage_mb`` is polled there).  It runs in a network namespace of its own: a dockerd started
    with ``--bridge=none`` deletes the host's ``docker0``, which would take the default bridge from
    under the suite's engine (every ``docker run`` and build on the default network would then fail).
    """

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="rc-eng-", dir="/tmp"))  # short: a socket path is limited
        self.host = f"unix://{self.root}/docker.sock"
        self._proc: subprocess.Popen[bytes] | None = None
        self._log = (self.root / "dockerd.log").open("wb")

    def start(self) -> None:
        self._proc = subprocess.Popen(
            [
                "unshare",
                "--net",
                "--",
                shutil.which("dockerd") or "dockerd",
                "--bridge=none",
                "--iptables=false",
                "--ip-masq=false",
                "-H",
                self.host,
                "--data-root",
                str(self.root / "data"),
                "--exec-root",
                str(self.root / "exec"),
                "--pidfile",
                str(self.root / "docker.pid"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=self._log,
        )
        deadline = time.monotonic() + 60
        while subprocess.run(["docker", "-H", self.host, "info"], capture_output=True).returncode != 0:
            assert self._proc.poll() is None, (self.root / "dockerd.log").read_text()[-2000:]
            assert time.monotonic() < deadline, "the second dockerd did not start in 60 s"
            time.sleep(0.3)
        # The base image, from the suite's engine (nothing can be pulled).
        with subprocess.Popen(["docker", "save", "debian:bookworm-slim"], stdout=subprocess.PIPE) as save:
            load = ["docker", "-H", self.host, "load", "-q"]
            subprocess.run(load, stdin=save.stdout, check=True, capture_output=True)
        assert save.returncode == 0

    def stop(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            self._proc.send_signal(signal.SIGTERM)
            try:
                self._proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._log.close()
        # What the engine leaves mounted: overlay leftovers and its network namespace's handle
        # (exec/netns/default, an nsfs mount in the host's mount namespace: ``unshare --net`` gives the
        # engine a network namespace only).  Neither data nor exec is a mount point itself, so each
        # mount under the root is unmounted by name, deepest first; a handle left would keep the
        # namespace alive and the directory on disk.
        for mounted in sorted(self._mounts(), key=len, reverse=True):
            subprocess.run(["umount", "-l", mounted], capture_output=True)
        left = self._mounts()
        shutil.rmtree(self.root, ignore_errors=True)
        assert not left, f"the second engine left mounts: {left}"

    def _mounts(self) -> list[str]:
        """The mount points at or under the engine's root, as the host's mount table lists them."""
        root = str(self.root)
        with open("/proc/self/mounts") as table:
            points = [line.split()[1] for line in table]
        return [p for p in points if p == root or p.startswith(root + "/")]


def realcli(engine: RestrictedEngine, *args: str) -> subprocess.CompletedProcess[str]:
    """``realcli ARGS`` against ``engine``.  The timeout only guards against a hang: it is longer than any
    run here may take by its own bounds (image builds on the engine, agent and verifier time) on a loaded machine."""
    env = {**os.environ, "DOCKER_HOST": engine.host}
    return subprocess.run(
        [sys.executable, "-m", "realcli", *args], capture_output=True, text=True, env=env, timeout=1500
    )
