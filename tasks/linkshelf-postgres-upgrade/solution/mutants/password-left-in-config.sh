#!/bin/bash
# Switches the app to linkshelf_app but writes its password into linkshelf.ini instead of password_file.
set -euo pipefail
sed -e "s|-e 's#^password = .\*#password_file = /app/linkshelf/secrets/db-password#'|-e \"s#^password = .*#password = \$(cat /app/linkshelf/secrets/db-password)#\"|" /solution/solve.sh > /tmp/mutant-solve.sh
grep -q 'password = \$(cat' /tmp/mutant-solve.sh || { echo "patch did not apply" >&2; exit 3; }
bash /tmp/mutant-solve.sh
