#!/bin/bash
# Reference solution: a jq normaliser (one CSV row per feed line) and an SQLite merge, in one loader script.
set -euo pipefail
mkdir -p /app/lib

# 1. The normaliser: every non-blank line becomes a good record ("G") or a reject ("R"), as CSV.
cat > /app/lib/normalise.jq <<'JQ'
def trim: sub("^\\s+"; "") | sub("\\s+$"; "");
def cents:
  if type == "number" then (. * 100 | round)
  elif type == "string" then
    (gsub("€"; "") | gsub("EUR"; "") | trim) as $t
    | (if ($t | contains(",")) then ($t | gsub("\\."; "") | sub(","; ".")) else $t end) as $d
    | if ($d | test("^[0-9]+(\\.[0-9]+)?$")) then ($d | tonumber * 100 | round) else null end
  else null end;
def utc:
  if type == "number" then (floor | todate)
  else capture("^(?<t>[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2})(?<z>Z|(?<s>[+-])(?<h>[0-9]{2}):(?<m>[0-9]{2}))$") as $c
    | ($c.t + "Z" | fromdateiso8601)
      - (if $c.z == "Z" then 0 else (($c.h | tonumber) * 3600 + ($c.m | tonumber) * 60) * (if $c.s == "+" then 1 else -1 end) end)
    | todate
  end;
def instock:
  if . == true then 1
  elif type == "number" then (if . > 0 then 1 else 0 end)
  elif type == "string" then
    (ascii_downcase | trim) as $v
    | if $v == "yes" then 1 elif ($v | test("^[0-9]+$")) then (if ($v | tonumber) > 0 then 1 else 0 end) else 0 end
  else 0 end;
def reject($n; $why): ["R", $base + $n, "", "", "", "", "", "", $src, $n, $why];
foreach inputs as $l (0; . + 1; [., $l])
| .[0] as $n | .[1] as $line
| select($line | test("\\S"))
| ($line | try fromjson catch null) as $r
| if ($r | type) != "object" then reject($n; "bad-json")
  elif ($r.sku | type) != "string" or ($r.sku | test("^\\s*$")) then reject($n; "no-sku")
  elif ($r.price | cents) == null then reject($n; "no-price")
  else ["G", $base + $n, ($r.sku | trim | ascii_upcase), ($r.name // "" | tostring | gsub("\\s+"; " ") | trim),
        ($r.price | cents), ($r.stock | instock), ($r.updated_at | utc),
        (if ($r.status // "" | tostring | ascii_downcase | trim) == "discontinued" then "discontinued" else "active" end),
        $src, $n, ""]
  end
| @csv
JQ

# 2. The loader: normalise each feed in argument order, then merge in one transaction; rejects go to stdout.
cat > /app/load-feeds.sh <<'SCRIPT'
#!/bin/bash
# load-feeds.sh DB FEED...: load Hexwerk JSON Lines deltas into the catalog DB; prints the rejects (TSV).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: load-feeds.sh DB FEED..." >&2; exit 2; }
db=$1; shift
lib=$(dirname "$(readlink -f "$0")")/lib
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
: > "$tmp/rows.csv"
i=0
for feed in "$@"; do
    i=$((i + 1))
    jq -nrR --arg src "$(basename "$feed")" --argjson base $((i * 1000000)) -f "$lib/normalise.jq" < "$feed" >> "$tmp/rows.csv"
done
sqlite3 -bail "$db" <<SQL
CREATE TABLE IF NOT EXISTS products(sku TEXT PRIMARY KEY, name TEXT NOT NULL, price_cents INTEGER NOT NULL,
  in_stock INTEGER NOT NULL, updated_at TEXT NOT NULL, source TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS discontinued(sku TEXT PRIMARY KEY, updated_at TEXT NOT NULL, source TEXT NOT NULL);
CREATE TEMP TABLE s(kind TEXT, seq INTEGER, sku TEXT, name TEXT, price_cents INTEGER, in_stock INTEGER,
  updated_at TEXT, status TEXT, source TEXT, line INTEGER, reason TEXT);
.import --csv --schema temp $tmp/rows.csv s
SELECT source || char(9) || line || char(9) || reason FROM s WHERE kind = 'R' ORDER BY seq;
CREATE INDEX temp.s_sku ON s(sku, updated_at, seq);
CREATE TEMP TABLE w AS SELECT * FROM s AS a WHERE kind = 'G' AND NOT EXISTS (
  SELECT 1 FROM s AS b WHERE b.kind = 'G' AND b.sku = a.sku
  AND (b.updated_at > a.updated_at OR (b.updated_at = a.updated_at AND b.seq > a.seq)));
DELETE FROM w WHERE updated_at < COALESCE((SELECT updated_at FROM products p WHERE p.sku = w.sku),
  (SELECT updated_at FROM discontinued d WHERE d.sku = w.sku), '');
BEGIN;
DELETE FROM products WHERE sku IN (SELECT sku FROM w);
DELETE FROM discontinued WHERE sku IN (SELECT sku FROM w);
INSERT INTO products SELECT sku, name, price_cents, in_stock, updated_at, source FROM w WHERE status = 'active';
INSERT INTO discontinued SELECT sku, updated_at, source FROM w WHERE status = 'discontinued';
COMMIT;
SQL
SCRIPT
chmod 0755 /app/load-feeds.sh

# 3. The catalog from the three deltas, oldest first; the rejects report is the loader's output.
/app/load-feeds.sh /app/catalog.db /app/feeds/2026-12-01.jsonl /app/feeds/2026-12-02.jsonl /app/feeds/2026-12-03.jsonl > /app/rejects.tsv

# 4. Check: loading the same deltas again changes nothing, and the counts add up.
before=$(sqlite3 /app/catalog.db 'SELECT * FROM products; SELECT * FROM discontinued;' | sha256sum)
/app/load-feeds.sh /app/catalog.db /app/feeds/*.jsonl > /dev/null
test "$before" = "$(sqlite3 /app/catalog.db 'SELECT * FROM products; SELECT * FROM discontinued;' | sha256sum)"
sqlite3 /app/catalog.db 'SELECT count(*) FROM products; SELECT count(*) FROM discontinued;'
wc -l < /app/rejects.tsv
