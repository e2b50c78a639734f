#!/bin/bash
# Writes the KRL but never points sshd at it (no RevokedKeys), so the stolen key logs in with any certificate the CA signs for it.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = 'RevokedKeys /etc/ssh/revoked_keys.krl\n'
new = ''
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
