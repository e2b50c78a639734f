#!/bin/bash
# Picks the lowest free UID without looking at GIDs and lets useradd -U make the group, so a user can get UID 2004 while GID 2004 belongs to another group and the primary group ends up with a different number.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/sync-users").read_text()
a = '    used = {p.pw_uid for p in pwd.getpwall()} | {g.gr_gid for g in grp.getgrall()}\n'
b = '        run("groupadd", "-g", str(n), login)\n        run("useradd", "-m", "-u", str(n), "-g", str(n), "-s", "/bin/bash", "-c", row["full_name"], "-p", "*", login)\n'
assert a in s and b in s, "patch did not apply"
s = s.replace(a, '    used = {p.pw_uid for p in pwd.getpwall()}\n')
s = s.replace(b, '        run("useradd", "-m", "-u", str(n), "-U", "-s", "/bin/bash", "-c", row["full_name"], "-p", "*", login)\n')
Path("/tmp/sync-users.mutant").write_text(s)
PY
sed -e 's#install -m 0755 /solution/sync-users /usr/local/sbin/sync-users#install -m 0755 /tmp/sync-users.mutant /usr/local/sbin/sync-users#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/sync-users.mutant' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
