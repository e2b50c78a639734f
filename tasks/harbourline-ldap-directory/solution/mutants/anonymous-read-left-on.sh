#!/bin/bash
# Keeps Debian's last rule that lets anyone read the database (by * read), so an anonymous search lists every person and group.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = "read by users read by * none"
assert old in s, old
s = s.replace(old, "read by users read by * read")
check = "test \"$(ldapsearch -x -LLL -H ldap://127.0.0.1 -b \"$BASE\" '(objectClass=*)' dn 2>/dev/null | grep -c '^dn:')\" = 0\n"
assert check in s, check
p.write_text(s.replace(check, ""))
PY
bash /tmp/solve-mutant.sh
