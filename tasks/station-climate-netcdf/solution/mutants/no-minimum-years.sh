#!/bin/bash
# Builds the climatology from whatever baseline years a cell has, so a cell with a long outage still gets anomalies instead of missing values.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
assert 'clim[m - 1] = np.where(n >= 24, mean, np.nan)' in s, "stale patch"
s = s.replace('clim[m - 1] = np.where(n >= 24, mean, np.nan)', 'clim[m - 1] = np.where(n >= 1, mean, np.nan)')
open("/tmp/solve-mutant.sh", "w").write(s)
PY
bash /tmp/solve-mutant.sh
