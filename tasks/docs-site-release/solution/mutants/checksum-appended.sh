#!/bin/bash
# Appends the checksum line with >> instead of writing the file, so after a second make dist the .sha256 file also holds the old tarball's line and sha256sum -c fails.
set -euo pipefail
cd /app/site
cp /solution/files/build.py /solution/files/check_links.py .
cat /solution/files/Makefile.build /solution/files/Makefile.check /solution/files/Makefile.dist > Makefile
grep -qF '$(NAME).tar.gz > $(NAME).tar.gz.sha256' Makefile || { echo "reference changed: patch does not apply" >&2; exit 1; }
sed -i 's|\$(NAME)\.tar\.gz > \$(NAME)\.tar\.gz\.sha256|$(NAME).tar.gz >> $(NAME).tar.gz.sha256|' Makefile
grep -qF '$(NAME).tar.gz >> $(NAME).tar.gz.sha256' Makefile || { echo "patch did not apply" >&2; exit 1; }
make check
make dist
cat dist/acme-docs-2.3.0.tar.gz.sha256
