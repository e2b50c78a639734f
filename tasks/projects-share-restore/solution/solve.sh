#!/bin/bash
# Reference solution: the level-0 and Monday-Thursday incrementals applied in order with tar's
# incremental extraction (which replays deletions and renames), Friday's q3-final.pdf alone, a check
# against Thursday's manifest, the report.
set -euo pipefail
B=/backup/projects
# The chain must read end to end before anything lands on the share (the .partial does not).
for a in "$B"/projects-2024-11-0[3-7]-*.tar.gz; do gzip -t "$a"; done
tar --extract --gzip --listed-incremental=/dev/null --file="$B/projects-2024-11-03-full.tar.gz" -C /srv/projects
tar --extract --gzip --listed-incremental=/dev/null --file="$B/projects-2024-11-04-inc.tar.gz" -C /srv/projects
tar --extract --gzip --listed-incremental=/dev/null --file="$B/projects-2024-11-05-inc.tar.gz" -C /srv/projects
tar --extract --gzip --listed-incremental=/dev/null --file="$B/projects-2024-11-06-inc.tar.gz" -C /srv/projects
tar --extract --gzip --listed-incremental=/dev/null --file="$B/projects-2024-11-07-inc.tar.gz" -C /srv/projects
# Friday: only the one file written before the attack.
tar --extract --gzip --file="$B/projects-2024-11-08-inc.tar.gz" -C /srv/projects ./reports/q3-final.pdf
printf '%s\n' projects-2024-11-03-full.tar.gz projects-2024-11-04-inc.tar.gz projects-2024-11-05-inc.tar.gz \
    projects-2024-11-06-inc.tar.gz projects-2024-11-07-inc.tar.gz \
    'projects-2024-11-08-inc.tar.gz reports/q3-final.pdf' > /root/restore-report.txt
# Check: Thursday's manifest, and no file the manifest does not list apart from q3-final.pdf.
(cd /srv/projects && sha256sum -c --quiet "$B/projects-2024-11-07.sha256")
(cd /srv/projects && find . -type f | sort | comm -23 - <(cut -c67- "$B/projects-2024-11-07.sha256" | sort))
cat /root/restore-report.txt
