"""CCD frames of one field with stars of known flux: `python3 make_frames.py SEED DIR [--late]`.

Writes DIR/frames/*.fits, DIR/catalog.csv and DIR/calib/badpix.fits (with --late: only the one
frame the telescope takes after the others, DIR/LATE_NAME). Seed 7 made the task's /app files.
Each frame: 160x160 uint16 (BZERO 32768), a sky that changes from frame to frame, Gaussian stars
whose counts are rate x EXPTIME x the extinction at the frame's AIRMASS, Poisson and read noise,
hot pixels (listed in the bad pixel mask), a star bright enough to saturate and one at the edge.
"""

import math
import sys
from pathlib import Path

import numpy as np
from astropy.io import fits

NX, NY = 160, 160
GAIN, READ_NOISE, SATURATE, K_EXT = 1.6, 5.0, 58000, 0.25
EXPTIMES = [60.0, 30.0, 120.0, 60.0, 90.0, 30.0, 120.0, 60.0, 45.0, 60.0]
# id, x, y, role, rate (ADU/s above the atmosphere)
STARS = [
    ("V1", 80.37, 76.82, "target", 900.0),
    ("C1", 41.62, 38.15, "comp", 1400.0),
    ("C2", 118.21, 43.74, "comp", 1100.0),
    ("C3", 47.88, 121.33, "comp", 700.0),
    ("K1", 124.56, 117.09, "check", 800.0),
    ("S1", 97.43, 128.66, "field", 90000.0),
    ("E1", 153.28, 64.51, "field", 600.0),
    ("F1", 22.74, 80.19, "field", 300.0),
    ("F2", 66.12, 143.87, "field", 250.0),
    ("F3", 136.65, 88.42, "field", 400.0),
]
SIGMA = 1.6  # Gaussian PSF, px
LATE_NAME = "v1234cyg_V_060s_0011.fits"  # the frame taken after the others (EXPTIMES[10 % 10] s)


def _pixel_integral(c, n):
    """Fraction of a unit Gaussian centred on c in each pixel 0..n-1 (pixel i spans i-0.5..i+0.5)."""
    edges = np.arange(n + 1) - 0.5
    cdf = 0.5 * (1 + np.array([math.erf((e - c) / (SIGMA * math.sqrt(2))) for e in edges]))
    return np.diff(cdf)


def variable_rate(mjd):
    """V1: 0.4 mag peak to peak, period 0.29 d."""
    return 900.0 * 10 ** (-0.4 * 0.2 * math.sin(2 * math.pi * (mjd - 60650.0) / 0.29))


def stars(seed):
    """The catalog of a seed: the field shifted by up to 3 px (not at all for seed 7)."""
    rng = np.random.default_rng(seed + 1000)
    dx, dy = (0.0, 0.0) if seed == 7 else (rng.uniform(-3, 3), rng.uniform(-3, 3))
    return [(sid, round(x + dx, 2), round(y + dy, 2), role, rate) for sid, x, y, role, rate in STARS]


def frame(rng, mjd, exptime, airmass, hot, field):
    model = np.full((NY, NX), 0.0)
    sky = (18.0 + 6.0 * rng.random()) * exptime
    model += sky
    trans = 10 ** (-0.4 * K_EXT * airmass)
    for sid, x, y, _role, rate in field:
        r = variable_rate(mjd) if sid == "V1" else rate
        model += r * exptime * trans * np.outer(_pixel_integral(y, NY), _pixel_integral(x, NX))
    electrons = rng.poisson(model * GAIN).astype(float) + rng.normal(0.0, READ_NOISE, model.shape)
    adu = electrons / GAIN
    for (y, x), v in hot.items():
        adu[y, x] = v
    return np.clip(np.round(adu), 0, 65535).astype(np.uint16)


def hot_pixels(rng, field):
    hot = {}
    at = {sid: (int(round(y)), int(round(x))) for sid, x, y, _r, _f in field}
    for _ in range(30):
        hot[(int(rng.integers(0, NY)), int(rng.integers(0, NX)))] = float(rng.integers(20000, 65536))
    # Some where they hurt: in C2's aperture, in V1's annulus, in K1's aperture.
    hot[(at["C2"][0], at["C2"][1] + 1)] = 61234.0
    hot[(at["V1"][0] + 9, at["V1"][1])] = 40000.0
    hot[(at["K1"][0], at["K1"][1] - 1)] = 59000.0
    return hot


def write(seed, target, late=False):
    rng = np.random.default_rng(seed)
    field = stars(seed)
    hot = hot_pixels(rng, field)
    target = Path(target)
    target.mkdir(parents=True, exist_ok=True)
    mjd0 = 60650.78 + rng.random() * 0.01
    n = len(EXPTIMES)
    if not late:
        (target / "frames").mkdir(parents=True, exist_ok=True)
        (target / "calib").mkdir(parents=True, exist_ok=True)
        mask = np.zeros((NY, NX), dtype=np.uint8)
        for (y, x) in hot:
            mask[y, x] = 1
        fits.PrimaryHDU(mask).writeto(target / "calib" / "badpix.fits", overwrite=True)
        lines = ["id,x,y,role"] + [f"{s[0]},{s[1]},{s[2]},{s[3]}" for s in field]
        (target / "catalog.csv").write_text("\n".join(lines) + "\n")
    order = list(range(n + 1))
    for i in order:
        mjd = mjd0 + i * 0.021
        exptime = EXPTIMES[i % n]
        airmass = round(1.04 + 0.09 * i + 0.004 * i * i, 4)
        data = frame(rng, mjd, exptime, airmass, hot, field)
        if (i == n) != late:
            continue
        hdu = fits.PrimaryHDU(data)
        h = hdu.header
        h["OBJECT"] = "V1234 Cyg"
        h["FILTER"] = "V"
        h["EXPTIME"] = (exptime, "exposure time [s]")
        h["AIRMASS"] = (airmass, "airmass at mid-exposure")
        h["MJD-OBS"] = (round(mjd, 6), "modified Julian date at mid-exposure")
        h["GAIN"] = (GAIN, "e-/ADU")
        h["SATURATE"] = (SATURATE, "ADU; pixels at or above are saturated")
        name = f"v1234cyg_V_{int(exptime):03d}s_{i + 1:04d}.fits"  # by name, grouped by exposure
        if late:
            hdu.writeto(target / LATE_NAME, overwrite=True)
        else:
            hdu.writeto(target / "frames" / name, overwrite=True)


if __name__ == "__main__":
    write(int(sys.argv[1]), sys.argv[2], late="--late" in sys.argv)
