#!/bin/bash
# Reference solution: tidemark's release made reproducible. The version line stops showing the build
# host, tools/release.sh builds from HEAD with SOURCE_DATE_EPOCH, sorted tar with fixed owners, modes
# and mtimes, gzip -n and a umask-proof wheel; it is rehearsed on two scratch clones (another user,
# umask 077, another time zone and clock) before only the tooling is committed and the release built.
set -euo pipefail
cd /app

# 1. tidemark --version: full commit in the build info, its first 12 characters shown, no host.
python3 - <<'PY'
from pathlib import Path
p = Path("src/tidemark/cli.py")
s = p.read_text()
old = 'return f"tidemark {info.VERSION} ({info.COMMIT}, built {info.BUILD_DATE} on {info.BUILD_HOST})"'
new = 'return f"tidemark {info.VERSION} (commit {info.COMMIT[:12]}, built {info.BUILD_DATE})"'
assert old in s, "cli.py: version line not found"
p.write_text(s.replace(old, new))
PY

# 2. The reproducible release script.
install -m 0755 /solution/release.sh tools/release.sh

# 3. Rehearsal before committing: two scratch clones carrying the change in a scratch commit, one built
#    as root (umask 022, UTC), the other as another user at a longer path with umask 077, another time
#    zone and a clock three years on; the files must be identical.
id relcheck >/dev/null 2>&1 || useradd -M -d /nonexistent relcheck
rm -rf /tmp/relcheck
git clone -q /app /tmp/relcheck/src
cp tools/release.sh /tmp/relcheck/src/tools/release.sh
cp src/tidemark/cli.py /tmp/relcheck/src/src/tidemark/cli.py
git -C /tmp/relcheck/src -c user.name=scratch -c user.email=scratch@localhost commit -q -am "scratch: release tooling under test"
for d in /tmp/relcheck/one/tidemark /tmp/relcheck/second-build-at-a-longer-path/tidemark; do git clone -q /tmp/relcheck/src "$d"; done
chown -R relcheck /tmp/relcheck/second-build-at-a-longer-path
bash /tmp/relcheck/one/tidemark/tools/release.sh >/dev/null
(cd / && runuser -u relcheck -- bash -c 'umask 077; TZ=Pacific/Kiritimati faketime -f +1100d bash /tmp/relcheck/second-build-at-a-longer-path/tidemark/tools/release.sh >/dev/null')
cmp /tmp/relcheck/one/tidemark/dist/SHA256SUMS /tmp/relcheck/second-build-at-a-longer-path/tidemark/dist/SHA256SUMS
rm -rf /tmp/relcheck
userdel relcheck

# 4. Commit only the release tooling (Dana's tables.py edit and .env.release stay out).
git add tools/release.sh src/tidemark/cli.py
git commit -q -m "Make the release reproducible: build from HEAD with SOURCE_DATE_EPOCH, normalised tar/gzip/wheel, no build host or path in the build info"

# 5. Build the release from the commit, and check it.
make release
git status --short
