#!/usr/bin/env bash
# Rewrites the history correctly but leaves filter-branch's refs/original backups and the reflogs, so the old commits and blobs with the key stay in the repository.
set -euo pipefail
cd /app/repo
KEY='sk_live_9fQ2mXr7LkT4vWz8NbC3dHs6'
export FILTER_BRANCH_SQUELCH_WARNING=1
git filter-branch -f \
  --tree-filter "grep -rlF '$KEY' . 2>/dev/null | xargs -r sed -i 's/$KEY/***REMOVED***/g'" \
  --msg-filter "sed 's/$KEY/***REMOVED***/g'" \
  --tag-name-filter cat -- --all > /tmp/filter-branch.log 2>&1
echo "objects still containing the key: $(git cat-file --batch-all-objects --batch | grep -a -c -F "$KEY" || true)"
git for-each-ref --format='%(objectname:short) %(objecttype) %(refname)'
git status --short
