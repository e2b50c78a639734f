"""Verifier for catalog-xml-normalise: /app/out from the export, and /app/bin/normalise-catalog re-run on fresh exports.

The expected result comes from the generator's own model of each catalog (tests/catgen.py --truth),
not from parsing its XML.
"""

import csv
import hashlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
TOOL = "/app/bin/normalise-catalog"
OUT = Path("/app/out")
WORK = Path("/tmp/catalog-verifier")
SHOP = "urn:nordhavn:shop:1"
COLUMNS = ["sku", "parent_sku", "name", "brand", "category", "color", "size", "price_eur", "stock"]
FRESH = {"fresh-a": (41, 500), "fresh-b": (42, 800)}
CASES = ["export", *FRESH]


def generate(dest: Path, seed: int, products: int) -> dict:
    """Write a catalog and its expected result with the generator; return the expected result."""
    truth = dest.with_suffix(".truth.json")
    subprocess.run([sys.executable, str(HERE / "catgen.py"), str(dest), "--seed", str(seed), "--products",
                    str(products), "--truth", str(truth)], check=True)
    return json.loads(truth.read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def cases():
    """For each case, (its output folder, its expected result): /app/out for the export, and two
    fresh catalogs (other seeds and sizes) normalised by the agent's command into folders of their own."""
    subprocess.run(["rm", "-rf", str(WORK)], check=True)
    WORK.mkdir(parents=True)
    done = {}
    truth = generate(WORK / "export.xml", 1, 2400)
    assert (WORK / "export.xml").read_bytes() == Path("/app/export/catalog.xml").read_bytes(), \
        "the verifier's copy of the export differs from /app/export/catalog.xml"
    done["export"] = (OUT, truth)
    for name, (seed, products) in FRESH.items():
        truth = generate(WORK / f"{name}.xml", seed, products)
        run = subprocess.run([TOOL, str(WORK / f"{name}.xml"), str(WORK / name)], capture_output=True, text=True,
                             timeout=300)
        done[name] = (WORK / name, truth, run)
    return done


def case(cases, name):
    got = cases[name]
    if len(got) == 3:
        assert got[2].returncode == 0, f"{TOOL} failed on a fresh catalog: {got[2].stderr[-1500:]}"
    return got[0], got[1]


def read_csv(path: Path):
    data = path.read_bytes()
    text = data.decode("utf-8")
    return data, list(csv.reader(io.StringIO(text, newline="")))


def products(out: Path):
    _, rows = read_csv(out / "products.csv")
    return [dict(zip(rows[0], r)) for r in rows[1:]]


def by_sku(rows, fields):
    return {r["sku"]: tuple(r.get(f) for f in fields) for r in rows}


def compare(got, want, what):
    wrong = sorted(k for k in want if got.get(k) != want[k])
    assert not wrong, f"{len(wrong)} SKUs with a wrong {what}, e.g. " + "; ".join(
        f"{k}: {got.get(k)} instead of {want[k]}" for k in wrong[:4])


@pytest.mark.parametrize("name", CASES)
def test_products_csv_header_encoding_line_ends_and_sku_order(cases, name):
    """products.csv (run on this week's export into /app/out/, and on fresh exports): UTF-8, LF line ends, header sku,parent_sku,name,brand,category,color,size,price_eur,stock, rows sorted by SKU."""
    out, _ = case(cases, name)
    data, rows = read_csv(out / "products.csv")
    assert b"\r" not in data, "CRLF line ends"
    assert rows[0] == COLUMNS
    skus = [r[0] for r in rows[1:]]
    assert skus == sorted(skus), "rows not sorted by SKU"
    assert all(len(r) == len(COLUMNS) for r in rows)


@pytest.mark.parametrize("name", CASES)
def test_kept_items_are_the_right_skus(cases, name):
    """One row per sellable item (each variant, or a product without variants), SKUs trimmed and upper-cased; discontinued products, duplicate SKUs and items without a price are not in it."""
    out, truth = case(cases, name)
    got = [r["sku"] for r in products(out)]
    want = [r["sku"] for r in truth["items"]]
    missing, extra = sorted(set(want) - set(got)), sorted(set(got) - set(want))
    assert not missing and not extra, f"missing {len(missing)} {missing[:5]}, unexpected {len(extra)} {extra[:5]}"
    assert len(got) == len(set(got)), "a SKU occurs twice"


@pytest.mark.parametrize("name", CASES)
def test_names_brands_categories_and_attributes(cases, name):
    """Text fields: entities and CDATA decoded; in every text field runs of whitespace become one space and leading and trailing whitespace goes; a variant takes the product's name, brand and category and its own color and size; parent_sku is the product's SKU."""
    out, truth = case(cases, name)
    fields = ["parent_sku", "name", "brand", "category", "color", "size"]
    compare(by_sku(products(out), fields), by_sku(truth["items"], fields), "text field")


@pytest.mark.parametrize("name", CASES)
def test_eur_prices(cases, name):
    """price_eur: the item's own price, else its product's; EUR first, else the first price in a currency with a rate, converted and rounded half-up to cents; amounts may use a decimal comma and spaces (also non-breaking ones) between thousands; only the current pricing namespace counts; the copy kept among duplicate SKUs is the latest updated (the first in the file on a tie)."""
    out, truth = case(cases, name)
    compare(by_sku(products(out), ["price_eur"]), by_sku(truth["items"], ["price_eur"]), "price_eur")


@pytest.mark.parametrize("name", CASES)
def test_stock_is_the_sum_of_the_items_own_warehouses(cases, name):
    """stock: the sum of the item's own stock lines over all warehouses; empty when it has none."""
    out, truth = case(cases, name)
    compare(by_sku(products(out), ["stock"]), by_sku(truth["items"], ["stock"]), "stock")


@pytest.mark.parametrize("name", CASES)
def test_rejects_csv(cases, name):
    """rejects.csv: header sku,reason, one row per item left out (discontinued, duplicate-sku, no-price), sorted by SKU then reason."""
    out, truth = case(cases, name)
    data, rows = read_csv(out / "rejects.csv")
    assert b"\r" not in data and rows[0] == ["sku", "reason"]
    want = [[r["sku"], r["reason"]] for r in truth["rejects"]]
    assert rows[1:] == want, f"{len(rows) - 1} rows, {len(want)} expected; first difference: " + str(
        next(((a, b) for a, b in zip(rows[1:], want) if a != b), None))


@pytest.mark.parametrize("name", CASES)
def test_catalog_xml_is_valid_against_the_shop_schema(cases, name):
    """catalog.xml validates against /app/schema/shop-catalog.xsd."""
    out, _ = case(cases, name)
    run = subprocess.run(["xmllint", "--noout", "--schema", "/app/schema/shop-catalog.xsd", str(out / "catalog.xml")],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-1500:]


@pytest.mark.parametrize("name", CASES)
def test_catalog_xml_holds_the_same_items_as_the_csv(cases, name):
    """catalog.xml: the export's exported time stamp, items = their number, one item per kept row in the same order, optional elements left out when empty, price in EUR."""
    from lxml import etree

    out, truth = case(cases, name)
    root = etree.parse(str(out / "catalog.xml")).getroot()
    assert root.tag == f"{{{SHOP}}}catalog"
    assert root.get("exported") == "2026-12-04T21:00:00Z"
    items = root.findall(f"{{{SHOP}}}item")
    assert root.get("items") == str(len(items)) == str(len(truth["items"]))
    got = []
    for it in items:
        row = {"sku": it.get("sku"), "parent_sku": it.get("parent", "")}
        for field in ["name", "brand", "category", "color", "size", "stock"]:
            el = it.find(f"{{{SHOP}}}{field}")
            row[field] = "" if el is None else el.text
        row["price_eur"] = it.find(f"{{{SHOP}}}price").text
        got.append(row)
    assert [g["sku"] for g in got] == [t["sku"] for t in truth["items"]], "items differ from the kept rows or their order"
    compare(by_sku(got, COLUMNS), by_sku(truth["items"], COLUMNS), "XML item")


def test_malformed_catalog_is_refused_with_status_2(tmp_path):
    """A catalog that is not well-formed XML: one line 'error: ...' on stderr, exit status 2, nothing written, no traceback."""
    good = Path("/app/export/catalog.xml").read_text(encoding="utf-8")
    bad = tmp_path / "broken.xml"
    bad.write_text(good[: len(good) // 3], encoding="utf-8")
    run = subprocess.run([TOOL, str(bad), str(tmp_path / "out")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, (run.returncode, run.stderr[-500:])
    assert "error:" in run.stderr and "Traceback" not in run.stderr, run.stderr[-500:]
    written = [p.name for p in (tmp_path / "out").glob("*")] if (tmp_path / "out").exists() else []
    assert not written, written


def test_export_and_schema_left_as_they_were():
    """/app/export/ and /app/schema/ are left as they are."""
    want = (HERE / "inputs.sha256").read_text().split("\n")
    for line in filter(None, want):
        digest, path = line.split(None, 1)
        assert hashlib.sha256(Path(path.strip()).read_bytes()).hexdigest() == digest, path
    assert sorted(str(p) for p in Path("/app/export").iterdir()) == ["/app/export/catalog.xml"]
