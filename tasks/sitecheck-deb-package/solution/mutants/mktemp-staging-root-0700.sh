#!/bin/bash
# Stages the package directly in the `mktemp -d` directory, whose mode 0700 becomes the mode of the package's top-level ./ directory.
set -euo pipefail
install -m 0644 /solution/postinst /app/sitecheck/packaging/postinst
cp /solution/build-deb.sh /tmp/build-deb.sh
grep -q '^ROOT="$STAGE/root"$' /tmp/build-deb.sh
grep -q '^find "$ROOT" -type d -exec chmod 0755 {} +$' /tmp/build-deb.sh
sed -i 's|^ROOT="$STAGE/root"$|ROOT="$STAGE/pkg"; mkdir -m 0700 "$ROOT"|' /tmp/build-deb.sh
sed -i 's|^find "$ROOT" -type d -exec chmod 0755 {} +$|find "$ROOT" -mindepth 1 -type d -exec chmod 0755 {} +|' /tmp/build-deb.sh
install -m 0755 /tmp/build-deb.sh /app/build-deb.sh
bash /app/build-deb.sh
dpkg-deb --contents /app/dist/sitecheck_1.3.0-1_all.deb > /tmp/contents.txt && head -n 3 /tmp/contents.txt
