#!/bin/bash
# Counts the /healthz probes as requests, which dilutes every hour's error rate (and adds the probes' 503s during the outage).
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('        if path == "/healthz":\n            continue\n', '')]:
    assert old in src, "patch did not apply: " + old
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
