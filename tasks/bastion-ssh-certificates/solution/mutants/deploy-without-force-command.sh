#!/bin/bash
# Signs the deploy key with source-address but without force-command, so the CI key gets a full shell on the bastion.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/solve.sh").read_text()
old = '-O force-command=/usr/local/sbin/run-deploy '
new = ''
assert src.count(old) == 1, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(src.replace(old, new))
PY
bash /tmp/mutant-solve.sh
