#!/bin/bash
# Leaves squid's maximum object size at its 4 MB default, so big artifacts are fetched from the mirror every time.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('maximum_object_size 2 GB\n', '')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
