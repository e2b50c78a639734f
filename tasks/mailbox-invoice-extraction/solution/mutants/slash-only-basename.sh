#!/bin/bash
# Strips directories at / only, so a name a Windows client sent as C:\\Users\\...\\Rechnung 7004.pdf keeps its backslashed path.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = 're.split(r"[\\\\/]", name)[-1]', 'name.rsplit("/", 1)[-1]'
assert old in src, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
