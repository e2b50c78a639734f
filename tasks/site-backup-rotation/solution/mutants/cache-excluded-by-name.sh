#!/bin/bash
# Excludes everything named cache, as `tar --exclude=cache` does, so a regular file called cache is dropped along with the cache folders.
set -euo pipefail
sed -e 's/    if info.isdir() and name == "cache":/    if name == "cache":/' /solution/backup-site > /tmp/backup-site.mutant
grep -q '^    if name == "cache":' /tmp/backup-site.mutant || { echo "patch did not apply" >&2; exit 1; }
sed -e 's#install -m 0755 /solution/backup-site #install -m 0755 /tmp/backup-site.mutant #' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/tmp/backup-site.mutant' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
