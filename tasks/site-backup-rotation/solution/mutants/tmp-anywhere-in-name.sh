#!/bin/bash
# Drops every file whose name contains .tmp (as `--exclude='*.tmp*'` would), so changelog.tmp.txt is lost along with upload.tmp.
set -euo pipefail
sed -e 's/    if not info.isdir() and name.endswith(".tmp"):/    if not info.isdir() and ".tmp" in name:/' /solution/backup-site > /tmp/backup-site.mutant
grep -q '^    if not info.isdir() and ".tmp" in name:' /tmp/backup-site.mutant || { echo "patch did not apply" >&2; exit 1; }
sed -e 's#install -m 0755 /solution/backup-site #install -m 0755 /tmp/backup-site.mutant #' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/backup-site.mutant' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
