#!/bin/bash
# Grants the developers' four commands without the NOEXEC: tag, so the pager journalctl or systemctl status opens as root can start a root shell (!sh).
set -euo pipefail
sed -e 's#^%developers ALL=(root) NOEXEC: APP_LOGS$#%developers ALL=(root) APP_LOGS#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '^%developers ALL=(root) APP_LOGS$' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
