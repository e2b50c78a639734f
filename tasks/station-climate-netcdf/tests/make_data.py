#!/usr/bin/env python3
"""Write a monthly near-surface temperature file like the regional archive's (packed int16, noleap calendar).

make_data.py OUT.nc [fresh]: the default is the task's file; "fresh" is the verifier's second file
(another start month, another grid, other gaps).
"""

import sys

import cftime
import netCDF4
import numpy as np


def build(path: str, fresh: bool = False) -> None:
    rng = np.random.default_rng(2291 if fresh else 1187)
    start = (1985, 7) if fresh else (1981, 1)
    end = (2024, 6) if fresh else (2023, 12)
    months = (end[0] - start[0]) * 12 + end[1] - start[1] + 1
    lat = np.arange(57.5, 34.9, -2.5) if not fresh else np.arange(56.0, 35.9, -2.0)  # north to south
    lon = np.concatenate([np.arange(0.0, 20.1, 2.5), np.arange(337.5, 359.9, 2.5)]) if not fresh else np.concatenate([np.arange(0.0, 16.1, 2.0), np.arange(340.0, 359.9, 2.0)])
    dates = []
    y, m = start
    for _ in range(months):
        dates.append(cftime.DatetimeNoLeap(y, m, 15, 12 if m != 2 else 0))
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
    if fresh:  # this extract lost March 2003 (a bad tape): the time axis has a gap
        dates = [d for d in dates if (d.year, d.month) != (2003, 3)]
        months = len(dates)
    mon = np.array([d.month for d in dates])
    yr = np.array([d.year for d in dates])
    season = 9.0 * -np.cos(2 * np.pi * (mon - 1.5) / 12)  # K around the annual mean
    trend = 0.03 * (yr - 1990)
    base = 283.0 - 0.55 * (lat[:, None] - 45.0) + 0.02 * np.where(lon[None, :] > 180, lon[None, :] - 360, lon[None, :])
    tas = base[None] + season[:, None, None] + trend[:, None, None] + rng.normal(0, 1.1, (months, lat.size, lon.size))
    mask = rng.random(tas.shape) < 0.03  # scattered gaps
    # a station outage: one cell without data for most of the baseline (so too few years for a climatology)
    ci, cj = (3, 2) if not fresh else (4, 15)
    mask[(yr >= 1992) & (yr <= 2004), ci, cj] = True
    # another cell misses only a few Januaries: still enough years
    mask[(mon == 1) & (yr >= 1995) & (yr <= 2000), ci + 1, cj] = True
    ds = netCDF4.Dataset(path, "w", format="NETCDF4_CLASSIC")
    ds.Conventions = "CF-1.8"
    ds.title = "Monthly mean near-surface air temperature, regional archive" + (" (second extract)" if fresh else "")
    ds.institution = "Regional climate service"
    ds.createDimension("time", None)
    ds.createDimension("lat", lat.size)
    ds.createDimension("lon", lon.size)
    vt = ds.createVariable("time", "f8", ("time",))
    vt.units = "days since 1850-01-01 00:00:00"
    vt.calendar = "noleap"
    vt.standard_name = "time"
    vt.axis = "T"
    vt[:] = cftime.date2num(dates, vt.units, calendar="noleap")
    vla = ds.createVariable("lat", "f4", ("lat",))
    vla.units, vla.standard_name, vla.axis = "degrees_north", "latitude", "Y"
    vla[:] = lat
    vlo = ds.createVariable("lon", "f4", ("lon",))
    vlo.units, vlo.standard_name, vlo.axis = "degrees_east", "longitude", "X"
    vlo[:] = lon
    v = ds.createVariable("tas", "i2", ("time", "lat", "lon"), fill_value=np.int16(-32767))
    v.units = "K"
    v.standard_name = "air_temperature"
    v.long_name = "Near-surface air temperature"
    v.cell_methods = "time: mean"
    v.scale_factor = np.float32(0.01)
    v.add_offset = np.float32(273.15)
    v.set_auto_maskandscale(False)
    packed = np.round((tas - 273.15) / 0.01).astype(np.int16)
    packed[mask] = -32767
    v[:] = packed
    ds.close()


if __name__ == "__main__":
    build(sys.argv[1], len(sys.argv) > 2 and sys.argv[2] == "fresh")
