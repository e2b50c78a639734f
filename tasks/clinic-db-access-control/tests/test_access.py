"""The clinic database's roles and privileges as the access policy says, checked by connecting as each role."""

import os
import subprocess
import uuid
from pathlib import Path


ADMIN_PW = "pg-admin-41d7e2b9"
MIGRATOR_PW = "mig-3f9a61c2"
APP_PW = "app-7Qw2-river-lantern"
REP_PW = "rep-K4m9-quiet-harbor"
ROLES_SQL = Path("/app/db/roles.sql")


def psql(user: str, password: str, sql: str, db: str = "clinic") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    env |= {"PGPASSWORD": password, "PGCONNECT_TIMEOUT": "10", "PGPASSFILE": "/dev/null"}
    return subprocess.run(["psql", "-X", "-At", "-v", "ON_ERROR_STOP=1", "-h", "localhost", "-p", "5432", "-U", user,
                           "-d", db, "-c", sql], env=env, capture_output=True, text=True, timeout=60)


def ok(user: str, password: str, sql: str) -> str:
    r = psql(user, password, sql)
    assert r.returncode == 0, f"{user}: {sql!r} failed: {r.stderr.strip()}"
    return r.stdout.strip()


def denied(user: str, password: str, sql: str) -> None:
    r = psql(user, password, sql)
    assert r.returncode != 0 and "permission denied" in r.stderr, f"{user} may run {sql!r}: {r.stdout.strip() or r.stderr.strip()}"


def admin(sql: str) -> str:
    return ok("postgres", ADMIN_PW, sql)


def test_clinic_app_role_logs_in_without_privileged_attributes() -> None:
    assert ok("clinic_app", APP_PW, "select current_user") == "clinic_app"
    assert admin("select rolsuper, rolcreatedb, rolcreaterole, rolreplication from pg_roles where rolname = 'clinic_app'") == "f|f|f|f"


def test_clinic_app_reads_and_writes_patients_and_appointments() -> None:
    ok("clinic_app", APP_PW, "begin; insert into patients (name, birth_date, ssn) values ('T', '2000-01-01', '000000000');"
       " update patients set email = 'x@y.example' where id = 1; delete from appointments where id = 1;"
       " insert into appointments (patient_id, starts_at, doctor) values (2, now(), 'Dr. Berg');"
       " select count(*) from appointments; rollback")


def test_audit_log_is_append_only_for_the_app() -> None:
    ok("clinic_app", APP_PW, "begin; insert into audit_log (actor, action) values ('clinic_app', 'probe'); rollback")
    denied("clinic_app", APP_PW, "select count(*) from audit_log")
    denied("clinic_app", APP_PW, "update audit_log set action = 'x' where id = 1")
    denied("clinic_app", APP_PW, "delete from audit_log where id = 1")


def test_clinic_app_has_nothing_else() -> None:
    denied("clinic_app", APP_PW, "select count(*) from analytics.daily_visits")
    denied("clinic_app", APP_PW, "create table public.app_probe (i int)")


def test_reporting_reads_analytics_and_appointments_only() -> None:
    assert int(ok("clinic_reporting", REP_PW, "select count(*) from analytics.daily_visits")) > 0
    assert int(ok("clinic_reporting", REP_PW, "select count(*) from analytics.no_show_rate")) == 4
    assert int(ok("clinic_reporting", REP_PW, "select count(*) from appointments")) == 9000
    denied("clinic_reporting", REP_PW, "insert into appointments (patient_id, starts_at, doctor) values (1, now(), 'x')")
    denied("clinic_reporting", REP_PW, "select count(*) from audit_log")


def test_reporting_sees_only_id_and_birth_date_of_patients() -> None:
    assert int(ok("clinic_reporting", REP_PW, "select count(*) from (select id, birth_date from patients) p")) == 2400
    for column in ("ssn", "name", "email", "*"):
        denied("clinic_reporting", REP_PW, f"select {column} from patients limit 1")


def test_reporting_connection_limit() -> None:
    assert admin("select rolconnlimit, rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = 'clinic_reporting'") == "5|f|f|f"


def test_new_analytics_tables_of_migrator_are_readable_by_reporting() -> None:
    name = "analytics.t_" + uuid.uuid4().hex[:8]
    ok("migrator", MIGRATOR_PW, f"create table {name} as select 1 as one")
    try:
        assert ok("clinic_reporting", REP_PW, f"select one from {name}") == "1"
    finally:
        ok("migrator", MIGRATOR_PW, f"drop table {name}")


def test_webapp_can_no_longer_log_in_and_is_not_superuser() -> None:
    assert admin("select rolcanlogin, rolsuper from pg_roles where rolname = 'webapp'") == "f|f"


def test_intern_role_gone_and_scratch_table_kept() -> None:
    assert admin("select count(*) from pg_roles where rolname = 'intern_2023'") == "0"
    assert admin("select tableowner from pg_tables where schemaname = 'public' and tablename = 'intern_scratch'") == "migrator"
    assert admin("select count(*) from public.intern_scratch") == "4"


def test_public_can_neither_connect_nor_create() -> None:
    name = "probe_" + uuid.uuid4().hex[:8]
    admin(f"create role {name} login password 'probe-pw-1'")
    try:
        r = psql(name, "probe-pw-1", "select 1")
        assert r.returncode != 0 and "permission denied" in r.stderr, "a role without a grant can connect to clinic"
        assert admin(f"select has_schema_privilege('{name}', 'public', 'CREATE')") == "f"
        assert admin("select has_database_privilege('migrator', 'clinic', 'CONNECT')") == "t"
    finally:
        admin(f"drop role {name}")


def test_roles_sql_holds_no_password_and_applies_again() -> None:
    assert ROLES_SQL.is_file(), "/app/db/roles.sql is missing"
    text = ROLES_SQL.read_text()
    assert APP_PW not in text and REP_PW not in text, "roles.sql holds a password"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")} | {"PGPASSWORD": ADMIN_PW, "PGPASSFILE": "/dev/null"}
    r = subprocess.run(["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-v", f"app_pw={APP_PW}", "-v", f"rep_pw={REP_PW}",
                        "-h", "localhost", "-U", "postgres", "-d", "clinic", "-f", str(ROLES_SQL)],
                       env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"roles.sql does not apply a second time: {r.stderr.strip()[-400:]}"
    # and the policy still holds after the second run
    assert ok("clinic_app", APP_PW, "select current_user") == "clinic_app"
    denied("clinic_reporting", REP_PW, "select ssn from patients limit 1")
