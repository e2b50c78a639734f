#!/usr/bin/env python3
"""CI job planner (prototype).

    python3 plan.py jobs.json --workers 4
"""
import argparse
import json


def rank(job, jobs, succ):
    # Longest remaining path from this job to the end of the pipeline.
    return jobs[job]["duration"] + max([rank(s, jobs, succ) for s in succ[job]] or [0])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("jobs")
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args()
    data = json.load(open(args.jobs))
    jobs = {j["id"]: j for j in data["jobs"]}
    succ = {j: [] for j in jobs}
    for j in jobs.values():
        for d in j.get("deps", []):
            succ[d].append(j["id"])
    prio = {j: rank(j, jobs, succ) for j in jobs}

    done, started = set(), {}
    busy = {}  # worker -> (job, end)
    schedule = []
    t = 0
    while len(done) < len(jobs):
        for w, (j, end) in list(busy.items()):
            if end <= t:
                done.add(j)
                del busy[w]
        ready = [j for j in jobs if j not in started and all(d in done for d in jobs[j].get("deps", []))]
        ready.sort(key=lambda j: -prio[j])
        for w in range(args.workers):
            if w not in busy and ready:
                j = ready.pop(0)
                started[j] = t
                busy[w] = (j, t + jobs[j]["duration"])
                schedule.append({"job": j, "worker": w, "start": t, "end": t + jobs[j]["duration"]})
        t += 1
    print(json.dumps({"makespan": max(e["end"] for e in schedule), "schedule": schedule}, indent=2))


main()
