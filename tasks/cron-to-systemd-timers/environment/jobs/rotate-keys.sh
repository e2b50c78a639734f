#!/bin/bash
# rotate-keys: ops job (see /etc/cron.d/ops-jobs until the timer migration).
set -euo pipefail
echo "rotate-keys: started with $# argument(s): $*"
