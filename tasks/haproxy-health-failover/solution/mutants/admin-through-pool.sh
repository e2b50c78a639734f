#!/bin/bash
# Sends /admin through the same round-robin pool as the shop, so back-office requests reach app2 and lose their sessions.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('\tacl is_admin path_beg /admin\n\tuse_backend shop_admin if is_admin\n', ''), ("curl -s http://127.0.0.1:8080/admin/ | grep -q '\"server\": \"app1\"'\n", '')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
