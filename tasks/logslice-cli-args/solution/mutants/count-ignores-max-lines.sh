#!/bin/bash
# Applies --max-lines only to printed records, so --count -n 3 over 14 matches prints 14 instead of 3.
set -euo pipefail
cd /app/logslice
cp /solution/logslice/timeparse.py logslice/timeparse.py
cp /solution/check.sh scripts/check.sh
cp /solution/logslice/cli.py /tmp/cli.py
grep -q '            if args.max_lines is not None and matched >= args.max_lines:' /tmp/cli.py
sed -i 's/            if args.max_lines is not None and matched >= args.max_lines:/            if not args.count and args.max_lines is not None and matched >= args.max_lines:/' /tmp/cli.py
grep -q 'if not args.count and args.max_lines' /tmp/cli.py || { echo "patch did not apply" >&2; exit 1; }
cp /tmp/cli.py logslice/cli.py
bin/logslice --count --level error samples/app.log
