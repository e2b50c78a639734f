#!/bin/bash
# Keeps the first inventory line of a host that is listed twice, so a moved host is published at its old address with its old aliases.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('        hosts.pop(canon, None)  # the last line for a name wins, and goes to the end\n', '        if canon in hosts:\n            continue\n', )]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
