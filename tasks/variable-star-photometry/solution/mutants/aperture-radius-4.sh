#!/bin/bash
# Keeps the first aperture radius the observer gave (4 px) instead of the 5 px it was changed to, so every flux misses part of the star.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('R_AP, R_IN, R_OUT, ZP, K_EXT = 5.0,', 'R_AP, R_IN, R_OUT, ZP, K_EXT = 4.0,')]:
    assert old in src, "patch did not apply"
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
