#!/bin/bash
# Refreshes with quilt's default settings: Index: lines, timestamps and dfwarn-2.0.orig/ names instead of a/ b/.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = 'QUILT_NO_DIFF_INDEX=1\nQUILT_NO_DIFF_TIMESTAMPS=1\nQUILT_REFRESH_ARGS="-p ab --no-timestamps --no-index"\nQUILT_DIFF_ARGS="-p ab --no-timestamps --no-index"\n'
new = ''
assert s.count(old) == 1, old
p.write_text(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
