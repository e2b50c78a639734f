#!/bin/bash
# Frees the key in table_del but leaves the DEL handler printing the key it just deleted (a use-after-free that garbles DELETED lines), and never re-runs make check or leakcheck to notice.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "p.write_text(s.replace(old, '''        long was = n->value;"
assert old in s
s = s.replace(old, "None and p.write_text(s.replace(old, '''        long was = n->value;")
old = "&& make check && make leakcheck\n"
assert old in s
s = s.replace(old, "\n")
Path("/tmp/mutant-solve.sh").write_text(s)
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
