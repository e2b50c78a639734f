#!/bin/bash
# Keeps the chr prefix of the BED regions, so they never meet the GFF3's chromosome names and nothing is covered.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace(" | sed 's/^chr//'", "")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
