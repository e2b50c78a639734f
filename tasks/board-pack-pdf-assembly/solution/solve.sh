#!/bin/bash
# Reference solution: the pack builder (bash around qpdf, Ghostscript and a small page writer), then the December pack.
set -euo pipefail
# The page writer: contents page, "Paper to follow" pages, the page-number overlay, bookmarks and properties.
install -D -m 0755 /solution/pack_pages.py /app/bin/pack_pages.py
# The builder: agenda order, passwords, repair, sideways scans, A4, then contents, numbers, bookmarks.
install -D -m 0755 /solution/build-pack.sh /app/bin/build-pack.sh
# The December pack.
/app/bin/build-pack.sh /app/board/2026-12 /app/out/board-pack-2026-12-10.pdf
# Check: pages, properties and bookmarks as a reader sees them.
pdfinfo /app/out/board-pack-2026-12-10.pdf | grep -E '^(Title|Author|Subject|Pages|Page size):'
qpdf --json --json-key=outlines /app/out/board-pack-2026-12-10.pdf | grep -c '"title"'
