#!/bin/bash
# Takes EXPORT RATES OUT_DIR as required arguments with no defaults, so the monthly call without arguments fails instead of rebuilding /app/out.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/build_report.py").read_text()
old = "    export, rates_path, out_dir = argv if len(argv) == 3 else DEFAULTS\n"
assert old in src, "the reference build_report.py changed: update this mutant"
src = src.replace(old, """    if len(argv) != 3:
        print("usage: build_report.py EXPORT RATES OUT_DIR", file=sys.stderr)
        return 2
    export, rates_path, out_dir = argv
""")
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/build_report.py").write_text(src)
PY
chmod 0755 /app/bin/build_report.py
python3 /app/bin/build_report.py /app/data/raw/orders_export.csv /app/data/rates.csv /app/out
python3 /app/tools/dashboard_import.py
