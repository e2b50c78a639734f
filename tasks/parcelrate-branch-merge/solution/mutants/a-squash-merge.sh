#!/bin/bash
# Squashes the feature branch into one ordinary commit on main (git merge --squash) instead of a merge commit, so the feature's commits are not in main's history.
set -euo pipefail
sed 's/^git merge --no-ff --no-commit feature\/express-zones /git merge --squash feature\/express-zones /' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
