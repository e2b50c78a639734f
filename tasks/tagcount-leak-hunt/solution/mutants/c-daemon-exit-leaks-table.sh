#!/bin/bash
# Frees the table only on the --once path, so the daemon stopped by SIGTERM still leaks the whole table (the --once runs and leakcheck look clean).
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
s = Path("/solution/solve.sh").read_text()
old = "old = '        sleep(interval);\\n    }\\n    return rc;'\nassert old in s\np.write_text(s.replace(old, '        sleep(interval);\\n    }\\n    table_free(t);\\n    return rc;'))"
assert old in s
new = "old = '        if (once)\\n            break;'\nassert old in s\np.write_text(s.replace(old, '        if (once) {\\n            table_free(t);\\n            break;\\n        }'))"
s = s.replace(old, new)
Path("/tmp/mutant-solve.sh").write_text(s)
PY
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
