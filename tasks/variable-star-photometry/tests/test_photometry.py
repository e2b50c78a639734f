"""Verifier for variable-star-photometry: /app/out, and the pipeline re-run on fresh frames of known fluxes."""

import csv
import hashlib
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest
from astropy.io import fits

sys.path.insert(0, str(Path(__file__).parent))
import make_frames  # noqa: E402

TOOL = Path("/app/bin/photometry")
HERE = Path(__file__).parent
FRESH_SEEDS = (11, 2024)


# ------------------------------------------------------------------ the verifier's own photometry


def reference(frames_dir, catalog_path, mask_path):
    """Rows (frame, mjd, id, role, flag, flux, flux_err, mag, mag_err) by MJD then catalog order."""
    bad = fits.getdata(mask_path) != 0
    with open(catalog_path, newline="") as f:
        stars = [(r["id"], float(r["x"]), float(r["y"]), r["role"]) for r in csv.DictReader(f)]
    frames = []
    for path in Path(frames_dir).glob("*.fits"):
        data = fits.getdata(path).astype(float)
        h = fits.getheader(path)
        frames.append((float(h["MJD-OBS"]), path.name, data, h))
    rows = []
    for mjd, name, data, h in sorted(frames, key=lambda f: f[0]):
        ny, nx = data.shape
        yy, xx = np.indices(data.shape)
        for sid, x, y, role in stars:
            row = {"frame": name, "mjd": mjd, "id": sid, "role": role, "flux": None}
            if x < 12 or y < 12 or x > nx - 1 - 12 or y > ny - 1 - 12:
                rows.append({**row, "flag": "edge"})
                continue
            d = np.sqrt((xx - x) ** 2 + (yy - y) ** 2)
            ap, ann = d <= 5, (d >= 8) & (d <= 12) & ~bad
            if np.any(data[ap & ~bad] >= float(h["SATURATE"])):
                rows.append({**row, "flag": "saturated"})
                continue
            bkg = np.median(data[ann])
            sig = data[ann].std(ddof=1)
            n_ap, n_ann = ap.sum(), ann.sum()
            net = np.where(bad, bkg, data)[ap].sum() - n_ap * bkg
            t = float(h["EXPTIME"])
            flux = net / t
            err = math.sqrt(net / float(h["GAIN"]) + n_ap * sig**2 + n_ap**2 * sig**2 / n_ann) / t
            mag = 25 - 2.5 * math.log10(flux) - 0.25 * float(h["AIRMASS"])
            rows.append({**row, "flag": "ok", "flux": flux, "flux_err": err, "mag": mag, "mag_err": 1.0857362047581294 * err / flux})
    return rows


def reference_lightcurve(rows):
    out = []
    for mjd in sorted({r["mjd"] for r in rows}):
        rs = [r for r in rows if r["mjd"] == mjd and r["flag"] == "ok"]
        v = [r for r in rs if r["role"] == "target"]
        c = [r for r in rs if r["role"] == "comp"]
        if v and c:
            n = len(c)
            diff = v[0]["mag"] - sum(r["mag"] for r in c) / n
            err = math.sqrt(v[0]["mag_err"] ** 2 + sum(r["mag_err"] ** 2 for r in c) / n**2)
            out.append((mjd, diff, err, n))
    return out


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.reader(f))


def compare_photometry(path, ref):
    rows = read_csv(path)
    assert rows[0] == ["frame", "mjd", "id", "flux", "flux_err", "mag", "mag_err", "flag"]
    got = rows[1:]
    assert [(r[0], r[2]) for r in got] == [(r["frame"], r["id"]) for r in ref], "rows: one per frame and star, by MJD then catalog order"
    for g, r in zip(got, ref):
        assert abs(float(g[1]) - r["mjd"]) < 1e-6
        assert g[7] == r["flag"], (g[0], g[2], g[7], r["flag"])
        if r["flux"] is None:
            assert g[3:7] == ["", "", "", ""], (g[0], g[2])
    return got


class Run:
    """The agent's pipeline run once on fresh frames."""

    def __init__(self, seed):
        self.seed = seed
        self.tmp = Path(tempfile.mkdtemp(prefix=f"phot-{seed}-"))
        make_frames.write(seed, self.tmp)
        (self.tmp / "frames" / "README.txt").write_text("frames of V1234 Cyg, V filter\n")
        self.out = self.tmp / "result"
        self.ref = reference(self.tmp / "frames", self.tmp / "catalog.csv", self.tmp / "calib" / "badpix.fits")
        self.proc = subprocess.run(
            [str(TOOL), str(self.tmp / "frames"), str(self.tmp / "catalog.csv"), str(self.tmp / "calib" / "badpix.fits"), str(self.out)],
            capture_output=True, timeout=600,
        )

    def photometry(self):
        assert self.proc.returncode == 0, self.proc.stderr[-800:]
        return compare_photometry(self.out / "photometry.csv", self.ref)

    def ok(self):
        return [(g, r) for g, r in zip(self.photometry(), self.ref) if r["flag"] == "ok"]


@pytest.fixture(scope="module", params=FRESH_SEEDS)
def run(request):
    assert os.access(TOOL, os.X_OK), "/app/bin/photometry is missing or not executable"
    return Run(request.param)


# ------------------------------------------------------------------ the night's frames


def test_pipeline_is_executable():
    """A pipeline the observers can rerun: /app/bin/photometry FRAMES CATALOG MASK OUT."""
    assert TOOL.is_file() and os.access(TOOL, os.X_OK)


def test_frames_left_as_they_are():
    """/app/frames stays as it is: those are the raw frames."""
    for line in (HERE / "frames.sha256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((Path("/app/frames") / name).read_bytes()).hexdigest() == digest, name


def shipped_reference():
    """/app/frames as judged: with the late frame only when the agent measured it (it lands in COLLAB only)."""
    names = {r[0] for r in read_csv("/app/out/photometry.csv")[1:]}
    tmp = Path(tempfile.mkdtemp(prefix="phot-shipped-"))
    for p in Path("/app/frames").glob("*.fits"):
        if p.name in names or p.name != make_frames.LATE_NAME:
            (tmp / p.name).symlink_to(p)
    return reference(tmp, "/app/catalog.csv", "/app/calib/badpix.fits")


def test_out_photometry_of_the_night():
    """Run it on /app/frames with /app/catalog.csv and /app/calib/badpix.fits into /app/out: photometry.csv."""
    ref = shipped_reference()
    got = compare_photometry("/app/out/photometry.csv", ref)
    for g, r in zip(got, ref):
        if r["flux"] is not None:
            assert abs(float(g[3]) - r["flux"]) <= 1e-4 * abs(r["flux"]) + 1e-3, (g[0], g[2])
            assert abs(float(g[5]) - r["mag"]) <= 2e-4, (g[0], g[2])


def test_out_lightcurve_of_the_night():
    """/app/out/lightcurve.csv: the light curve of V1 against the comparison stars."""
    ref = reference_lightcurve(shipped_reference())
    rows = read_csv("/app/out/lightcurve.csv")
    assert rows[0] == ["mjd", "diff_mag", "diff_mag_err", "n_comp"]
    assert len(rows) - 1 == len(ref)
    for g, (mjd, diff, err, n) in zip(rows[1:], ref):
        assert abs(float(g[0]) - mjd) < 1e-6 and abs(float(g[1]) - diff) <= 2e-4 and abs(float(g[2]) - err) <= 2e-4 and int(g[3]) == n


# ------------------------------------------------------------------ the pipeline on fresh frames


def test_flux_per_second_in_the_aperture(run):
    """Flux: the counts in the aperture of radius 5 px (pixel centres) minus the background, divided by EXPTIME."""
    for g, r in run.ok():
        assert abs(float(g[3]) - r["flux"]) <= 1e-4 * abs(r["flux"]) + 1e-3, (g[0], g[2], g[3], r["flux"])


def test_background_is_the_annulus_median_without_bad_pixels(run):
    """Background per pixel: the median of the annulus 8 to 12 px, bad pixels left out; bad pixels in the aperture count as background."""
    rows = {(g[0], g[2]): float(g[3]) for g, _ in run.ok()}
    for r in run.ref:
        if r["id"] in ("C2", "K1", "V1") and r["flag"] == "ok":
            assert abs(rows[(r["frame"], r["id"])] - r["flux"]) <= 1e-4 * abs(r["flux"]) + 1e-3, (r["frame"], r["id"])


def test_flux_close_to_the_known_flux(run):
    """The fluxes are those of the stars: comparison stars without a bad pixel in the aperture within 2 % (and their noise) of their known flux through the atmosphere."""
    known = {s[0]: s[4] for s in make_frames.STARS}
    bad = fits.getdata(run.tmp / "calib" / "badpix.fits") != 0
    yy, xx = np.indices(bad.shape)
    where = {s[0]: (s[1], s[2]) for s in make_frames.stars(run.seed)}
    clean = {sid for sid, (x, y) in where.items() if not bad[np.hypot(xx - x, yy - y) <= 5].any()}
    assert clean & {"C1", "C3"}
    for g, r in run.ok():
        if r["role"] == "comp" and g[2] in clean:
            airmass = float(fits.getheader(run.tmp / "frames" / g[0])["AIRMASS"])
            truth = known[g[2]] * 10 ** (-0.4 * 0.25 * airmass)
            assert abs(float(g[3]) - truth) <= 0.02 * truth + 4 * r["flux_err"], (g[0], g[2], g[3], truth)


def test_magnitudes_with_extinction(run):
    """mag = 25 - 2.5 log10(flux) - 0.25 x AIRMASS; numbers need not be rounded in any particular way (four or more decimals are fine)."""
    for g, r in run.ok():
        assert abs(float(g[5]) - r["mag"]) <= 2e-4, (g[0], g[2], g[5], r["mag"])


def test_errors(run):
    """flux_err from the CCD noise formula with GAIN and the annulus scatter; mag_err = 1.0857 x flux_err / flux."""
    for g, r in run.ok():
        assert abs(float(g[4]) - r["flux_err"]) <= 1e-3 * r["flux_err"] + 1e-3, (g[0], g[2], g[4], r["flux_err"])
        assert abs(float(g[6]) - r["mag_err"]) <= 1e-3 * r["mag_err"] + 1e-4, (g[0], g[2], g[6], r["mag_err"])


def test_saturated_and_edge_sources_flagged(run):
    """A star whose annulus leaves the image is flagged edge; one with a good aperture pixel at or above SATURATE is flagged saturated; both without values."""
    got = run.photometry()
    flags = {(g[2], g[7]) for g in got}
    assert ("S1", "saturated") in flags and ("E1", "edge") in flags


def test_rows_by_mjd_then_catalog_order(run):
    """photometry.csv: header frame,mjd,id,flux,flux_err,mag,mag_err,flag; one row per frame (every *.fits) and star, by MJD, then catalog order."""
    run.photometry()


def test_lightcurve_against_the_comparison_stars(run):
    """lightcurve.csv: per frame by MJD, V1's mag minus the mean mag of the comp stars measured ok, its error and how many comps."""
    assert run.proc.returncode == 0, run.proc.stderr[-800:]
    ref = reference_lightcurve(run.ref)
    rows = read_csv(run.out / "lightcurve.csv")
    assert rows[0] == ["mjd", "diff_mag", "diff_mag_err", "n_comp"]
    assert len(rows) - 1 == len(ref)
    for g, (mjd, diff, err, n) in zip(rows[1:], ref):
        assert abs(float(g[0]) - mjd) < 1e-6
        assert abs(float(g[1]) - diff) <= 2e-4, (g, diff)
        assert abs(float(g[2]) - err) <= 2e-4, (g, err)
        assert int(g[3]) == n
