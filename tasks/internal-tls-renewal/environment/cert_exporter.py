#!/usr/bin/env python3
"""Prometheus textfile exporter: expiry of the TLS certificates in /etc/ssl/internal.

Usage: cert_exporter.py [--check] [DIR]

Reads every *.crt directly in DIR (default /etc/ssl/internal). For certificates issued by the
internal CA it also checks <name>.fullchain.pem (the certificate, then the CA). With --check it
exits 1 when something is wrong (unreadable certificate, two certificates for the same name,
a missing or stale full chain).
"""
import subprocess
import sys
from pathlib import Path

CA_CERT = Path("/etc/pki/internal-ca/ca.crt")


def x509(path: Path, *fields: str) -> str:
    return subprocess.run(["openssl", "x509", "-noout", "-in", str(path), *fields],
                          capture_output=True, text=True, check=True).stdout.strip()


def pem_blocks(path: Path) -> list[str]:
    text, blocks = path.read_text(), []
    while "-----BEGIN CERTIFICATE-----" in text:
        start = text.index("-----BEGIN CERTIFICATE-----")
        end = text.index("-----END CERTIFICATE-----", start) + len("-----END CERTIFICATE-----")
        blocks.append("".join(text[start:end].split()))
        text = text[end:]
    return blocks


def main() -> int:
    args = [a for a in sys.argv[1:] if a != "--check"]
    check = "--check" in sys.argv[1:]
    root = Path(args[0] if args else "/etc/ssl/internal")
    ca_subject = x509(CA_CERT, "-subject", "-nameopt", "RFC2253")[len("subject="):]
    errors, seen = [], {}
    for crt in sorted(root.glob("*.crt")):
        name = crt.name[: -len(".crt")]
        try:
            subject = x509(crt, "-subject", "-nameopt", "RFC2253")[len("subject="):]
            issuer = x509(crt, "-issuer", "-nameopt", "RFC2253")[len("issuer="):]
            end = x509(crt, "-enddate").split("=", 1)[1]
        except subprocess.CalledProcessError:
            errors.append(f"{crt}: not a readable certificate")
            continue
        if subject in seen:
            errors.append(f"{crt}: same subject as {seen[subject]} ({subject})")
        seen[subject] = crt.name
        print(f'tls_cert_not_after{{name="{name}",subject="{subject}"}} "{end}"')
        if issuer == ca_subject:
            chain = root / f"{name}.fullchain.pem"
            if not chain.is_file():
                errors.append(f"{chain}: missing")
            elif pem_blocks(chain) != pem_blocks(crt) + pem_blocks(CA_CERT):
                errors.append(f"{chain}: is not {crt.name} followed by the CA certificate")
    for e in errors:
        print(f"cert_exporter: {e}", file=sys.stderr)
    return 1 if check and errors else 0


if __name__ == "__main__":
    sys.exit(main())
