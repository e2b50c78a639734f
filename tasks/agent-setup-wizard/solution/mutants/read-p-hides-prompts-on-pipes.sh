#!/bin/bash
# Prompts with `read -p`, which bash only shows when stdin is a terminal, so a piped run (the provisioning) gets no prompts in its transcript.
set -euo pipefail
python3 - <<'PY'
src = open("/solution/install.sh").read()
old = "        printf '%s' \"$prompt\"\n        IFS= read -r line || abort\n"
assert src.count(old) == 2, "mutant patch did not apply"
open("/tmp/install.sh", "w").write(src.replace(old, "        IFS= read -r -p \"$prompt\" line || abort\n"))
PY
python3 /solution/non_interactive.py /tmp/install.sh
cp -n /app/installer/install.sh /app/installer/install.sh.orig
install -m 0755 /tmp/install.sh /app/installer/install.sh
