"""Deterministic generator of the service's locks and a local OSV advisory database.

mkaudit.py SEED DB_DIR PROJECT_DIR writes PROJECT_DIR/requirements.lock,
PROJECT_DIR/package-lock.json and DB_DIR/<Ecosystem>/<ID>.json (OSV 1.6 records), with the
mess a real dump has: withdrawn advisories, several introduced/fixed pairs, last_affected,
explicit version lists, GHSA/PYSEC aliases of one flaw, GIT ranges, other ecosystems, names
spelt differently from the lock, versions that compare wrongly as strings.
"""

import base64
import hashlib
import json
import random
import sys
from pathlib import Path

PYPI = [
    "Django", "requests", "urllib3", "Jinja2", "PyYAML", "cryptography", "Flask", "Werkzeug",
    "Pillow", "sqlparse", "certifi", "idna", "charset_normalizer", "gunicorn", "celery",
    "redis", "psycopg2-binary", "MarkupSafe", "itsdangerous", "click", "python_dateutil",
    "six", "pytz", "lxml", "aiohttp", "Mako",
]
NPM = [
    "lodash", "express", "minimist", "axios", "follow-redirects", "semver", "qs",
    "body-parser", "debug", "ms", "jsonwebtoken", "@babel/traverse", "ws", "tough-cookie",
    "path-to-regexp", "cookie", "send", "serve-static", "word-wrap", "json5", "@xmldom/xmldom",
]
NESTED = {"debug": "express", "ms": "send", "qs": "body-parser", "semver": "jsonwebtoken"}


def vstr(v, short=False):
    """A version tuple as text; PyPI versions sometimes drop a trailing .0."""
    if short and v[2] == 0:
        return f"{v[0]}.{v[1]}"
    return f"{v[0]}.{v[1]}.{v[2]}"


class Gen:
    """One generated project and advisory database."""

    def __init__(self, seed):
        self.r = random.Random(seed)
        self.records = []
        self.n = 0

    def ver(self, major=None):
        r = self.r
        return (major if major is not None else r.randint(1, 4), r.randint(2, 14), r.randint(0, 12))

    def adv_id(self, eco):
        self.n += 1
        h = hashlib.sha1(f"{self.r.random()}{self.n}".encode()).hexdigest()
        if eco == "PyPI" and self.r.random() < 0.3:
            return f"PYSEC-20{self.r.randint(19, 26)}-{self.r.randint(10, 999)}"
        return "GHSA-" + "-".join(h[i:i + 4] for i in (0, 4, 8))

    def record(self, eco, name, events=None, versions=None, **extra):
        vid = extra.pop("vid", None) or self.adv_id(eco)
        aff = {"package": {"ecosystem": eco, "name": name, "purl": f"pkg:{eco.lower()}/{name}"}}
        if events is not None:
            aff["ranges"] = [{"type": "SEMVER" if eco == "npm" else "ECOSYSTEM", "events": events}]
        if versions is not None:
            aff["versions"] = versions
        if self.r.random() < 0.3:
            aff.setdefault("ranges", []).append({
                "type": "GIT", "repo": f"https://github.com/example/{name.strip('@').replace('/', '-')}",
                "events": [{"introduced": "0"}, {"fixed": hashlib.sha1(vid.encode()).hexdigest()}]})
        rec = {
            "schema_version": "1.6.0", "id": vid, "modified": "2026-11-2%dT08:14:00Z" % self.r.randint(0, 9),
            "published": "2026-0%d-1%dT12:00:00Z" % (self.r.randint(1, 9), self.r.randint(0, 9)),
            "aliases": extra.pop("aliases", []),
            "summary": extra.pop("summary", f"Issue in {name}"),
            "affected": [aff] + extra.pop("more", []),
            "references": [{"type": "ADVISORY", "url": f"https://osv.dev/vulnerability/{vid}"}],
        }
        rec.update(extra)
        self.records.append((eco, rec))
        return rec

    def cve(self):
        return f"CVE-20{self.r.randint(19, 26)}-{self.r.randint(1000, 49999)}"


def build(seed, db_dir, proj_dir):
    """Write the locks and the database for SEED."""
    g = Gen(seed)
    r = g.r
    pins = []  # (eco, lock_name, version tuple)
    for name in r.sample(PYPI, 20):
        pins.append(("PyPI", name, g.ver()))
    for name in r.sample(NPM, 16):
        pins.append(("npm", name, g.ver()))
    nested = []
    for child, parent in NESTED.items():
        if any(p[1] == parent for p in pins) and r.random() < 0.8:
            nested.append(("npm", child, g.ver(), parent))

    kinds = ["fix", "fix", "fix2", "major", "last", "list", "multi", "alias"]
    decoys = ["withdrawn", "eco", "boundary", "gap", "strcmp", "git-only"]
    allpins = pins + [(e, n, v) for e, n, v, _ in nested]
    for eco, name, v in allpins:
        aname = name.lower().replace("_", "-") if eco == "PyPI" else name
        if eco == "PyPI" and r.random() < 0.3:
            aname = aname.replace("-", "_").capitalize()  # advisory spells it another way
        x = r.random()
        if x < 0.5:
            kind = r.choice(kinds)
            add_vuln(g, eco, aname, v, kind)
            if r.random() < 0.25:
                add_vuln(g, eco, aname, v, "fix")
        elif x < 0.85:
            add_decoy(g, eco, aname, v, r.choice(decoys))
    for i in range(6):  # other ecosystems' noise
        eco = r.choice(["Go", "crates.io", "Maven"])
        g.record(eco, f"example.org/lib{i}", [{"introduced": "0"}, {"fixed": "1.2.3"}])

    db = Path(db_dir)
    for eco, rec in g.records:
        d = db / eco
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{rec['id']}.json").write_text(json.dumps(rec, indent=2) + "\n")

    proj = Path(proj_dir)
    proj.mkdir(parents=True, exist_ok=True)
    lines = ["#", "# This file is autogenerated by pip-compile with Python 3.11", "#",
             "#    pip-compile --output-file=requirements.lock requirements.in", "#"]
    for eco, name, v in sorted((p for p in pins if p[0] == "PyPI"), key=lambda p: p[1].lower()):
        lines.append(f"{name}=={vstr(v, short=r.random() < 0.3)}")
        lines.append("    # via -r requirements.in" if r.random() < 0.6 else f"    # via {r.choice(['celery', 'flask', 'requests'])}")
    (proj / "requirements.lock").write_text("\n".join(lines) + "\n")

    packages = {"": {"name": "ledger-web", "version": "3.4.0", "license": "UNLICENSED",
                     "dependencies": {}}}
    entries = [(f"node_modules/{n}", n, v) for e, n, v in pins if e == "npm"]
    entries += [(f"node_modules/{p}/node_modules/{n}", n, v) for e, n, v, p in nested]
    for path, name, v in sorted(entries):
        vs = vstr(v)
        base = name.split("/")[-1]
        ent = {"version": vs, "resolved": f"https://registry.npmjs.org/{name}/-/{base}-{vs}.tgz",
               "integrity": "sha512-" + base64.b64encode(hashlib.sha512(f"{name}{vs}".encode()).digest()).decode()}
        if r.random() < 0.3:
            ent["dev"] = True
        ent["license"] = "MIT"
        packages[path] = ent
        if path.count("node_modules/") == 1:
            packages[""]["dependencies"][name] = "^" + vs
    lock = {"name": "ledger-web", "version": "3.4.0", "lockfileVersion": 3, "requires": True,
            "packages": packages}
    (proj / "package-lock.json").write_text(json.dumps(lock, indent=2) + "\n")


def add_vuln(g, eco, name, v, kind):
    """An advisory that really affects version V."""
    r = g.r
    vs = vstr(v)
    intro = vstr((v[0], max(0, v[1] - r.randint(0, 3)), 0)) if r.random() < 0.7 else "0"
    if r.random() < 0.2:
        intro = vs  # introduced exactly at the pin
    fix = vstr((v[0], v[1] + r.randint(0, 2), v[2] + r.randint(1, 9)))
    if kind in ("fix", "fix2"):
        if kind == "fix2":
            fix = vstr((v[0], v[1] + 1, 0), short=eco == "PyPI")
        g.record(eco, name, [{"introduced": intro}, {"fixed": fix}], aliases=[g.cve()])
    elif kind == "major":
        g.record(eco, name, [{"introduced": intro}, {"fixed": f"{v[0] + 1}.0.0"}], aliases=[g.cve()])
    elif kind == "last":
        last = vs if r.random() < 0.5 else vstr((v[0], v[1], v[2] + 3))
        g.record(eco, name, [{"introduced": intro}, {"last_affected": last}])
    elif kind == "list":
        vers = sorted({vstr((v[0], v[1], p)) for p in range(max(0, v[2] - 2), v[2] + 1)})
        g.record(eco, name, None, versions=vers, aliases=[g.cve()])
    elif kind == "multi":
        g.record(eco, name, [{"introduced": "0"}, {"fixed": vstr((v[0] - 1, 9, 3))},
                             {"introduced": vstr((v[0], v[1], 0))}, {"fixed": fix}])
    elif kind == "alias":
        cve = g.cve()
        ev = [{"introduced": intro}, {"fixed": fix}]
        a = g.record(eco, name, ev, aliases=[cve])
        if eco == "PyPI":
            g.record(eco, name, ev, aliases=[cve, a["id"]],
                     vid=f"PYSEC-20{r.randint(19, 26)}-{r.randint(1000, 1999)}")
        else:
            g.record(eco, name, ev, aliases=[cve], vid=f"GHSA-{r.choice('mnpqr')}{a['id'][6:]}")


def add_decoy(g, eco, name, v, kind):
    """An advisory that looks relevant but does not affect version V."""
    r = g.r
    vs = vstr(v)
    if kind == "withdrawn":
        g.record(eco, name, [{"introduced": "0"}, {"fixed": vstr((v[0], v[1] + 1, 0))}],
                 withdrawn="2026-10-0%dT00:00:00Z" % r.randint(1, 9), summary=f"Withdrawn: {name}")
    elif kind == "eco":
        other = "npm" if eco == "PyPI" else "PyPI"
        g.record(other, name, [{"introduced": "0"}, {"fixed": vstr((v[0] + 1, 0, 0))}])
    elif kind == "gap":
        g.record(eco, name, [{"introduced": "0"}, {"fixed": vstr((v[0], v[1], 0))},
                             {"introduced": vstr((v[0], v[1] + 1, 0))}, {"fixed": vstr((v[0], v[1] + 1, 5))}])
    elif kind == "strcmp" and v[1] < 10:
        # as text x.10.0 <= x.9.5 < x.99.0, as versions x.9.5 is below the range
        g.record(eco, name, [{"introduced": vstr((v[0], 10, 0))}, {"fixed": vstr((v[0], v[1] * 10 + 9, 0))}])
    elif kind in ("strcmp", "boundary"):
        g.record(eco, name, [{"introduced": "0"}, {"fixed": vs}], aliases=[g.cve()])
    elif kind == "git-only":
        rec = g.record(eco, name, [{"introduced": "0"}, {"fixed": "1.0.0"}])
        rec["affected"][0]["ranges"] = [{"type": "GIT", "repo": "https://github.com/example/x",
                                         "events": [{"introduced": "0"}, {"fixed": "a" * 40}]}]


if __name__ == "__main__":
    build(int(sys.argv[1]), sys.argv[2], sys.argv[3])
