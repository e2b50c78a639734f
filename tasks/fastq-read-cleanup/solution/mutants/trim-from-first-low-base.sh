#!/bin/bash
# Cuts each read at its first base under Q20 instead of trimming only the low-quality 3-prime tail.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("n = length($0); while (n > 0 && ord[substr($0, n, 1)] - 33 < 20) n--", "n = 0; while (n < length($0) && ord[substr($0, n + 1, 1)] - 33 >= 20) n++")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
