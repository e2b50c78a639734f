#!/bin/bash
# Allows passwords with `Match Address 203.0.113.0/24` alone, so admins connecting from the partners' office network get password logins too.
set -euo pipefail
sed -e 's#^Match Group sftp-partners Address 203.0.113.0/24$#Match Address 203.0.113.0/24#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '^Match Address 203.0.113.0/24$' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
