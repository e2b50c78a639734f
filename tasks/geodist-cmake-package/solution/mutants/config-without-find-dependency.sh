#!/bin/bash
# The package config includes the exported targets without find_dependency(Threads), so a consumer of the static variant fails with Threads::Threads not found.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = "include(CMakeFindDependencyMacro)\nfind_dependency(Threads)\n"
assert old in s, old
p.write_text(s.replace(old, ""))
PY
bash /tmp/solve-mutant.sh
