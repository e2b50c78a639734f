#!/bin/bash
# Turns the scans with /Rotate and fits the pages with Ghostscript without flattening the rotation, which leaves the scans upside down.
set -euo pipefail
cp /solution/build-pack.sh /tmp/build-pack.sh
sed -i 's/ --flatten-rotation "\$work\/rot-\$n.pdf"/ "$work\/rot-$n.pdf"/' /tmp/build-pack.sh
! grep -q 'flatten-rotation "' /tmp/build-pack.sh
install -D -m 0755 /solution/pack_pages.py /app/bin/pack_pages.py
install -D -m 0755 /tmp/build-pack.sh /app/bin/build-pack.sh
/app/bin/build-pack.sh /app/board/2026-12 /app/out/board-pack-2026-12-10.pdf
