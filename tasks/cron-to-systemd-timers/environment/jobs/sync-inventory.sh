#!/bin/bash
# sync-inventory: ops job (see /etc/cron.d/ops-jobs until the timer migration).
set -euo pipefail
echo "sync-inventory: started with $# argument(s): $*"
