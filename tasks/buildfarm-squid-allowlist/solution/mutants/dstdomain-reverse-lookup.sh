#!/bin/bash
# Writes the allowlist without dstdomain's -n, so squid looks a raw IP address up in /etc/hosts and lets http://127.0.10.1/ through as deb.farm.lan.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('dstdomain -n deb.farm.lan', 'dstdomain deb.farm.lan')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
