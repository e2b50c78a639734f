#!/bin/bash
# Migrates first and dumps afterwards, so the "pre-2.0" backup already holds schema 003 and no tags_csv.
set -euo pipefail
awk '/^pg_dump -Fc/ {dump=$0; next} /^pg_restore -l/ {chk=$0; next} {print} /003_tag_indexes.sql$/ {print dump; print chk}' /solution/solve.sh > /tmp/mutant-solve.sh
if [ "$(grep -n 'pg_dump -Fc' /tmp/mutant-solve.sh | cut -d: -f1)" -lt "$(grep -n '003_tag_indexes' /tmp/mutant-solve.sh | cut -d: -f1)" ]; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
