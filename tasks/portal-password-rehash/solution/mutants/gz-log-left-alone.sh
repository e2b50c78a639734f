#!/bin/bash
# Scrubs the passwords from auth.log and auth.log.1 but leaves the compressed auth.log.2.gz with its plaintext passwords.
set -euo pipefail
grep -v '^zcat "$gz"\|^! zgrep' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
