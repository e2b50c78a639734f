#!/usr/bin/env bash
# Sets freeze_panes to "A1" (meaning "row 1") instead of "A2", which freezes nothing, so the header scrolls away.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/build_summary.py").read_text()
old = '    ws.freeze_panes = "A2"\n'
assert old in src, "the reference build_summary.py changed: update this mutant"
Path("/app/build_summary.py").write_text(src.replace(old, '    ws.freeze_panes = "A1"\n'))
PY
mkdir -p /app/out
python3 /app/build_summary.py /app/data/sales_q1.xlsx /app/out/q1_summary.xlsx
