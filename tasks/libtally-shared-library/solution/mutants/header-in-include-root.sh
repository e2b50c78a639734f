#!/bin/bash
# Installs the header as $(PREFIX)/include/tally.h with Cflags -I${includedir}, over libtally 1's header that the billing job's sources still need.
set -euo pipefail
sed -e 's|\$(DESTDIR)\$(INCLUDEDIR)/tally/tally.h|$(DESTDIR)$(INCLUDEDIR)/tally.h|' \
    -e 's|install -d \$(DESTDIR)\$(LIBDIR)/pkgconfig \$(DESTDIR)\$(INCLUDEDIR)/tally|install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)|' \
    -e 's|^Cflags: -I\${includedir}/tally$|Cflags: -I${includedir}|' /solution/solve.sh > /tmp/solve-mutant.sh
! grep -q -e 'INCLUDEDIR)/tally/' -e 'INCLUDEDIR)/tally$' /tmp/solve-mutant.sh
grep -qx 'Cflags: -I${includedir}' /tmp/solve-mutant.sh
bash /tmp/solve-mutant.sh
