#!/usr/bin/env bash
# Rewrites both branches without --tag-name-filter and then moves v1.0 with a plain `git tag -f`, so v1.0 points at the rewritten "Fix rounding in totals" but is no longer an annotated tag (its message and tagger are lost).
set -euo pipefail
cd /app/repo
KEY='sk_live_9fQ2mXr7LkT4vWz8NbC3dHs6'
export FILTER_BRANCH_SQUELCH_WARNING=1
git filter-branch -f \
  --tree-filter "grep -rlF '$KEY' . 2>/dev/null | xargs -r sed -i 's/$KEY/***REMOVED***/g'" \
  --msg-filter "sed 's/$KEY/***REMOVED***/g'" \
  -- main feature/pdf-export > /tmp/filter-branch.log 2>&1
# "Fix rounding in totals" is the sixth commit of main.
git tag -f v1.0 "$(git rev-list --first-parent --reverse main | sed -n 6p)"
git for-each-ref --format='%(refname)' refs/original | xargs -r -n1 git update-ref -d
git reflog expire --expire=now --all
git gc -q --prune=now
echo "objects still containing the key: $(git cat-file --batch-all-objects --batch | grep -a -c -F "$KEY" || true)"
git for-each-ref --format='%(objectname:short) %(objecttype) %(refname)'
git status --short
