#!/bin/bash
# Takes the calendar month from the time step's position (step 0 is January) instead of decoding the dates, so an extract that starts in July gets the wrong climatology.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
assert 'months = np.array([d.month for d in dates])' in s, "stale patch"
s = s.replace('months = np.array([d.month for d in dates])', 'months = np.arange(len(dates)) % 12 + 1')
open("/tmp/solve-mutant.sh", "w").write(s)
PY
bash /tmp/solve-mutant.sh
