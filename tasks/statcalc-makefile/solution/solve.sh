#!/bin/bash
# Reference solution: a new Makefile (build/ tree, generated version.h, -MMD deps, PIC shared
# library with SONAME and links, DESTDIR/PREFIX install), then build, test and a staged install.
set -euo pipefail
cd /app/statcalc
cp /solution/Makefile Makefile
make clean
make -j4
make test
make   # nothing left to do
rm -rf /tmp/statcalc-stage
make install DESTDIR=/tmp/statcalc-stage PREFIX=/usr
ls -l /tmp/statcalc-stage/usr/lib
build/statcalc --version
