#!/bin/bash
# Walks every entry with find, symbolic links included, so chown and chmod follow the planted uploads link and change /etc/passwd.
set -euo pipefail
sed "s/find \"\$root\" \\\\( -type f -o -type d \\\\) -printf/find \"\$root\" -printf/" /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh || true
