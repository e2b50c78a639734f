#!/bin/bash
# Compares deviations with 3 * MAD, forgetting the 1.4826 factor that scales the MAD to a standard deviation.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path
src = Path("/solution/despike.py").read_text()
old = "MAD_SCALE = 1.4826\n"
assert old in src, "the reference despike.py changed: update this mutant"
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/despike.py").write_text(src.replace(old, "MAD_SCALE = 1.0\n"))
PY
chmod 0755 /app/bin/despike.py
python3 /app/bin/despike.py
