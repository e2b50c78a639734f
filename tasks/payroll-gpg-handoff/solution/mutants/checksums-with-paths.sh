#!/bin/bash
# Writes SHA256SUMS from /app with directory names (outbox/payroll-...), so the recipients' sha256sum -c in their own folder fails.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = "sha256sum payroll-2024-*.csv.gpg > SHA256SUMS"
assert old in src, "patch did not apply"
src = src.replace(old, "(cd /app && sha256sum outbox/payroll-2024-*.csv.gpg) > SHA256SUMS")
pathlib.Path("/tmp/mutant-solve.sh").write_text(src)
PY
bash /tmp/mutant-solve.sh
