#!/bin/bash
# Runs the workspace on the default tmux server instead of its own socket, so it lands in the developer's own tmux (where -f is ignored) and takes over its settings.
set -euo pipefail
cp /solution/solve.sh /tmp/solve-mutant.sh
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/solve-mutant.sh")
s = p.read_text()
for old, new in [('tm() { tmux -L shop -f /app/shop/dev/tmux.conf "$@"; }', 'tm() { tmux -f /app/shop/dev/tmux.conf "$@"; }'), ('exec tmux -L shop attach', 'exec tmux attach'), ('tmux -L shop list-panes', 'tmux list-panes')]:
    assert old in s, old
    s = s.replace(old, new)
p.write_text(s)
PY
bash /tmp/solve-mutant.sh
