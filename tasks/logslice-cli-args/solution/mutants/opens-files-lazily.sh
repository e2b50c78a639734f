#!/bin/bash
# Opens each FILE only when it gets to it, so when a later file is missing the records of the earlier files have already been printed before the exit 2.
set -euo pipefail
cd /app/logslice
cp /solution/logslice/timeparse.py logslice/timeparse.py
cp /solution/check.sh scripts/check.sh
cp /solution/logslice/cli.py /tmp/cli.py
python3 - <<'PY'
from pathlib import Path
p = Path("/tmp/cli.py")
s = p.read_text()
old_open = '''    streams = []
    for path in paths:
        if path == "-":
            streams.append(sys.stdin)
            continue
        try:
            streams.append(open(path, encoding="utf-8"))
        except OSError as exc:
            print(f"logslice: cannot read {path}: {exc.strerror}", file=sys.stderr)
            return 2

    matched = 0
    for stream in streams:
'''
new_open = '''    matched = 0
    for path in paths:
        if path == "-":
            stream = sys.stdin
        else:
            try:
                stream = open(path, encoding="utf-8")
            except OSError as exc:
                print(f"logslice: cannot read {path}: {exc.strerror}", file=sys.stderr)
                return 2
'''
assert old_open in s, "reference changed: patch does not apply"
p.write_text(s.replace(old_open, new_open))
PY
cp /tmp/cli.py logslice/cli.py
bin/logslice --count --level error samples/app.log
