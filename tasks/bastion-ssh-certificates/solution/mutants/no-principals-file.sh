#!/bin/bash
# Leaves out AuthorizedPrincipalsFile, so sshd matches certificate principals against the account name and nobody can log in to the shared ops account.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = 'AuthorizedPrincipalsFile /etc/ssh/auth_principals/%u\n'
new = ''
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
