#!/bin/bash
# Reference solution: dfwarn's Debian patch series carried from 1.9 to upstream 2.0 with quilt,
# one requirement per step.
set -euo pipefail
NEW=/app/dfwarn-2.0
TODAY=$(date -u +%F)

# The 2.0 tree from upstream's tarball, with the 1.9 packaging (debian/) copied over.
tar -xzf /app/upstream/dfwarn_2.0.orig.tar.gz -C /app
cp -a /app/dfwarn-1.9/debian "$NEW/"
cd "$NEW"

# Debian's quilt settings: patches in debian/patches, a/ b/ names, no timestamps, no Index: lines.
cat > /root/.quiltrc <<'RC'
QUILT_PATCHES=debian/patches
QUILT_NO_DIFF_INDEX=1
QUILT_NO_DIFF_TIMESTAMPS=1
QUILT_REFRESH_ARGS="-p ab --no-timestamps --no-index"
QUILT_DIFF_ARGS="-p ab --no-timestamps --no-index"
RC

# 02 was taken upstream (2.0 rounds): out of the series, file deleted.
quilt delete -r 02-round-percent.patch

# 01 applies only with fuzz and offsets on 2.0: push it, refresh it, date it.
quilt push --fuzz=1 01-etc-config-path.patch
quilt refresh
sed -i "s/^Last-Update: .*/Last-Update: $TODAY/" debian/patches/01-etc-config-path.patch

# 03 no longer applies (format_line became render_warning): redo the same change by hand.
quilt push -f 03-syslog-tag-pid.patch || true
rm -f ./*.rej
python3 - <<'PY'
from pathlib import Path
p = Path("dfwarn.py")
s = p.read_text()
if "import os\n" not in s:
    s = s.replace("import json\n", "import json\nimport os\n", 1)
old = 'return f"{tag}: {path} at {pct}% (threshold {threshold}%)"'
assert old in s
s = s.replace(old, 'return f"{tag}[{os.getpid()}]: {path} at {pct}% (threshold {threshold}%)"')
p.write_text(s)
PY
quilt refresh
sed -i "s/^Last-Update: .*/Last-Update: $TODAY/" debian/patches/03-syslog-tag-pid.patch

# 04 applies exactly: pushed, left as it is.
quilt push 04-manpage-typo.patch

# 05, new: the Makefile installs under /usr, with a DEP-3 header (forwarded as PR 41).
quilt new 05-makefile-prefix.patch
quilt add Makefile
sed -i 's#^PREFIX = /usr/local$#PREFIX ?= /usr#' Makefile
quilt refresh
quilt header -r 05-makefile-prefix.patch <<HDR
Description: Install under /usr instead of /usr/local
 A packaged dfwarn belongs in /usr/bin and /usr/share/man; PREFIX can
 still be set on the make command line.
Author: Dana Whitfield <dana@example.org>
Forwarded: https://github.com/dfwarn/dfwarn/pull/41
Last-Update: $TODAY
HDR

# The source tree as dpkg-source wants it: no patch applied, no .pc.
quilt pop -a
rm -rf .pc

# debian/changelog: the 2.0-1 entry for experimental.
{
  printf 'dfwarn (2.0-1) experimental; urgency=medium\n\n'
  printf '  * New upstream release.\n'
  printf '  * Drop 02-round-percent.patch, applied upstream.\n'
  printf '  * Refresh 01-etc-config-path.patch.\n'
  printf '  * Rebase 03-syslog-tag-pid.patch on render_warning.\n'
  printf '  * Add 05-makefile-prefix.patch: install under /usr.\n'
  printf '\n -- Dana Whitfield <dana@example.org>  %s\n\n' "$(date -u -R)"
  cat debian/changelog
} > debian/changelog.new
mv debian/changelog.new debian/changelog

# Check: the series applies to a fresh copy of the tarball with fuzz 0 and no offsets.
t=$(mktemp -d)
tar -xzf /app/upstream/dfwarn_2.0.orig.tar.gz -C "$t"
cp -a debian "$t/dfwarn-2.0/"
out=$(cd "$t/dfwarn-2.0" && quilt push -a --fuzz=0)
! grep -Eq 'offset|fuzz' <<<"$out"
rm -rf "$t"
