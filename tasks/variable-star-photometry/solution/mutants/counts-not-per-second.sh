#!/bin/bash
# Leaves out the exposure normalisation: flux is the net counts of the frame, not counts per second, so frames of different EXPTIME disagree.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('    t = hdr["EXPTIME"]\n', '    t = 1.0\n')]:
    assert old in src, "patch did not apply"
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
