#!/bin/bash
# Only rejects an --interval that is not positive, so 7, 45 or 120 minutes are accepted and written instead of exiting with status 2.
set -euo pipefail
python3 - <<'PY'
src = open("/solution/resample.py").read()
old = "    if args.interval not in INTERVALS:\n"
assert old in src, "mutant patch did not apply"
open("/tmp/resample.py", "w").write(src.replace(old, "    if args.interval <= 0:\n"))
PY
install -D -m 0755 /tmp/resample.py /app/bin/resample.py
python3 /app/bin/resample.py
/app/tools/publish.sh --file /app/out/readings_15min.csv
