#!/bin/bash
# Lets find_route raise the closed-stop exception instead of returning None, so the board's callers crash on a closed origin or destination.
set -euo pipefail
install -m 0755 /solution/route.py /app/bin/route.py
python3 /solution/closures.py /app/bin/route.py
python3 - <<'PY'
from pathlib import Path
src = Path("/app/bin/route.py").read_text()
old = "    try:\n        return plan(net, o, d)\n    except ClosedStop:\n        return None\n"
assert old in src, "the reference route.py changed: update this mutant"
Path("/app/bin/route.py").write_text(src.replace(old, "    return plan(net, o, d)\n"))
PY
chmod 0755 /app/bin/route.py
python3 /app/bin/route.py S01 S20
