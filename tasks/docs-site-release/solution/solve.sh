#!/bin/bash
# Reference solution: a new build.py (pretty URLs, drafts, link rewriting, fingerprinted CSS,
# sitemap, clean rebuilds), a link checker and a Makefile with build/check/dist/clean.
set -euo pipefail
cd /app/site
cp /solution/files/build.py /solution/files/check_links.py /solution/files/Makefile .
make check
make dist
tar -tzvf dist/acme-docs-2.3.0.tar.gz > /tmp/listing.txt && head -n 5 /tmp/listing.txt
ls public dist
