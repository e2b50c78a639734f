#!/bin/bash
# Waits for the prompt text "DEVICE# " anywhere in the output, so the banner line that names the prompt triggers the first command too early and the console drops it.
set -euo pipefail
sed 's|        -re "\\n$dev# $" { return ok }|        -ex "$dev# " { return ok }|' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
