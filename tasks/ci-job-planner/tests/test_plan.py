"""Checks /app/plan.py against an independent reference of the scheduling rule in instruction.md."""
import heapq
import itertools
import json
import random
import resource
import signal
import subprocess
from pathlib import Path

import pytest

PLAN = "/app/plan.py"
WORK = Path("/tmp/plan-verifier")
HERE = Path(__file__).parent


def reference(jobs, workers):
    ids = [j["id"] for j in jobs]
    idx = {j: i for i, j in enumerate(ids)}
    dur = [j["duration"] for j in jobs]
    needs = [sorted({idx[r] for r in j.get("needs", [])}) for j in jobs]
    succ = [[] for _ in jobs]
    for i, req in enumerate(needs):
        for r in req:
            succ[r].append(i)
    indeg = [len(r) for r in needs]
    order = [i for i, d in enumerate(indeg) if d == 0]
    k = 0
    while k < len(order):
        for s in succ[order[k]]:
            indeg[s] -= 1
            if indeg[s] == 0:
                order.append(s)
        k += 1
    assert len(order) == len(jobs)
    rank = [0] * len(jobs)
    for v in reversed(order):
        rank[v] = dur[v] + max([rank[s] for s in succ[v]] or [0])
    left = [len(r) for r in needs]
    ready = [(-rank[i], ids[i], i) for i in range(len(jobs)) if left[i] == 0]
    heapq.heapify(ready)
    idle = list(range(1, workers + 1))
    running, out, t = [], [], 0

    def done(v):
        for s in succ[v]:
            left[s] -= 1
            if left[s] == 0:
                heapq.heappush(ready, (-rank[s], ids[s], s))

    while True:
        while idle and ready:
            v = heapq.heappop(ready)[2]
            w = heapq.heappop(idle)
            out.append({"job": ids[v], "worker": w, "start": t, "end": t + dur[v]})
            if dur[v] == 0:
                heapq.heappush(idle, w)
                done(v)
            else:
                heapq.heappush(running, (t + dur[v], w, v))
        if not running:
            break
        t = running[0][0]
        while running and running[0][0] == t:
            _, w, v = heapq.heappop(running)
            heapq.heappush(idle, w)
            done(v)
    return {"makespan": max([e["end"] for e in out] or [0]), "schedule": out}


def write(name, payload):
    WORK.mkdir(parents=True, exist_ok=True)
    path = WORK / name
    path.write_text(payload if isinstance(payload, str) else json.dumps(payload))
    return str(path)


# CPU seconds, not wall-clock: a busy machine stretches the wall clock, never the work done.  The
# reference plans 30,000 jobs in a fraction of this; a planner that spins is stopped here (SIGXCPU)
# instead of burning a minute of a shared machine per check.
CPU_LIMIT = 10


# Refusing bad input takes no planning: a planner that starts planning anyway (zero workers never
# finish a job) is stopped sooner.
ERROR_CPU_LIMIT = 2


def cpu_limit(seconds):
    return lambda: resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))


def run(path, *args, timeout=60, cpu=CPU_LIMIT):  # the wall clock only backs up the CPU limit (a planner that sleeps)
    return subprocess.run(
        ["python3", PLAN, path, *args], capture_output=True, text=True, timeout=timeout, preexec_fn=cpu_limit(cpu)
    )


def plan_ok(jobs, workers, name="jobs.json"):
    r = run(write(name, {"jobs": jobs}), "--workers", str(workers))
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


def random_jobs(rng, n, zero_share=0.3, max_dur=6, fanin=3, id_style="plain"):
    jobs = []
    for i in range(n):
        if id_style == "numbered":
            jid = f"test-{rng.randrange(1, 40)}-{i}"
        else:
            jid = f"j{i:03d}" if rng.random() < 0.5 else f"job-{i}"
        dur = 0 if rng.random() < zero_share else rng.randint(1, max_dur)
        k = rng.randint(0, min(i, fanin))
        needs = [jobs[x]["id"] for x in rng.sample(range(i), k)] if k else []
        job = {"id": jid, "duration": dur}
        if needs or rng.random() < 0.5:
            job["needs"] = needs
        jobs.append(job)
    rng.shuffle(jobs)
    return jobs


def test_small_example():
    jobs = json.loads((HERE / "small.json").read_text())["jobs"]
    for workers in (1, 2, 3, 5):
        assert plan_ok(jobs, workers) == reference(jobs, workers)


def test_workers_numbered_from_one_and_needs_key():
    """Workers are numbered 1..N, and job files list dependencies under needs (not the prototype's deps): a job starts only after the jobs it needs have finished."""
    jobs = [{"id": "a", "duration": 2}, {"id": "b", "duration": 3, "needs": ["a"]}, {"id": "c", "duration": 1}]
    got = plan_ok(jobs, 2)
    assert got == reference(jobs, 2)
    assert {e["worker"] for e in got["schedule"]} <= {1, 2}
    b = next(e for e in got["schedule"] if e["job"] == "b")
    assert b["start"] >= 2, "b needs a"


@pytest.mark.parametrize("seed", range(40))
def test_random_graphs_match_reference(seed):
    """On 40 random job graphs the plan equals the scheduling rule's (a reference simulation): ranks, the ready job with the highest rank (ties: smallest id) on the idle worker with the smallest number, and t advanced to the earliest end time of the running jobs."""
    rng = random.Random(seed)
    jobs = random_jobs(rng, rng.randint(3, 40), id_style="numbered" if seed % 3 == 0 else "plain")
    workers = rng.randint(1, 4)
    assert plan_ok(jobs, workers) == reference(jobs, workers)


def test_zero_duration_chain_runs_at_the_same_instant():
    jobs = [{"id": "z1", "duration": 0}, {"id": "z2", "duration": 0, "needs": ["z1"]},
            {"id": "z3", "duration": 0, "needs": ["z2"]}, {"id": "x", "duration": 5, "needs": ["z3"]},
            {"id": "y", "duration": 4}]
    got = plan_ok(jobs, 1)
    assert got == reference(jobs, 1)
    assert [e["start"] for e in got["schedule"][:4]] == [0, 0, 0, 0]


def test_ties_use_plain_string_order():
    jobs = [{"id": i, "duration": 3} for i in ("test-9", "test-10", "Test-2", "test-1")]
    got = plan_ok(jobs, 1)
    assert [e["job"] for e in got["schedule"]] == ["Test-2", "test-1", "test-10", "test-9"]


def test_extra_keys_duplicate_needs_and_empty_input():
    jobs = [{"id": "a", "duration": 1, "owner": "x", "note": "n"}, {"id": "b", "duration": 1, "needs": ["a", "a"]}]
    assert plan_ok(jobs, 3) == reference(jobs, 3)
    assert plan_ok([], 2) == {"makespan": 0, "schedule": []}


def error(payload, *args):
    r = run(write("bad.json", payload), *(args or ("--workers", "2")), cpu=ERROR_CPU_LIMIT)
    assert r.stdout.strip() == "", "nothing on stdout on error"
    assert "Traceback" not in r.stderr
    return r


def test_duplicate_id():
    r = error({"jobs": [{"id": "a", "duration": 1}, {"id": "a", "duration": 2}]})
    assert r.returncode == 2
    assert r.stderr.strip() == "error: duplicate job id 'a'"


def test_unknown_need():
    r = error({"jobs": [{"id": "a", "duration": 1, "needs": ["ghost"]}]})
    assert r.returncode == 2
    assert r.stderr.strip() == "error: job 'a' needs unknown job 'ghost'"


@pytest.mark.parametrize("payload", [
    "{not json",
    {"jobs": [{"id": "a", "duration": -1}]},
    {"jobs": [{"id": "a", "duration": 1.5}]},
    {"jobs": [{"id": "", "duration": 1}]},
    {"jobs": [{"duration": 1}]},
    {"jobs": [{"id": "a", "duration": 1, "needs": "b"}]},
    {"tasks": []},
])
def test_invalid_input(payload):
    r = error(payload)
    assert r.returncode == 2
    assert r.stderr.startswith("error: ")


def test_bad_worker_count_and_missing_file():
    """N is an integer >= 1, otherwise exit status 2 with an error: line on stderr; a missing JOBS.json file is an error with exit status 2 too."""
    r = error({"jobs": [{"id": "a", "duration": 1}]}, "--workers", "0")
    assert r.returncode == 2
    assert r.stderr.startswith("error: ")
    r = run("/tmp/plan-verifier/does-not-exist.json", "--workers", "2", cpu=ERROR_CPU_LIMIT)
    assert r.returncode == 2
    assert r.stderr.startswith("error: ")
    assert r.stdout == ""


def check_cycle(r, jobs):
    assert r.returncode == 3, r.stderr
    line = r.stderr.strip()
    assert line.startswith("error: dependency cycle: ")
    names = line[len("error: dependency cycle: "):].split(" -> ")
    assert len(names) >= 2
    assert names[0] == names[-1]
    needs = {j["id"]: set(j.get("needs", [])) for j in jobs}
    for a, b in itertools.pairwise(names):
        assert b in needs[a], f"{a} does not need {b}"


def test_cycle_reported():
    """Dependencies that form a cycle: error: dependency cycle: a -> b -> c -> a (exit 3), one real cycle in which each job needs the next one and the first job is repeated at the end."""
    jobs = [{"id": "a", "duration": 1}, {"id": "b", "duration": 1, "needs": ["a", "d"]},
            {"id": "c", "duration": 1, "needs": ["b"]}, {"id": "d", "duration": 1, "needs": ["c"]},
            {"id": "e", "duration": 1, "needs": ["d"]}]
    check_cycle(error({"jobs": jobs}), jobs)


def test_self_cycle_reported():
    jobs = [{"id": "solo", "duration": 1, "needs": ["solo"]}]
    r = error({"jobs": jobs})
    check_cycle(r, jobs)
    assert r.stderr.strip() == "error: dependency cycle: solo -> solo"


def test_deep_chain_does_not_hit_recursion_limits():
    """A chain of 50,000 jobs (each needing the previous one) must work: no recursion limits."""
    n = 50000
    jobs = [{"id": f"s{i}", "duration": 1, "needs": [f"s{i - 1}"] if i else []} for i in range(n)]
    got = plan_ok(jobs, 4, name="deep.json")
    assert got["makespan"] == n
    assert len(got["schedule"]) == n


def test_large_wide_graph_is_fast_and_correct():
    """Fast on a pipeline the size of the monorepo one (about 29,000 jobs): a 30,000-job layered graph is planned correctly within the time limit."""
    rng = random.Random(2024)
    layers, width = 30, 1000
    jobs = []
    for layer in range(layers):
        for k in range(width):
            jid = f"L{layer:02d}-{k:04d}"
            needs = []
            if layer:
                needs = [f"L{layer - 1:02d}-{x:04d}" for x in rng.sample(range(width), rng.randint(2, 5))]
            jobs.append({"id": jid, "duration": rng.choice([0, 1, 2, 3, 5, 8, 13]), "needs": needs})
    rng.shuffle(jobs)
    path = write("wide.json", {"jobs": jobs})
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    r = run(path, "--workers", "16")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    assert r.returncode != -signal.SIGXCPU, f"stopped after {CPU_LIMIT} s of CPU for 30000 jobs"
    assert r.returncode == 0, r.stderr[-2000:]
    assert cpu < CPU_LIMIT, f"took {cpu:.1f} s of CPU for 30000 jobs"
    assert json.loads(r.stdout) == reference(jobs, 16)
