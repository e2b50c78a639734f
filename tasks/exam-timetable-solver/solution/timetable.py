#!/usr/bin/env python3
"""usage: timetable.py INSTANCE_DIR OUT_DIR [--seconds N]

Exam timetabling: every exam gets a period and a room meeting the hard rules; a greedy start, then
a local search on the soft penalty until the time is up. Writes OUT_DIR/timetable.csv and
OUT_DIR/penalty.txt; exit 2 with 'error: infeasible: ...' when the instance cannot be solved.
"""
import argparse
import csv
import math
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

W_B2B, W_DAY, W_LATE, LARGE, LATE_DAYS = 3, 1, 5, 100, 3


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def fail(msg):
    print(f"error: infeasible: {msg}", file=sys.stderr)
    sys.exit(2)


class Instance:
    def __init__(self, d):
        self.periods = [(p["period"], p["date"], p["start"], int(p["minutes"])) for p in rows(d / "periods.csv")]
        self.periods.sort(key=lambda p: (p[1], p[2]))
        self.pidx = {p[0]: i for i, p in enumerate(self.periods)}
        dates = sorted({p[1] for p in self.periods})
        self.day = [dates.index(p[1]) for p in self.periods]
        self.late = {i for i, p in enumerate(self.periods) if p[1] in dates[-LATE_DAYS:]}
        # consecutive: next period on the same date
        self.adjacent = {(i, i + 1) for i in range(len(self.periods) - 1) if self.day[i] == self.day[i + 1]}
        self.rooms = sorted(((r["room"], int(r["capacity"]), r["accessible"].strip().lower() == "yes")
                             for r in rows(d / "rooms.csv")), key=lambda r: (r[1], r[0]))
        self.exams = {e["exam"]: int(e["minutes"]) for e in rows(d / "exams.csv")}
        self.students = defaultdict(list)
        self.takers = defaultdict(set)
        for r in rows(d / "enrolments.csv"):
            if r["exam"] not in self.takers or r["student"] not in self.takers[r["exam"]]:
                self.students[r["student"]].append(r["exam"])
                self.takers[r["exam"]].add(r["student"])
        needy = {r["student"] for r in rows(d / "needs.csv") if "accessible" in r["need"].lower()}
        self.needs_acc = {e for e in self.exams if self.takers[e] & needy}
        self.size = {e: len(self.takers[e]) for e in self.exams}
        self.pin, self.after = {}, []
        for r in rows(d / "rules.csv"):
            if r["rule"] == "pin":
                self.pin[r["exam"]] = self.pidx[r["other"]]
            elif r["rule"] == "after":
                self.after.append((r["exam"], r["other"]))
        self.conf = defaultdict(set)
        for es in self.students.values():
            for a in es:
                for b in es:
                    if a != b:
                        self.conf[a].add(b)

    def check(self):
        for e in sorted(self.exams):
            fits = [r for r in self.rooms if r[1] >= self.size[e] and (r[2] or e not in self.needs_acc)]
            if not fits:
                fail(f"exam {e} has {self.size[e]} students, no suitable room holds them")
            if not any(p[3] >= self.exams[e] for p in self.periods):
                fail(f"exam {e} is longer than every period")
        pins = sorted(self.pin.items())
        for i, (a, pa) in enumerate(pins):
            for b, pb in pins[i + 1:]:
                if pa == pb and b in self.conf[a]:
                    fail(f"pinned exams {a} and {b} share students in {self.periods[pa][0]}")


def penalty(inst, period_of):
    b2b = day = 0
    for es in inst.students.values():
        ps = sorted(period_of[e] for e in es)
        for i in range(len(ps)):
            for j in range(i + 1, len(ps)):
                if inst.day[ps[i]] == inst.day[ps[j]]:
                    if (ps[i], ps[j]) in inst.adjacent:
                        b2b += 1
                    else:
                        day += 1
    late = sum(1 for e, p in period_of.items() if inst.size[e] >= LARGE and p in inst.late)
    return b2b, day, late, W_B2B * b2b + W_DAY * day + W_LATE * late


class State:
    def __init__(self, inst):
        self.inst = inst
        self.period = {}
        self.room = {}
        self.occupied = defaultdict(dict)  # period -> room name -> exam
        self.in_period = defaultdict(set)

    def room_for(self, e, p):
        inst = self.inst
        for name, capacity, acc in inst.rooms:
            if capacity >= inst.size[e] and (acc or e not in inst.needs_acc) and name not in self.occupied[p]:
                return name
        return None

    def allowed(self, e, p):
        inst = self.inst
        if inst.periods[p][3] < inst.exams[e]:
            return False
        if e in inst.pin and inst.pin[e] != p:
            return False
        if inst.conf[e] & self.in_period[p]:
            return False
        for a, b in inst.after:
            if a == e and b in self.period and not p > self.period[b]:
                return False
            if b == e and a in self.period and not self.period[a] > p:
                return False
        return True

    def place(self, e, p, room):
        self.period[e], self.room[e] = p, room
        self.occupied[p][room] = e
        self.in_period[p].add(e)

    def remove(self, e):
        p, room = self.period.pop(e), self.room.pop(e)
        del self.occupied[p][room]
        self.in_period[p].discard(e)
        return p, room

    def cost_of(self, e, p):
        """Soft penalty that exam e adds in period p, against the exams already placed."""
        inst = self.inst
        c = W_LATE if inst.size[e] >= LARGE and p in inst.late else 0
        for s in inst.takers[e]:
            for f in inst.students[s]:
                q = self.period.get(f)
                if f == e or q is None or inst.day[q] != inst.day[p]:
                    continue
                c += W_B2B if (min(p, q), max(p, q)) in inst.adjacent else W_DAY
        return c


def construct(inst, r):
    """Saturation-first greedy: place next the exam with the fewest feasible periods left."""
    st = State(inst)
    todo = set(inst.exams)
    noise = {e: r.random() for e in inst.exams}
    while todo:
        options = {}
        for e in todo:
            opts = [p for p in range(len(inst.periods)) if st.allowed(e, p) and st.room_for(e, p) is not None]
            if not opts:
                return None
            options[e] = opts
        e = min(todo, key=lambda x: (len(options[x]), -len(inst.conf[x]), -inst.size[x], noise[x]))
        p = min(options[e], key=lambda q: (st.cost_of(e, q), noise[e] * q % 1))
        st.place(e, p, st.room_for(e, p))
        todo.discard(e)
    return st


def search(inst, st, deadline, r):
    exams = sorted(inst.exams)
    movable = [e for e in exams if e not in inst.pin]
    current = penalty(inst, st.period)[3]
    best, best_snap = current, (dict(st.period), dict(st.room))
    temp = 2.0
    while time.time() < deadline and movable:
        e = r.choice(movable)
        p0 = st.period[e]
        q = r.randrange(len(inst.periods))
        if q == p0:
            continue
        before = st.cost_of(e, p0)
        _, room0 = st.remove(e)
        if not st.allowed(e, q):
            st.place(e, p0, room0)
            continue
        room = st.room_for(e, q)
        if room is None:
            st.place(e, p0, room0)
            continue
        delta = st.cost_of(e, q) - before
        if delta <= 0 or r.random() < math.exp(-delta / temp):
            st.place(e, q, room)
            current += delta
            if current < best:
                best, best_snap = current, (dict(st.period), dict(st.room))
        else:
            st.place(e, p0, room0)
        temp = max(0.05, temp * 0.99995)
    return best_snap


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("instance")
    ap.add_argument("out")
    ap.add_argument("--seconds", type=float, default=30)
    a = ap.parse_args()
    start = time.time()
    inst = Instance(Path(a.instance))
    inst.check()
    r = random.Random(1)
    st = None
    for _ in range(200):
        st = construct(inst, r)
        if st is not None:
            break
    if st is None:
        fail("no timetable found that meets every hard rule")
    period, room = search(inst, st, start + a.seconds * 0.9, r)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "timetable.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["exam", "period", "room"])
        for e in sorted(inst.exams):
            w.writerow([e, inst.periods[period[e]][0], room[e]])
    b2b, day, late, total = penalty(inst, period)
    (out / "penalty.txt").write_text(f"back_to_back {b2b}\nsame_day {day}\nlate_large {late}\ntotal {total}\n")


if __name__ == "__main__":
    main()
