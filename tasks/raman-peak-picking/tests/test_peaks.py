"""Verifier for raman-peak-picking: the results table, and peaks.py re-run on fresh synthetic spectra with known bands."""

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).parent))
import make_spectra as gen  # noqa: E402

APP = Path("/app")
SCRIPT = APP / "peaks.py"
HEADER = "spectrum\tcentroid\tcentroid_err\tarea\tarea_err\tsnr"
ROW = re.compile(r"^[^\t]+\t\d+\.\d\d\t\d+\.\d\d\t-?\d+\.\d\t\d+\.\d\t\d+\.\d$")
FWHM_SIGMA = 2.3548200450309493


def run(*paths: Path) -> list[str]:
    out = subprocess.run(["python3", str(SCRIPT), *map(str, paths)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, f"peaks.py failed:\n{out.stderr[-2000:]}"
    return out.stdout.splitlines()


def rows(lines: list[str]) -> list[list[str]]:
    assert lines and lines[0] == HEADER, f"header: {lines[:1]}"
    return [line.split("\t") for line in lines[1:]]


def noise(y: np.ndarray) -> float:
    d = np.diff(y)
    return float(1.4826 * np.median(np.abs(d - np.median(d))) / np.sqrt(2))


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> dict[str, object]:
    """Fresh spectra with known bands (some exported high to low), peaks.py run on them once."""
    d = tmp_path_factory.mktemp("fresh")
    rng = np.random.default_rng(424242)
    truth, files = {}, []
    for i in range(10):
        bands = gen.random_peaks(rng, int(rng.integers(4, 8)))
        x, y = gen.spectrum(rng, bands, spikes=3, descending=i % 2 == 1)
        name = f"fresh_{i:02d}"
        gen.write(d / f"{name}.csv", x, y, "verifier")
        truth[name] = (bands, np.sort(x), y[np.argsort(x)])
        files.append(d / f"{name}.csv")
    table: dict[str, list[list[float]]] = {name: [] for name in truth}
    for r in rows(run(*files)):
        table.setdefault(r[0], []).append([float(v) for v in r[1:]])
    return {"truth": truth, "table": table, "dir": d}


def test_results_table_is_the_scripts_output() -> None:
    """/app/results/peaks.tsv is what peaks.py prints for the eight spectra, S01 to S08 in order."""
    table = APP / "results" / "peaks.tsv"
    assert table.is_file(), "/app/results/peaks.tsv is missing"
    spectra = [APP / "spectra" / f"S{i:02d}.csv" for i in range(1, 9)]
    assert table.read_text().splitlines() == run(*spectra)


def test_table_format_and_order(fresh) -> None:
    """A TSV with the header spectrum, centroid, centroid_err, area, area_err, snr; the spectrum is the file name
    without .csv, spectra in argument order, peaks by increasing centroid; centroids and their errors with 2
    decimals, areas, area errors and snr with 1."""
    lines = run(*sorted(fresh["dir"].glob("*.csv")))
    seen = []
    for r in rows(lines):
        assert ROW.match("\t".join(r)), f"badly formatted row: {r}"
        if not seen or seen[-1] != r[0]:
            seen.append(r[0])
    assert seen == sorted(set(seen)), "spectra not in argument order"
    for name, peaks in fresh["table"].items():
        cents = [p[0] for p in peaks]
        assert cents == sorted(cents), f"{name}: peaks not by increasing centroid"


def test_every_band_found_and_no_spikes(fresh) -> None:
    """Every band is found once, and cosmic-ray spikes (one or two points) are not reported as peaks."""
    for name, (bands, _, _) in fresh["truth"].items():
        found = [p[0] for p in fresh["table"].get(name, [])]
        assert len(found) == len(bands), f"{name}: {len(found)} peaks reported, {len(bands)} bands: {found}"


def test_centroids_match_the_bands(fresh) -> None:
    """Centroids (intensity-weighted over centre +- 1.5 FWHM of the baseline-corrected signal) match the true band
    centres within their uncertainty."""
    for name, (bands, _, _) in fresh["truth"].items():
        for (c, ce, *_), (tc, _, _) in zip(fresh["table"][name], bands):
            assert abs(c - tc) <= 4 * ce + 1.0, f"{name}: centroid {c} +- {ce}, band at {tc:.2f}"


def test_areas_match_the_bands(fresh) -> None:
    """Areas (trapezoid over the window, background removed) match the true band areas within their uncertainty."""
    for name, (bands, _, _) in fresh["truth"].items():
        for (_, _, a, ae, _), (_, h, w) in zip(fresh["table"][name], bands):
            ta = h * w / FWHM_SIGMA * np.sqrt(2 * np.pi)
            assert abs(a - ta) <= 0.07 * ta + 4 * ae, f"{name}: area {a} +- {ae}, band area {ta:.1f}"


def test_uncertainties_from_the_noise(fresh) -> None:
    """area_err is sigma times the root sum of squared trapezoid weights, sigma = 1.4826 MAD of the first differences
    of the raw counts / sqrt(2); snr is the peak height over sigma."""
    for name, (bands, x, y) in fresh["truth"].items():
        sigma = noise(y)
        for (c, _, _, ae, snr), (_, h, w) in zip(fresh["table"][name], bands):
            xs = x[(x >= c - 1.5 * w) & (x <= c + 1.5 * w)]
            wt = np.zeros_like(xs)
            wt[:-1] += np.diff(xs) / 2
            wt[1:] += np.diff(xs) / 2
            expected = sigma * np.sqrt(np.sum(wt**2))
            assert 0.85 <= ae / expected <= 1.18, f"{name}: area_err {ae}, expected about {expected:.1f}"
            assert 0.8 <= snr / (h / sigma) <= 1.2, f"{name}: snr {snr}, expected about {h / sigma:.1f}"


def test_spikes_alone_are_not_peaks(tmp_path: Path) -> None:
    """A spectrum with only background, noise and cosmic-ray spikes has no peaks."""
    rng = np.random.default_rng(99)
    x, y = gen.spectrum(rng, [], spikes=6)
    gen.write(tmp_path / "blank.csv", x, y, "verifier")
    assert rows(run(tmp_path / "blank.csv")) == []


def test_high_to_low_export_gives_the_same_peaks(tmp_path: Path) -> None:
    """A spectrum exported from high to low wavenumber gives the same peaks as the same data from low to high."""
    rng = np.random.default_rng(5)
    bands = gen.random_peaks(rng, 5)
    x, y = gen.spectrum(rng, bands)
    gen.write(tmp_path / "up.csv", x, y, "A")
    gen.write(tmp_path / "down.csv", x[::-1], y[::-1], "B")
    up = [r[1:] for r in rows(run(tmp_path / "up.csv"))]
    down = [r[1:] for r in rows(run(tmp_path / "down.csv"))]
    assert up == down and len(up) == len(bands)
