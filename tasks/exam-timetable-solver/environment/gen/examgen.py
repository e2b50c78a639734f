#!/usr/bin/env python3
"""Generate an exam-timetabling instance: periods, rooms, exams, enrolments, needs and rules (CSV files).

usage: examgen.py OUT_DIR --seed N --exams N --students N [--days N] [--infeasible KIND]

The instance is feasible by construction: a hidden timetable that meets every hard rule is drawn
first, and the pins and order rules are taken from it.
"""
import argparse
import csv
import random
from datetime import date, timedelta
from pathlib import Path

SLOTS = [("09:00", 180), ("13:30", 180), ("17:00", 120)]
ROOMS = [("Main Hall", 260, "yes"), ("Sports Hall", 190, "no"), ("Lecture Theatre A", 140, "yes"),
         ("Lecture Theatre B", 120, "no"), ("Library Annex", 80, "yes"), ("Room 2.14", 60, "no"),
         ("Room 2.15", 60, "no"), ("Room 3.01", 40, "yes"), ("Seminar Room 1", 30, "no"),
         ("Seminar Room 2", 25, "yes")]
SUBJECTS = ["Algebra", "Analysis", "Mechanics", "Thermodynamics", "Organic Chemistry", "Genetics",
            "Microeconomics", "Macroeconomics", "Statistics", "Databases", "Compilers", "Ethics",
            "Linguistics", "Art History", "Contract Law", "Tort Law", "Anatomy", "Physiology",
            "Geology", "Ecology", "Networks", "Optics", "Accounting", "Marketing", "Philosophy"]


def write(path, header, rows):
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(header)
        w.writerows(rows)


def generate(out, seed, n_exams, n_students, days=12, infeasible=None):
    r = random.Random(seed)
    out.mkdir(parents=True, exist_ok=True)
    start = date(2027, 1, 11)
    periods = []
    d, k = start, 0
    while len({p[1] for p in periods}) < days:
        if d.weekday() < 5:
            for slot, minutes in SLOTS:
                k += 1
                periods.append((f"P{k:02d}", d.isoformat(), slot, minutes))
        d += timedelta(days=1)
    rooms = ROOMS[: 8 + r.randrange(0, 3)]
    exams = []
    for i in range(n_exams):
        code = f"{r.choice('ABCDEFGHKLMPS')}{r.choice('ABCDEFGHKLMPS')}{100 + i * 7 % 900:03d}"
        exams.append([code, f"{r.choice(SUBJECTS)} {r.choice(['I', 'II', 'III', 'Finals', 'Resit'])}",
                      r.choice([60, 90, 120, 120, 150, 180])])
    # hidden timetable: each exam a period whose length fits it and a room
    hidden, used = {}, set()
    for e in exams:
        while True:
            p = r.randrange(len(periods))
            if periods[p][3] < e[2]:
                continue
            free = [j for j in range(len(rooms)) if (p, j) not in used]
            if free:
                j = r.choice(free)
                used.add((p, j))
                hidden[e[0]] = (p, j)
                break
    # enrolments: students take exams whose hidden periods differ; sizes fit the hidden room
    cap = {e[0]: rooms[hidden[e[0]][1]][1] for e in exams}
    size = {e[0]: 0 for e in exams}
    enrol = []
    students = [f"s{200000 + r.randrange(0, 800000):06d}" for _ in range(n_students)]
    students = sorted(set(students))
    weights = [r.paretovariate(1.2) for _ in exams]
    for s in students:
        want = r.choice([3, 3, 4, 4, 5])
        mine, taken = [], set()
        for _ in range(want * 6):
            e = r.choices(exams, weights)[0]
            p = hidden[e[0]][0]
            if e[0] in mine or p in taken or size[e[0]] >= cap[e[0]]:
                continue
            mine.append(e[0])
            taken.add(p)
            size[e[0]] += 1
            if len(mine) == want:
                break
        enrol += [(s, e) for e in mine]
    # accessibility needs: students whose exams all sit in accessible rooms in the hidden timetable
    needs = []
    by_student = {}
    for s, e in enrol:
        by_student.setdefault(s, []).append(e)
    for s, es in by_student.items():
        if all(rooms[hidden[e][1]][2] == "yes" for e in es) and r.random() < 0.25:
            needs.append((s, "accessible room"))
    needs = needs[:25]
    rules = []
    for e in r.sample(exams, max(2, n_exams // 25)):
        rules.append(("pin", e[0], periods[hidden[e[0]][0]][0]))
    ordered = [e[0] for e in exams]
    for _ in range(max(2, n_exams // 20)):
        a, b = r.sample(ordered, 2)
        if hidden[a][0] != hidden[b][0]:
            first, then = (a, b) if hidden[a][0] < hidden[b][0] else (b, a)
            rules.append(("after", then, first))
    if infeasible == "too-big":
        biggest = max(x[1] for x in rooms)
        e = exams[0][0]
        extra = [f"s{100000 + i:06d}" for i in range(biggest + 1 - size[e])]
        enrol += [(s, e) for s in extra]
    elif infeasible == "pinned-clash":
        s, e1 = enrol[0]
        e2 = next(e for t, e in enrol if t == s and e != e1)
        rules = [x for x in rules if x[1] not in (e1, e2)]
        rules += [("pin", e1, periods[0][0]), ("pin", e2, periods[0][0])]
    r.shuffle(enrol)
    write(out / "periods.csv", ["period", "date", "start", "minutes"], periods)
    write(out / "rooms.csv", ["room", "capacity", "accessible"], rooms)
    write(out / "exams.csv", ["exam", "title", "minutes"], exams)
    write(out / "enrolments.csv", ["student", "exam"], enrol)
    write(out / "needs.csv", ["student", "need"], needs)
    write(out / "rules.csv", ["rule", "exam", "other"], rules)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--exams", type=int, default=120)
    ap.add_argument("--students", type=int, default=1600)
    ap.add_argument("--days", type=int, default=12)
    ap.add_argument("--infeasible", choices=["too-big", "pinned-clash"])
    a = ap.parse_args()
    generate(Path(a.out), a.seed, a.exams, a.students, a.days, a.infeasible)


if __name__ == "__main__":
    main()
