#!/bin/bash
# Copies today's environments into the script instead of reading the file when completing, so a new environment never shows up.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("_deployctl_envs() { sed -e 's/#.*//' -e 's/[[:space:]]//g' /etc/deployctl/environments 2>/dev/null | grep -v '^$'; }", "_deployctl_envs() { echo dev staging prod-eu prod-us; }")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
