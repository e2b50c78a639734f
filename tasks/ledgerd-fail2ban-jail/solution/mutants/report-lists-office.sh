#!/bin/bash
# Leaves ignoreip out of the report's replay, so office monitoring and localhost show up as banned.
set -euo pipefail
sed 's/^    if any(a.version == n.version and a in n for n in ignored):$/    if False:/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
