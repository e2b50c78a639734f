#!/bin/bash
# Compares only the MD5 hashes with the breach list, so accounts with a breached SHA-1 hash stay unlocked.
set -euo pipefail
sed 's/if kind in ("md5", "sha1") and hexhash in breached and not locked:/if kind == "md5" and hexhash in breached and not locked:/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
