#!/bin/bash
# dump-report.sh [DIR]: one line about the dumps in DIR (default DUMP_DIR): how many, their total
# size in bytes, and the newest one. Reads the settings file /etc/backup/report.conf if present.
here=$(dirname "$0")
. "$here/../lib/common.sh"
. "$here/../lib/config.sh"

dir=${1:-$DUMP_DIR}
if [ -f /etc/backup/report.conf ]; then
    load_conf /etc/backup/report.conf >/dev/null
fi

count=0
total=0
newest=none
for f in "$dir"/*.sql.gz; do
    [ -e "$f" ] || continue
    size=$(stat -c %s "$f")
    count=$(( $count + 1 ))
    total=$(( $total + $size ))
    if [ "$newest" = none ] || [ "$f" -nt "$dir/$newest" ]; then
        newest=$(basename "$f")
    fi
done
echo "$REPORT_TITLE: $count dumps, $total bytes, newest: $newest"
