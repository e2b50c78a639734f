#!/bin/bash
# Takes the window's dates as UTC days instead of the experiment's local time zone, so events around local midnight land on the wrong side.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
old = '    tz = ZoneInfo(exp["timezone"])'
new = '    tz = dt.timezone.utc'
assert s.count(old) == 1, "stale patch"
open("/tmp/solve-mutant.sh", "w").write(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
