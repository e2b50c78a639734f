#!/bin/bash
# Adds the windows on every run without checking for the session, so a second run leaves duplicate windows and a second server.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('if ! tm has-session -t "=$S" 2>/dev/null; then\n    tm new-session -d -s "$S" -n edit -c /app/shop -e SHOP_ENV=dev\n', 'if true; then\n    tm has-session -t "=$S" 2>/dev/null || tm new-session -d -s "$S" -n edit -c /app/shop -e SHOP_ENV=dev\n'), ('tm new-window -d -t "$S:2" -n run', 'tm new-window -d -t "$S:" -n run'), ('tm new-window -d -t "$S:3" -n logs', 'tm new-window -d -t "$S:" -n logs'), ('tm new-window -d -t "$S:4" -n db', 'tm new-window -d -t "$S:" -n db')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
