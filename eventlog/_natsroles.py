"""Least privilege on the NATS log: one credential per role, NATS's own accounts, nkeys and permissions.

``write_setup`` (``realcli nats-setup``, run by ``scripts/setup.sh``) makes,
in ``~/.config/realcli/`` (``$XDG_CONFIG_HOME/realcli``), readable by the
user only:

* ``nats-server.conf``: the server's configuration in operator mode (an
  operator, one account ``REALCLI`` with JetStream, a system account; the
  account's JWT preloaded, so the server needs no resolver service);
* ``nats/<role>.creds``: a user credential (JWT and nkey seed) per role,
  each signed by a *scoped* signing key of the account, so the role's
  permissions are fixed by the account, not by whoever holds the
  credential;
* ``nats/runs.nk``: the scoped key the coordinator mints per-run worker
  credentials with (``mint_run_credentials``), and ``nats/orders.key``,
  which seals them inside work orders (only ``run`` and ``worker`` have it);
* ``nats/operator.nk``, ``nats/account.nk``: the root keys, for
  ``realcli nats-setup`` to issue the credentials again.  No realcli
  process uses them.

The roles (what each may publish; every role subscribes to its inboxes only):

``read``   (report, tail, runs, export, view, verify): the read side of
           JetStream's API and nothing else: no append, no stream or
           message deletion, no purge.
``worker`` (``realcli worker``): ``read``, and taking orders from the work
           queue (its durable consumer ``workers``, acknowledgements).  It
           appends to a run only with that run's credential, which comes
           sealed in the run's work orders.
``run``    (run, resume, wait, import, validate, rejudge): appends to any
           run, creates the log's and the work queue's streams, queues
           orders; never deletes, purges, updates a stream or deletes a
           message.
per run    (minted by ``run`` for ``run --distribute``): ``read`` plus
           appends under ``<STREAM>.<run>.>``: that run and no other.

The log's stream is also created with ``deny_delete`` and ``deny_purge``,
so even a credential that has the API cannot remove an event.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import secrets
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from realcli._errors import ConfigError

Role = Literal["read", "worker", "run"]
ROLES: Final[tuple[Role, ...]] = ("read", "worker", "run")
ACCOUNT_NAME: Final = "REALCLI"
_RUNS_ROLE: Final = "runs"  # the scope per-run credentials are signed with

# The read side of JetStream: stream info, message gets, (ordered) consumers, their flow control.
_READ_API: Final = [
    "$JS.API.INFO",
    "$JS.API.STREAM.NAMES",
    "$JS.API.STREAM.LIST",
    "$JS.API.STREAM.INFO.*",
    "$JS.API.STREAM.MSG.GET.*",
    "$JS.API.DIRECT.GET.*",
    "$JS.API.DIRECT.GET.*.>",
    "$JS.API.CONSUMER.CREATE.*",
    "$JS.API.CONSUMER.CREATE.*.>",
    "$JS.API.CONSUMER.INFO.*.*",
    "$JS.FC.>",
]
_QUEUE_API: Final = [
    "$JS.API.CONSUMER.DURABLE.CREATE.*.workers",
    "$JS.API.CONSUMER.INFO.*.workers",
    "$JS.API.CONSUMER.MSG.NEXT.*.workers",
    "$JS.ACK.*.workers.>",
]
# What the coordinator may never do (it may publish anything else: any run's subjects, stream creation).
_NEVER: Final = [
    "$JS.API.STREAM.DELETE.>",
    "$JS.API.STREAM.PURGE.>",
    "$JS.API.STREAM.MSG.DELETE.>",
    "$JS.API.STREAM.UPDATE.>",
    "$JS.API.STREAM.SNAPSHOT.>",
    "$JS.API.STREAM.RESTORE.>",
    "$JS.API.STREAM.PEER.>",
    "$JS.API.STREAM.LEADER.>",
    "$JS.API.CONSUMER.DELETE.>",
    "$JS.API.CONSUMER.LEADER.>",
    "$JS.API.ACCOUNT.>",
    "$JS.API.META.>",
    "$JS.API.SERVER.>",
    "$SYS.>",
    "$KV.>",
    "$O.>",
    "_INBOX.>",
]
_INBOXES: Final = {"allow": ["_INBOX.>"]}


def role_permissions(role: str) -> dict[str, Any]:
    """The permission template of a role's scoped signing key (see the module doc)."""
    if role == "read":
        pub: dict[str, list[str]] = {"allow": list(_READ_API)}
    elif role == "worker":
        pub = {"allow": [*_READ_API, *_QUEUE_API]}
    elif role == "run":
        pub = {"allow": [">"], "deny": list(_NEVER)}
    elif role == _RUNS_ROLE:
        pub = {"allow": [*_READ_API, "{{name()}}.>"]}  # the user's name is <STREAM>.<run>
    else:
        raise ValueError(f"unknown NATS role {role!r}")
    return {"pub": pub, "sub": dict(_INBOXES), "subs": -1, "data": -1, "payload": -1}


# ----------------------------------------------------------------------- nkeys and JWTs


def _nkeys() -> Any:
    try:
        import nkeys  # type: ignore[import-untyped]
    except ImportError as e:  # pragma: no cover  (a dependency of realcli)
        raise ConfigError("NATS credentials need the nkeys package: pip install nkeys") from e
    return nkeys


def new_seed(kind: Literal["operator", "account", "user"]) -> bytes:
    """A fresh nkey seed of ``kind``."""
    nk = _nkeys()
    prefix = {
        "operator": nk.PREFIX_BYTE_OPERATOR,
        "account": nk.PREFIX_BYTE_ACCOUNT,
        "user": nk.PREFIX_BYTE_USER,
    }[kind]
    return bytes(nk.encode_seed(secrets.token_bytes(32), prefix))


def public_key(seed: bytes) -> str:
    """The public key (``U...``, ``A...``, ``O...``) of an nkey seed."""
    return bytes(_nkeys().from_seed(bytearray(seed)).public_key).decode()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def encode_jwt(claims: Mapping[str, Any], signer_seed: bytes) -> str:
    """A NATS JWT (v2, ``ed25519-nkey``) of ``claims`` signed by ``signer_seed``."""
    body = {**claims, "iat": int(time.time()), "iss": public_key(signer_seed), "jti": ""}
    digest = hashlib.new("sha512_256", json.dumps(body, separators=(",", ":")).encode()).digest()
    body["jti"] = base64.b32encode(digest).decode().rstrip("=")
    header = _b64(json.dumps({"typ": "JWT", "alg": "ed25519-nkey"}).encode())
    payload = _b64(json.dumps(body, separators=(",", ":")).encode())
    signature = _nkeys().from_seed(bytearray(signer_seed)).sign(f"{header}.{payload}".encode())
    return f"{header}.{payload}.{_b64(bytes(signature))}"


def creds_text(user_jwt: str, user_seed: bytes) -> str:
    """A ``.creds`` file's content: the user's JWT and nkey seed, in the layout NATS clients read."""
    return (
        f"-----BEGIN NATS USER JWT-----\n{user_jwt}\n------END NATS USER JWT------\n\n"
        "************************* IMPORTANT *************************\n"
        "NKEY Seed printed below can be used to sign and prove identity.\n"
        "NKEYs are sensitive and should be treated as secrets.\n\n"
        f"-----BEGIN USER NKEY SEED-----\n{user_seed.decode()}\n------END USER NKEY SEED------\n"
    )


def user_creds(name: str, scope_seed: bytes, account: str, *, expires_at: int | None = None) -> str:
    """A credential for user ``name`` signed by a scoped key: its permissions are the scope's."""
    seed = new_seed("user")
    nats: dict[str, Any] = {"type": "user", "version": 2, "issuer_account": account}
    claims: dict[str, Any] = {"sub": public_key(seed), "name": name, "nats": nats}
    if expires_at is not None:
        claims["exp"] = expires_at
    return creds_text(encode_jwt(claims, scope_seed), seed)


# ------------------------------------------------------------------------- the set-up


@dataclass(frozen=True)
class RoleKeys:
    """The seeds behind a NATS set-up: operator, account, system account, and one scoped key per role."""

    operator: bytes
    account: bytes
    system: bytes
    scopes: dict[str, bytes]

    @classmethod
    def generate(cls) -> RoleKeys:
        """A fresh set of seeds: operator, account, system account and one scope per role."""
        return cls(
            operator=new_seed("operator"),
            account=new_seed("account"),
            system=new_seed("account"),
            scopes={role: new_seed("account") for role in (*ROLES, _RUNS_ROLE)},
        )

    def server_config(self) -> str:
        """``nats-server.conf`` for these keys (operator mode, the accounts preloaded)."""
        op = public_key(self.operator)
        operator_jwt = encode_jwt(
            {"sub": op, "name": "realcli", "nats": {"type": "operator", "version": 2}}, self.operator
        )
        account = public_key(self.account)
        system = public_key(self.system)
        signing = [
            {"kind": "user_scope", "key": public_key(seed), "role": role, "template": role_permissions(role)}
            for role, seed in sorted(self.scopes.items())
        ]
        unlimited = {"subs": -1, "data": -1, "payload": -1, "imports": -1, "exports": -1, "wildcards": True}
        unlimited |= {"conn": -1, "leaf": -1}
        jetstream = {"mem_storage": -1, "disk_storage": -1, "streams": -1, "consumer": -1, "max_ack_pending": -1}
        account_jwt = encode_jwt(
            {
                "sub": account,
                "name": ACCOUNT_NAME,
                "nats": {"type": "account", "version": 2, "limits": unlimited | jetstream, "signing_keys": signing},
            },
            self.operator,
        )
        system_jwt = encode_jwt(
            {"sub": system, "name": "SYS", "nats": {"type": "account", "version": 2, "limits": unlimited}},
            self.operator,
        )
        return (
            "# realcli's NATS server: operator mode, one credential per role (realcli nats-setup writes it).\n"
            f"operator: {operator_jwt}\n"
            f"system_account: {system}\n"
            "resolver: MEMORY\n"
            "resolver_preload: {\n"
            f"  {account}: {account_jwt}\n"
            f"  {system}: {system_jwt}\n"
            "}\n"
        )

    def role_creds(self, role: Role) -> str:
        """The ``.creds`` file text of ``role``'s user, signed by its scoped key."""
        return user_creds(f"realcli-{role}", self.scopes[role], public_key(self.account))

    @property
    def runs_scope(self) -> bytes:
        """The scoped signing key of the runs' own users (each run's credential is signed with it)."""
        return self.scopes[_RUNS_ROLE]

    def to_files(self, keys_dir: Path) -> None:
        """Write every seed into ``keys_dir``, each file private to its owner."""
        _write_private(keys_dir / "operator.nk", self.operator + b"\n")
        _write_private(keys_dir / "account.nk", self.account + b"\n")
        _write_private(keys_dir / "system.nk", self.system + b"\n")
        for role, seed in self.scopes.items():
            _write_private(keys_dir / f"scope-{role}.nk", seed + b"\n")

    @classmethod
    def from_files(cls, keys_dir: Path) -> RoleKeys | None:
        """The seeds written by ``to_files``, or None when ``keys_dir`` does not hold a set-up."""

        def read(name: str) -> bytes:
            return (keys_dir / name).read_bytes().strip()

        try:
            return cls(
                operator=read("operator.nk"),
                account=read("account.nk"),
                system=read("system.nk"),
                scopes={role: read(f"scope-{role}.nk") for role in (*ROLES, _RUNS_ROLE)},
            )
        except OSError:
            return None


def _write_private(path: Path, data: bytes) -> None:
    """Write ``path`` readable by its owner only (made so before any byte lands in it)."""
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, data)
    finally:
        os.close(fd)


def write_setup(config_dir: Path, *, renew: bool = False) -> list[Path]:
    """Write the server configuration and every role's files under ``config_dir``; return what was written.

    Keys already there are kept (the credentials are issued again from them),
    unless ``renew``: then every key is new and the server must be restarted
    with the new configuration.
    """
    keys_dir = config_dir / "nats" / "keys"
    config_dir.mkdir(parents=True, exist_ok=True)
    (config_dir / "nats").mkdir(mode=0o700, exist_ok=True)
    keys = None if renew else RoleKeys.from_files(keys_dir)
    if keys is None:
        keys = RoleKeys.generate()
        keys.to_files(keys_dir)
    written = [config_dir / "nats-server.conf"]
    _write_private(written[0], keys.server_config().encode())
    for role in ROLES:
        path = config_dir / "nats" / f"{role}.creds"
        _write_private(path, keys.role_creds(role).encode())
        written.append(path)
    runs = config_dir / "nats" / "runs.nk"
    _write_private(runs, keys.runs_scope + b"\n" + public_key(keys.account).encode() + b"\n")
    orders = config_dir / "nats" / "orders.key"
    if renew or not orders.exists():
        _write_private(orders, secrets.token_hex(32).encode() + b"\n")
    return [*written, runs, orders]


# --------------------------------------------------------------------- per-run credentials


def mint_run_credentials(runs_key: bytes, stream: str, run_id: str) -> str:
    """A credential that appends to ``<stream>.<run_id>.>`` only (and reads), signed with ``runs.nk``.

    ``runs_key`` is the content of ``runs.nk``: the scope's seed, then the account's public key.
    """
    lines = runs_key.split()
    if len(lines) != 2:
        raise ConfigError("runs.nk is damaged: run `realcli nats-setup` again")
    return user_creds(f"{stream}.{run_id}", lines[0], lines[1].decode())


def seal(key_hex: bytes, text: str) -> str:
    """``text`` encrypted and authenticated with the orders key (a work order's credential)."""
    from nacl.secret import SecretBox

    box = SecretBox(bytes.fromhex(key_hex.decode().strip()))
    return base64.b64encode(bytes(box.encrypt(text.encode()))).decode()


def unseal(key_hex: bytes, sealed: str) -> str:
    """The text ``seal`` encrypted (``ConfigError`` when the key is not the one that sealed it)."""
    from nacl.exceptions import CryptoError
    from nacl.secret import SecretBox

    box = SecretBox(bytes.fromhex(key_hex.decode().strip()))
    try:
        return bytes(box.decrypt(base64.b64decode(sealed))).decode()
    except (CryptoError, ValueError) as e:
        raise ConfigError(
            "a work order's credential does not open with this worker's orders.key: "
            "copy nats/orders.key from the machine that ran `realcli nats-setup`"
        ) from e
