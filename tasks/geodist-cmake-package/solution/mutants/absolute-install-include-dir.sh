#!/bin/bash
# Exports the include directory as an absolute path under the install prefix, so the installed package breaks once the prefix is moved.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>"
assert old in s, old
p.write_text(s.replace(old, "$<INSTALL_INTERFACE:${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_INCLUDEDIR}>"))
PY
bash /tmp/solve-mutant.sh
