#!/bin/bash
# Reference solution: install the report script, build /app/out, check it.
set -euo pipefail
install -D -m 0755 /solution/build_report.py /app/bin/build_report.py
python3 /app/bin/build_report.py
python3 /app/tools/dashboard_import.py
(cd /app/data/raw && sha256sum -c orders_export.csv.sha256)
