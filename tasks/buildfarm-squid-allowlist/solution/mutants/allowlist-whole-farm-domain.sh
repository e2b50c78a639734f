#!/bin/bash
# Allows the whole .farm.lan domain instead of the three mirrors by name, so scratch.farm.lan and any other farm host get through.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('dstdomain -n deb.farm.lan pypi.farm.lan artifacts.farm.lan', 'dstdomain -n .farm.lan')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
