#!/bin/bash
# Reference solution: install the build script and build /app/dist, then fix packaging/postinst,
# rebuild with it and check the package.
set -euo pipefail
install -m 0755 /solution/build-deb.sh /app/build-deb.sh
bash /app/build-deb.sh
DEB=/app/dist/sitecheck_1.3.0-1_all.deb
dpkg-deb --contents "$DEB"
# postinst: systemctl only where systemd runs; the package carries the fixed script.
install -m 0644 /solution/postinst /app/sitecheck/packaging/postinst
bash /app/build-deb.sh
dpkg-deb --info "$DEB" | sed -n '/Package:/,$p'
# Reproducible: a second build into a scratch folder is byte-identical.
rm -rf /tmp/deb-check && bash /app/build-deb.sh /app/sitecheck /tmp/deb-check >/dev/null
cmp "$DEB" /tmp/deb-check/sitecheck_1.3.0-1_all.deb
