#!/bin/bash
# Groups archives into weeks with strftime('%Y-%U') (Sunday-start weeks within the calendar year) instead of ISO weeks, so the weekly archives kept around a year boundary are the wrong ones.
set -euo pipefail
sed -e 's/for key, count in ((lambda d: d.isocalendar()\[:2\], 4)/for key, count in ((lambda d: d.strftime("%Y-%U"), 4)/' \
    /solution/backup-site > /tmp/backup-site.mutant
grep -q 'd.strftime("%Y-%U"), 4)' /tmp/backup-site.mutant || { echo "patch did not apply" >&2; exit 1; }
sed -e 's#install -m 0755 /solution/backup-site #install -m 0755 /tmp/backup-site.mutant #' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/backup-site.mutant' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
