#!/bin/bash
# Sets no trap for SIGINT, so Ctrl-C at a question kills the installer without 'Aborted, nothing written.' and without the exit status 130.
set -euo pipefail
python3 - <<'PY'
src = open("/solution/install.sh").read()
old = "trap 'echo; echo \"Aborted, nothing written.\"; exit 130' INT\n"
assert src.count(old) == 1, "mutant patch did not apply"
open("/tmp/install.sh", "w").write(src.replace(old, ""))
PY
python3 /solution/non_interactive.py /tmp/install.sh
cp -n /app/installer/install.sh /app/installer/install.sh.orig
install -m 0755 /tmp/install.sh /app/installer/install.sh
