"""Verifier for exam-timetable-solver: the three timetables written, and /app/timetable.py re-run on fresh instances."""

import csv
import hashlib
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).parent
EXAMS = Path("/app/exams")
OUT = Path("/app/out")
FRESH = Path("/tmp/ett-verifier")
INSTANCES = ["winter-2026", "bench/b1", "bench/b2"]
RULES = ["one-period-one-room", "room-clash", "capacity", "length", "student-clash", "pin", "after", "accessible"]


def rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def judge(inst_dir: Path, out_dir: Path):
    """({rule: [violations]}, {penalty line: value}) of a timetable, by the rules of instruction.md."""
    periods = rows(inst_dir / "periods.csv")
    periods.sort(key=lambda p: (p["date"], p["start"]))
    order = {p["period"]: i for i, p in enumerate(periods)}
    dates = sorted({p["date"] for p in periods})
    rooms = {r["room"]: (int(r["capacity"]), r["accessible"] == "yes") for r in rows(inst_dir / "rooms.csv")}
    exams = {e["exam"]: int(e["minutes"]) for e in rows(inst_dir / "exams.csv")}
    takers = defaultdict(set)
    for r in rows(inst_dir / "enrolments.csv"):
        takers[r["exam"]].add(r["student"])
    needy = {r["student"] for r in rows(inst_dir / "needs.csv") if r["need"] == "accessible room"}
    tt = rows(out_dir / "timetable.csv")
    bad = {k: [] for k in RULES}
    seen = defaultdict(list)
    for r in tt:
        seen[r["exam"]].append(r)
    if sorted(seen) != sorted(exams) or any(len(v) != 1 for v in seen.values()):
        bad["one-period-one-room"].append("exams missing or repeated")
    place = {e: (v[0]["period"], v[0]["room"]) for e, v in seen.items() if e in exams}
    if any(p not in order or room not in rooms for p, room in place.values()):
        bad["one-period-one-room"].append("unknown period or room")
        return bad, {}
    used = defaultdict(list)
    for e, (p, room) in place.items():
        used[(p, room)].append(e)
        if rooms[room][0] < len(takers[e]):
            bad["capacity"].append(e)
        if exams[e] > int(periods[order[p]]["minutes"]):
            bad["length"].append(e)
        if takers[e] & needy and not rooms[room][1]:
            bad["accessible"].append(e)
    bad["room-clash"] = [k for k, v in used.items() if len(v) > 1]
    per_student = defaultdict(list)
    for e, ss in takers.items():
        for s in ss:
            per_student[s].append(order[place[e][0]])
    bad["student-clash"] = [s for s, ps in per_student.items() if len(ps) != len(set(ps))]
    for r in rows(inst_dir / "rules.csv"):
        if r["rule"] == "pin" and place[r["exam"]][0] != r["other"]:
            bad["pin"].append(r["exam"])
        if r["rule"] == "after" and not order[place[r["exam"]][0]] > order[place[r["other"]][0]]:
            bad["after"].append((r["exam"], r["other"]))
    b2b = day = 0
    for ps in per_student.values():
        for i in range(len(ps)):
            for j in range(i + 1, len(ps)):
                a, b = sorted((ps[i], ps[j]))
                if periods[a]["date"] == periods[b]["date"]:
                    if b == a + 1:
                        b2b += 1
                    else:
                        day += 1
    late = sum(1 for e, (p, _) in place.items() if len(takers[e]) >= 100 and periods[order[p]]["date"] in dates[-3:])
    return bad, {"back_to_back": b2b, "same_day": day, "late_large": late, "total": 3 * b2b + day + 5 * late}


def reported(out_dir):
    lines = (out_dir / "penalty.txt").read_text().split("\n")
    return {k: int(v) for k, v in (line.split() for line in lines if line.strip())}


def solve(inst, out, seconds=20):
    return subprocess.run([sys.executable, "/app/timetable.py", str(inst), str(out), "--seconds", str(seconds)],
                          capture_output=True, text=True, timeout=seconds + 240)


@pytest.fixture(scope="module")
def fresh():
    """Two fresh instances (other seeds and sizes), solved by the agent's command."""
    subprocess.run(["rm", "-rf", str(FRESH)], check=True)
    done = []
    for seed, exams, students, days in [(77, 110, 1500, 12), (78, 60, 700, 8)]:
        inst = FRESH / f"i{seed}"
        subprocess.run([sys.executable, str(HERE / "examgen.py"), str(inst), "--seed", str(seed), "--exams", str(exams),
                        "--students", str(students), "--days", str(days)], check=True)
        run = solve(inst, FRESH / f"o{seed}")
        assert run.returncode == 0, run.stderr[-2000:]
        done.append((inst, FRESH / f"o{seed}"))
    return done


@pytest.mark.parametrize("name", INSTANCES)
def test_timetables_written_meet_every_hard_rule(name):
    """/app/out/<instance>/timetable.csv for the three instances: every hard rule holds."""
    bad, _ = judge(EXAMS / name, OUT / name)
    assert not any(bad.values()), {k: v[:3] for k, v in bad.items() if v}


@pytest.mark.parametrize("name", INSTANCES)
def test_penalty_report_is_the_timetables_penalty(name):
    """penalty.txt: back_to_back, same_day, late_large and total of the timetable written (3, 1 and 5 points)."""
    _, pen = judge(EXAMS / name, OUT / name)
    assert reported(OUT / name) == pen


@pytest.mark.parametrize("name", INSTANCES)
def test_total_within_the_instance_target(name):
    """Each instance's total is at most its target in /app/exams/targets.csv."""
    target = {r["instance"]: int(r["target"]) for r in rows(EXAMS / "targets.csv")}[name]
    _, pen = judge(EXAMS / name, OUT / name)
    assert pen["total"] <= target, (pen, target)


def test_timetable_csv_format():
    """timetable.csv: header exam,period,room, one line per exam, sorted by exam id."""
    for name in INSTANCES:
        lines = (OUT / name / "timetable.csv").read_text().splitlines()
        assert lines[0] == "exam,period,room"
        ids = [line.split(",")[0] for line in lines[1:]]
        assert ids == sorted(ids) and len(ids) == len(rows(EXAMS / name / "exams.csv"))


@pytest.mark.parametrize("rule", RULES)
def test_solver_on_fresh_instances_keeps_each_hard_rule(fresh, rule):
    """python3 /app/timetable.py INSTANCE_DIR OUT_DIR solves any instance: each hard rule holds (one test per rule)."""
    for inst, out in fresh:
        bad, _ = judge(inst, out)
        assert not bad[rule], (inst.name, bad[rule][:3])


def test_solver_on_fresh_instances_reports_its_penalty(fresh):
    """On fresh instances too, penalty.txt is the penalty of the timetable written."""
    for inst, out in fresh:
        assert reported(out) == judge(inst, out)[1]


@pytest.mark.parametrize("kind", ["too-big", "pinned-clash"])
def test_infeasible_instance_exit_2(kind):
    """An exam larger than every room it may use, or pinned exams sharing a student: one 'error: infeasible:' line, nothing written, exit 2."""
    inst = FRESH / f"bad-{kind}"
    subprocess.run([sys.executable, str(HERE / "examgen.py"), str(inst), "--seed", "91", "--exams", "50",
                    "--students", "500", "--days", "8", "--infeasible", kind], check=True)
    run = solve(inst, FRESH / f"bad-out-{kind}", seconds=10)
    assert run.returncode == 2
    err = run.stderr.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: infeasible: "), run.stderr[-500:]
    assert not (FRESH / f"bad-out-{kind}" / "timetable.csv").exists()


def test_instances_left_as_they_are():
    """Leave /app/exams/ as it is."""
    for line in (HERE / "exams.sha256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((EXAMS / name).read_bytes()).hexdigest() == digest, name
