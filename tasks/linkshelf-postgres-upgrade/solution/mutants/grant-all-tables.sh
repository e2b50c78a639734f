#!/bin/bash
# Grants ALL on every table of schema public (links_backup_2019, TRUNCATE and TRIGGER included) and leaves CREATE on the schema to PUBLIC.
set -euo pipefail
sed -e 's/^GRANT SELECT, INSERT, UPDATE, DELETE ON links, tags, link_tags TO linkshelf_app;/GRANT ALL ON ALL TABLES IN SCHEMA public TO linkshelf_app;/' \
    -e '/^REVOKE CREATE ON SCHEMA public FROM PUBLIC;/d' /solution/solve.sh > /tmp/mutant-solve.sh
grep -q 'GRANT ALL ON ALL TABLES' /tmp/mutant-solve.sh && ! grep -q 'REVOKE CREATE' /tmp/mutant-solve.sh || { echo "patch did not apply" >&2; exit 3; }
bash /tmp/mutant-solve.sh
