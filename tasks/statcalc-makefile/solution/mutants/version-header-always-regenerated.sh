#!/bin/bash
# Regenerates build/version.h on every run (a FORCE prerequisite "to be safe"), so a second `make` recompiles main.o and relinks statcalc instead of doing nothing.
set -euo pipefail
cd /app/statcalc
cat /solution/Makefile /solution/install.mk > Makefile
grep -q '^$(B)/version.h: VERSION | $(B)$' Makefile
sed -i 's/^$(B)\/version.h: VERSION | $(B)$/$(B)\/version.h: VERSION FORCE | $(B)/' Makefile
printf '\n.PHONY: FORCE\nFORCE:\n' >> Makefile
grep -q 'VERSION FORCE' Makefile
make clean
make -j4
make test
