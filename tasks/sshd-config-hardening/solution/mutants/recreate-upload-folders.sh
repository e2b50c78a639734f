#!/bin/bash
# Recreates every partner's upload folder from scratch (rm -rf, then install -d) to get the ownership right, which deletes acme's existing invoices.
set -euo pipefail
sed -e 's#^    install -d -o "\$p" -g "\$p" -m 0700 "/srv/sftp/\$p/upload"$#    rm -rf "/srv/sftp/$p/upload"; install -d -o "$p" -g "$p" -m 0700 "/srv/sftp/$p/upload"#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q 'rm -rf "/srv/sftp/\$p/upload"; install -d' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
