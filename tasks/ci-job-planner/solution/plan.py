#!/usr/bin/env python3
"""CI job planner: plan.py JOBS.json --workers N

Prints the schedule as JSON: {"makespan": int, "schedule": [{"job", "worker", "start", "end"}, ...]}
in assignment order. Exit status 2 on invalid input.
"""
import argparse
import heapq
import json
import sys


class InputError(Exception):
    pass


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}") from e
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InputError(f"{path} is not valid JSON: {e}") from e
    if not isinstance(data, dict) or not isinstance(data.get("jobs"), list):
        raise InputError(f"{path}: expected an object with a 'jobs' list")
    ids, durations, needs = [], [], []
    index = {}
    for n, job in enumerate(data["jobs"]):
        if not isinstance(job, dict):
            raise InputError(f"job #{n} is not an object")
        jid = job.get("id")
        if not isinstance(jid, str) or not jid:
            raise InputError(f"job #{n} has no valid 'id'")
        dur = job.get("duration")
        if not isinstance(dur, int) or isinstance(dur, bool) or dur < 0:
            raise InputError(f"job '{jid}' has an invalid 'duration' (expected an integer >= 0)")
        req = job.get("needs", [])
        if not isinstance(req, list) or not all(isinstance(r, str) for r in req):
            raise InputError(f"job '{jid}' has an invalid 'needs' (expected a list of job ids)")
        if jid in index:
            raise InputError(f"duplicate job id '{jid}'")
        index[jid] = len(ids)
        ids.append(jid)
        durations.append(dur)
        needs.append(req)
    need_idx = []
    for i, req in enumerate(needs):
        row = []
        for r in dict.fromkeys(req):
            if r not in index:
                raise InputError(f"job '{ids[i]}' needs unknown job '{r}'")
            row.append(index[r])
        need_idx.append(row)
    return ids, durations, need_idx


def topo_order(n, need_idx, succ):
    indeg = [len(r) for r in need_idx]
    order = [i for i in range(n) if indeg[i] == 0]
    for v in order:  # the list grows while we walk it (Kahn's algorithm)
        for s in succ[v]:
            indeg[s] -= 1
            if indeg[s] == 0:
                order.append(s)
    return order


def plan(ids, durations, need_idx, workers):
    n = len(ids)
    succ = [[] for _ in range(n)]
    for i, req in enumerate(need_idx):
        for r in req:
            succ[r].append(i)
    order = topo_order(n, need_idx, succ)
    rank = [0] * n
    for v in reversed(order):
        rank[v] = durations[v] + max((rank[s] for s in succ[v]), default=0)
    waiting = [len(r) for r in need_idx]
    ready = [(-rank[i], ids[i], i) for i in range(n) if waiting[i] == 0]
    heapq.heapify(ready)
    idle = list(range(1, workers + 1))
    running = []  # (end, worker, job)
    schedule = []
    t = 0

    def finish(job):
        for s in succ[job]:
            waiting[s] -= 1
            if waiting[s] == 0:
                heapq.heappush(ready, (-rank[s], ids[s], s))

    while True:
        while idle and ready:
            _, _, job = heapq.heappop(ready)
            worker = heapq.heappop(idle)
            end = t + durations[job]
            schedule.append({"job": ids[job], "worker": worker, "start": t, "end": end})
            if end == t:
                heapq.heappush(idle, worker)
                finish(job)
            else:
                heapq.heappush(running, (end, worker, job))
        if not running:
            break
        t = running[0][0]
        while running and running[0][0] == t:
            _, worker, job = heapq.heappop(running)
            heapq.heappush(idle, worker)
            finish(job)
    makespan = max((e["end"] for e in schedule), default=0)
    return {"makespan": makespan, "schedule": schedule}


def main(argv):
    parser = argparse.ArgumentParser(prog="plan.py", description="Plan CI jobs on N workers.")
    parser.add_argument("jobs", help="job file (JSON)")
    parser.add_argument("--workers", type=int, required=True, help="number of workers (>= 1)")
    args = parser.parse_args(argv)
    if args.workers < 1:
        print("error: --workers must be at least 1", file=sys.stderr)
        return 2
    try:
        ids, durations, need_idx = load(args.jobs)
        result = plan(ids, durations, need_idx, args.workers)
    except InputError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, separators=(",", ":"))
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
