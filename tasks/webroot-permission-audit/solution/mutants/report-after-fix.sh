#!/bin/bash
# Fixes the tree first and writes the report afterwards, so before.tsv lists nothing of what was wrong.
set -euo pipefail
awk '/^\/app\/audit\/fix-perms.sh --report > \/app\/audit\/before.tsv$/ {held=$0; next} {print} /^\/app\/audit\/fix-perms.sh$/ && held {print held}' /solution/solve.sh > /tmp/mutant-solve.sh
if ! grep -A1 -x '/app/audit/fix-perms.sh' /tmp/mutant-solve.sh | grep -q 'before.tsv'; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
