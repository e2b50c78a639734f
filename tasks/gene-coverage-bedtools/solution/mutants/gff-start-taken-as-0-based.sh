#!/bin/bash
# Copies the GFF3 start into the BED start unchanged, so every gene loses its first base.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace('print $1 "\\t" $4 - 1 "\\t" $5', 'print $1 "\\t" $4 "\\t" $5')
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
