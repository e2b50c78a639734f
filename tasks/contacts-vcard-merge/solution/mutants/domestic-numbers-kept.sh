#!/bin/bash
# Turns 00 into + but leaves numbers with a single leading 0 as they are, so 0171 2345678 is written 01712345678, not +491712345678.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '    elif v.startswith("0"):\n        v = "+49" + v[1:]\n'
assert old in src, "patch did not apply"
src = src.replace(old, "")
lines = [l for l in src.splitlines(keepends=True) if not l.startswith("! grep '^TEL:'")]
assert len(lines) == len(src.splitlines()) - 1, "check line missing"
pathlib.Path("/tmp/mutant-solve.sh").write_text("".join(lines))
PY
bash /tmp/mutant-solve.sh
