#!/bin/bash
# Writes the baseline drop-in with mode 0600 ("it's security config, keep it private"), but every config file must be root-owned with mode 0644.
set -euo pipefail
sed -e 's#^chmod 0644 /etc/ssh/sshd_config.d/00-baseline.conf$#chmod 0600 /etc/ssh/sshd_config.d/00-baseline.conf#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '^chmod 0600 /etc/ssh/sshd_config.d/00-baseline.conf$' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
