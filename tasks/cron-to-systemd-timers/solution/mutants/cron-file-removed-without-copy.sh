#!/bin/bash
# Retires /etc/cron.d/ops-jobs by deleting it outright, without keeping the copy at /root/cron-migration/ops-jobs that a rollback needs.
set -euo pipefail
sed -e '/^mkdir -p \/root\/cron-migration$/d' -e '/^cp -n \/etc\/cron.d\/ops-jobs \/root\/cron-migration\/ops-jobs$/d' \
    /solution/solve.sh > /tmp/solve-mutant.sh
test "$(wc -l < /tmp/solve-mutant.sh)" -eq "$(( $(wc -l < /solution/solve.sh) - 2 ))" || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
