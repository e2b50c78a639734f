#!/bin/bash
# Reference solution: a new build.py (pretty URLs, drafts, link rewriting, fingerprinted CSS,
# sitemap, clean rebuilds), a link checker and a Makefile with build/check/dist/clean, written
# target by target.
set -euo pipefail
cd /app/site
cp /solution/files/build.py .
# make / make build / make clean.
cp /solution/files/Makefile.build Makefile
# make check: the link checker and its target.
cp /solution/files/check_links.py . && cat /solution/files/Makefile.check >> Makefile
make check
# make dist: the reproducible release tarball.
cat /solution/files/Makefile.dist >> Makefile
make dist
tar -tzvf dist/acme-docs-2.3.0.tar.gz > /tmp/listing.txt && head -n 5 /tmp/listing.txt
ls public dist
