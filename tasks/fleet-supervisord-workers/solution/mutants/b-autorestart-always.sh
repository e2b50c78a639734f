#!/bin/bash
# Restarts the workers on every exit (autorestart=true), so a worker that exits 78 on a configuration error is restarted over and over instead of staying down.
set -euo pipefail
sed 's/^autorestart=unexpected$/autorestart=true/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
