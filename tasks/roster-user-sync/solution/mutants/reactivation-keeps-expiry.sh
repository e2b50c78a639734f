#!/bin/bash
# Unlocks a returning person's account but never clears its account expiry date, so an account that was offboarded (expiry 1970-01-02) stays expired although the roster says active.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/sync-users").read_text()
old = '''    if sh[7] != "":
        run("chage", "-E", "-1", login)
        changed = True
'''
assert old in src, "patch did not apply"
Path("/tmp/sync-users.mutant").write_text(src.replace(old, ""))
PY
sed -e 's#install -m 0755 /solution/sync-users /usr/local/sbin/sync-users#install -m 0755 /tmp/sync-users.mutant /usr/local/sbin/sync-users#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/sync-users.mutant' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
