#!/bin/bash
# Overwrites the letters it writes but never removes a letter from an earlier run whose row is no longer open, so a re-run keeps reminding customers who have paid.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/merge_letters.py").read_text()
a = "        if stale not in written:\n            stale.unlink()\n"
assert a in s, "patch did not apply"
s = s.replace(a, "        if stale not in written:\n            pass\n")
Path("/tmp/merge_letters.mutant.py").write_text(s)
PY
sed -e 's#install -D -m 0755 /solution/merge_letters.py #install -D -m 0755 /tmp/merge_letters.mutant.py #' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q 'merge_letters.mutant.py' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
