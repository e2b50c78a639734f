#!/bin/bash
# Reference solution: a Makefile that builds libtally 2.1.0 as a versioned shared library (SONAME,
# exported API only, libm), tally.pc, install rules with PREFIX/DESTDIR; installed to /usr/local
# beside libtally 1, the cache refreshed, reportgen built and installed against it.
set -euo pipefail
cd /app/libtally
# The linker version script: only the API of tally.h is exported.
cat > libtally.map <<'MAP'
TALLY_2 {
  global: tally_*;
  local: *;
};
MAP
cat > tally.pc.in <<'PC'
prefix=@PREFIX@
exec_prefix=${prefix}
libdir=${exec_prefix}/lib
includedir=${prefix}/include

Name: tally
Description: Per-key counters with running mean and standard deviation
Version: @VERSION@
Cflags: -I${includedir}/tally
Libs: -L${libdir} -ltally
Libs.private: -lm
PC
sed 's/^    /\t/' > Makefile <<'MK'
# libtally: the shared library (real name, SONAME, development link), tally.pc and install rules.
VERSION := $(shell sed -n 's/.*TALLY_VERSION "\(.*\)"/\1/p' tally.h)
MAJOR := $(firstword $(subst ., ,$(VERSION)))
PREFIX ?= /usr/local
LIBDIR = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
CFLAGS ?= -Wall -O2
REAL = libtally.so.$(VERSION)
SONAME = libtally.so.$(MAJOR)

all: $(REAL) tally.pc

%.o: %.c tally.h internal.h
    $(CC) $(CFLAGS) -fPIC -c -o $@ $<

$(REAL): tally.o util.o libtally.map
    $(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=libtally.map -o $@ tally.o util.o -lm

tally.pc: tally.pc.in tally.h Makefile
    sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' tally.pc.in > $@

# tally.pc is written again at install time: a tree built for one PREFIX can be installed for another.
install: $(REAL)
    install -d $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)/tally
    install -m 0755 $(REAL) $(DESTDIR)$(LIBDIR)/$(REAL)
    ln -sfn $(REAL) $(DESTDIR)$(LIBDIR)/$(SONAME)
    ln -sfn $(SONAME) $(DESTDIR)$(LIBDIR)/libtally.so
    install -m 0644 tally.h $(DESTDIR)$(INCLUDEDIR)/tally/tally.h
    sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' tally.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/tally.pc
    chmod 0644 $(DESTDIR)$(LIBDIR)/pkgconfig/tally.pc

clean:
    rm -f *.o libtally.so* libtally.a tally.pc

.PHONY: all install clean
MK
make clean all
make install
ldconfig
make -C /app/reportgen clean reportgen
make -C /app/reportgen install
# Checks: the SONAME, only the API exported, the old major's binary, reportgen through the cache.
readelf -d /usr/local/lib/libtally.so.2.1.0 | grep -E 'SONAME|NEEDED'
readelf --dyn-syms -W /usr/local/lib/libtally.so.2.1.0 | awk '$7 != "UND" && $4 == "FUNC" {print $8}'
echo 'a 1 a 3 b 5' | tally-legacy
reportgen /app/reportgen/latency-2024-11.csv
