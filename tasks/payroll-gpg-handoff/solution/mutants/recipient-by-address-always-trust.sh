#!/bin/bash
# Skips the fingerprint check and the certification and encrypts to the addresses with --trust-model always: no recipient key is certified, and which of the two keys with Bob's address gpg takes is luck.
set -euo pipefail
export GNUPGHOME=/root/.gnupg
mkdir -p -m 0700 "$GNUPGHOME"
SIGNING=15AFA9376473FA4ABF8C5FFBB3237BA8ABC286F0
P=(--batch --pinentry-mode loopback --passphrase-file /app/keys/signing.pass)
gpg --batch --import /app/keys/*.asc
mkdir -p /app/outbox
for f in /app/exports/payroll-2024-*.csv; do
    gpg "${P[@]}" --yes --trust-model always -u "$SIGNING" -r alice.brandt@acme-wholesale.de -r bob.okafor@acme-wholesale.de \
        -r escrow@acme-wholesale.de --sign --encrypt -o "/app/outbox/$(basename "$f").gpg" "$f"
done
cd /app/outbox
sha256sum payroll-2024-*.csv.gpg > SHA256SUMS
gpg "${P[@]}" --yes -u "$SIGNING" --detach-sign -o SHA256SUMS.sig SHA256SUMS
