#!/bin/bash
# Strips run-C's carriage returns but keeps its Phred+64 qualities, so its bases all pass Q20 and its quality strings are off by 31.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("ord[substr($0, i, 1)] - 31", "ord[substr($0, i, 1)]")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
