"""Verifier for mainframe-fixed-width-export: /app/out against the rules, and /app/txnconv re-run on fresh exports."""

import csv
import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import reference as R  # noqa: E402

EXPORT = Path("/app/export")
TONIGHT = EXPORT / "TXNDAILY.D261130.DAT"
OUT = Path("/app/out")
TOOL = "/app/txnconv"
FRESH = Path("/tmp/mfe-verifier")


def make(name: str, *args: str) -> Path:
    FRESH.mkdir(parents=True, exist_ok=True)
    path = FRESH / name
    subprocess.run([sys.executable, str(HERE / "mkexport.py"), str(path), *args], check=True)
    return path


def run(export: Path, out: Path) -> subprocess.CompletedProcess:
    subprocess.run(["rm", "-rf", str(out)], check=True)
    return subprocess.run([TOOL, str(export), str(out)], capture_output=True, text=True, timeout=300)


def read_csv(path: Path) -> list[list[str]]:
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.reader(f))


@pytest.fixture(scope="module")
def balanced():
    """A fresh export of another night that balances, the agent's command run on it, and the expected answer."""
    export = make("TXNDAILY.D261207.DAT", "--seed", "1207", "--details", "2300", "--date", "20261207")
    proc = run(export, FRESH / "out-balanced")
    return {"proc": proc, "out": FRESH / "out-balanced", "want": R.convert(export.read_bytes())}


@pytest.fixture(scope="module")
def short():
    """A fresh export whose trailer counts two records that never arrived."""
    export = make("TXNDAILY.D261208.DAT", "--seed", "1208", "--details", "1400", "--date", "20261208", "--lost", "2")
    proc = run(export, FRESH / "out-short")
    return {"proc": proc, "out": FRESH / "out-short", "want": R.convert(export.read_bytes())}


def test_export_left_as_it_is():
    """The export in /app/export is the file of record and stays as it is."""
    want = dict(line.split()[::-1] for line in (HERE / "export.sha256").read_text().splitlines())
    have = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in EXPORT.iterdir()}
    assert have == want


def test_tonights_export_converted():
    """/app/out holds transactions.csv, rejects.csv and recon.json for tonight's export."""
    want = R.convert(TONIGHT.read_bytes())
    assert (OUT / "transactions.csv").read_bytes().decode("utf-8") == R.csv_text(R.TXN_HEADER, want["rows"])
    assert (OUT / "rejects.csv").read_bytes().decode("utf-8") == R.csv_text(R.REJ_HEADER, want["rejects"])
    assert json.loads((OUT / "recon.json").read_text(encoding="utf-8")) == want["recon"]


def test_fresh_export_transactions_exact(balanced):
    """/app/txnconv EXPORT_FILE OUT_DIR writes the right transactions.csv for another night's export."""
    assert balanced["proc"].returncode in (0, 4), balanced["proc"].stderr[-2000:]
    got = (balanced["out"] / "transactions.csv").read_bytes().decode("utf-8")
    assert got == R.csv_text(R.TXN_HEADER, balanced["want"]["rows"])


def test_fresh_export_rejects_exact(balanced):
    """rejects.csv lists every detail record that does not parse: record_no, field, reason, raw_hex."""
    got = (balanced["out"] / "rejects.csv").read_bytes().decode("utf-8")
    assert got == R.csv_text(R.REJ_HEADER, balanced["want"]["rejects"])


def test_fresh_export_recon(balanced, short):
    """recon.json carries the header's and trailer's figures, the counts and amounts read, and balanced."""
    for case in (balanced, short):
        assert json.loads((case["out"] / "recon.json").read_text(encoding="utf-8")) == case["want"]["recon"]


def test_exit_status_0_when_balanced_4_when_not(balanced, short):
    """Exit status 0 when the file balances against its trailer, 4 when it does not (the files still written)."""
    assert balanced["want"]["recon"]["balanced"] and not short["want"]["recon"]["balanced"]
    assert balanced["proc"].returncode == 0, balanced["proc"].stderr[-2000:]
    assert short["proc"].returncode == 4, short["proc"].stderr[-2000:]
    assert all((short["out"] / n).is_file() for n in ("transactions.csv", "rejects.csv", "recon.json"))


@pytest.mark.parametrize("damage", ["no-trailer", "ragged-length"])
def test_incomplete_export_writes_nothing_exit_2(damage):
    """A file that is not whole (no header or trailer, a length not a multiple of 64) writes nothing and exits 2."""
    if damage == "no-trailer":
        export = make("cut.DAT", "--seed", "1209", "--details", "300", "--no-trailer")
    else:
        export = make("ragged.DAT", "--seed", "1210", "--details", "300")
        export.write_bytes(export.read_bytes() + b"\x40" * 17)
    out = FRESH / f"out-{damage}"
    proc = run(export, out)
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    assert not out.exists() or not any(out.iterdir()), "files written for an incomplete export"


def test_ebcdic_code_page_037_text(balanced):
    """Text fields are EBCDIC code page 037 (accents, |, !, [ and ] as 037 has them), trailing spaces removed."""
    rows = read_csv(balanced["out"] / "transactions.csv")[1:]
    want = {r[6] for r in balanced["want"]["rows"]}
    assert {"BAR | GRILL", "BIG!DEAL OUTLET", "TOYS [R] US", "STRAßENBAHN KÖLN"} <= want
    assert {r[6] for r in rows} == want
    assert [r[1] for r in rows] == [r[1] for r in balanced["want"]["rows"]]


def test_packed_and_zoned_signs(balanced):
    """COMP-3 sign C or F is positive and D negative, any other invalid; zoned quantities carry the sign in the last zone."""
    rows = read_csv(balanced["out"] / "transactions.csv")[1:]
    want = balanced["want"]["rows"]
    assert any(r[3].startswith("-") for r in want) and any(r[4].startswith("-") for r in want)
    assert [(r[0], r[3], r[4], r[5]) for r in rows] == [(r[0], r[3], r[4], r[5]) for r in want]
    rate_rejects = [r for r in balanced["want"]["rejects"] if r[1] == "DTL-RATE"]
    got = {tuple(r) for r in read_csv(balanced["out"] / "rejects.csv")[1:]}
    assert rate_rejects and all(tuple(r) in got for r in rate_rejects), "a bad COMP-3 sign nibble was accepted"


def test_dates_iso_and_impossible_dates_rejected(balanced):
    """post_date is written YYYY-MM-DD; a date that is not a real CCYYMMDD date is BAD_DATE."""
    rows = read_csv(balanced["out"] / "transactions.csv")[1:]
    assert rows and all(len(r[2]) == 10 and r[2][4] == "-" and r[2][7] == "-" for r in rows)
    bad = {r[0] for r in balanced["want"]["rejects"] if r[2] == "BAD_DATE"}
    got = {r[0] for r in read_csv(balanced["out"] / "rejects.csv")[1:] if r[2] == "BAD_DATE"}
    assert bad and got == bad


def test_first_bad_field_in_layout_order(balanced):
    """A record with several bad fields is rejected under the first of them in the copybook's order."""
    want = {r[0]: (r[1], r[2]) for r in balanced["want"]["rejects"]}
    got = {r[0]: (r[1], r[2]) for r in read_csv(balanced["out"] / "rejects.csv")[1:]}
    assert want.keys() == got.keys(), "a different set of records rejected"
    wrong = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
    assert not wrong, list(wrong.items())[:3]


def test_duplicates_keep_the_first_accepted(balanced):
    """A later record with the txn id of an earlier accepted one is a DUPLICATE; a rejected first copy does not count."""
    dups = [r for r in balanced["want"]["rejects"] if r[2] == "DUPLICATE"]
    revived = {r[0] for r in balanced["want"]["rows"]} - {
        r[0] for r in R.convert((FRESH / "TXNDAILY.D261207.DAT").read_bytes(), dup_rule="any")["rows"]
    }
    assert dups and revived, "fixture: duplicates and revived ids"
    got_rows = {r[0] for r in read_csv(balanced["out"] / "transactions.csv")[1:]}
    got_rej = {tuple(r) for r in read_csv(balanced["out"] / "rejects.csv")[1:]}
    assert all(tuple(r) in got_rej for r in dups)
    assert revived <= got_rows, "an id whose first copy was rejected was treated as a duplicate"
    first = {}
    for r in balanced["want"]["rows"]:
        first.setdefault(r[0], r)
    mine = {r[0]: r for r in read_csv(balanced["out"] / "transactions.csv")[1:]}
    assert all(mine.get(k) == v for k, v in first.items()), "the later copy kept instead of the first"


def test_csv_format(balanced):
    """UTF-8 with LF line ends, the header as given, fields quoted only when they need it."""
    raw = (balanced["out"] / "transactions.csv").read_bytes()
    assert b"\r" not in raw and raw.endswith(b"\n")
    text = raw.decode("utf-8")
    assert text.split("\n", 1)[0] == ",".join(R.TXN_HEADER)
    assert '"SMITH, JONES LTD"' in text and '"THE ""BIG"" DINER"' in text and ",O'BRIEN'S PUB\n" in text
