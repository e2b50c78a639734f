#!/bin/bash
# Reads a column the header lacks as empty cells instead of stopping, so an export without a Currency or Status column still writes a report (of rejects or zeros) and exits 0.
set -euo pipefail
python3 - <<'PY'
from pathlib import Path

src = Path("/solution/build_report.py").read_text()
check = """            missing = [c for c in NEEDED if c.lower() not in header]
            if missing:
                print(f"build_report: the export has no {', '.join(missing)} column", file=sys.stderr)
                return 2
"""
rec = """        rec = {h: (row[i].strip() if i < len(row) else "") for i, h in enumerate(header)}
"""
assert check in src and rec in src, "the reference build_report.py changed: update this mutant"
src = src.replace(check, "").replace(rec, rec + """        rec = defaultdict(str, rec)
""")
Path("/app/bin").mkdir(parents=True, exist_ok=True)
Path("/app/bin/build_report.py").write_text(src)
PY
chmod 0755 /app/bin/build_report.py
python3 /app/bin/build_report.py
python3 /app/tools/dashboard_import.py
