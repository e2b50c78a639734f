"""A real nats-server with JetStream on a free loopback port, for tests and benches.

By default it requires a token (the set-up of realcli before per-role
credentials, still supported): ``TOKEN``, which this module puts in
``$REALCLI_NATS_TOKEN`` so that every realcli client of the session (and the
CLI processes the tests start) presents it.  ``NatsServer(..., roles=DIR)``
runs instead the configuration ``realcli nats-setup`` writes into ``DIR``
(operator mode, one credential per role): ``roles_env`` is the environment
a realcli process of a role needs to use it.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from realcli.eventlog import NATS_CREDS_ENV, NATS_DIR_ENV, NATS_TOKEN_ENV, write_setup

TOKEN = os.environ.setdefault(NATS_TOKEN_ENV, "test-" + secrets.token_hex(16))
# Set (to the test's id) by tests/conftest.py for a test not marked `nats`: it may not start a server.
NO_NATS_ENV = "REALCLI_TEST_NO_NATS"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class NatsServer:
    """``nats-server -js`` in a temporary store directory; ``stop()``/``start()`` simulate an outage.

    The token goes in a configuration file readable by its owner only, never
    on the command line (which every user of the machine can read).
    """

    def __init__(
        self, store: Path, port: int | None = None, token: str | None = TOKEN, roles: Path | None = None
    ) -> None:
        binary = shutil.which("nats-server") or "/usr/sbin/nats-server"
        if not Path(binary).exists():
            raise RuntimeError("nats-server is not installed: run `make setup` (apt-get install nats-server)")
        self.binary = binary
        self.store = store
        self.port = port or free_port()
        self.url = f"nats://127.0.0.1:{self.port}"
        self.token = token
        self.roles = roles
        if roles is not None:
            write_setup(roles)
        self._proc: subprocess.Popen[bytes] | None = None

    def roles_env(self, role: str | None = None) -> dict[str, str]:
        """The environment of a realcli process using this server's role files (``role``: that credential only)."""
        assert self.roles is not None, "a server started with roles=DIR"
        env = {k: v for k, v in os.environ.items() if k != NATS_TOKEN_ENV}
        env[NATS_DIR_ENV] = str(self.roles / "nats")
        if role is not None:
            env[NATS_CREDS_ENV] = str(self.roles / "nats" / f"{role}.creds")
        return env

    def start(self) -> None:
        if os.environ.get(NO_NATS_ENV):
            raise RuntimeError(f"{os.environ[NO_NATS_ENV]} starts nats-server but is not marked 'nats'")
        self.store.mkdir(parents=True, exist_ok=True)
        config = self.store / "auth.conf"
        if self.roles is not None:
            config = self.roles / "nats-server.conf"
        elif self.token is not None:
            config.touch(mode=0o600)
            config.write_text(f'authorization {{ token: "{self.token}" }}\n')
        else:
            config.write_text("# no authorization: anyone who reaches the port may do anything\n")
        self._proc = subprocess.Popen(
            [self.binary, "-js", "-sd", str(self.store), "-a", "127.0.0.1", "-p", str(self.port), "-c", str(config)],
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
