#!/bin/bash
# Sets the initial passwords with an ldapmodify replace of userPassword, which the server stores in plain text instead of as {SSHA} hashes.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
old = '        ldappasswd -x -H ldap://127.0.0.1 -D "$ADMIN" -y "$SECRETS/admin-password" -s "$pw" "$dn"\n'
new = ('        printf \'dn: %s\\nchangetype: modify\\nreplace: userPassword\\nuserPassword: %s\\n\' "$dn" "$pw" \\\n'
       '            | ldapmodify -x -H ldap://127.0.0.1 -D "$ADMIN" -y "$SECRETS/admin-password" > /dev/null\n')
assert old in s, old
p.write_text(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
