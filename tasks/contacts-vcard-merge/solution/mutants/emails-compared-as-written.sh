#!/bin/bash
# Compares and writes emails as written, so an address the iCloud export has in capitals does not match the phone's lower-case one.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old, new = 'card["EMAIL"].append(value.strip().lower())', 'card["EMAIL"].append(value.strip())'
assert old in src, "patch did not apply"
src = src.replace(old, new)
for check in []:
    assert check in src, "check line missing"
    src = src.replace(check, "")
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
