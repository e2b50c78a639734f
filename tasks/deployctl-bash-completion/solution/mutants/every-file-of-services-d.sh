#!/bin/bash
# Offers every file of services.d with .yaml stripped, so README and the disabled legacy-reports service are offered too.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s
s2 = s.replace("for f in /etc/deployctl/services.d/*.yaml; do [[ -e $f ]] && basename \"$f\" .yaml; done", "for f in /etc/deployctl/services.d/*; do [[ -e $f ]] && basename \"$f\" .yaml; done")
assert s2 != s
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
