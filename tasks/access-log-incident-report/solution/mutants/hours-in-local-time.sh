#!/bin/bash
# Buckets the requests by the log's own +0200 time instead of UTC, so the outage shows up at 16:00 and every hour is shifted.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('.astimezone(dt.timezone.utc)\n        hour', '\n        hour')]:
    assert old in src, "patch did not apply: " + old
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
