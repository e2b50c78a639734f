#!/bin/bash
# Runs reprepro with /srv/apt/acme as its base directory, so its conf/ and db/ are served to the fleet with the archive.
set -euo pipefail
sed -e 's#^REPREPRO=/srv/apt/reprepro$#REPREPRO=/srv/apt/acme#' -e 's#reprepro -b /srv/apt/reprepro #reprepro -b /srv/apt/acme #' \
    -e '/^echo "outdir \/srv\/apt\/acme" > /d' /solution/solve.sh > /tmp/mutant-solve.sh
if grep -q '/srv/apt/reprepro' /tmp/mutant-solve.sh || grep -q 'outdir' /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
