#!/bin/bash
# Makes -c repeatable but forgets the second half of the requirement: comma-separated names in one value (-c db,cache) are not split.
set -euo pipefail
cd /app/logslice
cp /solution/logslice/timeparse.py logslice/timeparse.py
cp /solution/check.sh scripts/check.sh
cp /solution/logslice/cli.py /tmp/cli.py
grep -q 'components = {name for value in args.component for name in value.split(",") if name}' /tmp/cli.py
sed -i 's/components = {name for value in args.component for name in value.split(",") if name}/components = set(args.component)/' /tmp/cli.py
cp /tmp/cli.py logslice/cli.py
bin/logslice --count --level error samples/app.log
