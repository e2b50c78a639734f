"""Verifier for bastion-ssh-certificates: the CAs and certificates as ssh-keygen reads them, and sshd started from
the agent's configuration, logged into with good, expired, wrong-principal, revoked and plain keys."""

import os
import re
import shutil
import socket
import subprocess
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest

HERE = Path(__file__).parent
CA = Path("/etc/ssh/ca")
KEYS = Path("/srv/ssh-ca/keys")
PORT = 2222
WORK = Path("/tmp/verify-ssh")


def run(*args, **kw):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=60, **kw)


def cert(path):
    """ssh-keygen -L of a certificate as a dict: type, signing CA, key id, serial, validity, principals, options."""
    out = run("ssh-keygen", "-L", "-f", str(path))
    assert out.returncode == 0, out.stderr
    text = out.stdout
    info = {
        "type": re.search(r"Type: (.*)", text).group(1),
        "ca": re.search(r"Signing CA: \S+ (SHA256:\S+)", text).group(1),
        "id": re.search(r'Key ID: "(.*)"', text).group(1),
        "serial": int(re.search(r"Serial: (\d+)", text).group(1)),
        "key": re.search(r"Public key: \S+ (SHA256:\S+)", text).group(1),
    }
    valid = re.search(r"Valid: from (\S+) to (\S+)", text)
    info["valid"] = (datetime.fromisoformat(valid.group(1)), datetime.fromisoformat(valid.group(2))) if valid else None

    def block(name):
        m = re.search(rf"{name}: ?(\(none\))?\n((?:\s{{16}}.*\n)*)", text)
        return [] if m.group(1) else [line.strip() for line in m.group(2).splitlines() if line.strip()]

    info["principals"] = block("Principals")
    info["critical"] = block("Critical Options")
    info["extensions"] = block("Extensions")
    return info


def fingerprint(pub):
    out = run("ssh-keygen", "-l", "-f", str(pub))
    assert out.returncode == 0, out.stderr
    return out.stdout.split()[1]


def days(info):
    start, end = info["valid"]
    return (end - start).total_seconds() / 86400


@pytest.fixture(scope="module")
def sshd():
    """sshd from the agent's configuration on a spare port; the private halves of the users' keys in a scratch dir."""
    shutil.rmtree(WORK, ignore_errors=True)
    WORK.mkdir(mode=0o700)
    for name in ("alice", "bob", "deploy", "bob-laptop-2023"):
        shutil.copy(HERE / "keys" / name, WORK / name)
        os.chmod(WORK / name, 0o600)
    Path("/run/sshd").mkdir(exist_ok=True)
    proc = subprocess.Popen(
        ["/usr/sbin/sshd", "-D", "-e", "-p", str(PORT), "-o", "PidFile=/run/sshd-verify.pid"],
        stdout=subprocess.DEVNULL,
        stderr=open(WORK / "sshd.log", "w"),
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=1).close()
            break
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.2)
    yield proc
    proc.terminate()
    proc.wait(timeout=30)


def login(user, key, cert_file=None, command="id -un"):
    """ssh to localhost as user with key (+ cert), trusting host keys only through /etc/ssh/ssh_known_hosts."""
    args = [
        "ssh",
        "-p",
        str(PORT),
        "-i",
        str(key),
        "-o",
        "IdentitiesOnly=yes",
        "-o",
        "BatchMode=yes",
        "-o",
        "StrictHostKeyChecking=yes",
        "-o",
        "UserKnownHostsFile=/dev/null",
        "-o",
        "GlobalKnownHostsFile=/etc/ssh/ssh_known_hosts",
        "-o",
        "ConnectTimeout=20",
    ]
    if cert_file is not None:
        args += ["-o", f"CertificateFile={cert_file}"]
    return run(*args, f"{user}@localhost", command)


def mint(key, principals, validity, serial=9000):
    """A certificate the verifier signs with the agent's user CA, for the login tests."""
    pub = WORK / f"mint-{serial}.pub"
    shutil.copy(KEYS / f"{key}.pub", pub)
    out = run("ssh-keygen", "-q", "-s", str(CA / "user_ca"), "-I", "verifier", "-n", principals, "-z", str(serial),
              "-V", validity, str(pub))
    assert out.returncode == 0, out.stderr
    return WORK / f"mint-{serial}-cert.pub"


def test_two_separate_ed25519_cas_root_only():
    """/etc/ssh/ca/user_ca and /etc/ssh/ca/host_ca: two different ed25519 CAs, private keys mode 0600 root."""
    fps = set()
    for name, comment in (("user_ca", "corp-user-ca"), ("host_ca", "corp-host-ca")):
        key = CA / name
        st = key.stat()
        assert st.st_uid == 0 and st.st_mode & 0o777 == 0o600, name
        out = run("ssh-keygen", "-l", "-f", str(CA / f"{name}.pub")).stdout.split()
        assert out[-1] == "(ED25519)" and out[2] == comment, out
        fps.add(out[1])
    assert len(fps) == 2


def test_user_certificates_identities_principals_serials():
    """alice: alice@corp, alice and ops-oncall, 1001; bob: bob@corp, bob and ops-oncall, 1002 (on call too);
    deploy: deploy-ci, deploy-ci, 1003; all signed by the user CA."""
    user_ca = fingerprint(CA / "user_ca.pub")
    want = {
        "alice": ("alice@corp", ["alice", "ops-oncall"], 1001),
        "bob": ("bob@corp", ["bob", "ops-oncall"], 1002),
        "deploy": ("deploy-ci", ["deploy-ci"], 1003),
    }
    for name, (key_id, principals, serial) in want.items():
        info = cert(KEYS / f"{name}-cert.pub")
        assert "user certificate" in info["type"] and info["ca"] == user_ca, name
        assert (info["id"], sorted(info["principals"]), info["serial"]) == (key_id, principals, serial), name
        assert info["key"] == fingerprint(KEYS / f"{name}.pub"), name


def test_validity_windows():
    """The people's certificates are valid for 90 days from signing, the deploy key's for 30 days."""
    now = datetime.now()
    for name, span in (("alice", 90), ("bob", 90), ("deploy", 30)):
        info = cert(KEYS / f"{name}-cert.pub")
        assert info["valid"], f"{name}: valid forever"
        assert span - 0.01 <= days(info) <= span + 0.05, (name, days(info))
        assert info["valid"][0] <= now + timedelta(minutes=5) and info["valid"][1] > now, name


def test_deploy_certificate_forced_command_source_address_nothing_else():
    """The deploy certificate: force-command /usr/local/sbin/run-deploy, source-address 127.0.0.1/32,10.20.0.0/16,
    and no extensions (no pty, no forwarding)."""
    info = cert(KEYS / "deploy-cert.pub")
    assert sorted(info["critical"]) == [
        "force-command /usr/local/sbin/run-deploy",
        "source-address 127.0.0.1/32,10.20.0.0/16",
    ]
    assert info["extensions"] == []


def test_stolen_key_never_signed():
    """bob's stolen laptop key (SEC-4411) gets no certificate."""
    stolen = fingerprint(KEYS / "bob-laptop-2023.pub")
    for root in ("/srv", "/etc/ssh", "/root", "/home"):
        for path in Path(root).rglob("*-cert.pub"):
            assert cert(path)["key"] != stolen, path
    assert not (KEYS / "bob-laptop-2023-cert.pub").exists()


def test_host_certificate():
    """The ed25519 host key has a host certificate from the host CA: bastion-host, serial 1, principals
    bastion.corp.example, bastion and localhost, 52 weeks."""
    info = cert("/etc/ssh/ssh_host_ed25519_key-cert.pub")
    assert "host certificate" in info["type"] and info["ca"] == fingerprint(CA / "host_ca.pub")
    assert (info["id"], info["serial"]) == ("bastion-host", 1)
    assert sorted(info["principals"]) == ["bastion", "bastion.corp.example", "localhost"]
    assert 364 - 0.01 <= days(info) <= 364 + 0.05
    assert info["key"] == fingerprint("/etc/ssh/ssh_host_ed25519_key.pub")


def test_krl_revokes_the_stolen_key_only():
    """/etc/ssh/revoked_keys.krl revokes bob's stolen key and none of the current ones."""
    assert run("ssh-keygen", "-Q", "-f", "/etc/ssh/revoked_keys.krl", str(KEYS / "bob-laptop-2023.pub")).returncode != 0
    for name in ("alice", "bob", "deploy"):
        assert run("ssh-keygen", "-Q", "-f", "/etc/ssh/revoked_keys.krl", str(KEYS / f"{name}.pub")).returncode == 0


def test_sshd_configuration_parses():
    """sshd's configuration is valid (sshd -t)."""
    out = run("/usr/sbin/sshd", "-t")
    assert out.returncode == 0, out.stderr


def test_engineers_log_in_with_their_certificates_host_cert_trusted(sshd):
    """alice and bob log in to their accounts with their certificates; the host is trusted through the host CA."""
    for user in ("alice", "bob"):
        out = login(user, WORK / user, KEYS / f"{user}-cert.pub")
        assert out.returncode == 0 and out.stdout.strip() == user, (user, out.stderr)


def test_on_call_account_takes_ops_oncall(sshd):
    """The ops account accepts the ops-oncall principal: alice and bob both get in."""
    for user in ("alice", "bob"):
        out = login("ops", WORK / user, KEYS / f"{user}-cert.pub")
        assert out.returncode == 0 and out.stdout.strip() == "ops", (user, out.stderr)


def test_wrong_principal_refused(sshd):
    """A certificate without the account's principal is refused (alice cannot log in as bob or deploy)."""
    assert login("bob", WORK / "alice", KEYS / "alice-cert.pub").returncode != 0
    assert login("deploy", WORK / "alice", KEYS / "alice-cert.pub").returncode != 0
    assert login("alice", WORK / "alice", mint("alice", "alice-admin", "-5m:+1d", 9001)).returncode != 0


def test_expired_certificate_refused(sshd):
    """A certificate from the user CA whose validity window has passed is refused."""
    assert login("alice", WORK / "alice", mint("alice", "alice", "20250101:20250201", 9002)).returncode != 0
    assert login("alice", WORK / "alice", mint("alice", "alice", "-5m:+1d", 9003)).returncode == 0


def test_revoked_key_refused_whatever_its_certificate(sshd):
    """bob's stolen key is refused even with a fresh, valid certificate from the user CA."""
    assert login("bob", WORK / "bob-laptop-2023", mint("bob-laptop-2023", "bob", "-5m:+1d", 9004)).returncode != 0


def test_plain_keys_not_accepted(sshd):
    """Only certificates: a key in ~/.ssh/authorized_keys does not log in."""
    ssh_dir = Path("/home/alice/.ssh")
    ssh_dir.mkdir(exist_ok=True)
    (ssh_dir / "authorized_keys").write_text((KEYS / "alice.pub").read_text())
    subprocess.run(["chown", "-R", "alice:alice", str(ssh_dir)], check=True)
    assert login("alice", WORK / "alice").returncode != 0


def test_deploy_runs_only_the_hook(sshd):
    """The deploy certificate logs in to the deploy account and runs the deploy hook whatever is asked."""
    out = login("deploy", WORK / "deploy", KEYS / "deploy-cert.pub", command="cat /etc/shadow")
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("deploy-hook:") and "root:" not in out.stdout


def test_issue_log_lists_the_certificates_so_far():
    """/etc/ssh/ca/serial holds 1003, the last serial issued; /etc/ssh/ca/issued.log has a line SERIAL IDENTITY
    PRINCIPALS for each of the three certificates."""
    assert Path("/etc/ssh/ca/serial").read_text().split() == ["1003"]
    lines = [line.split() for line in Path("/etc/ssh/ca/issued.log").read_text().splitlines() if line.strip()]
    assert lines == [
        ["1001", "alice@corp", "alice,ops-oncall"],
        ["1002", "bob@corp", "bob,ops-oncall"],
        ["1003", "deploy-ci", "deploy-ci"],
    ]


def test_issue_script_signs_the_next_serial(sshd):
    """ca-issue-user PUBKEY IDENTITY PRINCIPALS writes a 90-day certificate next to PUBKEY with the next serial,
    records it in /etc/ssh/ca/serial and a line in /etc/ssh/ca/issued.log, and it logs in."""
    fresh = WORK / "fresh"
    fresh.mkdir()
    assert run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "dana@laptop", "-f", str(fresh / "dana")).returncode == 0
    before = int(Path("/etc/ssh/ca/serial").read_text().split()[0])
    out = run("/usr/local/sbin/ca-issue-user", str(fresh / "dana.pub"), "dana@corp", "alice")
    assert out.returncode == 0, out.stderr
    info = cert(fresh / "dana-cert.pub")
    assert (info["id"], info["principals"], info["serial"]) == ("dana@corp", ["alice"], before + 1)
    assert info["ca"] == fingerprint(CA / "user_ca.pub") and 89.99 <= days(info) <= 90.05
    assert int(Path("/etc/ssh/ca/serial").read_text().split()[0]) == before + 1
    assert Path("/etc/ssh/ca/issued.log").read_text().splitlines()[-1].split() == [str(before + 1), "dana@corp", "alice"]
    got = login("alice", fresh / "dana", fresh / "dana-cert.pub")
    assert got.returncode == 0 and got.stdout.strip() == "alice", got.stderr


def test_issue_script_refuses_a_revoked_key(tmp_path):
    """ca-issue-user refuses a key the KRL revokes: non-zero exit, no certificate, the serial unchanged."""
    stolen = tmp_path
    shutil.copy(KEYS / "bob-laptop-2023.pub", stolen / "old.pub")
    before = Path("/etc/ssh/ca/serial").read_text()
    out = run("/usr/local/sbin/ca-issue-user", str(stolen / "old.pub"), "bob@corp", "bob")
    assert out.returncode != 0
    assert not (stolen / "old-cert.pub").exists()
    assert Path("/etc/ssh/ca/serial").read_text() == before
