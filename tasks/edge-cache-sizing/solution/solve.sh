#!/bin/bash
# Reference solution: the cacheable requests extracted with awk (GET 200, query strings stripped),
# a byte-capacity LRU simulated per capacity, the table and the recommendation.
set -euo pipefail
mkdir -p /app/out /tmp/edge
# Cacheable requests: GET with status 200 (not HEAD, 206 ranges, 304, errors, garbage); key = path without the query.
zcat /app/logs/edge-access.log.gz | awk '$6 == "\"GET" && $9 == 200 && $10 ~ /^[0-9]+$/ { k = $7; sub(/\?.*/, "", k); print k "\t" $10 }' > /tmp/edge/requests.tsv
cat > /tmp/edge/lru.py <<'PY'
"""LRU by bytes: a hit needs the same key at the same size; a miss inserts, evicting least recently used entries."""
import sys
from collections import OrderedDict

mib = int(sys.argv[1])
cap = mib * 1048576
cache: OrderedDict[str, int] = OrderedDict()
used = hits = hit_bytes = total = total_bytes = 0
for line in open(sys.argv[2]):
    key, size_s = line.rstrip("\n").split("\t")
    size = int(size_s)
    total += 1
    total_bytes += size
    if cache.get(key) == size:
        hits += 1
        hit_bytes += size
        cache.move_to_end(key)
        continue
    if key in cache:  # a new version of the object: the old one goes
        used -= cache.pop(key)
    if size > cap:
        continue
    while used + size > cap:
        used -= cache.popitem(last=False)[1]
    cache[key] = size
    used += size
print(f"{mib},{total},{hits},{hits / total:.4f},{hit_bytes / total_bytes:.4f}")
PY
echo 'capacity_mib,requests,hits,hit_ratio,byte_hit_ratio' > /app/out/lru.csv
for mib in 64 128 256 512 1024 2048; do python3 /tmp/edge/lru.py "$mib" /tmp/edge/requests.tsv >> /app/out/lru.csv; done
awk -F, 'NR > 1 && $4 >= 0.5 { print $1; found = 1; exit } END { if (!found) print "none" }' /app/out/lru.csv > /app/out/recommendation.txt
cat /app/out/lru.csv /app/out/recommendation.txt
