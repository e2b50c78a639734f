#!/bin/bash
# weekly-cleanup: ops job (see /etc/cron.d/ops-jobs until the timer migration).
set -euo pipefail
echo "weekly-cleanup: started with $# argument(s): $*"
