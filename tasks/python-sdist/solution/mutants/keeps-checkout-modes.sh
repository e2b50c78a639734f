#!/bin/bash
# Packs files and folders with the permissions of the checkout (no --mode), so a private 0600 file or a umask-002 build puts other modes than 0644/0755 in the archive.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/build_sdist.sh").read()
s2 = s.replace(" --mode='u=rwX,go=rX'", "")
assert s2 != s, "patch did not apply"
open("/tmp/build_sdist.sh", "w").write(s2)
PY
install -m 0755 /tmp/build_sdist.sh /app/build_sdist.sh
grep -qx 'dist/' /app/.gitignore || printf 'dist/\n' >> /app/.gitignore
bash /app/build_sdist.sh
(cd /app/dist && sha256sum -c SHA256SUMS)
