"""Generates environment/app/examples/*.json (authoring time). Usage: python3 make_examples.py TASK_DIR

The verifier keeps its own copy of small.json: cp environment/app/examples/small.json tests/small.json
"""
import json
import random
import subprocess
import sys
from pathlib import Path

task = Path(sys.argv[1])
ex = task / "environment/app/examples"
rng = random.Random(7)

small = {"jobs": [
    {"id": "fetch", "duration": 3},
    {"id": "lint", "duration": 4, "needs": ["fetch"]},
    {"id": "build-core", "duration": 10, "needs": ["fetch"]},
    {"id": "build-ui", "duration": 6, "needs": ["fetch"]},
    {"id": "gen-docs", "duration": 0, "needs": ["build-core"]},
    {"id": "test-9", "duration": 5, "needs": ["build-core"]},
    {"id": "test-10", "duration": 5, "needs": ["build-core"]},
    {"id": "test-ui", "duration": 7, "needs": ["build-ui"]},
    {"id": "package", "duration": 2, "needs": ["test-9", "test-10", "test-ui", "lint", "gen-docs"]},
    {"id": "publish-docs", "duration": 1, "needs": ["gen-docs"], "owner": "docs-team"},
]}
(ex / "small.json").write_text(json.dumps(small, indent=2) + "\n")
out = subprocess.run([sys.executable, str(task / "solution/plan.py"), str(ex / "small.json"), "--workers", "2"],
                     capture_output=True, text=True, check=True).stdout
(ex / "small.workers2.schedule.json").write_text(json.dumps(json.loads(out), indent=2) + "\n")

# The monorepo pipeline: ~30k jobs, ~100k edges, one job per line.
services = [f"svc{n:04d}" for n in range(2400)]
stages = [("fetch", 2, 6), ("build", 20, 240), ("unit-test", 10, 180), ("lint", 3, 30), ("package", 4, 40),
          ("integration-test", 30, 400), ("scan", 5, 60), ("publish", 1, 10), ("smoke", 2, 30),
          ("docs", 0, 8), ("notify", 0, 1), ("archive", 1, 5)]
jobs, ids = [], []
for i, svc in enumerate(services):
    prev = None
    for name, lo, hi in stages:
        jid = f"{svc}/{name}"
        needs = []
        if prev:
            needs.append(prev)
        if name in ("build", "integration-test") and ids:
            needs += rng.sample(ids[max(0, len(ids) - 4000):], k=min(len(ids), 3))
        jobs.append({"id": jid, "duration": rng.randint(lo, hi), "needs": sorted(set(needs))})
        ids.append(jid)
        prev = jid if name in ("fetch", "build", "package", "publish") else prev
special = [
    {"id": "legacy-billing/backfill", "duration": 2400, "needs": ["svc0042/publish"], "owner": "billing"},
    {"id": "legacy-billing/migrate", "duration": 5400, "needs": ["legacy-billing/backfill", "svc0042/integration-test"],
     "owner": "billing", "note": "runs ~90 min against the billing replica; must never overlap a billing deploy window"},
    {"id": "release-train", "duration": 15, "needs": ["legacy-billing/migrate"] + [f"svc{n:04d}/publish" for n in range(0, 2400, 97)]},
]
jobs += special
edges = sum(len(j["needs"]) for j in jobs)
lines = ",\n".join(json.dumps(j, separators=(", ", ": ")) for j in jobs)
(ex / "monorepo.json").write_text('{"jobs": [\n' + lines + "\n]}\n")
print(len(jobs), "jobs", edges, "edges", (ex / "monorepo.json").stat().st_size, "bytes")
