#!/bin/bash
# Translates rotate-keys' "0 4 1 * 1" into the single expression "Mon *-*-01 04:00", which systemd reads as the 1st AND a Monday, while cron runs it on the 1st OR on Mondays.
set -euo pipefail
sed -e 's#|\*-\*-01 04:00:00;Mon \*-\*-\* 04:00:00"#|Mon *-*-01 04:00:00"#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '|Mon \*-\*-01 04:00:00"' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
