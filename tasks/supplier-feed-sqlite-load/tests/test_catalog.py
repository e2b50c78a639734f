"""Verifier for supplier-feed-sqlite-load: the catalog and the rejects report against the feeds, then the
loader again on fresh deltas, an edge-case feed, an old delta loaded late and a second run."""

import hashlib
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
import mkfeeds  # noqa: E402  (the generator the image's feeds came from)
import reference  # noqa: E402

FEEDS = Path("/app/feeds")
LOADER = Path("/app/load-feeds.sh")
CATALOG = Path("/app/catalog.db")
DAYS = ["2026-12-01.jsonl", "2026-12-02.jsonl", "2026-12-03.jsonl"]
INCOMING = Path("/app/incoming/2026-12-04.jsonl")


def dump(db: Path):
    con = sqlite3.connect(db)
    try:
        products = con.execute(
            "SELECT sku, name, price_cents, in_stock, updated_at, source FROM products ORDER BY sku").fetchall()
        gone = con.execute("SELECT sku, updated_at, source FROM discontinued ORDER BY sku").fetchall()
    finally:
        con.close()
    return products, gone


def load(db: Path, *feeds: Path) -> list[str]:
    run = subprocess.run(["bash", str(LOADER), str(db), *map(str, feeds)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"load-feeds.sh failed: {run.stderr[-2000:]}"
    return run.stdout.splitlines()


def expected_catalog():
    state, rejects = reference.load([FEEDS / d for d in DAYS])
    return state, rejects


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """Four fresh deltas of another week, in a folder of their own."""
    d = tmp_path_factory.mktemp("fresh")
    mkfeeds.build(9041, d, ["2026-12-08", "2026-12-09", "2026-12-10", "2026-12-11"])
    return d


def test_feeds_untouched():
    """The files in /app/feeds are Hexwerk's originals, left exactly as they are."""
    for line in (HERE / "feeds.sha256").read_text().splitlines():
        digest, name = line.split()
        assert hashlib.sha256((FEEDS / name).read_bytes()).hexdigest() == digest, f"{name} was changed"


def test_live_shop_catalog_untouched():
    """/srv/shop/catalog.db, the live shop's catalog, is left alone."""
    con = sqlite3.connect("file:/srv/shop/catalog.db?mode=ro", uri=True)
    row = con.execute("SELECT count(*), max(updated_at), min(source) FROM products").fetchone()
    con.close()
    assert row == (651, "2026-11-27T12:00:00Z", "2026-11-27.jsonl")
    assert not Path("/srv/shop/catalog.db-journal").exists()


def test_tables():
    """The catalog has the tables products(sku primary key, name, price_cents, in_stock, updated_at, source) and discontinued(sku primary key, updated_at, source)."""
    assert CATALOG.is_file(), "/app/catalog.db is missing"
    con = sqlite3.connect(CATALOG)
    cols = {t: [(r[1], r[5]) for r in con.execute(f"PRAGMA table_info({t})")] for t in ("products", "discontinued")}
    con.close()
    assert [c for c, _ in cols["products"]] == ["sku", "name", "price_cents", "in_stock", "updated_at", "source"]
    assert [c for c, _ in cols["discontinued"]] == ["sku", "updated_at", "source"]
    assert dict(cols["products"])["sku"] == 1 and dict(cols["discontinued"])["sku"] == 1, "sku is the primary key"


def test_catalog_matches_feeds():
    """Build /app/catalog.db with the loader from the three feeds, oldest first: normalised records, the latest updated_at winning per SKU, discontinued SKUs in their own table. (A delta Hexwerk sent later and loaded on top is accepted too.)"""
    state, _ = expected_catalog()
    got = dump(CATALOG)
    options = [reference.tables(state)]
    if INCOMING.is_file():
        later, _ = reference.load([INCOMING], state)
        options.append(reference.tables(later))
    assert got in options, "the catalog differs from the feeds (first differences: %s)" % (
        [(a, b) for a, b in zip(got[0], options[0][0]) if a != b][:3],)


def test_rejects_report():
    """Save that run's output as /app/rejects.tsv: file name, line number and reason, tab-separated, in loading order."""
    _, rejects = expected_catalog()
    path = Path("/app/rejects.tsv")
    assert path.is_file(), "/app/rejects.tsv is missing"
    assert path.read_text().splitlines() == rejects


def test_loader_on_fresh_deltas(fresh, tmp_path):
    """The loader loads the given feeds, in the order given, into a new database and prints the rejected lines on standard output and nothing else there."""
    feeds = sorted(fresh.glob("*.jsonl"))
    db = tmp_path / "fresh.db"
    out = load(db, *feeds)
    state, rejects = reference.load(feeds)
    assert out == rejects
    assert dump(db) == reference.tables(state)


def test_loader_edge_cases(tmp_path):
    """Normalising a record: sku with surrounding whitespace removed and upper case, names with whitespace runs made one space, prices (a JSON number is euros, rounded to the nearest cent; comma decimals with thousand dots, € and EUR), stock spellings, updated_at in UTC as YYYY-MM-DDTHH:MM:SSZ from offsets and epoch seconds, discontinued in any case, ties going to the record loaded last; blank lines are skipped silently, not rejected."""
    feed = tmp_path / "edge.jsonl"
    shutil.copy(HERE / "edge.jsonl", feed)
    db = tmp_path / "edge.db"
    out = load(db, feed)
    state, rejects = reference.load([feed])
    assert out == rejects
    products, gone = dump(db)
    want_products, want_gone = reference.tables(state)
    for got, want in zip(products, want_products):
        assert got == want
    assert products == want_products
    assert gone == want_gone


def test_loading_twice_changes_nothing(fresh, tmp_path):
    """Loading the same feeds twice leaves every row as it was."""
    feeds = sorted(fresh.glob("*.jsonl"))
    db = tmp_path / "twice.db"
    load(db, *feeds)
    first = dump(db)
    load(db, *feeds)
    assert dump(db) == first


def test_old_delta_loaded_late(fresh, tmp_path):
    """Across runs a record already in the database is never replaced by an older one, and a later run wins ties; a discontinued SKU comes back only with a later active record."""
    feeds = sorted(fresh.glob("*.jsonl"))
    db = tmp_path / "late.db"
    load(db, *feeds[2:])
    state, _ = reference.load(feeds[2:])
    load(db, *feeds[:2])
    state, _ = reference.load(feeds[:2], state)
    assert dump(db) == reference.tables(state)
    load(db, feeds[0])
    state, _ = reference.load([feeds[0]], state)
    assert dump(db) == reference.tables(state)
