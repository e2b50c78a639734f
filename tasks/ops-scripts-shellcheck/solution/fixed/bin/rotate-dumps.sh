#!/bin/bash
# rotate-dumps.sh [DIR [KEEP]]: keep the KEEP newest database dumps (*.sql.gz) in DIR and move
# the older ones into DIR/archive/ (never delete them). DIR defaults to DUMP_DIR, KEEP to
# RETENTION_KEEP (lib/config.sh).
here=$(dirname "$0")
# shellcheck source=lib/common.sh
. "$here/../lib/common.sh"
# shellcheck source=lib/config.sh
. "$here/../lib/config.sh"

dir=${1:-$DUMP_DIR}
keep=${2:-$RETENTION_KEEP}

mkdir -p "$dir/archive"
n=0
# Newest first, by modification time; names may hold spaces (not newlines).
while IFS= read -r -d '' line; do
    f=${line#* }
    n=$((n + 1))
    if [ "$n" -gt "$keep" ]; then
        mv -- "$f" "$dir/archive/"
        log "moved $(basename "$f") to archive/"
    fi
done < <(find "$dir" -maxdepth 1 -type f -name '*.sql.gz' -printf '%T@ %p\0' | sort -z -rn)
