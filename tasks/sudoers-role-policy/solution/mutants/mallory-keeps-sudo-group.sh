#!/bin/bash
# Cleans up /etc/sudoers.d but never looks at group memberships, so mallory keeps full rights through the %sudo rule of /etc/sudoers.
set -euo pipefail
sed -e 's#^    gpasswd -d mallory sudo >/dev/null$#    : mallory left alone#' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q ': mallory left alone' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
