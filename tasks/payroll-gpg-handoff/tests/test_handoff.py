"""Verifier for payroll-gpg-handoff: decrypt with the recipients' own keys, check recipients, signatures,
checksums and root's keyring."""

import hashlib
import subprocess
from pathlib import Path

import pytest

OUT = Path("/app/outbox")
EXPORTS = Path("/app/exports")
KEYS = Path(__file__).parent / "keys"
MONTHS = ["04", "05", "06"]
SIGNING = "15AFA9376473FA4ABF8C5FFBB3237BA8ABC286F0"
RECIPIENTS = {"8DD7EA573C0A7AF6FADA10FB78BE7B3FFDB44FAE", "71F3EDA0DEA7584213A5A3AB247D19F079627ABC", "F7C7837B21F42285B4158F344B6697D20C9092BA"}
# Encryption subkeys (long key ids) of the three recipients; 86BA1584A4CFC506 is the key server's "Bob".
RECIPIENT_SUBKEYS = {"C25CD2D124A5C07B", "B81614A4BBA78DBD", "E64BDF5B723D09A4"}
ORIGINAL_SHA = Path(__file__).with_name("exports.sha256")


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """A keyring holding the recipients' secret keys (and the decoy's) and the signing key's public key."""
    h = tmp_path_factory.mktemp("gnupg")
    h.chmod(0o700)
    for key in sorted(KEYS.glob("*.asc")):
        subprocess.run(["gpg", "--homedir", str(h), "--batch", "--import", str(key)], capture_output=True, check=True)
    subprocess.run(["gpg", "--homedir", str(h), "--import-ownertrust"], input=f"{SIGNING}:6:\n", text=True, capture_output=True, check=True)
    return h


def gpg(home, *args, data=None):
    return subprocess.run(["gpg", "--homedir", str(home), "--batch", "--status-fd", "2", *args], input=data, capture_output=True)


def original(month):
    return (EXPORTS / f"payroll-2024-{month}.csv").read_bytes()


@pytest.mark.parametrize("month", MONTHS)
def test_encrypted_to_exactly_the_three_recipients(home, month):
    """Recipients: exactly three (Alice, Bob's finance key, escrow), nobody else. Carol Diaz has left: her key (expired) is not a recipient, nor the key server's Bob."""
    f = OUT / f"payroll-2024-{month}.csv.gpg"
    listing = gpg(home, "--list-packets", "--pinentry-mode", "loopback", "--passphrase", "", str(f)).stdout.decode(errors="replace")
    keyids = {line.split("keyid ")[1].split()[0] for line in listing.splitlines() if line.startswith(":pubkey enc packet")}
    assert keyids == RECIPIENT_SUBKEYS, keyids


@pytest.mark.parametrize("month", MONTHS)
def test_decrypts_byte_for_byte_and_is_signed_by_the_payroll_key(home, month):
    """Signed and encrypted in one binary OpenPGP message; decrypts to the export byte for byte; signed by the payroll signing key."""
    f = OUT / f"payroll-2024-{month}.csv.gpg"
    raw = f.read_bytes()
    assert not raw.startswith(b"-----BEGIN"), "ASCII-armored, not binary"
    done = gpg(home, "--decrypt", str(f))
    assert done.returncode == 0, done.stderr.decode(errors="replace")[-800:]
    assert done.stdout == original(month)
    status = done.stderr.decode(errors="replace")
    assert f"VALIDSIG {SIGNING}" in status or any(l.startswith("[GNUPG:] VALIDSIG") and SIGNING in l for l in status.splitlines())


def test_checksums_bare_names_sorted_and_signed(home):
    """SHA256SUMS: sha256sum lines of the three .csv.gpg files, bare names, sorted; SHA256SUMS.sig a detached binary signature by the signing key."""
    lines = (OUT / "SHA256SUMS").read_text().splitlines()
    want = [f"{hashlib.sha256((OUT / f'payroll-2024-{m}.csv.gpg').read_bytes()).hexdigest()}  payroll-2024-{m}.csv.gpg" for m in MONTHS]
    assert lines == want
    sig = OUT / "SHA256SUMS.sig"
    assert not sig.read_bytes().startswith(b"-----BEGIN")
    done = gpg(home, "--verify", str(sig), str(OUT / "SHA256SUMS"))
    assert done.returncode == 0 and f"VALIDSIG {SIGNING}".encode() in done.stderr or SIGNING.encode() in done.stderr


def test_nothing_else_in_the_outbox():
    """/app/outbox holds exactly the five files: no plaintext, no temporary files."""
    assert sorted(p.name for p in OUT.iterdir()) == sorted([f"payroll-2024-{m}.csv.gpg" for m in MONTHS] + ["SHA256SUMS", "SHA256SUMS.sig"])


def test_exports_stay_as_they_are():
    """/app/exports/ stays as it is."""
    for line in ORIGINAL_SHA.read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((EXPORTS / name).read_bytes()).hexdigest() == digest, name


def sigs_on(fpr):
    """Issuer key ids and classes of the signatures on fpr's user IDs in root's keyring."""
    out = subprocess.run(["gpg", "--homedir", "/root/.gnupg", "--batch", "--with-colons", "--list-sigs", fpr], capture_output=True, text=True).stdout
    return [(f[4], f[10]) for f in (line.split(":") for line in out.splitlines()) if f[0] == "sig"]


def test_recipient_keys_certified_locally_by_the_signing_key():
    """The three recipient keys are certified locally (lsign) with the payroll signing key; no blanket trust."""
    for fpr in RECIPIENTS:
        assert any(issuer == SIGNING[-16:] and cls.endswith("l") for issuer, cls in sigs_on(fpr)), fpr
    conf = Path("/root/.gnupg/gpg.conf")
    assert not (conf.exists() and "trust-model" in conf.read_text() and "always" in conf.read_text())


def test_no_other_key_certified():
    """No other key gets a certification: not the key server's Bob, not Carol's expired key."""
    for fpr in ("484FDCBF18571C2274621FC1E94E88A1B71F4851", "848647186353B1A58023DA8489A371E04B858B44"):
        assert not any(issuer == SIGNING[-16:] for issuer, _ in sigs_on(fpr)), fpr
