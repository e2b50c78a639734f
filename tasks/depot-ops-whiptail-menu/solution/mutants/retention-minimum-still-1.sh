#!/bin/bash
# Keeps the first retention range, 1 to 365, and misses the later change to a minimum of 7 days.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = 'MIN_DAYS=7\n'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, 'MIN_DAYS=1\n'))
PY
bash /tmp/mutant-solve.sh
