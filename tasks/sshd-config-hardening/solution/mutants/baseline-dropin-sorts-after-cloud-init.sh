#!/bin/bash
# Puts the baseline into sshd_config.d/99-baseline.conf, which sshd reads after 50-cloud-init.conf, so cloud-init's PasswordAuthentication yes wins (the first value read counts).
set -euo pipefail
sed -e 's#sshd_config.d/00-baseline.conf#sshd_config.d/99-baseline.conf#g' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '99-baseline.conf' /tmp/solve-mutant.sh && ! grep -q '00-baseline.conf' /tmp/solve-mutant.sh \
    || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
