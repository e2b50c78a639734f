#!/usr/bin/env bash
# Purges the key correctly, then checks out feature/pdf-export to inspect the rewritten branch and leaves it checked out instead of main.
set -euo pipefail
bash /solution/solve.sh
cd /app/repo
git checkout -q feature/pdf-export
git log --oneline -3
git grep -c 'REMOVED' -- docs config || true
