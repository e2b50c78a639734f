#!/bin/bash
# Writes the version file with AnyNewerVersion, so a request for 1.9 is accepted by 2.3.1 although the major versions differ.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = "COMPATIBILITY SameMajorVersion"
assert old in s, old
p.write_text(s.replace(old, "COMPATIBILITY AnyNewerVersion"))
PY
bash /tmp/solve-mutant.sh
