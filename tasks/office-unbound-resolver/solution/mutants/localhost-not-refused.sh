#!/bin/bash
# Refuses only 0.0.0.0/0, so unbound's built-in allow for 127.0.0.0/8 still lets localhost and the guest wifi's stand-in addresses query.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [("dig -b 127.0.0.1 @127.0.53.1 fs1.office.lan | grep -q 'status: REFUSED'\n", ''), ("dig -b 127.0.30.7 @127.0.53.1 fs1.office.lan | grep -q 'status: REFUSED'\n", ''), ('    access-control: 127.0.0.0/8 refuse\n', '', )]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
