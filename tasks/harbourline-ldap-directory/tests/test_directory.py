"""Checks of the Harbourline staff directory, by binds, searches and modifies against slapd.

slapd is started again from the agent's files (/app/ldap/start.sh, /etc/ldap/slapd.d,
/var/lib/ldap); the HR converter is run again on a fresh export made by gen_staff.py.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import gen_staff  # noqa: E402
from reference import expected, initial_passwords, norm_dn, parse_ldif  # noqa: E402

BASE = "dc=harbourline,dc=lan"
ADMIN = f"cn=admin,{BASE}"
NSS = f"cn=nss-reader,ou=services,{BASE}"
SECRETS = Path("/app/ldap/secrets")
ADMIN_PW = (SECRETS / "admin-password").read_text()
NSS_PW = (SECRETS / "nss-reader-password").read_text()
START = Path("/app/ldap/start.sh")
HR2LDIF = Path("/app/ldap/hr2ldif")
URI = "ldap://127.0.0.1:389/"
PEOPLE, GROUPS = expected("/app/hr/staff.csv")
PASSWORDS = initial_passwords(SECRETS / "initial-passwords")


def run(args, stdin=None, timeout=60):
    return subprocess.run(args, input=stdin, capture_output=True, text=True, timeout=timeout)


def live_slapds():
    out = run(["ps", "-C", "slapd", "-o", "pid=,stat=,user="]).stdout
    return [line.split() for line in out.splitlines() if line.split() and "Z" not in line.split()[1]]


def search(base, filt="(objectClass=*)", attrs=(), who=ADMIN, password=ADMIN_PW, scope="sub"):
    args = ["ldapsearch", "-x", "-LLL", "-o", "ldif-wrap=no", "-H", URI, "-b", base, "-s", scope]
    if who:
        args += ["-D", who, "-w", password]
    result = run(args + [filt, *attrs])
    return result.returncode, parse_ldif(result.stdout)


def modify(who, password, ldif):
    return run(["ldapmodify", "-x", "-H", URI, "-D", who, "-w", password], stdin=ldif)


def person_dn(uid):
    return f"uid={uid},ou=people,{BASE}"


def can_bind(dn, password):
    return run(["ldapwhoami", "-x", "-H", URI, "-D", dn, "-w", password]).returncode == 0


@pytest.fixture(scope="module", autouse=True)
def directory():
    subprocess.run(["pkill", "-x", "slapd"], check=False)
    end = time.monotonic() + 30
    while live_slapds() and time.monotonic() < end:
        time.sleep(0.3)
    subprocess.run(["pkill", "-9", "-x", "slapd"], check=False)
    time.sleep(0.5)
    Path("/var/run/slapd/slapd.pid").unlink(missing_ok=True)
    assert START.is_file() and os.access(START, os.X_OK), "/app/ldap/start.sh missing or not executable"
    result = run([str(START)], timeout=120)
    assert result.returncode == 0, f"start.sh failed: {result.stdout}{result.stderr}"
    yield


def test_start_script_answers_on_loopback():
    """start.sh starts slapd and returns once the directory answers on ldap://127.0.0.1:389/;
    slapd listens on 127.0.0.1 only, and on ldapi:///."""
    assert run(["ldapsearch", "-x", "-H", URI, "-s", "base", "-b", "", "namingContexts"]).returncode == 0
    listening = run(["ss", "-ltnH"]).stdout.split("\n")
    local = [line.split()[3] for line in listening if line.split()]
    assert "127.0.0.1:389" in local, local
    assert not any(a in ("0.0.0.0:389", "*:389", "[::]:389") for a in local), local
    ldapi = run(["ldapsearch", "-x", "-H", "ldapi:///", "-s", "base", "-b", "", "namingContexts"])
    assert ldapi.returncode == 0, ldapi.stderr


def test_slapd_runs_as_openldap():
    """slapd runs as the user openldap."""
    procs = live_slapds()
    assert procs and all(p[2] == "openldap" for p in procs), procs


def test_start_again_starts_no_second_slapd():
    """Run again while slapd runs, start.sh starts no second one."""
    result = run([str(START)], timeout=120)
    assert result.returncode == 0, result.stderr
    time.sleep(1)
    assert len(live_slapds()) == 1, live_slapds()


def test_admin_password_stored_hashed():
    """The directory manager cn=admin,dc=harbourline,dc=lan logs in with the password in
    admin-password, stored in the configuration only as a salted hash ({SSHA})."""
    assert can_bind(ADMIN, ADMIN_PW)
    config = run(["slapcat", "-n", "0", "-F", "/etc/ldap/slapd.d", "-o", "ldif-wrap=no"]).stdout
    rootpws = [v for _, a in parse_ldif(config) for v in a.get("olcrootpw", [])]
    assert rootpws and all(v.startswith("{SSHA}") for v in rootpws), rootpws
    leaked = run(["grep", "-rlF", ADMIN_PW, "/etc/ldap", "/var/lib/ldap"]).stdout
    assert not leaked.strip(), f"admin password in plain text in {leaked}"


def test_tree_base_and_units():
    """The tree: dc=harbourline,dc=lan (an organization, o: Harbourline Logistics) with
    ou=people, ou=groups and ou=services."""
    rc, entries = search(BASE, scope="base")
    assert rc == 0 and entries, rc
    attrs = entries[0][1]
    assert "organization" in [v.lower() for v in attrs.get("objectclass", [])]
    assert attrs.get("o") == ["Harbourline Logistics"], attrs.get("o")
    for ou in ("people", "groups", "services"):
        rc, entries = search(f"ou={ou},{BASE}", scope="base")
        assert rc == 0 and entries, f"ou={ou} missing"


def _directory_people():
    rc, entries = search(f"ou=people,{BASE}", "(objectClass=posixAccount)", scope="one")
    assert rc == 0, rc
    return {a["uid"][0]: (dn, a) for dn, a in entries}


def test_people_imported_are_exactly_the_hr_rules():
    """The people of staff.csv are loaded: active and on-leave employees, the last row of a
    duplicated employee winning, leavers left out, uids as the rules make them."""
    people = _directory_people()
    assert sorted(people) == sorted(PEOPLE), (
        f"missing {sorted(set(PEOPLE) - set(people))}, unexpected {sorted(set(people) - set(PEOPLE))}")
    for uid, (dn, _) in people.items():
        assert norm_dn(dn) == norm_dn(person_dn(uid)), dn


def _check_person(uid, attrs, want):
    classes = {v.lower() for v in attrs.get("objectclass", [])}
    assert {"inetorgperson", "posixaccount"} <= classes, (uid, classes)
    for key, value in want.items():
        got = attrs.get(key.lower())
        assert got == [value], f"{uid}: {key} is {got}, expected {value!r}"


def test_person_attributes_in_directory():
    """Each person has givenName, sn, cn, mail (@harbourline.com), employeeNumber, uidNumber
    (10000 + the number), gidNumber, homeDirectory and loginShell (nologin for warehouse)."""
    people = _directory_people()
    for uid, want in PEOPLE.items():
        if uid in people:
            _check_person(uid, people[uid][1], want)


def test_groups_in_directory():
    """The five department groups are posixGroup entries with their gidNumber and a memberUid for
    each imported person of the department."""
    rc, entries = search(f"ou=groups,{BASE}", "(objectClass=posixGroup)", scope="one")
    got = {a["cn"][0].lower(): (a.get("gidnumber"), set(a.get("memberuid", []))) for _, a in entries}
    assert sorted(got) == sorted(GROUPS), sorted(got)
    for name, (gid, members) in GROUPS.items():
        assert got[name][0] == [str(gid)], (name, got[name][0])
        assert got[name][1] == members, (name, sorted(got[name][1] ^ members))


def test_everyone_logs_in_with_initial_password():
    """Every imported person logs in with their initial password."""
    failed = [uid for uid in sorted(PEOPLE) if not can_bind(person_dn(uid), PASSWORDS[uid])]
    assert not failed, f"cannot log in: {failed}"


def test_passwords_stored_as_salted_hashes():
    """Passwords (the people's and the service account's) are stored as {SSHA} hashes, never in
    plain text."""
    rc, entries = search(BASE, "(userPassword=*)", ["userPassword"])
    values = {dn: a.get("userpassword", []) for dn, a in entries}
    people = [dn for dn in values if norm_dn(dn).endswith(f"ou=people,{BASE}")]
    assert len(people) == len(PEOPLE), len(people)
    assert any(norm_dn(dn) == norm_dn(NSS) for dn in values), "nss-reader has no password"
    bad = [dn for dn, vals in values.items() if not vals or not all(v.startswith("{SSHA}") for v in vals)]
    assert not bad, f"not {{SSHA}}: {bad[:5]}"


def test_service_account_reads_everything_but_passwords():
    """nss-reader logs in with its password and reads every person and group, but no password."""
    assert can_bind(NSS, NSS_PW)
    rc, entries = search(BASE, "(|(objectClass=posixAccount)(objectClass=posixGroup))", who=NSS, password=NSS_PW)
    assert rc == 0, rc
    assert len(entries) == len(PEOPLE) + len(GROUPS), len(entries)
    rc, entries = search(f"ou=people,{BASE}", "(objectClass=*)", ["userPassword"], who=NSS, password=NSS_PW)
    assert entries and not any("userpassword" in a for _, a in entries)


def test_service_account_changes_nothing():
    """The service account is read-only: it can change nothing."""
    uid = sorted(PEOPLE)[0]
    result = modify(NSS, NSS_PW, f"dn: {person_dn(uid)}\nchangetype: modify\nreplace: loginShell\nloginShell: /bin/sh\n")
    assert result.returncode == 50, result.stdout + result.stderr
    result = modify(NSS, NSS_PW, f"dn: {NSS}\nchangetype: modify\nreplace: description\ndescription: x\n")
    assert result.returncode == 50, result.stdout + result.stderr
    result = modify(NSS, NSS_PW, f"dn: cn=probe,ou=groups,{BASE}\nchangetype: add\nobjectClass: posixGroup\ncn: probe\ngidNumber: 9999\n")
    assert result.returncode == 50, result.stdout + result.stderr


def test_anonymous_search_finds_nothing():
    """Anonymous clients can only log in: an anonymous search finds nothing."""
    rc, entries = search(BASE, who=None)
    assert not entries, f"anonymous search found {len(entries)} entries"


def test_person_changes_own_password():
    """Access control on the database: a person can change their own password (ldappasswd or a
    modify of their own userPassword)."""
    uid = sorted(PEOPLE)[1]
    dn = person_dn(uid)
    try:
        result = run(["ldappasswd", "-x", "-H", URI, "-D", dn, "-w", PASSWORDS[uid], "-a", PASSWORDS[uid], "-s", "Changed-0wn-pw"])
        assert result.returncode == 0, result.stdout + result.stderr
        assert can_bind(dn, "Changed-0wn-pw")
        result = modify(dn, "Changed-0wn-pw", f"dn: {dn}\nchangetype: modify\nreplace: userPassword\nuserPassword: Again-0wn-pw\n")
        assert result.returncode == 0, result.stdout + result.stderr
        assert can_bind(dn, "Again-0wn-pw")
    finally:
        run(["ldappasswd", "-x", "-H", URI, "-D", ADMIN, "-w", ADMIN_PW, "-s", PASSWORDS[uid], dn])


def test_person_cannot_change_someone_elses_password():
    """Nobody but the directory manager can change someone else's password."""
    a, b = sorted(PEOPLE)[2], sorted(PEOPLE)[3]
    result = run(["ldappasswd", "-x", "-H", URI, "-D", person_dn(a), "-w", PASSWORDS[a], "-s", "Hijacked-1", person_dn(b)])
    assert result.returncode != 0, result.stdout
    result = modify(person_dn(a), PASSWORDS[a], f"dn: {person_dn(b)}\nchangetype: modify\nreplace: userPassword\nuserPassword: Hijacked-2\n")
    assert result.returncode == 50, result.stdout + result.stderr
    assert can_bind(person_dn(b), PASSWORDS[b])


def test_person_changes_nothing_else_of_own_entry():
    """A person can change nothing of their entry but the password."""
    uid = sorted(PEOPLE)[4]
    dn = person_dn(uid)
    for attr, value in (("loginShell", "/bin/sh"), ("uidNumber", "0"), ("mail", "x@example.org")):
        result = modify(dn, PASSWORDS[uid], f"dn: {dn}\nchangetype: modify\nreplace: {attr}\n{attr}: {value}\n")
        assert result.returncode == 50, (attr, result.stdout + result.stderr)


def test_logged_in_people_read_directory_not_passwords():
    """Logged-in people can read the directory (people and groups), but not other people's
    passwords."""
    uid = sorted(PEOPLE)[5]
    rc, entries = search(BASE, "(|(objectClass=posixAccount)(objectClass=posixGroup))", who=person_dn(uid), password=PASSWORDS[uid])
    assert len(entries) == len(PEOPLE) + len(GROUPS), len(entries)
    rc, entries = search(f"ou=people,{BASE}", f"(!(uid={uid}))", ["userPassword"], who=person_dn(uid), password=PASSWORDS[uid])
    assert entries and not any("userpassword" in a for _, a in entries)


def test_indexes():
    """Indexes: equality on objectClass, uid, uidNumber, gidNumber, memberUid, mail and
    employeeNumber; substring on cn and mail."""
    config = run(["slapcat", "-n", "0", "-F", "/etc/ldap/slapd.d", "-o", "ldif-wrap=no"]).stdout
    index = {}
    for _, attrs in parse_ldif(config):
        if BASE in [s.lower() for s in attrs.get("olcsuffix", [])]:
            for line in attrs.get("olcdbindex", []):
                names, _, kinds = line.strip().partition(" ")
                for name in names.split(","):
                    index.setdefault(name.strip().lower(), set()).update(k.strip() for k in kinds.split(","))
    for attr in ("objectclass", "uid", "uidnumber", "gidnumber", "memberuid", "mail", "employeenumber"):
        assert "eq" in index.get(attr, set()), (attr, index.get(attr))
    for attr in ("cn", "mail"):
        assert "sub" in index.get(attr, set()), (attr, index.get(attr))


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    d = tmp_path_factory.mktemp("fresh")
    rows, passwords = gen_staff.make(7, 300)
    gen_staff.write(rows, passwords, d / "staff.csv", d / "pw")
    assert HR2LDIF.is_file() and os.access(HR2LDIF, os.X_OK), "/app/ldap/hr2ldif missing or not executable"
    result = run([str(HR2LDIF), str(d / "staff.csv")])
    assert result.returncode == 0, result.stderr
    people, groups = expected(d / "staff.csv")
    entries = parse_ldif(result.stdout)
    return people, groups, entries


def _fresh_people(entries):
    return {a["uid"][0]: (dn, a) for dn, a in entries if "uid" in a}


def test_hr2ldif_fresh_export_people(fresh):
    """HR re-exports the file every Monday, so hr2ldif must work on any export of this form: on a
    fresh export it prints one entry per person to import (active and on leave, the last row of a
    duplicated employee winning), with the uid from Username or derived from the name."""
    people, _, entries = fresh
    got = _fresh_people(entries)
    assert sorted(got) == sorted(people), (
        f"missing {sorted(set(people) - set(got))}, unexpected {sorted(set(got) - set(people))}")
    for uid, (dn, _) in got.items():
        assert norm_dn(dn) == norm_dn(person_dn(uid)), dn


def test_hr2ldif_fresh_export_attributes(fresh):
    """hr2ldif on a fresh export gives each person the attributes of the rules: preferred names,
    mail, the employee number as the digits of Employee ID (E0042, e-42 and 0042 are all 42),
    uidNumber, home and shell."""
    people, _, entries = fresh
    got = _fresh_people(entries)
    for uid, want in people.items():
        if uid in got:
            _check_person(uid, got[uid][1], want)


def test_hr2ldif_fresh_export_groups(fresh):
    """hr2ldif on a fresh export prints all five department groups with their members."""
    _, groups, entries = fresh
    got = {a["cn"][0].lower(): (a.get("gidnumber"), set(a.get("memberuid", [])), dn)
           for dn, a in entries if "posixgroup" in [v.lower() for v in a.get("objectclass", [])]}
    assert sorted(got) == sorted(groups), sorted(got)
    for name, (gid, members) in groups.items():
        assert norm_dn(got[name][2]) == norm_dn(f"cn={name},ou=groups,{BASE}"), got[name][2]
        assert got[name][0] == [str(gid)], (name, got[name][0])
        assert got[name][1] == members, (name, sorted(got[name][1] ^ members))


def test_hr2ldif_prints_nothing_else(fresh):
    """hr2ldif prints the people and the groups only: no base entries, no passwords."""
    people, groups, entries = fresh
    assert len(entries) == len(people) + len(groups), len(entries)
    assert not any("userpassword" in a for _, a in entries)
