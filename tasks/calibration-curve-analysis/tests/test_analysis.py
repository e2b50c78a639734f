"""Checks the batch results, analyze.py on a hidden batch, the published rows and the raw data."""
import csv
import json
import math
import re
import subprocess
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).parent
RESULTS = Path("/app/out/results.json")
SHARED = Path("/app/shared/results.csv")
OLD_ROWS = 21  # header + the two earlier batches


def reference(spectra_path, samples_path, log_path):
    pts = defaultdict(lambda: defaultdict(list))
    with open(spectra_path, newline="") as f:
        for row in csv.DictReader(f):
            t = (row["absorbance"] or "").strip()
            if t and not math.isnan(float(t)):
                pts[row["sample_id"]][float(row["wavelength_nm"])].append(float(t))
    with open(samples_path, newline="") as f:
        samples = list(csv.DictReader(f))
    area = {}
    for sid, by_wl in pts.items():
        wl = np.array(sorted(by_wl))
        ab = np.array([sum(by_wl[w]) / len(by_wl[w]) for w in wl])
        m = ((wl >= 400) & (wl <= 450)) | ((wl >= 650) & (wl <= 700))
        b1, b0 = np.polyfit(wl[m], ab[m], 1)
        cor = ab - (b1 * wl + b0)
        p = (wl >= 500) & (wl <= 600)
        x, y = wl[p], cor[p]
        area[sid] = float(np.sum((x[1:] - x[:-1]) * (y[1:] + y[:-1]) / 2))
    std = [s for s in samples if s["type"] == "standard"]
    c = np.array([float(s["concentration_mg_L"]) for s in std])
    a = np.array([area[s["sample_id"]] for s in std])
    n = len(c)
    slope = (n * np.sum(c * a) - c.sum() * a.sum()) / (n * np.sum(c * c) - c.sum() ** 2)
    intercept = (a.sum() - slope * c.sum()) / n
    r2 = 1 - np.sum((a - slope * c - intercept) ** 2) / np.sum((a - a.mean()) ** 2)
    blanks = np.array([area[s["sample_id"]] for s in samples if s["type"] == "blank"])
    lod = 3 * float(np.std(blanks, ddof=1)) / slope
    sat = set(re.findall(r"^\S+\s+WARN\b.*DETECTOR SATURATION.*\bsample=(\S+)", Path(log_path).read_text(), re.M))
    out = []
    for s in sorted((s for s in samples if s["type"] == "unknown"), key=lambda s: s["sample_id"]):
        sid = s["sample_id"]
        conc = (area[sid] - intercept) / slope
        flag = "saturated" if sid in sat else "below_lod" if conc < lod else "above_range" if conc > c.max() else "ok"
        value = None if flag == "saturated" else conc
        out.append({"sample_id": sid, "peak_area": area[sid], "concentration_mg_L": value, "flag": flag})
    return {"run_date": samples[0]["run_date"],
            "calibration": {"slope": slope, "intercept": intercept, "r_squared": r2, "n_standards": n},
            "lod_mg_L": lod, "samples": out}


def close(got, want):
    if not isinstance(got, (int, float)) or isinstance(got, bool):
        return False
    return math.isclose(got, want, rel_tol=1e-6, abs_tol=1e-9)


def compare(got, want):
    assert got["run_date"] == want["run_date"]
    for key in ("slope", "intercept", "r_squared"):
        g, w = got["calibration"][key], want["calibration"][key]
        assert close(g, w), (key, g, w)
    assert got["calibration"]["n_standards"] == want["calibration"]["n_standards"]
    assert close(got["lod_mg_L"], want["lod_mg_L"]), (got["lod_mg_L"], want["lod_mg_L"])
    assert [s["sample_id"] for s in got["samples"]] == [s["sample_id"] for s in want["samples"]]
    for g, w in zip(got["samples"], want["samples"], strict=False):
        assert g["flag"] == w["flag"], (g, w)
        assert close(g["peak_area"], w["peak_area"]), (g, w)
        if w["concentration_mg_L"] is None:
            assert g["concentration_mg_L"] is None, g
        else:
            assert close(g["concentration_mg_L"], w["concentration_mg_L"]), (g, w)


@pytest.fixture(scope="module")
def batch_reference():
    return reference(HERE / "raw/spectra.csv", HERE / "raw/samples.csv", HERE / "raw/instrument.log")


def test_raw_data_unchanged():
    """Never modify the raw files in /app/data (the instrument's original export): they keep their SHA-256."""
    r = subprocess.run(["sha256sum", "-c", "--quiet", str(HERE / "raw.sha256")], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_batch_results(batch_reference):
    """/app/out/results.json matches the analysis of this batch (a reference implementation, to 1e-6): the grid is not regular (skipped wavelengths), empty or NaN readings are dropped, repeated readings averaged; baseline, trapezoidal peak area, calibration fit, lod and concentrations as specified."""
    assert RESULTS.is_file()
    compare(json.loads(RESULTS.read_text()), batch_reference)


def test_batch_flags_cover_every_case(batch_reference):
    """Each unknown's flag: saturated if the log marks it, else below_lod under lod_mg_L, else above_range above the
    highest standard concentration, else ok; this batch has one of each."""
    flags = {s["sample_id"]: s["flag"] for s in json.loads(RESULTS.read_text())["samples"]}
    assert flags["U07"] == "saturated"
    assert flags["U03"] == "below_lod"
    assert flags["U10"] == "above_range"


def test_analyze_py_on_a_hidden_batch(tmp_path):
    """analyze.py does the same for another batch (other sample ids, standards and an irregular grid): its OUT.json matches the reference analysis."""
    hidden = HERE / "hidden"
    out = tmp_path / "hidden.json"
    r = subprocess.run(["python3", "/app/analyze.py", str(hidden / "spectra.csv"), str(hidden / "samples.csv"),
                        str(hidden / "instrument.log"), str(out)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr[-3000:]
    want = reference(hidden / "spectra.csv", hidden / "samples.csv", hidden / "instrument.log")
    compare(json.loads(out.read_text()), want)


def test_published_exactly_once(batch_reference):
    lines = SHARED.read_text().splitlines()
    old = (HERE / "shared_results_before.csv").read_text().splitlines()
    assert lines[:OLD_ROWS] == old, "older rows of the shared results file must stay unchanged"
    rows = list(csv.reader(lines[OLD_ROWS:]))
    batch = [r for r in rows if len(r) >= 2 and r[1] == "2024-05-14"]
    assert len(batch) == len(rows), f"unexpected extra rows: {rows}"
    ids = [r[0] for r in batch]
    want = {s["sample_id"]: s for s in batch_reference["samples"]}
    assert sorted(ids) == sorted(want), f"each unknown exactly once, got {ids}"
    for sid, _, conc, flag in batch:
        w = want[sid]
        assert flag == w["flag"]
        if w["concentration_mg_L"] is None:
            assert conc == ""
        else:
            assert abs(float(conc) - w["concentration_mg_L"]) < 1e-4 + 1e-6 * abs(w["concentration_mg_L"])
