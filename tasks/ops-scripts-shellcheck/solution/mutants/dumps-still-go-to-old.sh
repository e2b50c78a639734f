#!/bin/bash
# Fixes every finding but keeps moving the older dumps into old/, missing the change to archive/.
set -euo pipefail
bash /solution/solve.sh
f=/app/ops/bin/rotate-dumps.sh
sed -i 's#/archive#/old#g; s#to archive/#to old/#' "$f"
grep -q '"\$dir/old"' "$f"
if grep -q archive/ "$f"; then exit 1; fi
bash /app/ops/ci/lint.sh
