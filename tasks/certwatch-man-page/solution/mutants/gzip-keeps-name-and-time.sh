#!/bin/bash
# Compresses with plain gzip, which stores the file name and time, so the package is not reproducible.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("gzip -9 -n -c", "gzip -9 -c")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
