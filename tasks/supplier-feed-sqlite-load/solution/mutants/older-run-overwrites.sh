#!/bin/bash
# Picks the newest record within one run but never compares with the rows already in the database, so an old delta loaded later overwrites newer rows.
set -euo pipefail
grep -v -e '^DELETE FROM w WHERE updated_at < COALESCE' -e "^  (SELECT updated_at FROM discontinued d WHERE d.sku = w.sku), '');" /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
