#!/bin/bash
# Treats END as a no-op and only stops at end of input, so lines after END are still executed.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/kvsh.py").read_text()
old = '    elif name == "END":\n        return False\n'
assert old in src, "the reference kvsh.py changed: update this mutant"
Path("/tmp/kvsh.py").write_text(src.replace(old, '    elif name == "END":\n        pass\n'))
PY
install -m 0755 /tmp/kvsh.py /app/kvsh/kvsh.py
cp -n /app/data/store.db /app/data/store.db.v0.3.bak
python3 /solution/convert_store.py /app/data/store.db
