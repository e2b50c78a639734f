#!/bin/bash
# Builds the library without the version script, so the internal _tly_* helpers are exported too.
set -euo pipefail
sed 's/ -Wl,--version-script=libtally.map//' /solution/solve.sh > /tmp/solve-mutant.sh
! grep -q -- '-Wl,--version-script' /tmp/solve-mutant.sh
bash /tmp/solve-mutant.sh
