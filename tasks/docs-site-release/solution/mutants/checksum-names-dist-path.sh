#!/bin/bash
# Writes the .sha256 file from /app/site as `sha256sum dist/acme-docs-<version>.tar.gz`, so it names dist/acme-docs-2.3.0.tar.gz and `sha256sum -c` run in dist/ cannot find the tarball.
set -euo pipefail
cd /app/site
cp /solution/files/build.py /solution/files/check_links.py .
cat /solution/files/Makefile.build /solution/files/Makefile.check /solution/files/Makefile.dist > Makefile
old=$'\tcd dist && sha256sum $(NAME).tar.gz > $(NAME).tar.gz.sha256'
grep -qxF "$old" Makefile || { echo "reference changed: patch does not apply" >&2; exit 1; }
sed -i 's|^\tcd dist && sha256sum $(NAME).tar.gz > $(NAME).tar.gz.sha256$|\tsha256sum dist/$(NAME).tar.gz > dist/$(NAME).tar.gz.sha256|' Makefile
grep -qF 'sha256sum dist/$(NAME).tar.gz' Makefile || { echo "patch did not apply" >&2; exit 1; }
make check
make dist
cat dist/acme-docs-2.3.0.tar.gz.sha256
