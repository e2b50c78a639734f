#!/bin/bash
# Generates build/version.h with only build/ as an (order-only) prerequisite, not VERSION, so after a VERSION bump a plain make keeps the old version string.
set -euo pipefail
cd /app/statcalc
cat /solution/Makefile /solution/install.mk > Makefile
grep -q '^$(B)/version.h: VERSION | $(B)$' Makefile
sed -i 's/^$(B)\/version.h: VERSION | $(B)$/$(B)\/version.h: | $(B)/' Makefile
grep -q '^$(B)/version.h: | $(B)$' Makefile
make clean
make -j4
make test
