#!/bin/bash
# Reference solution: triage the shellcheck findings one script at a time (fix the real defects, silence the three false positives with a reasoned directive), then run the CI gate.
set -euo pipefail
cd /app/ops
shellcheck -x bin/*.sh lib/*.sh | grep -o 'SC[0-9]*' | sort | uniq -c || true
# lib/common.sh: SC2155, a failing cat was masked by local, so load_conf never stopped.
install -m 0644 /solution/fixed/lib/common.sh lib/common.sh
# lib/config.sh: SC2034 is a false positive (the settings are read by the scripts that source it).
install -m 0644 /solution/fixed/lib/config.sh lib/config.sh
# rotate-dumps.sh: ls parsing and unquoted names broke on spaces; older dumps go to archive/.
install -m 0755 /solution/fixed/bin/rotate-dumps.sh bin/rotate-dumps.sh
# sync-assets.sh: cd without a check (SC2164); RSYNC_OPTS must split (SC2086 silenced there).
install -m 0755 /solution/fixed/bin/sync-assets.sh bin/sync-assets.sh
# offsite-prune.sh: the stage path expands on this host (SC2029 silenced); SC2181 fixed.
install -m 0755 /solution/fixed/bin/offsite-prune.sh bin/offsite-prune.sh
# dump-report.sh: SC2004 fixed; the source directives for all scripts (SC1091).
install -m 0755 /solution/fixed/bin/dump-report.sh bin/dump-report.sh
# The gate, and the scripts run on a scratch copy of the dumps.
bash ci/lint.sh
t=$(mktemp -d) && cp -a /srv/backup/dumps "$t/dumps copy" && bin/rotate-dumps.sh "$t/dumps copy" 3 && ls "$t/dumps copy" "$t/dumps copy/archive" && bin/dump-report.sh "$t/dumps copy"
