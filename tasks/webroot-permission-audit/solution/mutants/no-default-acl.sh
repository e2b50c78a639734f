#!/bin/bash
# Gives ops read access to the existing logs only (no default ACL), so a log file written later is unreadable by ops.
set -euo pipefail
grep -v 'setfacl -d -m g:ops:rX' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
# its own check of a later log would fail, so it is left out as the careless author would
grep -v "solve-check.log" /tmp/mutant-solve.sh > /tmp/mutant-solve2.sh
bash /tmp/mutant-solve2.sh
