"""Verifier for pinned-deps-vuln-audit: the triage, the upgraded locks and the ignores against a
reference audit of the shipped project, and the CI check re-run on fresh databases and locks."""

import datetime
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from packaging.version import Version

sys.path.insert(0, str(Path(__file__).parent))
import mkaudit  # noqa: E402  (the generator the image was built with)
import ref_audit  # noqa: E402  (an independent reference audit)

SVC = Path("/app/svc")
CHECK = SVC / "ci" / "vuln-check"
TRIAGE = SVC / "audit" / "triage.tsv"
POLICY = SVC / "audit-policy.json"
SEED = 4711
TODAY = datetime.date.today()


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """The project and the database exactly as the image shipped them."""
    base = tmp_path_factory.mktemp("shipped")
    mkaudit.build(SEED, base / "db", base / "svc")
    return base


def ref_rows(proj, db):
    return ["\t".join(r) for r in ref_audit.findings(Path(proj), db)]


def plan(rows):
    """pin -> new version (moves) or None (stays), by the platform rule."""
    by = {}
    for line in rows:
        eco, name, ver, vid, fixed = line.split("\t")
        by.setdefault((eco, name, ver), []).append(fixed)
    out = {}
    for pin, fixes in by.items():
        new = None
        if "-" not in fixes:
            top = max(fixes, key=Version)
            if Version(top).major == Version(pin[2]).major:
                new = top
        out[pin] = new
    return out


def run_check(proj, db, today=None):
    env = dict(os.environ, OSV_DB=str(db))
    env.pop("AUDIT_TODAY", None)
    if today:
        env["AUDIT_TODAY"] = today
    return subprocess.run([str(CHECK), str(proj)], capture_output=True, text=True, env=env, timeout=120)


def lines(text):
    return [x for x in text.splitlines() if x.strip()]


def test_triage_lists_every_finding(shipped):
    """The triage lists every finding of the locks as shipped: ecosystem, package, pinned version,
    advisory id, fixed version, tab-separated, sorted in byte order."""
    want = ref_rows(shipped / "svc", shipped / "db")
    got = lines(TRIAGE.read_text())
    assert got == want


def test_requirements_lock_upgraded(shipped):
    """In requirements.lock a pin moves to exactly the highest fixed version when every finding has
    a fixed version in the pin's major version; only the version on the pin's line changes."""
    moves = plan(ref_rows(shipped / "svc", shipped / "db"))
    old = (shipped / "svc" / "requirements.lock").read_text().splitlines()
    new = (SVC / "requirements.lock").read_text().splitlines()
    assert len(old) == len(new)
    for a, b in zip(old, new):
        m = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==(\S+)$", a)
        if not m:
            assert a == b
            continue
        name, ver = m.group(1), m.group(2)
        target = moves.get(("PyPI", ref_audit.norm("PyPI", name), ver)) or ver
        m2 = re.match(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*(\S+)\s*$", b)
        assert m2 and m2.group(1) == name, b
        assert Version(m2.group(2)) == Version(target), (name, ver, m2.group(2), target)


def test_package_lock_upgraded(shipped):
    """In package-lock.json a moved entry (nested copies included) gets the new version, a resolved
    URL naming its tarball and no integrity field; every other entry and field stays."""
    moves = plan(ref_rows(shipped / "svc", shipped / "db"))
    old = json.loads((shipped / "svc" / "package-lock.json").read_text())
    new = json.loads((SVC / "package-lock.json").read_text())
    assert {k: v for k, v in old.items() if k != "packages"} == {k: v for k, v in new.items() if k != "packages"}
    assert set(old["packages"]) == set(new["packages"])
    for path, ent in old["packages"].items():
        got = new["packages"][path]
        if "node_modules/" not in path:
            assert got == ent
            continue
        name = path.rsplit("node_modules/", 1)[1]
        target = moves.get(("npm", name, ent["version"]))
        if not target:
            assert got == ent, path
            continue
        assert got["version"] == target, path
        assert got["resolved"].endswith(f"/-/{name.split('/')[-1]}-{target}.tgz"), got["resolved"]
        assert "integrity" not in got, path
        rest = {k: v for k, v in ent.items() if k not in ("version", "resolved", "integrity")}
        assert {k: v for k, v in got.items() if k not in ("version", "resolved")} == rest, path


def test_ignores_cover_exactly_the_pins_that_cannot_move(shipped):
    """audit-policy.json ignores every finding of a pin that cannot move, with a reason and an expiry
    no more than 90 days away, and nothing an upgrade clears."""
    rows = ref_rows(shipped / "svc", shipped / "db")
    moves = plan(rows)
    want = set()
    for line in rows:
        eco, name, ver, vid, _ = line.split("\t")
        if moves[(eco, name, ver)] is None:
            want.add((eco, name, vid))
    pol = json.loads(POLICY.read_text())
    got = set()
    for e in pol["ignore"]:
        assert str(e.get("reason", "")).strip(), e
        exp = datetime.date.fromisoformat(e["expires"])
        assert TODAY <= exp <= TODAY + datetime.timedelta(days=91), e
        got.add((e["ecosystem"], ref_audit.norm(e["ecosystem"], e["package"]), e["id"]))
    assert got == want


def test_check_passes_on_the_project(shipped):
    """The CI check, run on /app/svc as left against the shipped database, prints nothing and exits 0."""
    p = run_check(SVC, shipped / "db")
    assert p.returncode == 0, p.stdout + p.stderr
    assert lines(p.stdout) == []


@pytest.mark.parametrize("seed", [101, 202, 303, 404])
def test_check_on_fresh_database_and_locks(tmp_path, seed):
    """On another night's database and other locks without audit-policy.json, the check prints every
    finding in the triage's format and order and exits 1 (0 when there are none)."""
    mkaudit.build(seed, tmp_path / "db", tmp_path / "svc")
    want = ref_rows(tmp_path / "svc", tmp_path / "db")
    p = run_check(tmp_path / "svc", tmp_path / "db")
    assert lines(p.stdout) == want
    assert p.returncode == (1 if want else 0), p.stderr


def test_check_compares_versions_as_versions(tmp_path):
    """Versions compare as versions, never as text (3.10.0 is newer than 3.9.5), and 2.4 equals
    2.4.0; GIT ranges are ignored."""
    db, proj = tmp_path / "db" / "PyPI", tmp_path / "svc"
    db.mkdir(parents=True)
    proj.mkdir()
    (proj / "requirements.lock").write_text("alpha==3.9.5\nbeta==2.4\ngamma==1.2.0\n")

    def adv(vid, name, ranges=None, versions=None):
        aff = {"package": {"ecosystem": "PyPI", "name": name}}
        if ranges:
            aff["ranges"] = ranges
        if versions:
            aff["versions"] = versions
        (db / f"{vid}.json").write_text(json.dumps({"id": vid, "affected": [aff]}))

    adv("GHSA-aaaa-0001-0001", "alpha", [{"type": "ECOSYSTEM", "events": [{"introduced": "3.10.0"}, {"fixed": "3.99.0"}]}])
    adv("GHSA-aaaa-0001-0002", "alpha", [{"type": "ECOSYSTEM", "events": [{"introduced": "3.9.0"}, {"fixed": "3.10.0"}]}])
    adv("GHSA-aaaa-0001-0003", "beta", versions=["2.3.9", "2.4.0"])
    adv("GHSA-aaaa-0001-0004", "beta", [{"type": "ECOSYSTEM", "events": [{"introduced": "0"}, {"fixed": "2.4.0"}]}])
    adv("GHSA-aaaa-0001-0005", "gamma", [{"type": "GIT", "repo": "https://example.org/g", "events": [{"introduced": "0"}, {"fixed": "f" * 40}]}])
    p = run_check(proj, tmp_path / "db")
    assert lines(p.stdout) == [
        "PyPI\talpha\t3.9.5\tGHSA-aaaa-0001-0002\t3.10.0",
        "PyPI\tbeta\t2.4\tGHSA-aaaa-0001-0003\t-",
    ]
    assert p.returncode == 1


def test_check_honours_live_ignores_only(tmp_path):
    """An ignore entry covers a finding with the same ecosystem, package and id while it is live
    (until the end of its expires day, AUDIT_TODAY being today); an expired one covers nothing."""
    mkaudit.build(505, tmp_path / "db", tmp_path / "svc")
    rows = ref_rows(tmp_path / "svc", tmp_path / "db")
    assert len(rows) >= 6
    ign = []
    for i, line in enumerate(rows):
        eco, name, ver, vid, _ = line.split("\t")
        if i % 3 == 0:
            ign.append({"ecosystem": eco, "package": name.upper() if eco == "PyPI" else name, "id": vid,
                        "reason": "r", "expires": "2031-06-30"})
        elif i % 3 == 1:
            ign.append({"ecosystem": eco, "package": name, "id": vid, "reason": "r", "expires": "2031-06-29"})
        else:
            other = "npm" if eco == "PyPI" else "PyPI"
            ign.append({"ecosystem": other, "package": name, "id": vid, "reason": "r", "expires": "2031-06-30"})
    (tmp_path / "svc" / "audit-policy.json").write_text(json.dumps({"ignore": ign}))
    want = [r for i, r in enumerate(rows) if i % 3 != 0]
    p = run_check(tmp_path / "svc", tmp_path / "db", today="2031-06-30")
    assert lines(p.stdout) == want
    assert p.returncode == 1
    live = [dict(e, expires="2031-07-01", ecosystem=r.split("\t")[0]) for e, r in zip(ign, rows)]
    (tmp_path / "svc" / "audit-policy.json").write_text(json.dumps({"ignore": live}))
    p = run_check(tmp_path / "svc", tmp_path / "db", today="2031-06-30")
    assert lines(p.stdout) == [] and p.returncode == 0, p.stdout


def test_check_defaults_to_app_svc_and_osv(shipped, tmp_path):
    """Without an argument the check audits /app/svc, and without OSV_DB it reads /var/lib/osv."""
    env = {k: v for k, v in os.environ.items() if k not in ("OSV_DB", "AUDIT_TODAY")}
    p = subprocess.run([str(CHECK)], capture_output=True, text=True, env=env, timeout=120, cwd=str(tmp_path))
    assert p.returncode == 0 and lines(p.stdout) == [], p.stdout + p.stderr
    proj = tmp_path / "svc"
    shutil.copytree(shipped / "svc", proj)
    p = subprocess.run([str(CHECK), str(proj)], capture_output=True, text=True, env=env, timeout=120)
    assert lines(p.stdout) == ref_rows(shipped / "svc", "/var/lib/osv") and p.returncode == 1
