"""Verifier for csv-report: exact outputs for the real export, the script on a second export, and the consumer."""
import hashlib
import subprocess
from pathlib import Path

RAW = Path("/app/data/raw/orders_export.csv")
RAW_SHA = "db0b8b48eb51712339884862c08ba5d8393e9cf719bdb09c579d8fc2822b7bfc"
SCRIPT = Path("/app/bin/build_report.py")

REPORT = """month,country,orders,revenue_eur
2024-03,US,1,1135.74
2024-03,FR,1,250.00
2024-03,DE,3,180.50
2024-03,GB,1,93.20
2024-03,IT,1,89.90
2024-04,US,2,1870.66
2024-04,DE,3,1020.09
2024-04,GB,2,193.22
2024-04,FR,2,135.50
2024-04,IT,1,40.00
2024-05,GB,1,1747.50
2024-05,US,2,460.91
2024-05,DE,2,262.00
2024-05,IT,1,150.00
2024-05,CH,1,104.50
"""
REJECTS = """line,order_id,reason
11,1009,missing_amount
13,1011,unknown_currency
14,1012,bad_date
26,1023,bad_date
36,1033,bad_amount
"""

# A second export: other column order, LF endings, no BOM, half-up rounding cases (1.165, and
# 10.485, which binary floating point rounds down), a tie on revenue, a non-completed row with a
# missing amount, a row with two problems.
FIXTURE = """Order Date , order id,STATUS,Currency,Amount,Country,Customer
2024-01-31,A1,completed,GBP,1.00,GB,x
31/01/2024,A2,completed,EUR,"2,500.00",de,y
2024-02-01T00:00:00Z,A3,Completed,usd,100.00,US,z
2024-02-02,A4,cancelled,EUR,,DE,w
2024-02-03,A5,completed,JPY,100,JP,v
13/13/2024,A6,completed,EUR,,FR,u
2024-02-05,A7,completed,EUR,abc,FR,t
2024-02-06,A1,completed,EUR,99.00,GB,dup
2024-02-07,A8,completed,EUR,5.00,fr,s
2024-02-08,A9,completed,EUR,92.00,DE,r
2024-03-01,B1,completed,GBP,9.00,gb,q
"""
FIXTURE_RATES = "currency,eur_per_unit\nEUR,1\nUSD,0.9200\nGBP,1.1650\n"
FIXTURE_REPORT = """month,country,orders,revenue_eur
2024-01,DE,1,2500.00
2024-01,GB,1,1.17
2024-02,DE,1,92.00
2024-02,US,1,92.00
2024-02,FR,1,5.00
2024-03,GB,1,10.49
"""
FIXTURE_REJECTS = """line,order_id,reason
6,A5,unknown_currency
7,A6,bad_date
8,A7,bad_amount
"""


def _read(path: Path) -> bytes:
    assert path.is_file(), f"{path} is missing"
    return path.read_bytes()


def test_raw_export_unchanged():
    """Never modify the raw export /app/data/raw/orders_export.csv: it keeps the checksum the export system put next to it."""
    assert hashlib.sha256(_read(RAW)).hexdigest() == RAW_SHA, "the raw export was modified"


def test_report_exact():
    """/app/out/report.csv is exactly the expected report of the real export, UTF-8 without byte-order mark, LF line endings, a newline after the last row. The export has a BOM, CRLF endings, a blank line, surrounding spaces in values, a duplicate order ID that appeared earlier (ignored), rows that are not completed (left out, not rejected), dates as YYYY-MM-DD, DD/MM/YYYY or YYYY-MM-DDTHH:MM:SSZ, amounts with a comma as thousands separator ("1,234.50", quoted) and lower-case country codes (written in upper case); the rates are those of /app/data/rates.csv only (the outdated /app/data/archive/ rates give other totals); rows sorted by month ascending, then revenue descending, then country ascending."""
    got = _read(Path("/app/out/report.csv"))
    assert not got.startswith(b"\xef\xbb\xbf"), "report.csv starts with a BOM"
    assert b"\r" not in got, "report.csv has CRLF line endings"
    assert got.decode() == REPORT, "report.csv differs from the expected report:\n" + got.decode()


def test_rejects_exact():
    got = _read(Path("/app/out/rejects.csv"))
    assert got.decode() == REJECTS, "rejects.csv differs from the expected list:\n" + got.decode()


def test_dashboard_loader_accepts_report():
    proc = subprocess.run(["python3", "/app/tools/dashboard_import.py"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def _run_script(*args: str) -> subprocess.CompletedProcess:
    assert SCRIPT.is_file(), "missing /app/bin/build_report.py"
    return subprocess.run(["python3", str(SCRIPT), *args], capture_output=True, text=True, timeout=60)


def test_script_reproduces_real_report(tmp_path):
    out = tmp_path / "fresh out"
    proc = _run_script(str(RAW), "/app/data/rates.csv", str(out))
    assert proc.returncode == 0, proc.stderr[-800:]
    assert _read(out / "report.csv").decode() == REPORT
    assert _read(out / "rejects.csv").decode() == REJECTS


def test_script_on_another_export(tmp_path):
    """build_report.py on a second export with another column order, header case and spaces, half-up rounding cases, a revenue tie, a duplicate order ID, a non-completed row with a missing amount and a row with two problems gives exactly the expected report and rejects."""
    export, rates, out = tmp_path / "export.csv", tmp_path / "rates.csv", tmp_path / "out"
    export.write_text(FIXTURE)
    rates.write_text(FIXTURE_RATES)
    proc = _run_script(str(export), str(rates), str(out))
    assert proc.returncode == 0, proc.stderr[-800:]
    assert _read(out / "report.csv").decode() == FIXTURE_REPORT, _read(out / "report.csv").decode()
    assert _read(out / "rejects.csv").decode() == FIXTURE_REJECTS, _read(out / "rejects.csv").decode()


def test_script_defaults(tmp_path):
    """Run with no arguments it uses /app/data/raw/orders_export.csv, /app/data/rates.csv and /app/out (same bytes as before)."""
    before = _read(Path("/app/out/report.csv"))
    proc = _run_script()
    assert proc.returncode == 0, proc.stderr[-800:]
    assert _read(Path("/app/out/report.csv")) == before == REPORT.encode()


def test_missing_column_writes_nothing_and_exits_2(tmp_path):
    """If the export's header lacks a column the report needs (Order ID, Order Date, Country, Amount, Currency or Status), the script writes nothing (files already in OUT_DIR stay as they are), names the missing column on standard error and exits with status 2."""
    rates = tmp_path / "rates.csv"
    rates.write_text(FIXTURE_RATES)
    lines = FIXTURE.splitlines()
    for column in ("Currency", "STATUS"):
        idx = [h.strip().lower() for h in lines[0].split(",")].index(column.lower())
        export = tmp_path / f"no-{column}.csv"
        export.write_text("\n".join(",".join(c for i, c in enumerate(line.split(",")) if i != idx) for line in lines[:2]) + "\n")
        out = tmp_path / f"out-{column}"
        out.mkdir()
        (out / "report.csv").write_text("month,country,orders,revenue_eur\n2024-01,DE,1,1.00\n")
        proc = _run_script(str(export), str(rates), str(out))
        assert proc.returncode == 2, f"without a {column} column: exit {proc.returncode}, expected 2"
        assert column.lower() in proc.stderr.lower(), f"stderr does not name the missing {column} column: {proc.stderr[-300:]!r}"
        assert (out / "report.csv").read_text() == "month,country,orders,revenue_eur\n2024-01,DE,1,1.00\n", "report.csv was overwritten"
        assert sorted(p.name for p in out.iterdir()) == ["report.csv"], "the script wrote files"
