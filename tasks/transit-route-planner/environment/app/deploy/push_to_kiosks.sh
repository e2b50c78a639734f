#!/bin/bash
# Copy the journey planner to every station kiosk listed in kiosks.txt (live immediately).
set -euo pipefail
here=$(dirname "$0")
while read -r host; do
    [ -n "$host" ] || continue
    mkdir -p "/srv/kiosks/$host"
    cp /app/bin/route.py /app/bin/departure_board.py "/srv/kiosks/$host/"
    echo "pushed to $host"
done < "$here/kiosks.txt"
