#!/bin/bash
# Leaves out the "files" whitelist, so the tarball also ships the tests and their fixtures.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = '  "files": [\n    "lib/",\n    "bin/",\n    "CHANGELOG.md"\n  ],\n'
if old not in s:
    raise SystemExit("patch did not apply")
Path("/tmp/mutant-solve.sh").write_text(s.replace(old, ""))
PY
bash /tmp/mutant-solve.sh
