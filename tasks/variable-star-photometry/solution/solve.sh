#!/bin/bash
# Reference solution: /app/bin/photometry (Python, astropy and numpy) written one requirement at a
# time: reading the frames and the catalog, the aperture and the annulus with the bad pixel mask,
# the flags, the flux and magnitude with errors, the light curve; then the run on /app/frames.
set -euo pipefail
mkdir -p /app/bin

# 1. Inputs: every *.fits frame of FRAMES (header keywords), the catalog, the bad pixel mask.
cat > /app/bin/photometry <<'PY'
#!/usr/bin/env python3
"""photometry FRAMES CATALOG MASK OUT: aperture photometry and the V1 light curve."""
import csv
import math
import sys
from pathlib import Path

import numpy as np
from astropy.io import fits

R_AP, R_IN, R_OUT, ZP, K_EXT = 5.0, 8.0, 12.0, 25.0, 0.25


def frames(folder):
    for path in sorted(Path(folder).glob("*.fits")):
        with fits.open(path) as hdul:
            h = hdul[0].header
            yield path.name, hdul[0].data.astype(float), {k: float(h[k]) for k in ("EXPTIME", "AIRMASS", "MJD-OBS", "GAIN", "SATURATE")}


def catalog(path):
    with open(path, newline="") as f:
        return [(r["id"], float(r["x"]), float(r["y"]), r["role"]) for r in csv.DictReader(f)]
PY

# 2. The aperture (radius 5) and the annulus (8 to 12): pixel centres, bad pixels.
cat >> /app/bin/photometry <<'PY'


def regions(shape, x, y):
    yy, xx = np.mgrid[0 : shape[0], 0 : shape[1]]
    d = np.hypot(xx - x, yy - y)
    return d <= R_AP, (d >= R_IN) & (d <= R_OUT)


def on_image(shape, x, y):
    return x - R_OUT >= 0 and y - R_OUT >= 0 and x + R_OUT <= shape[1] - 1 and y + R_OUT <= shape[0] - 1
PY

# 3. Flux per second, magnitude with extinction, errors; the edge and saturated flags.
cat >> /app/bin/photometry <<'PY'


def measure(data, bad, x, y, hdr):
    if not on_image(data.shape, x, y):
        return "edge", None
    ap, ann = regions(data.shape, x, y)
    ann &= ~bad
    sky = data[ann]
    bkg, sig, n_ann = float(np.median(sky)), float(np.std(sky, ddof=1)), int(sky.size)
    if (data[ap & ~bad] >= hdr["SATURATE"]).any():
        return "saturated", None
    vals = np.where(bad[ap], bkg, data[ap])
    n_ap = int(ap.sum())
    net = float(vals.sum()) - n_ap * bkg
    t = hdr["EXPTIME"]
    flux = net / t
    flux_err = math.sqrt(net / hdr["GAIN"] + n_ap * sig**2 + n_ap**2 * sig**2 / n_ann) / t
    mag = ZP - 2.5 * math.log10(flux) - K_EXT * hdr["AIRMASS"]
    mag_err = 2.5 / math.log(10) * flux_err / flux
    return "ok", (flux, flux_err, mag, mag_err)
PY

# 4. photometry.csv: one row per frame and star, by MJD then catalog order.
cat >> /app/bin/photometry <<'PY'


def photometry(frames_dir, catalog_path, mask_path, out):
    with fits.open(mask_path) as hdul:
        bad = hdul[0].data != 0
    stars = catalog(catalog_path)
    rows = []
    for name, data, hdr in sorted(frames(frames_dir), key=lambda f: f[2]["MJD-OBS"]):
        for sid, x, y, role in stars:
            flag, m = measure(data, bad, x, y, hdr)
            rows.append({"frame": name, "mjd": hdr["MJD-OBS"], "id": sid, "role": role, "flag": flag, "m": m})
    with open(out / "photometry.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["frame", "mjd", "id", "flux", "flux_err", "mag", "mag_err", "flag"])
        for r in rows:
            vals = [f"{r['m'][0]:.4f}", f"{r['m'][1]:.4f}", f"{r['m'][2]:.5f}", f"{r['m'][3]:.5f}"] if r["m"] else ["", "", "", ""]
            w.writerow([r["frame"], f"{r['mjd']:.6f}", r["id"], *vals, r["flag"]])
    return rows
PY

# 5. lightcurve.csv: V1 minus the mean of the comparison stars measured in the frame.
cat >> /app/bin/photometry <<'PY'


def lightcurve(rows, out):
    by_frame = {}
    for r in rows:
        by_frame.setdefault((r["mjd"], r["frame"]), []).append(r)
    with open(out / "lightcurve.csv", "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["mjd", "diff_mag", "diff_mag_err", "n_comp"])
        for (mjd, _name), rs in sorted(by_frame.items()):
            target = [r for r in rs if r["role"] == "target" and r["m"]]
            comps = [r["m"] for r in rs if r["role"] == "comp" and r["m"]]
            if not target or not comps:
                continue
            v = target[0]["m"]
            n = len(comps)
            diff = v[2] - sum(c[2] for c in comps) / n
            err = math.sqrt(v[3] ** 2 + sum(c[3] ** 2 for c in comps) / n**2)
            w.writerow([f"{mjd:.6f}", f"{diff:.5f}", f"{err:.5f}", n])


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit("usage: photometry FRAMES CATALOG MASK OUT")
    out = Path(sys.argv[4])
    out.mkdir(parents=True, exist_ok=True)
    lightcurve(photometry(sys.argv[1], sys.argv[2], sys.argv[3], out), out)
PY
chmod 0755 /app/bin/photometry

# 6. The night's frames.
/app/bin/photometry /app/frames /app/catalog.csv /app/calib/badpix.fits /app/out
head -5 /app/out/photometry.csv
cat /app/out/lightcurve.csv
