"""A real nats-server with JetStream on a free loopback port, for tests and benches."""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class NatsServer:
    """``nats-server -js`` in a temporary store directory; ``stop()``/``start()`` simulate an outage."""

    def __init__(self, store: Path, port: int | None = None) -> None:
        binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
        if not Path(binary).exists():
            raise RuntimeError("nats-server is not installed: run `make setup` (apt-get install nats-server)")
        self.binary = binary
        self.store = store
        self.port = port or free_port()
        self.url = f"nats://127.0.0.1:{self.port}"
        self._proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self._proc = subprocess.Popen(
            [self.binary, "-js", "-sd", str(self.store), "-a", "127.0.0.1", "-p", str(self.port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 0.2):
                return
            time.sleep(0.05)
        raise RuntimeError(f"nats-server did not start on port {self.port}")

    def stop(self) -> None:
        if self._proc is not None:
            self._proc.terminate()
            self._proc.wait(10)
            self._proc = None


@contextlib.contextmanager
def nats_server() -> Iterator[NatsServer]:
    with tempfile.TemporaryDirectory(prefix="realcli-nats-") as store:
        server = NatsServer(Path(store))
        server.start()
        try:
            yield server
        finally:
            server.stop()
