#!/bin/bash
# Never reads the bad pixel mask into the measurement, so hot pixels raise the background or a star's counts, and one in C2's aperture flags it saturated.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
for old, new in [('    ann &= ~bad\n', ''), ('(data[ap & ~bad] >= hdr["SATURATE"])', '(data[ap] >= hdr["SATURATE"])'), ('vals = np.where(bad[ap], bkg, data[ap])', 'vals = data[ap]')]:
    assert old in src, "patch did not apply"
    src = src.replace(old, new)
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
