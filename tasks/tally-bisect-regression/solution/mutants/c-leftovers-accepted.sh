#!/bin/bash
# Sums every part it finds but never checks that the parts cover the whole spec, so 1h30, 1h 30m and 30mx are accepted instead of rejected.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "        if m.start() != pos:\n            break\n"
assert old in s
s = s.replace(old, "")
s = s.replace("    if pos != len(text):\n        raise", "    if pos == 0:\n        raise")
s = s.replace('@pytest.mark.parametrize("bad", ["1h30", "1h 30m", "30mx", "1h-30m"])', '@pytest.mark.parametrize("bad", ["h", "soon"])')
Path("/tmp/mutant-solve.sh").write_text(s)
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
