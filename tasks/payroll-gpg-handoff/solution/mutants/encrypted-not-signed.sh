#!/bin/bash
# Encrypts to the three certified recipients but forgets to sign the files (only SHA256SUMS is signed).
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '--sign --encrypt -o'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, "--encrypt -o"))
PY
bash /tmp/mutant-solve.sh
