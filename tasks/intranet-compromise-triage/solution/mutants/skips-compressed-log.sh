#!/bin/bash
# Reads only the uncompressed access logs, so the attacker's first access (in access.log.2.gz) is dated a day late.
set -euo pipefail
sed 's#^all() { zcat -f /var/log/apache2/access.log.2.gz /var/log/apache2/access.log.1 /var/log/apache2/access.log; }$#all() { cat /var/log/apache2/access.log.1 /var/log/apache2/access.log; }#' /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
