#!/bin/bash
# Writes the stats password into haproxy.cfg instead of reading it from the secrets file at start.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('\tstats auth "ops:${STATS_PASSWORD}"\nEOF\n', '\tstats auth "ops:${STATS_PASSWORD}"\nEOF\nsed -i "s|\\${STATS_PASSWORD}|$(cat /app/lb/secrets/stats-password)|" "$CFG"\n')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
