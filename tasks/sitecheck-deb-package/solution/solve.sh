#!/bin/bash
# Reference solution: fix packaging/postinst, install the build script, build /app/dist and check it.
set -euo pipefail
install -m 0644 /solution/postinst /app/sitecheck/packaging/postinst
install -m 0755 /solution/build-deb.sh /app/build-deb.sh
bash /app/build-deb.sh
DEB=/app/dist/sitecheck_1.3.0-1_all.deb
dpkg-deb --info "$DEB" | sed -n '/Package:/,$p'
dpkg-deb --contents "$DEB"
# Reproducible: a second build into a scratch folder is byte-identical.
rm -rf /tmp/deb-check && bash /app/build-deb.sh /app/sitecheck /tmp/deb-check >/dev/null
cmp "$DEB" /tmp/deb-check/sitecheck_1.3.0-1_all.deb
