#!/bin/bash
# Averages the box's cells with equal weights instead of weighting them by cos(latitude).
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
assert 'w = np.cos(np.radians(lat[ilat]))[:, None] * np.ones(ilon.size)[None, :]' in s, "stale patch"
s = s.replace('w = np.cos(np.radians(lat[ilat]))[:, None] * np.ones(ilon.size)[None, :]', 'w = np.ones((ilat.size, ilon.size))')
open("/tmp/solve-mutant.sh", "w").write(s)
PY
bash /tmp/solve-mutant.sh
