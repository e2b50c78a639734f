#!/bin/bash
# Writes DEBIAN/md5sums for every file in the package (find . -type f), the conffile /etc/sitecheck/sites.conf included, where dh_md5sums leaves the conffile out.
set -euo pipefail
install -m 0644 /solution/postinst /app/sitecheck/packaging/postinst
cp /solution/build-deb.sh /tmp/build-deb.sh
grep -q 'find usr lib -type f -print0' /tmp/build-deb.sh
sed -i 's|find usr lib -type f -print0|find usr lib etc -type f -print0|' /tmp/build-deb.sh
grep -q 'find usr lib etc -type f -print0' /tmp/build-deb.sh
install -m 0755 /tmp/build-deb.sh /app/build-deb.sh
bash /app/build-deb.sh
dpkg-deb --info /app/dist/sitecheck_1.3.0-1_all.deb md5sums
