#!/bin/bash
# Keeps the unscoped name tinyduration (the first plan), so the package and the tarball are not @acme/tinyduration.
set -euo pipefail
sed -e 's#"name": "@acme/tinyduration"#"name": "tinyduration"#' -e 's#/app/dist/acme-tinyduration-1.3.0.tgz#/app/dist/tinyduration-1.3.0.tgz#' /solution/solve.sh > /tmp/mutant-solve.sh
test "$(diff /solution/solve.sh /tmp/mutant-solve.sh | grep -c '^>')" = 2 || { echo "patch did not apply" >&2; exit 3; }
bash /tmp/mutant-solve.sh
