#!/usr/bin/env python3
"""Peak picking on Raman spectra: despike, baseline, smooth, find peaks, centroid and area with errors.

Usage: python3 peaks.py SPECTRUM.csv [...]  (a TSV table on stdout)
"""

import sys
from pathlib import Path

import numpy as np
from scipy.ndimage import median_filter
from scipy.signal import find_peaks, peak_widths, savgol_filter


def read(path):
    rows = []
    header = False
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if not header:
            header = True
            continue
        a, b = line.split(",")
        rows.append((float(a), float(b)))
    data = np.array(sorted(rows))
    return data[:, 0], data[:, 1]


def noise(y):
    d = np.diff(y)
    return 1.4826 * np.median(np.abs(d - np.median(d))) / np.sqrt(2)


def despike(y, sigma):
    med = median_filter(y, size=7, mode="nearest")
    out = y.copy()
    spikes = y - med > 15 * sigma
    out[spikes] = med[spikes]
    return out


def baseline(x, y, sigma, degree=5, rounds=30):
    t = (x - x[0]) / (x[-1] - x[0])
    keep = np.ones_like(y, dtype=bool)
    fit = np.zeros_like(y)
    for _ in range(rounds):
        coef = np.polyfit(t[keep], y[keep], degree)
        fit = np.polyval(coef, t)
        new = y <= fit + 2 * sigma
        if np.array_equal(new, keep):
            break
        keep = new
    return fit


def trapezoid_weights(x):
    w = np.zeros_like(x)
    dx = np.diff(x)
    w[:-1] += dx / 2
    w[1:] += dx / 2
    return w


def analyse(path):
    x, raw = read(path)
    sigma = noise(raw)
    y = despike(raw, sigma)
    signal = y - baseline(x, y, sigma)
    smooth = savgol_filter(signal, 11, 3)
    idx, _ = find_peaks(smooth, height=8 * sigma, prominence=8 * sigma)
    widths = peak_widths(smooth, idx, rel_height=0.5)[0]
    step = (x[-1] - x[0]) / (len(x) - 1)
    rows = []
    for i, wpts in zip(idx, widths):
        fwhm = wpts * step
        win = (x >= x[i] - 1.5 * fwhm) & (x <= x[i] + 1.5 * fwhm)
        xs, ys = x[win], signal[win]
        w = trapezoid_weights(xs)
        area = float(np.sum(w * ys))
        area_err = float(sigma * np.sqrt(np.sum(w**2)))
        centroid = float(np.sum(xs * ys) / np.sum(ys))
        centroid_err = float(sigma * np.sqrt(np.sum((xs - centroid) ** 2)) / np.sum(ys))
        rows.append((centroid, centroid_err, area, area_err, float(smooth[i] / sigma)))
    return sorted(rows)


def main(paths):
    print("spectrum\tcentroid\tcentroid_err\tarea\tarea_err\tsnr")
    for path in paths:
        name = Path(path).name.removesuffix(".csv")
        for c, ce, a, ae, snr in analyse(path):
            print(f"{name}\t{c:.2f}\t{ce:.2f}\t{a:.1f}\t{ae:.1f}\t{snr:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
