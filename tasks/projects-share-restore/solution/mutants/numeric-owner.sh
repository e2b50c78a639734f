#!/bin/bash
# Extracts with --numeric-owner, keeping the old server's uids, which belong to nobody (or the wrong user) on this host.
set -euo pipefail
sed 's/--listed-incremental=\/dev\/null/--listed-incremental=\/dev\/null --numeric-owner/; s/--extract --gzip --file=/--extract --gzip --numeric-owner --file=/' /solution/solve.sh > /tmp/solve-numeric.sh
test "$(grep -c -- '--numeric-owner' /tmp/solve-numeric.sh)" -eq 6
bash /tmp/solve-numeric.sh
