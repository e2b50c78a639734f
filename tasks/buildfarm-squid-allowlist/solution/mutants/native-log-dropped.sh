#!/bin/bash
# Writes only the security log: its access_log line replaces squid's default, so ops' access.log is no longer written.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('access_log daemon:/var/log/squid/access.log squid\n', '')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
