#!/bin/bash
# Adds the stub zone for 10.30.0.0/16's reverse lookups but not the transparent local zone, so unbound's built-in empty 10.in-addr.arpa zone answers them NXDOMAIN.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('test "$(dig +short -b 127.0.10.5 @127.0.53.1 -x 10.30.1.11)" = wiki.corp.internal.\n', ''), ('    local-zone: "30.10.in-addr.arpa." transparent\n', '', )]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
