#!/bin/bash
# Nightly export of the bookmarks for the BI team: /app/exports/links-YYYY-MM-DD.csv
set -euo pipefail
mkdir -p /app/exports
out=/app/exports/links-$(date +%F).csv
psql -h localhost -U postgres -d links -v ON_ERROR_STOP=1 -Atq \
    -c "\\copy (SELECT id, url, title, coalesce(tags_csv, '') AS tags, created_at FROM links WHERE NOT archived ORDER BY id) TO '$out' WITH CSV HEADER"
echo "exported $(($(wc -l < "$out") - 1)) links to $out"
