"""Verifier for internal-tls-renewal: the script on fresh CAs and certificates the tests make
(boundaries around 30 days, SANs with IPv4/IPv6, no SAN, foreign and broken certificates, a second
run), the real /etc/ssl/internal after the agent's run, and the cron job."""
import datetime as dt
import os
import re
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

from pkiutil import (issue, key_pub, make_ca, not_after, not_before, pem_blocks, pubkey, sans, serial, sig_alg,
                     subject, verifies, ext_text)

SCRIPT = Path("/usr/local/sbin/renew-internal-certs")
DAY = 86400
HOUR = 3600
VALIDITY = dt.timedelta(days=397)

# name: (subject, san, start offset, end offset, expected status)
FIXTURES = {
    "due-29d": ("/C=DE/O=Example Corp/OU=Web/CN=due.test.example", "DNS:due.test.example, DNS:due",
                -300 * DAY, 30 * DAY - HOUR, "renewed"),
    "notdue-30d": ("/O=Example Corp/CN=notdue.test.example", "DNS:notdue.test.example",
                   -300 * DAY, 30 * DAY + HOUR, "valid"),
    "expired": ("/O=Example Corp/CN=expired.test.example", "DNS:expired.test.example, IP:192.0.2.10",
                -400 * DAY, -2 * DAY, "renewed"),
    "ips.v6": ("/C=DE/O=Example Corp/CN=ips.test.example",
               "DNS:ips.test.example, IP:192.0.2.44, IP:2001:db8::44, DNS:alt.ips.test.example",
               -100 * DAY, 3 * DAY, "renewed"),
    "nosan": ("/CN=nosan.test.example", "", -700 * DAY, 12 * DAY, "renewed"),
    "longlived": ("/O=Example Corp/CN=longlived.test.example", "DNS:longlived.test.example",
                  -10 * DAY, 500 * DAY, "valid"),
}


@pytest.fixture(scope="module")
def pki_template(tmp_path_factory):
    """Built once (RSA keys are slow to make); each test gets its own copy."""
    tmp_path = tmp_path_factory.mktemp("pki")
    ca = make_ca(tmp_path / "ca dir", "Fixture CA")
    other = make_ca(tmp_path / "other", "Somebody Else CA")
    out = tmp_path / "certs"
    out.mkdir()
    for i, (name, (subj, san, start, end, _)) in enumerate(FIXTURES.items()):
        issue(ca, out, name, subj, san, start, end, 0x2000 + i)
    issue(other, out, "foreign", "/O=Else/CN=foreign.test.example", "DNS:foreign.test.example",
          -300 * DAY, 5 * DAY, 0x3000)
    # A due certificate whose key file belongs to another certificate.
    issue(ca, out, "badkey", "/O=Example Corp/CN=badkey.test.example", "DNS:badkey.test.example",
          -300 * DAY, 4 * DAY, 0x2100)
    (out / "badkey.key").write_bytes((out / "nosan.key").read_bytes())
    (out / "badkey.key").chmod(0o600)
    # A due certificate without a key file.
    issue(ca, out, "nokey", "/O=Example Corp/CN=nokey.test.example", "DNS:nokey.test.example",
          -300 * DAY, 4 * DAY, 0x2101)
    (out / "nokey.key").unlink()
    (out / "notes.txt").write_text("not a certificate\n")
    return tmp_path


@pytest.fixture(scope="module")
def first_run(pki_template, tmp_path_factory):
    """One run of the script on a copy of the fixtures (what most checks look at)."""
    root = tmp_path_factory.mktemp("run") / "copy"
    shutil.copytree(pki_template, root)
    ca, out = root / "ca dir", root / "certs"
    before = snapshot(out)
    old = {n: (subject(out / f"{n}.crt"), sans(out / f"{n}.crt"), serial(out / f"{n}.crt"), pubkey(out / f"{n}.crt"))
           for n in FIXTURES}
    start = dt.datetime.now(dt.timezone.utc)
    proc = run(ca, out)
    end = dt.datetime.now(dt.timezone.utc)
    return {"ca": ca, "out": out, "before": before, "old": old, "start": start, "end": end, "proc": proc,
            "after": snapshot(out)}


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(folder)): (p.read_bytes(), stat.S_IMODE(p.stat().st_mode))
            for p in sorted(folder.rglob("*")) if p.is_file()}


def run(ca: Path, out: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, CA_DIR=str(ca))
    return subprocess.run([str(SCRIPT), str(out)], env=env, capture_output=True, text=True, timeout=120)


EXPECTED_STATUS = {**{n: f[4] for n, f in FIXTURES.items()}, "foreign": "foreign", "badkey": "error", "nokey": "error"}


# ------------------------------------------------------------------ the script on fixtures


def test_script_is_executable():
    assert SCRIPT.is_file() and os.access(SCRIPT, os.X_OK), f"{SCRIPT} missing or not executable"


def test_fixture_output_and_exit_status(first_run):
    proc = first_run["proc"]
    want = [f"{n}: {EXPECTED_STATUS[n]}" for n in sorted(EXPECTED_STATUS)]
    got = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert got == want, f"stdout:\n{proc.stdout}\nwant:\n" + "\n".join(want)
    assert proc.returncode == 1, f"exit {proc.returncode} although two certificates could not be renewed"


RENEWED_FIXTURES = sorted(n for n, f in FIXTURES.items() if f[4] == "renewed")


@pytest.mark.parametrize("name", RENEWED_FIXTURES)
def test_fixture_renewed_keeps_identity(first_run, name):
    """A due certificate is replaced by a new one that keeps exactly the same subject, the same key (<name>.key is reused and stays unchanged) and the same subjectAltName entries, DNS names and IP addresses alike (none if it had none)."""
    out, before = first_run["out"], first_run["before"]
    crt = out / f"{name}.crt"
    o_subject, o_sans, o_serial, o_pub = first_run["old"][name]
    assert subject(crt) == o_subject, f"{name}: subject {subject(crt)!r} != {o_subject!r}"
    assert sans(crt) == o_sans, f"{name}: subjectAltName {sans(crt)} != {o_sans}"
    assert pubkey(crt) == o_pub, f"{name}: not issued for the existing key"
    assert first_run["after"][f"{name}.key"] == before[f"{name}.key"], f"{name}.key changed"


@pytest.mark.parametrize("name", RENEWED_FIXTURES)
def test_fixture_renewed_profile(first_run, name):
    """The new certificate gets a new serial number, is signed by the CA with SHA-256, is valid from now for 397 days, has basicConstraints CA:FALSE, keyUsage digitalSignature, keyEncipherment and extendedKeyUsage serverAuth, and verifies against ca.crt for TLS server use."""
    ca, out, start, end = (first_run[k] for k in ("ca", "out", "start", "end"))
    crt = out / f"{name}.crt"
    o_serial = first_run["old"][name][2]
    assert verifies(ca, crt), f"{name}: the new certificate does not verify against the CA for TLS server use"
    assert serial(crt) != o_serial, f"{name}: serial number reused"
    nb, na = not_before(crt), not_after(crt)
    assert start - dt.timedelta(minutes=5) <= nb <= end + dt.timedelta(minutes=5), f"{name}: notBefore {nb}"
    assert abs((na - nb) - VALIDITY) <= dt.timedelta(minutes=5), f"{name}: valid {na - nb}, want 397 days"
    assert sig_alg(crt) == "sha256WithRSAEncryption", f"{name}: signed with {sig_alg(crt)}"
    assert "CA:FALSE" in ext_text(crt, "basicConstraints"), f"{name}: basicConstraints"
    ku = ext_text(crt, "keyUsage")
    assert "Digital Signature" in ku and "Key Encipherment" in ku, f"{name}: keyUsage {ku}"
    assert "TLS Web Server Authentication" in ext_text(crt, "extendedKeyUsage"), f"{name}: extendedKeyUsage"


@pytest.mark.parametrize("name", RENEWED_FIXTURES)
def test_fixture_renewed_files(first_run, name):
    """After a renewal, <name>.crt holds just the new certificate (mode 0644), <name>.fullchain.pem holds the new certificate followed by the CA certificate, and the old certificate is moved, unchanged, to DIR/archive/<name>-<old serial>.crt."""
    ca, out, before = first_run["ca"], first_run["out"], first_run["before"]
    crt = out / f"{name}.crt"
    o_serial = first_run["old"][name][2]
    assert stat.S_IMODE(crt.stat().st_mode) == 0o644, f"{name}.crt mode"
    assert len(pem_blocks(crt)) == 1, f"{name}.crt holds more than the certificate"
    chain = out / f"{name}.fullchain.pem"
    assert pem_blocks(chain) == pem_blocks(crt) + pem_blocks(ca / "ca.crt"), \
        f"{name}.fullchain.pem is not the new certificate followed by the CA certificate"
    archived = out / "archive" / f"{name}-{o_serial}.crt"
    assert archived.is_file(), f"old certificate not archived as {archived.name}"
    assert archived.read_bytes() == before[f"{name}.crt"][0], f"{archived.name} differs from the old certificate"


def test_fixture_serials_unique(first_run):
    out = first_run["out"]
    renewed = [n for n, f in FIXTURES.items() if f[4] == "renewed"]
    serials = {serial(out / f"{n}.crt") for n in renewed}
    assert len(serials) == len(renewed), "serial numbers repeat"


def test_fixture_everything_else_untouched(first_run):
    """Only certificates issued by the CA are ours: foreign certificates, certificates that are not due and every other file in DIR are left exactly as they are; only the renewed .crt and .fullchain.pem change and only archive/ is added."""
    before, after = first_run["before"], first_run["after"]
    renewed = {n for n, s in EXPECTED_STATUS.items() if s == "renewed"}
    changed_ok = {f"{n}.crt" for n in renewed} | {f"{n}.fullchain.pem" for n in renewed}
    for rel, data in before.items():
        if rel in changed_ok:
            continue
        assert after.get(rel) == data, f"{rel} was changed or removed"
    new_files = set(after) - set(before)
    assert all(f.startswith("archive/") for f in new_files), f"unexpected new files: {sorted(new_files)}"
    assert len(new_files) == len(renewed), f"archive holds {sorted(new_files)}"


def test_fixture_second_run_renews_nothing(first_run):
    """Running the script again right after a run renews nothing: the certificates it renewed are now reported valid and no file changes."""
    ca, out = first_run["ca"], first_run["out"]
    middle = snapshot(out)
    proc = run(ca, out)
    want = {n: ("valid" if s == "renewed" else s) for n, s in EXPECTED_STATUS.items()}
    got = [ln for ln in proc.stdout.splitlines() if ln.strip()]
    assert got == [f"{n}: {want[n]}" for n in sorted(want)], proc.stdout
    assert snapshot(out) == middle, "the second run changed files"


def test_fixture_clean_run_exits_zero(pki_template, tmp_path):
    ca, src = pki_template / "ca dir", pki_template / "certs"
    out = tmp_path / "clean"
    out.mkdir()
    for name in ("nosan", "foreign", "longlived"):
        for suffix in (".crt", ".key", ".fullchain.pem"):
            shutil.copy2(src / f"{name}{suffix}", out / f"{name}{suffix}")
    proc = run(ca, out)
    assert proc.returncode == 0, f"exit {proc.returncode}: {proc.stderr[-400:]}"
    assert [ln for ln in proc.stdout.splitlines() if ln.strip()] == \
        ["foreign: foreign", "longlived: valid", "nosan: renewed"], proc.stdout


# ------------------------------------------------------------------ the real certificates

REAL = Path("/etc/ssl/internal")
REAL_CA = Path("/etc/pki/internal-ca")
RENEWED = {"api": "1001", "ldap": "1002", "mq": "1003", "legacy-ftp": "1004"}
UNTOUCHED = {"grafana": "1005", "wiki": "1006", "vendor-portal": "5001"}


@pytest.mark.parametrize("name", sorted(RENEWED))
def test_real_due_certificates_renewed(name):
    crt = REAL / f"{name}.crt"
    old = REAL / "archive" / f"{name}-{RENEWED[name]}.crt"
    assert old.is_file(), f"{old} missing: {name} was not renewed (or not archived as specified)"
    assert verifies(REAL_CA, crt), f"{name}.crt does not verify against the internal CA"
    assert serial(crt) != RENEWED[name]
    assert subject(crt) == subject(old), f"{name}: subject changed"
    assert sans(crt) == sans(old), f"{name}: subjectAltName {sans(crt)} != {sans(old)}"
    assert key_pub(REAL / f"{name}.key") == pubkey(crt) == pubkey(old), f"{name}: key changed"
    assert not_after(crt) - dt.datetime.now(dt.timezone.utc) > dt.timedelta(days=390), f"{name}: expires {not_after(crt)}"
    assert pem_blocks(REAL / f"{name}.fullchain.pem") == pem_blocks(crt) + pem_blocks(REAL_CA / "ca.crt")
    assert stat.S_IMODE((REAL / f"{name}.key").stat().st_mode) == 0o600, f"{name}.key mode changed"


@pytest.mark.parametrize("name", sorted(UNTOUCHED))
def test_real_other_certificates_untouched(name):
    crt = REAL / f"{name}.crt"
    assert serial(crt) == UNTOUCHED[name], f"{name}.crt was replaced"
    assert not list((REAL / "archive").glob(f"{name}-*")), f"{name} was archived"


def test_real_exporter_still_happy():
    """In /etc/ssl/internal every renewed <name>.fullchain.pem holds the new certificate followed by the CA certificate, every .crt is readable and no subject appears twice (the old one moved to archive/): the monitoring exporter's --check passes."""
    proc = subprocess.run(["python3", "/opt/monitoring/cert_exporter.py", "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


# ------------------------------------------------------------------ cron


def test_cron_job():
    """Scheduled daily at 03:15 as root in /etc/cron.d/renew-internal-certs: the job line starts with 15 3 * * * root /usr/local/sbin/renew-internal-certs and the file holds no other job."""
    path = Path("/etc/cron.d/renew-internal-certs")
    assert path.is_file(), f"{path} missing"
    jobs = [ln.strip() for ln in path.read_text().splitlines()
            if ln.strip() and not ln.strip().startswith("#") and not re.match(r"^[A-Za-z_][A-Za-z0-9_]*\s*=", ln.strip())]
    assert len(jobs) == 1, f"expected exactly one job, found {jobs}"
    assert re.match(r"^15\s+3\s+\*\s+\*\s+\*\s+root\s+/usr/local/sbin/renew-internal-certs(\s|$)", jobs[0]), jobs[0]
