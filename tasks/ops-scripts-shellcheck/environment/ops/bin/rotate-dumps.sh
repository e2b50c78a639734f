#!/bin/bash
# rotate-dumps.sh [DIR [KEEP]]: keep the KEEP newest database dumps (*.sql.gz) in DIR and move
# the older ones into DIR/old/ (never delete them). DIR defaults to DUMP_DIR, KEEP to
# RETENTION_KEEP (lib/config.sh).
here=$(dirname "$0")
. "$here/../lib/common.sh"
. "$here/../lib/config.sh"

dir=${1:-$DUMP_DIR}
keep=${2:-$RETENTION_KEEP}

mkdir -p $dir/old
n=0
for f in $(ls -t $dir/*.sql.gz); do
    n=$((n + 1))
    if [ $n -gt $keep ]; then
        mv -- $f $dir/old/
        log "moved $(basename $f) to old/"
    fi
done
