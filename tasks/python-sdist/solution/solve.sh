#!/bin/bash
# Reference solution: install the build script, build the archive, check it.
set -euo pipefail
install -m 0755 /solution/build_sdist.sh /app/build_sdist.sh
# Keep build output out of git.
grep -qx 'dist/' /app/.gitignore || printf 'dist/\n' >> /app/.gitignore
bash /app/build_sdist.sh
(cd /app/dist && sha256sum -c SHA256SUMS)
! tar -tzf /app/dist/greetlib-0.3.1.tar.gz | grep -q 'env'
