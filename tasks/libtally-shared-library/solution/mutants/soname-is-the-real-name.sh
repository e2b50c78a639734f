#!/bin/bash
# Links with the real name as SONAME (libtally.so.2.1.0), so programs depend on the exact release instead of the 2 series.
set -euo pipefail
sed 's/-Wl,-soname,\$(SONAME)/-Wl,-soname,$(REAL)/' /solution/solve.sh > /tmp/solve-mutant.sh
grep -q -- '-Wl,-soname,$(REAL)' /tmp/solve-mutant.sh
bash /tmp/solve-mutant.sh
