#!/bin/bash
# Adds an Installed-Size field to DEBIAN/control (as dpkg-gencontrol would), but the control file must be packaging/control with only @VERSION@ replaced.
set -euo pipefail
install -m 0644 /solution/postinst /app/sitecheck/packaging/postinst
cp /solution/build-deb.sh /tmp/build-deb.sh
grep -q '^chmod 0644 "$ROOT/DEBIAN/control" ' /tmp/build-deb.sh
sed -i 's|^chmod 0644 "$ROOT/DEBIAN/control" |echo "Installed-Size: $(du -sk --exclude=DEBIAN "$ROOT" \| cut -f1)" >> "$ROOT/DEBIAN/control"\nchmod 0644 "$ROOT/DEBIAN/control" |' /tmp/build-deb.sh
grep -q '^echo "Installed-Size: ' /tmp/build-deb.sh
install -m 0755 /tmp/build-deb.sh /app/build-deb.sh
bash /app/build-deb.sh
dpkg-deb --info /app/dist/sitecheck_1.3.0-1_all.deb control
