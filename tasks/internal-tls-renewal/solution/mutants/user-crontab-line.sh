#!/bin/bash
# Writes the cron job in user-crontab form (no user field), so /etc/cron.d would run it as a user named after the script path, never as root.
set -euo pipefail
sed -e 's#^15 3 \* \* \* root /usr/local/sbin/renew-internal-certs#15 3 * * * /usr/local/sbin/renew-internal-certs#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '^15 3 \* \* \* /usr/local/sbin/renew-internal-certs >>' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
