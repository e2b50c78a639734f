#!/bin/bash
# The converter keeps the first row of a duplicated employee instead of the last, so department moves, new preferred names and later leaver rows are lost.
set -euo pipefail
rm -rf /tmp/solution-mutant
cp -r /solution /tmp/solution-mutant
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solution-mutant/hr2ldif")
s = p.read_text()
old = "latest[int(digits)] = row  # the last row of an employee wins"
assert old in s, old
p.write_text(s.replace(old, "latest.setdefault(int(digits), row)"))
p = Path("/tmp/solution-mutant/solve.sh")
s = p.read_text()
assert s.count("/solution/") == 2, s.count("/solution/")
p.write_text(s.replace("/solution/", "/tmp/solution-mutant/"))
PY
bash /tmp/solution-mutant/solve.sh
