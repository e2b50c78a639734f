#!/bin/bash
# Resolves accounts listed twice by taking the last row in the file, not the row with the latest updated date.
set -euo pipefail
sed 's/    key = (updated, n)  # the latest updated date wins; on the same date the later row/    key = (n, n)  # the last row wins/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
