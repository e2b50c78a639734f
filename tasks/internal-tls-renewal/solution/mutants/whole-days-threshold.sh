#!/bin/bash
# Counts the days left in whole days and renews when that is 30 or fewer, so a certificate with 30 days and a few hours left is renewed although it is not due.
set -euo pipefail
sed -e 's#    if openssl x509 -noout -checkend "$DUE_SECONDS" -in "$crt" >/dev/null; then#    end=$(date -d "$(openssl x509 -noout -enddate -in "$crt" | cut -d= -f2)" +%s)\n    if [ $(( (end - $(date +%s)) / 86400 )) -gt 30 ]; then#' \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q '/ 86400 )) -gt 30 ]' /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
