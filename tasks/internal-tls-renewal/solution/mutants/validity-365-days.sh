#!/bin/bash
# Issues the renewed certificates for 365 days instead of 397, everything else as the reference.
set -euo pipefail
sed -e 's#-days 397 -sha256#-days 365 -sha256#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q -- '-days 365 -sha256' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
