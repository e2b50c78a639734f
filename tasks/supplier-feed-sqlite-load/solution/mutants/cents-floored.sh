#!/bin/bash
# Turns JSON-number prices into cents with floor instead of rounding, so 19.99 euros becomes 1998 cents.
set -euo pipefail
sed 's/if type == "number" then (\. \* 100 | round)/if type == "number" then (. * 100 | floor)/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
