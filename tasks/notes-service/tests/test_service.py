"""Verifier for notes-service: loopback-only listener, routes, auth, body limit, restart from config."""
import json
import os
import stat
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

BASE = "http://127.0.0.1:8181"
ORIGINAL_CONFIG_SHA256 = "0ec7af6cd7e64cb5b7bf25a6c0ecea483bf8383e10430784ec2d6119bda5895a"
TOKEN = Path("/app/service/secrets/api-token").read_text().strip()


def call(method, path, body=None, token=None, timeout=30):
    req = urllib.request.Request(BASE + path, data=body, method=method)
    if token:
        req.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return resp.status, resp.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def listeners(port):
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            parts = line.split()
            addr, p = parts[1].rsplit(":", 1)
            if parts[3] == "0A" and int(p, 16) == port:
                found.append(addr)
    return found


def check_behaviour():
    assert call("GET", "/healthz") == (200, b"ok\n")
    status, body = call("GET", "/version")
    assert status == 200, body
    assert json.loads(body) == {"version": "2.1.0"}, body
    assert call("GET", "/notes")[0] == 401, "GET /notes without token must be 401"
    assert call("GET", "/notes", token="wrong")[0] == 401
    assert call("POST", "/notes", b"hello")[0] == 401, "POST /notes without token must be 401"
    assert call("POST", "/notes", b"hello", token=TOKEN)[0] == 201
    status, body = call("GET", "/notes", token=TOKEN)
    assert status == 200, body
    assert any(n["text"] == "hello" for n in json.loads(body))
    assert call("POST", "/notes", b"x" * 4096, token=TOKEN)[0] == 201, "a 4096-byte note must be accepted"
    assert call("POST", "/notes", b"x" * 4097, token=TOKEN)[0] == 413, "a 4097-byte note must be refused with 413"


def test_service_was_left_running():
    # servicectl's pid file outlives the service the agent left running (stop removes it).
    assert os.environ.get("LEFT_RUNNING") == "1", "the service was not left running (no /app/service/service.pid)"


def test_service_is_running_and_behaves():
    """Leave it running: the service answers on 127.0.0.1:8181 with the 2.1.0 configuration (routes, version, auth, body limit)."""
    check_behaviour()


def test_listens_on_loopback_only():
    addrs = listeners(8181)
    assert addrs, "nothing listens on port 8181"
    assert set(addrs) == {"0100007F"}, f"port 8181 is bound to {addrs}, expected 127.0.0.1 only"
    assert not listeners(8000), "something still listens on the old port 8000"


def test_config_file_values():
    """config.ini configures the 2.1.0 release: host 127.0.0.1, port 8181, version 2.1.0, max_body_bytes 4096."""
    text = Path("/app/service/config.ini").read_text()
    for line in ("host = 127.0.0.1", "port = 8181", "version = 2.1.0", "max_body_bytes = 4096"):
        assert line in text.splitlines(), f"config.ini lacks '{line}'"


def test_health_and_version_stay_open():
    """/healthz and /version stay open: they answer without a token (the monitoring calls them without one)."""
    assert call("GET", "/healthz") == (200, b"ok\n"), "/healthz must answer without a token"
    status, body = call("GET", "/version")
    assert status == 200, f"/version must answer without a token, got {status}"


def test_original_config_kept():
    """Before you change it, keep a byte-for-byte copy of the original as /app/service/config.ini.orig."""
    import hashlib
    orig = Path("/app/service/config.ini.orig")
    assert orig.is_file(), "no /app/service/config.ini.orig"
    assert hashlib.sha256(orig.read_bytes()).hexdigest() == ORIGINAL_CONFIG_SHA256, (
        "config.ini.orig is not a byte-for-byte copy of the original config.ini"
    )


def test_token_file_private():
    """The token file /app/service/secrets/api-token must be readable by root only (mode 0600), and the token is not changed."""
    mode = stat.S_IMODE(os.stat("/app/service/secrets/api-token").st_mode)
    assert mode == 0o600, oct(mode)
    assert Path("/app/service/secrets/api-token").read_text().strip() == "nt_3f9c2a7be41d4e0c9a8f6b5d2e1c7a90"


def test_code_unchanged():
    import hashlib
    digests = {
        "/app/service/notes_service.py": "43bdb9752ded07f0bbe743bc36a7b26877d92a525eecf3afa4c88fff44521b1f",
        "/app/service/servicectl": "0412fd4d8577f978da4fc6b8103949ac1bedc6cd3b8285b8ea9dd174863cd757",
    }
    for path, digest in digests.items():
        assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == digest, f"{path} was modified"


def test_comes_back_after_restart_from_config():
    proc = subprocess.run(["/app/service/servicectl", "restart"], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    check_behaviour()
    assert set(listeners(8181)) == {"0100007F"}
