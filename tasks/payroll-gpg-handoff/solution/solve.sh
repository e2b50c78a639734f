#!/bin/bash
# Reference solution: import, trust the own signing key, lsign the three checked recipients, sign+encrypt by fingerprint.
set -euo pipefail
export GNUPGHOME=/root/.gnupg
mkdir -p -m 0700 "$GNUPGHOME"
SIGNING=15AFA9376473FA4ABF8C5FFBB3237BA8ABC286F0
RECIPIENTS="8DD7EA573C0A7AF6FADA10FB78BE7B3FFDB44FAE 71F3EDA0DEA7584213A5A3AB247D19F079627ABC F7C7837B21F42285B4158F344B6697D20C9092BA"
P=(--batch --pinentry-mode loopback --passphrase-file /app/keys/signing.pass)
gpg --batch --import /app/keys/*.asc
echo "$SIGNING:6:" | gpg --import-ownertrust
# Each recipient key must carry the policy's fingerprint before it is certified.
for fpr in $RECIPIENTS; do
    gpg --with-colons --fingerprint "$fpr" | grep -q "^fpr:::::::::$fpr:"
    gpg "${P[@]}" --quick-lsign-key "$fpr"
done
mkdir -p /app/outbox
args=()
for fpr in $RECIPIENTS; do args+=(-r "$fpr"); done
for f in /app/exports/payroll-2024-*.csv; do
    gpg "${P[@]}" --yes -u "$SIGNING" "${args[@]}" --sign --encrypt -o "/app/outbox/$(basename "$f").gpg" "$f"
done
cd /app/outbox
sha256sum payroll-2024-*.csv.gpg > SHA256SUMS
gpg "${P[@]}" --yes -u "$SIGNING" --detach-sign -o SHA256SUMS.sig SHA256SUMS
# Check: the signature verifies and each file names the three recipients' subkeys.
gpg --verify SHA256SUMS.sig SHA256SUMS
for f in payroll-2024-*.csv.gpg; do test "$(gpg --batch --list-packets "$f" 2>/dev/null | grep -c '^:pubkey enc packet')" = 3; done
ls /app/outbox
