"""Verifier for bridge-vibration-despike: Hampel filter, per-second RMS and summary on real and fresh recordings."""
import csv
import hashlib
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path("/app/bin/despike.py")
DATA = {
    "/app/data/bridge-s1.csv": "a83b38a28e029492d1a45e2bf5f25bb51a579b316ffa18f5fda34e2979d482e9",
    "/app/data/bridge-s2.csv": "a24bada310b94d358de5d31f6e4488059f9a96564065efd92d8bf0538d660c2f",
    "/app/data/bridge-s3.csv": "166b427cd966c953e56dd4cdeb6b534bbe8b646bc300984fd89a16a0df60dc1f",
}
AXES = ("ax", "ay", "az")
TOL = 1e-6


# ------------------------------------------------------------------ reference


def med(values):
    v = sorted(values)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def num(text):
    try:
        v = float(text)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def reference(path):
    rows = list(csv.DictReader(open(path, newline="")))
    kept = [(r["t_s"].strip(), [num(r[a]) for a in AXES]) for r in rows]
    kept = [(t, v) for t, v in kept if all(x is not None for x in v)]
    clean = {a: [] for a in AXES}
    outliers, ambiguous = {}, {}
    for k, a in enumerate(AXES):
        x = [v[k] for _, v in kept]
        n, count, amb = len(x), 0, 0
        for i in range(n):
            w = x[max(0, i - 5): i + 6]
            m = med(w)
            thr = 3 * 1.4826 * med([abs(v - m) for v in w])
            d = abs(x[i] - m)
            if abs(d - thr) < 1e-9 and d > 0:
                amb += 1
                clean[a].append((x[i], m))  # either is acceptable
                continue
            clean[a].append((m,) if d > thr else (x[i],))
            count += d > thr
        outliers[a], ambiguous[a] = count, amb
    times = [t for t, _ in kept]
    seconds = {}
    for t, z in zip(times, clean["az"]):
        seconds.setdefault(math.floor(float(t)), []).append(z[0])
    rms, peak = [], None
    if times:
        for s in range(math.floor(float(times[0])), math.floor(float(times[-1])) + 1):
            zs = seconds.get(s, [])
            if len(zs) >= 50:
                mean = sum(zs) / len(zs)
                r = math.sqrt(sum((z - mean) ** 2 for z in zs) / len(zs))
                rms.append((s, len(zs), r))
                if peak is None or r > peak[0] + 1e-12:
                    peak = (r, s)
            else:
                rms.append((s, len(zs), None))
    return {"rows": len(rows), "times": times, "clean": clean, "outliers": outliers, "ambiguous": ambiguous,
            "rms": rms, "peak": peak}


def read(path):
    raw = Path(path).read_text()
    assert "\r" not in raw, f"{path}: LF line endings expected"
    return list(csv.reader(raw.splitlines()))


def check_recording(data_path, out_dir, summary_row):
    name = Path(data_path).name[:-4]
    ref = reference(data_path)
    clean = read(Path(out_dir) / f"{name}.clean.csv")
    assert clean[0] == ["t_s", *AXES], clean[0]
    assert [r[0] for r in clean[1:]] == ref["times"], f"{name}.clean.csv: kept rows / t_s differ"
    bad = []
    for i, r in enumerate(clean[1:]):
        for k, a in enumerate(AXES):
            assert len(r[1 + k].split(".")[-1]) == 6, f"{name}.clean.csv row {i}: {r} needs 6 decimals"
            if not any(abs(float(r[1 + k]) - c) <= TOL for c in ref["clean"][a][i]):
                bad.append(f"t={r[0]} {a}={r[1 + k]} expected {ref['clean'][a][i][0]:.6f}")
    assert not bad, f"{name}.clean.csv: {len(bad)} wrong values, e.g. {bad[:4]}"
    rms = read(Path(out_dir) / f"{name}.rms.csv")
    assert rms[0] == ["second", "samples", "rms_az", "status"], rms[0]
    assert [(int(r[0]), int(r[1])) for r in rms[1:]] == [(s, n) for s, n, _ in ref["rms"]], f"{name}.rms.csv: seconds/samples differ"
    for r, (s, n, val) in zip(rms[1:], ref["rms"]):
        if val is None:
            assert r[2:] == ["", "gap"], f"{name}.rms.csv second {s}: {r}"
        else:
            assert r[3] == "ok" and abs(float(r[2]) - val) <= TOL and len(r[2].split(".")[-1]) == 6, f"{name}.rms.csv second {s}: {r}, expected {val:.6f}"
    assert summary_row[0] == name
    assert [int(summary_row[1]), int(summary_row[2])] == [ref["rows"], ref["rows"] - len(ref["times"])], f"{name}: rows/dropped {summary_row[1:3]}"
    for k, a in enumerate(AXES):
        got = int(summary_row[3 + k])
        assert ref["outliers"][a] <= got <= ref["outliers"][a] + ref["ambiguous"][a], f"{name}: outliers_{a} {got}, expected {ref['outliers'][a]}"
    if ref["peak"] is None:
        assert summary_row[6:] == ["", ""], summary_row
    else:
        assert abs(float(summary_row[6]) - ref["peak"][0]) <= TOL and int(summary_row[7]) == ref["peak"][1], \
            f"{name}: peak {summary_row[6:]}, expected {ref['peak'][0]:.6f} at {ref['peak'][1]}"


def check_all(data_dir, out_dir):
    summary = read(Path(out_dir) / "summary.csv")
    assert summary[0] == ["recording", "rows", "dropped_rows", "outliers_ax", "outliers_ay", "outliers_az",
                          "peak_rms_az", "peak_second"], summary[0]
    files = sorted(p for p in Path(data_dir).iterdir() if p.is_file() and p.name.endswith(".csv"))
    assert [r[0] for r in summary[1:]] == sorted(p.name[:-4] for p in files), "summary.csv: one row per recording, sorted"
    for p, row in zip(sorted(files, key=lambda p: p.name[:-4]), summary[1:]):
        check_recording(p, out_dir, row)


def write_rec(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["t_s", *AXES])
        w.writerows(rows)


def run(tmp, recordings, extra=()):
    d = Path(tmp) / "data"
    d.mkdir(parents=True)
    for name, rows in recordings.items():
        write_rec(d / f"{name}.csv", rows)
    for fname, text in extra:
        (d / fname).parent.mkdir(parents=True, exist_ok=True)
        (d / fname).write_text(text)
    out = Path(tmp) / "out" / "new"
    p = subprocess.run([sys.executable, str(TOOL), "--data", str(d), "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, f"despike.py exited {p.returncode}: {p.stderr[-600:]}"
    check_all(d, out)
    return out


def signal(rng, t0_cs, t1_cs, skip=()):
    rows = []
    for cs in range(t0_cs, t1_cs + 1):
        if cs in skip:
            continue
        t = cs / 100
        rows.append([f"{t:.2f}", f"{0.02 * math.sin(40 * t) + rng.gauss(0, 0.004):.6f}",
                     f"{rng.gauss(0, 0.004):.6f}", f"{9.80665 + 0.05 * math.sin(20 * t) + rng.gauss(0, 0.006):.6f}"])
    return rows


# ------------------------------------------------------------------ the real recordings


@pytest.mark.parametrize("path", sorted(DATA))
def test_raw_recordings_untouched(path):
    """Raw recordings are immutable: every file in /app/data keeps its SHA-256 (never write to or modify anything in /app/data)."""
    assert hashlib.sha256(Path(path).read_bytes()).hexdigest() == DATA[path], f"{path} was modified"


def test_no_extra_files_in_data():
    """Nothing is written to /app/data: it still holds exactly the three recordings."""
    assert sorted(str(p) for p in Path("/app/data").iterdir()) == sorted(DATA), "nothing may be written to /app/data"


def test_real_outputs():
    check_all("/app/data", "/app/out")


# ------------------------------------------------------------------ fresh recordings


def test_spikes_at_the_edges(tmp_path):
    """Windows are cut off at the start and end of the recording (sample 0 has a 6-sample window), so spikes at the edges are replaced by the window median too."""
    rng = random.Random(1)
    rows = signal(rng, 0, 299)
    rows[0][3] = "15.000000"
    rows[1][1] = "-2.500000"
    rows[-1][2] = "3.000000"
    rows[-2][3] = "1.000000"
    out = run(tmp_path, {"edges": rows})
    clean = read(out / "edges.clean.csv")
    assert abs(float(clean[1][3]) - 9.8) < 0.2 and abs(float(clean[-1][2])) < 0.1


def test_threshold_uses_the_scaled_mad(tmp_path):
    # Every 11-sample window of a period-11 ramp holds each level once. Put 2.5 in place of a 0 level:
    # median 0.2, MAD 0.6, so the deviation 2.3 is above 3 * MAD = 1.8 but below 3 * 1.4826 * MAD = 2.67 (kept);
    # 3.5 (deviation 3.3) is above both (replaced).
    base = [0.2 * ((i % 11) - 5) for i in range(88)]
    base[27], base[60] = 2.5, 3.5
    rows = [[f"{i / 100:.2f}", f"{v:.6f}", "0.000000", "9.806650"] for i, v in enumerate(base)]
    out = run(tmp_path, {"mad": rows})
    clean = read(out / "mad.clean.csv")
    assert float(clean[28][1]) == 2.5 and float(clean[61][1]) != 3.5


def test_constant_signal_mad_zero(tmp_path):
    """With MAD = 0 any value different from the window median m is an outlier and is replaced by m."""
    rows = [[f"{i / 100:.2f}", "0.000000", "0.000000", "9.810000"] for i in range(120)]
    rows[60][3] = "9.810001"
    rows[61][1] = "0.500000"
    out = run(tmp_path, {"flat": rows})
    clean = read(out / "flat.clean.csv")
    assert clean[61][3] == "9.810000" and clean[62][1] == "0.000000"


def test_medians_use_original_values(tmp_path):
    rng = random.Random(3)
    rows = signal(rng, 0, 199)
    for i in (100, 101, 102, 104):
        rows[i][3] = f"{14 + i / 10:.6f}"
    run(tmp_path, {"burst": rows})


def test_dropped_rows(tmp_path):
    rng = random.Random(4)
    rows = signal(rng, 0, 249)
    for i, k, val in [(5, 1, ""), (6, 2, "NaN"), (7, 3, "inf"), (8, 3, "-inf"), (9, 1, "ERR"), (10, 2, "  "), (11, 3, "nan")]:
        rows[i][k] = val
    out = run(tmp_path, {"drops": rows})
    assert read(out / "summary.csv")[1][1:3] == ["250", "7"]


def test_seconds_gaps_and_the_50_sample_rule(tmp_path):
    rng = random.Random(5)
    # starts at 3.50 (50 samples in second 3), second 5 missing entirely, second 7 with 49, last second 9 with 50
    skip = set(range(500, 600)) | set(range(700, 751))
    rows = signal(rng, 350, 949, skip=skip)
    out = run(tmp_path, {"gaps": rows})
    rms = read(out / "gaps.rms.csv")[1:]
    assert [(r[0], r[1], r[3]) for r in rms] == [("3", "50", "ok"), ("4", "100", "ok"), ("5", "0", "gap"), ("6", "100", "ok"),
                                                 ("7", "49", "gap"), ("8", "100", "ok"), ("9", "50", "ok")]


def test_rms_is_about_the_mean(tmp_path):
    """rms_az is the RMS of the filtered az about its mean in that second, sqrt(mean((az - mean(az))^2)), with 6 decimals."""
    rows = [[f"{i / 100:.2f}", "0.000000", "0.000000", f"{9.80665 + 0.1 * math.sin(2 * math.pi * 5 * i / 100):.6f}"]
            for i in range(300)]
    out = run(tmp_path, {"sine": rows})
    rms = read(out / "sine.rms.csv")[1:]
    assert [r[3] for r in rms] == ["ok"] * 3, rms
    for r in rms:
        assert abs(float(r[2]) - 0.1 / math.sqrt(2)) < 0.005, f"second {r[0]}: rms_az {r[2]}, expected about 0.070711 (about the mean)"


def test_peak_tie_and_empty_recording(tmp_path):
    one = [[f"{2 + i / 100:.2f}", "0.000000", "0.000000", f"{9.8 + 0.1 * math.sin(2 * math.pi * i / 100):.6f}"] for i in range(200)]
    dead = [[f"{i / 100:.2f}", "", "", ""] for i in range(30)]
    out = run(tmp_path, {"tie": one, "dead": dead}, extra=[("notes.txt", "x"), ("old/bridge-s9.csv", "t_s,ax,ay,az\n")])
    summary = read(out / "summary.csv")
    assert summary[1] == ["dead", "30", "30", "0", "0", "0", "", ""]
    assert summary[2][7] == "2"


def test_random_recordings(tmp_path):
    """On random recordings with spikes, dropped values and gaps, every output matches the specification (a reference implementation) to within 1e-6: everything works on the kept rows, in file order."""
    rng = random.Random(6)
    recs = {}
    for k in range(4):
        start = rng.randint(0, 400)
        rows = signal(rng, start, start + rng.randint(150, 700), skip=set(rng.sample(range(start, start + 700), 60)))
        for _ in range(rng.randint(3, 15)):
            i = rng.randrange(len(rows))
            rows[i][rng.randint(1, 3)] = f"{rng.choice([-1, 1]) * rng.uniform(0.5, 20):.6f}"
        for _ in range(rng.randint(0, 4)):
            rows[rng.randrange(len(rows))][rng.randint(1, 3)] = rng.choice(["", "NaN", "ERR"])
        recs[f"rec-{k}"] = rows
    run(tmp_path, recs)
