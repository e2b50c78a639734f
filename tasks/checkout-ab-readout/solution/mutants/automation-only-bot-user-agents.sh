#!/bin/bash
# Excludes only user agents with bot in them (the first rule), so crawlers, spiders and headless browsers stay in the test.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
old = 'AUTOMATION = re.compile(r"bot|crawler|spider|headless", re.I)'
new = 'AUTOMATION = re.compile(r"bot", re.I)'
assert s.count(old) == 1, "stale patch"
open("/tmp/solve-mutant.sh", "w").write(s.replace(old, new))
PY
bash /tmp/solve-mutant.sh
