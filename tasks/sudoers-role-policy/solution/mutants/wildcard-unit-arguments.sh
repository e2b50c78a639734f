#!/bin/bash
# Writes the unit arguments with a wildcard (app-*), which in sudoers also matches extra arguments with spaces, so deploy can restart any unit after an app one (app-web.service ssh.service).
set -euo pipefail
sed -e 's#/usr/bin/systemctl restart app-web.service, \\#/usr/bin/systemctl restart app-*#' \
    -e '/\/usr\/bin\/systemctl restart app-worker.service$/d' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q 'systemctl restart app-\*$' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
! grep -q 'restart app-worker.service$' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
