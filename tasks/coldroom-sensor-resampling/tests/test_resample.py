"""Verifier for coldroom-sensor-resampling: the script on hand-made exports (DST offsets, bucket
edges, duplicates in other notations, invalid values, gaps, rounding, intervals), the real
output, the untouched raw data and the published copy."""
import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = "/app/bin/resample.py"
REAL_OUT = Path("/app/out/readings_15min.csv")
REAL_OUT_SHA = "10d06e43731391ce9eb93a9267fdf35fdd896bc979389cdfbb0b6e76710b0cef"
RAW = {
    "README.txt": "84855e3e8abe97cc3f1345df2bafbfaef7499d9054197e2466215886ff83f523",
    "cs-01.csv": "22a48932f6e69ba0be47137f9f816024ae13238eeaa11447bcd300ace436e3e5",
    "cs-02.csv": "d08cd4ebd54563b57fac869a1bab424cd1160c1b7ccbdc8e6918dbb635546451",
    "cs-03.csv": "594ee911d2d1c415ff739eeccb3fa8ef9104b34040df323609068c549a41fb04",
    "cs-04.csv": "63cf2863a3913b7c059047dd81037e99d145e95efc0211262c1892f18359e2a3",
}
HEADER = "sensor_id,bucket_start,temperature_avg,temperature_min,temperature_max,humidity_avg,samples\n"

A_CSV = (
    "sensor_id,timestamp,temperature_c,humidity_pct\n"
    "  t0 ,2024-03-30T23:50:00+01:00,60,0\n"
    "t0,2024-03-30T22:52:00Z,60.01,100\n"
    "\n"
    "t0,2024-03-30T22:55:00,7.00,50\n"
    "t0,garbage,7.00,50\n"
    "t0,2024-03-30T23:05:00Z,-40,55.5\n"
)
B_CSV = (
    "timestamp,temperature_c,sensor_id,humidity_pct\r\n"
    "2024-03-31T00:59:59Z,2.00,t1,80\r\n"
    "2024-03-31T02:00:00+02:00,1.10,t1,70\r\n"
    "2024-03-31T01:14:59+01:00,1.15,t1,71\r\n"
    "2024-03-31T01:15:00+01:00,3.00,t1,\r\n"
    "2024-03-31T03:20:00+02:00,NaN,t1,50.5\r\n"
    "2024-03-31T01:01:00Z,-999,t1,101\r\n"
    "2024-03-30T23:52:00+01:00,5.00,t0,90\r\n"
)
EXPECTED_15 = HEADER + (
    "t0,2024-03-30T22:45:00Z,32.50,5.00,60.00,45.00,2\n"
    "t0,2024-03-30T23:00:00Z,-40.00,-40.00,-40.00,55.50,1\n"
    "t1,2024-03-31T00:00:00Z,1.13,1.10,1.15,70.50,2\n"
    "t1,2024-03-31T00:15:00Z,3.00,3.00,3.00,,1\n"
    "t1,2024-03-31T00:30:00Z,,,,,0\n"
    "t1,2024-03-31T00:45:00Z,2.00,2.00,2.00,80.00,1\n"
    "t1,2024-03-31T01:00:00Z,,,,,1\n"
    "t1,2024-03-31T01:15:00Z,,,,50.50,1\n"
)
EXPECTED_60 = HEADER + (
    "t0,2024-03-30T22:00:00Z,32.50,5.00,60.00,45.00,2\n"
    "t0,2024-03-30T23:00:00Z,-40.00,-40.00,-40.00,55.50,1\n"
    "t1,2024-03-31T00:00:00Z,1.81,1.10,3.00,73.67,4\n"
    "t1,2024-03-31T01:00:00Z,,,,50.50,2\n"
)
EXPECTED_5_T0 = (
    "t0,2024-03-30T22:50:00Z,32.50,5.00,60.00,45.00,2\n"
    "t0,2024-03-30T22:55:00Z,,,,,0\n"
    "t0,2024-03-30T23:00:00Z,,,,,0\n"
    "t0,2024-03-30T23:05:00Z,-40.00,-40.00,-40.00,55.50,1\n"
)


def sha(p: Path) -> str:
    return hashlib.sha256(p.read_bytes()).hexdigest()


@pytest.fixture
def exports(tmp_path):
    d = tmp_path / "raw in"
    (d / "old").mkdir(parents=True)
    (d / "a.csv").write_text(A_CSV)
    (d / "b-later.csv").write_bytes(B_CSV.encode())
    (d / "notes.txt").write_text("t9,2024-03-31T00:00:00Z,1.00,50\n")
    (d / "old" / "t9.csv").write_text("sensor_id,timestamp,temperature_c,humidity_pct\nt9,2024-03-31T00:00:00Z,1.00,50\n")
    return d


def run(*args):
    assert Path(SCRIPT).is_file(), f"missing {SCRIPT}"
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True, timeout=60)


def read(p: Path) -> str:
    data = p.read_bytes()
    assert b"\r" not in data, f"{p} has CR characters"
    return data.decode("utf-8")


def test_fifteen_minute_buckets(exports, tmp_path):
    """The default fixed 15-minute buckets, on hand-made exports: every file whose name ends in .csv directly in DIR, in file-name order (not subfolders; other files are ignored), columns found by name, CRLF line endings, blank lines ignored, sensor ids trimmed; the gateway's local time with its offset across the daylight-saving switch; a row whose timestamp has no offset or cannot be parsed is skipped; a reading is identified by its sensor and its instant, and the last one (file-name order, then line order) replaces earlier ones written in another notation; invalid values are left out but counted; bucket_start is written YYYY-MM-DDTHH:MM:SSZ; values with exactly two decimals, averages computed exactly and rounded half up (1.125 becomes 1.13); the output's folder is created if needed."""
    out = tmp_path / "new dir" / "r.csv"
    proc = run("--input", str(exports), "--output", str(out))
    assert proc.returncode == 0, proc.stderr[-1000:]
    assert read(out) == EXPECTED_15, "output differs:\n" + read(out)


def test_sixty_minute_buckets(exports, tmp_path):
    out = tmp_path / "r60.csv"
    proc = run("--input", str(exports), "--output", str(out), "--interval", "60")
    assert proc.returncode == 0, proc.stderr[-1000:]
    assert read(out) == EXPECTED_60, "output differs:\n" + read(out)


def test_five_minute_buckets_keep_gaps(exports, tmp_path):
    """Never fill, interpolate or drop gaps: with 5-minute buckets every bucket from a sensor's first reading to its last has a row, a bucket without readings with samples 0 and the four value columns empty."""
    out = tmp_path / "r5.csv"
    proc = run("--input", str(exports), "--output", str(out), "--interval", "5")
    assert proc.returncode == 0, proc.stderr[-1000:]
    lines = read(out).splitlines(keepends=True)
    assert lines[0] == HEADER
    assert "".join(l for l in lines if l.startswith("t0,")) == EXPECTED_5_T0
    t1 = [l for l in lines if l.startswith("t1,")]
    assert len(t1) == 17 and t1[0].startswith("t1,2024-03-31T00:00:00Z,") and t1[-1].startswith("t1,2024-03-31T01:20:00Z,")
    assert sum(1 for l in t1 if l.endswith(",,,,,0\n")) == 11, "".join(t1)


@pytest.mark.parametrize("interval", ["7", "45", "0", "120"])
def test_invalid_interval(exports, tmp_path, interval):
    """--interval must be one of 5, 10, 15, 20, 30 or 60; any other value exits with status 2 without writing anything."""
    out = tmp_path / "never.csv"
    proc = run("--input", str(exports), "--output", str(out), "--interval", interval)
    assert proc.returncode == 2, f"--interval {interval}: exit {proc.returncode}"
    assert not out.exists()


def test_replaces_existing_output(exports, tmp_path):
    """The script replaces the output file as a whole (temporary file in the same folder, then rename) and exits 0: none of the old content and no temporary file is left."""
    out = tmp_path / "r.csv"
    out.write_text("old content\n" * 50)
    assert run("--input", str(exports), "--output", str(out)).returncode == 0
    assert read(out) == EXPECTED_15
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv", "raw in"], "temporary files left behind"


def test_real_output():
    assert REAL_OUT.is_file(), "missing /app/out/readings_15min.csv"
    text = read(REAL_OUT)
    lines = text.splitlines()
    assert lines[0] + "\n" == HEADER
    assert {l.split(",")[0] for l in lines[1:]} == {"cs-01", "cs-02", "cs-03", "cs-04"}
    gaps = [l for l in lines if l.startswith("cs-02,") and l.endswith(",,,,,0")]
    assert len(gaps) == 4, f"cs-02 was offline for four buckets, found {gaps}"
    assert sha(REAL_OUT) == REAL_OUT_SHA, "the real output differs from the expected one"


def test_script_reproduces_real_output(tmp_path):
    """Run with its defaults (--input /app/data/raw, --interval 15) and --output FILE, the script reproduces the real output byte for byte."""
    out = tmp_path / "again.csv"
    assert run("--output", str(out)).returncode == 0
    assert sha(out) == REAL_OUT_SHA


def test_raw_exports_untouched():
    raw = Path("/app/data/raw")
    assert sorted(p.name for p in raw.iterdir()) == sorted(RAW), sorted(p.name for p in raw.iterdir())
    for name, digest in RAW.items():
        assert sha(raw / name) == digest, f"/app/data/raw/{name} was changed"


def test_published_copy():
    pub = Path("/srv/dashboard/incoming/readings_15min.csv")
    assert pub.is_file(), "nothing published to /srv/dashboard/incoming/readings_15min.csv"
    assert sha(pub) == REAL_OUT_SHA, "the published copy differs from the expected output"
