#!/bin/bash
# Reads only the plain access.log and access.log.1 (zcat was never run), so the first day and a half are missing.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('FILES = ["access.log.3.gz", "access.log.2.gz", "access.log.1", "access.log"]', 'FILES = ["access.log.1", "access.log"]')]:
    assert old in src, "patch did not apply: " + old
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
