#!/bin/bash
# backup-db: ops job (see /etc/cron.d/ops-jobs until the timer migration).
set -euo pipefail
echo "backup-db: started with $# argument(s): $*"
