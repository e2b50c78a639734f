#!/bin/bash
# Counts the start pages from the first paper, forgetting the contents page, so every contents line and bookmark points one page early.
set -euo pipefail
cp /solution/build-pack.sh /tmp/build-pack.sh
sed -i "s/BEGIN { p = 2 }/BEGIN { p = 1 }/" /tmp/build-pack.sh
grep -q 'BEGIN { p = 1 }' /tmp/build-pack.sh
install -D -m 0755 /solution/pack_pages.py /app/bin/pack_pages.py
install -D -m 0755 /tmp/build-pack.sh /app/bin/build-pack.sh
/app/bin/build-pack.sh /app/board/2026-12 /app/out/board-pack-2026-12-10.pdf
