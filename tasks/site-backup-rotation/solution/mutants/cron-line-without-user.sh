#!/bin/bash
# Writes the job in user-crontab syntax (no user field) into /etc/cron.d/backup-site, so cron would try to run a command named /usr/local/sbin/backup-site as a user.
set -euo pipefail
sed -e 's#^30 1 \* \* \* root /usr/local/sbin/backup-site#30 1 * * * /usr/local/sbin/backup-site#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '^30 1 \* \* \* /usr/local/sbin/backup-site' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
