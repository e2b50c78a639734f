#!/bin/bash
# Build sitecheck_<version>_all.deb from a sitecheck source tree, reproducibly.
# usage: build-deb.sh [SRC_DIR [OUT_DIR]]   (defaults: /app/sitecheck /app/dist)
set -euo pipefail

SRC=${1:-/app/sitecheck}
OUT=${2:-/app/dist}
SRC=$(cd "$SRC" && pwd)

# Source file -> path in the package, mode. Everything is installed explicitly, so
# nothing else (README, tests, backups, dotfiles, caches) can slip in.
FILES=(
    "bin/sitecheck|usr/bin/sitecheck|0755"
    "etc/sites.conf|etc/sitecheck/sites.conf|0644"
    "systemd/sitecheck.service|lib/systemd/system/sitecheck.service|0644"
    "systemd/sitecheck.timer|lib/systemd/system/sitecheck.timer|0644"
    "packaging/copyright|usr/share/doc/sitecheck/copyright|0644"
)
GZIPPED=(
    "man/sitecheck.1|usr/share/man/man1/sitecheck.1.gz"
    "packaging/changelog|usr/share/doc/sitecheck/changelog.Debian.gz"
)

for f in bin/sitecheck etc/sites.conf systemd/sitecheck.service systemd/sitecheck.timer \
         man/sitecheck.1 packaging/copyright packaging/changelog packaging/control packaging/postinst; do
    [ -f "$SRC/$f" ] || { echo "build-deb: missing $SRC/$f" >&2; exit 1; }
done

# Version and date of the newest changelog entry.
CHANGELOG="$SRC/packaging/changelog"
VERSION=$(sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p' "$CHANGELOG")
DATE=$(sed -n 's/^ -- .*>  \(.*\)$/\1/p' "$CHANGELOG" | head -n 1)
[ -n "$VERSION" ] && [ -n "$DATE" ] || { echo "build-deb: cannot parse $CHANGELOG" >&2; exit 1; }
SOURCE_DATE_EPOCH=$(date -d "$DATE" +%s)
export SOURCE_DATE_EPOCH

STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
ROOT="$STAGE/root"
umask 022
mkdir -p "$ROOT/DEBIAN"

for entry in "${FILES[@]}"; do
    IFS='|' read -r src dest mode <<<"$entry"
    install -D -m "$mode" "$SRC/$src" "$ROOT/$dest"
done
for entry in "${GZIPPED[@]}"; do
    IFS='|' read -r src dest <<<"$entry"
    mkdir -p "$(dirname "$ROOT/$dest")"
    gzip -9n -c "$SRC/$src" > "$ROOT/$dest"
    chmod 0644 "$ROOT/$dest"
done

sed "s/@VERSION@/$VERSION/" "$SRC/packaging/control" > "$ROOT/DEBIAN/control"
printf '/etc/sitecheck/sites.conf\n' > "$ROOT/DEBIAN/conffiles"
install -m 0755 "$SRC/packaging/postinst" "$ROOT/DEBIAN/postinst"
# md5sums for dpkg --verify: every file but the conffile (dpkg tracks that one itself).
(cd "$ROOT" && find usr lib -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$ROOT/DEBIAN/md5sums"
chmod 0644 "$ROOT/DEBIAN/control" "$ROOT/DEBIAN/conffiles" "$ROOT/DEBIAN/md5sums"
find "$ROOT" -type d -exec chmod 0755 {} +

mkdir -p "$OUT"
DEB="$OUT/sitecheck_${VERSION}_all.deb"
dpkg-deb --root-owner-group --build "$ROOT" "$STAGE/package.deb" >/dev/null
mv "$STAGE/package.deb" "$DEB"
echo "$DEB"
