#!/bin/bash
# Copies only the DNS entries of the old subjectAltName, so renewed certificates lose their IP addresses.
set -euo pipefail
sed -e "s#| sed -e 's/^ \*//' -e 's/IP Address:/IP:/g' | paste -sd, -)#| grep -o 'DNS:[^,]*' | paste -sd, -)#" \
    /solution/solve.sh > /tmp/solve-mutant.sh
grep -q "grep -o 'DNS:\[^,\]\*' | paste -sd, -)" /tmp/solve-mutant.sh || { echo "patch did not apply" >&2; exit 1; }
bash /tmp/solve-mutant.sh
