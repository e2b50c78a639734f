"""Synthetic Raman spectra: Gaussian bands on a fluorescence background, shot noise, cosmic-ray spikes."""

import sys
from pathlib import Path

import numpy as np


def spectrum(rng, peaks, n=1200, lo=200.0, hi=1800.0, spikes=2, descending=False):
    """x, counts for peaks [(centre, height, fwhm)] on a curved background; returns (x, y)."""
    x = np.linspace(lo, hi, n)
    t = (x - lo) / (hi - lo)
    a = rng.uniform(600, 1400)
    background = a * (1.0 + 0.9 * t - 0.7 * t**2) + rng.uniform(150, 400) * np.exp(-t / 0.35)
    y = background.copy()
    for c, h, w in peaks:
        s = w / 2.3548200450309493
        y += h * np.exp(-0.5 * ((x - c) / s) ** 2)
    y = y + rng.normal(0.0, 1.0, n) * np.sqrt(y) * 0.35
    for _ in range(spikes):
        i = int(rng.integers(20, n - 20))
        amp = rng.uniform(600, 1200)
        y[i] += amp
        if rng.random() < 0.5:
            y[i + 1] += 0.6 * amp
    if descending:
        x, y = x[::-1], y[::-1]
    return x, y


def write(path, x, y, instrument):
    with open(path, "w") as f:
        f.write(f"# instrument: {instrument}\n# laser: 785 nm, 10 s x 6 accumulations\n")
        f.write("raman_shift_cm1,counts\n")
        for a, b in zip(x, y):
            f.write(f"{a:.2f},{b:.1f}\n")


def random_peaks(rng, k):
    centres = np.sort(rng.uniform(320, 1680, k))
    keep = [centres[0]]
    for c in centres[1:]:
        if c - keep[-1] > 95:
            keep.append(c)
    return [(float(c), float(rng.uniform(250, 700)), float(rng.uniform(14, 30))) for c in keep]


if __name__ == "__main__":
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20261205)
    for i in range(1, 9):
        peaks = random_peaks(rng, int(rng.integers(4, 8)))
        x, y = spectrum(rng, peaks, descending=i > 4)
        write(out / f"S{i:02d}.csv", x, y, "RX-785 bench A" if i <= 4 else "RX-785 bench B (exports high to low)")
