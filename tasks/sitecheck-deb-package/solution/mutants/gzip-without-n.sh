#!/bin/bash
# Compresses the man page and the changelog with `gzip -9` but without -n, so the gzip headers carry the file name and its modification time and builds are not reproducible.
set -euo pipefail
install -m 0644 /solution/postinst /app/sitecheck/packaging/postinst
cp /solution/build-deb.sh /tmp/build-deb.sh
grep -q 'gzip -9n -c "$SRC/$src"' /tmp/build-deb.sh
sed -i 's|gzip -9n -c "$SRC/$src"|gzip -9 -c "$SRC/$src"|' /tmp/build-deb.sh
install -m 0755 /tmp/build-deb.sh /app/build-deb.sh
bash /app/build-deb.sh
dpkg-deb --contents /app/dist/sitecheck_1.3.0-1_all.deb > /tmp/contents.txt && tail -n 3 /tmp/contents.txt
