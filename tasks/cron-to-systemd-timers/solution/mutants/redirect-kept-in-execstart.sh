#!/bin/bash
# Copies weekly-cleanup's cron command with its shell redirection into ExecStart=, where systemd passes '>', the log path and '2>&1' to the script as arguments.
set -euo pipefail
sed -e 's#|/srv/ops/jobs/weekly-cleanup.sh|#|/srv/ops/jobs/weekly-cleanup.sh > /var/log/weekly-cleanup.log 2>\&1|#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q 'weekly-cleanup.sh > /var/log/weekly-cleanup.log 2>&1|' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
