#!/usr/bin/env python3
"""vuln-check [PROJECT_DIR]: audit the project's pinned dependencies against the local OSV database.

Reads PROJECT_DIR/requirements.lock (PyPI) and PROJECT_DIR/package-lock.json (npm), every *.json
under $OSV_DB (default /var/lib/osv), and PROJECT_DIR/audit-policy.json. Prints each finding no
live ignore entry covers as ecosystem, package, version, advisory id, fixed version (or -),
tab-separated and sorted; exits 1 when it printed any, else 0. --all prints every finding and
ignores the policy (the triage).
"""

import datetime
import json
import os
import re
import sys
from pathlib import Path

from packaging.version import InvalidVersion, Version


def norm(eco, name):
    """The name as the ecosystem compares it (PEP 503 for PyPI)."""
    return re.sub(r"[-_.]+", "-", name).lower() if eco == "PyPI" else name


def V(s):
    try:
        return Version(s)
    except InvalidVersion:
        return None


def pins(proj):
    """(ecosystem, name, version) for every pin of both locks."""
    out = []
    req = proj / "requirements.lock"
    if req.exists():
        for line in req.read_text().splitlines():
            m = re.match(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*==\s*([^\s;#\\]+)", line)
            if m:
                out.append(("PyPI", norm("PyPI", m.group(1)), m.group(2)))
    pl = proj / "package-lock.json"
    if pl.exists():
        for path, ent in json.loads(pl.read_text()).get("packages", {}).items():
            if not path or "node_modules/" not in path or "version" not in ent:
                continue
            out.append(("npm", path.rsplit("node_modules/", 1)[1], ent["version"]))
    return out


def hit(aff, ver):
    """The fixed version ('-' if none) when VER is affected by this affected[] entry, else None."""
    v = V(ver)
    for rng in aff.get("ranges", []):
        if rng.get("type") not in ("ECOSYSTEM", "SEMVER"):
            continue
        lo, found = None, None
        for ev in rng.get("events", []):
            if "introduced" in ev:
                lo = Version("0") if ev["introduced"] == "0" else V(ev["introduced"])
            elif "fixed" in ev and lo is not None:
                if lo <= v < V(ev["fixed"]):
                    found = ev["fixed"]
                lo = None
            elif "last_affected" in ev and lo is not None:
                if lo <= v <= V(ev["last_affected"]):
                    found = found or "-"
                lo = None
        if lo is not None and v >= lo:
            found = found or "-"
        if found:
            return found
    for x in aff.get("versions", []):
        if V(x) == v:
            return "-"
    return None


def findings(proj, db):
    recs = []
    for f in sorted(Path(db).rglob("*.json")):
        rec = json.loads(f.read_text())
        if rec.get("withdrawn"):
            continue
        recs.append(rec)
    out = set()
    for eco, name, ver in pins(proj):
        got = []
        for rec in recs:
            for aff in rec.get("affected", []):
                pkg = aff.get("package", {})
                if pkg.get("ecosystem") != eco or norm(eco, pkg.get("name", "")) != name:
                    continue
                fx = hit(aff, ver)
                if fx:
                    got.append((rec["id"], {rec["id"], *rec.get("aliases", [])}, fx))
        # advisories of one flaw (sharing an id or alias) are reported once, under the first id
        got.sort()
        kept = []
        for vid, names, fx in got:
            if not any(names & k[1] for k in kept):
                kept.append((vid, names, fx))
        for vid, _, fx in kept:
            out.add((eco, name, ver, vid, fx))
    return sorted(out)


def main(argv):
    full = "--all" in argv
    args = [a for a in argv if a != "--all"]
    proj = Path(args[0] if args else "/app/svc")
    db = os.environ.get("OSV_DB", "/var/lib/osv")
    today = os.environ.get("AUDIT_TODAY") or datetime.date.today().isoformat()
    rows = findings(proj, db)
    if not full:
        pol = proj / "audit-policy.json"
        ign = json.loads(pol.read_text()).get("ignore", []) if pol.exists() else []
        live = {(i["ecosystem"], norm(i["ecosystem"], i["package"]), i["id"])
                for i in ign if str(i.get("expires", "")) >= today}
        rows = [r for r in rows if (r[0], r[1], r[3]) not in live]
    for r in rows:
        print("\t".join(r))
    return 1 if rows and not full else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
