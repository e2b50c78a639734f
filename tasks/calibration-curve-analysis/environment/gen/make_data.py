"""Generates the batch in environment/app/data, the archive and tests/hidden (authoring time).

usage: python3 make_data.py TASK_DIR   (inside the task image: it needs numpy)

Then refresh the verifier's copies (from TASK_DIR):
  cp environment/app/data/spectra.csv environment/app/data/samples.csv tests/raw/
  grep WARN environment/app/data/instrument.log > tests/raw/instrument.log
  cp environment/app/shared/results.csv tests/shared_results_before.csv
  sha256sum environment/app/data/* | sed 's#environment/app#/app#' > tests/raw.sha256
and update the expected peak areas in the interaction hard checks (h_dupes_mean, h_archive_goal).
"""
import csv
import json
import random
import sys
from pathlib import Path

import numpy as np

task = Path(sys.argv[1])


def make_batch(seed, out_dir, run_date, saturated, n_unknown=12, std_conc=(0, 2, 5, 10, 20, 40), n_blank=5,
               log_scans=10, lamp=True, grid=(380, 720)):
    rng = np.random.default_rng(seed)
    prng = random.Random(seed)
    out_dir.mkdir(parents=True, exist_ok=True)
    samples = []
    for i, c in enumerate(std_conc, 1):
        samples.append((f"S{i:02d}", "standard", c))
    for i in range(1, n_blank + 1):
        samples.append((f"B{i:02d}", "blank", 0.0))
    unknown_conc = list(rng.uniform(1.0, 35.0, n_unknown))
    unknown_conc[2] = 0.0           # below the detection limit
    unknown_conc[-3] = max(std_conc) * 1.3  # above the calibrated range
    for i, c in enumerate(unknown_conc, 1):
        samples.append((f"U{i:02d}", "unknown", float(c)))
    k = 0.0231 + rng.uniform(-0.002, 0.002)      # absorbance per mg/L at the peak
    rows = []
    for sid, kind, conc in samples:
        a, b = rng.uniform(0.02, 0.08), rng.uniform(-6e-5, 6e-5)
        wl = [w for w in range(grid[0], grid[1] + 1) if prng.random() > 0.03]
        for w in wl:
            y = a + b * (w - 550) + k * conc * np.exp(-((w - 550) / 18.0) ** 2) + rng.normal(0, 0.0015)
            text = f"{w}.0" if prng.random() < 0.2 else str(w)
            rows.append([sid, text, f"{y:.5f}"])
            in_window = 400 <= w <= 450 or 650 <= w <= 700 or 500 <= w <= 600
            if in_window and prng.random() < 0.012:   # duplicated reading, a different value
                rows.append([sid, str(w), f"{y + rng.choice([-1, 1]) * rng.uniform(0.01, 0.03):.5f}"])
        for w in prng.sample(wl, 2):                  # readings the instrument lost
            rows.append([sid, str(w), prng.choice(["", "NaN"])])
    prng.shuffle(rows)
    with open(out_dir / "spectra.csv", "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow(["sample_id", "wavelength_nm", "absorbance"])
        wr.writerows(rows)
    with open(out_dir / "samples.csv", "w", newline="") as f:
        wr = csv.writer(f)
        wr.writerow(["sample_id", "type", "concentration_mg_L", "run_date"])
        for sid, kind, conc in samples:
            wr.writerow([sid, kind, f"{conc:g}" if kind == "standard" else "", run_date])
    lines = []
    t = 8 * 3600
    if lamp:
        lines.append(f"{run_date}T08:00:00.000Z WARN  lamp hours 1985/2000 on the D2 lamp: schedule a replacement before the next batch")
    for sid, kind, conc in samples:
        lines.append(f"{run_date}T{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d}.000Z INFO  start scan sample={sid}")
        for scan in range(log_scans):
            for w in range(grid[0], grid[1] + 1, 1):
                t += 1
                counts = int(20000 + 300 * conc * np.exp(-((w - 550) / 18.0) ** 2)) + prng.randrange(0, 200)
                lines.append(f"{run_date}T{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d}.{prng.randrange(1000):03d}Z INFO  scan sample={sid} pass={scan + 1} wl={w} counts={counts}")
        if sid == saturated:
            lines.append(f"{run_date}T{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d}.000Z WARN  DETECTOR SATURATION sample={sid} max_counts=65535 (data unreliable)")
        lines.append(f"{run_date}T{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d}.000Z INFO  saturation check ok sample={sid}" if sid != saturated else
                     f"{run_date}T{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d}.000Z INFO  saturation check done sample={sid}")
    (out_dir / "instrument.log").write_text("\n".join(lines) + "\n")


make_batch(13, task / "environment/app/data", "2024-05-14", "U07")
make_batch(29, task / "tests/hidden", "2024-06-03", "U04", n_unknown=9, std_conc=(0, 1, 4, 8, 16, 32, 48), n_blank=4,
           log_scans=1, lamp=False, grid=(390, 710))

# Last year's weekly batches, in the old instrument's export format (semicolons, mAU).
arch = task / "environment/app/archive"
for week in range(1, 53):
    d = arch / f"2023-W{week:02d}"
    d.mkdir(parents=True, exist_ok=True)
    (d / "export_old.csv").write_text("probe;lambda;mAU\nS01;500;12.1\nS01;501;12.4\n")
    (d / "batch.txt").write_text(f"batch 2023-W{week:02d}, instrument SPX-200 (old firmware), operator on file\n")
print("ok")
