#!/bin/bash
# Takes every blocklist entry as it is, so entries under corp.internal or office.lan block the office's own names.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('        if any(dom == o or dom.endswith("." + o) or o.endswith("." + dom) for o in OWN):\n            continue\n', '', )]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
