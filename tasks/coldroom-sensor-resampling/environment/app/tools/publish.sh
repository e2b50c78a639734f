#!/bin/bash
# Publish the resampled readings to the cold-chain dashboard (it picks up /srv/dashboard/incoming/).
#   publish.sh [--file CSV]     default: $PUBLISH_FILE or the path in /etc/coldchain/publish.conf
set -u
file=${PUBLISH_FILE:-}
if [ -z "$file" ] && [ -f /etc/coldchain/publish.conf ]; then
    file=$(sed -n 's/^source *= *//p' /etc/coldchain/publish.conf | head -n 1)
fi
case "${1:-}" in
    --file) file=${2:?--file needs a path} ;;
    -h|--help) sed -n '2,3p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    "") ;;
    *) echo "publish.sh: unknown option $1" >&2; exit 2 ;;
esac
mkdir -p /srv/dashboard/incoming
if [ ! -f "$file" ]; then
    echo "publish: $file not found, published 0 rows"
    exit 0
fi
rows=$(($(wc -l < "$file") - 1))
cp "$file" "/srv/dashboard/incoming/$(basename "$file")"
echo "$(date -u +%Y-%m-%dT%H:%M:%SZ) $(basename "$file") $rows" >> /srv/dashboard/incoming/REGISTRY
echo "publish: published $rows rows from $file"
