#!/bin/bash
# Reference solution: the solver (saturation-first greedy that weighs the soft penalty, then a local
# search), then one run per instance, each checked against its target.
set -euo pipefail
# Step 1: the solver.
install -m 0755 /solution/timetable.py /app/timetable.py
# Step 2: the winter session.
python3 /app/timetable.py /app/exams/winter-2026 /app/out/winter-2026 --seconds 30
# Step 3: the first benchmark.
python3 /app/timetable.py /app/exams/bench/b1 /app/out/bench/b1 --seconds 30
# Step 4: the second benchmark.
python3 /app/timetable.py /app/exams/bench/b2 /app/out/bench/b2 --seconds 30
grep total /app/out/winter-2026/penalty.txt /app/out/bench/b1/penalty.txt /app/out/bench/b2/penalty.txt
cat /app/exams/targets.csv
