#!/bin/bash
# The bisect check counts every failure as bad (no exit 125 skip), so the bisect blames a work-in-progress commit where tally does not import.
set -euo pipefail
sed 's/    exit 125  # the package does not import here (WIP commits): skip, don'"'"'t blame/    exit 1/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
