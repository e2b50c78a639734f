#!/bin/bash
# Looks for .git as a directory only, so a linked worktree (where .git is a file) shows no git segment.
set -euo pipefail
sed 's/\[ -e "\$dir\/.git" \] \&\& break/[ -d "$dir\/.git" ] \&\& break/' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
