#!/bin/bash
# Reference solution: a new Makefile (build/ tree, generated version.h, -MMD deps, PIC shared
# library with SONAME and links), built and tested, then its DESTDIR/PREFIX install rules and a staged install.
set -euo pipefail
cd /app/statcalc
cp /solution/Makefile Makefile
make clean
make -j4
make test
make   # nothing left to do
# make install with PREFIX and DESTDIR.
cat /solution/install.mk >> Makefile
rm -rf /tmp/statcalc-stage
make install DESTDIR=/tmp/statcalc-stage PREFIX=/usr
ls -l /tmp/statcalc-stage/usr/lib
build/statcalc --version
