#!/bin/bash
# Reference solution: dump, migrate (003 outside a transaction), a least-privilege role, the app on it.
set -euo pipefail
export PGHOST=localhost PGUSER=postgres PGDATABASE=links
cd /app/linkshelf
mkdir -p /app/backups
pg_dump -Fc -f /app/backups/links-pre-2.0.dump links
pg_restore -l /app/backups/links-pre-2.0.dump | grep -q 'TABLE DATA public links '
psql -v ON_ERROR_STOP=1 -f migrations/002_tags.sql
# 003 builds its indexes CONCURRENTLY: no -1, no surrounding transaction.
psql -v ON_ERROR_STOP=1 -f migrations/003_tag_indexes.sql
cat > /tmp/app-role.sql <<'SQL'
\set pw `cat /app/linkshelf/secrets/db-password`
CREATE ROLE linkshelf_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD :'pw';
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT CONNECT ON DATABASE links TO linkshelf_app;
GRANT USAGE ON SCHEMA public TO linkshelf_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON links, tags, link_tags TO linkshelf_app;
GRANT SELECT ON schema_migrations TO linkshelf_app;
GRANT USAGE, SELECT ON SEQUENCE links_id_seq, tags_id_seq TO linkshelf_app;
SQL
psql -v ON_ERROR_STOP=1 -f /tmp/app-role.sql
rm /tmp/app-role.sql
sed -i -e 's/^host = 0.0.0.0/host = 127.0.0.1/' -e 's/^port = 8000/port = 8088/' \
    -e 's/^user = postgres/user = linkshelf_app/' \
    -e 's#^password = .*#password_file = /app/linkshelf/secrets/db-password#' linkshelf.ini
chmod 0600 secrets/db-password
./linkshelfctl restart
# Check: the schema, the indexes, the app as its own role.
psql -Atc "SELECT string_agg(version, ',' ORDER BY version) FROM schema_migrations" | grep -qx '001,002,003'
psql -Atc "SELECT bool_and(indisvalid) FROM pg_index WHERE indexrelid::regclass::text IN ('link_tags_tag_id_idx', 'tags_lower_name_idx')" | grep -qx t
curl -fsS http://127.0.0.1:8088/healthz | grep -qx 'ok schema=003 user=linkshelf_app'
curl -fsS -o /tmp/links-postgres.json 'http://127.0.0.1:8088/links?tag=postgres' && head -c 200 /tmp/links-postgres.json; echo
