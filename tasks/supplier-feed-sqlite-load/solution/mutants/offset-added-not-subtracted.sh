#!/bin/bash
# Converts timestamps with an offset to UTC the wrong way round (adds +01:00 instead of subtracting it).
set -euo pipefail
sed 's/(if \$c.s == "+" then 1 else -1 end)/(if $c.s == "+" then -1 else 1 end)/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
