#!/bin/bash
# report: ops job (see /etc/cron.d/ops-jobs until the timer migration).
set -euo pipefail
echo "report: started with $# argument(s): $*"
