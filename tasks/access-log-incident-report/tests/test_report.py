"""Verifier for access-log-incident-report: the three report files against the expected figures."""

import csv
import hashlib
import json
from pathlib import Path

OUT = Path("/app/report")
HERE = Path(__file__).parent
EXPECTED = HERE / "expected"


def rows(path):
    return list(csv.reader(path.read_text(encoding="utf-8").splitlines()))


def test_outputs_utf8_with_lf():
    """UTF-8, \\n line ends."""
    for name in ("hourly.csv", "top_5xx_paths.csv", "summary.json"):
        raw = (OUT / name).read_bytes()
        raw.decode("utf-8")
        assert b"\r\n" not in raw, name


def test_summary_counts_every_line_of_the_four_files_compressed_ones_too():
    """All four files count, the compressed ones too: lines_total is every line; first and last in UTC."""
    got = json.loads((OUT / "summary.json").read_text())
    want = json.loads((EXPECTED / "summary.json").read_text())
    assert (got.get("lines_total"), got.get("first"), got.get("last")) == (want["lines_total"], want["first"], want["last"])


def test_malformed_lines_counted_and_ignored():
    """A line that does not have the combined form (truncated write, binary junk) is malformed: counted, otherwise ignored."""
    got = json.loads((OUT / "summary.json").read_text())
    assert got.get("lines_malformed") == json.loads((EXPECTED / "summary.json").read_text())["lines_malformed"]


def test_unique_clients_leave_out_bots_and_health_checks():
    """unique_clients: distinct client addresses of counted requests; bots (bot, crawler, spider) and health checks left out."""
    got = json.loads((OUT / "summary.json").read_text())
    assert got.get("unique_clients") == json.loads((EXPECTED / "summary.json").read_text())["unique_clients"]
    assert set(got) == {"lines_total", "lines_malformed", "unique_clients", "first", "last"}


def test_hourly_csv_every_utc_hour_with_rates():
    """Lines are nginx's combined format (client - - [time] "request" status bytes "referer" "user agent").
    hourly.csv: every UTC hour from the first to the last counted request (times converted to UTC, the rt= lines
    included, /healthz left out), requests, errors_5xx, error_rate with four decimals."""
    assert rows(OUT / "hourly.csv") == rows(EXPECTED / "hourly.csv")


def test_incident_hour_is_at_14_utc():
    """The shop (nginx) had an outage on 11 June 2024; times are converted to UTC: the outage hour is 2024-06-11T14:00Z, not 16:00 local."""
    by_hour = {r[0]: r for r in rows(OUT / "hourly.csv")[1:]}
    assert by_hour["2024-06-11T14:00Z"][3] == "0.2128"


def test_top_5xx_paths_in_the_window_without_query_strings():
    """top_5xx_paths.csv: 5xx paths from 14:00Z (included) to 15:00Z (excluded), most frequent first, ties by path.
    A path is the request target without its query string (/api/stock?sku=A4-500 is /api/stock)."""
    assert rows(OUT / "top_5xx_paths.csv") == rows(EXPECTED / "top_5xx_paths.csv")


def test_logs_left_as_they_are():
    """Leave /app/logs/ as it is."""
    for line in (HERE / "logs.sha256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((Path("/app/logs") / name).read_bytes()).hexdigest() == digest, name
    assert sorted(p.name for p in Path("/app/logs").iterdir()) == sorted(l.split()[1] for l in (HERE / "logs.sha256").read_text().splitlines())
