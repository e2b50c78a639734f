#!/bin/bash
# Reference solution: the check first, the triage from it, then the upgrades, the ignores, and a
# final run of the check on the project.
set -euo pipefail
cd /app/svc
mkdir -p audit ci

# 1. The CI check (reads the locks, the OSV dump and the ignore policy).
install -m 0755 /solution/vuln-check ci/vuln-check

# 2. The triage: every finding of the locks as shipped, ignores not applied.
ci/vuln-check --all /app/svc > audit/triage.tsv
wc -l audit/triage.tsv

# 3. Which pins move, and where: every finding fixed, the highest fix in the pin's major version.
python3 - <<'PY'
import json
from packaging.version import Version
plan = {}
for line in open("/app/svc/audit/triage.tsv"):
    eco, name, ver, vid, fixed = line.rstrip("\n").split("\t")
    plan.setdefault((eco, name, ver), []).append((vid, fixed))
moves, stuck = {}, {}
for (eco, name, ver), fs in plan.items():
    fixes = [f for _, f in fs]
    if "-" not in fixes:
        top = max(fixes, key=Version)
        if Version(top).major == Version(ver).major:
            moves[f"{eco}\t{name}\t{ver}"] = top
            continue
    stuck[f"{eco}\t{name}\t{ver}"] = fs
json.dump({"moves": moves, "stuck": stuck}, open("/tmp/upgrade-plan.json", "w"), indent=1)
print(len(moves), "pins move,", len(stuck), "stay")
PY

# 4. requirements.lock: only the version on a moved pin's line changes.
python3 - <<'PY'
import json, re
moves = json.load(open("/tmp/upgrade-plan.json"))["moves"]
norm = lambda n: re.sub(r"[-_.]+", "-", n).lower()
out = []
for line in open("/app/svc/requirements.lock").read().splitlines(keepends=True):
    m = re.match(r"^(\s*)([A-Za-z0-9][A-Za-z0-9._-]*)(\s*==\s*)([^\s;#\\]+)", line)
    if m:
        new = moves.get(f"PyPI\t{norm(m.group(2))}\t{m.group(4)}")
        if new:
            line = line[:m.start(4)] + new + line[m.end(4):]
    out.append(line)
open("/app/svc/requirements.lock", "w").write("".join(out))
PY

# 5. package-lock.json: a moved entry gets the new version and tarball URL, no integrity.
python3 - <<'PY'
import json
moves = json.load(open("/tmp/upgrade-plan.json"))["moves"]
lock = json.load(open("/app/svc/package-lock.json"))
for path, ent in lock["packages"].items():
    if "node_modules/" not in path:
        continue
    name = path.rsplit("node_modules/", 1)[1]
    new = moves.get(f"npm\t{name}\t{ent.get('version')}")
    if new:
        old = ent["version"]
        ent["version"] = new
        ent["resolved"] = ent["resolved"].replace(f"-{old}.tgz", f"-{new}.tgz")
        ent.pop("integrity", None)
open("/app/svc/package-lock.json", "w").write(json.dumps(lock, indent=2) + "\n")
PY

# 6. The ignores: every finding of a pin that cannot move, with a reason and a 60-day expiry.
python3 - <<'PY'
import datetime, json
stuck = json.load(open("/tmp/upgrade-plan.json"))["stuck"]
exp = (datetime.date.today() + datetime.timedelta(days=60)).isoformat()
ign = []
for key, fs in sorted(stuck.items()):
    eco, name, ver = key.split("\t")
    for vid, fixed in fs:
        why = ("no fixed release yet" if fixed == "-" else
               f"fixed only in {fixed}, a new major version (platform upgrade track)")
        ign.append({"ecosystem": eco, "package": name, "id": vid,
                    "reason": f"{name} {ver}: {why}", "expires": exp})
json.dump({"ignore": ign}, open("/app/svc/audit-policy.json", "w"), indent=2)
print(len(ign), "ignore entries")
PY

# 7. The check passes on the project as left.
ci/vuln-check /app/svc && echo "vuln-check: clean"
