#!/bin/bash
# Reference solution: a reusable pipeline (/app/climate/run.sh IN.nc OUTDIR) around one Python
# script written step by step: the box subset in -180..180 longitudes, the 1991-2020 monthly
# climatology from decoded noleap dates with the 24-year rule, the anomalies written as CF netCDF,
# the cos(lat)-weighted annual box means; then run on the archive file and checked.
set -euo pipefail
mkdir -p /app/climate /app/out

# 1. Read the packed file (netCDF4 applies scale_factor, add_offset and _FillValue), take the box
#    lat 40..50, lon -10..10 with longitudes converted from 0..360 and both axes ascending.
cat > /app/climate/anomalies.py <<'PY'
"""Monthly anomalies of tas against 1991-2020 for the box 40-50N, 10W-10E: anomalies.py IN.nc OUTDIR."""
import sys
import warnings

import cftime
import netCDF4
import numpy as np

src, outdir = sys.argv[1], sys.argv[2]
ds = netCDF4.Dataset(src)
tvar = ds["time"]
lat = ds["lat"][:].astype("f8")
lon = ds["lon"][:].astype("f8")
lon = np.where(lon > 180, lon - 360, lon)
ilat = np.where((lat >= 40) & (lat <= 50))[0]
ilat = ilat[np.argsort(lat[ilat])]
ilon = np.where((lon >= -10) & (lon <= 10))[0]
ilon = ilon[np.argsort(lon[ilon])]
tas = ds["tas"][:][:, ilat][:, :, ilon]  # masked array, K
tas = np.ma.filled(tas.astype("f8"), np.nan)
dates = cftime.num2date(tvar[:], tvar.units, calendar=tvar.calendar)
years = np.array([d.year for d in dates])
months = np.array([d.month for d in dates])
PY

# 2. The climatology: per cell and calendar month, the mean over 1991-2020 of the valid values; with
#    fewer than 24 valid years it is missing.
cat >> /app/climate/anomalies.py <<'PY'

base = (years >= 1991) & (years <= 2020)
clim = np.full((12,) + tas.shape[1:], np.nan)
for m in range(1, 13):
    sel = tas[base & (months == m)]
    n = np.sum(~np.isnan(sel), axis=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an all-missing cell: NaN, dropped below
        mean = np.nanmean(sel, axis=0)
    clim[m - 1] = np.where(n >= 24, mean, np.nan)
anom = tas - clim[months - 1]
PY

# 3. The anomalies as CF netCDF: the time axis as it was (values, units, calendar), lat/lon with
#    their units, tas_anom float32 with _FillValue -9999 and its units and standard_name.
cat >> /app/climate/anomalies.py <<'PY'

out = netCDF4.Dataset(f"{outdir}/tas_anom.nc", "w", format="NETCDF4_CLASSIC")
out.Conventions = "CF-1.8"
out.title = "Monthly near-surface air temperature anomalies against 1991-2020, 40-50N 10W-10E"
out.createDimension("time", None)
out.createDimension("lat", ilat.size)
out.createDimension("lon", ilon.size)
t = out.createVariable("time", "f8", ("time",))
t.units, t.calendar, t.standard_name, t.axis = tvar.units, tvar.calendar, "time", "T"
t[:] = tvar[:]
y = out.createVariable("lat", "f4", ("lat",))
y.units, y.standard_name, y.axis = "degrees_north", "latitude", "Y"
y[:] = lat[ilat]
x = out.createVariable("lon", "f4", ("lon",))
x.units, x.standard_name, x.axis = "degrees_east", "longitude", "X"
x[:] = lon[ilon]
a = out.createVariable("tas_anom", "f4", ("time", "lat", "lon"), fill_value=np.float32(-9999.0))
a.units = "K"
a.standard_name = "air_temperature_anomaly"
a.long_name = "Near-surface air temperature anomaly against 1991-2020"
a[:] = np.ma.masked_invalid(anom.astype("f4"))
out.close()
PY

# 4. The annual box means: per month the cos(lat)-weighted mean over the cells with an anomaly, per
#    year the mean of its 12 months; blank for a year without all 12.
cat >> /app/climate/anomalies.py <<'PY'

w = np.cos(np.radians(lat[ilat]))[:, None] * np.ones(ilon.size)[None, :]
with open(f"{outdir}/box_mean.csv", "w") as f:
    f.write("year,anomaly_k\n")
    for yr in sorted(set(years.tolist())):
        vals = []
        for i in np.where(years == yr)[0]:
            ok = ~np.isnan(anom[i])
            if ok.any():
                vals.append(float(np.sum(w[ok] * anom[i][ok]) / np.sum(w[ok])))
        f.write(f"{yr},{sum(vals) / 12:.2f}\n" if len(vals) == 12 else f"{yr},\n")
PY

# 5. The pipeline the team re-runs on new extracts.
cat > /app/climate/run.sh <<'SH'
#!/bin/bash
# run.sh IN.nc OUTDIR: tas anomalies (tas_anom.nc) and annual box means (box_mean.csv).
set -euo pipefail
mkdir -p "$2"
exec python3 /app/climate/anomalies.py "$1" "$2"
SH
chmod +x /app/climate/run.sh

# 6. Run it on the archive file and look at the result.
/app/climate/run.sh /app/data/tas_monthly.nc /app/out
ncdump -h /app/out/tas_anom.nc
head -n 5 /app/out/box_mean.csv
