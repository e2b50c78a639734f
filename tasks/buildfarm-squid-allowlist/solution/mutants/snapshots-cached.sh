#!/bin/bash
# Forgets the cache exception for snapshots, so the 30-day .tar.gz rule serves a republished snapshot from the cache.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('acl snapshots url_regex -i ^http://artifacts\\.farm\\.lan/snapshots/\ncache deny snapshots\n', '')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
