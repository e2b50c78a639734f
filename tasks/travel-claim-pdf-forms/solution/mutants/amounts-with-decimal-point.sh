#!/bin/bash
# Writes the amounts with a decimal point and no thousands separator (1234.50), not in German notation.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = 'def german(d):\n    whole, frac = f"{d:.2f}".split(".")\n    return f"{int(whole):,}".replace(",", ".") + "," + frac'
new = 'def german(d):\n    return f"{d:.2f}"'
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
