#!/bin/bash
# Rewrites every active account's authorized_keys on each run "to be safe" and reports it as a change, so a second run right after prints `updated` lines instead of nothing.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/sync-users").read_text()
old = '''    if not keys_ok(pw, row["key"]):
        write_keys(pw, row["key"])
        changed = True
'''
assert old in src, "patch did not apply"
new = '''    if row["key"] or not keys_ok(pw, row["key"]):  # always refresh the key file
        write_keys(pw, row["key"])
        changed = True
'''
Path("/tmp/sync-users.mutant").write_text(src.replace(old, new))
PY
sed -e 's#install -m 0755 /solution/sync-users /usr/local/sbin/sync-users#install -m 0755 /tmp/sync-users.mutant /usr/local/sbin/sync-users#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/sync-users.mutant' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
