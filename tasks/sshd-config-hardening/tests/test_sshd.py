"""Verifier for sshd-config-hardening: the effective configuration (sshd -T -C) for admins, the
backup account, root and partners from inside and outside their network; files; chroot folders."""
import os
import re
import stat
import subprocess
from pathlib import Path

import pytest

CLOUD_INIT = Path("/etc/ssh/sshd_config.d/50-cloud-init.conf")
PARTNERS = ("acme", "globex", "initech")
OFFICE = ("203.0.113.7", "203.0.113.0", "203.0.113.255")
OUTSIDE = ("198.51.100.20", "203.0.112.9", "203.0.114.1", "10.0.0.5")

BASELINE = {
    "permitrootlogin": "no",
    "kbdinteractiveauthentication": "no",
    "permitemptypasswords": "no",
    "pubkeyauthentication": "yes",
    "maxauthtries": "3",
    "logingracetime": "30",
    "x11forwarding": "no",
    "allowagentforwarding": "no",
    "loglevel": "VERBOSE",
    "clientaliveinterval": "300",
    "clientalivecountmax": "2",
    "allowgroups": "ssh-users sftp-partners",
    "ciphers": "chacha20-poly1305@openssh.com,aes256-gcm@openssh.com,aes128-gcm@openssh.com",
    "macs": "hmac-sha2-512-etm@openssh.com,hmac-sha2-256-etm@openssh.com",
    "kexalgorithms": "sntrup761x25519-sha512@openssh.com,curve25519-sha256,curve25519-sha256@libssh.org",
    "authorizedkeysfile": ".ssh/authorized_keys /etc/ssh/authorized_keys/%u",
}
PARTNER_ALWAYS = {
    "forcecommand": "internal-sftp",
    "chrootdirectory": "/srv/sftp/%u",
    "allowtcpforwarding": "no",
    "x11forwarding": "no",
    "permittty": "no",
}


def effective(user: str, addr: str) -> dict[str, str]:
    Path("/run/sshd").mkdir(exist_ok=True)
    proc = subprocess.run(["sshd", "-T", "-C", f"user={user},host=client.example.com,addr={addr}"],
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, f"sshd -T failed: {proc.stderr}"
    out: dict[str, str] = {}
    for line in proc.stdout.splitlines():
        key, _, value = line.partition(" ")
        out[key] = f"{out[key]} {value}" if key in out and key in ("allowgroups", "authorizedkeysfile") else value
    return out


def check(conf: dict[str, str], want: dict[str, str], who: str) -> None:
    wrong = {k: (conf.get(k), v) for k, v in want.items() if conf.get(k) != v}
    assert not wrong, f"{who}: effective (got, want): {wrong}"


# ------------------------------------------------------------------ files


def test_sshd_t_passes():
    """sshd -t passes: the configuration as left is valid."""
    Path("/run/sshd").mkdir(exist_ok=True)
    proc = subprocess.run(["sshd", "-t"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_cloud_init_dropin_untouched():
    """Do not edit, rename or delete /etc/ssh/sshd_config.d/50-cloud-init.conf."""
    assert CLOUD_INIT.is_file(), "50-cloud-init.conf was removed or renamed"
    assert CLOUD_INIT.read_text() == "PasswordAuthentication yes\n", "50-cloud-init.conf was edited"


def test_include_line_kept():
    """Keep the Include /etc/ssh/sshd_config.d/*.conf line at the start of sshd_config: packages drop their settings into that folder."""
    text = Path("/etc/ssh/sshd_config").read_text()
    assert re.search(r"(?mi)^\s*Include\s+/etc/ssh/sshd_config\.d/\*\.conf\s*$", text), "Include line removed"


def test_config_files_root_0644():
    """Every config file (sshd_config and each *.conf in sshd_config.d) is owned by root with mode 0644."""
    files = [Path("/etc/ssh/sshd_config"), *sorted(Path("/etc/ssh/sshd_config.d").glob("*.conf"))]
    for p in files:
        st = p.stat()
        assert st.st_uid == 0, f"{p} not owned by root"
        assert stat.S_IMODE(st.st_mode) == 0o644, f"{p} has mode {oct(stat.S_IMODE(st.st_mode))}"


# ------------------------------------------------------------------ baseline


@pytest.mark.parametrize("user", ["alice", "bob", "backup", "root"])
@pytest.mark.parametrize("addr", ["198.51.100.20", "203.0.113.7"])
def test_baseline_for_everyone_else(user, addr):
    conf = effective(user, addr)
    check(conf, {**BASELINE, "passwordauthentication": "no"}, f"{user}@{addr}")
    assert conf.get("forcecommand") == "none" and conf.get("chrootdirectory") == "none", \
        f"{user}@{addr} is forced into SFTP or a chroot"


def test_baseline_survives_cloud_init_rewrite():
    """The baseline must be in effect with 50-cloud-init.conf present exactly as it is: cloud-init rewrites its drop-in (PasswordAuthentication yes) at boot; simulate that and look again."""
    original = CLOUD_INIT.read_bytes()
    try:
        CLOUD_INIT.write_text("PasswordAuthentication yes\n")
        conf = effective("alice", "198.51.100.20")
        assert conf.get("passwordauthentication") == "no", "cloud-init's drop-in turns password logins back on"
    finally:
        CLOUD_INIT.write_bytes(original)


# ------------------------------------------------------------------ partners


@pytest.mark.parametrize("partner", PARTNERS)
@pytest.mark.parametrize("addr", OFFICE)
def test_partner_from_office_network(partner, addr):
    conf = effective(partner, addr)
    check(conf, {**BASELINE, **PARTNER_ALWAYS, "passwordauthentication": "yes"}, f"{partner}@{addr}")


@pytest.mark.parametrize("partner", PARTNERS)
@pytest.mark.parametrize("addr", OUTSIDE)
def test_partner_from_elsewhere(partner, addr):
    conf = effective(partner, addr)
    check(conf, {**BASELINE, **PARTNER_ALWAYS, "passwordauthentication": "no"}, f"{partner}@{addr}")


@pytest.mark.parametrize("partner", PARTNERS)
def test_chroot_folders(partner):
    base = Path("/srv/sftp") / partner
    for d in (Path("/srv"), Path("/srv/sftp"), base):
        st = d.stat()
        assert d.is_dir() and not d.is_symlink(), f"{d} missing"
        assert st.st_uid == 0, f"{d} not owned by root"
        assert not stat.S_IMODE(st.st_mode) & 0o022, f"{d} is group/world-writable"
    st = base.stat()
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == (0, 0, 0o755), \
        f"{base}: uid {st.st_uid} gid {st.st_gid} mode {oct(stat.S_IMODE(st.st_mode))}"
    up = base / "upload"
    assert up.is_dir() and not up.is_symlink(), f"{up} missing"
    st = up.stat()
    import grp
    import pwd
    want = (pwd.getpwnam(partner).pw_uid, grp.getgrnam(partner).gr_gid, 0o700)
    assert (st.st_uid, st.st_gid, stat.S_IMODE(st.st_mode)) == want, \
        f"{up}: uid {st.st_uid} gid {st.st_gid} mode {oct(stat.S_IMODE(st.st_mode))}, want {want}"


def test_existing_uploads_kept():
    """Files already in an upload folder stay there, unchanged (acme's invoices)."""
    up = Path("/srv/sftp/acme/upload")
    assert (up / "invoices-2024-05.csv").read_text() == "invoice batch 2024-05\n"
    assert (up / "invoices-2024-06.csv").read_text() == "invoice batch 2024-06\n"
    assert sorted(os.listdir(up)) == ["invoices-2024-05.csv", "invoices-2024-06.csv"]
