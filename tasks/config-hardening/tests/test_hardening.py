"""Verifier for config-hardening: credentials moved, configs still render to the originals, permissions."""
import hashlib
import os
import re
import stat
import subprocess
from pathlib import Path

SECRETS = {
    "DB_PASSWORD": "p@ss$word#1!",
    "AWS_ACCESS_KEY_ID": "AKIAZ7QF3EXAMPLE2KQX",
    "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG+bPxRfiCYzEXAMPLEKEY",
    "STRIPE_API_KEY": "sk_live_4eC39HqLyjWDarjtT1zdp7dcQx",
}
ORIGINAL = {
    "app.ini": "af36e63565acca7cda332b173cbe034f334e97f78409e2d3ca6eda969737038e",
    "services.yaml": "0c7b94993c2570019e84ef14037930f9f2f4d0d53b959e6d833838e71943cc4d",
}
ENV = Path("/app/secrets/app.env")


def mode(path: str) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_no_plaintext_copy_left_under_app():
    leaks = []
    for root, _dirs, files in os.walk("/app"):
        for name in files:
            path = os.path.join(root, name)
            if path == str(ENV) or os.path.islink(path):
                continue
            data = Path(path).read_bytes()
            leaks += [f"{var} in {path}" for var, value in SECRETS.items() if value.encode() in data]
    assert not leaks, f"credential values still stored outside app.env: {leaks}"


def _env_values():
    assert ENV.is_file(), "missing /app/secrets/app.env"
    values = {}
    for line in ENV.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            values[name.strip()] = value
    return values


def test_env_file_defines_exactly_the_four_names():
    """app.env has one NAME=value line each for DB_PASSWORD, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, STRIPE_API_KEY and defines exactly these four names."""
    values = _env_values()
    assert set(values) == set(SECRETS), f"app.env defines {sorted(values)}"


def test_env_file_values_are_literal():
    """Values are written literally, exactly as they were: no quotes, no escaping; everything after the first = is the value."""
    values = _env_values()
    wrong = [k for k in SECRETS if values.get(k) != SECRETS[k]]
    assert not wrong, f"values not kept exactly (no quotes, no escaping): {wrong}"


def test_secret_permissions():
    assert mode("/app/secrets") == 0o700, oct(mode("/app/secrets"))
    assert mode(str(ENV)) == 0o600, oct(mode(str(ENV)))
    st = os.stat(ENV)
    assert (st.st_uid, st.st_gid) == (0, 0)


def test_configs_use_references():
    """In the config files each credential value is replaced by a reference ${NAME}."""
    ini = Path("/app/config/app.ini").read_text()
    yml = Path("/app/config/services.yaml").read_text()
    assert re.search(r"^password = \$\{DB_PASSWORD\}$", ini, re.M), ini
    for var in ("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "STRIPE_API_KEY"):
        assert "${" + var + "}" in yml, f"services.yaml does not reference {var}"


def test_rendering_reproduces_original_configs():
    """render-config app.ini and services.yaml reproduce the original files byte for byte; render-config --check passes."""
    for name, digest in ORIGINAL.items():
        proc = subprocess.run(["/app/bin/render-config", name], capture_output=True)
        assert proc.returncode == 0, f"render-config {name} failed"
        assert hashlib.sha256(proc.stdout).hexdigest() == digest, f"{name} renders differently from the original"
    assert subprocess.run(["/app/bin/render-config", "--check"], capture_output=True).returncode == 0


def test_world_write_bits_removed_only():
    """Removing only the world-write bit: 0777 becomes 0775, 0666 becomes 0664, other modes stay as they are."""
    expected = {
        "/app/config": 0o775, "/app/config/services.yaml": 0o664, "/app/config/app.ini": 0o644,
        "/app/bin/render-config": 0o775, "/app/data/uploads": 0o775, "/app/logs/app.log": 0o664,
        "/app/bin": 0o755, "/app/deploy/nginx.conf": 0o644,
    }
    wrong = {p: oct(mode(p)) for p, m in expected.items() if mode(p) != m}
    assert not wrong, f"unexpected modes (only the world-write bit should go): {wrong}"


def test_nothing_else_world_writable():
    found = []
    for root, dirs, files in os.walk("/app"):
        for name in dirs + files:
            path = os.path.join(root, name)
            if path == "/app/shared/dropbox" or os.path.islink(path):
                continue
            if mode(path) & 0o002:
                found.append(path)
    assert not found, f"still world-writable: {found}"


def test_partner_dropbox_kept():
    assert mode("/app/shared/dropbox") == 0o1777, oct(mode("/app/shared/dropbox"))


def test_unrelated_files_untouched():
    digests = {
        "/app/deploy/nginx.conf": "daa1d912b20ea3c54f578e075aa50bd0bc7d10ce6f24370ee3b05ea8ac489ecd",
        "/app/deploy/app.env.example": "edb5661d30945d40449e65def9a652aff805c070e3b4449c48d0b5b32ff92a09",
    }
    for path, digest in digests.items():
        assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == digest, f"{path} was changed"
    assert mode("/app/deploy/app.env.example") == 0o644
