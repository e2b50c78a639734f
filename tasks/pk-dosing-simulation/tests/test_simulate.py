"""Verifier for pk-dosing-simulation: outputs against a fine RK4 integration of the model."""
import csv
import hashlib
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path("/app/bin/simulate.py")
REGIMENS = Path("/app/regimens")
OUT = Path("/app/out")
ALLOWED = {
    "P-001.json": {"36861e0f9e36c6a7ed07104ca7a206b14ba5601ac2e1effb40858ec09104d94c"},
    "P-002.json": {"41fc2a67106307343cd6f247c80805490e4b843dd55b9194e6509ba1ae7aff93"},
    "P-007.json": {"8d422ef79d1e4f2d3f2844ae8e05ff98cff4489b68fd5df6a58a72fbae4578ff"},
    "P-012.json": {"97561dbac830dd35bf678c3db7c274e734970ba42bf4432d42e14081eb5334bd"},
    "P-015.json": {"3ae9b0f0508d5bc7cd558410f60f22439fbc31dfd7fb25844c8554b845f5380d"},
    # as shipped, or as the pharmacy corrected it during the session
    "P-027.json": {"ee5f7a4602d79602f8ff6ec440de8f51701d39e9e58062d13f0a2e589b72a89c",
                   "7966a2a5ff8ad78667d36c0ea976135dc863f2aeacb97a00d4b1522bc471f16e"},
    "README.txt": {"81cbca3af89a3a497de2988f9f995dcb7708667e6dff277fa2b4b358225937c1"},
}
ARCHIVE = {
    "/app/out/2024-06-03/NOTE.txt": "73b8c9c6c50167f098e8085818d22f4a74d9c5276710d4f13806eeb5e3218faa",
    "/app/out/2024-06-03/summary.csv": "47cd8d3d0abcfd2b74fc3682093f6c131ff9f64c7b726e6ad657e64331b999a5",
}


# ------------------------------------------------------------------ reference: RK4, fine steps


def simulate(spec, h=0.002):
    m = spec["model"]
    ka, ke, f = m["ka_per_h"], m["ke_per_h"], m["f_oral"]
    v = m["v_l_per_kg"] * spec["weight_kg"]
    horizon = spec["horizon_h"]
    doses = [d for d in spec["doses"] if d["time_h"] <= horizon]
    grid = [i * 0.25 for i in range(int(round(horizon / 0.25)) + 1)]
    stops = sorted({*grid, *(d["time_h"] for d in doses)})

    def deriv(g, a):
        return -ka * g, ka * g - ke * a, a / v

    g = a = auc = 0.0
    t = 0.0
    at_grid, samples = {}, []  # samples: (t, C) including left limits at dose times
    for stop in stops:
        n = max(1, math.ceil((stop - t) / h - 1e-9)) if stop > t else 0
        dt = (stop - t) / n if n else 0.0
        for _ in range(n):
            k1 = deriv(g, a)
            k2 = deriv(g + dt / 2 * k1[0], a + dt / 2 * k1[1])
            k3 = deriv(g + dt / 2 * k2[0], a + dt / 2 * k2[1])
            k4 = deriv(g + dt * k3[0], a + dt * k3[1])
            g += dt / 6 * (k1[0] + 2 * k2[0] + 2 * k3[0] + k4[0])
            a += dt / 6 * (k1[1] + 2 * k2[1] + 2 * k3[1] + k4[1])
            auc += dt / 6 * (k1[2] + 2 * k2[2] + 2 * k3[2] + k4[2])
            t += dt
            samples.append((t, a / v))
        t = stop
        for d in doses:
            if d["time_h"] == stop:
                if d["route"] == "iv":
                    a += d["amount_mg"]
                else:
                    g += f * d["amount_mg"]
        if not samples or samples[-1][0] != t or samples[-1][1] != a / v:
            samples.append((t, a / v))
        at_grid[round(stop, 6)] = a / v
    conc = [at_grid[round(x, 6)] for x in grid]
    mec = spec["mec_mg_l"]
    above = 0.0
    for (t0, c0), (t1, c1) in zip(samples, samples[1:]):
        if t1 == t0:
            continue
        if c0 > mec and c1 > mec:
            above += t1 - t0
        elif (c0 > mec) != (c1 > mec):
            x = t0 + (mec - c0) / (c1 - c0) * (t1 - t0)
            above += (x - t0) if c0 > mec else (t1 - x)
    return grid, conc, auc, above


def check_patient(spec, out_dir, summary_row):
    grid, conc, auc, above = simulate(spec)
    p = Path(out_dir) / f"{spec['patient']}.csv"
    assert p.is_file(), f"missing {p}"
    raw = p.read_text()
    rows = list(csv.reader(raw.splitlines()))
    assert rows[0] == ["time_h", "conc_mg_l"], rows[0]
    assert [r[0] for r in rows[1:]] == [f"{t:.2f}" for t in grid], f"{p.name}: wrong time grid"
    for (t, c_txt), c in zip(rows[1:], conc):
        assert len(c_txt.split(".")[-1]) == 6, f"{p.name} t={t}: {c_txt} needs 6 decimals"
        assert abs(float(c_txt) - c) <= 2e-6 + 1e-6 * c, f"{p.name} t={t}: {c_txt}, expected {c:.6f}"
    patient, cmax, tmax, auc_txt, above_txt = summary_row
    cm = max(conc)
    assert abs(float(cmax) - cm) <= 2e-6 + 1e-6 * cm, f"{patient}: cmax {cmax}, expected {cm:.6f}"
    near = {f"{t:.2f}" for t, c in zip(grid, conc) if c >= cm - 3e-6 - 1e-6 * cm}
    assert tmax in near, f"{patient}: tmax {tmax}, expected {sorted(near, key=float)[0]}"
    assert abs(float(auc_txt) - auc) <= 1e-4 * auc + 2e-4, f"{patient}: auc {auc_txt}, expected {auc:.4f}"
    assert abs(float(above_txt) - above) <= 0.002, f"{patient}: time above MEC {above_txt}, expected {above:.4f}"
    for txt, n in ((cmax, 6), (tmax, 2), (auc_txt, 4), (above_txt, 4)):
        assert len(txt.split(".")[-1]) == n, f"{patient}: {txt} should have {n} decimals"


def read_summary(out_dir):
    rows = list(csv.reader((Path(out_dir) / "summary.csv").read_text().splitlines()))
    assert rows[0] == ["patient", "cmax_mg_l", "tmax_h", "auc_mg_h_l", "time_above_mec_h"], rows[0]
    return rows[1:]


def run_case(tmp, specs, name="case", extra_files=()):
    d = Path(tmp) / name / "regimens"
    d.mkdir(parents=True)
    for s in specs:
        (d / f"{s['patient']}.json").write_text(json.dumps(s))
    for fname, text in extra_files:
        (d / fname).write_text(text)
    out = Path(tmp) / name / "out" / "new"
    p = subprocess.run([sys.executable, str(TOOL), "--regimens", str(d), "--out", str(out)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, f"simulate.py exited {p.returncode}: {p.stderr[-600:]}"
    summary = read_summary(out)
    assert [r[0] for r in summary] == sorted(s["patient"] for s in specs)
    for s, row in zip(sorted(specs, key=lambda s: s["patient"]), summary):
        check_patient(s, out, row)
    return summary


def spec(patient, ka, ke, doses, horizon=24, mec=2.0, weight=70.0, vkg=0.6, f=0.8):
    return {"patient": patient, "weight_kg": weight,
            "model": {"ka_per_h": ka, "ke_per_h": ke, "v_l_per_kg": vkg, "f_oral": f},
            "doses": [{"time_h": t, "amount_mg": amt, "route": r} for t, amt, r in doses],
            "horizon_h": horizon, "mec_mg_l": mec}


# ------------------------------------------------------------------ the real regimens


def test_regimens_untouched():
    """Don't modify the regimen files: /app/regimens holds the same files with the same contents."""
    names = sorted(p.name for p in REGIMENS.iterdir())
    assert names == sorted(ALLOWED), f"files in /app/regimens changed: {names}"
    for name, shas in ALLOWED.items():
        assert hashlib.sha256((REGIMENS / name).read_bytes()).hexdigest() in shas, f"{name} was modified"


@pytest.mark.parametrize("path", sorted(ARCHIVE))
def test_last_weeks_results_kept(path):
    """Last week's results in /app/out/2024-06-03/ stay as they are: nothing in that folder is modified or deleted."""
    assert Path(path).is_file() and hashlib.sha256(Path(path).read_bytes()).hexdigest() == ARCHIVE[path]


def test_real_outputs():
    specs = [json.loads(p.read_text()) for p in sorted(REGIMENS.glob("*.json"))]
    summary = read_summary(OUT)
    assert [r[0] for r in summary] == sorted(s["patient"] for s in specs), "summary.csv: one row per regimen, sorted"
    for s, row in zip(sorted(specs, key=lambda s: s["patient"]), summary):
        check_patient(s, OUT, row)


def test_dashboard_reads_the_summary():
    p = subprocess.run([sys.executable, "/app/tools/dashboard.py"], capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stdout[-300:] + p.stderr[-300:]
    assert len(p.stdout.splitlines()) == 1 + len(list(REGIMENS.glob("*.json")))


# ------------------------------------------------------------------ fresh regimens


def test_equal_absorption_and_elimination(tmp_path):
    """The ka = ke case (equal absorption and elimination rate constants) must not divide by zero: its concentrations, AUC and time above MEC match the exact solution."""
    run_case(tmp_path, [spec("EQ-1", 0.45, 0.45, [(0, 400, "oral"), (8, 400, "oral")], mec=2.5),
                        spec("EQ-2", 1.0, 1.0, [(1.3, 250, "oral")], horizon=12, mec=1.0)])


def test_bioavailability_only_for_oral_doses(tmp_path):
    run_case(tmp_path, [spec("IV-1", 1.2, 0.2, [(0, 500, "iv")], f=0.5, mec=4.0),
                        spec("MIX", 1.2, 0.2, [(6, 300, "iv"), (6, 300, "oral")], f=0.4, mec=6.0)])


def test_doses_off_grid_unsorted_and_after_horizon(tmp_path):
    run_case(tmp_path, [spec("OFF", 2.0, 0.25, [(9.1, 300, "iv"), (0, 600, "oral"), (13.35, 200, "oral"), (30, 600, "oral")],
                             horizon=24, mec=8.0, weight=90, vkg=0.5, f=0.6)])


def test_first_dose_later_and_peak_at_time_zero(tmp_path):
    """The concentration at a dose time is the value just after the dose: an IV bolus at 0 h gives the peak at tmax 0.00; a first dose after 0 h leaves the curve at 0 until then."""
    summary = run_case(tmp_path, [spec("LATE", 0.3, 0.6, [(2.5, 200, "oral")], horizon=12, mec=0.3, f=0.5),
                                  spec("BOLUS", 0.9, 0.12, [(0, 1000, "iv"), (6.4, 250, "oral")], horizon=36, mec=9.0)])
    assert summary[0][0] == "BOLUS" and summary[0][2] == "0.00"


def test_mec_never_reached_and_non_json_ignored(tmp_path):
    summary = run_case(tmp_path, [spec("LOW", 1.5, 0.3, [(0, 50, "oral")], mec=50.0)],
                       extra_files=[("notes.txt", "not a regimen"), ("old.json.bak", "{}")])
    assert summary[0][4] == "0.0000"


def test_random_regimens(tmp_path):
    rng = random.Random(8)
    specs = []
    for i in range(8):
        ka = rng.choice([0.3, 0.8, 1.5, 2.5])
        ke = ka if i % 4 == 0 else rng.choice([0.05, 0.15, 0.4])
        doses = [(round(rng.uniform(0, 30) * 20) / 20, rng.choice([100, 250, 500]), rng.choice(["oral", "oral", "iv"]))
                 for _ in range(rng.randint(1, 5))]
        specs.append(spec(f"R{i:02d}", ka, ke, doses, horizon=rng.choice([12, 24, 30.25]), mec=rng.choice([1.0, 3.0, 6.0]),
                          weight=rng.uniform(45, 110), vkg=rng.uniform(0.3, 1.2), f=rng.uniform(0.3, 1.0)))
    run_case(tmp_path, specs)
