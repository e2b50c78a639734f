#!/bin/bash
# Passes LDFLAGS to the CLI's link but not to the shared library's, so the packaging job's linker flags (e.g. -Wl,-z,now) never reach libstatcalc.
set -euo pipefail
cd /app/statcalc
cat /solution/Makefile /solution/install.mk > Makefile
grep -q '^	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared ' Makefile
sed -i 's/^	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared /	$(CC) $(ALL_CFLAGS) -shared /' Makefile
grep -q '^	$(CC) $(ALL_CFLAGS) -shared ' Makefile
make clean
make -j4
make test
