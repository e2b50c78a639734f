#!/bin/bash
# Pins our haproxy at 990, which makes it the candidate but never downgrades a host that already has Debian's newer build.
set -euo pipefail
sed 's/^Pin-Priority: 1001$/Pin-Priority: 990/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
