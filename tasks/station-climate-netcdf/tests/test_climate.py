"""Monthly tas anomalies against 1991-2020 for the box 40-50N, 10W-10E, as CF netCDF, and annual
cos(lat)-weighted box means: checked on /app/out and by running /app/climate/run.sh on a fresh file."""

import csv
import functools
import math
import subprocess
from pathlib import Path

import cftime
import netCDF4
import numpy as np
import pytest
from make_data import build

RUN = Path("/app/climate/run.sh")
DATA = Path("/app/data/tas_monthly.nc")


@functools.cache
def expected(path: Path) -> dict:
    """Recompute everything from the raw packed values, cell by cell and month by month."""
    ds = netCDF4.Dataset(path)
    v = ds["tas"]
    v.set_auto_maskandscale(False)
    raw = v[:].astype("f8")
    vals = np.where(raw == -32767, np.nan, raw * 0.01 + 273.15)
    lat = ds["lat"][:].astype("f8")
    lon = ds["lon"][:].astype("f8")
    lon180 = [x - 360 if x > 180 else x for x in lon]
    lats = sorted((la, i) for i, la in enumerate(lat) if 40 <= la <= 50)
    lons = sorted((lo, j) for j, lo in enumerate(lon180) if -10 <= lo <= 10)
    t = ds["time"]
    dates = cftime.num2date(t[:], t.units, calendar=t.calendar)
    anom = np.full((len(dates), len(lats), len(lons)), np.nan)
    for a, (_, i) in enumerate(lats):
        for b, (_, j) in enumerate(lons):
            for m in range(1, 13):
                base = [vals[k, i, j] for k, d in enumerate(dates) if d.month == m and 1991 <= d.year <= 2020 and not math.isnan(vals[k, i, j])]
                if len(base) < 24:
                    continue
                c = sum(base) / len(base)
                for k, d in enumerate(dates):
                    if d.month == m:
                        anom[k, a, b] = vals[k, i, j] - c
    rows = {}
    for yr in sorted({d.year for d in dates}):
        monthly = []
        for k, d in enumerate(dates):
            if d.year != yr:
                continue
            num = den = 0.0
            for a, (la, _) in enumerate(lats):
                for b in range(len(lons)):
                    if not math.isnan(anom[k, a, b]):
                        num += math.cos(math.radians(la)) * anom[k, a, b]
                        den += math.cos(math.radians(la))
            if den:
                monthly.append(num / den)
        rows[yr] = sum(monthly) / 12 if len(monthly) == 12 else None
    out = {"time": t[:].copy(), "units": t.units, "calendar": t.calendar, "lat": [x for x, _ in lats], "lon": [x for x, _ in lons], "anom": anom, "rows": rows}
    ds.close()
    return out


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, subprocess.CompletedProcess[str]]:
    base = tmp_path_factory.mktemp("fresh")
    src = base / "extract.nc"
    build(str(src), fresh=True)
    out = base / "result"
    assert RUN.is_file(), "/app/climate/run.sh is missing"
    proc = subprocess.run(["bash", str(RUN), str(src), str(out)], capture_output=True, text=True, timeout=300)
    return src, out, proc


def check_nc(nc: Path, want: dict) -> None:
    ds = netCDF4.Dataset(nc)
    v = ds["tas_anom"]
    assert v.dimensions == ("time", "lat", "lon")
    assert np.allclose(ds["lat"][:], want["lat"]) and np.allclose(ds["lon"][:], want["lon"]), "box or axis order"
    got = np.ma.filled(v[:].astype("f8"), np.nan)
    assert got.shape == want["anom"].shape
    assert np.array_equal(np.isnan(got), np.isnan(want["anom"])), "missing values in the wrong places"
    ok = ~np.isnan(got)
    assert np.max(np.abs(got[ok] - want["anom"][ok])) < 2e-3, "anomaly values differ"
    ds.close()


def check_csv(path: Path, want: dict) -> None:
    rows = list(csv.reader(path.open()))
    assert rows[0] == ["year", "anomaly_k"]
    assert [int(r[0]) for r in rows[1:]] == list(want["rows"])
    for r in rows[1:]:
        w = want["rows"][int(r[0])]
        if w is None:
            assert r[1] == "", f"{r[0]}: a year without all 12 months has no mean"
        else:
            assert r[1] == f"{float(r[1]):.2f}" and abs(float(r[1]) - w) <= 0.0051, f"{r[0]}: {r[1]} != {w:.2f}"


def test_archive_file_untouched(tmp_path: Path) -> None:
    """/app/data/tas_monthly.nc stays as it was."""
    build(str(tmp_path / "orig.nc"))
    assert DATA.read_bytes() == (tmp_path / "orig.nc").read_bytes()


def test_anomalies_of_the_archive_file() -> None:
    """/app/out/tas_anom.nc holds tas_anom for the box 40-50N, 10W-10E (longitudes -10..10 ascending, latitudes ascending), against the 1991-2020 monthly climatology of decoded noleap dates, missing where the input is missing or a cell-month has fewer than 24 valid baseline years."""
    check_nc(Path("/app/out/tas_anom.nc"), expected(DATA))


def test_cf_metadata() -> None:
    """tas_anom is float32 with _FillValue -9999, units K, standard_name air_temperature_anomaly and a long_name; time keeps its values, units and noleap calendar; lat and lon carry degrees_north and degrees_east."""
    want = expected(DATA)
    ds = netCDF4.Dataset("/app/out/tas_anom.nc")
    v = ds["tas_anom"]
    assert v.dtype == np.float32 and float(v._FillValue) == -9999.0
    assert v.units == "K" and v.standard_name == "air_temperature_anomaly" and v.long_name
    t = ds["time"]
    assert t.units == want["units"] and t.calendar == want["calendar"] and np.array_equal(t[:], want["time"])
    assert ds["lat"].units == "degrees_north" and ds["lon"].units == "degrees_east"
    assert getattr(ds, "Conventions", "").startswith("CF-")
    ds.close()


def test_box_means_of_the_archive_file() -> None:
    """/app/out/box_mean.csv: year,anomaly_k; per year the mean of its 12 monthly cos(lat)-weighted box means over the cells with an anomaly, two decimals."""
    check_csv(Path("/app/out/box_mean.csv"), expected(DATA))


def test_pipeline_runs_on_a_new_extract(fresh) -> None:
    """/app/climate/run.sh IN.nc OUTDIR runs on another extract (another grid, starting in July) and exits 0."""
    _, out, proc = fresh
    assert proc.returncode == 0, proc.stderr[-800:]
    assert (out / "tas_anom.nc").is_file() and (out / "box_mean.csv").is_file()


def test_pipeline_anomalies_on_a_new_extract(fresh) -> None:
    """On the new extract the anomalies follow the same rules (dates decoded from the calendar, not counted from January)."""
    src, out, _ = fresh
    check_nc(out / "tas_anom.nc", expected(src))


def test_pipeline_box_means_on_a_new_extract(fresh) -> None:
    """On the new extract a year without all 12 months (the first and the last) has an empty anomaly_k."""
    src, out, _ = fresh
    check_csv(out / "box_mean.csv", expected(src))
