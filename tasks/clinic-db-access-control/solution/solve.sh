#!/bin/bash
# Reference solution: /app/db/roles.sql built one policy section at a time, each applied as it is
# written (re-runnable: roles created only when missing, intern_2023 handled only while it exists),
# passwords passed as psql variables from roles.env, then the whole file applied once more.
set -euo pipefail
. /app/db/roles.env
SQL=/app/db/roles.sql
: > "$SQL"
section() {
    local part
    part=$(mktemp)
    cat > "$part"
    cat "$part" >> "$SQL"
    psql -X -q -v ON_ERROR_STOP=1 -v app_pw="$CLINIC_APP_PASSWORD" -v rep_pw="$CLINIC_REPORTING_PASSWORD" -d clinic -f "$part"
    rm -f "$part"
}
section <<'SQL'
-- Login roles for the practice software and the reporting; passwords come from psql variables.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'clinic_app') THEN CREATE ROLE clinic_app; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'clinic_reporting') THEN CREATE ROLE clinic_reporting; END IF;
END $$;
ALTER ROLE clinic_app LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'app_pw';
ALTER ROLE clinic_reporting LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION CONNECTION LIMIT 5 PASSWORD :'rep_pw';
SQL
section <<'SQL'
-- clinic_app: read and write patients and appointments; the audit log is append-only.
GRANT SELECT, INSERT, UPDATE, DELETE ON public.patients, public.appointments TO clinic_app;
GRANT INSERT ON public.audit_log TO clinic_app;
GRANT USAGE ON SEQUENCE public.patients_id_seq, public.appointments_id_seq, public.audit_log_id_seq TO clinic_app;
SQL
section <<'SQL'
-- clinic_reporting: analytics, appointments, and of patients only id and birth_date.
GRANT USAGE ON SCHEMA analytics TO clinic_reporting;
GRANT SELECT ON ALL TABLES IN SCHEMA analytics TO clinic_reporting;
GRANT SELECT ON public.appointments TO clinic_reporting;
GRANT SELECT (id, birth_date) ON public.patients TO clinic_reporting;
SQL
section <<'SQL'
-- Tables migrator creates in analytics later are readable by the reporting without another grant.
ALTER DEFAULT PRIVILEGES FOR ROLE migrator IN SCHEMA analytics GRANT SELECT ON TABLES TO clinic_reporting;
SQL
section <<'SQL'
-- The old shared superuser login stays as a role (history refers to it) but can no longer log in.
ALTER ROLE webapp NOSUPERUSER NOLOGIN;
SQL
section <<'SQL'
-- intern_2023 goes; its scratch table stays, owned by migrator (reassign before drop owned).
DO $$ BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'intern_2023') THEN
    REASSIGN OWNED BY intern_2023 TO migrator;
    DROP OWNED BY intern_2023;
    DROP ROLE intern_2023;
  END IF;
END $$;
SQL
section <<'SQL'
-- Nobody else: no CREATE in public, no CONNECT to clinic for PUBLIC.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
REVOKE CONNECT ON DATABASE clinic FROM PUBLIC;
GRANT CONNECT ON DATABASE clinic TO clinic_app, clinic_reporting, migrator;
SQL
# The file as a whole applies again on the database it already shaped.
psql -X -q -v ON_ERROR_STOP=1 -v app_pw="$CLINIC_APP_PASSWORD" -v rep_pw="$CLINIC_REPORTING_PASSWORD" -d clinic -f "$SQL"
psql -X -d clinic -c '\du' -c '\dp public.*' -c '\ddp'
