#!/bin/bash
# Keeps the first ban threshold of 5 failures (jail and report) instead of the 4 the team settled on.
set -euo pipefail
sed -e 's/^maxretry = 4$/maxretry = 5/' -e 's/^maxretry, findtime = 4, 600$/maxretry, findtime = 5, 600/' /solution/solve.sh > /tmp/mutant-solve.sh
test "$(diff /solution/solve.sh /tmp/mutant-solve.sh | grep -c '^>')" = 2 || { echo "patch did not apply" >&2; exit 3; }
bash /tmp/mutant-solve.sh
